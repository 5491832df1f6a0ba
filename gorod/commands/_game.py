"""Shared by the game-loop commands: the `--game` option and turning errors into messages.

Not a command (no `register`). `with_game(handler)` opens the game named by `--game`
(default: $GOROD_GAME, else ./game.yaml) and turns the loop's, the config's and the
forum's errors into one line on stderr and exit status 1 (2 for a bad config).
"""
from __future__ import annotations

import functools
import json
import os
import sys


def add_game_option(parser) -> None:
    parser.add_argument("--game", default=os.environ.get("GOROD_GAME", "game.yaml"), metavar="FILE",
                        help="the game config (default: $GOROD_GAME or ./game.yaml)")


def with_game(name: str):
    def wrap(handler):
        @functools.wraps(handler)
        def run(args) -> int:
            from config.game import GameConfigError
            from gorod.loop.forum import ForumConfigError
            from gorod.loop.game import Game, LoopError
            from publisher.texts import TemplateError
            from scraper.errors import ScraperError

            try:
                game = Game.open(args.game)
            except GameConfigError as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 2
            try:
                return int(handler(game, args) or 0)
            except (LoopError, ForumConfigError, TemplateError, ScraperError) as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 1
            finally:
                game.store.close()
        return run
    return wrap


def print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1, default=str))
