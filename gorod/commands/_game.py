"""Shared by the game-loop commands: the `--game` option and turning errors into messages.

Not a command (no `register`). `with_game(handler)` opens the game named by `--game`
(default: $GOROD_GAME, else ./game.yaml) and turns the loop's, the config's and the
forum's and the store's errors into one line on stderr and exit status 1 (2 for a bad config).
"""
from __future__ import annotations

import functools
import json
import logging
import os
import re
import sqlite3
import sys
from urllib.parse import unquote, urlsplit


def add_game_option(parser) -> None:
    parser.add_argument("--game", default=os.environ.get("GOROD_GAME", "game.yaml"), metavar="FILE",
                        help="the game config (default: $GOROD_GAME or ./game.yaml)")


# The commands that may begin a game's store; every other one needs it there (`StoreMissing`).
BEGIN_A_GAME = frozenset({"deal", "run"})


def with_game(name: str):
    def wrap(handler):
        @functools.wraps(handler)
        def run(args) -> int:
            from config.game import GameConfigError
            from gorod.loop.forum import ForumConfigError
            from gorod.loop.game import Game, LoopError
            from publisher.texts import TemplateError
            from gorod.store_faults import StoreError, fault_of
            from scraper.errors import ScraperError

            try:
                game = Game.open(args.game, begins=name in BEGIN_A_GAME)
            except GameConfigError as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 2
            except StoreError as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 1
            if game.store.created:        # said once, so a mistyped `store:` is seen at once
                print(f"gorod {name}: новое хранилище игры {game.store.path}: игра на этом файле "
                      "начинается здесь", file=sys.stderr)
            game.actor = f"gorod {name}"   # named to a process the writer lock refuses meanwhile
            retries = RetryNotice(name)
            logging.getLogger("scraper.http").addHandler(retries)
            try:
                return int(handler(game, args) or 0)
            except ScraperError as exc:
                print(f"gorod {name}: {forum_trouble(exc, name)}", file=sys.stderr)
                return 1
            except (LoopError, ForumConfigError, TemplateError) as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 1
            except UsageError as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 2
            except StoreError as exc:
                print(f"gorod {name}: {exc}", file=sys.stderr)
                return 1
            except sqlite3.Error as exc:      # a read that met a damaged page after the open
                fault = fault_of(game.store.path, exc)
                if fault is None:
                    raise
                print(f"gorod {name}: {fault}", file=sys.stderr)
                return 1
            finally:
                logging.getLogger("scraper.http").removeHandler(retries)
                game.store.close()
        return run
    return wrap


class UsageError(Exception):
    """A value on the command line the command cannot take (exit 2, like a bad config)."""


# A phase as the GM types it: «день 6», «day6», «Ночь 1 (Новолуние)» copied from a draft's title.
_PHASE_TYPED = re.compile(r"^\s*(night|day|ночь|день)\s*(\d+)\s*(?:\(\s*(\w+)\s*\))?\s*$", re.IGNORECASE)


def phase_arg(text: str, where: str | None = None):
    """The phase a GM typed («ночь 2», «day3», «Ночь 1 (Новолуние)»), or a Russian refusal
    naming `where` and the forms."""
    from engine.phase import PhaseId

    place = f"{where}: " if where else ""
    match = _PHASE_TYPED.match(str(text))
    if match is None or int(match.group(2)) < 1:
        raise UsageError(f"{place}не фаза: «{text}» (пишите «ночь 2» или «день 3»; "
                         "можно и «night 2», «day 3»)")
    phase = PhaseId.parse(f"{match.group(1)} {match.group(2)}")
    moon = match.group(3)
    if moon is not None and (not phase.is_night or moon.lower() != phase.moon.value.lower()):
        from gorod.loop.words import phase_name

        said = (f"у ночи {phase.number} луна — {phase.moon.value}" if phase.is_night
                else "у дня луны нет")
        raise UsageError(f"{place}не фаза: «{text}» ({said}; пишите «{phase_name(phase, lower=True)}»)")
    return phase


# What to do when the forum cannot be read, per command (the rest: try again later).
NO_READ_HINT = {"phase end": "закончить фазу без чтения форума: gorod phase end --no-read",
                "run": "без чтения форума: gorod run --once --no-read; отправка ждёт, пока форум не ответит"}


def forum_trouble(exc, command: str) -> str:
    from gorod.loop.words import forum_trouble as words

    return words(exc, NO_READ_HINT.get(command, "повторите позже"))


class RetryNotice(logging.Handler):
    """The HTTP client's retries, told to the GM at once in Russian (not after the last one)."""

    QUIET = 60.0    # seconds: a worker that runs for days says it again, not at every retry

    def __init__(self, command: str) -> None:
        super().__init__(logging.WARNING)
        self.command = command
        self.told_at: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        if "retrying" not in str(record.msg):
            return
        if self.told_at is not None and record.created - self.told_at < self.QUIET:
            return
        self.told_at = record.created
        args = record.args if isinstance(record.args, tuple) else ()
        url = unquote(str(args[0])) if args else "форум"
        host = urlsplit(url).netloc or url      # the forum by name; the transport's English stays in the log
        print(f"gorod {self.command}: форум {host} не отвечает ({url}), пробую ещё раз… "
              f"Не ждать: Ctrl-C; {NO_READ_HINT.get(self.command, 'повторите позже')}.", file=sys.stderr, flush=True)


def print_json(data) -> None:
    print(json.dumps(data, ensure_ascii=False, indent=1, default=str))
