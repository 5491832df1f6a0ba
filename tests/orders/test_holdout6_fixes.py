"""What holdout6 found, as general rules in a game of their own: a Latin nickname written in
Cyrillic as it sounds in English (the long a «ей», the short a «э», a silent final e), each word
of a nickname joined by «_» read alone like a word of «Серый Волк», and an order followed by
«или …?» left open: a question, never a stored order."""
from __future__ import annotations

import pytest

from scraper.orders import Roster, parse_text
from scraper.orders.name_forms import spellings
from scraper.orders.result import Reason

ROSTER = Roster.from_mapping({
    "Dark_Blade": {"open": "Бандит", "secret": "Стражник"},
    "Sam": {"open": "Вор", "secret": "Гончая Ада"},
    "Лиса": {"open": "Мэр", "secret": "Бес"},
    "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"},
})


def test_english_vowels_are_spelled_as_they_sound():
    assert "блейд" in spellings("Blade")      # a consonant, then «e»: the long a, the e silent
    assert "лейн" in spellings("Lane") and "рейвен" in spellings("Raven")
    assert "шэдоу" in spellings("Shadow")     # the short a
    assert "блад" in spellings("Blade") and "бладе" in spellings("Blade")   # the letters still read


@pytest.mark.parametrize("text, target", [
    ("Голосую против Блейда", "Dark_Blade"),
    ("Голосую против Дарка", "Dark_Blade"),
    ("Голос против Сэма", "Sam"),
])
def test_a_latin_nickname_in_cyrillic_is_read(text, target):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert [o.target for o in result.orders] == [target], result.unresolved


@pytest.mark.parametrize("text, reason", [
    ("Голосую против Лисы... или Сэма? ладно, потом", Reason.AMBIGUOUS_TARGET),
    ("Голосую против Лисы... или Сэмми?", None),
    ("Голосую против Лисы... или Блэйда?", None),
    ("Голосую против Лисы. Или нет?", Reason.DEFERRED),
])
def test_an_order_with_an_open_alternative_is_asked(text, reason):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert not result.orders
    assert len(result.unresolved) == 1 and "Лиса" in result.unresolved[0].candidates
    if reason is not None:
        assert result.unresolved[0].code == reason


def test_the_orders_own_word_is_no_likeness_of_a_name():
    """«в ведьмовстве» is the ability's name, not the open role Ведьма; «копилку» the
    Компромат's keyword, not the player Копейка."""
    roster = Roster.from_mapping({
        "Мэри": {"open": "Ведьма", "secret": "Суккуб"},
        "Копейка": {"open": "Оракул", "secret": "Некромант"},
        "Инка": {"open": "Сыщик", "secret": "Инквизитор"},
        "Сплетня": {"open": "Сплетник", "secret": "Мастер карт"},
    })
    accused = parse_text("Обвиняю Дарта в ведьмовстве", roster, author="Инка", private=True)
    assert not accused.orders and [u.candidates for u in accused.unresolved] == [()]
    assert accused.unresolved[0].ability == "Обвинение в ведьмовстве"
    saved = parse_text("Компромат: голос в копилку", roster, author="Сплетня", private=True)
    assert [(o.ability, o.target) for o in saved.orders] == [("Компромат", None)], saved.unresolved


GAME = Roster.from_mapping({
    "Джон Смоллей": {"open": "Лекарь", "secret": "Начальник стражи"},
    "Ёжик": {"open": "Вор", "secret": "Бес"},
    "Лиса": {"open": "Мэр", "secret": "Мирный житель"},
    "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"},
})


@pytest.mark.parametrize("text, target", [
    ("ну всё, я за казнь Ёжика", "Ёжик"),
    ("Я за повешение Лисы", "Лиса"),
    ("Голосую против Смоллея", "Джон Смоллей"),      # a surname the dictionary leaves indeclinable
    ("я за казнь Джона Смоллея", "Джон Смоллей"),
])
def test_a_vote_for_someones_execution_and_a_declined_foreign_surname_are_read(text, target):
    result = parse_text(text, GAME, author="Хомяк")
    assert [(o.ability, o.target) for o in result.orders] == [("Голосование", target)], result.unresolved


@pytest.mark.parametrize("text", ["Снимаю голос с Ёжика, пока не разберусь", "Снимаю голос, пока не выясню"])
def test_until_i_know_better_does_not_make_a_withdrawal_talk(text):
    result = parse_text(text, GAME, author="Хомяк")
    assert [(o.ability, o.target) for o in result.orders] == [("Голосование", None)], result.clauses


def test_until_i_decide_still_defers():
    result = parse_text("Голосую против Лисы, пока не решу", GAME, author="Хомяк")
    assert not result.orders and result.unresolved[0].code == Reason.DEFERRED


def test_cards_revealed_in_the_first_person_with_a_list_of_lines_are_the_order():
    roster = Roster.from_mapping({
        "Ёжик": {"open": "Вор", "secret": "Бес"},
        "Лиса": {"open": "Мэр", "secret": "Мирный житель"},
        "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"},
    })
    result = parse_text("Вскрываю карты!\nЁжик — Бес\nЛиса — Мирный житель", roster, author="Хомяк")
    assert [(o.ability, o.args.reveal_list) for o in result.orders] == [
        ("Раскрыть карты", (("Ёжик", "Бес"), ("Лиса", "Мирный житель")))], result.unresolved
    assert not parse_text("Карты пока не раскрываю", roster, author="Хомяк").orders


def test_an_ability_names_verb_in_the_infinitive_is_talk():
    """«Раскрывать карты рано»: talk about the order, in a PM no public order to ask about;
    «Раскрывать карты: …» still names it."""
    roster = Roster.from_mapping({"Лиса": {"open": "Мэр", "secret": "Бес"},
                                  "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"}})
    result = parse_text("Раскрывать карты рано. Подожду ещё пару дней", roster, author="Хомяк", private=True)
    assert not result.orders and not result.unresolved
    listed = parse_text("Раскрывать карты: Лиса — Бес", roster, author="Хомяк")
    assert [o.ability for o in listed.orders] == ["Раскрыть карты"], listed.unresolved


NIGHT = Roster.from_mapping({
    "Ёжик": {"open": "Богач", "secret": "Тварь"},
    "Лиса": {"open": "Мэр", "secret": "Лич"},
    "Хомяк": {"open": "Оракул", "secret": "Некромант"},
    "Кира": {"open": "Вор", "secret": "Бес"},
})


@pytest.mark.parametrize("text, author, order", [
    ("Перерождение — если Лич умрёт, принимаю его роль", "Хомяк", ("Перерождение", None)),
    ("Взятка — оправдываю Киру, если её приговорят", "Ёжик", ("Взятка", "Кира")),
])
def test_a_condition_that_is_the_abilitys_own_trigger_is_the_order(text, author, order):
    result = parse_text(text, NIGHT, author=author, private=True)
    assert [(o.ability, o.target) for o in result.orders] == [order], result.unresolved


@pytest.mark.parametrize("text, author", [
    ("Перерождение — если Лич не умрёт, принимаю его роль", "Хомяк"),
    ("Перерождение, если Кира попросит", "Хомяк"),
    ("Взятка — оправдываю Киру, если её не приговорят", "Ёжик"),
    ("Оправдываю Киру, если Лиса промолчит", "Ёжик"),
])
def test_any_other_condition_is_still_asked(text, author):
    result = parse_text(text, NIGHT, author=author, private=True)
    assert not result.orders and result.unresolved
    assert {u.code for u in result.unresolved} == {Reason.CONDITIONAL}


def test_a_word_nickname_in_the_plural_is_the_thing_not_the_player():
    roster = Roster.from_mapping({"Сухарь": {"open": "Кузнец", "secret": "Бес"},
                                  "Лиса": {"open": "Мэр", "secret": "Мирный житель"}})
    chatter = parse_text("Сухари к чаю — лучший ужин перед ночью. Всем приятного!", roster, author="Лиса")
    assert not chatter.orders and not chatter.unresolved
    vote = parse_text("Голосую против Сухаря", roster, author="Лиса")
    assert [o.target for o in vote.orders] == ["Сухарь"]


@pytest.mark.parametrize("text, author", [
    ("Спасибо за ответ по Дозору, всё понял", "Хомяк"),
    ("Благодарю за Дознание, учту", "Хомяк"),
    ("Обворовывать пока не у кого: все бедные", "Кира"),
])
def test_thanks_for_an_order_and_nobody_to_aim_at_are_talk(text, author):
    result = parse_text(text, NIGHT, author=author, private=True)
    assert not result.orders and not result.unresolved, result.unresolved


@pytest.mark.parametrize("text, target", [
    ("Кира опять молчит. Голосую против неё", "Кира"),
    ("Кира опять молчит. Голосую против него", None),          # the pronoun does not agree
    ("Кира спорит с Лисой. Голосую против неё", None),          # two named: which one?
    ("Голосую против Ёжика. Против неё тоже есть вопросы", "Ёжик"),   # an order before: no pointing back
])
def test_a_pronoun_points_back_into_the_sentence_before_when_it_agrees(text, target):
    result = parse_text(text, NIGHT, author="Хомяк")
    assert [o.target for o in result.orders] == ([target] if target else []), result.unresolved
    if target is None:
        assert result.unresolved


def test_a_typo_of_one_word_of_a_longer_nickname_is_offered_not_read():
    roster = Roster.from_mapping({"Старый Садовник": {"open": "Мэр", "secret": "Стражник"},
                                  "Лиса": {"open": "Бандит", "secret": "Стражник"}})
    result = parse_text("охраняю садовника", roster, author="Лиса", private=True)
    assert [o.target for o in result.orders] == ["Старый Садовник"]
    typo = parse_text("охраняю садовнека", roster, author="Лиса", private=True)
    assert not typo.orders
    assert [(u.code, u.candidates) for u in typo.unresolved] == [(Reason.LOW_CONFIDENCE, ("Старый Садовник",))]


@pytest.mark.parametrize("text", ["Голосую против Лисы, пока не решил", "Голосую против Лисы, но я ещё не определилась",
                                  "Голосую против Лисы, хоть и не уверена"])
def test_an_order_the_author_has_not_decided_on_is_asked(text):
    """«пока не решил» (past: not chosen yet) defers, as «пока не решу» does; «пока не
    разберусь» (until) does not."""
    result = parse_text(text, NIGHT, author="Хомяк")
    assert not result.orders and [u.code for u in result.unresolved] == [Reason.DEFERRED]
