"""A night order the engine takes but a redirect or a defence leaves without effect (issue 16,
after exam finding 11): the GM's dry run says so, from the engine's typed traces
(ev.Redirected with `fizzles`, ev.Blocked for a blocked attack); the player is not told."""
from __future__ import annotations

from engine import events as ev
from engine.orders import Order
from engine.phase import PhaseId
from engine.preview import Status, preview_phase
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game

SEATS = [Seat("Аня", "Мэр", "Суккуб"), Seat("Боря", "Бандит", "Бес"),
         Seat("Вера", "Вор", "Призрак"), Seat("Гриша", "Оракул", "Мирный житель"),
         Seat("Даша", "Лекарь", "Стражник"), Seat("Егор", "Кузнец", "Мирный житель")]


def _full_moon_night(rulings):
    state, _ = new_game(SEATS, None, Rulings.from_mapping(rulings))
    for phase in ("night 1", "day 1", "night 2", "day 2"):
        state = resolve(state, PhaseId.parse(phase), []).state
    return state


def test_a_theft_charmed_onto_the_thief_and_an_attack_on_the_ghost_fizzle_for_the_gm():
    state = _full_moon_night({"redirect_ignores_restrictions": False})
    orders = [Order.parse(text) for text in ("{by: Аня, ability: Очарование, targets: [Вера, Вера]}",
                                              "{by: Боря, ability: Нападение, target: Вера}",
                                              "{by: Вера, ability: Кража, target: Гриша}")]
    night = PhaseId.parse("night 3")
    shown = preview_phase(state, night, orders)
    assert [v.status for v in shown.verdicts] == [Status.IN_FORCE, Status.FIZZLES, Status.FIZZLES]
    assert shown.verdicts[1].text == "в силе, но не сработает: заблокирована (Бестелесность)"
    assert shown.verdicts[2].text == "в силе, но не сработает: перенаправлена на самого игрока (Очарование)"
    # the thief is not told her theft was turned on herself: the redirect is the GM's alone
    events = resolve(state, night, orders).events
    told = [e for e in events if e.scope is not ev.Scope.GM and "Вера" in e.recipients()]
    assert not [e for e in told if "Очарование" in repr(e) or "Кража" in repr(e)], told


def test_a_redirect_that_keeps_its_effect_is_in_force():
    """Under the default ruling a redirect ignores its target's restrictions (A44): no fizzle."""
    state = _full_moon_night({})
    orders = [Order.parse(text) for text in ("{by: Аня, ability: Очарование, targets: [Вера, Вера]}",
                                              "{by: Вера, ability: Кража, target: Гриша}")]
    shown = preview_phase(state, PhaseId.parse("night 3"), orders)
    assert [v.status for v in shown.verdicts] == [Status.IN_FORCE, Status.IN_FORCE]
