"""The phase so far, as the engine would resolve it now: a dry run over the orders given.

    preview = preview_phase(state, PhaseId.parse("day 2"), orders)
    preview.verdicts      # each order: в силе / не сработает: … / будет отклонена: … / заменена #… / ошибка
    preview.votes         # the tally's VoteCounted events: weight and why
    preview.verdict       # the Verdict: totals and who would be condemned
    preview.abstained     # «не голосовали»

The console's and the CLI's tally read only this: the engine's own resolution of the
phase (a copy of the state, the same `resolve` a phase end runs) and its typed events,
so they cannot differ from what the engine will count. A malformed order (an unknown
player, ability or field) is left out of the run and shown with its error; it never
stops the preview of the others.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from engine import events as ev
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.reasons import Reason, message
from engine.resolve import PhaseError, resolve
from engine.state import GameState
from engine.validate import check_shape

E = TypeVar("E", bound=ev.Event)


class Status(str, Enum):
    IN_FORCE = "in_force"
    REFUSED = "refused"
    REPLACED = "replaced"
    FIZZLES = "fizzles"           # accepted, but does nothing (its condition, Чары …): its user is not told
    NOT_REACHED = "not_reached"   # the game ended before the engine came to it
    ERROR = "error"


@dataclass(frozen=True)
class OrderVerdict:
    index: int                   # the order's place in the list given
    order: Order                 # as given
    status: Status
    reason: Reason | None = None
    text: str = ""               # Russian, for the GM
    replaced_by: int | None = None
    error: str = ""
    why: str = ""                # the reason alone (refused, fizzles), for wordings other than `text`
    message: str = ""            # refused: what its author is told (the engine's Rejected message)


@dataclass(frozen=True)
class PhasePreview:
    phase: PhaseId
    verdicts: tuple[OrderVerdict, ...] = ()
    votes: tuple[ev.VoteCounted, ...] = ()
    added: tuple[ev.VotesAdded, ...] = ()
    abstained: tuple[str, ...] = ()
    electorate: tuple[str, ...] = ()
    verdict: ev.Verdict | None = None
    executed: str | None = None          # after an acquittal or a Шулер: who would die
    events: tuple[ev.Event, ...] = field(default=(), repr=False)
    problem: str = ""                    # the run could not be made (a phase out of sequence …)


REFUSED_SHORT: dict[Reason, str] = {
    Reason.USED_UP: "использовано", Reason.COOLDOWN: "перезаряжается",
    Reason.CANNOT_VOTE: "нет голоса сегодня", Reason.USER_IN_PRISON: "в Тюрьме",
    Reason.USER_IN_LAZARET: "в Лазарете", Reason.USER_DEAD: "на Кладбище",
    Reason.VOTE_CONTROLLED: "голос продиктован", Reason.OPEN_ROLE_BLOCKED: "явная роль заблокирована",
    Reason.WRONG_PHASE: "не в эту фазу", Reason.WRONG_MOON: "не в эту луну",
}


def refused_why(reason: Reason, order: Order) -> str:
    return REFUSED_SHORT.get(reason) or message(reason, order.ability, order.target).split(": ", 1)[-1]


def refused_text(reason: Reason, order: Order) -> str:
    return f"будет отклонена: {refused_why(reason, order)}"


def preview_phase(state: GameState, phase: PhaseId, orders: list[Order] | tuple[Order, ...]) -> PhasePreview:
    """What the engine makes of `orders` in `phase` if it ended now (the state is unchanged)."""
    verdicts: dict[int, OrderVerdict] = {}
    runnable: list[tuple[int, Order, Order]] = []   # (index, as given, canonical)
    for index, order in enumerate(orders):
        try:
            canonical, _spec = check_shape(state, order)
        except OrderError as exc:
            verdicts[index] = OrderVerdict(index, order, Status.ERROR, text=f"ошибка: {exc}", error=str(exc))
            continue
        runnable.append((index, order, canonical))
    try:
        events = resolve(state, phase, [o for _i, o, _c in runnable]).events
    except (OrderError, PhaseError) as exc:
        return PhasePreview(phase, tuple(verdicts[i] for i in sorted(verdicts)), problem=str(exc))
    _judge(runnable, events, verdicts)
    def of(kind: type[E]) -> tuple[E, ...]:
        return tuple(e for e in events if isinstance(e, kind))

    abstained = of(ev.Abstained)
    verdict = of(ev.Verdict)
    executed = of(ev.Executed)
    return PhasePreview(
        phase, tuple(verdicts[i] for i in sorted(verdicts)), of(ev.VoteCounted), of(ev.VotesAdded),
        abstained[0].players if abstained else (), abstained[0].electorate if abstained else (),
        verdict[0] if verdict else None, executed[0].player if executed else None, tuple(events))


def _judge(runnable: list[tuple[int, Order, Order]], events: tuple[ev.Event, ...],
           verdicts: dict[int, OrderVerdict]) -> None:
    """Each order's verdict from the engine's Accepted / Rejected / Replaced events, matched
    to the orders given in the order the engine judged them."""
    pending = list(runnable)
    accepted: list[tuple[int, Order, Order]] = []
    for event in events:
        if not isinstance(event, (ev.Accepted, ev.Rejected)):
            continue
        match = next((item for item in pending if item[2] == event.order), None)
        if match is None:
            continue   # a command run on someone's behalf (a zombie, a Король Пик puppet)
        pending.remove(match)
        index, given, _canonical = match
        if isinstance(event, ev.Rejected):
            verdicts[index] = OrderVerdict(index, given, Status.REFUSED, event.reason,
                                           refused_text(event.reason, given), why=refused_why(event.reason, given),
                                           message=event.message)
        else:
            verdicts[index] = OrderVerdict(index, given, Status.IN_FORCE, text="в силе")
            accepted.append(match)
    for event in events:
        if not isinstance(event, ev.Replaced):
            continue
        old = next((a for a in accepted if a[2] == event.order
                    and verdicts[a[0]].status is Status.IN_FORCE), None)
        new = next((a for a in accepted if a[2] == event.by_order and (old is None or a[0] > old[0])), None)
        if old is None:
            continue
        verdicts[old[0]] = OrderVerdict(old[0], old[1], Status.REPLACED,
                                        text="заменена",
                                        replaced_by=new[0] if new else None)
    for event in events:
        if not isinstance(event, (ev.Fizzled, ev.Blocked)) \
                and not (isinstance(event, ev.Redirected) and event.fizzles):
            continue
        hit = next((a for a in accepted if (a[2].by, a[2].ability) == (event.user, event.ability)
                    and verdicts[a[0]].status is Status.IN_FORCE), None)
        if hit is not None:
            # «использующий эту способность не узнает об этом, если не указано обратного»
            why = (f"{event.why} (игрок об этом не узнает)" if isinstance(event, ev.Fizzled)
                   else f"{event.fizzles} ({event.by_rule})" if isinstance(event, ev.Redirected)
                   else f"заблокирована ({event.by_rule})")
            verdicts[hit[0]] = OrderVerdict(hit[0], hit[1], Status.FIZZLES, why=why,
                                            text=f"в силе, но не сработает: {why}")
    for index, given, _canonical in pending:   # not judged: the game ended before it
        verdicts[index] = OrderVerdict(index, given, Status.NOT_REACHED, text="не рассмотрена: игра окончена")
