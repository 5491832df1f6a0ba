"""`setup:` choices live in their abilities' modules (the masks: beast.py, inquisitor.py; the
hand: card_master.py), registered as setup hooks; engine/setup.py only dispatches them."""
from __future__ import annotations

import inspect

import pytest

from engine import setup as skeleton
from engine.abilities import registry
from engine.rulings import Rulings
from engine.setup import Seat, SetupError, new_game

SEATS = [Seat("ann", "Мэр", "Тварь"), Seat("bob", "Вор", "Инквизитор"), Seat("cat", "Кузнец", "Мастер карт"),
         Seat("dan", "Священник", "Лич")]
HAND = ["Джокер", "Рок", "Щит", "Туз Бубен"]


def _game(setup, **rulings):
    return new_game(SEATS, setup, Rulings.from_mapping(rulings))[0]


def test_each_choice_is_made_by_its_abilitys_module():
    state = _game({"ann": {"mask": "Бес"}, "bob": {"mask": "Лич"}, "cat": {"hand": HAND}})
    assert (state.players["ann"].mask, state.players["bob"].mask) == ("Бес", "Лич")
    assert state.players["cat"].hand == ["Джокер", "Двойка Червей", "Шестерка Бубен", "Туз Бубен"]
    homes = {h.step: h.fn.__module__ for h in registry.hooks_of("setup") if h.label != "Тварь"}
    assert homes == {"mask": "engine.abilities.inquisitor", "hand": "engine.abilities.card_master"}
    assert [h.label for h in registry.setup_choices("mask")] == ["Инквизитор", "Тварь"]


def test_setup_names_no_role_and_no_card():
    """The skeleton knows no role, card or mask: each is its ability's module's."""
    source = inspect.getsource(skeleton)
    for word in ("Тварь", "Инквизитор", "Мастер карт", "canon_card", "mask =", "hand ="):
        assert word not in source, word


@pytest.mark.parametrize("setup, rulings, message", [
    ({"dan": {"mask": "Бес"}}, {}, "setup.dan.mask: 'mask' is chosen only by the Инквизитор and the Тварь"),
    ({"dan": {"hand": HAND}}, {}, "setup.dan.hand: 'hand' is chosen only by the Мастер карт"),
    ({"ann": {"cards": HAND}}, {}, "setup.ann: unknown key 'cards' (expected 'mask' or 'hand')"),
    ({"ann": "Бес"}, {}, "setup.ann: expected a mapping with 'mask' and/or 'hand'"),
    ({"eve": {"mask": "Бес"}}, {}, "setup: unknown player 'eve'"),
    ({"ann": {"mask": "Мэр"}}, {}, "setup.ann.mask: unknown secret role 'Мэр'"),
    ({"bob": {"mask": "Инквизитор"}}, {}, "setup.bob.mask: the Инквизитор chooses another role"),
    ({"bob": {"mask": "Мэр"}}, {}, "setup.bob.mask: unknown secret role 'Мэр'"),
    ({"cat": {"hand": "Рок"}}, {}, "setup.cat.hand: expected a list of four cards"),
    ({"cat": {"hand": ["Рок", "Рок", "Щит", "Джокер"]}}, {}, "four different cards are needed, got 4"),
    ({"cat": {"hand": ["Рок", "Туз"]}}, {}, "setup.cat.hand: unknown card 'Туз'"),
    ({}, {"tvar_mask_optional": False}, "setup.ann.mask: the Тварь must choose a mask"),
])
def test_a_choice_the_rules_forbid_is_refused_naming_its_place(setup, rulings, message):
    with pytest.raises(SetupError) as refused:
        _game(setup, **rulings)
    assert message in str(refused.value)


def test_the_inquisitor_may_mask_as_an_open_role_under_any_role():
    state = _game({"bob": {"mask": "Мэр"}}, inquisitor_mask_roles="any_role")
    assert state.players["bob"].mask == "Мэр"
    assert _game({"ann": {"mask": None}}).players["ann"].mask in (None, "")   # null: no choice
