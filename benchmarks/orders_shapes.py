"""The order parser's cost by the text's shape, not only its length (issue 23: some 100–120 KB
texts cost 3–20 s of CPU while the speed benchmark's 100 KB post takes 0.36 s).

    python benchmarks/orders_shapes.py [--size KB]           the shapes below, as ratios
    python benchmarks/orders_shapes.py --fuzz N [--bound B]  search N new shapes; exit 1 past B

A shape is a unit repeated to the size («голосую против » 7,000 times is one sentence of
7,000 votes). Printed per shape: its CPU per KB at `--size` KB over the same at a size 8
times smaller (`growth`: about 1 for a parser linear in the length, about 8 for a quadratic
one), and over the speed benchmark's ordinary post of the same size (`vs_post`). Times are
CPU time of this process (`time.process_time`), each ratio taken within one run.

`--fuzz` draws shapes with hypothesis (units of order words, names, markup, punctuation and
line breaks) and fails when one's growth exceeds `--bound` (default 3); the worst shapes it
finds are added to SHAPES below, so every later run measures them.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from orders_speed import PLAYERS, big  # noqa: E402
from scraper.orders import Roster, parse_text  # noqa: E402

# The units, each repeated to the size. The first ones came from the fuzzer: a sentence of
# votes without an end cost 420 ms/KB at 20 KB and doubled with each doubling of the length
# (every vote found tokenized the whole sentence again, before `_defers` was cached), and
# unclosed «« » grew 3.15 times per 8 (the quote regex tried each to the text's end).
SHAPES = {
    "votes in one sentence": "голосую против ",
    "unknown names in one sentence": "Голосую против Кузькиной ",
    "night orders, no full stop": "Кусаю Лиса, бью Машу, смотрю Петю; ",
    "quotes never closed": "«Лис ",
    "bold names": "[b]Лис[/b] ",
    "a name per line": "Лис\n",
    "votes with colons": "Голос: Лис. ",
    "digits": "1 ",
    "one long word": "а",
    "names joined by и": "Лиса и Маши и ",
    # the fuzzer's worst after the fixes (40 shapes at 32 KB, growth 1.73)
    "fuzzed: votes and checks, no end": "голос Машу смотрю смотрю , Машу смотрю смотрю ",
}
ROSTER = Roster.from_mapping(PLAYERS)


def _repeat(unit: str, size: int) -> str:
    return (unit * (size // len(unit) + 1))[:size]


def cost_per_kb(text: str) -> float:
    start = time.process_time()
    parse_text(text, ROSTER, author="Маша")
    return (time.process_time() - start) / (len(text) / 1000)


def growth(unit: str, size: int) -> float:
    small = cost_per_kb(_repeat(unit, size // 8))
    return cost_per_kb(_repeat(unit, size)) / max(small, 1e-6)


def measure(size: int) -> int:
    post = cost_per_kb(big(random.Random(13), size))
    print(f"ordinary post, {size // 1000} KB: {post * 1000:.2f} ms/KB")
    for name, unit in SHAPES.items():
        text = _repeat(unit, size)
        per_kb = cost_per_kb(text)
        print(f"{name:32s} {per_kb * 1000:8.2f} ms/KB  growth {growth(unit, size):5.2f}  vs_post {per_kb / post:5.2f}")
    return 0


def fuzz(count: int, bound: float, size: int) -> int:
    from hypothesis import HealthCheck, given, settings, strategies as st

    pieces = ["голосую", "против", "голос", "кусаю", "бью", "смотрю", "и", "или", "не", "Лиса", "Машу", "Петю",
              "Котика", "Dan", "Brown", "Мэра", "Вора", "Кузькину", "[b]", "[/b]", "[color=red]", "[quote]", "«", "»",
              "\"", "(", ")", ":", ",", ".", ";", "—", "!", "?", "\n", "\n\n", " ", "  ", "1", "2.", "#", "*"]
    unit = st.lists(st.sampled_from(pieces), min_size=1, max_size=8).map(" ".join)
    worst: list[tuple[float, str]] = []

    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(unit)
    def one(u: str) -> None:
        worst.append((growth(u, size), u))

    one()
    worst.sort(reverse=True)
    for g, u in worst[:5]:
        print(f"growth {g:5.2f}  unit {u!r}")
    over = [u for g, u in worst if g > bound]
    print(f"{len(worst)} shapes, {len(over)} over the bound {bound}")
    return 1 if over else 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=64, help="KB (default 64)")
    ap.add_argument("--fuzz", type=int, metavar="N", help="search N shapes instead")
    ap.add_argument("--bound", type=float, default=3.0, help="the growth a shape may reach (default 3)")
    args = ap.parse_args(argv)
    parse_text("Голосую против Лиса", ROSTER, author="Маша")      # the dictionary loads once
    if args.fuzz:
        return fuzz(args.fuzz, args.bound, args.size * 1000)
    return measure(args.size * 1000)


if __name__ == "__main__":
    sys.exit(main())
