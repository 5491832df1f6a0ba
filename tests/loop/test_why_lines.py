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
