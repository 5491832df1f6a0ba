"""README «Layout»'s worked example: a role with memory added in three places, its module
(here tests/engine/newrole/chronicler.py), its name in engine/names.py and its module in
engine/abilities/__init__.py's MODULES, the last two done here by `new_role` for the test.
The engine's resolvers, state and API are not touched: the role plays, remembers across
phases in its own state slot, and the state it was given is never changed."""
from __future__ import annotations

import importlib.util
from collections import defaultdict
import sys
from pathlib import Path

import pytest

from engine import events as ev
from engine import names
from engine.abilities import registry
from engine.orders import Order
from engine.phase import PhaseId
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game

HERE = Path(__file__).resolve().parent


@pytest.fixture
def new_role(monkeypatch):
    """The two product lines of a new role, for this test only: its name and faction
    (engine/names.py) and its module among the abilities (engine/abilities/__init__.py)."""
    monkeypatch.setitem(names.SECRET_ROLE_FACTIONS, "Летописец", names.Faction.LAW)
    monkeypatch.setitem(names._SECRET, names.fold("Летописец"), "Летописец")
    # the registry as it was: the module's hooks and row are gone after the test
    monkeypatch.setattr(registry, "HOOKS", list(registry.HOOKS))
    monkeypatch.setattr(registry, "JOINS", defaultdict(set, {k: set(v) for k, v in registry.JOINS.items()}))
    monkeypatch.setattr(registry, "_BY_KEY", dict(registry._BY_KEY))
    monkeypatch.setattr(registry, "_ORDER", dict(registry._ORDER))
    spec = importlib.util.spec_from_file_location("chronicler", HERE / "newrole" / "chronicler.py")
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "chronicler", module)
    spec.loader.exec_module(module)
    registry.install(module.SPECS)
    return module


def _game():
    seats = [Seat("Аня", "Мэр", "Летописец"), Seat("Боря", "Вор", "Бес"),
             Seat("Вера", "Лекарь", "Мирный житель"), Seat("Гена", "Богач", "Зомби")]
    state, _events = new_game(seats, {}, Rulings())
    return state


def _learned(events):
    return [(e.to, dict(e.fact)) for e in events if isinstance(e, ev.Learned)]


def test_the_new_role_plays_and_remembers_across_phases(new_role):
    start = _game()
    chronicle = Order("Аня", "Хроника", target="Боря")
    night1 = resolve(start, PhaseId.parse("night 1"), [chronicle])
    assert [type(e) for e in night1.events if isinstance(e, (ev.Accepted, ev.Rejected))] == [ev.Accepted]
    assert _learned(night1.events) == []   # the first time: written down only
    assert night1.state.of(new_role.Chronicle).written == {"Аня": ("Боря",)}
    assert start.of(new_role.Chronicle).written == {}   # the given state is never changed

    day1 = resolve(night1.state, PhaseId.parse("day 1"), [])
    night2 = resolve(day1.state, PhaseId.parse("night 2"), [chronicle])
    assert _learned(night2.events) == [("Аня", {"about": "Боря", "secret": "Бес"})]
    assert night2.state.of(new_role.Chronicle).written == {"Аня": ("Боря", "Боря")}


def test_the_new_role_is_refused_like_any_other(new_role):
    """The common refusals read its spec row: «любого другого персонажа» refuses oneself."""
    result = resolve(_game(), PhaseId.parse("night 1"), [Order("Аня", "Хроника", target="Аня")])
    [rejected] = [e for e in result.events if isinstance(e, ev.Rejected)]
    assert rejected.reason.value == "target_self"


def test_without_its_two_lines_the_role_is_unknown():
    """The fixture's two lines are what makes it a role: without them it is refused at the deal."""
    from engine.setup import SetupError

    with pytest.raises(SetupError, match="Летописец"):
        _game()


def test_the_readme_shows_the_example_as_it_is():
    """README «Adding a role with memory» quotes the module: its excerpt is the module's text."""
    readme = (HERE.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Adding a role with memory", 1)[1]
    excerpt = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert excerpt.strip() and excerpt in (HERE / "newrole" / "chronicler.py").read_text(encoding="utf-8")
    for path in ("engine/names.py", "engine/abilities/__init__.py", "tests/engine/newrole/chronicler.py"):
        assert path in section and (HERE.parents[1] / path).exists(), path
