"""The accounting reader (issue 24): every clause of a text ends read, asked or talk by a
named rule; quotes are cut out of every input; the author's abilities decide; shorthand is
read; bad input never raises."""
from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from scraper.orders import ParseSettings, Roster, parse_text
from scraper.orders.parse import _parse_text
from scraper.orders.quotes import pictures_out
from scraper.orders.result import Reason, Verdict
from scraper.orders.talk import Talk
from scraper.orders.text import raw_tokens, strip_markup

PLAYERS = {
    "Kot_99": {"open": "Сыщик", "secret": "Зомби"},
    "Мэр": {"open": "Кузнец", "secret": "Мирный житель"},       # a nickname that is a role's name
    "Zlata": {"open": "Мэр", "secret": "Бес"},
    "Лекс": {"open": "Лекарь", "secret": "Стражник"},
    "Маргарита": {"open": "Ведьма", "secret": "Дознаватель"},
    "Шпуля": {"open": "Вор", "secret": "Гончая Ада"},
    "dr.House": {"open": "Оракул", "secret": "Инквизитор"},    # regex metacharacters
    "Тётя Мотя": {"open": "Цыганка", "secret": "Мастер карт"},
    "Сеня": {"open": "Сплетник", "secret": "Лич"},
    "[Vortex]": {"open": "Оборотень", "secret": "Мирный житель"},
    "Буратино": {"open": "Бунтарь", "secret": "Демонолог"},
    "Шаман": {"open": "Астролог", "secret": "Начальник стражи"},
}
ROSTER = Roster.from_mapping(PLAYERS)


def read(text, author="Шпуля", private=False):
    return parse_text(text, ROSTER, author=author, private=private)


# --- the accounting property ------------------------------------------------------------------

WORDS = ["голосую", "Галасую", "против", "Голос", ":", "Кусаю", "краду", "у", "Лекса", "Шпулю", "Kot_99",
         "Мэра", "Zlata", "[Vortex]", "dr.House", "Тётю Мотю", "и", "а", ",", ".", "!", "?", ";", "😏", "🤡",
         "если", "бы", "не", "вчера", "голосовал", "ты", "Привет", "спасибо", "Рок", "на", "Валет Пик",
         "сигнал зомби", "в копилку", "перепризываю", "—", "[quote=Шпуля]", "[/quote]", "\n> ", "\n",
         "Шаман писал(а):\n", "[b]", "[/b]", "[img]x.png[/img]", ":facepalm:", "«", "»", "ага, щас",
         "\x00", "\u202e", "ᚠᚢᚦ", "(", ")", "$", "^", "*", "+", "\\", "|",
         # the clause cuts and framings of holdout4's fixes
         "раз", "то", "поэтому", "так как", "потому что", "я за", "все", "давайте", "Народ,", "пусть",
         "завтра", "умрёт", "того, кого", "кого-нибудь", "неё", "Или", "Воздерживаюсь", "Сони", "Шамана",
         "\"", "Вчера я дозорил", "митинг", "объявляю", "..."]
TEXTS = st.lists(st.sampled_from(WORDS), min_size=0, max_size=40).map(" ".join)


def _words(text: str) -> list[str]:
    return [t.text.casefold() for t in raw_tokens(text)]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXTS, st.sampled_from(sorted(PLAYERS) + [None, "Чужак"]), st.booleans())
def test_every_clause_is_read_asked_or_talk_and_none_is_lost(text, author, private):
    result = _parse_text(text, ROSTER, ParseSettings(), author, private, ())   # no safety net here
    verdicts = [c.verdict for c in result.clauses]
    read_n, asked_n, talk_n = (verdicts.count(v) for v in (Verdict.READ, Verdict.ASKED, Verdict.TALK))
    assert read_n + asked_n + talk_n == len(result.clauses)
    # none lost: every word of the text is in a clause (quotes included: they are talk;
    # a picture or a forum smiley is no word, it ends a clause like an emoji)
    inside = " ".join(c.text for c in result.clauses)
    have = _words(inside)
    for word in _words(strip_markup(pictures_out(text))[0]):
        assert word in have, (word, text, [c.text for c in result.clauses])
    # orders come from read clauses, questions from asked ones, and talk always names its rule
    assert (read_n + asked_n > 0) >= bool(result.orders)   # a clause with an order and a question is asked
    assert (asked_n > 0) == bool(result.unresolved) or asked_n > 0
    assert all(c.rule in {t.value for t in Talk} for c in result.clauses if c.verdict is Verdict.TALK)
    assert all(c.rule is None for c in result.clauses if c.verdict is not Verdict.TALK)
    # a PM's talk is shown unless it is a greeting, a question or a quote; a post's never is
    for c in result.clauses:
        if c.shown:
            assert private and c.verdict is Verdict.TALK
            assert c.rule not in (Talk.GREETING.value, Talk.QUESTION.value, Talk.QUOTE.value)


@settings(max_examples=150, deadline=None)
@given(st.text(min_size=0, max_size=300), st.booleans())
def test_any_unicode_never_raises(text, private):
    result = _parse_text(text, ROSTER, ParseSettings(), "Лекс", private, ())
    assert len(result.clauses) >= (1 if text.strip() and any(ch.isalnum() for ch in text) else 0)


def test_a_100_kb_text_with_control_characters_is_accounted():
    text = ("Голосую против Шпули\x00. Кусаю Лекса 😏 Kot_99 знает\x07!\n" * 2000)[:100_000]
    result = _parse_text(text, ROSTER, ParseSettings(), "Zlata", False, ())
    assert len(result.clauses) > 4000
    assert result.orders and result.orders[-1].target == "Шпуля"


# --- talk is earned -------------------------------------------------------------------------------

@pytest.mark.parametrize("text,rule", [
    ("Привет всем!", Talk.GREETING),
    ("Погода сегодня отличная", Talk.PLAIN),
    ("Шаман, за кого голосуешь?", Talk.QUESTION),
    ("Kot_99 вчера голосовал против Вани", Talk.REPORT),
    ("Если Шаман не объяснится — проголосую против него", Talk.CONDITIONAL),
    ("Я бы повесил Сеню, но доказательств нет", Talk.CONDITIONAL),
    ("Не голосуйте за меня", Talk.NEGATION),
    ("Голосовать против Сени — гениальная идея", Talk.JUDGEMENT),
    ("Ромашка такая милая", Talk.PLAIN),
    ("Шпуля такая милая", Talk.OPINION),
])
def test_talk_names_its_rule(text, rule):
    result = read(text, author="Лекс")
    assert not result.orders and not result.unresolved
    assert [c.rule for c in result.clauses] == [rule.value]


def test_a_clause_that_names_a_player_and_an_ability_with_no_rule_is_asked():
    result = read("приношу Лекса в жертву", author="Буратино", private=True)
    assert [u.code for u in result.unresolved] == [Reason.UNREAD]
    assert result.unresolved[0].candidates      # whole orders to pick
    assert result.clauses[0].verdict is Verdict.ASKED


def test_in_a_pm_every_clause_without_an_order_is_shown_but_greetings_and_questions():
    result = read("Привет, мастер! Кусаю Ваню. Я сегодня устала. Как дела?", private=True)
    shown = [c.text for c in result.shown]
    assert shown == ["Я сегодня устала."]
    assert [c.verdict for c in result.clauses] == [Verdict.TALK, Verdict.ASKED, Verdict.TALK, Verdict.TALK]


# --- clauses ----------------------------------------------------------------------------------------

def test_an_emoji_ends_a_clause():
    result = read("Могу сменить пол 😏 Kot_99 знает, о чём я", author="Шпуля")
    assert not result.orders and not result.unresolved          # Шпуля has no Смена пола: talk
    assert [c.text for c in result.clauses] == ["Могу сменить пол", "Kot_99 знает, о чём я"]
    assert result.clauses[0].rule == Talk.NOT_HIS.value


@pytest.mark.parametrize("text,author,want", [
    ("Кусаю Лекса, а у Ольги краду", "Шпуля", ["Укус: Лекс"]),      # Ольга is not in this game
    ("Арест Тени, дозор за Шпулей", "Шаман", ["Дозор: Шпуля"]),
    ("Голубиная почта Сене: «Я всё знаю», и кусаю Шамана", "Шпуля", ["Голубиная почта: Сеня", "Укус: Шаман"]),
])
def test_a_comma_between_two_orders_ends_a_clause(text, author, want):
    result = read(text, author=author, private=True)
    got = [f"{o.ability}: {o.target or o.aim}" for o in result.orders]
    assert got == want
    assert len(result.clauses) == 2


# --- quotes out -------------------------------------------------------------------------------------

@pytest.mark.parametrize("text", [
    '[quote="Лекс"]Голосую против Шамана[/quote]',
    "[quote=Лекс]Голосую против Шамана[/quote]",
    "[quote]Голосую против [quote=x]Шамана[/quote][/quote]",
    "> Голосую против Шамана",
    "Лекс писал(а):\nГолосую против Шамана",
    "Лекс пишет:\n> Голосую против Шамана",
])
def test_quotes_are_cut_and_their_header_names_no_target(text):
    result = read(text, author="Шпуля")
    assert not result.orders and not result.unresolved
    assert all(c.rule == Talk.QUOTE.value for c in result.clauses if "Шамана" in c.text)
    # after a blank line (the end of a «писал(а):» block) the author speaks again
    assert read(text + "\n\nГолосую против Сени", author="Шпуля").orders[0].target == "Сеня"


def test_an_unclosed_quote_runs_to_the_end():
    result = read("[quote=Лекс]Голосую против Шамана\n\nГолосую против Сени", author="Шпуля")
    assert not result.orders and [c.rule for c in result.clauses] == [Talk.QUOTE.value]


def test_quotes_are_cut_in_pms_too():
    result = read("[quote=Мастер]Кусаешь кого?[/quote]\nКусаю Лекса", private=True)
    assert [o.target for o in result.orders] == ["Лекс"]


# --- the author's abilities decide; shorthand ------------------------------------------------------

def test_an_ability_the_author_lacks_is_never_stored():
    assert not read("Операция: Шаман, вылечить", author="Шпуля", private=True).orders
    assert read("Операция: Шаман, вылечить", author="Шпуля", private=True).unresolved[0].code \
        == Reason.NOT_YOUR_ABILITY
    assert not read("Могу сменить пол Шаману", author="Шпуля").orders


def test_a_verb_fitting_two_of_the_authors_abilities_is_asked():
    result = read("спасаю Kot_99", author="Лекс", private=True)      # Лекарь and Стражник
    assert not result.orders and result.unresolved[0].code == Reason.AMBIGUOUS_ABILITY


@pytest.mark.parametrize("text,author,ability,field,value", [
    ("Валет Пик на Шамана и Шпулю", "Тётя Мотя", "Кинуть карты", "card", "Валет Пик"),
    ("Джокер как Рок — на Kot_99", "Тётя Мотя", "Кинуть карты", "as_card", "Двойка Червей"),
    ("Сигнал зомби", "Сеня", "Зомбирование", "signal", True),
    ("голос в копилку", "Сеня", "Компромат", "save", True),
    ("Sacrifice! Шаман, перепризываю Шпулю", "Буратино", "Sacrifice!", "resummon", "Шпуля"),
])
def test_shorthand_is_read(text, author, ability, field, value):
    result = read(text, author=author, private=True)
    assert [o.ability for o in result.orders] == [ability]
    assert result.orders[0].arg(field) == value


def test_a_nickname_that_is_a_roles_name_is_asked_unless_the_context_says():
    asked = read("Голосую против Мэра", author="Шпуля")
    assert not asked.orders and asked.unresolved[0].code == Reason.AMBIGUOUS_NAME
    assert set(asked.unresolved[0].candidates) == {"Мэр", "Zlata (Мэр)"}
    assert read("Голосую против Zlata", author="Шпуля").orders[0].target == "Zlata"


def test_memo_lists_every_short_form():
    from scraper.orders.memo import first_person, memo
    from scraper.orders.shorthand import PHRASES

    text = memo()
    for phrases in PHRASES.values():
        for phrase in phrases:
            assert re.search(re.escape(phrase), text, re.IGNORECASE), phrase
    assert first_person("спасать") in text        # the shared verb, in the guard's slang


def test_a_nickname_that_is_a_roles_name_is_read_by_the_word_before_it():
    assert read("Голосую против игрока Мэр", author="Шпуля").orders[0].target == "Мэр"
    assert read("Голосую против роли Мэр", author="Шпуля").orders[0].target == "Zlata"


def test_a_nickname_that_is_an_abilitys_name_after_an_aiming_word_is_the_player():
    roster = Roster.from_mapping({"Порча": {"open": "Вор", "secret": "Бес"},
                                  "Вася": {"open": "Ведьма", "secret": "Стражник"}, "Кот": {"open": "Мэр"}})
    got = parse_text("Порча на Порчу", roster, author="Вася", private=True)
    assert [(o.ability, o.target) for o in got.orders] == [("Порча", "Порча")]
    assert parse_text("Голосую против Порчи", roster, author="Кот").orders[0].target == "Порча"
