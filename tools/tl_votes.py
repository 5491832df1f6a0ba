#!/usr/bin/env python3
"""The real-games report: the TeamLiquid games' votes against their hosts' vote counts.

    .venv/bin/python tools/tl_votes.py [--shared ../shared] [--details]

Prints, per game, how many of the host's posted vote counts gorod reproduces exactly (every
voter on the same target), how many of their lines («Target (N): voters») match, and every
mismatched voter classified (gorod / host / elsewhere / rules, see gorod/replay/votes.py).
The numbers are pinned by tests/replay/test_tl_votes.py.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from gorod.replay.votes import check_game  # noqa: E402

GAMES = ("hammertime", "the-void")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"))
    parser.add_argument("--details", action="store_true", help="every mismatched voter with the reason")
    args = parser.parse_args()
    games_dir = Path(args.shared) / "corpus" / "games"
    if not games_dir.is_dir():
        print(f"tl_votes: {games_dir} is absent", file=sys.stderr)
        return 2
    print("| game | posts | votes read | unread | host counts | reproduced | lines matched | "
          "gorod | host | elsewhere | rules |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    results = [check_game(ROOT / "gorod/data/teamliquid" / f"{name}.yaml", games_dir) for name in GAMES]
    for g in results:
        kinds = g.by_kind()
        print(f"| {g.name} | {g.posts} | {g.votes_parsed} | {g.votes_unresolved} | {len(g.counts)} | "
              f"{sum(c.reproduced for c in g.counts)} | {sum(c.lines_same for c in g.counts)}/"
              f"{sum(c.lines for c in g.counts)} | {kinds['gorod']} | {kinds['host']} | "
              f"{kinds['elsewhere']} | {kinds['rules']} |")
    if args.details:
        for g in results:
            print(f"\n{g.name}:")
            for c in g.counts:
                mark = "=" if c.reproduced else "≠"
                print(f"  {mark} count in post {c.post} (day {c.day}): lines {c.lines_same}/{c.lines}")
                for m in c.mismatches:
                    print(f"      {m.kind:9} {m.voter}: host {m.host_says or '—'}, gorod {m.gorod_says or '—'} — {m.why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
