"""`standing_orders: false` (A52 b): the engine stops the phase at the trigger with a
question; the answer is an order of the same phase (issue 27)."""
from __future__ import annotations

import pytest

from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game

SEATS = [Seat("Аня", "Мэр", "Мирный житель"), Seat("Боря", "Вор", "Бес"),
         Seat("Вера", "Оракул", "Мирный житель"), Seat("Гена", "Лекарь", "Мирный житель")]
KILL = [Order("Боря", "Нападение", target="Аня")]
DAY = [Order.make("Гена", "Операция", target="Аня", mode="kill")]


def _night_one(**rulings):
    state, _ = new_game(SEATS, {}, Rulings.from_mapping(rulings))
    return resolve(state, PhaseId.parse("night 1"), KILL).state


def test_the_day_stops_at_the_mayors_death_with_the_question_and_the_state_unchanged():
    state = _night_one(standing_orders=False)
    result = resolve(state, PhaseId.parse("day 1"), DAY)
    assert result.pending is not None and result.events == () and result.state is state
    assert (result.pending.to, result.pending.ability, result.pending.phase) == ("Аня", "Преемственность", "day 1")
    assert "Вера" in result.pending.options and "Аня" not in result.pending.options
    assert result.pending.answer_hint() == "{by: Аня, ability: Преемственность, answer: ник}"


def test_the_answer_given_with_the_phase_is_read_at_the_death():
    state = _night_one(standing_orders=False)
    answered = resolve(state, PhaseId.parse("day 1"), [Order.make("Аня", "Преемственность", answer="Вера"), *DAY])
    assert answered.pending is None
    assert answered.state.players["Вера"].open_role == "Мэр"
    declined = resolve(state, PhaseId.parse("day 1"), [*DAY, Order.make("Аня", "Преемственность", answer=False)])
    assert declined.pending is None and declined.state.players["Вера"].open_role == "Оракул"


def test_an_answer_under_standing_orders_is_a_malformed_order():
    state = _night_one()
    with pytest.raises(OrderError, match="standing_orders: false"):
        resolve(state, PhaseId.parse("day 1"), [*DAY, Order.make("Аня", "Преемственность", answer="Вера")])


def test_answers_round_trip_as_text():
    order = Order.make("Аня", "Преемственность", answer="Вера")
    assert Order.parse(str(order)) == order
    assert Order.parse(str(Order.make("Вера", "Пожирай", answer=True))).answer is True
