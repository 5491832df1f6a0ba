"""Events: every result of a phase, with its audience and its cause.

A phase's resolution is a list of events. Each carries the rule that produced
it and the orders behind it (STYLE.md: the GM's "why" view is the log filtered),
and an audience: public (the news post), one or more players (their PMs), or the
GM only (the trace). Drafts are built from what each audience may see, so a
secret cannot reach the public post by construction.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.orders import Order
from engine.reasons import Reason


class Scope(str, Enum):
    PUBLIC = "public"
    PRIVATE = "private"   # the players named in `to`
    GM = "gm"


@dataclass(frozen=True)
class Cause:
    """Why: the rule (a step of SPEC §7/§8 or an ability) and the orders involved."""
    rule: str
    orders: tuple[Order, ...] = ()

    def describe(self) -> str:
        if not self.orders:
            return self.rule
        return f"{self.rule} ← " + "; ".join(str(o) for o in self.orders)


@dataclass(frozen=True)
class Event:
    phase: str
    cause: Cause

    scope = Scope.GM

    def recipients(self) -> tuple[str, ...]:
        return ()


@dataclass(frozen=True)
class Died(Event):
    player: str
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class Executed(Event):
    player: str
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class Revealed(Event):
    about: str
    secret: str
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class StatusChanged(Event):
    """`for_life`: the Тюрьма entered is for life («Арест - … в Тюрьму пожизненно»), not a
    Темница's «на полтора дня». Fields added to an event take a default: a phase stored
    before they were (its events without them) is no drift (`gorod.loop.game`)."""
    player: str
    before: str
    after: str
    for_life: bool = False
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class OpenRoleChanged(Event):
    """Преемственность: open roles are public."""
    player: str
    before: str | None
    after: str | None
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class Announced(Event):
    """`visited`: a status the target entered and left at once through this ability, told
    with it (Божественное благословление: «О том, что Священник попадал в Лазарет, наутро
    пишется»)."""
    ability: str
    by: str | None = None
    target: str | None = None
    visited: str | None = None
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class Learned(Event):
    """A private fact told to one player; `fact` is the FORMAT.md `learned` mapping
    without `to` (e.g. {"about": "Аня", "secret": "Бес"})."""
    to: str
    fact: tuple[tuple[str, Any], ...]
    scope = Scope.PRIVATE

    def recipients(self) -> tuple[str, ...]:
        return (self.to,)

    def as_dict(self) -> dict[str, Any]:
        return {"to": self.to, **{k: _thaw(v) for k, v in self.fact}}


# --- learned facts: one class per kind (FORMAT.md `learned`) -----------------------------

@dataclass(frozen=True)
class LearnedRole(Learned):
    """A secret role (`secret`, the apparent one): Пророчество, Исповедь, Пытка, a card."""


@dataclass(frozen=True)
class LearnedSides(Learned):
    """Дознание: `same_side` of two characters."""


@dataclass(frozen=True)
class LearnedVisitors(Learned):
    """Дозор: `visitors`, who used night abilities on the target."""


@dataclass(frozen=True)
class LearnedKillers(Learned):
    """Расследование: `killed_by`, what sent the target to the Кладбище."""


@dataclass(frozen=True)
class LearnedAbilities(Learned):
    """Тройка Бубен: `abilities` used on the target tonight."""


@dataclass(frozen=True)
class LearnedAnswer(Learned):
    """Четверка Бубен: the `answer` yes/no."""


@dataclass(frozen=True)
class LearnedOpenRole(Learned):
    """Туз Крестей on the Тварь: the Мастер карт's `open` role."""


@dataclass(frozen=True)
class LearnedTeam(Learned):
    """Мистическая связь, Знакомства по ту сторону: `team` at the start."""


@dataclass(frozen=True)
class Message(Learned):
    """A `message` passed on anonymously by the GM (with `from` when Туз Крестей reads it)."""


class NoticeCode(str, Enum):
    """What a player is told of a failure «если указано обратного» (§9 point 1)."""
    ATTACK_CANCELLED_NO_SOUL = "attack_cancelled_no_soul"
    ATTACK_CANCELLED_AURA = "attack_cancelled_aura"
    CIRCLE_GONE = "circle_gone"
    OPEN_ROLE_BLOCKED = "open_role_blocked"
    ZOMBIE_COMMAND_FAILED = "zombie_command_failed"


@dataclass(frozen=True)
class Notice(Learned):
    """A `notice` with its code (the fact keeps the code's value, as FORMAT.md prints it)."""

    @property
    def code(self) -> NoticeCode:
        return NoticeCode(dict(self.fact)["notice"])


_LEARNED_BY_KEY: tuple[tuple[str, type[Learned]], ...] = (
    ("notice", Notice), ("message", Message), ("secret", LearnedRole),
    ("same_side", LearnedSides), ("visitors", LearnedVisitors), ("killed_by", LearnedKillers),
    ("abilities", LearnedAbilities), ("answer", LearnedAnswer), ("open", LearnedOpenRole),
    ("team", LearnedTeam),
)


def fact_kind(event: Learned) -> str:
    """The kind of a learned fact (its key in FORMAT.md: "secret", "notice" …): its class's,
    or for a plain `Learned` the first kind key its fact holds, tried in the order `learned`
    tries them; "other" for none. The one classification: the templates read it too."""
    own = next((key for key, cls in _LEARNED_BY_KEY if type(event) is cls), None)
    if own is not None:
        return own
    keys = {k for k, _ in event.fact}
    return next((key for key, _cls in _LEARNED_BY_KEY if key in keys), "other")


FACT_KINDS: tuple[str, ...] = tuple(key for key, _cls in _LEARNED_BY_KEY)


def learned(phase: str, cause: Cause, to: str, fact_items: tuple[tuple[str, Any], ...]) -> Learned:
    """The Learned event of the kind its fact says."""
    keys = {k for k, _ in fact_items}
    kind = next((cls for key, cls in _LEARNED_BY_KEY if key in keys), Learned)
    return kind(phase, cause, to, fact_items)


@dataclass(frozen=True)
class Rejected(Event):
    order: Order
    reason: Reason
    message: str
    scope = Scope.PRIVATE

    def recipients(self) -> tuple[str, ...]:
        return (self.order.by,)


@dataclass(frozen=True)
class Trace(Event):
    """GM-only explanation of a step (an attack blocked, moved, a vote counted …)."""
    text: str
    scope = Scope.GM


@dataclass(frozen=True)
class Redirected(Trace):
    """An order's target replaced (Очарование, Дама Червей); `fizzles`: why the order now
    does nothing (A44 3: onto oneself, onto a dead player), or ""."""
    user: str = ""
    ability: str = ""
    to: str = ""
    by_rule: str = ""
    fizzles: str = ""


@dataclass(frozen=True)
class Blocked(Trace):
    """An order that does nothing (Чары, Валет Крестей, a victim of tonight, A70; an attack
    blocked or cancelled by its recipient's defence)."""
    user: str = ""
    ability: str = ""
    by_rule: str = ""


@dataclass(frozen=True)
class Fizzled(Trace):
    """An accepted order whose own condition failed (Укус, Касание смерти, Ревность): it does
    nothing, and «использующий эту способность не узнает об этом» — only the GM is told `why`."""
    user: str = ""
    ability: str = ""
    why: str = ""


@dataclass(frozen=True)
class Moved(Trace):
    """An attack that changes recipient (На страже, Валет Бубен, Шестерка Бубен)."""
    attacker: str = ""
    ability: str = ""
    source: str = ""
    to: str = ""
    by_rule: str = ""


# --- decisions: what the engine accepted and how the day's vote stands -------------------

@dataclass(frozen=True)
class Accepted(Event):
    """An order the engine accepts (its use is spent); `on_behalf_of` for a zombie command."""
    order: Order
    scope = Scope.GM


@dataclass(frozen=True)
class Replaced(Event):
    """«будет учитываться только последний»: a vote (or save) replaced by a later order."""
    order: Order
    by_order: Order
    scope = Scope.GM


class VoteWhy(str, Enum):
    ORDINARY = "ordinary"          # weight 1, nothing changes it
    WEIGHT = "weight"              # an ability changed the weight (`ability`, before → after)
    NO_VOTE = "no_vote"            # the voter has no vote today (`ability`: what took it)
    TARGET_GONE = "target_gone"    # the target left the game during the day
    DICTATED = "dictated"          # cast by another (`ability`: Влияние, Король Пик, Зомбирование)


@dataclass(frozen=True)
class VoteReason:
    code: VoteWhy
    text: str                      # Russian, for the GM
    ability: str | None = None
    before: int | None = None
    after: int | None = None


@dataclass(frozen=True)
class VoteCounted(Event):
    """A ballot at the tally (D2) with its weight and why (SPEC §4.3)."""
    voter: str
    target: str
    weight: int
    reasons: tuple[VoteReason, ...]
    order: Order
    controlled_by: str | None = None
    scope = Scope.GM


@dataclass(frozen=True)
class VotesAdded(Event):
    """Votes that are no one's ballot: Митинг's three, Компромат's saved ones."""
    target: str
    votes: int
    ability: str
    by: str
    text: str
    scope = Scope.GM


@dataclass(frozen=True)
class Abstained(Event):
    """«не голосовали»: who may vote today (`electorate`) and who of them has no ballot
    (nor a save) at the tally (`players`)."""
    players: tuple[str, ...]
    electorate: tuple[str, ...] = ()
    scope = Scope.GM


class TallyOutcome(str, Enum):
    CONDEMNED = "condemned"        # strict plurality
    TIE = "tie"                    # «Если таких персонажей более одного, не умирает никто.»
    NO_VOTES = "no_votes"
    TOO_FEW = "too_few"            # `execution_min_votes`


@dataclass(frozen=True)
class Verdict(Event):
    """The day's tally: the totals and who is condemned (before Взятка or a Шулер)."""
    totals: tuple[tuple[str, int], ...]
    outcome: TallyOutcome
    condemned: str | None = None
    scope = Scope.GM


@dataclass(frozen=True)
class Left(Event):
    """A Мастер карт whose Раскрыть карты was wrong «покидает игру навсегда» (A63)."""
    player: str
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class GameOver(Event):
    winner: str | None
    scope = Scope.PUBLIC


@dataclass(frozen=True)
class NoExecution(Event):
    """A day with votes but no one executed: the leaders tied, or the top count was below
    `execution_min_votes` (§4.3 «Если таких персонажей более одного, не умирает никто»).
    `leaders`: (nick, votes) of those with the top count, the public news of that day (the
    other counts, whose weights may come from secret roles, stay in the GM's trace)."""
    leaders: tuple[tuple[str, int], ...]
    scope = Scope.PUBLIC

    @property
    def tied(self) -> bool:
        return len(self.leaders) > 1


def fact(**items: Any) -> tuple[tuple[str, Any], ...]:
    """A hashable `learned` fact from keyword items (lists become tuples)."""
    return tuple((k, _freeze(v)) for k, v in items.items())


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return ("__dict__", tuple((k, _freeze(v)) for k, v in value.items()))
    return value


def _thaw(value: Any) -> Any:
    if isinstance(value, tuple) and len(value) == 2 and value[0] == "__dict__":
        return {k: _thaw(v) for k, v in value[1]}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value
