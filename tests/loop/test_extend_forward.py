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


def test_the_workers_lines_carry_the_rounds_time(make_game, forum, clock, capsys):
    """Issue 26 (low): `gorod run` runs for days; each line of a round says when it ran."""
    from gorod.commands.run import _now_text, _show
    from gorod.loop import cycle

    game = make_game()
    deal(game)
    forum.pm("dave", "Кража — grace", clock.now)
    _show(cycle(game, post=False), False, _now_text(game))
    out = capsys.readouterr().out
    assert out.startswith("[30.11 12:00:00] прочитано: постов 0, ЛС 1; заявок 1"), out
