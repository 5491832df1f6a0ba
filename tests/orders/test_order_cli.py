"""`gorod parse` and `gorod memo` at the command line."""
from __future__ import annotations

import io
import json

import pytest

from gorod.cli import main

GAME = """players:
  Лис: {open: Мэр, secret: Бес}
  Петя: {open: Вор, secret: Гончая Ада}
  Тёмный Лорд: {open: Лекарь, secret: Мастер карт}
"""


@pytest.fixture
def game(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text(GAME, encoding="utf-8")
    return str(path)


def _run(argv, stdin, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    return code, capsys.readouterr().out


def test_parse_prints_orders_and_unresolved(game, monkeypatch, capsys):
    code, out = _run(["parse", "--game", game, "--from", "Петя"],
                     "Голосую против Мэра\nГолосую против кого-то", monkeypatch, capsys)
    assert code == 0
    data = json.loads(out)
    assert data["orders"] == [{"by": "Петя", "ability": "Голосование", "target": "Лис"}]
    assert [u["code"] for u in data["unresolved"]] == ["no_target"]
    assert set(data["unresolved"][0]) >= {"text", "reason", "candidates"}


def test_parse_secret(game, monkeypatch, capsys):
    code, out = _run(["parse", "--game", game, "--from", "Петя", "--secret"],
                     "Кусаю Тёмного Лорда\nОбворовываю Мэра", monkeypatch, capsys)
    assert code == 0
    assert json.loads(out)["orders"] == [
        {"by": "Петя", "ability": "Укус", "target": "Тёмный Лорд"},
        {"by": "Петя", "ability": "Кража", "target": "Лис"}]


def test_parse_without_author(game, monkeypatch, capsys):
    code, out = _run(["parse", "--game", game], "Голос: Петя", monkeypatch, capsys)
    assert json.loads(out)["orders"] == [{"by": None, "ability": "Голосование", "target": "Петя"}]


def test_parse_bad_game_file(tmp_path, monkeypatch, capsys):
    path = tmp_path / "bad.yaml"
    path.write_text("players: {Лис: {open: Царь}}\n", encoding="utf-8")
    code, out = _run(["parse", "--game", str(path)], "", monkeypatch, capsys)
    assert code == 2 and "players.Лис.open" in json.loads(out)["error"]


def test_memo(capsys):
    assert main(["memo", "--role", "Вор"]) == 0
    out = capsys.readouterr().out
    assert "Кража" in out and "Обворовываю Мэра" in out and "Укус" not in out


def test_memo_unknown_role(capsys):
    assert main(["memo", "--role", "Царь"]) == 2
