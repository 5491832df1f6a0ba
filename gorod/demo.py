"""The demo: the bundled game, played on a real Spirit forum and saved as pages
(`gorod/data/demo/`, made by tools/make_demo_game.py), replayed offline as a GM would read it:
per phase, the news post and private messages gorod drafts from the parsed orders, what the
game's GM announced, the differences (none expected), and a summary table."""
from __future__ import annotations

import sys
from pathlib import Path

from config.game import GameConfigError, load_game
from gorod.replay.replayer import ReplayError, replay, start_drafts
from gorod.replay.report import show_phase, show_start, summary, writer
from publisher.russian import plural
from scraper.errors import ScraperError

DEMO_DIR = Path(__file__).resolve().parent / "data" / "demo"


def run_demo(folder: str | Path = DEMO_DIR, *, trace: bool = False, out=None) -> int:
    """Replay the demo game in `folder` (game.yaml, thread/, pms/); exit 0 when gorod's
    resolution matches every announcement of the game's GM, 1 when it does not."""
    out = out or sys.stdout
    folder = Path(folder)
    write = writer(out)
    try:
        game = load_game(folder / "game.yaml", extra_keys=frozenset({"replay"}))
        pages = sorted((folder / "thread").glob("*.html"))
        conversations = sorted((folder / "pms").glob("*.html"))
        write(f"gorod — {game.title}")
        write(f"Игроков: {len(game.seats)}. Тема: {len(pages)} {plural(len(pages), 'страница', 'страницы', 'страниц')} "
              f"форума Spirit, ЛС мастера: {len(conversations)} {plural(len(conversations), 'переписка', 'переписки', 'переписок')} "
              f"(сохранены в {folder}).")
        write("Каждая заявка прочитана из текста постов и личных сообщений; каждая фаза разрешена "
              "движком и сравнена с объявлениями мастера игры.")
        write()
        show_start(write, start_drafts(game))
        on_phase = lambda phase: show_phase(write, phase, private=True, trace=trace)  # noqa: E731
        report = replay(game, str(folder / "thread"), str(folder / "pms"), on_phase=on_phase)
    except (GameConfigError, ReplayError, ScraperError, ValueError) as exc:
        print(f"gorod demo: {exc}", file=sys.stderr)
        return 2
    write("Итог (видит только мастер):")
    summary(write, report)
    return 1 if report.differences or report.errors else 0
