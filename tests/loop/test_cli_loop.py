"""The game-loop commands as a GM types them (the README's «A GM's day», offline: the
commands that need no forum), and their errors: one line naming the place, never a
traceback, and nothing stored lost."""
from __future__ import annotations

import json

import yaml

from gorod.cli import main
from loopdata import PLAYERS


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def make_config(tmp_path, capsys, monkeypatch) -> str:
    path = tmp_path / "game.yaml"
    code, out, _ = run(capsys, "init", str(path))
    assert code == 0 and "gorod deal" in out
    assert run(capsys, "init", str(path))[0] == 1            # never overwritten
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["players"] = PLAYERS
    data["secret_roles"] = []
    data["forum"]["base_url"] = "http://127.0.0.1:9"        # nothing there: these commands stay offline
    data["forum"]["thread_url"] = "http://127.0.0.1:9/topic/1/x/"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv("GOROD_GAME", str(path))
    return str(path)


def test_a_gms_day_offline(tmp_path, capsys, monkeypatch):
    make_config(tmp_path, capsys, monkeypatch)
    code, out, err = run(capsys, "deal")
    assert code == 0, err
    assert "Роли розданы" in out and "Черновиков стартовых ЛС: 9" in out
    code, out, _ = run(capsys, "drafts")
    assert out.count("ждёт") == 9 and "ЛС alice" in out
    code, out, _ = run(capsys, "show", "1")
    assert "Ваша тайная роль: Лич" in out and "Проверка тайн: чисто" in out
    assert run(capsys, "approve", "--all")[0] == 0
    assert json.loads(run(capsys, "drafts", "--json")[1])[0]["state"] == "approved"

    code, out, err = run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")
    assert code == 0 and out.startswith("#1 {by: dave, ability: Нападение, target: grace}"), err
    code, out, _ = run(capsys, "order", "add", "Исповедую erin", "--from", "carol")
    assert "#2 {by: carol, ability: Исповедь, target: erin}" in out
    assert run(capsys, "order", "drop", "2")[0] == 0
    code, out, _ = run(capsys, "order", "list", "--all")
    assert "#2 [Ночь 1]" in out and "(снята: снята мастером)" in out
    code, out, _ = run(capsys, "state")
    assert "Открыта: Ночь 1" in out and "#1 {by: dave, ability: Нападение, target: grace}" in out
    assert "Лич" in out                                       # the GM's table shows the secret roles

    assert run(capsys, "phase", "extend", "--hours", "2")[0] == 0
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0 and "Ночь 1 разрешена" in out, err
    code, out, _ = run(capsys, "drafts")
    assert "news" in out and "Ночь 1 (Новолуние)" in out
    code, out, _ = run(capsys, "state", "--at", "night 1", "--json")
    assert json.loads(out)["phase"] == "night 1"
    code, out, _ = run(capsys, "state", "--at", "start", "--json")
    assert json.loads(out)["phase"] == "start"

    news_id = next(d["id"] for d in json.loads(run(capsys, "drafts", "--json")[1]) if d["kind"] == "news")
    story = tmp_path / "story.txt"
    story.write_text("Ночь была тёмной.\n", encoding="utf-8")
    code, out, _ = run(capsys, "edit", str(news_id), "--file", str(story))
    assert code == 0 and "исправлен" in out
    assert run(capsys, "reject", str(news_id))[0] == 0
    code, out, _ = run(capsys, "drafts", "--all", "--json")
    assert next(d for d in json.loads(out) if d["id"] == news_id)["state"] == "rejected"


def test_errors_name_the_place_and_lose_nothing(tmp_path, capsys, monkeypatch):
    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    code, _, err = run(capsys, "deal")
    assert code == 1 and "роли уже розданы" in err
    code, _, err = run(capsys, "show", "999")
    assert code == 1 and "gorod show: нет черновика #999" in err
    code, _, err = run(capsys, "order", "add", "{by: dave")
    assert code == 1 and "gorod order add: не заявка" in err
    code, _, err = run(capsys, "state", "--at", "noon 3")
    assert code == 1 and "не фаза" in err
    code, _, err = run(capsys, "phase", "extend", "--hours", "100")
    assert code == 1 and "позже предела игрового дня" in err
    # a broken config is refused with its key path; the store is untouched
    text = open(path, encoding="utf-8").read()
    open(path, "w", encoding="utf-8").write(text.replace("poll_interval: 300", "poll_interval: often"))
    code, _, err = run(capsys, "drafts")
    assert code == 2 and "poll_interval: нужно целое число" in err
    open(path, "w", encoding="utf-8").write(text)
    assert run(capsys, "drafts")[1].count("ждёт") == 9
