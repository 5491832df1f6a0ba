"""The records a phase works on, as the abilities see them through the engine's API
(engine/api.py): the start-of-night snapshot, an accepted night order while it resolves,
an attack record of §7, a day's ballot. Pure data: the resolvers (engine/night.py,
engine/day.py) make and change them."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec
from engine.orders import Order
from engine.phase import PhaseId


@dataclass
class Snapshot:
    """S0: the state at the start of the night (N0 d)."""
    lives: dict[str, int]
    lazaret: dict[str, bool]
    prison: dict[str, bool]
    dead: dict[str, bool]
    demons_dead: int = 0    # Sacrifice!'s count, set by engine/abilities/demonologist.py

    def statuses_of(self, nick: str) -> dict[str, bool]:
        return {"lazaret": self.lazaret[nick], "prison": self.prison[nick], "dead": self.dead[nick]}


@dataclass
class Action:
    """An accepted night order while it resolves; `targets` follow redirects."""
    order: Order
    spec: AbilitySpec
    targets: list[str]
    void: bool = False      # Чары (and Очарование priority): «не применяет свои способности»
    failed: bool = False    # its own condition failed (Укус, Касание смерти, Ревность)
    blocked: str | None = None   # the card that blocks its attacks (Валет Крестей)
    auto: bool = False      # Гон
    seq: int = 0            # position in the submitted list (for `touch_restriction`)
    shielded: bool = False  # not subject to Чары / redirects / Валет Крестей (`hunt_blockable: false`)

    @property
    def user(self) -> str:
        return self.order.by

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def live(self) -> bool:
        return not (self.void or self.failed)

    @property
    def rank(self) -> int:
        """Its attack strength (§6.6), for an attack."""
        assert self.spec.attack_rank is not None, f"{self.name} is not an attack"
        return self.spec.attack_rank


@dataclass
class Attack:
    """An attack record of §7: its recipient moves; it may be blocked or cancelled."""
    action: Action
    rank: int
    damage: int | None      # None: Касание смерти, decided at N13
    recipient: str
    flags: set[str] = field(default_factory=set)
    blocked_by: str | None = None
    cancelled_by: str | None = None

    @property
    def attacker(self) -> str:
        return self.action.user

    @property
    def name(self) -> str:
        return self.action.name

    @property
    def live(self) -> bool:
        return self.blocked_by is None and self.cancelled_by is None


@dataclass
class Ballot:
    """One player's vote for the day: the target and who set it."""
    target: str
    order: Order
    controlled_by: str | None = None   # Влияние, Король Пик, a zombie command


@dataclass(frozen=True)
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
