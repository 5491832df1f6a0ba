"""Engine speed: seeded random legal games (16 players, ten days and nights, every
living player giving orders). Prints games per second, the median time of one night's
resolution, and, as a same-run baseline, the cost of copying the state (which every
resolve does) so the figures can be compared across machines.

    .venv/bin/python benchmarks/engine.py [--games N]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))  # the random games: tests/simulate.py

from engine.phase import FIRST_PHASE  # noqa: E402
from engine.resolve import resolve  # noqa: E402
from simulate import RandomGame, random_orders  # noqa: E402


def play_game(seed: int, night_times: list[float], phases: int = 20) -> int:
    state = RandomGame(seed).start()
    rng = random.Random(seed)
    phase = FIRST_PHASE
    played = 0
    for _ in range(phases):
        orders = random_orders(state, phase, rng)
        start = time.perf_counter()
        result = resolve(state, phase, orders)
        if phase.is_night:
            night_times.append(time.perf_counter() - start)
        state = result.state
        played += 1
        if state.game_over:
            break
        phase = phase.next()
    return played


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    night_times: list[float] = []
    phases = 0
    start = time.perf_counter()
    for seed in range(args.games):
        phases += play_game(seed, night_times)
    elapsed = time.perf_counter() - start
    # Baseline in the same run: one deep copy of a fresh 16-player state.
    state = RandomGame(0).start()
    copies = 2000
    t0 = time.perf_counter()
    for _ in range(copies):
        state.copy()
    copy_time = (time.perf_counter() - t0) / copies
    median_night = statistics.median(night_times)
    print(f"games: {args.games}, phases: {phases}, nights: {len(night_times)}")
    print(f"games_per_second: {args.games / elapsed:.1f}")
    print(f"median_night_ms: {median_night * 1000:.3f}")
    print(f"state_copy_ms (baseline): {copy_time * 1000:.3f}")
    print(f"night_vs_copy_ratio: {median_night / copy_time:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
