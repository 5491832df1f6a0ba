"""`standing_orders: false` (A52 b, issue 27): the phase stops at the trigger and the loop
asks: the GM sees the question (the `phase end` message, a notice in `gorod state` and the
console), a PM asking the player is drafted, and the player's reply — an order of the
ability asked about, from his PM — is the answer; the phase then resolves."""
from __future__ import annotations

import json

import yaml

from test_cli_loop import make_config, run


def test_the_loop_asks_the_mayor_for_his_heir_and_his_reply_resolves_the_night(tmp_path, capsys, monkeypatch):
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["rulings"] = {"standing_orders": False}
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: erin, ability: Арест, target: alice}")[0] == 0

    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 1, out
    assert "фаза ждёт ответа alice" in err and "кому он передаёт Явную роль Мэра" in err
    assert "gorod order add '{by: alice, ability: Преемственность, answer: ник}'" in err
    code, out, _ = run(capsys, "state")
    assert "вопрос игроку" in out and "фаза ждёт ответа alice" in out
    drafts = json.loads(run(capsys, "drafts", "--json")[1])
    asked = [d for d in drafts if d["audience"] == "alice" and "Мастер спрашивает" in d["body"]]
    assert len(asked) == 1 and asked[0]["key"].startswith("question:night 1:alice"), drafts

    # his reply, read as an order of the ability asked about (a post: Преемственность is public)
    code, out, err = run(capsys, "order", "add", "Преемственность: передаю роль grace", "--from", "alice", "--public")
    assert code == 0, err
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0 and "Ночь 1 разрешена" in out, err
    code, out, _ = run(capsys, "state", "--json")
    players = json.loads(out)["players"]
    assert players["grace"]["open"] == "Мэр" and players["alice"]["open"] == "Мэр (бывший)"
