"""`gorod demo`: resolve the bundled demo game and print what a GM would draft."""
from __future__ import annotations

from pathlib import Path

from gorod.demo import run_demo

DEMO = Path(__file__).resolve().parent.parent / "data" / "demo-game.yaml"


def register(sub) -> None:
    parser = sub.add_parser(
        "demo", help="resolve the bundled demo game and print the drafts (no network)",
        description="Resolve the bundled demo game phase by phase and print, in Russian, the "
        "news post and the private messages gorod would draft, and a table of the players.")
    parser.add_argument("--game", default=str(DEMO), metavar="FILE",
                        help="a scenario file to show instead of the bundled game")
    parser.add_argument("--trace", action="store_true", help="also print the GM's trace (why each result)")
    parser.set_defaults(handler=lambda args: run_demo(args.game, trace=args.trace))
