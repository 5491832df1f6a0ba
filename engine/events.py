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
    player: str
    before: str
    after: str
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
    ability: str
    by: str | None = None
    target: str | None = None
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
