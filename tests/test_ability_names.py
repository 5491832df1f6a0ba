"""An ability's rule in one file (issue 16): what the order parser, the memo, the tally and
the rest need of an ability is read from its module (its spec row, `WORDS`, `RULINGS`,
its hooks), not written again where it is used.

A *naming* is a string constant whose whole value is an ability's name or alias (case and
«ё» folded): `spec.name == "Кража"`, `night.live_actions("Порча")`, a table keyed by names.
Prose that mentions an ability (a ruling's question, a message to a player, a docstring)
is no naming. Every ability may be named in at most MAX_FILES product files (its module
and two more, for an interaction another ability's rule states by name); ALLOWED lists the
exceptions, each with its reason and the number of files it may not exceed.
`python tests/test_ability_names.py` prints every ability with the files that name it.
"""
from __future__ import annotations

import ast
import re
from functools import lru_cache
from pathlib import Path

from engine.abilities import ABILITIES, WORDS
from engine.names import fold

ROOT = Path(__file__).resolve().parents[1]
PRODUCT = ("engine", "config", "scraper", "publisher", "gorod")
MAX_FILES = 3

# ability: (at most this many files, why it is named in more than MAX_FILES)
ALLOWED: dict[str, tuple[int, str]] = {}


def _files() -> list[Path]:
    return [p for part in PRODUCT for p in sorted((ROOT / part).rglob("*.py"))]


def _constants(path: Path) -> list[ast.Constant]:
    return [n for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _docstrings(tree: ast.AST) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


@lru_cache(maxsize=1)
def naming_files() -> dict[str, list[str]]:
    """For each ability, the product files that name it by a string literal."""
    values = {str(p.relative_to(ROOT)): {fold(c.value) for c in _constants(p)} for p in _files()}
    out = {}
    for spec in ABILITIES:
        keys = {fold(name) for name in (spec.name, *spec.aliases)}
        out[spec.name] = sorted(f for f, found in values.items() if found & keys)
    return out


def test_every_ability_is_named_in_at_most_three_product_files():
    over = {name: files for name, files in naming_files().items()
            if len(files) > ALLOWED.get(name, (MAX_FILES, ""))[0]}
    assert not over, "\n".join(f"{name} ({len(files)}): {', '.join(files)}" for name, files in over.items())


def test_the_allowlist_holds_only_abilities_that_need_it():
    named = naming_files()
    for name, (limit, why) in ALLOWED.items():
        assert name in named, f"{name}: no such ability"
        assert why.strip(), name
        assert len(named[name]) > MAX_FILES, f"{name} is named in {len(named[name])} files: drop it from ALLOWED"
        assert len(named[name]) >= limit, f"{name}: lower its limit to {len(named[name])}"


def test_an_ability_is_named_in_its_own_module():
    """The counting sees a name where it is: each orderable ability's module names it."""
    named = naming_files()
    for spec in ABILITIES:
        assert any(f.startswith("engine/abilities/") for f in named[spec.name]), spec.name


def test_the_order_parser_names_no_ability():
    """scraper/ reads every ability from the registry: no string of its code (docstrings
    aside) contains an ability's name, the vote's included (`result.VOTE` is the ability of
    the vote's shape)."""
    names = sorted({n for spec in ABILITIES for n in (spec.name, *spec.aliases)}, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")
    found = []
    for path in sorted((ROOT / "scraper").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                match = pattern.search(node.value)
                if match:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}: «{match.group()}»")
    assert not found, "\n".join(found)


def test_every_orderable_ability_has_its_words_in_its_module():
    for spec in ABILITIES:
        if spec.orderable:
            assert spec.name in WORDS, spec.name


def test_the_pigeon_is_in_at_most_three_product_files():
    """The issue's own measure: «Голубиная почта» or «pigeon» anywhere in a product file
    (code, prose, comments) — its module, the registry's list of modules, and the Дозор's
    module (whose A47 ruling `watch_counts_pigeon` asks whether pigeons count)."""
    pattern = re.compile(r"Голубин|pigeon", re.IGNORECASE)
    files = [str(p.relative_to(ROOT)) for p in _files() if pattern.search(p.read_text(encoding="utf-8"))]
    assert len(files) <= 3, files
    assert "engine/abilities/pigeon.py" in files


if __name__ == "__main__":
    # `python tests/test_ability_names.py`: every ability and the product files that name it.
    for name, files in sorted(naming_files().items(), key=lambda item: -len(item[1])):
        print(f"{len(files):3d}  {name}: {', '.join(files)}")
