"""`gorod inbox [--all] [--read ID...|--read-all]`: what waits for the GM to read."""
from __future__ import annotations

from gorod.commands._game import add_game_option, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "inbox", help="почта мастера: письма игроков, которые не заявки, и извещения открытой фазы",
        description="List what waits for the GM: every PM, and every post addressed to the GM (his "
        "name, «мастер», «ведущий», «ГМ»), that holds no order; and the notices of the open phase "
        "(edits with their diffs, deleted posts, errors, a complete vote, orders skipped). A notice "
        "whose cause is gone (a draft posted after an error) is read by itself. --read marks items read.")
    add_game_option(parser)
    parser.add_argument("--all", action="store_true", help="also what was read, and notices of past phases")
    parser.add_argument("--read", type=int, nargs="+", metavar="ID", help="mark these items read")
    parser.add_argument("--read-all", action="store_true", help="mark every unread item read")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_inbox)


@with_game("inbox")
def _inbox(game, args) -> int:
    from gorod.loop.game import LoopError
    from gorod.loop.inbox import KIND_RU, inbox, mark_read

    if args.read or args.read_all:
        known = {i.id: i for i in inbox(game, everything=True)}
        missing = [i for i in (args.read or []) if i not in known]
        if missing:
            raise LoopError("нет такого в ящике: " + ", ".join(f"#{i}" for i in missing))
        count = mark_read(game, None if args.read_all else args.read)
        for item_id in (args.read or []):
            print(f"#{item_id} прочитано")
        if args.read_all:
            print(f"прочитано: {count}")
        return 0
    items = inbox(game, everything=args.all)
    if args.json:
        print_json([i.to_json() for i in items])
        return 0
    if not items:
        print("Для мастера ничего нового.")
    for item in items:
        mark = " (прочитано)" if item.seen else ""
        print(f"#{item.id} [{KIND_RU.get(item.kind, item.kind)}]{mark} {item.text}")
    return 0
