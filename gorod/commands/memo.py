"""`gorod memo [--game GAME.yaml] [--role ROLE]`: how to write each order, in Russian."""
from __future__ import annotations

import sys


def register(sub) -> None:
    parser = sub.add_parser(
        "memo", help="памятка игрокам: как писать каждую заявку",
        description="Print, in Russian, how to write every order of the game, generated from "
        "the ability registry and the parser's vocabulary (the examples are the ones the "
        "parser is tested on). With --game, the vote forms and the «комментарий» rule of "
        "that game's `parsing:` section are used, and under its `rulings: standing_orders: false` "
        "how to answer the GM's question at a death.")
    parser.add_argument("--game", metavar="GAME.yaml", help="a game file with a `parsing:` section")
    parser.add_argument("--role", action="append", metavar="ROLE",
                        help="only the abilities of this role (open or secret); repeatable")
    parser.set_defaults(handler=_memo)


def _memo(args) -> int:
    from engine.names import canon_open_role, canon_secret_role
    from scraper.orders.game import GameFileError, load_game
    from scraper.orders.memo import memo
    from scraper.orders.settings import ParseSettings

    settings = ParseSettings()
    asks = False
    if args.game:
        try:
            game = load_game(args.game)
            settings = game.settings
            asks = game.rulings.get("standing_orders") is False   # choices at a death are asked
        except GameFileError as exc:
            print(f"gorod memo: {exc}", file=sys.stderr)
            return 2
    roles = None
    if args.role:
        roles = set()
        for name in args.role:
            canon = canon_open_role(name) or canon_secret_role(name)
            if canon is None:
                from engine.names import OPEN_ROLES, SECRET_ROLES
                from gorod.loop.checks import nearest
                near = nearest(name, (*OPEN_ROLES, *SECRET_ROLES))
                print(f"gorod memo: неизвестная роль «{name}»" + (f"; может быть: {', '.join(near)}" if near else ""),
                      file=sys.stderr)
                return 2
            roles.add(canon)
    sys.stdout.write(memo(settings, roles, asks=asks))
    return 0
