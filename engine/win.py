"""Victory (SPEC §5): an ordered list of named checks, the first that decides wins.

«Нежить достигает победы, когда уничтожает всех Демонов и Законников. Демоны
достигают победы, когда уничтожают всю Нежить и Законников. Законники достигают
победы, если убивают всех Нежить и Демонов. Нейтралы могут достигнуть победы с
помощью своих особых способностей.» Тюрьма «считается мертвым, если речь заходит
об условиях победы и поражения».
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.names import Faction
from engine.state import GameState

GANGS = (Faction.UNDEAD, Faction.DEMONS, Faction.LAW)


@dataclass(frozen=True)
class Outcome:
    winner: str | None
    game_over: bool
    rule: str


def _factions(state: GameState) -> Outcome | None:
    rulings = state.rulings
    active = [p for p in state.players.values() if p.active]
    present = {p.faction for p in state.players.values()}
    for gang in GANGS:
        members = [p for p in active if p.faction is gang]
        if rulings["win_needs_active_member"] and not members:
            continue
        if not rulings["win_needs_active_member"] and gang not in present:
            continue
        others = [p for p in active if p.faction in GANGS and p.faction is not gang]
        if not rulings["absent_faction_destroyed"]:
            missing = [g for g in GANGS if g is not gang and g not in present]
            if missing:
                continue
        if not others:
            return Outcome(gang.value, True, f"победа группировки {gang.value}")
    return None


def _nobody(state: GameState) -> Outcome | None:
    if not any(p.active for p in state.players.values()):
        return Outcome(None, True, "никого не осталось в игре")
    return None


# The checks of the factions and of nobody left, after the neutrals' own (`registry.win`
# hooks: the Тварь's Уничтожай and Раздражай; the Мастер карт's Раскрыть карты decides
# at once, engine/abilities/card_master.py).
CHECKS: tuple[Callable[[GameState], Outcome | None], ...] = (_factions, _nobody)


def outcome(state: GameState) -> Outcome:
    from engine.abilities import registry

    for neutral in registry.WIN.fns():
        won = neutral(state)
        if won is not None:
            return Outcome(*won)
    for check in CHECKS:
        result = check(state)
        if result is not None:
            return result
    return Outcome(None, False, "игра продолжается")
