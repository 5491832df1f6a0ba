"""What holdout7 found, as general rules in a game of their own: an order put on hold
(«…хотя погодите»), a target described by a relative clause behind its preposition («того, на
кого X укажет»), an ability's noun a third-person verb speaks of («…смысла не имеет»), and the
Sacrifice's re-summon after its own condition said as not surviving, the demon named by its
secret role («поднимаю Гончую»)."""
from __future__ import annotations

import pytest

from scraper.orders import Roster, parse_text
from scraper.orders.result import Reason

ROSTER = Roster.from_mapping({
    "Лиса": {"open": "Мэр", "secret": "Мирный житель"},
    "Бобр": {"open": "Лекарь", "secret": "Бес"},
    "Dark_Blade": {"open": "Дворянин", "secret": "Демонолог"},
    "Ёжик": {"open": "Вор", "secret": "Гончая Ада"},
    "Хомяк": {"open": "Кузнец", "secret": "Тварь"},
    "Вера": {"open": "Священник", "secret": "Стражник"},
})


@pytest.mark.parametrize("text, given", [
    ("Голосую против Лисы — хотя подождите, пусть сначала Бобр объяснится", "Лиса"),
    ("Выношу Бобра, хотя погодите, пусть Лиса скажет", "Бобр"),
])
def test_an_order_put_on_hold_is_asked_not_corrected(text, given):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert not result.orders
    assert len(result.unresolved) == 1 and result.unresolved[0].code == Reason.DEFERRED
    assert result.unresolved[0].candidates == (given,)     # the order given, not the name after «хотя»


def test_a_correction_still_corrects():
    result = parse_text("Выношу Бобра, хотя нет, Лису", ROSTER, author="Хомяк")
    assert [o.target for o in result.orders] == ["Лиса"]


@pytest.mark.parametrize("text", ["Бью того, на кого Лиса укажет", "Бью того, у кого Вера была"])
def test_a_target_described_behind_a_preposition_is_asked(text):
    result = parse_text(text, ROSTER, author="Бобр", private=True)
    assert not result.orders and len(result.unresolved) == 1


def test_an_ability_a_third_person_verb_speaks_of_is_talk():
    result = parse_text("Поняла. Значит, На страже на себя смысла не имеет", ROSTER, author="Вера", private=True)
    assert not result.orders and not result.unresolved
    kept = parse_text("На страже у Лисы этой ночью", ROSTER, author="Вера", private=True)
    assert [o.target for o in kept.orders] == ["Лиса"]


@pytest.mark.parametrize("text, resummon", [
    ("Жертвоприношение: Лиса. Если не переживёт ночь — поднимаю Гончую", "Ёжик"),
    ("Жертвоприношение: Лиса. Если не выживет — перепризываю Беса", "Бобр"),
    ("Жертвоприношение: Лиса. Если умрёт — перепризываю Ёжика", "Ёжик"),
])
def test_the_sacrifices_resummon_after_its_own_condition(text, resummon):
    result = parse_text(text, ROSTER, author="Dark_Blade", private=True)
    assert [(o.target, o.arg("resummon")) for o in result.orders] == [("Лиса", resummon)], result.unresolved


def test_a_resummon_under_another_condition_is_asked():
    result = parse_text("Жертвоприношение: Лиса. Если Вера придёт — поднимаю Гончую", ROSTER,
                        author="Dark_Blade", private=True)
    assert any(u.code == Reason.CONDITIONAL for u in result.unresolved)


@pytest.mark.parametrize("text", ["Мой голос с Лисы снимаю — объяснилась она нормально",
                                  "Снимаю голос с Бобра — ответил он толково"])
def test_a_withdrawal_with_its_reason_after_a_dash_is_read(text):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert [(o.ability, o.target) for o in result.orders] == [("Голосование", None)], result.unresolved


def test_a_story_after_a_dash_still_tells():
    result = parse_text("Кража у Мэра — вот что было ночью", ROSTER, author="Хомяк")
    assert not result.orders


@pytest.mark.parametrize("text", ["Голосую против Лисы. Но подумаю ещё до вечера",
                                  "Сегодня, видимо, против Бобра", "Против Лисы. Решу окончательно к вечеру"])
def test_a_tentative_vote_is_asked(text):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert not result.orders
    assert [u.code for u in result.unresolved] == [Reason.DEFERRED]


@pytest.mark.parametrize("text, target", [("Сегодня против Лисы", "Лиса"),
                                          ("Голос против Бобра, а дальше посмотрим", "Бобр")])
def test_a_vote_said_for_today_or_hedged_stands(text, target):
    result = parse_text(text, ROSTER, author="Хомяк")
    assert [o.target for o in result.orders] == [target], result.unresolved


MAYORAL = Roster.from_mapping({
    "Лиса": {"open": "Мэр", "secret": "Мирный житель"},
    "Бобр": {"open": "Лекарь", "secret": "Бес"},
    "Вера": {"open": "Священник", "secret": "Стражник"},
})


@pytest.mark.parametrize("text", ["Если меня казнят или посадят — мэрство передаю Вере",
                                  "Мэрство передаю Вере", "Если я умру — мэрство передаю Вере"])
def test_the_succession_under_its_own_trigger_is_the_order(text):
    result = parse_text(text, MAYORAL, author="Лиса")
    assert [(o.ability, o.target) for o in result.orders] == [("Преемственность", "Вера")], result.unresolved


def test_the_succession_under_another_condition_is_asked():
    result = parse_text("Если Бобр промолчит — мэрство передаю Вере", MAYORAL, author="Лиса")
    assert not result.orders and [u.code for u in result.unresolved] == [Reason.CONDITIONAL]


@pytest.mark.parametrize("text", ["Присоединяюсь, тоже против Бобра", "Тоже против Бобра"])
def test_joining_a_vote_is_a_vote(text):
    result = parse_text(text, MAYORAL, author="Вера")
    assert [o.target for o in result.orders] == ["Бобр"], result.unresolved


CARDS = Roster.from_mapping({
    "Мэри Поппинс": {"open": "Ведьма", "secret": "Суккуб"},
    "Старик": {"open": "Мэр", "secret": "Мирный житель"},
    "Бобр": {"open": "Оборотень", "secret": "Бес"},
    "Зина": {"open": "Сплетник", "secret": "Мастер карт"},
})


def test_a_reveal_list_without_its_heading_from_the_card_master_is_the_order():
    text = "Мэри - Суккуб\nСтарик - Мирный житель\nБобр - Бес"
    result = parse_text(text, CARDS, author="Зина")
    assert [o.ability for o in result.orders] == ["Раскрыть карты"], result.unresolved
    assert dict(result.orders[0].arg("list")) == {"Мэри Поппинс": "Суккуб", "Старик": "Мирный житель", "Бобр": "Бес"}
    guess = parse_text(text, CARDS, author="Бобр")      # anyone else's list is a guess
    assert not guess.orders


def test_a_reveal_after_its_sentence_and_a_wrong_entry_kept_as_written():
    result = parse_text("Ну всё, раскрываю карты. Мэри — Суккуб, Бобр — Оборотень, Старик — Мирный житель",
                        CARDS, author="Зина")
    assert [dict(o.arg("list")) for o in result.orders] == [
        {"Мэри Поппинс": "Суккуб", "Бобр": "Оборотень", "Старик": "Мирный житель"}], result.unresolved


NIGHT = Roster.from_mapping({
    "Лиса": {"open": "Мэр", "secret": "Мирный житель"},
    "Бобр": {"open": "Кузнец", "secret": "Бес"},
    "Вера": {"open": "Священник", "secret": "Стражник"},
    "Ёжик": {"open": "Лекарь", "secret": "Мирный житель"},
})


@pytest.mark.parametrize("author, text, ability, target", [
    ("Бобр", "[quote=Мастер]Бобр, кого бьёте этой ночью?[/quote]\nЕё, Лису. Как и собирался", "Нападение", "Лиса"),
    ("Вера", "[quote=Мастер]Исповедь — на кого именно?[/quote]\nДа, на него, на Ёжика", "Исповедь", "Ёжик"),
])
def test_an_answer_to_the_gms_quoted_question_is_that_order(author, text, ability, target):
    result = parse_text(text, NIGHT, author=author, private=True)
    assert [(o.ability, o.target) for o in result.orders] == [(ability, target)], result.unresolved


def test_an_answer_with_two_names_is_asked():
    result = parse_text("[quote=Мастер]Бобр, кого бьёте этой ночью?[/quote]\nЛису или Ёжика, не знаю", NIGHT,
                        author="Бобр", private=True)
    assert not result.orders and [u.code for u in result.unresolved] == [Reason.AMBIGUOUS_TARGET]
    assert result.unresolved[0].reason


def test_a_quote_without_a_question_answers_nothing():
    result = parse_text("[quote=Вера]Лиса молодец[/quote]\nДа, Лиса", NIGHT, author="Бобр", private=True)
    assert not result.orders


def test_a_vote_without_target_then_a_choice_of_two_is_asked():
    result = parse_text("Голосую... даже не знаю. Бобр или Ёжик? Помогите", NIGHT, author="Лиса")
    assert not result.orders
    assert [(u.code, set(u.candidates)) for u in result.unresolved] == [(Reason.AMBIGUOUS_TARGET, {"Бобр", "Ёжик"})]


def test_the_english_long_a_written_eh():
    from scraper.orders.name_forms import spellings
    assert "кэйт" in spellings("Kate") and "вэйдер" in spellings("Vader")
    roster = Roster.from_mapping({"Kate": {"open": "Священник", "secret": "Стражник"},
                                  "Лиса": {"open": "Мэр", "secret": "Мирный житель"}})
    result = parse_text("Оба моих голоса — против Кэйт", roster, author="Лиса")
    assert [o.target for o in result.orders] == ["Kate"], result.unresolved
