"""The game state: players, statuses, lives, counters, cards, pending effects.

The engine treats a `GameState` as a value: `resolve()` works on a deep copy
and returns a new state, never touching the one it was given.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.names import (
    CIVILIAN, FORMER_MAYOR, Faction, Status, faction_of,
)
from engine.orders import Order, ZombieCommand
from engine.phase import PhaseId


@dataclass
class Prison:
    """Тюрьма: for life (Арест) or until the end of a given day (Темница, A72)."""
    for_life: bool
    release_after: PhaseId | None = None


@dataclass
class ShulerWindow:
    """Пятерка Бубен / Крестей: «в течение суток (ночь, день) с момента броска» (A77)."""
    card: str
    phases: tuple[PhaseId, ...]   # the phases it covers (A77 `shuler_window`)
    by: str


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
    mask: str | None = None                 # Тварь / Инквизитор
    held_roles: set[str] = field(default_factory=set)
    uses: dict[str, list[PhaseId]] = field(default_factory=dict)  # accepted uses
    saved_votes: int = 0                    # Сплетник's «копилка»
    blessing_used: bool = False
    circle_consumed_night: int | None = None
    revived_night: int | None = None
    silenced: bool = False                  # Туз Бубен, for the rest of the game
    shuler: list[ShulerWindow] = field(default_factory=list)
    hand: list[str] = field(default_factory=list)  # Мастер карт
    former_mayor: bool = False
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

    def status(self, precedence=("Кладбище", "Тюрьма", "Лазарет")) -> Status:
        """The gravest status (A13 `status_precedence`): Кладбище > Тюрьма > Лазарет > none."""
        if self.left:
            return Status.LEFT
        held = {"Кладбище": self.dead, "Тюрьма": self.in_prison, "Лазарет": self.lazaret}
        for name in precedence:
            if held[name]:
                return Status(name)
        return Status.NONE

    def shown_open_role(self) -> str | None:
        if self.open_role is None and self.former_mayor:
            return FORMER_MAYOR
        return self.open_role

    def apparent_role(self) -> str:
        """What every role check sees (SPEC §6.3): the mask while the player holds a role that
        chooses one (a `mask` setup choice: Приспосабливайся, the Инквизитор's), else the real role."""
        from engine.abilities.registry import setup_choices

        if self.mask and any(h.label == self.secret_role for h in setup_choices("mask")):
            return self.mask
        return self.secret_role

    def uses_of(self, ability: str) -> list[PhaseId]:
        return self.uses.setdefault(ability, [])


@dataclass
class ThrownCard:
    """A card thrown by the Мастер карт, waiting for (or acting in) its night."""
    card: str                 # the card as named in the hand (Джокер stays Джокер)
    acts_as: str              # the effect: the card itself, or what a Джокер imitates
    by: str
    targets: tuple[str, ...]
    roles: tuple[str, ...] = ()
    thrown: PhaseId | None = None
    night: int = 1            # the night it acts in
    order: Order | None = None


@dataclass
class ZombieImplant:
    """Зомбирование: the command written into the zombified player's mind (§6.5)."""
    lich: str
    target: str
    command: ZombieCommand
    order: Order
    fired: bool = False
    holder_at_implant: str | None = None   # for zombie_target_by_open_role_at_execution: false


@dataclass
class Hunt:
    """A Укус that may be followed by Гон the next night (A42)."""
    hound: str
    victim: str
    night: int
    order: Order
    unlocked: bool = False   # Гон's condition on the night of the Укус (A42 3 b)


@dataclass
class DeathRecord:
    """What sent a player to the Кладбище, for Расследование (A61)."""
    phase: PhaseId
    killed_by: tuple[str, ...]


@dataclass
class DayMarks:
    """Effects that hold on one day, set by the night before it (SPEC N22, D0)."""
    day: int = 0
    robbed: set[str] = field(default_factory=set)          # Кража
    touched: set[str] = field(default_factory=set)         # Касание смерти block
    accused: dict[str, str] = field(default_factory=dict)  # target -> Инквизитор
    sex_changed: set[str] = field(default_factory=set)     # Смена пола (set by day)
    # Влияние given at night (`influence_phase: any`): controlled -> (vote target, Дворянин, order)
    influence: dict[str, tuple[str, str, Order]] = field(default_factory=dict)


@dataclass
class Puppet:
    """Король Пик: the Мастер карт may reveal himself and control the target's day actions."""
    master: str
    target: str
    revealed: bool = False
    order: Order | None = None


@dataclass
class Shift:
    """Король Червей: the target's state saved at the end of its night, restored a day later (A69)."""
    target: str
    restore_at_night: int
    saved: dict[str, Any]
    order: Order | None = None
    rolled_lives: int = 0            # the state it was rolled back to (`shift_semantics: add_changes`)
    rolled_prison: Any = None


@dataclass
class GameState:
    players: dict[str, PlayerState]
    rulings: Any                                  # engine.rulings.Rulings
    phase: PhaseId | None = None                  # the last resolved phase
    marks: DayMarks = field(default_factory=DayMarks)
    thrown: list[ThrownCard] = field(default_factory=list)
    used_cards: list[str] = field(default_factory=list)   # gone from the deck
    paranoia: list[tuple[str, str]] = field(default_factory=list)  # (master, target) Туз Крестей
    puppets: list[Puppet] = field(default_factory=list)
    shifts: list[Shift] = field(default_factory=list)
    # orders written in the setup, judged by their ability in night 1 (the day −1 throw
    # under `minus_first_day_throw: setup`, A65 b)
    setup_orders: list[Order] = field(default_factory=list)
    zombie: ZombieImplant | None = None
    hunt: Hunt | None = None
    influence_log: dict[str, tuple[str, int]] = field(default_factory=dict)  # Дворянин -> (target, day)
    deaths: dict[str, DeathRecord] = field(default_factory=dict)
    mornings: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)  # day -> nick -> snapshot
    winner: str | None = None
    game_over: bool = False
    seed: int = 0

    def copy(self) -> "GameState":
        return copy.deepcopy(self)

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


def apparent_faction(player: PlayerState) -> Faction:
    return faction_of(player.apparent_role())


__all__ = [
    "CIVILIAN", "DayMarks", "DeathRecord", "GameState", "Hunt", "PlayerState", "Prison",
    "Puppet", "Shift", "ShulerWindow", "ThrownCard", "ZombieImplant", "apparent_faction",
]
