"""Fixtures of the game loop's offline tests: a game config, a store, a movable clock and
the in-memory forum (fakeforum.py)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fakeforum import FakeForum  # noqa: E402
from loopdata import PLAYERS, T0, Clock, game_yaml  # noqa: E402,F401  (fixtures below)

from config.game import load_game  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.store import Store  # noqa: E402

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
