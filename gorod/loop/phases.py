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
  early: `gorod phase end`); at the deadline the phase is resolved — once a read of the
  thread and the inbox that failed nowhere has begun after the deadline; until then each
  round alarms («дедлайн прошёл, форум не читается с …») and the phase waits.

Every resolver (`tick`, `end_now`) resolves the phase it saw open, a compare-and-set in
the resolving transaction (`_resolve(expect=)`): found resolved meanwhile, it says so
(`AlreadyResolved`) and does nothing. `end_now`, `extend` and `resolve_phase` hold the
game's writer lock (`gorod.loop.lock`); `tick` runs in the worker's round, which holds it.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import Any

from engine.phase import PhaseId
from engine.orders import Order, OrderError
from engine.resolve import PhaseError, resolve
from gorod.loop import clock as clocks
from gorod.loop.answers import pending, question_key
from gorod.loop.count import retire_stale_counts, scheduled_count
from gorod.loop.crash import crashpoint
from gorod.loop.drafting import save_drafts
from gorod.loop.eventlog import event_json
from gorod.loop.checks import Skipped, command_problem, order_problem, usable_orders
from gorod.loop.game import Game, LoopError, PhaseClock
from gorod.loop.receipts import told_by_receipts, withdraw_receipts
from gorod.loop.records import NoticeKind, OrderStatus
from gorod.loop.words import moment, opened, phase_name, resolved
from publisher.drafts import immediate_draft, phase_drafts, private_lines, resolve_draft


@dataclass(frozen=True)
class TickNotice:
    """What a tick told the GM (also stored as a notice row of that kind)."""
    kind: NoticeKind
    text: str

    def to_json(self) -> dict[str, str]:
        return {"kind": self.kind.value, "text": self.text}


@dataclass
class TickReport:
    resolved: list[str] = field(default_factory=list)
    drafted: list[int] = field(default_factory=list)
    notices: list[TickNotice] = field(default_factory=list)
    waiting: list[str] = field(default_factory=list)   # a deadline passed, the phase waits for a read

    def to_json(self) -> dict[str, Any]:
        return {"resolved": self.resolved, "drafted": self.drafted,
                "notices": [notice.to_json() for notice in self.notices], "waiting": self.waiting}


class AlreadyResolved(LoopError):
    """The phase a resolver meant to resolve was resolved meanwhile (by another process)."""


def _orders(game: Game, phase: str, state) -> tuple[list[Order], list[int], list[Skipped]]:
    """The phase's active orders that can resolve, and the ones skipped (see `gorod.loop.checks`)."""
    return usable_orders(state, game.records.orders(phase))


def _engine_error(phase: PhaseId, exc: Exception) -> LoopError:
    """The engine's refusal of a whole phase, named once (its messages begin with the phase)."""
    text = str(exc)
    if text.startswith(f"{phase}: "):
        text = text[len(f"{phase}: "):]
    return LoopError(f"{phase_name(phase)}: {text}")


def _told(game: Game, phase: str, *, sent_only: bool = False) -> dict[str, list[str]]:
    """What each player was told of this phase already: the day's answers at once and what
    his receipt says (`gorod.loop.receipts.told_by_receipts`)."""
    told = {nick: list(lines) for nick, lines in (game.records.get(f"told:{phase}", {}) or {}).items()}
    for nick, lines in told_by_receipts(game, phase, sent_only=sent_only).items():
        told.setdefault(nick, []).extend(line for line in lines if line not in told[nick])
    return told


def resolve_phase(game: Game) -> list[int]:
    """Resolve the open phase now; returns the ids of the drafts made."""
    with game.writing("разрешение фазы"):
        return _resolve(game)[0]


def _resolve(game: Game, expect: PhaseClock | None = None) -> tuple[list[int], list[str]]:
    """Resolve the open phase: (the drafts made, the notices of the orders skipped).

    All in one store transaction, from reading the open phase and its orders to opening
    the next: a compare-and-set. `expect`: the phase the caller saw open; if another has
    resolved it meanwhile, `AlreadyResolved` says so and nothing is done (issue 22: two
    phase ends at once resolved the next phase too, with no orders)."""
    with game.store.transaction():
        if expect is not None:
            _still_open(game, expect)
        current = game.open_phase()
        phase = str(current.phase)
        new_deal = None
        if not game.records.phase_count():
            deal = game.deal()
            if deal.get("setup") != dict(game.config.setup):
                new_deal = {**deal, "setup": dict(game.config.setup)}   # frozen with night 1
        state, _events = game.fold()    # a setup that cannot start the game is refused here
        orders, ids, skipped = _orders(game, phase, state)
        orders = as_answers(orders, game.records.get(question_key(phase)))
        try:
            result = resolve(state, current.phase, orders)
        except (PhaseError, OrderError) as exc:
            raise _engine_error(current.phase, exc) from None
        # `standing_orders: false`: stopped at a trigger to ask (kept, and asked, in this transaction)
        asked = ask(game, result.pending, at_end=True) if result.pending is not None else None
        if asked is None:
            game.records.put(question_key(phase), None)
            # what the posted receipts told (the unsent ones are withdrawn below)
            told = {nick: set(lines) for nick, lines in _told(game, phase, sent_only=True).items()}
            drafts = phase_drafts(phase, result.events, game.markup, game.texts, game_title=game.title,
                                  already_told=told)
            now = game.now()
            nxt = current.phase.next()
            cycle_started = now if nxt.is_night else current.cycle_started
            next_clock = PhaseClock(nxt, now, clocks.deadline(nxt, now, game.config.schedule, cycle_started),
                                    cycle_started)
            if new_deal is not None:
                game.records.put("deal", new_deal)
            game.records.save_phase(current.phase, orders, ids, [event_json(e) for e in result.events])
            ended = game.records.get("ended_clocks", []) or []   # when each phase was open: a post's phase
            game.records.put("ended_clocks", [*ended, {**current.to_json(), "ended": now.isoformat()}])
            made = save_drafts(game, drafts)
            withdraw_receipts(game, phase)      # «до конца фазы» is moot now: never sent after it
            for item in skipped:
                game.records.set_order_status(item.order_id, OrderStatus.DROPPED, f"пропущена при разрешении: {item.problem}")
                game.records.notice(f"skipped:{item.order_id}", NoticeKind.ERROR, item.notice(phase),
                                    None if result.state.game_over else str(nxt))   # read in the phase that opens
            game.records.clear_notices(f"{DEADLINE_UNREAD}:{phase}:")   # it waited for a read: moot now
            if result.state.game_over:
                # «Игра окончена»: nothing opens after the end
                game.records.put("over", {"phase": phase, "winner": result.state.winner})
                game.records.put("clock", None)
            else:
                game.set_clock(next_clock)
    if asked is not None:
        raise PhaseAsks(asked)
    crashpoint("resolved")
    retire_stale_counts(game)   # the day's counts not posted never go out now
    return made, [item.notice(phase) for item in skipped]


def _still_open(game: Game, expect: PhaseClock) -> None:
    """`AlreadyResolved` when `expect`'s phase is no longer the open one (inside the transaction)."""
    current = game.current()
    if current is not None and current.phase == expect.phase:
        return
    done = next((row for row in game.records.phases() if row.phase == expect.phase), None)
    now = opened(current.phase) if current is not None else "игра окончена"
    when = f" ({moment(done.resolved_at, game.config.schedule)})" if done is not None and done.resolved_at else ""
    raise AlreadyResolved(f"фазу «{phase_name(expect.phase)}» уже разрешил другой процесс или круг работника{when}; "
                          f"{now}: ничего не сделано")


class PhaseAsks(LoopError):
    """`standing_orders: false` (A52 b): the phase stopped at a death to ask a choice; the
    GM was told (a notice) and the PM asking the player drafted. `drafts`: their ids."""

    def __init__(self, asked: tuple[str, list[int]]) -> None:
        super().__init__(asked[0])
        self.drafts = asked[1]


def ask(game: Game, question, *, at_end: bool = False) -> tuple[str, list[int]]:
    """The engine's question at a trigger (A52 b): stored for the phase, a notice to the GM
    (`gorod state`, the console) and a PM to the one who chooses, for the GM to approve. The
    phase resolves once the answer is one of its orders: the player's reply by PM (an order
    of the ability asked about, read as the answer) or the GM's `gorod order add`."""
    phase = question.phase
    options = f" (можно: {', '.join(question.options)})" if question.options else " (да или нет)"
    text = (f"{phase_name(phase)}: фаза ждёт ответа {question.to}: {question.text}{options}. Ответ — "
            f"его ЛС мастеру или gorod order add '{question.answer_hint()}'")
    made: list[int] = []
    with game.store.transaction():
        before = game.records.get(question_key(phase)) or {}
        same = (before.get("to"), before.get("ability")) == (question.to, question.ability)
        # when he was first asked (his reply is read only after it), and whether a phase end asked
        game.records.put(question_key(phase), {
            "to": question.to, "ability": question.ability, "text": question.text, "options": list(question.options),
            "asked_at": before.get("asked_at") if same and before.get("asked_at") else game.now().isoformat(),
            "at_end": bool(at_end or (same and before.get("at_end")))})
        if game.records.notice(f"{question_key(phase)}:{question.to}:{question.ability}", NoticeKind.QUESTION,
                               text, phase):
            draft = immediate_draft(phase, question.to, [f"Мастер спрашивает: {question.text}{options}"], [], 1,
                                    game.markup, game.texts, game_title=game.title)
            made = save_drafts(game, [replace(draft, key=f"{question_key(phase)}:{question.to}:{question.ability}")],
                               trace=[])
    return text, made


def as_answers(orders: list[Order], asked: dict | None) -> list[Order]:
    """While the engine waits for `asked["to"]`'s choice, his order of the ability asked about
    is his answer: «передаю роль Вере» names the heir, «принимаю роль Лича» says yes, a
    Sacrifice! with only a demon to resummon names him (A52 b)."""
    if not asked:
        return orders
    out = []
    for order in orders:
        if order.by == asked["to"] and order.ability == asked["ability"] and order.answer is None:
            value = order.arg("resummon") or order.target if asked["options"] else True
            if asked["ability"] in ("Sacrifice!", "Пожирай") and order.target and not order.arg("resummon"):
                out.append(order)   # tonight's attack itself, not the answer
                continue
            out.append(Order.make(order.by, order.ability, answer=value))
        else:
            out.append(order)
    return out


def resolve_now(game: Game) -> list[int]:
    """The day's orders so far, resolved at once: PM drafts of what is new to each player."""
    current = game.current()
    if current is None or current.phase.is_night or game.over():
        return []
    phase = str(current.phase)
    state, _events = game.fold()
    orders, _ids, _skipped = _orders(game, phase, state)   # the skipped ones are shown by `gorod state`
    if not orders:
        return []
    orders = as_answers(orders, game.records.get(question_key(phase)))
    try:
        result = resolve(state, current.phase, orders)
    except (PhaseError, OrderError) as exc:
        raise _engine_error(current.phase, exc) from None
    if result.pending is not None:   # a death by day waits for a choice: asked now
        return ask(game, result.pending)[1]
    told = game.records.get(f"told:{phase}", {}) or {}
    said = _told(game, phase)          # with what the receipts waiting to be sent say
    made = []
    with game.store.transaction():
        for nick, items in private_lines(result.events, game.texts).items():
            new = [(text, event) for text, event in items if text not in said.get(nick, [])]
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
    """(who may vote today, who has voted): the engine's own tally of the day so far."""
    from gorod.tally import tally_now
    tally = tally_now(game, problem=order_problem, refusal=command_problem)
    may = set(tally.electorate)
    return may, may - set(tally.abstained)


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
        report.drafted.extend(scheduled_count(game))
        may, voted = voters(game)
        if may and may <= voted and now < current.deadline:
            text = (f"{phase_name(phase)}: проголосовали все, кто может голосовать ({len(may)}); день можно "
                    "закончить раньше: gorod phase end")
            if game.records.notice(f"vote-complete:{phase}", NoticeKind.VOTE_COMPLETE, text, phase, again=True):
                report.notices.append(TickNotice(NoticeKind.VOTE_COMPLETE, text))
        else:   # a vote withdrawn, a voter back: no longer complete
            game.records.clear_notices(f"vote-complete:{phase}")
    if not current.announced and clocks.announce_at(current.deadline, schedule) <= now < current.deadline:
        draft = resolve_draft(phase, clocks.moscow_text(current.deadline, schedule, now), game.markup,
                              game.texts, game_title=game.title)
        key = f"{draft.key}:{current.deadline.isoformat()}"
        with game.store.transaction():
            report.drafted.extend(save_drafts(game, [replace(draft, key=key, phase=phase)], trace=[]))
            game.set_clock(PhaseClock(current.phase, current.started, current.deadline, current.cycle_started, True))
    asked = pending(game, phase)
    answered_end = asked is not None and asked.at_end and asked.answered is not None
    if now >= current.deadline or answered_end:
        # a phase end that stopped at a question goes on once it is answered (its read was made)
        waiting = None if answered_end else _unread_since(game, current)
        if waiting is not None:
            report.waiting.append(waiting)
            return report
        try:
            made, skipped = _resolve(game, expect=current)
        except AlreadyResolved:     # resolved meanwhile by a phase end: nothing is due
            return report
        except PhaseAsks as asked:  # the phase waits for an answer (A52 b)
            report.drafted.extend(asked.drafts)
            report.notices.append(TickNotice(NoticeKind.QUESTION, str(asked)))
            return report
        report.drafted.extend(made)
        report.notices.extend(TickNotice(NoticeKind.ERROR, text) for text in skipped)
        report.resolved.append(phase)
    return report


DEADLINE_UNREAD = "deadline-unread"


def _unread_since(game: Game, current: PhaseClock) -> str | None:
    """Why the phase whose deadline passed cannot be resolved yet, or None when it can: a
    read of the thread and the inbox that failed nowhere has begun after the deadline
    (issue 22: on a forum down at the deadline the worker resolved with what it had, and
    the on-time orders read after the outage became late orders of the next phase). The
    alarm is a notice once and a line of every round's report."""
    from gorod.loop.intake import WHOLE_READ_STARTED

    started = game.records.get(WHOLE_READ_STARTED)
    if started and datetime.fromisoformat(started) >= current.deadline:
        return None
    schedule = game.config.schedule
    failing = game.records.get("read_error") or {}
    last = game.records.get("last_read")
    last_text = moment(last, schedule) if last else "ни разу"
    if failing.get("since"):
        why = (f"дедлайн прошёл, форум не читается с {moment(failing['since'], schedule)} "
               f"({failing.get('text', '').rstrip('.')})")
    else:
        why = "дедлайн прошёл, а тема и ЛС после него ещё не прочитаны целиком"
    text = (f"{phase_name(current.phase)}: {why}. Фаза не разрешена: заявки, отправленные до дедлайна "
            f"({moment(current.deadline, schedule)}), могли ещё не дойти до gorod; она разрешится после первого "
            f"полного чтения темы и ЛС. Закончить без чтения: gorod phase end --no-read — тогда написанное "
            f"после последнего чтения ({last_text}) в фазу не войдёт")
    game.records.notice(f"{DEADLINE_UNREAD}:{current.phase}:{current.deadline.isoformat()}", NoticeKind.ERROR,
                        text, str(current.phase))
    return text


@dataclass
class PhaseEnd:
    """What `end_now` did: the phase, the drafts made, the orders skipped, the forum's read."""

    phase: PhaseId
    drafts: list[int]
    skipped: list[str]
    read: Any = None               # the PollReport of the read before, or None (not read)
    read_at: str | None = None     # when the forum was last read, ISO
    again: bool = False            # the phase had ended already: a rerun after a crash did nothing
    orders: int | None = None      # the phase's orders in force when it was resolved
    unread: dict | None = None     # without a read: the forum's failing read then, if any

    def lines(self, game: Game) -> list[str]:
        schedule = game.config.schedule
        nxt = game.current()
        after = opened(nxt.phase) if nxt else "игра окончена"
        if self.again:
            return [f"{resolved(self.phase)} ещё прошлым запуском (он прервался после резолва): "
                    f"ничего не сделано; {after}."]
        out = []
        if self.read is not None:
            r = self.read
            out.append(f"Форум прочитан перед концом фазы ({moment(self.read_at, schedule)}): постов {r.posts}, "
                       f"ЛС {r.pms}, новых заявок {r.orders}, неясных {r.unresolved}, правок {r.edited}.")
        else:
            last = moment(self.read_at, schedule) if self.read_at else "ни разу"
            failing = (f" (форум не читается с {moment(self.unread['since'], schedule)})"
                       if self.unread and self.unread.get("since") else "")
            out.append(f"Форум перед концом фазы не читался{failing}; последнее чтение: {last}. Что игроки "
                       f"написали после него, в фазу «{phase_name(self.phase)}» не вошло: такие заявки, "
                       "прочитанные позже, будут отклонены как опоздавшие.")
        out.extend(self.skipped)
        if self.orders == 0:
            out.append(f"Внимание: в фазе «{phase_name(self.phase)}» не было ни одной заявки.")
        out.append(f"{resolved(self.phase)}; черновиков: {len(self.drafts)} (gorod drafts); {after}.")
        return out


END_INTENT = "phase-end"


# A phase opened by a resolution this recently, with no orders, is ended only when the GM says so
# (`--yes` or its name): a repeated `gorod phase end` (↑ Enter) would lose the players' whole day.
FRESH_PHASE = timedelta(minutes=10)


def end_now(game: Game, *, read: bool = True, confirmed: bool = True,
            phase: PhaseId | None = None) -> PhaseEnd:
    """`gorod phase end` and the console's «Закончить фазу сейчас»: the whole thread and the
    PMs are read once more (the last orders and edits), then the open phase is resolved.
    `phase`: the one the GM means (refused if another is open).

    Under the game's writer lock: beside another phase end, a publish or the worker's round
    it is refused, naming that one and its PID. A read that did not read stops it (orders
    may be missing): `LoopError` with the alarm. The phase resolved is the one open when
    it began (compare-and-set, `_resolve`): resolved meanwhile, it says so and does
    nothing. Idempotent across a crash: the phase to end is stored first (the intent) and
    cleared after; a rerun whose intent names a phase already in the log does nothing
    (never the next phase, with no orders: issue 14), one whose phase is still open ends it."""
    with game.writing("конец фазы"):
        return _end_now(game, read=read, confirmed=confirmed, phase=phase)


def _end_now(game: Game, *, read: bool, confirmed: bool, phase: PhaseId | None) -> PhaseEnd:
    from gorod.loop.intake import poll

    intent = (game.records.get(END_INTENT) or {}).get("phase")
    if intent is not None:
        done = next((row for row in game.records.phases() if str(row.phase) == intent), None)
        if done is not None:
            game.records.put(END_INTENT, None)
            return PhaseEnd(done.phase, [], [], None, game.records.get("last_read"), again=True)
    current = game.open_phase()
    if phase is not None and phase != current.phase:
        raise LoopError(f"{opened(current.phase)}, а не {phase_name(phase, lower=True)}: ничего не сделано")
    if intent is not None and intent != str(current.phase):
        game.records.put(END_INTENT, None)
        raise LoopError(f"{intent} не открыта (открыта {current.phase}): повторите gorod phase end")
    report = None
    if read and intent is None:
        report = poll(game, rescan=True)   # a forum that is down stops here, before anything changes
        if report.failed:
            raise LoopError("; ".join(report.failed) + " — фаза не закончена: заявки могли не дойти. "
                            "Повторите позже или закончите без чтения: gorod phase end --no-read")
    in_force = len(game.records.orders(str(current.phase)))
    if not confirmed and intent is None:
        _refuse_fresh_empty(game, current, in_force)
    game.records.put(END_INTENT, {"phase": str(current.phase)})
    try:
        made, skipped = _resolve(game, expect=current)
    except AlreadyResolved:
        game.records.put(END_INTENT, None)     # not ours: a rerun must not take it for a crash of ours
        raise
    game.records.put(END_INTENT, None)
    return PhaseEnd(current.phase, made, skipped, report, game.records.get("last_read"), orders=in_force,
                    unread=None if read else game.records.get("read_error"))


def _refuse_fresh_empty(game: Game, current: PhaseClock, in_force: int) -> None:
    age = game.now() - current.started
    if in_force or age >= FRESH_PHASE or not game.records.phases():
        return
    name = phase_name(current.phase)
    verb = "открыта" if current.phase.is_night else "открыт"
    raise LoopError(f"{name} {verb} {max(0, int(age.total_seconds() // 60))} мин назад (предыдущую фазу "
                    f"только что закончили), заявок пока нет: закончить сейчас — значит провести эту фазу "
                    f"без заявок игроков. Ничего не сделано. Если так и нужно: "
                    f"gorod phase end --yes (или gorod phase end \"{name.lower()}\")")


def extend(game: Game, *, hours: float | None = None, until: datetime | None = None, force: bool = False) -> PhaseClock:
    """`gorod phase extend`: move the open phase's deadline. Past `max_day_hours` from the
    start of the game day only with `force` (the rules: two real days at most). Under the
    writer lock, and set only if that phase is still open (a resolution meanwhile would
    otherwise be undone: the old phase reopened)."""
    with game.writing("продление фазы"):
        return _extend(game, hours=hours, until=until, force=force)


def _extend(game: Game, *, hours: float | None, until: datetime | None, force: bool) -> PhaseClock:
    current = game.open_phase()
    schedule = game.config.schedule
    if (hours is None) == (until is None):
        raise LoopError("укажите либо часы (--hours), либо срок (--until)")
    if hours is not None and hours <= 0:
        raise LoopError(f"продлить можно только вперёд: {hours:g} ч (чтобы закончить раньше — gorod phase end)")
    new = until if until is not None else current.deadline + timedelta(hours=hours)
    if new <= game.now():
        raise LoopError(f"новый срок {moment(new, schedule)} уже прошёл")
    if new <= current.deadline:   # «продлить» never shortens the phase silently (issue 26)
        raise LoopError(f"новый срок {moment(new, schedule)} не позже нынешнего ({moment(current.deadline, schedule)}): "
                        "продлить можно только вперёд; закончить раньше — gorod phase end")
    limit = clocks.cap(current.cycle_started, schedule)
    if new > limit and not force:
        raise LoopError(f"новый срок {moment(new, schedule)} позже предела игрового дня "
                        f"({schedule.max_day_hours} ч, до {moment(limit, schedule)}): "
                        "чтобы продлить дальше, --force")
    extended = PhaseClock(current.phase, current.started, new, current.cycle_started, False)
    with game.store.transaction():
        _still_open(game, current)
        game.set_clock(extended)
    return extended
