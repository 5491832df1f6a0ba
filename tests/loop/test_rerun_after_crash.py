"""Every step run again after a crash finishes that step or does nothing, never the next
phase's work (issue 14: `GOROD_CRASH_AT=resolved gorod phase end`, then `gorod phase end`,
resolved the next phase at once, with no orders)."""
from __future__ import annotations

import pytest

from gorod.cli import main
from gorod.loop import deal, end_now
from gorod.loop.crash import SimulatedCrash
from test_cli_loop import make_config, run


def test_phase_end_rerun_after_a_crash_past_the_resolution_does_nothing(make_game, clock, monkeypatch):
    game = make_game()
    deal(game)
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "resolved")
    with pytest.raises(SimulatedCrash):
        end_now(game)
    monkeypatch.delenv("GOROD_CRASH_AT")
    again = end_now(make_game())
    assert again.again and str(again.phase) == "night 1" and again.drafts == []
    restarted = make_game()
    assert [str(p.phase) for p in restarted.records.phases()] == ["night 1"]
    assert str(restarted.current().phase) == "day 1"
    assert not end_now(restarted).again          # the intent is gone: the next end is the GM's wish
    assert [str(p.phase) for p in restarted.records.phases()] == ["night 1", "day 1"]


def test_phase_end_rerun_after_a_crash_before_the_commit_ends_that_phase(make_game, monkeypatch):
    game = make_game()
    deal(game)
    import gorod.loop.phases as phases

    def dies(_game, **_expected):
        raise SimulatedCrash("before the commit")
    monkeypatch.setattr(phases, "_resolve", dies)
    with pytest.raises(SimulatedCrash):
        end_now(game)
    monkeypatch.undo()
    ended = end_now(make_game())
    assert not ended.again and str(ended.phase) == "night 1"
    assert [str(p.phase) for p in make_game().records.phases()] == ["night 1"]


def test_gorod_phase_end_twice_as_a_gm_would(tmp_path, capsys, monkeypatch):
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")[0] == 0
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "resolved")
    with pytest.raises(SimulatedCrash):
        main(["phase", "end", "--no-read"])
    capsys.readouterr()
    monkeypatch.delenv("GOROD_CRASH_AT")
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0 and "Ночь 1 разрешена ещё прошлым запуском" in out and "ничего не сделано" in out, err
    code, out, _ = run(capsys, "state")
    assert "Открыта: День 1" in out


def test_deal_rerun_after_a_crash_inside_it_deals_once(make_game, monkeypatch):
    """The deal is one transaction: a crash inside leaves nothing, so the rerun deals; a
    rerun after it went through is refused and changes nothing."""
    import importlib

    from gorod.loop.game import LoopError

    dealing = importlib.import_module("gorod.loop.deal")   # (gorod.loop.deal is also the function)

    game = make_game()
    real = dealing.save_drafts

    def dies(*args, **kwargs):
        real(*args, **kwargs)
        raise SimulatedCrash("after the drafts, before the commit")
    monkeypatch.setattr(dealing, "save_drafts", dies)
    with pytest.raises(SimulatedCrash):
        deal(game)
    monkeypatch.undo()
    again = make_game()
    assert again.deal() is None and again.records.drafts() == [] and again.current() is None
    ids = deal(again)
    restarted = make_game()
    with pytest.raises(LoopError, match="роли уже розданы"):
        deal(restarted)
    assert [d.id for d in restarted.records.drafts()] == ids
    assert str(restarted.current().phase) == "night 1"
