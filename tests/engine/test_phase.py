"""Phases: parsing, moons, cycles and game order (SPEC §1.2)."""
import pytest

from engine.names import Moon
from engine.phase import PhaseId


def test_parse_and_print():
    assert str(PhaseId.parse("night 4")) == "night 4"
    assert str(PhaseId.parse("День 2")) == "day 2"
    with pytest.raises(ValueError):
        PhaseId.parse("evening 1")
    with pytest.raises(ValueError):
        PhaseId.parse("night 0")


@pytest.mark.parametrize("n, moon", [(1, Moon.NEW), (2, Moon.HALF), (3, Moon.FULL), (4, Moon.NEW), (9, Moon.FULL)])
def test_moon_cycle(n, moon):
    """«Игра начинается с Новолуния, потом ночи меняются в указанном порядке.»"""
    assert PhaseId.parse(f"night {n}").moon is moon


def test_game_order_is_night_then_day():
    order = ["night 1", "day 1", "night 2", "day 2", "night 3"]
    phases = [PhaseId.parse(p) for p in order]
    assert sorted(reversed(phases)) == phases
    assert PhaseId.parse("night 2") > PhaseId.parse("day 1")
    assert PhaseId.parse("day 2") > PhaseId.parse("night 2")
    assert max(phases) == PhaseId.parse("night 3")
    assert [str(p.next()) for p in phases[:2]] == ["day 1", "night 2"]
