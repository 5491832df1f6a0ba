"""Issue 26 (low): `phase extend` with a negative time or an earlier deadline shortened the
phase silently; «продлить» goes forward only, and says so."""
from __future__ import annotations

from datetime import timedelta

import pytest

from gorod.loop import deal, extend
from gorod.loop.game import LoopError


def test_extend_never_shortens_the_phase(make_game, clock):
    game = make_game()
    deal(game)
    deadline = game.current().deadline
    with pytest.raises(LoopError, match="только вперёд"):
        extend(game, hours=-2)
    with pytest.raises(LoopError, match="не позже нынешнего"):
        extend(game, until=deadline - timedelta(hours=1))
    assert game.current().deadline == deadline
    assert extend(game, hours=1).deadline == deadline + timedelta(hours=1)
