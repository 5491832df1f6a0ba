"""`gorod demo`: replay the bundled demo game offline and print what a GM would draft."""
from __future__ import annotations

from gorod.demo import DEMO_DIR, run_demo

DEMO = DEMO_DIR


def register(sub) -> None:
    parser = sub.add_parser(
        "demo", help="replay the bundled demo game and print the drafts (no network)",
        description="Replay the bundled demo game — twelve players, five nights and days, played on a "
        "real Spirit forum and saved as its pages — offline: parse every order from the posts and the "
        "GM's PMs, resolve each phase, and print in Russian the news post and the private messages "
        "gorod drafts, what the game's GM announced, every difference, and a summary table. "
        "Exit 0: no difference from the GM; 1: differences.")
    parser.add_argument("--game", default=str(DEMO_DIR), metavar="FOLDER",
                        help="a folder with game.yaml, thread/ and pms/ to show instead of the bundled game")
    parser.add_argument("--trace", action="store_true", help="also print the GM's trace (why each result)")
    parser.set_defaults(handler=lambda args: run_demo(args.game, trace=args.trace))
