"""Валет Бубен (Эгида) and Шестерка Бубен (Щит): the two cards that guard their target and
take the attacks on the Мастер карт into it (N8 the transfer, N10 the protection).

One module for the two: the same rule in two strengths, and the Валет's transfer of every
attack on the Мастер leaves the Шестерка none to move.
"""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import card, night_step
from engine.api import NightAPI, THROW
from engine.ruling_rows import choice

AEGIS = card(CardSpec("Валет Бубен", "Валет Бубен (Эгида) - следующей ночью Валет охраняет цель от любых нападений, однако все нападения на Мастера карт \"уходят\" в защищаемую Вальтом цель, и от них Валет уже не спасает. Не может кидать на себя. Брошенная на Начальника стражи, позволяет Мастеру карт узнать его Тайную роль.", bonus="Начальник стражи", on_self=False))
SHIELD = card(CardSpec("Шестерка Бубен", "Шестерка Бубен (Щит) - следующей ночью Шестерка защищает цель от самой мощной атаки, однако самая мощная атака на Мастера карт \"уходит\" в защищаемую Шестеркой цель, и от них она уже не спасает. Брошенная на Стражника, позволяет Мастеру карт узнать его Тайную роль.", bonus="Стражник"))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "shield_self", "A83", "Валет Бубен / Шестерка Бубен on the Master himself",
        "Валет Бубен на себя кидать нельзя (так написано). Шестерка Бубен, брошенная Мастером карт на "
        "себя: самая мощная атака на Мастера «уходит» в защищаемую цель, то есть в него же.",
        ("literal", "буквально: атака «уходит» в него же, и от неё Шестерка «уже не спасает» — защиты нет"),
        ("protects", "защищает Мастера от самой мощной атаки, как любую цель"),
    ),
)


@night_step("N8", ability=THROW)
def master_transfers(night: NightAPI) -> None:
    """N8: «все нападения на Мастера карт "уходят" в защищаемую Вальтом цель»;
    «самая мощная атака на Мастера карт "уходит" в защищаемую Шестеркой цель»."""
    aegis = night.cards_as("Валет Бубен")
    shields = night.cards_as("Шестерка Бубен")
    for thrown in aegis:
        for attack in night.live_attacks_on(thrown.by):
            night.move(attack, thrown.targets[0], "aegis", "Валет Бубен", thrown.order)
    if aegis:
        return
    for thrown in shields:
        if thrown.targets[0] == thrown.by and night.rulings["shield_self"] == "protects":
            continue   # A83 b: on himself the Шестерка simply protects him (N10)
        strongest = night.strongest(night.live_attacks_on(thrown.by))
        if strongest:
            night.move(strongest, thrown.targets[0], "shield", "Шестерка Бубен", thrown.order)


@night_step("N10", ability=THROW)
def card_protections(night: NightAPI) -> None:
    """N10: Валет Бубен «охраняет цель от любых нападений», Шестерка Бубен «защищает цель
    от самой мощной атаки»; attacks that came through them are not stopped."""
    for thrown in night.cards_as("Валет Бубен"):
        for attack in night.live_attacks_on(thrown.targets[0]):
            if "aegis" not in attack.flags:
                attack.blocked_by = "Валет Бубен"
    for thrown in night.cards_as("Шестерка Бубен"):
        target = thrown.targets[0]
        if target == thrown.by:
            # A83: literally the strongest attack "уходит" to himself, unprotected
            protects = night.rulings["shield_self"] == "protects"
            candidates = night.live_attacks_on(target) if protects else []
        else:
            candidates = [a for a in night.live_attacks_on(target) if "shield" not in a.flags]
        strongest = night.strongest(candidates)
        if strongest:
            strongest.blocked_by = "Шестерка Бубен"
