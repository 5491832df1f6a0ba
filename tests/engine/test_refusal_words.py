"""Exam findings 20 and 23: a refusal names its case in the player's words — «раз за цикл
ночей» is not «исчерпан» for good, a prisoner hears «вы в Тюрьме», the dead «вы на Кладбище»
(no hedge «(или покинул игру)»), and every message says «вы», not «этот персонаж». The
reason codes (SPEC §3.3) stay as they were."""
from __future__ import annotations

from engine import events as ev
from engine.orders import Order
from engine.phase import PhaseId
from engine.reasons import Reason
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game

SEATS = [("Аня", "Мэр", "Мирный житель"), ("Боря", "Оракул", "Стражник"), ("Вера", "Сыщик", "Мирный житель"),
         ("Гена", "Вор", "Мирный житель"), ("Дима", "Бандит", "Бес"), ("Ева", "Лекарь", "Мирный житель")]


def play(*phases):
    state, _start = new_game([Seat(*s) for s in SEATS], None, Rulings.from_mapping({}))
    events = []
    for name, orders in phases:
        result = resolve(state, PhaseId.parse(name), [Order.parse(o) for o in orders])
        state, events = result.state, list(result.events)
    return events


def refusals(events, nick):
    return [(e.reason, e.message) for e in events if isinstance(e, ev.Rejected) and e.order.by == nick]


def test_a_once_a_cycle_ability_used_this_cycle_says_when_it_comes_back():
    night2 = play(("night 1", ["{by: Гена, ability: Кража, target: Аня}"]), ("day 1", []),
                  ("night 2", ["{by: Гена, ability: Кража, target: Вера}"]))
    [(reason, text)] = refusals(night2, "Гена")
    assert reason is Reason.USED_UP
    assert text == ("Заявка «Кража» отклонена: эта способность применяется раз за цикл ночей и в этом цикле "
                    "уже применена; снова — с Новолуния.")
    assert "исчерпан" not in text


def test_a_prisoner_is_told_he_is_in_prison():
    day2 = play(("night 1", []), ("day 1", []),
                ("night 2", ["{by: Боря, ability: Темница, target: Вера}"]),   # Полулуние: the Стражник's Темница
                ("day 2", ["{by: Вера, ability: Голосование, target: Дима}"]))
    [(reason, text)] = refusals(day2, "Вера")
    assert reason is Reason.CANNOT_VOTE
    assert text == "Заявка «Голосование» отклонена: вы в Тюрьме и сегодня не голосуете."


def test_the_dead_are_told_so_without_a_hedge():
    votes = [f"{{by: {n}, ability: Голосование, target: Аня}}" for n in ("Боря", "Вера", "Гена", "Дима")]
    day2 = play(("night 1", []), ("day 1", votes), ("night 2", []),
                ("day 2", ["{by: Аня, ability: Голосование, target: Дима}"]))
    [(reason, text)] = refusals(day2, "Аня")
    assert reason is Reason.USER_DEAD
    assert text == "Заявка «Голосование» отклонена: вы на Кладбище и не можете применять способности."


def test_no_message_speaks_of_the_player_as_this_character():
    from engine.reasons import DETAILED, MESSAGES

    assert not [t for t in (*MESSAGES.values(), *DETAILED.values()) if "этот персонаж" in t or "или покинул" in t]
