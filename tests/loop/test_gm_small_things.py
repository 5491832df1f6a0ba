"""Issue 26's low items in the loop and the CLI: `phase extend` never shortens the phase
silently; the worker's lines carry their time; a long send shows its progress."""
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


def test_a_long_send_shows_its_progress(make_game, capsys):
    from gorod.commands.drafts import _publish
    from gorod.loop import approve

    game = make_game()
    deal(game)
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    total = len(game.records.drafts(["approved"]))

    class Args:
        json = False
    assert _publish.__wrapped__(game, Args()) == 0          # the command's body, on this game
    out = capsys.readouterr().out
    assert f"[1/{total}] #" in out and f"[{total}/{total}] #" in out and "роль → " in out


def test_a_late_order_names_the_phase_it_was_late_for_and_what_to_do(make_game, forum, clock):
    """Issue 26 (low): an order written in the резолв of night 1 and read once day 1 was open
    said «во время резолва фазы «День 1»»; it was night 1's, and day 1 is open to resend it."""
    from gorod.loop import cycle, end_now

    game = make_game()
    deal(game)
    clock.at("09:00", 1)
    end_now(game, read=False, confirmed=True)                  # day 1 opens now
    forum.post("dave", "Голосую против grace", clock.now - timedelta(seconds=30))
    cycle(game, post=False)
    [late] = [d for d in game.records.drafts() if d.kind == "late"]
    assert "во время резолва фазы «Ночь 1 (Новолуние)»" in late.body
    assert "Если она для фазы «День 1», пришлите её ещё раз" in late.body
