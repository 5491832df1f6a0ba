"""`gorod init`'s example game file: the GM reads it, so its comments are Russian (the keys
and values stay as gorod reads them), and it is a valid game config as written."""
from __future__ import annotations

import re

import yaml

from gorod.cli import main

LATIN, CYRILLIC = re.compile(r"[A-Za-z]"), re.compile(r"[А-Яа-яЁё]")
# what a Russian comment may still spell in Latin letters: code, commands, keys, file names
CODE = re.compile(r"`[^`]*`|\b[a-z_]+:|[\w./~-]*[/.][\w./~-]*|\b(?:SPEC|chmod|true|false|terse|full|"
                  r"spirit|phpbb3|mybbru|gorod \w+|gorod|secret_roles|setup|open|secret|gender)\b|Город\w* N")


def comments(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        if "#" in line and not line.lstrip().startswith(("#  ", "#   ")):   # not a commented-out key
            out.append(line.split("#", 1)[1].strip())
    return [c for c in out if c]


def test_the_example_comments_are_russian(tmp_path, capsys):
    path = tmp_path / "game.yaml"
    assert main(["init", str(path)]) == 0
    capsys.readouterr()
    text = path.read_text(encoding="utf-8")
    found = comments(text)
    assert len(found) >= 20
    english = [c for c in found if LATIN.search(CODE.sub("", c)) or not CYRILLIC.search(c)]
    assert english == [], english


def test_the_example_is_a_valid_game_config(tmp_path, capsys):
    from config.game import load_game

    path = tmp_path / "game.yaml"
    assert main(["init", str(path)]) == 0
    capsys.readouterr()
    game = load_game(path)
    assert game.forum.thread_url.endswith("/topic/12/gorod-n/") and len(game.players) == 8
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert data["schedule"]["night_starts"] == "22:00" and data["receipts"] is False
