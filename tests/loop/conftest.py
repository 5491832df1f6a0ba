"""Fixtures of the game loop's offline tests: a game config, a store, a movable clock and
the in-memory forum (fakeforum.py)."""
from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakeforum import FakeForum  # noqa: E402
from loopdata import PLAYERS  # noqa: E402

from config.game import load_game  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.store import Store  # noqa: E402

# Monday 30 Nov 2026, 12:00 in Moscow (09:00 UTC).
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


def game_yaml(tmp_path: Path, **extra) -> Path:
    data = {
        "title": "Город N: тест",
        "forum": {"profile": "spirit", "base_url": "http://forum.test", "thread_url": "http://forum.test/topic/1/x/",
                  "gm_user": "gm", "password_env": "GOROD_TEST_GM_PASSWORD"},
        "players": PLAYERS,
        "schedule": {"night_starts": "22:00", "day_starts": "10:00", "resolve_minutes": 30},
        "poll_interval": 60,
        "seed": 7,
        **extra,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@dataclass
class Clock:
    now: datetime = T0

    def __call__(self) -> datetime:
        return self.now

    def at(self, moscow_hhmm: str, day: int = 0) -> datetime:
        """Moscow wall time on day T0 + `day`."""
        hour, minute = map(int, moscow_hhmm.split(":"))
        self.now = datetime(2026, 11, 30, hour, minute, tzinfo=timezone(timedelta(hours=3))) + timedelta(days=day)
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def forum() -> FakeForum:
    return FakeForum()


@pytest.fixture
def make_game(tmp_path, clock, forum):
    """make_game(**config) -> Game; call again for a 'restarted' process on the same store."""
    def make(**extra) -> Game:
        path = game_yaml(tmp_path, **extra) if extra or not (tmp_path / "game.yaml").exists() else tmp_path / "game.yaml"
        return Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=clock, forum=forum)
    return make
