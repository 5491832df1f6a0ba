"""The GM's own orders: ones that came another way (Skype/ICQ, a chat) or that overrule
what gorod read, and dropping an order.

    add_order(game, "{by: Аня, ability: Укус, target: Боря}")          # the order form of FORMAT.md
    add_order(game, "кусаю Борю", author="Аня", private=True)          # or free text, parsed
    drop_order(game, 12, reason="дана дважды")

An added order joins the open phase (or `phase=`, which must be the open one: a
resolved phase is history) with source `gm`. Free text goes through the order parser;
anything it cannot read is an error naming the reason, nothing is stored then.
`resolves=ID` closes an unresolved item with the order that settles it. A dropped order
stays in the store with its status and the reason.
"""
from __future__ import annotations

from engine.orders import Order, OrderError
from gorod.loop.game import Game, LoopError
from gorod.loop.intake import roster_of
from scraper.orders import ParseSettings, parse_text


def add_order(game: Game, text: str, *, author: str | None = None, private: bool = True,
              phase: str | None = None, resolves: int | None = None) -> list[int]:
    current = game.current()
    if current is None:
        raise LoopError("no phase is open: run `gorod deal` first")
    if phase is not None and phase != str(current.phase):
        raise LoopError(f"{phase} is not the open phase ({current.phase}); a resolved phase cannot change")
    state, _events = game.fold()
    if author is None:
        try:
            orders = [Order.parse(text)]
        except OrderError as exc:
            raise LoopError(f"not an order: {exc} (write it as {{by: NICK, ability: …, target: …}}, "
                            "or give --from NICK for free text)") from None
    else:
        result = parse_text(text, roster_of(state), ParseSettings.from_mapping(game.config.parsing),
                            author=author, private=private)
        if result.unresolved:
            raise LoopError("; ".join(f"«{u.text}»: {u.reason}" for u in result.unresolved))
        if not result.orders:
            raise LoopError(f"no order in «{text}»")
        orders = list(result.orders)
    for order in orders:
        if order.by not in state.players:
            raise LoopError(f"{order.by!r} is not a player (players: {', '.join(state.players)})")
    ids = []
    with game.store.transaction():
        source = game.records.next_gm_source()
        for item, order in enumerate(orders):
            ids.append(game.records.add_order(current.phase, order, order.by, source_kind="gm",
                                              source_id=source, item=item, given_at=game.now().isoformat(),
                                              note="добавлена мастером"))
        if resolves is not None and not game.records.close_unresolved(resolves):
            raise LoopError(f"no unresolved item #{resolves}")
    return ids


def drop_order(game: Game, order_id: int, *, reason: str = "снята мастером") -> None:
    row = game.records.order(order_id)
    if row is None:
        raise LoopError(f"no order #{order_id}")
    current = game.current()
    if current is None or row.phase != current.phase:
        raise LoopError(f"order #{order_id} belongs to {row.phase}, which is resolved: it cannot change")
    if row.status != "active":
        raise LoopError(f"order #{order_id} is {row.status} already")
    game.records.set_order_status(order_id, "dropped", reason)


def restore_order(game: Game, order_id: int) -> None:
    """Put a dropped, superseded or late order of the open phase back in force."""
    row = game.records.order(order_id)
    current = game.current()
    if row is None:
        raise LoopError(f"no order #{order_id}")
    if current is None or row.phase != current.phase:
        raise LoopError(f"order #{order_id} belongs to {row.phase}, which is resolved: it cannot change")
    game.records.set_order_status(order_id, "active", "восстановлена мастером")
