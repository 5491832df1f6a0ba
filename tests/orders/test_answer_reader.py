"""The reader of a reply to the GM's question at a death (`standing_orders: false`, A52 b,
scraper/orders/answer.py) and the memo's lines on how to answer: every example the memo
gives is read as the answer it says, and what is not plain is never taken."""
from __future__ import annotations

import re

import pytest

from engine.abilities import WORDS
from engine.abilities.spec import SAMPLE_PLAYERS
from scraper.orders import Roster
from scraper.orders.answer import Asked, read_reply
from scraper.orders.memo import memo

ROSTER = Roster.from_mapping(SAMPLE_PLAYERS)
ASKING = {w.ability: w for w in WORDS.values() if w.answer}
# who is asked, and the nicknames he may name (SAMPLE_PLAYERS: Аня Мэр/Лич, Боря Гончая Ада, Гена Тварь)
ASKED = {"Преемственность": Asked("Аня", "Преемственность", ("Боря", "Вера", "Гена")),
         "Sacrifice!": Asked("Вера", "Sacrifice!", ("Боря",)),
         "Перерождение": Asked("Вера", "Перерождение"),
         "Пожирай": Asked("Гена", "Пожирай")}


def test_the_abilities_that_choose_at_a_death_say_how_to_answer():
    assert set(ASKING) == set(ASKED)


@pytest.mark.parametrize("ability", sorted(ASKED))
def test_every_memo_example_of_an_answer_reads_as_that_answer(ability):
    first, last = re.findall(r"«([^»]+)»", ASKING[ability].answer)
    asked = ASKED[ability]
    expected = next((n for n in asked.options if n[:3] in first), None) if asked.options else True
    assert read_reply(first, ROSTER, asked).answer == expected, first
    assert read_reply(last, ROSTER, asked).answer is False, last


@pytest.mark.parametrize("text,why", [
    ("Боря или Вера?", "ответ не окончательный"),
    ("подумаю до вечера", "ответ не окончательный"),
    ("Боря, нет, Вера", "несколько игроков"),
    ("да", "ник не назван"),
    ("передаю роль Ане", "себя выбрать нельзя"),
    ("Спасибо всем за игру, Боря был хорошим соседом, а мне пора", "в длинном письме"),
    ("не Боре", "отказ"),
])
def test_what_is_not_plain_is_not_taken(text, why):
    reply = read_reply(text, ROSTER, ASKED["Преемственность"])
    assert reply.answer is None and why in reply.why, reply
    assert reply.candidates and reply.candidates[-1] is False


def test_a_yes_no_question_wants_one_of_them():
    asked = ASKED["Перерождение"]
    assert read_reply("не против", ROSTER, asked).answer is True
    assert read_reply("да... хотя нет", ROSTER, asked).answer is None
    assert read_reply("спасибо", ROSTER, asked).answer is None
    assert read_reply("> Мастер спрашивает: принимаете?\nда", ROSTER, asked).answer is True   # his quote is not his


def test_the_memo_tells_how_to_answer_only_where_the_gm_asks():
    assert "Вопрос мастера в момент смерти" not in memo()
    text = memo(asks=True)
    for words in ASKING.values():
        assert words.answer in text
    assert "Sacrifice!" not in memo(roles={"Мэр"}, asks=True).split("Вопрос мастера")[1].split("Короткие")[0]
