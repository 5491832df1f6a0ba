"""Per-game parse settings and the game file: errors name the key path."""
from __future__ import annotations

import pytest

from scraper.orders.game import GameFileError, load_game
from scraper.orders.names import Roster, RosterError
from scraper.orders.settings import Emphasis, ParseSettings, SettingsError, VoteForm


def test_defaults():
    s = ParseSettings.from_mapping(None)
    assert s.vote_emphasis == Emphasis.NONE and s.orders_outside_comment
    assert VoteForm.RU in s.vote_forms and VoteForm.BOLD_NAME not in s.vote_forms


def test_reads_a_section():
    s = ParseSettings.from_mapping({"vote_forms": ["ru", "Hash"], "vote_emphasis": "color",
                                    "vote_color": "Orange", "orders_outside_comment": False, "threshold": 90})
    assert s.vote_forms == {VoteForm.RU, VoteForm.HASH}
    assert s.vote_emphasis == Emphasis.COLOR and s.vote_color == "orange"
    assert not s.orders_outside_comment and s.threshold == 90.0


@pytest.mark.parametrize("data,path", [
    ({"vote_forms": ["ru", "smoke"]}, "parsing.vote_forms[1]"),
    ({"vote_forms": "ru"}, "parsing.vote_forms"),
    ({"vote_emphasis": "italic"}, "parsing.vote_emphasis"),
    ({"orders_outside_comment": "yes"}, "parsing.orders_outside_comment"),
    ({"threshold": 150}, "parsing.threshold"),
    ({"colour": "red"}, "parsing.colour"),
])
def test_errors_name_the_key(data, path):
    with pytest.raises(SettingsError, match=path.replace("[", r"\[").replace("]", r"\]")):
        ParseSettings.from_mapping(data)


def test_roster_errors_name_the_key():
    with pytest.raises(RosterError, match=r"players\.Аня\.open"):
        Roster.from_mapping({"Аня": {"open": "Царь"}})
    with pytest.raises(RosterError, match=r"players\.Аня\.secret"):
        Roster.from_mapping({"Аня": {"secret": "Дракон"}})


def test_roster_reads_aliases_and_the_former_mayor():
    r = Roster.from_mapping({"Аня": {"open": "мэр (бывший)", "secret": "гончая ада"}, "Боря": {"open": "Мэр"}})
    assert r.player("аня").open == "Мэр (бывший)" and r.player("АНЯ").secret == "Гончая Ада"
    assert r.holder("Мэр") == "Боря"


def test_game_file(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("players:\n  Аня: {open: Мэр, secret: Бес}\nparsing:\n  vote_emphasis: bold\n",
                    encoding="utf-8")
    game = load_game(path)
    assert game.roster.nicks == ("Аня",) and game.settings.vote_emphasis == Emphasis.BOLD
    path.write_text("parsing: {}\n", encoding="utf-8")
    with pytest.raises(GameFileError, match="players"):
        load_game(path)
    path.write_text("players: {Аня: {open: Мэр}}\nparsing: {vote_forms: [x]}\n", encoding="utf-8")
    with pytest.raises(GameFileError, match=r"game.yaml: parsing.vote_forms\[0\]"):
        load_game(path)
