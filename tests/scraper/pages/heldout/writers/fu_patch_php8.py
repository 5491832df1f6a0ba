"""FUDforum 3.1.0 (2020) still reads string offsets with braces (`$s{0}`), a parse error since
PHP 8.0: every such offset becomes `$s[0]`, in the compiled theme and admin pages and in the
template sources (so a recompiled theme keeps it). Only lines `php -l` rejects, or that hold the
same shape in the sources, are touched; run until every file lints.
Second, PHP 8.1 made mysqli throw on a failed query, where FUDforum's db_li() expects false (it
inserts and ignores a duplicate, e.g. a member's second subscription to a topic): reports off
before each `new mysqli(`."""
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '/work/lab/own-heldout6')
# a variable (with ->props and [..] indexes) directly followed by a brace offset
OFFSET = re.compile(r"(\$\w+(?:->\w+)*(?:\[[^\]\[]*\])*)\{([^{}\n]*)\}")


def fix_line(line):
    return OFFSET.sub(lambda m: f"{m.group(1)}[{m.group(2)}]", line)


def lint(path):
    out = subprocess.run(['php', '-l', str(path)], capture_output=True, text=True)
    out = out.stdout + out.stderr
    m = re.search(r'curly braces is no longer supported in .* on line (\d+)', out)
    return int(m.group(1)) if m else None


compiled = [*ROOT.glob('www/theme/*/*.php'), *ROOT.glob('www/adm/*.php'), *ROOT.glob('www/*.php'),
            *ROOT.glob('data/include/*.inc'), *ROOT.glob('data/include/theme/*/*.inc'), *ROOT.glob('data/scripts/*.php')]
fixed = 0
for path in compiled:
    while (n := lint(path)) is not None:
        lines = path.read_bytes().decode('latin-1').split('\n')
        new = fix_line(lines[n - 1])
        if new == lines[n - 1]:
            sys.exit(f'{path}:{n}: cannot fix {lines[n - 1].strip()!r}')
        lines[n - 1] = new
        path.write_bytes(('\n'.join(lines)).encode('latin-1'))
        fixed += 1
for path in ROOT.glob('data/src/*.t'):
    text = path.read_bytes().decode('latin-1')
    lines = text.split('\n')
    for k, line in enumerate(lines):
        if '{' in line and OFFSET.search(line) and not line.lstrip().startswith(('{', '<')):
            cand = fix_line(line)
            # template markup like {TEMPLATE: x} or {VAR: x} never follows a $name directly
            if cand != line and not re.search(r'\$\w+\{[A-Z_]+:', line):
                lines[k] = cand
                fixed += 1
    path.write_bytes(('\n'.join(lines)).encode('latin-1'))
MYSQLI = 'db::$db = new mysqli('
for path in [*ROOT.glob('www/*.php'), *ROOT.glob('data/sql/mysqli/*.inc'), ROOT / 'data/src/db.inc.t',
             *ROOT.glob('data/include/theme/*/db.inc')]:
    text = path.read_bytes().decode('latin-1')
    if MYSQLI in text and 'mysqli_report(MYSQLI_REPORT_OFF)' not in text:
        path.write_bytes(text.replace(MYSQLI, 'mysqli_report(MYSQLI_REPORT_OFF); ' + MYSQLI).encode('latin-1'))
        fixed += 1
print('fixed', fixed, 'lines')
