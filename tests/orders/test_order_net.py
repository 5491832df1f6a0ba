"""The recall net and the issue-13 readings, one by one, and the net's promise as a
property: an order-like text is never silently ignored."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from scraper.orders import ParseSettings, Roster, parse_text
from scraper.orders.result import Reason

ROSTER = Roster.from_mapping({
    "Лис": {"open": "Мэр", "secret": "Бес"}, "Маша": {"open": "Вор", "secret": "Гончая Ада"},
    "Петя": {"open": "Лекарь", "secret": "Начальник стражи"}, "Вася": {"open": "Бандит", "secret": "Стражник"},
    "Kotik_7": {"open": "Сыщик", "secret": "Зомби"}, "Dan Brown": {"open": "Оракул", "secret": "Инквизитор"},
    "Рыжая": {"open": "Священник", "secret": "Суккуб"}})


def read(text, author="Маша", private=False, **parsing):
    return parse_text(text, ROSTER, ParseSettings.from_mapping(parsing or None), author=author, private=private)


def orders(text, author="Маша", private=False, **parsing):
    return [(o.ability, o.target) for o in read(text, author, private, **parsing).orders]


@pytest.mark.parametrize("text,target", [
    ("Отдаю свой голос Пете", "Петя"), ("Мой выбор — Петя", "Петя"), ("Голос уходит Лису", "Лис"),
    ("Петя, мой голос твой", "Петя"), ("Против Лиса.", "Лис"), ("Вешаю Лиса", "Лис"),
    ("Голос против Лиса. Нет, передумала — против Пети", "Петя"), ("Голосую против Васи, вернее против Пети", "Петя"),
])
def test_votes_outside_the_old_grammar_are_read(text, target):
    assert orders(text) == [("Голосование", target)]


@pytest.mark.parametrize("text,author,ability,target", [
    ("Бью Машу", "Лис", "Нападение", "Маша"), ("Режу Машу", "Лис", "Нападение", "Маша"),
    ("Смотрю Петю", "Dan Brown", "Пророчество", "Петя"), ("Прикрываю Васю", "Петя", "На страже", "Вася"),
    ("Заглядываю к Пете", "Рыжая", "Исповедь", "Петя"), ("Брэйнс на Машу", "Kotik_7", "Bra-a-a-ains", "Маша"),
])
def test_slang_is_the_one_ability_of_the_sender(text, author, ability, target):
    assert orders(text, author, private=True) == [(ability, target)]


@pytest.mark.parametrize("text", ["Маша, против кого голосуешь?", "Лис вчера голосовал против меня",
                                  "голосовать против себя нельзя, Маша", "Смотрю, Петя опять молчит",
                                  "Бью тревогу: Маша опять голосует последней", "Голоса сейчас: Лис — 3, Вася — 2"])
def test_talk_about_orders_is_neither_read_nor_asked(text):
    result = read(text, author="Петя")
    assert result.orders == () and result.unresolved == ()


@pytest.mark.parametrize("text", ["Голосую против Лиса или Пети", "Голос против Васи, но может перейду на Петю",
                                  "Голосую то ли против Лиса, то ли против Васи"])
def test_two_names_or_a_deferred_choice_are_a_question(text):
    result = read(text)
    assert result.orders == () and len(result.unresolved) == 1
    assert result.unresolved[0].code in (Reason.AMBIGUOUS_TARGET, Reason.DEFERRED)


def test_a_later_question_about_the_same_vote_drops_the_earlier_vote():
    result = read("Голосую против Лиса. Нет, против Пети или Васи")
    assert result.orders == () and result.unresolved[0].code == Reason.AMBIGUOUS_TARGET


@pytest.mark.parametrize("text,author,private,first", [
    ("Лис", "Маша", False, "{by: Маша, ability: Голосование, target: Лис}"),
    ("Всё решено.\n[b]Вася[/b]", "Маша", False, "{by: Маша, ability: Голосование, target: Вася}"),
    ("Бью Дена", "Лис", True, "{by: Лис, ability: Нападение, target: Dan Brown}"),   # «Дэна» is a spelling of Dan
])
def test_the_net_asks_with_candidate_orders(text, author, private, first):
    result = read(text, author, private)
    assert result.orders == ()
    [item] = result.unresolved
    assert item.code == Reason.ORDER_LIKE and item.candidates[0] == first and "похоже на" in item.reason


def test_shortened_and_other_alphabet_names_reach_the_gm():
    for text, nick in [("Кусаю Котика", "Kotik_7"), ("Кусаю Дэна Брауна", "Dan Brown"), ("Кусаю Dan", "Dan Brown")]:
        result = read(text, private=True)
        assert result.orders == () or result.orders[0].target == nick
        assert result.orders or any(nick in " ".join(u.candidates) for u in result.unresolved), text


def test_the_comment_field_holds_the_orders_and_the_rest_is_story():
    story = "Маша кусала губы, глядя на Лиса. Бить или не бить?\nКомментарий: голос за казнь Пети"
    assert orders(story) == [("Голосование", "Петя")]
    assert orders("Кусаю Петю\n\nКомментарий: голосую против Васи") == [("Голосование", "Вася")]
    # no field: read whole by default; asked about when the game wants orders only in the field
    assert orders("Голосую против Лиса") == [("Голосование", "Лис")]
    result = read("Голосую против Лиса", orders_outside_comment=False)
    assert result.orders == () and result.unresolved[0].code == Reason.OUTSIDE_COMMENT


NICKS = {"Лис": "Лиса", "Маша": "Машу", "Петя": "Петю", "Вася": "Васю", "Рыжая": "Рыжую"}
VOTES = ["Голосую против {a}", "Мой голос — {n}", "{n}", "[b]{n}[/b]", "Против {a}", "Выношу {a}",
         "Голосую против {a} или {b}", "Отдаю голос {n}", "Комментарий: {n}"]
NIGHT = [("Лис", "Бью {a}"), ("Лис", "Нападаю на {a}"), ("Маша", "Кусь {a}"), ("Петя", "Прикрываю {a}"),
         ("Рыжая", "Заглядываю к {n}"), ("Петя", "{n}"), ("Лис", "Режу {a}")]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(VOTES), st.sampled_from(sorted(NICKS)), st.sampled_from(sorted(NICKS)),
       st.sampled_from(["", "Доброе утро!\n", "Думал весь день. "]))
def test_an_order_like_post_is_never_silently_ignored(template, nick, other, lead):
    author = next(n for n in NICKS if n not in (nick, other))
    text = lead + template.format(n=nick, a=NICKS[nick], b=NICKS[other])
    result = read(text, author)
    assert result.orders or result.unresolved, text


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(NIGHT), st.sampled_from(sorted(NICKS)))
def test_an_order_like_pm_is_never_silently_ignored(night, nick):
    author, template = night
    if nick == author:
        return
    text = template.format(n=nick, a=NICKS[nick])
    result = read(text, author, private=True)
    assert result.orders or result.unresolved, text
