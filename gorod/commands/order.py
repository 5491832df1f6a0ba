"""`gorod order add|drop|restore|list`: the GM's own orders and overrides."""
from __future__ import annotations

from gorod.commands._game import add_game_option, phase_arg, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "order", help="добавить заявку, пришедшую иначе, снять или вернуть заявку, список заявок",
        description="The GM's overrides of the open phase: `add` an order given by Skype/ICQ or one "
        "that settles an unresolved item, `drop` one gorod read (it stays stored, marked dropped), "
        "`restore` a dropped, superseded or late one, `list` them.")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)

    p = actions.add_parser("add", help="добавить приказ: '{by: НИК, ability: …, target: …}' или --from НИК ТЕКСТ",
                           description="Add an order to the open phase: in the order form "
                           "'{by: Аня, ability: Укус, target: Боря}', or free text with --from NICK (read by "
                           "the order parser as a PM, or as a post with --public; with --resolves ID as the "
                           "item came: a post's item is read as a post, so a vote in it counts).")
    add_game_option(p)
    p.add_argument("text")
    p.add_argument("--from", dest="author", metavar="NICK", help="free text written by this player")
    p.add_argument("--public", action="store_true",
                   help="the free text was a post, not a PM (default: a PM, or as the --resolves item came)")
    p.add_argument("--resolves", type=int, metavar="ID", help="the unresolved item (?ID) this settles")
    p.set_defaults(handler=_add)

    p = actions.add_parser("drop", help="снять приказ открытой фазы")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.add_argument("--reason", default="снята мастером")
    p.set_defaults(handler=_drop)

    p = actions.add_parser("restore", help="вернуть в силу снятый, заменённый или опоздавший приказ")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.set_defaults(handler=_restore)

    p = actions.add_parser("keep", help="игрок передумал(а)? оставить эту из двух заявок, другую снять")
    add_game_option(p)
    p.add_argument("id", type=int, help="номер заявки, которую оставить (из вопроса «передумал(а)?» в gorod inbox)")
    p.set_defaults(handler=_keep)

    p = actions.add_parser("list", help="приказы фазы (по умолчанию открытой)")
    add_game_option(p)
    p.add_argument("--phase", metavar="PHASE", help="the orders of this phase («ночь 1», «день 2»; default: the open one)")
    p.add_argument("--all", action="store_true", help="also dropped, superseded and late ones")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_list)

    p = actions.add_parser("done", help="закрыть неразобранное сообщение без приказа")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.set_defaults(handler=_done)


@with_game("order add")
def _add(game, args) -> int:
    from gorod.loop import add_order

    ids = add_order(game, args.text, author=args.author, private=False if args.public else None,
                    resolves=args.resolves)
    for order_id in ids:
        print(f"#{order_id} {game.records.order(order_id).text}")
    return 0


@with_game("order drop")
def _drop(game, args) -> int:
    from gorod.loop import drop_order

    drop_order(game, args.id, reason=args.reason)
    print(f"#{args.id} снята")
    return 0


@with_game("order restore")
def _restore(game, args) -> int:
    from gorod.loop.orders import restore_order

    restore_order(game, args.id)
    print(f"#{args.id} восстановлена")
    return 0


@with_game("order keep")
def _keep(game, args) -> int:
    from gorod.loop.mind import choices, choose

    notice = choose(game, args.id)
    other = [i for i in choices(notice) if i != args.id]
    print(f"#{args.id} в силе" + (f", #{other[0]} снята" if other else ""))
    return 0


@with_game("order done")
def _done(game, args) -> int:
    from gorod.loop.game import LoopError

    if not game.records.close_unresolved(args.id):
        raise LoopError(f"нет неясного пункта ?{args.id}")
    print(f"?{args.id} закрыт")
    return 0


@with_game("order list")
def _list(game, args) -> int:
    from gorod.loop.orders import STATUS_RU
    from gorod.loop.words import phase_name

    current = game.current()
    phase = str(phase_arg(args.phase, "--phase")) if args.phase else (str(current.phase) if current else None)
    rows = game.records.orders(phase, status=None if args.all else "active")
    if args.json:
        print_json([r.to_json() for r in rows])
        return 0
    for r in rows:
        status = "" if r.status == "active" else f" ({STATUS_RU.get(r.status, r.status)}: {r.note or ''})"
        print(f"#{r.id} [{phase_name(r.phase)}] {r.text}  [{r.source}]{status}")
    return 0
