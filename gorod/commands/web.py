"""`gorod web`: the GM's console in the browser, on 127.0.0.1 with a random access token."""
from __future__ import annotations

import os
import sys

from gorod.commands._game import add_game_option


def register(sub) -> None:
    parser = sub.add_parser(
        "web", help="консоль мастера в браузере (127.0.0.1, токен печатается при запуске)",
        description="Serve the GM's console on 127.0.0.1: the game (players with open and secret roles, "
        "lives, statuses, masks; phase, moon, deadline countdown), this phase's orders with their source "
        "texts and the unresolved ones to pick, the live vote tally with each vote's weight and why, the "
        "drafts as the forum will show them («почему?» per line, edit, approve / reject, approve all, "
        "posting status), manual orders and overrides, the game's rulings. A random access token is "
        "printed at start: open the printed URL once, the browser keeps a cookie. Stop with Ctrl+C.")
    add_game_option(parser)
    parser.add_argument("--port", type=int, default=8765, help="the port on 127.0.0.1 (default 8765; 0: any free one)")
    parser.add_argument("--demo", action="store_true",
                        help="the bundled demo game as a running game (day 2 open), offline: "
                        "nothing is posted anywhere")
    parser.set_defaults(handler=_web)


def game_token(game) -> str:
    """The console's token of this game: one per game, kept in its store, so the GM's open
    tab and his link survive a restart of `gorod web` (issue 26)."""
    from gorod.web import new_token

    token = game.records.get("web_token")
    if not token:
        token = new_token()
        game.records.put("web_token", token)
    return token


def _web(args) -> int:
    from config.game import GameConfigError
    from gorod.loop.game import Game
    from gorod.store_faults import StoreError
    from gorod.web import Console, new_token, serve

    token = os.environ.get("GOROD_WEB_TOKEN")
    if args.demo:
        import tempfile

        from gorod.web.demo import build_demo, open_demo
        path = build_demo(tempfile.mkdtemp(prefix="gorod-demo-"))
        open_game = lambda: open_demo(path)   # noqa: E731
    else:
        try:
            game = Game.open(args.game)          # a bad config is told now, not on the first page
        except GameConfigError as exc:
            print(f"gorod web: {exc}", file=sys.stderr)
            return 2
        except StoreError as exc:
            print(f"gorod web: {exc}", file=sys.stderr)
            return 1
        if game.store.created:        # as `gorod deal` and `gorod run` say it: a mistyped store: is seen at once
            print(f"gorod web: новое хранилище игры {game.store.path}: игра на этом файле начинается здесь",
                  file=sys.stderr)
        token = token or game_token(game)
        game.store.close()
        open_game = lambda: Game.open(args.game)   # noqa: E731
    token = token or new_token()                 # the demo: a fresh one
    app = Console(open_game, token)

    def ready(url: str) -> None:
        print(f"gorod web: консоль мастера: {url}?token={token}", flush=True)
        print("Подключиться можно только с этой машины; в ссылке — ключ доступа. Остановить: Ctrl+C.", flush=True)

    try:
        serve(app, port=args.port, ready=ready)
    except OSError as exc:
        print(f"gorod web: порт 127.0.0.1:{args.port} занят или недоступен ({exc}); другой: --port N (0 — любой свободный)",
              file=sys.stderr)
        return 1
    return 0
