"""`gorod state` shows the recall net's questions (issue 13) with each candidate order as
the command that takes it."""
from __future__ import annotations

from test_cli_loop import make_config, run

from gorod.loop.game import Game
from scraper.orders import Roster, parse_text


def test_state_prints_candidate_orders_as_commands(tmp_path, capsys, monkeypatch):
    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    game = Game.open(path)
    [item] = parse_text("grace!", Roster.from_mapping({"dave": {"open": "Вор"}, "grace": {}}),
                        author="dave", private=True).unresolved
    game.records.add_unresolved("night 1", "dave", item, source_kind="pm", source_id="7", source_version=1, item=0)
    code, out, _ = run(capsys, "state")
    assert code == 0
    assert "dave: «grace!» — похоже на заявку «Кража» на grace?" in out
    assert '      gorod order add "{by: dave, ability: Кража, target: grace}" --resolves 1' in out
