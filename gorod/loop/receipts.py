"""Receipts (`receipts: true`): one per player per phase, listing all his orders as read.

    refresh_receipt(game, "night 1", "dave")   # after his orders changed: intake, the GM's add/drop/choice
    withdraw_receipts(game, "night 1")         # at the phase's end: what is unsent is moot
    told_by_receipts(game, "night 1", sent_only=True)   # the refusals they told: not told again

The receipt is made again from his active orders of the open phase whenever they change:
an unsent one the GM has not edited is rewritten in place (an approved one goes back to
the GM: he approved another text), one that is sent or that the GM edited is followed by a
new one (the unsent one withdrawn), and one with no order left is withdrawn. gorod
withdraws every unsent receipt when its phase ends, so a receipt never goes out after its
phase with «до конца фазы» in it (issue 26).

What it says of each order is what the engine would do with his orders alone this phase
(`engine.preview` over them, in the order given): never what another player's order
does. An order refused only because an earlier one of his used the ability this night is
said so, naming the one in force. A dead or jailed author is told what holds there, not
that he may still change his orders.
"""
from __future__ import annotations

from engine.preview import Status, preview_phase
from engine.reasons import Reason
from gorod.loop.checks import command_problem
from gorod.loop.drafting import save_drafts
from gorod.loop.game import Game
from gorod.loop.records import DraftRow, DraftState, OrderRow
from publisher.drafts import ReceiptLine, describe_order, receipt_draft
from publisher.keys import PhaseKey, parse_key

KIND = "receipt"
UNSENT = (DraftState.PENDING, DraftState.APPROVED)
# the reasons that mean «this ability is spent this night»: an earlier order of his spent it
SPENT = (Reason.USED_UP, Reason.ONE_ACTION_PER_NIGHT)


def receipt_key(phase: str, nick: str, number: int) -> str:
    return str(PhaseKey(KIND, phase, number, nick))


def is_phase_receipt(draft: DraftRow) -> bool:
    """A receipt of this module (`receipt:PHASE:NICK:N`), not one of the older per-source kind."""
    key = parse_key(draft.key)
    return draft.kind == KIND and isinstance(key, PhaseKey) and key.kind == KIND


def receipts_of(game: Game, phase: str, nick: str) -> list[DraftRow]:
    def mine(draft: DraftRow) -> bool:
        key = parse_key(draft.key)
        return isinstance(key, PhaseKey) and key.kind == KIND and (key.phase, key.nick) == (phase, nick)

    return [d for d in game.records.drafts() if d.kind == KIND and mine(d)]


def _unsent(game: Game, draft: DraftRow | None) -> bool:
    return draft is not None and draft.state in UNSENT and not game.records.outbox(draft.id)


def refresh_receipt(game: Game, phase: str, nick: str) -> int | None:
    """The author's receipt of the open `phase` as his orders stand now; its id, or None."""
    current = game.current()
    if not game.config.receipts or current is None or str(current.phase) != phase:
        return None
    rows = [r for r in game.records.orders(phase) if r.by == nick]
    drafts = receipts_of(game, phase, nick)
    latest = drafts[-1] if drafts else None
    unsent = latest if _unsent(game, latest) else None
    if not rows:
        if unsent is not None:
            game.records.withdraw_draft(unsent.id, "у игрока нет заявок в силе")
        return None
    draft, trace = _render(game, current, nick, rows, len(drafts) + (0 if unsent is not None else 1))
    with game.store.transaction():
        if unsent is not None and not unsent.edited:
            if (unsent.body, unsent.title) == (draft.body, draft.title):
                return unsent.id
            if game.records.rewrite_draft(unsent.id, title=draft.title, body=draft.body, trace=trace):
                if unsent.state == DraftState.APPROVED:   # the GM approved another text
                    game.records.set_draft_state(unsent.id, DraftState.PENDING, expect=(DraftState.APPROVED,))
                return unsent.id
            unsent = None                  # a publisher claimed it meanwhile: it goes as it was
            draft, trace = _render(game, current, nick, rows, len(drafts) + 1)
        if unsent is None and latest is not None and latest.state == DraftState.POSTED \
                and latest.original == draft.body:
            return latest.id           # sent already, and nothing new to say
        if unsent is not None:         # the GM's edited text is about the orders as they were
            game.records.withdraw_draft(unsent.id, "заявки игрока изменились: новый текст в следующем черновике")
            draft, trace = _render(game, current, nick, rows, len(drafts) + 1)
        [made] = save_drafts(game, [draft], trace=trace)
        return made


def _render(game: Game, clock, nick: str, rows: list[OrderRow], number: int):
    state, _events = game.fold()
    orders = [r.order for r in rows]
    preview = preview_phase(state, clock.phase, orders)
    by_index = {v.index: v for v in preview.verdicts}
    lines, trace = [], []
    for index, (row, order) in enumerate(zip(rows, orders)):
        verdict = by_index.get(index)
        said, told = "", None
        if verdict is not None and verdict.status is Status.REFUSED:
            said = _refused(orders, index, verdict)
            told = verdict.message
        elif verdict is not None and verdict.status is Status.ERROR:
            said = "мастер проверит эту заявку: она не читается целиком"
        line = ReceiptLine(order, said)
        lines.append(line)
        gm_why = (command_problem(state, order) or verdict.why) if told else ""
        trace.append({"type": "Order", "scope": "private", "to": [nick], "rule": "receipt",
                      "cause": describe_order(order) + (f" — будет отклонена: {gm_why}" if told else ""),
                      "orders": [row.id], "line": line.text, "told": told})
    player = state.players.get(nick)
    standing = "dead" if player is not None and player.dead else \
        "prison" if player is not None and player.in_prison else "free"
    draft = receipt_draft(str(clock.phase), nick, lines, receipt_key(str(clock.phase), nick, number),
                          game.markup, game.texts, game_title=game.title, standing=standing)
    return draft, trace


def _refused(orders, index: int, verdict) -> str:
    """What the author is told now of an order that will be refused: the engine's reason; for
    one refused because an earlier order of his spent the ability, that one is named."""
    if verdict.reason in SPENT:
        earlier = [i for i in range(index) if orders[i].ability == orders[index].ability] or \
            ([i for i in range(index)] if verdict.reason is Reason.ONE_ACTION_PER_NIGHT else [])
        if earlier:
            first = describe_order(orders[earlier[-1]])
            return (f"не будет выполнена: за ночь можно только одно такое действие, и в силе ваша прежняя "
                    f"заявка ({first}); если вы передумали, мастер решит, какую оставить")
    text = verdict.message or verdict.why
    head, sep, tail = text.partition(" отклонена: ")
    return f"будет отклонена: {tail.rstrip('.') if sep else verdict.why}"


def withdraw_receipts(game: Game, phase: str) -> list[int]:
    """The phase ended: its unsent receipts say «до конца фазы» of a phase that is over."""
    out = []
    for draft in game.records.drafts(list(UNSENT)):
        if draft.kind == KIND and draft.phase == phase and not game.records.outbox(draft.id):
            if game.records.withdraw_draft(draft.id, "фаза закончилась раньше, чем приём ушёл"):
                out.append(draft.id)
    return out


def told_by_receipts(game: Game, phase: str, *, sent_only: bool) -> dict[str, list[str]]:
    """The refusals the phase's receipts tell, by player: those posted (`sent_only`: at the
    phase's end, when the unsent ones are withdrawn), or also those waiting (while it is
    open: a day's answer at once does not repeat what his receipt says)."""
    states = (DraftState.POSTED,) if sent_only else (DraftState.POSTED, *UNSENT)
    out: dict[str, list[str]] = {}
    for draft in game.records.drafts(list(states)):
        if draft.kind != KIND or draft.phase != phase:
            continue
        for item in draft.trace:
            if item.get("rule") == "receipt" and item.get("told"):
                out.setdefault(draft.audience, []).append(item["told"])
    return out
