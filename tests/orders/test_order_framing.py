"""How a clause frames its order, beside the held-out sets' cases: abstaining from the vote
or from something else, the author's own vote after a contrast."""
from __future__ import annotations

from scraper.orders import Roster, parse_text

ROSTER = Roster.from_mapping({"Кира": {"open": "Сыщик", "secret": "Зомби"},
                              "Ёжик": {"open": "Кузнец", "secret": "Дознаватель"},
                              "Хомяк": {"open": "Сплетник", "secret": "Мастер карт"},
                              "Шпуля": {"open": "Вор", "secret": "Гончая Ада"}})



def test_abstaining_withdraws_the_vote_only_when_it_is_the_vote():
    assert [(o.ability, o.target) for o in parse_text("Воздерживаюсь сегодня", ROSTER, author="Хомяк").orders] \
        == [("Голосование", None)]
    other = parse_text("Воздерживаюсь от комментариев", ROSTER, author="Хомяк")
    assert not other.orders and not other.unresolved


def test_the_authors_vote_after_a_contrast_is_read():
    # found probing beside holdout5 (not a held-out case): «…, а я за X» was talk (opinion)
    result = parse_text("Все против Ёжика, а я за Киру", ROSTER, author="Хомяк")
    assert [o.target for o in result.orders] == ["Кира"]


def test_slang_aimed_at_a_name_the_game_lacks_is_asked_not_talk():
    # found probing beside holdout4's «брейнс на Настю»: without a preposition too
    for text, private in (("кусь Олега", True), ("цапну Олега", True), ("вешаю Олега", False)):
        result = parse_text(text, ROSTER, author="Шпуля", private=private)
        assert not result.orders and result.unresolved, text
    assert not parse_text("кусь, Мастер", ROSTER, author="Шпуля", private=True).unresolved
