"""Exam finding 20: «Зомбирую erin. Команда: завтра проголосовать за grace» was asked about as
«нет ни команды, ни сигнала» — there is a command, only not one gorod can name: say that."""
from __future__ import annotations

from scraper.orders import ParseSettings, Roster, parse_text

ROSTER = Roster.from_mapping({"alice": {"open": "Мэр", "secret": "Лич"},
                              "bob": {"open": "Оракул", "secret": "Зомби"}})


def asked(text: str) -> list[str]:
    result = parse_text(text, ROSTER, ParseSettings(), author="alice", private=True)
    return [u.reason for u in result.unresolved]


def test_a_command_without_an_action_says_the_command_is_not_read():
    [reason] = asked("Зомбирую bob. Команда: спеть песню")
    assert "команда не прочитана" in reason and "ни команды, ни сигнала" not in reason
    assert "[публичное действие явной роли], [цель по явной роли]" in reason


def test_no_command_at_all_says_so_and_a_readable_one_is_an_order():
    [reason] = asked("Зомбирую bob")
    assert "нет ни команды, ни сигнала" in reason
    result = parse_text("Зомбирую bob, приказ: обворуй Мэра", ROSTER, ParseSettings(), author="alice", private=True)
    assert [o.arg("command").ability for o in result.orders] == ["Кража"]
