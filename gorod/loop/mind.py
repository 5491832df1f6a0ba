"""Changes of mind at night: a second order of an ability its author may use once that night.

    ask_about_changes(game, phase, nick, new_ids)   # the intake, after storing his new orders
    choose(game, keep_id)                           # the GM's choice (console button, `gorod order keep`)
    choices(notice)                                 # the order ids a «передумал(а)?» item offers

The engine takes the first and refuses the second as spent (SPEC §1.3: «an ability can't
be ordered twice in one night»), but a player who writes «Передумал: …» means the second.
The GM decides: an inbox item «передумал(а)?» names both orders with one-click choices;
until he chooses, the ruling `night_order_change` (G1, `gorod rulings`) says which is in
force: `first` leaves the second to be refused, `last` marks the first superseded. An
order is «a second one» when the engine, over the author's own orders, refuses it as
spent and would take it without the earlier one: that earlier one is what he changed.
"""
from __future__ import annotations

from engine.preview import Status, preview_phase
from engine.reasons import Reason
from gorod.loop.game import Game, LoopError
from gorod.loop.records import NoticeKind, NoticeRow, OrderRow, OrderStatus
from gorod.loop.receipts import refresh_receipt
from gorod.loop.words import agreed, phase_name

KEY = "mind"
SPENT = (Reason.USED_UP, Reason.ONE_ACTION_PER_NIGHT)


def _refused_as_spent(state, phase, orders, index: int) -> bool:
    verdicts = {v.index: v for v in preview_phase(state, phase, orders).verdicts}
    v = verdicts.get(index)
    return v is not None and v.status is Status.REFUSED and v.reason in SPENT


def _changed(state, phase, rows: list[OrderRow], new: OrderRow) -> OrderRow | None:
    """The earlier order of his that `new` would replace, or None."""
    mine = [r for r in rows if r.id != new.id and r.id < new.id]
    orders = [r.order for r in mine] + [new.order]
    if not mine or not _refused_as_spent(state, phase, orders, len(mine)):
        return None
    for candidate in reversed(mine):     # the latest whose absence lets the new one through
        without = [r.order for r in mine if r.id != candidate.id] + [new.order]
        if not _refused_as_spent(state, phase, without, len(without) - 1):
            return candidate
    return None


def ask_about_changes(game: Game, phase: str, nick: str, new_ids: list[int]) -> list[int]:
    """An inbox item for each new order of `nick` that changes an earlier one this night;
    the ruling applied. The notices' ids."""
    current = game.current()
    if current is None or not current.phase.is_night or str(current.phase) != phase:
        return []
    state, _events = game.fold()
    rows = [r for r in game.records.orders(phase) if r.by == nick]
    rule = state.rulings["night_order_change"]
    asked = []
    for new in [r for r in rows if r.id in new_ids]:
        old = _changed(state, current.phase, rows, new)
        if old is None:
            continue
        if rule == "last":
            game.records.set_order_status(old.id, OrderStatus.SUPERSEDED,
                                          f"игрок передумал: в силе #{new.id} (правило night_order_change: last)")
        standing = new if rule == "last" else old
        text = (agreed(f"{nick} передумал(а)?", nick, game.texts.genders) + f" Ночью «{new.order.ability}» применяется один раз, а заявок две: "
                f"#{old.id} «{old.text}» ({old.source}) и #{new.id} «{new.text}» ({new.source}). "
                f"Пока вы не выбрали, в силе #{standing.id} (правило night_order_change: {rule}). "
                f"Выбрать: «Оставить #{old.id}» или «Взять #{new.id}» в консоли "
                f"(или gorod order keep {old.id} / gorod order keep {new.id}).")
        if game.records.notice(f"{KEY}:{phase}:{old.id}:{new.id}", NoticeKind.CHANGE_OF_MIND, text, phase):
            asked.append(new.id)
    return asked


def choices(notice: NoticeRow) -> tuple[int, int] | None:
    """(the earlier order, the later one) of a «передумал(а)?» item; None for another notice."""
    parts = notice.key.split(":")
    if notice.kind is not NoticeKind.CHANGE_OF_MIND or len(parts) != 4 or parts[0] != KEY:
        return None
    return int(parts[2]), int(parts[3])


def choose(game: Game, keep_id: int) -> NoticeRow:
    """The GM keeps order `keep_id` of an open «передумал(а)?» item: the other one is
    dropped, this one is in force, the item is read and the player's receipt follows."""
    current = game.open_phase()
    for notice in game.records.notices():
        pair = choices(notice)
        if pair is None or keep_id not in pair or notice.phase != str(current.phase):
            continue
        other = pair[0] if keep_id == pair[1] else pair[1]
        keep, drop = game.records.order(keep_id), game.records.order(other)
        with game.store.transaction():
            if drop is not None and drop.status == OrderStatus.ACTIVE:
                game.records.set_order_status(other, OrderStatus.DROPPED, f"игрок передумал: мастер оставил #{keep_id}")
            if keep is not None and keep.status != OrderStatus.ACTIVE:
                game.records.set_order_status(keep_id, OrderStatus.ACTIVE, "мастер выбрал её: игрок передумал")
            game.records.mark_notices_seen([notice.id])
            refresh_receipt(game, str(current.phase), keep.by if keep else drop.by)
        return notice
    raise LoopError(f"заявка #{keep_id} не из вопроса «передумал(а)?» {phase_name(current.phase, lower=True)}: "
                    "такие вопросы показывает gorod inbox")
