"""Бандит (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import day_effect
from engine.api import DayAPI
from engine.ruling_rows import flag
from engine.orders import Order

SPECS = (
    _A("Поймать в подворотне", RoleKind.OPEN, ("Бандит",), D, "Поймать в подворотне - один раз за игру может днем публично избить другого персонажа в подворотне, отнимая у него все жизни кроме одной.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), public=True),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Поймать в подворотне", Channel.POST, "ник или явная роль",
          names=("подворотня",), verbs=("избить", "избивать", "побить", "поймать"),
          examples=(("Ловлю в подворотне Борю", {"target": "Боря"}),
                    ("Избиваю Вора", {"target": "Боря"}))),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "bandit_not_attack", "A57", "Поймать в подворотне",
        "Поймать в подворотне нет в списке атак. Это атака?",
        yes="нет: Порча не срабатывает, стражи ни при чём",
        no="да: считается атакой (Порча срабатывает)",
    ),
)


@day_effect("Поймать в подворотне")
def beat_up(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Поймать в подворотне: «отнимая у него все жизни кроме одной»."""
    day.spend(order, spec)
    target = day.p(order.target_nick)
    target.lives = min(target.lives, 1)
    day.announce("Поймать в подворотне", "Поймать в подворотне", order, by=order.by,
                  target=order.target)
