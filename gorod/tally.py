"""The tally of the open phase and each order's verdict, as the GM reads them in the
console and in `gorod tally`: a filter over the engine's dry run of the phase so far
(`engine.preview`), with no vote rule of its own.

    tally = live_tally(state, PhaseId.parse("day 2"), orders)   # the phase's orders so far
    tally.votes        # [Vote(voter, target, weight, why=("Мэр: Деспотия, голос за два",), …)]
    tally.totals       # {"Боря": 3, "Аня": 1}, what the engine counts now
    tally.leader       # who would be executed if the day ended now (None: nobody)
    tally.verdicts     # each order: «в силе», «будет отклонена: использовано», «заменена #1»
    tally.abstained    # «не голосовали»
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.abilities import find_ability, registry
from engine.api import VOTE
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.preview import OrderVerdict, PhasePreview, Status, preview_phase
from engine.state import GameState

@dataclass(frozen=True)
class Vote:
    voter: str
    target: str
    weight: int
    why: tuple[str, ...]
    order: str
    controlled_by: str | None = None


@dataclass
class Tally:
    phase: str
    votes: list[Vote] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)   # (order, the engine's reason)
    extra: list[str] = field(default_factory=list)                 # votes added, a save
    totals: dict[str, int] = field(default_factory=dict)
    leader: str | None = None
    verdict: str = ""
    outcome: ev.TallyOutcome | None = None
    abstained: tuple[str, ...] = ()
    electorate: tuple[str, ...] = ()
    verdicts: list[OrderVerdict] = field(default_factory=list)
    problem: str = ""
    verdict_by_row: dict[int, str] = field(default_factory=dict)   # filled by who knows the rows


def live_tally(state: GameState, phase: PhaseId, orders: list[Order]) -> Tally:
    """The tally and verdicts of `phase` if it ended now with `orders` (the state is unchanged)."""
    return tally_of(preview_phase(state, phase, list(orders)))


def tally_of(preview: PhasePreview) -> Tally:
    out = Tally(str(preview.phase), verdicts=list(preview.verdicts), problem=preview.problem)
    if preview.phase.is_night:
        return out
    out.votes = sorted((Vote(v.voter, v.target, v.weight, tuple(r.text for r in v.reasons), str(v.order),
                             v.controlled_by) for v in preview.votes),
                       key=lambda v: (-v.weight, v.target, v.voter))
    for event in preview.events:
        if isinstance(event, ev.Rejected) and _on_vote(event.order):
            out.refused.append((str(event.order), event.message))
        if isinstance(event, ev.Accepted):
            out.extra += [note for hook in registry.TALLY_NOTE.of(event.order.ability)
                          if (note := hook(event.order))]
    out.extra += [added.text for added in preview.added]
    out.abstained = preview.abstained
    out.electorate = preview.electorate
    verdict = preview.verdict
    if verdict is not None:
        out.totals = dict(verdict.totals)
        out.leader = preview.executed or verdict.condemned
        out.verdict = VERDICT_RU[verdict.outcome].format(condemned=verdict.condemned)
        out.outcome = verdict.outcome
    return out


def _on_vote(order: Order) -> bool:
    """An order that casts, saves or dictates a vote (its spec row's `on_vote`)."""
    spec = find_ability(order.ability)
    return spec is not None and spec.on_vote


VERDICT_RU = {
    ev.TallyOutcome.CONDEMNED: "приговорён {condemned}",
    ev.TallyOutcome.TIE: "ничья: казни нет",
    ev.TallyOutcome.NO_VOTES: "голосов нет: казни нет",
    ev.TallyOutcome.TOO_FEW: "голосов меньше порога: казни нет",
}


# An order's verdict after its phase was resolved (the preview's own words are the future's).
PAST_RU = {Status.IN_FORCE: "принята", Status.REFUSED: "отклонена: {why}",
           Status.FIZZLES: "принята, но не сработала: {why}"}


# Why nobody would be executed, said once («казни не будет (ничья)», not «(ничья: казни нет)»).
NO_EXECUTION_WHY = {ev.TallyOutcome.TIE: "ничья", ev.TallyOutcome.NO_VOTES: "голосов нет",
                    ev.TallyOutcome.TOO_FEW: "голосов меньше порога"}


def verdict_text(verdict: OrderVerdict, label=lambda index: f"#{index + 1}", *, past: bool = False) -> str:
    """An order's verdict in Russian; `label(index)` names another order (its store id);
    `past`: as said of a resolved phase («отклонена», not «будет отклонена»)."""
    if verdict.status is Status.REPLACED and verdict.replaced_by is not None:
        return f"заменена {label(verdict.replaced_by)}"
    if past and verdict.status in PAST_RU:
        return PAST_RU[verdict.status].format(why=verdict.why)
    if verdict.status is Status.IN_FORCE and verdict.order.ability == VOTE and not verdict.order.target:
        return "голос снят"          # an unvote in force is no vote «в силе» (issue 26)
    return verdict.text


def resolved_verdicts(game, phase: PhaseId) -> list[tuple[int, str, str]]:
    """What came of each order a resolved `phase` took, as (store id, order, verdict): the
    same dry run as the tally, over the state the phase began with, so the GM sees after the
    phase which order had no effect and why (a silent failure included, which its author
    is never told). Empty for a phase not resolved."""
    rows = game.records.phases()
    at = next((i for i, row in enumerate(rows) if row.phase == phase), None)
    if at is None:
        return []
    row = rows[at]
    before, _events = game.fold(rows[at - 1].phase if at else "start")
    preview = preview_phase(before, row.phase, list(row.orders))
    label = lambda index: f"#{row.order_ids[index]}"  # noqa: E731
    return [(row.order_ids[v.index], str(v.order), verdict_text(v, label, past=True)) for v in preview.verdicts]


def tally_now(game, state=None, *, problem=None, refusal=None) -> Tally:
    """The engine's dry run of the game's open phase over its orders in force;
    `verdict_by_row` gives each order's verdict by its store id («заменена #39»).
    `problem(state, order)`, when given, names an order that cannot resolve (an unknown
    player, an ability its author lacks): such an order is left out, never the whole tally.
    `refusal(state, order)`, when given, words a refused order as the state view does (a
    zombie command the zombie cannot carry out: `gorod.loop.checks.command_problem`)."""
    current = game.current()
    cached = game.open_preview() if hasattr(game, "open_preview") and problem is not None else None
    if cached is not None and (state is None or state is cached.state):
        # the game's one dry run of the open phase, over the orders `problem` lets through
        state, rows, tally = cached.state, list(cached.rows), tally_of(cached.result)
        return _by_row(tally, state, rows, refusal)
    if state is None:
        state, _events = game.fold()
    rows, orders = [], []
    for row in game.records.orders(current.phase):
        try:
            order = row.order
        except OrderError:
            continue   # an order that cannot be read: shown as an error where it is listed
        if problem is not None and problem(state, order) is not None:
            continue   # likewise: the orders list says why it will not resolve
        orders.append(order)
        rows.append(row)
    return _by_row(live_tally(state, current.phase, orders), state, rows, refusal)


def _by_row(tally: Tally, state: GameState, rows: list, refusal) -> Tally:
    """Each order's verdict by its store id, a refused one in the state view's words."""
    label = lambda index: f"#{rows[index].id}"  # noqa: E731
    tally.verdict_by_row = {rows[v.index].id: verdict_text(v, label) for v in tally.verdicts}
    for v in tally.verdicts:   # a zombie command: the state view's words, not the engine's form
        said = refusal(state, v.order) if refusal is not None and v.status is Status.REFUSED else None
        if said:
            tally.verdict_by_row[rows[v.index].id] = f"будет отклонена: {said}"
    return tally
