"""The public vote count of the open day: a post for the thread, drafted for the GM's approval.

    count_on_demand(game)        # `gorod count`, the console's button: the thread read, then draft_count
    draft_count(game)            # the count drafted now from what is stored: the draft's id
    scheduled_count(game)        # what the clock asks for (`vote_count:` of the game file), in `tick`
    count_now(game)              # the PublicCount itself (engine/public_count.py)
    stale_count(game, draft)     # why a count draft may no longer go out, or None

The count is built from public facts alone (`engine.public_count`): the day's orders that came
from the thread (or that the GM entered for a player: a vote is a public act by the rules),
never one from a PM, on the public view of the game. So a vote dictated by Влияние or lost to
Кража does not show, and the draft says it counts the posts («по постам в теме»).

One draft, not a pile: a new count of the day retires the day's counts not yet approved
(rejected, and never approvable again: `stale_count`). A count never goes out after its day
has ended, even one approved before: `publish` retires it with a notice to the GM. Once
approved it is posted as every post is, exactly once (`gorod.loop.publish`).

The schedule: every `every_hours` from the day's start and `before_deadline_hours` before its
deadline (the deadline as it is now: an extended day moves those); a slot that passed while
the worker was down is drafted once, the latest one only.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from config.game import VoteCountSchedule
from engine.api import VOTE
from engine.orders import Order, OrderError
from engine.public_count import PublicCount, public_count
from gorod.loop import clock as clocks
from gorod.loop.drafting import save_drafts
from gorod.loop.game import Game, LoopError, PhaseClock
from gorod.loop.records import DraftRow, DraftState, NoticeKind
from gorod.loop.words import phase_name
from publisher.count_check import first_named
from publisher.drafts import COUNT, count_draft
from publisher.keys import PhaseKey

SLOT = "count-slot:{phase}"       # the last scheduled slot drafted, per day (ISO time)


def open_day(game: Game) -> PhaseClock:
    """The open phase when it is a day; refused with the reason otherwise (before the deal,
    after the end, at night)."""
    current = game.open_phase()
    if current.phase.is_night:
        raise LoopError(f"открыта {phase_name(current.phase, lower=True)}: голосование идёт днём, "
                        "подсчёт голосов — только днём")
    return current


def count_now(game: Game) -> PublicCount:
    """The open day's public count so far."""
    current = open_day(game)
    state, _events = game.fold()
    orders = []
    for row in game.records.orders(current.phase):
        if row.source_kind == "pm":
            continue   # a PM is no public act, whatever it holds
        try:
            orders.append(row.order)
        except OrderError:
            continue   # an order that cannot be read is shown as an error where it is listed
    try:
        return public_count(state, current.phase, orders)
    except ValueError as exc:
        raise LoopError(f"{phase_name(current.phase)}: голоса не посчитать: {exc}") from None


def draft_count(game: Game, *, slot: datetime | None = None) -> int:
    """Draft the open day's count now; the day's unapproved counts are retired. Returns the id."""
    current = open_day(game)
    count = count_now(game)
    now = game.now()
    schedule = game.config.schedule
    phase = str(current.phase)
    earlier = [d for d in game.records.drafts() if d.kind == COUNT and d.phase == phase]
    draft = count_draft(count, clocks.moscow_text(now, schedule, now), clocks.moscow_text(current.deadline, schedule, now),
                        str(PhaseKey("count", phase, len(earlier) + 1)), game.markup, game.texts, game_title=game.title)
    trace = _trace(count, game.markup.strip(draft.body))
    with game.store.transaction():
        for old in earlier:
            if old.state == DraftState.PENDING:
                game.records.set_draft_state(old.id, DraftState.REJECTED, expect=(DraftState.PENDING,))
        [draft_id] = save_drafts(game, [draft], trace=trace)
        if slot is not None:
            game.records.put(SLOT.format(phase=phase), slot.isoformat())
    return draft_id


def count_on_demand(game: Game, *, read: bool = True) -> int:
    """`gorod count` and the console's button: the thread read first (`read`), then the draft.
    A read that did not read stops it: the count would miss votes gorod has not seen.

    Under the writer lock, as the console's «Прочитать форум» (a worker's round): the read
    stores orders and the draft retires the day's older counts, side by side with a round
    or a phase end that reads the same posts and ends the day they count."""
    from gorod.loop.intake import poll

    open_day(game)
    with game.writing("подсчёт голосов (чтение темы и черновик поста)"):
        if read:
            report = poll(game)
            if report.failed:
                raise LoopError("; ".join(report.failed) + " — подсчёт не составлен: в теме могут быть голоса, "
                                "которых gorod не видел. Повторите позже или без чтения форума (gorod count --no-read)")
        return draft_count(game)


def _trace(count: PublicCount, shown: str) -> list[dict]:
    """The draft's «почему»: the count itself (kept whole, for the secrets check), pinned to the
    line that says what it counts, then each candidate's line with the votes behind it (each
    pinned to the first line that names the candidate first, in whatever template)."""
    lines = [line.strip() for line in shown.splitlines() if line.strip()]
    head = next((line for line in lines if "по постам в теме" in line), lines[0] if lines else None)
    rule = "Голосование: по постам в теме (учитывается последний голос)"
    out = [{"type": "PublicCount", "scope": "public", "rule": rule, "line": head, "count": count.to_json(),
            "cause": "голоса в теме; не голосовали: " + (", ".join(count.not_voted) or "все проголосовали")}]
    for candidate in count.candidates:
        orders = [str(Order(v.voter, VOTE, target=candidate.nick)) for v in candidate.voters]
        out.append({"type": "PublicVotes", "scope": "public", "rule": rule, "orders": orders,
                    "line": next((line for line in lines if first_named(line, count) == candidate.nick), None),
                    "cause": f"против {candidate.nick}: {candidate.total}"})
    return out


def due_slot(plan: VoteCountSchedule, current: PhaseClock, now: datetime) -> datetime | None:
    """The latest slot of the schedule that has come in the open day (before its deadline)."""
    if not plan.on or current.phase.is_night or now >= current.deadline:
        return None
    slots = []
    if plan.every_hours:
        step = timedelta(hours=plan.every_hours)
        at = current.started + step
        while at < current.deadline:
            slots.append(at)
            at += step
    slots += [current.deadline - timedelta(hours=h) for h in plan.before_deadline_hours]
    due = [at for at in slots if current.started < at <= now]
    return max(due) if due else None


def scheduled_count(game: Game) -> list[int]:
    """A count drafted when a slot of the game's `vote_count:` schedule has come (once per slot)."""
    current = game.current()
    if current is None or game.over():
        return []
    slot = due_slot(game.config.vote_count, current, game.now())
    if slot is None:
        return []
    done = game.records.get(SLOT.format(phase=current.phase))
    if done is not None and datetime.fromisoformat(done) >= slot:
        return []
    return [draft_count(game, slot=slot)]


def stale_count(game: Game, draft: DraftRow, *, replaced: bool = True) -> str | None:
    """Why a count draft may not go out: its day has ended, or (`replaced`) a newer count of
    the day took its place."""
    if draft.kind != COUNT:
        return None
    current = game.current()
    if current is None or game.over() or str(current.phase) != draft.phase:
        return f"подсчёт голосов дня «{phase_name(draft.phase)}», а этот день уже закончился"
    newer = [d.id for d in game.records.drafts() if d.kind == COUNT and d.phase == draft.phase and d.id > draft.id]
    if replaced and newer:
        return f"его заменил более новый подсчёт #{newer[-1]}"
    return None


def retire_stale_counts(game: Game) -> list[int]:
    """Counts waiting or approved whose day has ended: never posted; rejected, and the GM told
    of an approved one (a count approved before a newer one was drafted still goes out, while
    its day lasts). Returns their ids."""
    retired = []
    for draft in game.records.drafts([DraftState.PENDING, DraftState.APPROVED]):
        why = stale_count(game, draft, replaced=draft.state == DraftState.PENDING)
        if why is None or game.records.outbox(draft.id):
            continue   # a count already being posted is finished by publish: never half a post
        if game.records.set_draft_state(draft.id, DraftState.REJECTED, expect=(draft.state,)):
            retired.append(draft.id)
            if draft.state == DraftState.APPROVED:
                game.records.notice(f"count-stale:{draft.id}", NoticeKind.ERROR,
                                    f"черновик #{draft.id} (подсчёт голосов) не отправлен: {why}")
    return retired
