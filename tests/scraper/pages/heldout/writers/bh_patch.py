"""Make Beehive Forum 1.5.2 (git master of 2021, written for PHP 7) compile on PHP 8.2, as little
as it takes: `php -l` every file, and fix only what it refuses (curly-brace string offsets, the
unparenthesised nested ternaries PHP 7 read left to right, HTML Purifier's `__autoload`); and
show a guest 10 posts a page (a guest has no preferences: messages.php hard-codes 20 for them,
a member picks 10, 20 or 30).

    python bh_patch.py FORUM_DIR
"""
import re
import subprocess
import sys
from pathlib import Path

CURLY = re.compile(r'(\$\w+(?:->\w+|\[[^\]\n]*\])*)\{([^{}\n]+?)\}')
# `(c1) ? x : (c2) ? y : z`, PHP 7's `((c1) ? x : (c2)) ? y : z`
PAREN = r'\((?:[^()]|\((?:[^()]|\([^()]*\))*\))*\)'
NESTED = re.compile(r'(' + PAREN + r' \? [^?:,]+ : ' + PAREN + r') \?')
# PHP 7 read `a ? b : c ? d : e` as `(a ? b : c) ? d : e`: the same meaning, spelt out.
TERNARY = [
    ("isset($closed) ? $closed == 'Y' : isset($thread_data['CLOSED']) && $thread_data['CLOSED'] > 0 ? true : false",
     "(isset($closed) ? $closed == 'Y' : isset($thread_data['CLOSED']) && $thread_data['CLOSED'] > 0) ? true : false"),
    ("isset($sticky) ? $sticky == 'Y' : isset($thread_data['STICKY']) && $thread_data['STICKY'] == \"Y\" ? true : false",
     "(isset($sticky) ? $sticky == 'Y' : isset($thread_data['STICKY']) && $thread_data['STICKY'] == \"Y\") ? true : false"),
    ("(isset($_POST['t_access']) && is_numeric($_POST['t_access'])) ? $forum_data['ACCESS_LEVEL'] : (isset($forum_data['ACCESS_LEVEL']) && is_numeric($forum_data['ACCESS_LEVEL'])) ? $forum_data['ACCESS_LEVEL'] : 0",
     "((isset($_POST['t_access']) && is_numeric($_POST['t_access'])) ? $forum_data['ACCESS_LEVEL'] : (isset($forum_data['ACCESS_LEVEL']) && is_numeric($forum_data['ACCESS_LEVEL']))) ? $forum_data['ACCESS_LEVEL'] : 0"),
]


def lint(path):
    r = subprocess.run(['php', '-l', str(path)], capture_output=True, text=True)
    return None if r.returncode == 0 else (r.stderr or r.stdout)


def fix_autoload(root):
    p = root / 'include/htmlpurifier/HTMLPurifier.autoload.php'
    s = p.read_text()
    if "function __autoload" in s:
        a = s.index("} elseif (!function_exists('__autoload')) {")
        b = s.index("if (ini_get('zend.ze1")
        p.write_text(s[:a] + "}\n\n" + s[b:])


def fix(path):
    for _ in range(50):
        err = lint(path)
        if not err:
            return True
        m = re.search(r'on line (\d+)', err)
        lines = path.read_text(encoding='latin-1').split('\n')
        n = int(m.group(1)) - 1
        old = lines[n]
        if 'curly braces' in err:
            lines[n] = CURLY.sub(r'\1[\2]', old)
        elif 'Unparenthesized' in err:
            for a, b in TERNARY:
                lines[n] = lines[n].replace(a, b)
            if lines[n] == old:
                lines[n] = NESTED.sub(r'(\1) ?', old, count=1)
        if lines[n] == old:
            print('cannot fix', path, err.strip()[:300])
            return False
        path.write_text('\n'.join(lines), encoding='latin-1')
        print('fixed', path, n + 1)
    return False


def drop_curl(root):
    # curl is only for StopForumSpam look-ups (off here: nothing leaves 127.0.0.1); this PHP has none
    p = root / 'include/constants.inc.php'
    p.write_text(p.read_text().replace("'curl,date,", "'date,"))


if __name__ == '__main__':
    root = Path(sys.argv[1])
    fix_autoload(root)
    drop_curl(root)
    # the tree ships its Docker set-up's config (host "mysql"): the installer writes ours
    (root / 'include/config.inc.php').unlink(missing_ok=True)
    p = root / 'messages.php'
    s = p.read_text()
    old = "} else {\n    $posts_per_page = 20;\n}"
    if old in s:
        p.write_text(s.replace(old, "} else {\n    $posts_per_page = 10;\n}", 1))
    for p in sorted(root.rglob('*.php')):
        if 'ckeditor' not in p.parts and lint(p):
            fix(p)
