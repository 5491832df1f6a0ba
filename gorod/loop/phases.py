"""Resolving phases: `resolve_phase(game)` at a boundary, `resolve_now(game)` for the day's
orders as they come, and `tick(game)`, what the clock asks for.

- `resolve_phase(game)`: the open phase's active orders (in the order given) go to
  `engine.resolve`; in one store transaction the phase joins the log (its orders as
  text, its events as JSON), its drafts are stored (the news post and one PM per player
  concerned, `publisher.drafts`) and the next phase opens with its deadline. A crash
  before the commit leaves nothing; after it, everything. Before night 1 is resolved the
  deal's `setup:` (masks, the hand) is taken from the config once more, for the GM
  writes the players' answers there.
- `resolve_now(game)`: «Способности, применяемые днем … резолвятся сразу в том порядке,
  в котором были применены»: during a day the orders so far are resolved as if the day
  ended now, and each private line not told yet (an Оракул's answer, a refusal) becomes
  a PM draft at once; the end of the day does not repeat them. Public results (the
  execution) wait for the boundary.
- `tick(game)`: the «резолв» announcement is drafted `schedule.resolve_minutes` before
  the deadline; the GM is told when everyone who may vote has voted (the day may end
  early: `gorod phase end`); at the deadline the phase is resolved.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from engine import events as ev
from engine.day import Day
from engine.orders import Order, OrderError
from engine.resolve import PhaseError, resolve
from gorod.loop import clock as clocks
from gorod.loop.crash import crashpoint
from gorod.loop.drafting import save_drafts
from gorod.loop.eventlog import event_json
from gorod.loop.game import Game, LoopError, PhaseClock
from publisher.drafts import immediate_draft, phase_drafts, private_lines, resolve_draft


@dataclass
class TickReport:
    resolved: list[str] = field(default_factory=list)
    drafted: list[int] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"resolved": self.resolved, "drafted": self.drafted, "notices": self.notices}


def _orders(game: Game, phase: str) -> tuple[list[Order], list[int]]:
    rows = game.records.orders(phase)
    orders, ids = [], []
    for row in rows:
        try:
            orders.append(row.order)
        except OrderError as exc:
            raise LoopError(f"order #{row.id} ({row.source}): {exc}; fix it: gorod order drop {row.id}") from None
        ids.append(row.id)
    return orders, ids


def _told(game: Game, phase: str) -> dict[str, list[str]]:
    return game.records.get(f"told:{phase}", {}) or {}


def resolve_phase(game: Game) -> list[int]:
    """Resolve the open phase now; returns the ids of the drafts made."""
    current = game.current()
    if current is None:
        raise LoopError("no phase is open: run `gorod deal` first")
    if game.over():
        raise LoopError("the game is over")
    phase = str(current.phase)
    new_deal = None
    if not game.records.phase_count():
        deal = game.deal()
        if deal.get("setup") != dict(game.config.setup):
            new_deal = {**deal, "setup": dict(game.config.setup)}   # frozen with night 1
    state, _events = game.fold()    # a setup that cannot start the game is refused here
    orders, ids = _orders(game, phase)
    try:
        result = resolve(state, current.phase, orders)
    except (PhaseError, OrderError) as exc:
        raise LoopError(f"{phase}: {exc}") from None
    told = {nick: set(lines) for nick, lines in _told(game, phase).items()}
    drafts = phase_drafts(phase, result.events, game.markup, game.texts, game_title=game.title,
                          already_told=told)
    now = game.now()
    nxt = current.phase.next()
    cycle_started = now if nxt.is_night else current.cycle_started
    opened = PhaseClock(nxt, now, clocks.deadline(nxt, now, game.config.schedule, cycle_started), cycle_started)
    with game.store.transaction():
        if new_deal is not None:
            game.records.put("deal", new_deal)
        game.records.save_phase(current.phase, orders, ids, [event_json(e) for e in result.events])
        made = save_drafts(game, drafts)
        if result.state.game_over:
            game.records.put("over", {"phase": phase, "winner": result.state.winner})
        game.set_clock(opened)
    crashpoint("resolved")
    return made


def resolve_now(game: Game) -> list[int]:
    """The day's orders so far, resolved at once: PM drafts of what is new to each player."""
    current = game.current()
    if current is None or current.phase.is_night or game.over():
        return []
    phase = str(current.phase)
    state, _events = game.fold()
    orders, _ids = _orders(game, phase)
    if not orders:
        return []
    try:
        result = resolve(state, current.phase, orders)
    except (PhaseError, OrderError) as exc:
        raise LoopError(f"{phase}: {exc}") from None
    told = _told(game, phase)
    made = []
    with game.store.transaction():
        for nick, items in private_lines(result.events, game.texts).items():
            new = [(text, event) for text, event in items if text not in told.get(nick, [])]
            if not new:
                continue
            told.setdefault(nick, []).extend(text for text, _ in new)
            number = len(told[nick])
            draft = immediate_draft(phase, nick, [t for t, _ in new], [e for _, e in new], number,
                                    game.markup, game.texts, game_title=game.title)
            made.extend(save_drafts(game, [draft]))
        game.records.put(f"told:{phase}", told)
    return made


def voters(game: Game) -> tuple[set[str], set[str]]:
    """(who may vote today, who has a vote standing now)."""
    current = game.current()
    state, _events = game.fold()
    day = Day(state.copy(), current.phase, [])
    may = {nick for nick, p in state.players.items() if day.can_vote(p)}
    standing: dict[str, str | None] = {}
    for row in game.records.orders(current.phase):
        order = row.order
        if order.ability == "Голосование":
            standing[order.by] = order.target
    return may, {nick for nick, target in standing.items() if target}


def tick(game: Game) -> TickReport:
    """What the clock asks for now (see the module docstring)."""
    report = TickReport()
    current = game.current()
    if current is None or game.over():
        return report
    now = game.now()
    phase = str(current.phase)
    schedule = game.config.schedule
    if not current.phase.is_night:
        report.drafted.extend(resolve_now(game))
        may, voted = voters(game)
        if may and may <= voted and now < current.deadline:
            text = (f"{phase}: проголосовали все, кто может голосовать ({len(may)}); день можно "
                    "закончить раньше: gorod phase end")
            if game.records.notice(f"vote-complete:{phase}", "vote_complete", text, phase):
                report.notices.append(text)
    if not current.announced and clocks.announce_at(current.deadline, schedule) <= now < current.deadline:
        draft = resolve_draft(phase, clocks.moscow_text(current.deadline, schedule, now), game.markup,
                              game.texts, game_title=game.title)
        key = f"{draft.key}:{current.deadline.isoformat()}"
        with game.store.transaction():
            report.drafted.extend(save_drafts(game, [replace(draft, key=key, phase=phase)], trace=[]))
            game.set_clock(PhaseClock(current.phase, current.started, current.deadline, current.cycle_started, True))
    if now >= current.deadline:
        report.drafted.extend(resolve_phase(game))
        report.resolved.append(phase)
    return report


END_INTENT = "phase-end"


@dataclass(frozen=True)
class Ended:
    phase: str
    drafts: list[int]
    again: bool = False     # the phase had ended already: a rerun after a crash did nothing


def end_now(game: Game, phase: str | None = None) -> Ended:
    """`gorod phase end`: the open phase ends now (a day whose vote is complete).

    Idempotent across a crash: the phase to end is stored first (the intent) and cleared
    after it; a rerun whose intent names a phase already in the log does nothing (it
    never ends the next phase, with no orders: issue 14), one whose phase is still open
    ends it. `phase`: the phase the caller means (the console's button); any other open
    phase is refused."""
    intent = (game.records.get(END_INTENT) or {}).get("phase")
    current = game.current()
    if intent is not None:
        if intent in {str(row.phase) for row in game.records.phases()}:
            game.records.put(END_INTENT, None)
            return Ended(intent, [], again=True)
        target = intent
    else:
        if current is None:
            raise LoopError("no phase is open: run `gorod deal` first")
        target = phase or str(current.phase)
    if phase is not None and phase != target:
        raise LoopError(f"{phase} is not the phase being ended ({target})")
    if current is None or str(current.phase) != target:
        game.records.put(END_INTENT, None)
        raise LoopError(f"{target} is not open (open: {current.phase if current else 'nothing'})")
    game.records.put(END_INTENT, {"phase": target})
    made = resolve_phase(game)
    game.records.put(END_INTENT, None)
    return Ended(target, made)


def extend(game: Game, *, hours: float | None = None, until: datetime | None = None, force: bool = False) -> PhaseClock:
    """`gorod phase extend`: move the open phase's deadline. Past `max_day_hours` from the
    start of the game day only with `force` (the rules: two real days at most)."""
    current = game.current()
    if current is None:
        raise LoopError("no phase is open: run `gorod deal` first")
    if (hours is None) == (until is None):
        raise LoopError("give either hours or a time to extend to")
    new = until if until is not None else current.deadline + timedelta(hours=hours)
    if new <= game.now():
        raise LoopError(f"the new deadline {new.isoformat()} is already past")
    limit = clocks.cap(current.cycle_started, game.config.schedule)
    if new > limit and not force:
        raise LoopError(f"the new deadline {new.isoformat()} is past the limit of a game day "
                        f"({game.config.schedule.max_day_hours} h, until {limit.isoformat()}): "
                        "use --force to go past it")
    extended = PhaseClock(current.phase, current.started, new, current.cycle_started, False)
    game.set_clock(extended)
    return extended
