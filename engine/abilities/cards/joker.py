"""Джокер (Козырь): thrown as any card of the deck (`as:`), even one already used."""
from __future__ import annotations

from engine.abilities.cards.deck import CardSpec, as_thrown, card
from engine.reasons import Reason

# A82: its effect's bonus only under `joker_carries_bonus`
CARD = card(CardSpec("Джокер", "Джокер (Козырь) - можно использовать как любую карту из колоды, даже уже использованную.", stands_for_any=True, bonus_ruling="joker_carries_bonus"))


@as_thrown("Джокер")
def stands_for_another(ctx, order, effect, master):
    """«как любую карту из колоды»: not as itself; A68 b (`joker_any_card: false`): only as
    a card not in the hand."""
    if effect == "Джокер" or (not ctx.rulings["joker_any_card"] and effect in master.hand):
        return Reason.CARD_TARGET, None
    return None
