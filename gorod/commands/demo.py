"""`gorod demo`: replay the bundled demo game offline and print what a GM would draft."""
from __future__ import annotations

from gorod.demo import DEMO_DIR, run_demo

DEMO = DEMO_DIR


def register(sub) -> None:
    parser = sub.add_parser(
        "demo", help="переиграть встроенную демо-партию и напечатать черновики (без сети)",
        description="Replay the bundled demo game — twelve players, five nights and days, played on a "
        "real Spirit forum and saved as its pages — offline: parse every order from the posts and the "
        "GM's PMs, resolve each phase, and print in Russian the news post and the private messages "
        "gorod drafts, what the game's GM announced, every difference, and a summary table. "
        "Exit 0: no difference from the GM; 1: differences.")
    parser.add_argument("--game", default=str(DEMO_DIR / "game.yaml"), metavar="GAME.yaml",
                        help="the game file of another archived game to show (like every --game, a file): "
                        "its folder holds thread/ (saved pages) and pms/ (saved PM pages)")
    parser.add_argument("--trace", action="store_true", help="also print the GM's trace (why each result)")
    parser.set_defaults(handler=_demo)


def _demo(args) -> int:
    from pathlib import Path

    game = Path(args.game)
    if game.is_dir():   # the folder itself, as before: still understood
        return run_demo(game, trace=args.trace)
    if not game.is_file():
        import sys
        print(f"gorod demo: --game: нет файла {game}", file=sys.stderr)
        return 2
    return run_demo(game.parent, trace=args.trace)
