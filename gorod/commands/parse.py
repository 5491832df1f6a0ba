"""`gorod parse --game GAME.yaml [--from NICK] [--secret]`: the orders of one text on stdin."""
from __future__ import annotations

import json
import os
import sys


def register(sub) -> None:
    parser = sub.add_parser(
        "parse", help="прочитать заявки из текста на stdin (JSON: orders, unresolved, talk)",
        description="Read one post or PM text on stdin and print JSON "
        '{"orders": [...], "unresolved": [...], "talk": [...]}: each order in the order mapping of '
        "FORMAT.md (by, ability, target, ...), each unresolved item with text, reason "
        "(Russian) and candidates; a sentence that looks like an order but cannot be read is an item "
        "with code order_like whose candidates are whole orders («похоже на голос против Лиса?»); "
        "each clause that is no order and no question is in talk with the rule that makes it talk "
        "(rule, why in Russian; shown: a PM's clause the GM is shown). Quotes ([quote], «>» lines, "
        "«X писал(а):») are cut out before reading. "
        "[b]/[color] BBCode in the text counts as emphasis. "
        "GAME.yaml needs `players:` (nickname: {open, secret}) and may have `parsing:` "
        "(vote_forms, vote_emphasis, vote_color, orders_outside_comment, comment_label, threshold, margin, "
        "aliases).")
    parser.add_argument("--game", default=os.environ.get("GOROD_GAME", "game.yaml"), metavar="GAME.yaml",
                        help="the game: players and parse settings (default: $GOROD_GAME or ./game.yaml); "
                        "once the roles are dealt, the players as they are now (dealt secret roles, "
                        "open roles passed on)")
    parser.add_argument("--from", dest="author", metavar="NICK",
                        help="the author (a player); without it orders have by: null")
    parser.add_argument("--secret", action="store_true",
                        help="the text is a PM to the GM or a post's private text (secret orders)")
    parser.set_defaults(handler=_parse)


def _parse(args) -> int:
    from scraper.orders.game import GameFileError, load_game
    from scraper.orders.parse import parse_text

    try:
        roster, settings = _dealt(args.game) or _listed(load_game(args.game))
    except GameFileError as exc:
        print(json.dumps({"error": str(exc)}, ensure_ascii=False))
        return 2
    text = sys.stdin.read()
    result = parse_text(text, roster, settings, author=args.author, private=args.secret)
    print(json.dumps(result.to_json(), ensure_ascii=False, indent=1))
    return 0


def _listed(game):
    return game.roster, game.settings


def _dealt(path: str):
    """The roster of a running game (its store has the deal), or None for a plain players file."""
    from config.game import GameConfigError, load_game
    from gorod.loop.game import Game, LoopError, store_path
    from gorod.loop.intake import roster_of
    from gorod.store import Store
    from scraper.orders import ParseSettings

    try:
        config = load_game(path)
    except (GameConfigError, OSError):
        return None        # not a game config: a players file for the parser alone
    if not store_path(config).exists():
        return None        # not dealt (and reading must not create a store)
    game = Game(config, Store(store_path(config)))
    try:
        if game.deal() is None:
            return None
        state, _events = game.fold()
        return roster_of(state), ParseSettings.from_mapping(game.config.parsing)
    except LoopError:
        return None
    finally:
        game.store.close()
