"""Оракул (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import ANY_, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import ANYTIME
from engine.api import PhaseAPI
from engine.orders import Order

SPECS = (
    _A("Пророчество", RoleKind.OPEN, ("Оракул",), ANY_, "Пророчество - один раз за игру в любой момент может узнать Тайную роль другого персонажа.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True,
       slang=("смотреть", "проверять", "проверить", "чекать", "чекнуть", "пробивать", "пробить")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Пророчество", Channel.PM, "ник или явная роль",
          # the rule's own words: «может узнать Тайную роль другого персонажа»
          names=("узнать тайную роль",),
          verbs=("пророчить", "напророчить", "предсказывать"),
          examples=(("Пророчество: Гена", {"target": "Гена"}),)),
)


def prophecy(ctx: PhaseAPI, order: Order) -> None:
    """Пророчество: «в любой момент может узнать Тайную роль другого персонажа»."""
    ctx.learn(order.by, "Пророчество", order, about=order.target,
               secret=ctx.apparent(order.target_nick))


@ANYTIME("Пророчество")
def prophecy_order(ctx: PhaseAPI, order: Order) -> None:
    """«один раз за игру в любой момент может узнать Тайную роль другого персонажа»
    At once, by day or by night (N1, A24); the resolver spends the use."""
    prophecy(ctx, order)
