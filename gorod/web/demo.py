"""The bundled demo game (`gorod/data/demo/`) as a running game, for a look at the console
without a forum: `gorod web --demo`, and the README screenshot (tests/web/test_browser.py).

    path = build_demo(folder, open_phase="day 2")   # game.yaml + gorod.sqlite3 in `folder`

The demo's saved thread and PMs are replayed (`gorod.replay`) for the orders of each
phase; the phases before `open_phase` are then played through the loop library as a GM
would: the orders stored, the phase resolved, its drafts approved and posted — to an
offline forum here (`OfflineForum`, which only keeps what it is given). In the open phase
half its orders are in, the drafts of the phase before wait for approval, and one post
the parser cannot read waits for the GM.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml

from config.game import load_game
from engine.phase import PhaseId
from gorod.demo import DEMO_DIR
from gorod.loop import approve, deal, publish, resolve_phase
from gorod.loop.game import Game
from gorod.loop.intake import take_post
from gorod.replay.replayer import replay
from gorod.store import Store
from scraper.model import Post
from scraper.poll import Change, PostEvent
from scraper.write import Created

UNCLEAR = ("Ева", "Голосую против Гриши, он весь день молчит")


@dataclass
class OfflineForum:
    """A forum that takes posts and PMs and shows none: the demo's console has no site."""

    engine: str = "spirit"
    max_length: int = 20000
    sent: list[tuple[str, str, str]] = field(default_factory=list)

    def poll_thread(self, *, rescan: bool = False):
        return iter(())

    def poll_pms(self, *, rescan: bool = False):
        return iter(())

    def last_post_id(self):
        return len(self.sent) or None

    def reply(self, text: str, *, after=None) -> Created:
        self.sent.append(("topic", "", text))
        return Created(len(self.sent), None)

    def send_pm(self, to: str, title: str, text: str, *, exclude=frozenset()) -> Created:
        self.sent.append((to, title, text))
        return Created(len(self.sent), None)

    def find_reply(self, after, text):
        return None

    def find_pm(self, to, title, text, exclude=frozenset()):
        return None


def open_demo(path: str | Path) -> Game:
    path = Path(path)
    return Game(load_game(path), Store(path.parent / "gorod.sqlite3"), forum=OfflineForum())


def build_demo(folder: str | Path, *, open_phase: str = "day 2", demo: Path = DEMO_DIR) -> Path:
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    config = yaml.safe_load((demo / "game.yaml").read_text(encoding="utf-8"))
    config.pop("replay", None)
    config["forum"] = {**config["forum"], "base_url": "http://forum.demo.invalid",
                       "thread_url": "http://forum.demo.invalid/topic/1/demo/"}
    path = folder / "game.yaml"
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (folder / "gorod.sqlite3").unlink(missing_ok=True)

    report = replay(load_game(demo / "game.yaml", extra_keys=frozenset({"replay"})),
                    str(demo / "thread"), str(demo / "pms"))
    stop = PhaseId.parse(open_phase)
    game = open_demo(path)
    try:
        deal(game)
        for phase in report.phases:
            _orders(game, phase, half=phase.phase == stop)
            if phase.phase == stop:
                break
            for draft in game.records.drafts(["pending"]):
                approve(game, draft.id, force=True)
            publish(game)
            resolve_phase(game)
        _unclear(game)
    finally:
        game.store.close()
    return path


def _orders(game: Game, phase, *, half: bool) -> None:
    orders = phase.orders[: max(1, len(phase.orders) // 2 + 1)] if half else phase.orders
    for item, order in enumerate(orders):
        game.records.add_order(str(phase.phase), str(order), order.by, source_kind="gm",
                               source_id=f"demo:{phase.phase}", item=item,
                               note="из сохранённой темы демо-игры")


def _unclear(game: Game) -> None:
    author, text = UNCLEAR
    now = game.now()
    post = Post("demo-1", author, now, text)
    take_post(game, PostEvent(Change.NEW, "topic", "demo-1", 1, post))
