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


from engine.orders import Order, OrderError, order_keys
from gorod.loop.checks import command_problem, nearest, order_problem
from gorod.loop.game import Game, LoopError
from gorod.loop.intake import roster_of
from gorod.loop.receipts import refresh_receipt
from gorod.loop.words import phase_name, resolved
from scraper.orders import ParseSettings, Reason, parse_text


def add_order(game: Game, text: str, *, author: str | None = None, private: bool | None = None,
              phase: str | None = None, resolves: int | None = None) -> list[int]:
    """`private`: the free text was a PM (True) or a post (False); None: as the unresolved
    item `resolves` came (a post's item is public: its vote counts), else a PM."""
    current = game.open_phase()
    if private is None:
        item = next((u for u in game.records.unresolved(open_only=False) if u.id == resolves), None)
        private = item is None or item.source_kind != "post"
    if phase is not None and phase != str(current.phase):
        raise LoopError(f"{phase_name(phase)} — не открытая фаза (открыта {phase_name(current.phase, lower=True)}); "
                        "разрешённая фаза не меняется")
    state, _events = game.fold()
    if author is None:
        try:
            orders = [Order.parse(text)]
        except OrderError as exc:
            raise LoopError(f"не заявка: {_form_problem(text) or exc} (пишите {{by: НИК, ability: …, target: …}} "
                            "или дайте --from НИК для свободного текста)") from None
    else:
        result = parse_text(text, roster_of(state), ParseSettings.from_mapping(game.config.parsing),
                            author=author, private=private)
        if result.unresolved:
            public = (" (если текст был постом в теме: --public)" if private
                      and any(u.code is Reason.VOTE_IN_PM for u in result.unresolved) else "")
            raise LoopError("не прочитано: " + "; ".join(
                f"«{u.text}» — {u.reason}" + (f"; может быть: {', '.join(u.candidates)}" if u.candidates else "")
                for u in result.unresolved) + public)
        if not result.orders:
            raise LoopError(f"в «{text}» нет заявки")
        orders = list(result.orders)
    for order in orders:
        problem = order_problem(state, order) or command_problem(state, order)
        if problem is not None:
            raise LoopError(f"заявка «{order}» не принята: {problem}")
    ids = []
    with game.store.transaction():
        now = game.current()
        if now is None or now.phase != current.phase:   # resolved meanwhile: the order would be lost
            raise LoopError(f"{resolved(current.phase)} только что (другим процессом или кругом работника): "
                            "заявка не добавлена, повторите её в открытой фазе")
        source = game.records.next_gm_source()
        for item, order in enumerate(orders):
            ids.append(game.records.add_order(current.phase, order, order.by, source_kind="gm",
                                              source_id=source, item=item, given_at=game.now().isoformat(),
                                              note="добавлена мастером"))
        if resolves is not None and not game.records.close_unresolved(resolves):
            raise LoopError(f"нет неясного пункта ?{resolves}")
        for nick in dict.fromkeys(o.by for o in orders):   # the player's receipt: the GM settled his order
            refresh_receipt(game, str(current.phase), nick)
    return ids


def _form_problem(text: str) -> str | None:
    """What is wrong with the order form's YAML, in the GM's words (the config's
    translation of PyYAML's problems), at the place in a one-line order; None if it reads."""
    import yaml

    from config.yamlfile import yaml_problem

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        problem = yaml_problem(exc)
        if "\n" not in text.strip() and problem.startswith("строка 1, столбец "):
            problem = "позиция " + problem[len("строка 1, столбец "):]
        return f"«{text}»: {problem}"
    if not isinstance(data, dict):
        return f"«{text}»: нужна запись в фигурных скобках"
    keys = order_keys()
    for key in data:
        if str(key) not in keys:
            like = nearest(str(key), keys, n=1)
            return f"«{text}»: неизвестное поле «{key}»" + (f"; может быть: {like[0]}" if like else "")
    for key in ("by", "ability"):
        if not data.get(key):
            return f"«{text}»: нет поля «{key}»"
    return None


def drop_order(game: Game, order_id: int, *, reason: str = "снята мастером") -> None:
    row = _open_row(game, order_id)
    if row.status != "active":
        raise LoopError(f"заявка #{order_id} уже не в силе ({STATUS_RU.get(row.status, row.status)})")
    game.records.set_order_status(order_id, "dropped", reason)
    refresh_receipt(game, str(row.phase), row.by)
    if row.source_kind != "gm" and not any(o.status == "active"
                                           for o in game.records.source_orders(row.source_kind, row.source_id)):
        game.records.clear_notices(f"deleted:{row.source_kind}:{row.source_id}")   # the GM has settled it


def restore_order(game: Game, order_id: int) -> None:
    """Put a dropped, superseded or late order of the open phase back in force."""
    row = _open_row(game, order_id)
    game.records.set_order_status(order_id, "active", "восстановлена мастером")
    refresh_receipt(game, str(row.phase), row.by)


STATUS_RU = {"active": "в силе", "dropped": "снята", "superseded": "заменена правкой", "late": "опоздала"}


def _open_row(game: Game, order_id: int):
    row = game.records.order(order_id)
    if row is None:
        raise LoopError(f"нет заявки #{order_id}")
    current = game.open_phase()
    if row.phase != current.phase:
        raise LoopError(f"заявка #{order_id} — из фазы «{phase_name(row.phase)}», она уже разрешена и не меняется")
    return row
