"""The Мастер карт's deck (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): one module per
card, each with its row (`spec.CardSpec`, its sentence of the rules, registered with
`registry.card`), its hooks and their citations. Cards are thrown with Кинуть карты
(engine/abilities/card_master.py), which holds what all cards share.

Two cards share a module where the rules tie them: the Пятерки (`fives`: «аналогично»),
Валет and Шестерка Бубен (`aegis_and_shield`: one rule in two strengths, the Валет's
transfer first), Четверка Крестей and Двойка Червей (`fight_and_doom`: one step, one
ruling of both, A76).
"""
from __future__ import annotations

# in the order of the deck (engine.names.CARDS); each registers its row and hooks as it loads
from engine.abilities.cards import (  # noqa: E402
    king_of_spades, fight_and_doom, jack_of_clubs, jack_of_spades, king_of_hearts,
    queen_of_hearts, three_of_diamonds, aegis_and_shield, ace_of_diamonds, four_of_diamonds,
    fives, ace_of_clubs, joker,
)

CARD_MODULES = (
    king_of_spades, fight_and_doom, jack_of_clubs, jack_of_spades, king_of_hearts,
    queen_of_hearts, three_of_diamonds, aegis_and_shield, ace_of_diamonds, four_of_diamonds,
    fives, ace_of_clubs, joker,
)

# The one card that is also ordered by day (Король Пик's reveal and commands): its row and
# how its orders are written.
SPECS = king_of_spades.SPECS
WORDS = king_of_spades.WORDS
# The cards' rulings (SPEC §10), each in its card's module.
RULINGS = tuple(spec for module in CARD_MODULES for spec in getattr(module, "RULINGS", ()))

__all__ = ["CARD_MODULES", "RULINGS", "SPECS", "WORDS"]
