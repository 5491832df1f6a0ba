"""Fixtures of the console's offline tests: a dealt game over the loop's in-memory forum
(tests/loop/fakeforum.py), a movable clock, and a Werkzeug test client of the console."""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from werkzeug.test import Client

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "loop"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import loopdata  # noqa: E402
from fakeforum import FakeForum  # noqa: E402

from config.game import load_game  # noqa: E402
from gorod.loop import deal  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.store import Store  # noqa: E402
from gorod.web import Console  # noqa: E402

from webdata import TOKEN  # noqa: E402
# Six of the loop tests' players (roles fixed: alice is the Мэр, dave the Вор and Бес).
PLAYERS = {nick: loopdata.PLAYERS[nick] for nick in ("alice", "bob", "carol", "dave", "erin", "frank")}


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)   # 12:00 in Moscow

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def forum() -> FakeForum:
    return FakeForum()


@pytest.fixture
def game_path(tmp_path) -> Path:
    data = {"title": "Город N: <b>тест</b>",
            "forum": {"profile": "spirit", "base_url": "http://forum.test", "thread_url": "http://forum.test/topic/1/x/",
                      "gm_user": "gm", "password_env": "GOROD_TEST_GM_PASSWORD"},
            "players": PLAYERS, "schedule": {"night_starts": "22:00", "day_starts": "10:00"}, "seed": 3}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture
def open_game(game_path, clock, forum):
    def make() -> Game:
        return Game(load_game(game_path), Store(game_path.parent / "gorod.sqlite3"), now=clock, forum=forum)
    return make


@pytest.fixture
def game(open_game) -> Game:
    game = open_game()
    deal(game)
    return game


@pytest.fixture
def console(open_game) -> Console:
    return Console(open_game, TOKEN)


@pytest.fixture
def client(console) -> Client:
    """A client that has opened the console's link once (it has the cookie)."""
    c = Client(console)
    assert c.get(f"/?token={TOKEN}").status_code == 303
    return c
