"""Exam finding 4: «почему?» pins each event on the line that tells it (the start PM's
allies line, not the closing «Никому не сообщайте…»), and «узнал(а)» agrees with the
player told when his gender is known."""
from __future__ import annotations

import json

import yaml

from test_cli_loop import make_config, run


def dealt_with_genders(tmp_path, capsys, monkeypatch) -> None:
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["players"]["carol"]["gender"] = "ж"                # carol is the Демонолог, alice the Лич
    data["players"]["alice"]["gender"] = "м"
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0


def start_pm(capsys, nick: str) -> int:
    drafts = json.loads(run(capsys, "drafts", "--json")[1])
    return next(d["id"] for d in drafts if d["kind"] == "start" and d["audience"] == nick)


def test_the_start_pm_pins_the_allies_on_their_line(tmp_path, capsys, monkeypatch):
    dealt_with_genders(tmp_path, capsys, monkeypatch)
    out = run(capsys, "show", str(start_pm(capsys, "carol")))[1]
    why = out.split("Почему:", 1)[1]
    assert "«Ваши союзники: dave — Бес.» ← [лично: carol] узнала: Знакомства по ту сторону" in why, why
    assert "«Никому не сообщайте свою тайную роль.» ←" not in why
    out = run(capsys, "show", str(start_pm(capsys, "alice")))[1]
    assert "«Ваши союзники: bob — Зомби.» ← [лично: alice] узнал: Мистическая связь" in out, out


def test_a_status_line_names_the_votes_behind_it_not_the_refused_ones(tmp_path, capsys, monkeypatch):
    """Exam finding 27: the «статус» line of an execution listed a dead man's refused vote."""
    dealt_with_genders(tmp_path, capsys, monkeypatch)
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0                 # day 1
    votes = ["bob", "carol", "dave", "erin", "frank"]
    for voter in votes:
        assert run(capsys, "order", "add", f"{{by: {voter}, ability: Голосование, target: grace}}")[0] == 0
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0                 # grace executed
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0                 # night 2 → day 2
    for order in ("{by: grace, ability: Голосование, target: heidi}",            # dead: refused
                  "{by: bob, ability: Голосование, target: heidi}", "{by: carol, ability: Голосование, target: heidi}",
                  "{by: dave, ability: Голосование, target: heidi}", "{by: erin, ability: Голосование, target: heidi}"):
        assert run(capsys, "order", "add", order)[0] == 0
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0                 # heidi executed
    drafts = json.loads(run(capsys, "drafts", "--json")[1])
    news = next(d for d in drafts if d["kind"] == "news" and d["phase"] == "day 2")
    out = run(capsys, "show", str(news["id"]))[1]
    status = [line for line in out.split("Почему:", 1)[1].splitlines() if "] статус:" in line]
    assert status and "{by: bob, ability: Голосование, target: heidi}" in status[0], out
    assert "{by: grace, ability: Голосование, target: heidi}" not in "\n".join(status)
