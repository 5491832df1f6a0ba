"""`gorod tally`: the open phase as the engine would resolve it now (issue 15, problem 5:
the CLI had no tally and nobody said who has not voted)."""
from __future__ import annotations

import json

from test_cli_loop import make_config, run


def test_the_cli_tally_shows_each_order_s_verdict_the_votes_and_who_has_not_voted(tmp_path, capsys, monkeypatch):
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: dave, ability: Кража, target: bob}")[0] == 0
    assert run(capsys, "order", "add", "{by: dave, ability: Кража, target: carol}")[0] == 0
    code, out, _ = run(capsys, "tally")
    assert code == 0 and "#1 {by: dave, ability: Кража, target: bob} — в силе" in out
    assert "#2 {by: dave, ability: Кража, target: carol} — будет отклонена: использовано" in out
    assert run(capsys, "order", "drop", "2")[0] == 0
    assert run(capsys, "phase", "end", "--no-read")[0] == 0          # day 1: bob is robbed
    for text in ("{by: bob, ability: Голосование, target: dave}",
                 "{by: alice, ability: Голосование, target: erin}",
                 "{by: alice, ability: Голосование, target: dave}",
                 "{by: bob, ability: Пророчество, target: carol}"):
        assert run(capsys, "order", "add", text)[0] == 0
    code, out, err = run(capsys, "tally")
    assert code == 0, err
    assert "{by: bob, ability: Голосование, target: dave} — будет отклонена: нет голоса сегодня" in out
    assert "{by: alice, ability: Голосование, target: erin} — заменена #5" in out
    assert "{by: bob, ability: Пророчество, target: carol} — будет отклонена: явная роль заблокирована" in out
    assert "alice → dave: 2 (Мэр: Деспотия, голос за два)" in out
    assert "Если день кончится сейчас, на казнь пойдёт dave." in out
    assert "Не голосовали: carol, dave, erin, frank, grace, heidi, мирон" in out
    data = json.loads(run(capsys, "tally", "--json")[1])
    assert data["totals"] == {"dave": 2} and data["leader"] == "dave"
    assert [o["verdict"] for o in data["orders"]][:2] == ["будет отклонена: нет голоса сегодня", "заменена #5"]
