"""Every part in its own room: imports go one way along the layer order, and no modules
import each other (directly or round a circle).

LAYERS is the one place the order of the parts is written (README's «Layout» points here),
GOROD_LAYERS the order of the rooms inside gorod/, the wiring. A part (a room) may import
only the parts (rooms) of lower layers; two of one layer (the scraper and the publisher;
the store and the scenarios) know nothing of each other. Imports are read with `ast` from
every module, lazy ones inside functions included, so a wrong-way import cannot hide in a
function.
"""
from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine",),                 # the rules: pure, imports no other part
    ("config",),                 # YAML configs and site profiles, validated (selectors compiled)
    ("scraper", "publisher"),    # reading the forum and orders / writing the drafts
    ("gorod",),                  # the wiring: store, loop, CLI, console, replay
)
LAYER_OF = {part: n for n, layer in enumerate(LAYERS) for part in layer}

GOROD_LAYERS: tuple[tuple[str, ...], ...] = (
    ("gorod", "gorod.store_posts", "gorod.ruling_proofs", "gorod.store_faults"),   # the package itself; the poller's tables; the rulings' proofs; the store's faults in Russian
    ("gorod.store", "gorod.scenarios", "gorod.tally"),   # the SQLite store; rules scenarios; the tally view
    ("gorod.replay",),                           # replaying an archived game (its `replay:` settings)
    ("gorod.loop",),                             # the game loop (checks the whole config at load)
    ("gorod.demo", "gorod.forumcheck"),          # the bundled demo; `gorod forum check`
    ("gorod.web",),                              # the GM's console
    ("gorod.help_ru",),                          # the command line in Russian (argparse, helps)
    ("gorod.commands",),                         # one module per subcommand
    ("gorod.cli",),
    ("gorod.__main__",),
)
GOROD_LAYER_OF = {room: n for n, layer in enumerate(GOROD_LAYERS) for room in layer}

# The engine's inner layers: values, then the state and the records, the API the abilities
# see, the registry, the abilities (each one module, reaching the others only through the
# API and the registry), the tables that gather them, the rules' checks, the resolvers.
ABILITY = "<an ability module>"   # engine.abilities.<x> and engine.abilities.cards.<x>
ENGINE_LAYERS: tuple[tuple[str, ...], ...] = (
    ("engine", "engine.names", "engine.orders", "engine.reasons", "engine.ruling_titles", "engine.support"),
    ("engine.phase", "engine.events", "engine.morph", "engine.abilities.spec", "engine.ruling_rows"),
    ("engine.state", "engine.actions"),          # what every player has; a phase's records
    ("engine.api",),                             # what an ability's hooks may do
    ("engine.abilities.registry",),              # the typed hook kinds, the spec rows, the deck
    (ABILITY,),                                  # one ability (or card) per module
    ("engine.abilities.cards",),                 # the deck's modules, gathered
    ("engine.abilities",),                       # every ability module, gathered
    ("engine.rulings", "engine.win", "engine.reading_fields"),   # §11's options and the fields
                                                 # their readings use, of every module; §5's checks
    ("engine.validate",),                        # shape and refusals of an order
    ("engine.context",),                         # what both resolvers share
    ("engine.night", "engine.day"),              # the resolvers
    ("engine.resolve", "engine.setup"),          # the entry points: a phase, a new game
    ("engine.preview",),                         # a dry run of the open phase
    ("engine.public_count",),                    # the day's count from public facts
)
ENGINE_LAYER_OF = {room: n for n, layer in enumerate(ENGINE_LAYERS) for room in layer}


def engine_room(module: str) -> str:
    if module in ENGINE_LAYER_OF:
        return module
    if module.startswith(("engine.abilities.", "engine.abilities.cards.")):
        return ABILITY
    return module


def room_of(module: str) -> str:
    """gorod's rooms are its first-level modules and packages."""
    parts = module.split(".")
    return ".".join(parts[:2])


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported_names(source: str, module: str, is_package: bool, known: set[str]) -> list[tuple[int, str]]:
    """(line, module) of every import in a module's source, at any depth of the tree.

    `from P import X` names P.X when that is a module, else P; relative imports are resolved."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = module.split(".") if is_package else module.split(".")[:-1]
                package = package[: len(package) - (node.level - 1)]
                base = ".".join(package + ([base] if base else []))
            for alias in node.names:
                full = f"{base}.{alias.name}"
                found.append((node.lineno, full if full in known else base))
    return found


def product_modules(root: Path = ROOT) -> dict[str, Path]:
    return {module_name(p, root): p for part in LAYER_OF for p in sorted((root / part).rglob("*.py"))}


def import_graph(modules: dict[str, Path]) -> dict[str, dict[str, int]]:
    """module -> {imported product module: line}, each import resolved to the nearest module."""
    known = set(modules)
    graph: dict[str, dict[str, int]] = {}
    for name, path in modules.items():
        edges: dict[str, int] = {}
        for line, target in imported_names(path.read_text(encoding="utf-8"), name,
                                           path.name == "__init__.py", known):
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def wrong_way(graph: dict[str, dict[str, int]], modules: dict[str, Path]) -> list[str]:
    out = []
    for name, edges in graph.items():
        where = modules[name].relative_to(ROOT) if modules[name].is_relative_to(ROOT) else name
        part = name.split(".")[0]
        for target, line in edges.items():
            other = target.split(".")[0]
            if other != part and LAYER_OF[other] >= LAYER_OF[part]:
                out.append(f"{where}:{line}: {part} (layer {LAYER_OF[part]}) imports {target} "
                           f"({other}, layer {LAYER_OF[other]})")
            elif other == part == "gorod":
                room, into = room_of(name), room_of(target)
                if room not in GOROD_LAYER_OF or into not in GOROD_LAYER_OF:
                    continue   # test_the_gorod_layers_name_every_room_of_gorod names it
                if room != into and GOROD_LAYER_OF[into] >= GOROD_LAYER_OF[room]:
                    out.append(f"{where}:{line}: {room} (gorod layer {GOROD_LAYER_OF[room]}) imports {target} "
                               f"({into}, gorod layer {GOROD_LAYER_OF[into]})")
    return out


def engine_wrong_way(graph: dict[str, dict[str, int]]) -> list[str]:
    """Inside engine/: a module imports only modules of lower engine layers (so no ability
    module imports another: they share one layer)."""
    out = []
    for name, edges in graph.items():
        if not name.startswith("engine"):
            continue
        room = engine_room(name)
        for target, line in edges.items():
            if not target.startswith("engine"):
                continue
            into = engine_room(target)
            if room not in ENGINE_LAYER_OF or into not in ENGINE_LAYER_OF:
                continue   # test_the_engine_layers_name_every_module_of_engine names it
            if ENGINE_LAYER_OF[into] >= ENGINE_LAYER_OF[room]:
                out.append(f"{name}:{line}: {room} (engine layer {ENGINE_LAYER_OF[room]}) imports "
                           f"{target} ({into}, engine layer {ENGINE_LAYER_OF[into]})")
    return out


def circles(graph: dict[str, dict[str, int]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan, iteratively)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(graph.get(target, {}))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


# ---------------------------------------------------------------- the product


def test_the_layers_name_every_top_level_package():
    packages = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    assert {p.rstrip("*") for p in packages["include"]} == set(LAYER_OF)
    on_disk = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert on_disk - {"tests"} == set(LAYER_OF), "a new top-level package needs a place in LAYERS"


def test_the_gorod_layers_name_every_room_of_gorod():
    rooms = {room_of(name) for name in product_modules() if name.split(".")[0] == "gorod"}
    assert rooms == set(GOROD_LAYER_OF), "a new module or package of gorod/ needs a place in GOROD_LAYERS"


def test_the_engine_layers_name_every_module_of_engine():
    rooms = {engine_room(name) for name in product_modules() if name.split(".")[0] == "engine"}
    assert rooms == set(ENGINE_LAYER_OF), "a new module of engine/ needs a place in ENGINE_LAYERS"


def test_imports_go_one_way_along_the_engine_layers():
    assert engine_wrong_way(import_graph(product_modules())) == []


def test_imports_go_one_way_along_the_layers():
    modules = product_modules()
    assert wrong_way(import_graph(modules), modules) == []


def test_no_modules_import_each_other():
    assert circles(import_graph(product_modules())) == []


# ---------------------------------------------------------------- the checks can fail


def _tree(tmp_path: Path, files: dict[str, str]) -> dict[str, Path]:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return {module_name(p, tmp_path): p for p in sorted(tmp_path.rglob("*.py"))}


@pytest.mark.parametrize("source, expected", [
    ("from gorod.store import Store\n", "gorod.store"),
    ("def read():\n    import publisher.render\n", "publisher.render"),          # lazy, same layer
    ("class A:\n    def f(self):\n        from gorod import store\n", "gorod.store"),
])
def test_a_wrong_way_import_is_found(tmp_path, source, expected):
    modules = _tree(tmp_path, {
        "scraper/__init__.py": "", "scraper/poll.py": source,
        "gorod/__init__.py": "", "gorod/store.py": "",
        "publisher/__init__.py": "", "publisher/render.py": "",
    })
    [message] = wrong_way(import_graph(modules), modules)
    assert message.startswith("scraper.poll:") and f"imports {expected}" in message


def test_a_wrong_way_import_inside_gorod_is_found(tmp_path):
    modules = _tree(tmp_path, {
        "gorod/__init__.py": "", "gorod/loop/__init__.py": "",
        "gorod/loop/intake.py": "def take():\n    from gorod.web.app import Console\n",
        "gorod/web/__init__.py": "", "gorod/web/app.py": "from gorod.loop import intake\n",
    })
    [message] = wrong_way(import_graph(modules), modules)
    assert message.startswith("gorod.loop.intake:") and "imports gorod.web.app" in message


def test_a_downward_import_is_fine(tmp_path):
    modules = _tree(tmp_path, {
        "engine/__init__.py": "", "engine/names.py": "",
        "scraper/__init__.py": "", "scraper/x.py": "from ..engine import names\nimport engine.names\n",
    })
    assert wrong_way(import_graph(modules), modules) == []


def test_an_ability_module_importing_another_is_found(tmp_path):
    modules = _tree(tmp_path, {
        "engine/__init__.py": "", "engine/api.py": "", "engine/abilities/__init__.py": "",
        "engine/abilities/lich.py": "from engine.api import VOTE\nfrom engine.abilities.gypsy import passives_off\n",
        "engine/abilities/gypsy.py": "",
    })
    [message] = engine_wrong_way(import_graph(modules))
    assert message.startswith("engine.abilities.lich:2:") and "imports engine.abilities.gypsy" in message


def test_a_circle_is_found(tmp_path):
    modules = _tree(tmp_path, {
        "scraper/__init__.py": "",
        "scraper/extract.py": "from scraper.detect import detect\n",
        "scraper/detect.py": "def detect():\n    from . import extract\n",
        "scraper/text.py": "from scraper import extract\n",
    })
    assert circles(import_graph(modules)) == [["scraper.detect", "scraper.extract"]]
