"""Sign-ups: «каждой явной роли может быть только один представитель, кто не успел
занять место, тот опоздал» — the first applicant by post order takes the role."""
from __future__ import annotations

import json

from gorod.cli import main
from scraper.model import Post
from scraper.signup import class_field, read_class, read_signups


def _post(n, author, text):
    return Post(id=str(n), author=author, posted_at=None, text=text)


POSTS = [
    _post(1, "Мастер игры", "Набор открыт! Форма заявки:\nНик:\nКласс:"),
    _post(2, "Лис", "Ник: Лис\nКласс: Мэр"),
    _post(3, "Петя", "Класс: мэр"),
    _post(4, "Петя", "Ладно. Класс: Вор"),
    _post(5, "Лис", "Класс: Богач"),
    _post(6, "Оля", "Класс: Астролог"),
    _post(7, "Дима", "Класс: Король"),
    _post(8, "Аня", "Хочу играть!\n[b]Класс[/b]: Цыганка"),
    _post(9, "Вера", "Класс: Лекр"),
]


def test_first_applicant_takes_the_role_and_the_rest_are_listed():
    result = read_signups(POSTS, gm="Мастер игры")
    assert dict((r, a.author) for r, a in result.assigned) == {
        "Мэр": "Лис", "Вор": "Петя", "Астролог": "Оля", "Цыганка": "Аня"}
    assert [(a.author, who) for a, who in result.late] == [("Петя", "Лис")]
    assert [a.author for a in result.duplicates] == ["Лис"]
    assert [(a.author, a.text) for a, _ in result.unknown] == [("Дима", "Король"), ("Вера", "Лекр")]
    assert "Лекарь" in dict((a.author, c) for a, c in result.unknown)["Вера"]
    assert result.players["Лис"] == {"open": "Мэр"}


def test_class_field_forms():
    assert class_field("Ник: Вася\nКласс: Сыщик\nО себе: ...") == "Сыщик"
    assert class_field("**Класс** — Бандит") == "Бандит"
    assert class_field("Просто болтаю про классную игру") is None
    assert read_class("Астролог") == ("Астролог", ())
    assert read_class("Мэр (бывший)")[0] is None
    assert read_class("ведьма, если можно")[0] == "Ведьма"


def test_gorod_signup_reads_scrape_json(tmp_path, capsys):
    path = tmp_path / "posts.json"
    path.write_text(json.dumps([p.to_json() for p in POSTS], ensure_ascii=False), encoding="utf-8")
    assert main(["signup", str(path), "--gm", "Мастер игры", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["assigned"]["Мэр"] == "Лис" and data["late"][0]["taken_by"] == "Лис"
    assert main(["signup", str(path), "--gm", "Мастер игры"]) == 0
    out = capsys.readouterr().out
    assert "Опоздал: Петя" in out and "Непонятный класс: Дима" in out


def test_gorod_signup_bad_json(tmp_path, capsys):
    path = tmp_path / "posts.json"
    path.write_text(json.dumps([{"who": "x"}]), encoding="utf-8")
    assert main(["signup", str(path)]) == 1


def test_gorod_signup_prints_the_players_block_and_says_what_failed_in_russian(tmp_path, capsys):
    """Issue 26, item 11: the `players:` block to paste, and a source that cannot be read said
    in Russian, naming it (a missing file; a thread URL whose forum refuses connections)."""
    import socket

    path = tmp_path / "posts.json"
    path.write_text(json.dumps([p.to_json() for p in POSTS], ensure_ascii=False), encoding="utf-8")
    assert main(["signup", str(path), "--gm", "Мастер игры"]) == 0
    out = capsys.readouterr().out
    block = out.split("players:\n", 1)[1]
    assert "  Лис: {open: Мэр}\n" in block and "  Петя: {open: Вор}\n" in block and "Дима" not in block
    assert main(["signup", str(tmp_path / "нет.html")]) == 1
    err = capsys.readouterr().err
    assert "нет.html: нет такого файла или папки" in err and "No such" not in err
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["signup", f"http://127.0.0.1:{port}/topic/1/запись/"]) == 1
    err = capsys.readouterr().err
    assert f"форум 127.0.0.1:{port} не принимает соединений" in err
    assert "Error" not in err and "%D0" not in err
