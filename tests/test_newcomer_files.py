"""What a newcomer has to read to understand one ability: the product files that name it,
counted by what they use of it, not only by its name's string literals
(tests/test_ability_names.py counts those):
- a string literal that is its name or an alias (code, templates, the config's YAML);
- an import of its module (any of its identifiers, classes, its state class);
- an order field only it reads, read off an order: by key (`order.arg("signal")` is
  Зомбирование's) or off its arguments (`order.args.signal`). Since issue 28 item 3 an `Order`
  holds no such field itself, so `o.text` is not one: there `o` is another thing (the loop's
  `OrderRow`, whose `text` is the stored order's whole line).

Every ability is in at most MAX_FILES of them: its module, the list of modules
(engine/abilities/__init__.py) and at most two more. ALLOWED lists the exceptions with
their reason and a ceiling that may only go down. `python tests/test_newcomer_files.py`
prints every ability with its files.
"""
from __future__ import annotations

import ast
import sys
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine.abilities import ABILITIES, MODULES  # noqa: E402
from engine.abilities.spec import Field  # noqa: E402
from engine.names import fold  # noqa: E402
from test_layers import import_graph, product_modules  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("engine", "config", "scraper", "publisher", "gorod")
TEXT_SUFFIXES = (".j2", ".html", ".yaml")     # templates and the shipped configs
DATA = ("gorod/data/",)   # saved games and the rulings' proof table: data, not product text
MAX_FILES = 4

# ability: (ceiling, why)
ALLOWED: dict[str, tuple[int, str]] = {}

_ATTR = {Field.AS: "as_card", Field.LIST: "reveal_list"}


def _an_order(node: ast.AST) -> bool:
    """`order`, `raw`, `event.order`: what names an order."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return "order" in name or name in ("o", "raw", "canonical")


def _its_args(node: ast.AST) -> bool:
    """`order.args`, `raw.args`: an order's arguments (engine/orders.py `Args`)."""
    return isinstance(node, ast.Attribute) and node.attr == "args" and _an_order(node.value)


def _an_arg_read(node: ast.AST) -> bool:
    """`order.arg("signal")`: an argument read off an order by its key (engine/orders.py)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "arg"
            and _an_order(node.func.value) and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str))


def _field_reads(tree: ast.AST) -> set[str]:
    """The order fields a module reads: off an order's arguments, or by key."""
    return ({n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and _its_args(n.value)}
            | {n.args[0].value for n in ast.walk(tree) if _an_arg_read(n)})


def _trees() -> dict[str, ast.AST]:
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text(encoding="utf-8"))
            for p in product_modules().values()}


@lru_cache(maxsize=1)
def newcomer_files() -> dict[str, list[str]]:
    modules = product_modules()
    graph = import_graph(modules)
    trees = _trees()
    literals = {f: {fold(n.value) for n in ast.walk(t) if isinstance(n, ast.Constant) and isinstance(n.value, str)}
                for f, t in trees.items()}
    attrs = {f: _field_reads(t) for f, t in trees.items()}
    texts = {str(p.relative_to(ROOT)): fold(p.read_text(encoding="utf-8"))
             for part in PARTS for p in (ROOT / part).rglob("*")
             if p.is_file() and p.suffix in TEXT_SUFFIXES
             and not str(p.relative_to(ROOT)).startswith(DATA)}
    home = {spec.name: module.__name__ for module in MODULES for spec in module.SPECS}
    users: dict[str, int] = {}
    for spec in ABILITIES:
        for f in (*spec.fields, *spec.optional):
            users[f.value] = users.get(f.value, 0) + 1
    out: dict[str, list[str]] = {}
    for spec in ABILITIES:
        keys = {fold(n) for n in (spec.name, *spec.aliases)}
        module = home[spec.name]
        own = {k for f in (*spec.fields, *spec.optional) if users[f.value] == 1 for k in (f.value, _ATTR.get(f, f.value))}
        files = {str(modules[module].relative_to(ROOT))}
        files |= {f for f, found in literals.items() if found & keys}
        files |= {str(modules[n].relative_to(ROOT)) for n, edges in graph.items() if module in edges}
        files |= {f for f, found in attrs.items() if found & own}
        files |= {f for f, text in texts.items() if any(k in text for k in keys)}
        out[spec.name] = sorted(files)
    return out


def test_no_ability_is_in_more_product_files_than_allowed():
    over = {name: files for name, files in newcomer_files().items()
            if len(files) > ALLOWED.get(name, (MAX_FILES, ""))[0]}
    assert not over, "\n".join(f"{n} ({len(f)}): {', '.join(f)}" for n, f in over.items())


def test_the_allowlist_only_goes_down():
    found = newcomer_files()
    for name, (ceiling, why) in ALLOWED.items():
        assert why.strip() and name in found, name
        assert len(found[name]) > MAX_FILES, f"{name} is in {len(found[name])} files: drop it from ALLOWED"
        assert len(found[name]) == ceiling, f"{name}: in {len(found[name])} files, lower its ceiling"


def test_the_count_sees_more_than_literals(tmp_path):
    """A module's import and an own field's attribute count, not only its name in quotes."""
    found = newcomer_files()
    assert "engine/abilities/__init__.py" in found["Кража"]          # imports thief
    assert "scraper/orders/memo.py" in found["Зомбирование"]          # order.arg('signal')


def test_an_order_field_is_read_off_the_order_not_off_a_stored_row():
    reads = _field_reads(ast.parse("a = order.arg('text'); b = raw.args.mode; c = o.text; d = row.arg('card')"))
    assert reads == {"text", "mode"}   # `o.text`: the loop's OrderRow (its whole line), no order field


if __name__ == "__main__":
    for name, files in sorted(newcomer_files().items(), key=lambda item: -len(item[1])):
        print(f"{len(files):3d}  {name}: {', '.join(files)}")
