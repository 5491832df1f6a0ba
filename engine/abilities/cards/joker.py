"""Джокер (Козырь): thrown as any card of the deck (`as:`), even one already used."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import AS_THROWN, card
from engine.api import PhaseAPI, Refused
from engine.reasons import Reason
from engine.ruling_rows import flag
from engine.orders import Order
from engine.state import PlayerState

# A82: its effect's bonus only under `joker_carries_bonus`
CARD = card(CardSpec("Джокер", "Джокер (Козырь) - можно использовать как любую карту из колоды, даже уже использованную.", stands_for_any=True, bonus_ruling="joker_carries_bonus"))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "joker_any_card", "A68", "Джокер",
        "Джокер: «можно использовать как любую карту из колоды, даже уже использованную». Какую?",
        yes="любую другую карту (не Джокер): из руки, из колоды или уже использованную",
        no="только ту, которой нет в руке (из колоды или использованную)",
    ),
    flag(
        "joker_carries_bonus", "A68", "Джокер",
        "Переносит ли Джокер бонус изображаемой карты («Брошенная на X, позволяет узнать…»)?",
        yes="да, вместе с её правилами выбора цели",
        no="нет",
    ),
)


@AS_THROWN("Джокер")
def stands_for_another(ctx: PhaseAPI, order: Order, effect: str, master: PlayerState,
                       hand: tuple[str, ...]) -> Refused | None:
    """«как любую карту из колоды»: not as itself; A68 b (`joker_any_card: false`): only as
    a card not in the hand."""
    if effect == "Джокер" or (not ctx.rulings["joker_any_card"] and effect in hand):
        return Reason.CARD_TARGET, None
    return None
