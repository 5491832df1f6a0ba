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
