"""`setup:` choices live in their abilities' modules (the masks: beast.py, inquisitor.py; the
hand: card_master.py), registered as setup hooks; engine/setup.py only dispatches them."""
from __future__ import annotations

import inspect

import pytest

from engine import setup as skeleton
from engine.abilities import card_master, registry
from engine.api import mask_of
from engine.rulings import Rulings
from engine.setup import Seat, SetupError, new_game

SEATS = [Seat("ann", "Мэр", "Тварь"), Seat("bob", "Вор", "Инквизитор"), Seat("cat", "Кузнец", "Мастер карт"),
         Seat("dan", "Священник", "Лич")]
HAND = ["Джокер", "Рок", "Щит", "Туз Бубен"]


def _game(setup, **rulings):
    return new_game(SEATS, setup, Rulings.from_mapping(rulings))[0]


def test_each_choice_is_made_by_its_abilitys_module():
    state = _game({"ann": {"mask": "Бес"}, "bob": {"mask": "Лич"}, "cat": {"hand": HAND}})
    assert (mask_of(state, "ann"), mask_of(state, "bob")) == ("Бес", "Лич")
    assert state.of(card_master.Deck).hand("cat") == ("Джокер", "Двойка Червей", "Шестерка Бубен", "Туз Бубен")
    homes = {h.step: h.fn.__module__ for h in registry.SETUP.hooks() if h.label != "Тварь"}
    assert homes == {"mask": "engine.abilities.inquisitor", "hand": "engine.abilities.card_master",
                     "throw": "engine.abilities.card_master"}
    assert [h.label for h in registry.SETUP.at("mask")] == ["Инквизитор", "Тварь"]


def test_setup_names_no_role_and_no_card():
    """The skeleton knows no role, card or mask: each is its ability's module's."""
    source = inspect.getsource(skeleton)
    for word in ("Тварь", "Инквизитор", "Мастер карт", "canon_card", "mask =", "hand ="):
        assert word not in source, word


@pytest.mark.parametrize("setup, rulings, message", [
    ({"dan": {"mask": "Бес"}}, {}, "setup.dan.mask: «mask» выбирает только Инквизитор или Тварь"),
    ({"dan": {"hand": HAND}}, {}, "setup.dan.hand: «hand» выбирает только Мастер карт"),
    ({"ann": {"cards": HAND}}, {}, "setup.ann: неизвестный ключ «cards» (нужен «mask» или «hand» или «throw»)"),
    ({"ann": "Бес"}, {}, "setup.ann: нужен словарь с ключом «mask» и/или «hand»"),
    ({"eve": {"mask": "Бес"}}, {}, "setup: неизвестный игрок «eve»"),
    ({"ann": {"mask": "Мэр"}}, {}, "setup.ann.mask: неизвестная тайная роль «Мэр»"),
    ({"bob": {"mask": "Инквизитор"}}, {}, "setup.bob.mask: Инквизитор выбирает другую роль"),
    ({"bob": {"mask": "Мэр"}}, {}, "setup.bob.mask: неизвестная тайная роль «Мэр»"),
    ({"cat": {"hand": "Рок"}}, {}, "setup.cat.hand: нужен список из четырёх карт"),
    ({"cat": {"hand": ["Рок", "Рок", "Щит", "Джокер"]}}, {}, "нужны четыре разные карты, дано 4"),
    ({"cat": {"hand": ["Рок", "Туз"]}}, {}, "setup.cat.hand: неизвестная карта «Туз»"),
    ({}, {"tvar_mask_optional": False}, "setup.ann.mask: Тварь должна выбрать маску"),
])
def test_a_choice_the_rules_forbid_is_refused_naming_its_place(setup, rulings, message):
    with pytest.raises(SetupError) as refused:
        _game(setup, **rulings)
    assert message in str(refused.value)


def test_the_inquisitor_may_mask_as_an_open_role_under_any_role():
    state = _game({"bob": {"mask": "Мэр"}}, inquisitor_mask_roles="any_role")
    assert mask_of(state, "bob") == "Мэр"
    assert mask_of(_game({"ann": {"mask": None}}), "ann") in (None, "")   # null: no choice
