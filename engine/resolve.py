"""The engine's one entry point: `resolve(state, phase, orders) -> Resolution`.

A pure function: the given state is never changed; the result holds a new state
and the events of the phase. Replaying a game is a fold of `resolve` over its
phases.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import events as ev
from engine.context import PendingQuestion, Question
from engine.day import resolve_day
from engine.night import resolve_night
from engine.orders import Order, OrderError
from engine.phase import FIRST_PHASE, PhaseId
from engine.state import GameState


class PhaseError(ValueError):
    """A phase out of sequence, or after the end of the game."""


@dataclass(frozen=True)
class Resolution:
    state: GameState
    events: tuple[ev.Event, ...]
    # `standing_orders: false` (A52 b): the phase stopped at a trigger to ask this; `state`
    # is then the state given, unchanged: resolve the phase again with the answer among
    # its orders
    pending: Question | None = None


def expected_phase(state: GameState) -> PhaseId:
    return FIRST_PHASE if state.phase is None else state.phase.next()


def resolve(state: GameState, phase: PhaseId, orders: list[Order] | tuple[Order, ...]) -> Resolution:
    """Resolve one phase. Raises PhaseError (out of sequence / game over) or OrderError
    (a malformed order); refusals of legal-looking orders are `Rejected` events."""
    if state.game_over and state.rulings["stop_after_winner"]:
        raise PhaseError(f"{phase}: the game is already over")
    want = expected_phase(state)
    if phase != want:
        raise PhaseError(f"{phase}: out of sequence (expected {want})")
    work = state.copy()
    try:
        if phase.is_night:
            events = resolve_night(work, phase, list(orders))
        else:
            events = resolve_day(work, phase, list(orders))
    except PendingQuestion as asked:
        return Resolution(state, (), asked.question)
    work.phase = phase
    return Resolution(work, tuple(events))


__all__ = ["OrderError", "PhaseError", "Question", "Resolution", "expected_phase", "resolve"]
