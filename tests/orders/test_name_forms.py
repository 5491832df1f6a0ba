"""Nicknames as players write them (holdout4's name forms): Cyrillic spellings of a Latin
nickname by sound, pet forms of a given name, a whole word of a longer nickname, feminine role
names; and quoted speech inside a sentence. Each read only where no other player shares the
form; otherwise asked."""
from __future__ import annotations

import pytest

from scraper.orders import Roster, parse_text
from scraper.orders.name_forms import pet_forms, spellings
from scraper.orders.result import Reason, Verdict

PLAYERS = {
    "Rusty": {"open": "Богач", "secret": "Тварь"},
    "Nyx": {"open": "Оракул", "secret": "Демонолог"},
    "Velvet": {"open": "Цыганка", "secret": "Суккуб"},
    "Тимофей": {"open": "Священник", "secret": "Инквизитор"},
    "Боря": {"open": "Бандит", "secret": "Стражник"},
    "xXx_Dimon_xXx": {"open": "Вор", "secret": "Гончая Ада"},
    "Серый Волк": {"open": "Оборотень", "secret": "Мирный житель"},
    "Кира": {"open": "Сыщик", "secret": "Зомби"},
    "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"},
}
ROSTER = Roster.from_mapping(PLAYERS)


def test_a_latin_nickname_is_spelled_as_it_sounds():
    assert {"расти", "русти"} <= spellings("Rusty")
    assert "никс" in spellings("Nyx")
    assert "вельвет" in spellings("Velvet")
    assert "гендальф" in spellings("Gendalf")
    assert "петя" in spellings("Petya")        # a digraph stays one letter
    assert spellings("x1") == frozenset()


def test_pet_forms_and_full_names_come_apart():
    pets, full = pet_forms("Тимофей")
    assert {"тимоха", "тима", "тимоша"} <= pets and not full
    pets, full = pet_forms("Боря")
    assert "борис" in full and "борис" not in pets


@pytest.mark.parametrize("text, target", [
    ("Голосую против Расти", "Rusty"),
    ("вешаю Никс", "Nyx"),
    ("Голос: Вельвет", "Velvet"),
    ("ГОЛОСУЮ ПРОТИВ ТИМОХИ!!!", "Тимофей"),
    ("Меняю голос на Димона", "xXx_Dimon_xXx"),
    ("Голос — Серому.", "Серый Волк"),
    ("Голосую против Волка", "Серый Волк"),
    ("Голосую против Сыщицы", "Кира"),
])
def test_written_forms_are_read(text, target):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert [o.target for o in result.orders] == [target], result.unresolved


def test_a_full_name_of_a_pet_form_nickname_is_only_a_candidate():
    result = parse_text("Голосую против Бориса", ROSTER, author="Хомяк")
    assert not result.orders
    assert [u.code for u in result.unresolved] == [Reason.LOW_CONFIDENCE]
    assert "Боря" in result.unresolved[0].candidates


def test_a_word_two_nicknames_share_is_asked():
    roster = Roster.from_mapping({**PLAYERS, "Серый Кот": {"open": "Кузнец", "secret": "Мирный житель"}})
    result = parse_text("Голосую против Серого", roster, author="Хомяк")
    assert not result.orders
    assert result.unresolved and {"Серый Волк", "Серый Кот"} <= set(result.unresolved[0].candidates)


def test_quoted_speech_inside_a_sentence_is_a_quote_not_an_order():
    result = parse_text("Хомяк, ты писал «голосую против Velvet», а теперь молчишь", ROSTER, author="Rusty")
    assert not result.orders and not result.unresolved
    assert [c.rule for c in result.clauses if c.verdict == Verdict.TALK][0] == "quote"


def test_an_order_alone_in_quotes_and_a_message_in_quotes_are_still_read():
    alone = parse_text("«Голосую против Киры»", ROSTER, author="Хомяк")
    assert [o.target for o in alone.orders] == ["Кира"]
    message = parse_text("Голубиная почта Кире: «голосую против Хомяка»", ROSTER, author="Хомяк", private=True)
    assert [o.ability for o in message.orders] == ["Голубиная почта"]



def test_a_word_reads_the_same_whichever_spelling_came_first():
    """The name gate's memo is keyed by what its answer is computed from: the Latin «cop»
    («коп» in Cyrillic letters) and the Cyrillic «сор» fold to one comparison key, but only
    the first is a spelling of the nickname Коп; reading «сор» first must not hide it."""
    roster = Roster.from_mapping({"Коп": {"open": "Вор"}, "Лис": {"open": "Мэр"}, "Зоя": {"open": "Лекарь"}})
    assert not parse_text("Голосую против сор", roster, author="Лис").orders
    result = parse_text("Голосую против cop", roster, author="Лис")
    assert [(o.ability, o.target) for o in result.orders] == [("Голосование", "Коп")]
