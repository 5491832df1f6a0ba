"""Intake cost per post against the length of the game: it must stay flat.

    python benchmarks/intake.py [--posts 40] [--repeat 5]

The loop tests' nine-player game (tests/loop: the in-memory forum, an injected clock) is
played to 5 and to 30 resolved phases (two orders each night, none by day, so nobody dies
and the game goes on). Then PMs with orders arrive in the open phase and are taken in
(`gorod.loop.poll`: parse against the players as they are now, store with the source).

Printed, all measured in this run, in CPU time of the process (the store's commits wait on
the disk, which on a shared machine is noise, not intake's cost):
- `intake_ms_per_post` at 5 and at 30 phases, and `parse_ms_per_post`, the order parser
  alone on the same messages (the baseline: the part of intake that cannot depend on the
  game's length); `intake_vs_parse` = their ratio;
- `refold_ms` at 5 and 30 phases: one fold of the whole log from the deal, which is what
  reading a post cost before the fold was kept (it grows with the game);
- `flatness` = intake_vs_parse at 30 phases / at 5 phases (1.00 is flat).
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "loop"))   # the in-memory forum and the test game

from fakeforum import FakeForum  # noqa: E402
from loopdata import Clock, game_yaml  # noqa: E402

from config.game import load_game  # noqa: E402
from gorod.loop import add_order, deal, poll, resolve_phase  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.loop.intake import roster_of  # noqa: E402
from gorod.store import Store  # noqa: E402
from scraper.model import PrivateMessage  # noqa: E402
from scraper.orders import ParseSettings, parse_message  # noqa: E402

NIGHT_ORDERS = ("{by: dave, ability: Кража, target: grace}", "{by: carol, ability: Исповедь, target: erin}")
PMS = (("carol", "Исповедую erin"), ("dave", "Кража — grace"), ("heidi", "Допрашиваю bob и carol"))


def played(folder: Path, phases: int) -> tuple[Game, FakeForum, Clock]:
    clock, forum = Clock(), FakeForum()
    game = Game(load_game(game_yaml(folder)), Store(folder / "gorod.sqlite3"), now=clock, forum=forum)
    deal(game)
    for _ in range(phases):
        if game.current().phase.is_night:
            for order in NIGHT_ORDERS:
                add_order(game, order)
        clock.now = game.current().started + timedelta(minutes=1)
        resolve_phase(game)
        clock.now = game.current().started + timedelta(minutes=1)
    assert not game.over(), "the benchmark's game ended early"
    return game, forum, clock


def intake_ms(game: Game, forum: FakeForum, clock: Clock, posts: int) -> float:
    for n in range(posts):
        nick, text = PMS[n % len(PMS)]
        forum.pm(nick, text, clock.now)
    start = time.process_time()
    report = poll(game)
    elapsed = time.process_time() - start
    assert report.pms == posts, report
    return elapsed * 1000 / posts


def parse_ms(game: Game, posts: int) -> float:
    state = game.fold()[0]
    settings = ParseSettings.from_mapping(game.config.parsing)
    messages = [PrivateMessage(id=str(n), conversation_id=str(n), sender=PMS[n % len(PMS)][0], subject="заявка",
                               sent_at=None, text=PMS[n % len(PMS)][1]) for n in range(posts)]
    start = time.process_time()
    for message in messages:
        parse_message(message, roster_of(state), settings)     # the roster as intake makes it, per post
    return (time.process_time() - start) * 1000 / posts


def refold_ms(game: Game) -> float:
    game._fold = None            # what every post read cost before the fold was kept
    start = time.process_time()
    game.fold()
    return (time.process_time() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--posts", type=int, default=40, help="PMs taken in per measurement")
    parser.add_argument("--repeat", type=int, default=9, help="measurements per game length (the median is printed)")
    args = parser.parse_args()
    figures = {}
    with tempfile.TemporaryDirectory() as tmp:
        for phases in (5, 30):
            folder = Path(tmp) / f"game-{phases}"
            folder.mkdir()
            game, forum, clock = played(folder, phases)
            intake_ms(game, forum, clock, 5)                      # warm: imports, caches, the fold
            intake = statistics.median(intake_ms(game, forum, clock, args.posts) for _ in range(args.repeat))
            parse = statistics.median(parse_ms(game, args.posts) for _ in range(args.repeat))
            refold = statistics.median(refold_ms(game) for _ in range(args.repeat))
            figures[phases] = (intake, parse, refold)
            print(f"phases: {phases}")
            print(f"  intake_ms_per_post: {intake:.3f}")
            print(f"  parse_ms_per_post (baseline): {parse:.3f}")
            print(f"  intake_vs_parse: {intake / parse:.2f}")
            print(f"  refold_ms (the cost per post before the fold was kept): {refold:.3f}")
    (i5, p5, _), (i30, p30, _) = figures[5], figures[30]
    print(f"flatness (intake_vs_parse at 30 / at 5; 1.00 is flat): {(i30 / p30) / (i5 / p5):.2f}")


if __name__ == "__main__":
    main()
