"""The GM's tally knows the vote orders from their spec rows (issue 16): an ability whose day
order casts, saves or dictates a vote says so (`AbilitySpec.on_vote`), and what the tally
shows of an order that casts none (Компромат's save) is its module's `tally_note` hook;
gorod/tally.py names no ability."""
from __future__ import annotations

from engine.abilities import ABILITIES
from engine.orders import Order
from engine.phase import PhaseId
from engine.preview import Status
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game
from gorod.tally import live_tally

SEATS = [Seat("Аня", "Мэр", "Мирный житель"), Seat("Боря", "Дворянин", "Бес"),
         Seat("Вера", "Сплетник", "Начальник стражи"), Seat("Гриша", "Оракул", "Зомби"),
         Seat("Даша", "Бандит", "Стражник"), Seat("Егор", "Лекарь", "Мирный житель")]


def _day_one():
    state, _ = new_game(SEATS, None, Rulings.from_mapping({}))
    return resolve(state, PhaseId.parse("night 1"), []).state


def test_the_vote_orders_are_the_spec_rows_that_say_so():
    assert {spec.name for spec in ABILITIES if spec.on_vote} == {"Голосование", "Компромат", "Влияние"}


def test_the_tally_lists_refused_vote_orders_and_a_save_but_not_other_refusals():
    orders = [Order.parse(text) for text in (
        "{by: Вера, ability: Компромат, target: Боря}",       # nothing saved yet: refused
        "{by: Егор, ability: Голосование, target: Егор}",     # not on oneself: refused
        "{by: Гриша, ability: Пророчество, target: Гриша}",   # refused (on oneself), no vote order
        "{by: Вера, ability: Компромат, save: true}",
    )]
    tally = live_tally(_day_one(), PhaseId.parse("day 1"), orders)
    assert tally.verdicts[2].status is Status.REFUSED
    assert [order for order, _why in tally.refused] == [str(orders[0]), str(orders[1])]
    assert tally.extra == ["Вера откладывает голос в копилку"]
