"""`gorod replay SOURCE --game GAME.yaml [--pms PMS]`: replay an archived game.

Exit status: 0 — no difference from the GM's announcements; 1 — differences (listed);
2 — the game or the source cannot be read.
"""
from __future__ import annotations

import sys
from dataclasses import replace

from config.game import GameConfigError, load_game
from gorod.replay.replayer import ReplayError, replay, start_drafts
from gorod.replay.source import dealt_roles
from gorod.replay.report import ProgressBar, show_phase, show_start, summary, writer
from scraper.errors import ScraperError
from scraper.orders import SettingsError


def register(sub) -> None:
    parser = sub.add_parser(
        "replay", help="переиграть архивную партию и сравнить с объявлениями мастера",
        description="Rebuild a finished (or running) game's timeline from its thread and the GM's "
        "PMs, parse every order, resolve each phase and print what gorod would have drafted and "
        "every difference from what the GM announced. Exit 0: no difference; 1: differences; "
        "2: cannot read the game or the source.")
    parser.add_argument("source", help="a thread URL, a folder of saved pages, or a game store (*.sqlite3)")
    parser.add_argument("--game", required=True, metavar="GAME.yaml",
                        help="the game config (players with their secret roles, rulings, parsing, replay)")
    parser.add_argument("--pms", metavar="PMS", help="the GM's PMs: a folder of saved PM pages, or JSON")
    parser.add_argument("--private", action="store_true", help="also print the drafted private messages")
    parser.add_argument("--trace", action="store_true", help="also print why each result happened")
    parser.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr (default: when stderr is a terminal)")
    parser.set_defaults(handler=run)


def run(args) -> int:
    return run_replay(args.source, args.game, args.pms, private=args.private, trace=args.trace,
                      progress=args.progress or sys.stderr.isatty())


def with_dealt_roles(game, source: str):
    """The config's players with the secret roles `gorod deal` drew (from the game's own store);
    without a deal, players with no secret role are refused in Russian before the replay starts."""
    missing = [s.nick for s in game.seats if not s.secret_role]
    if not missing:
        return game
    dealt = dealt_roles(source) or {}
    seats = tuple(replace(s, secret_role=dealt[s.nick][1]) if not s.secret_role and s.nick in dealt else s
                  for s in game.seats)
    still = [s.nick for s in seats if not s.secret_role]
    if still:
        raise ReplayError(f"нет тайной роли у игроков: {', '.join(still)} — впишите их в players: "
                          "(secret: …) или переиграйте хранилище партии (*.sqlite3), где роли раздал gorod deal")
    return replace(game, seats=seats)


def run_replay(source: str, game_path: str, pms: str | None = None, *, private: bool = False,
               trace: bool = False, progress: bool = False, out=None) -> int:
    out = out or sys.stdout
    write = writer(out)
    try:
        game = with_dealt_roles(load_game(game_path, extra_keys=frozenset({"replay"})), source)
        title = game.title or game_path
        write(f"gorod replay — {title}")
        write(f"Игроков: {len(game.seats)}")
        write()
        if private:
            show_start(write, start_drafts(game))

        def on_phase(phase):
            show_phase(write, phase, private=private, trace=trace)

        report = replay(game, source, pms, progress=ProgressBar() if progress else None, on_phase=on_phase)
    except (GameConfigError, SettingsError, ReplayError, ScraperError, ValueError) as exc:
        print(f"gorod replay: {exc}", file=sys.stderr)
        return 2
    summary(write, report)
    if report.errors:
        for error in report.errors:
            print(f"gorod replay: {error}", file=sys.stderr)
    return 1 if report.differences or report.errors else 0
