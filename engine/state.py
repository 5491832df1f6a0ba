"""The game state: what every player has (roles, lives, statuses, the uses of his
abilities) and one slot per ability for what that ability remembers across phases.

`GameState` names no ability's data: an ability module declares its frozen state class
(`engine/abilities/lich.py`'s `Zombified`, `card_master.py`'s `Deck` …) and reads and
writes it as `state.of(Zombified)` / `state.put(...)`. The engine treats a `GameState` as
a value: `resolve()` works on a deep copy and returns a new state, never touching the one
it was given.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Sequence, TypeVar

from engine.names import (
    CIVILIAN, Faction, Status, faction_of,
)
from engine.phase import PhaseId

T = TypeVar("T")


@dataclass
class Prison:
    """Тюрьма: for life (Арест) or until the end of a given day (Темница, A72)."""
    for_life: bool
    release_after: PhaseId | None = None


@dataclass
class PlayerState:
    nick: str
    open_role: str | None
    secret_role: str
    lives: int
    lazaret: bool = False
    dead: bool = False
    left: bool = False                      # «покидает игру навсегда» (A63)
    prison: Prison | None = None
    held_roles: set[str] = field(default_factory=set)
    uses: dict[str, list[PhaseId]] = field(default_factory=dict)  # accepted uses
    start_lives: int = 2                    # for `heal_cap: starting_lives` (A10 b)

    # --- derived --------------------------------------------------------------------
    @property
    def faction(self) -> Faction:
        return faction_of(self.secret_role)

    @property
    def in_prison(self) -> bool:
        return self.prison is not None

    @property
    def active(self) -> bool:
        """Counts for victory: not on Кладбище, not in Тюрьма, not gone (SPEC §5)."""
        return not (self.dead or self.left or self.in_prison)

    @property
    def alive(self) -> bool:
        """Not on Кладбище (targets, «жива»); a prisoner is alive."""
        return not (self.dead or self.left)

    def status(self, precedence: Sequence[str] = ("Кладбище", "Тюрьма", "Лазарет")) -> Status:
        """The gravest status (A13 `status_precedence`): Кладбище > Тюрьма > Лазарет > none."""
        if self.left:
            return Status.LEFT
        held = {"Кладбище": self.dead, "Тюрьма": self.in_prison, "Лазарет": self.lazaret}
        for name in precedence:
            if held[name]:
                return Status(name)
        return Status.NONE

    def uses_of(self, ability: str) -> list[PhaseId]:
        return self.uses.setdefault(ability, [])


@dataclass
class DeathRecord:
    """What sent a player to the Кладбище, for Расследование (A61)."""
    phase: PhaseId
    killed_by: tuple[str, ...]


@dataclass
class GameState:
    players: dict[str, PlayerState]
    rulings: Any                                  # engine.rulings.Rulings
    phase: PhaseId | None = None                  # the last resolved phase
    deaths: dict[str, DeathRecord] = field(default_factory=dict)
    winner: str | None = None
    game_over: bool = False
    seed: int = 0
    # Each ability module's own memory across phases: one frozen value of its state class,
    # by that class (`of`, `put`); the engine names none of them (boardgame.io's plugin slots).
    slots: dict[type, Any] = field(default_factory=dict)

    def copy(self) -> "GameState":
        return copy.deepcopy(self)

    def of(self, kind: type[T]) -> T:
        """The ability's state of class `kind` (its empty value until the ability writes one)."""
        value = self.slots.get(kind)
        if value is None:
            return kind()
        assert isinstance(value, kind)
        return value

    def put(self, value: object) -> None:
        """Store an ability's new state (a frozen value: changed with `dataclasses.replace`)."""
        self.slots[type(value)] = value

    def player(self, nick: str) -> PlayerState:
        return self.players[nick]

    def holder_of_open(self, role: str) -> PlayerState | None:
        for p in self.players.values():
            if p.open_role == role:
                return p
        return None

    def holders_of_secret(self, role: str) -> list[PlayerState]:
        return [p for p in self.players.values() if p.secret_role == role]

    def order_index(self, nick: str) -> int:
        return list(self.players).index(nick)


__all__ = [
    "CIVILIAN", "DeathRecord", "GameState", "PlayerState", "Prison",
]
