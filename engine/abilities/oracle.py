"""Оракул (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import ANY_, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import ANYTIME, INFO
from engine.api import NightAPI, PhaseAPI
from engine.names import CIVILIAN
from engine.orders import Order
from engine.actions import Action

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
          verbs=("пророчить", "напророчить", "предсказывать", "прорицать", "предречь"),
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


@INFO("Пророчество")
def prophecy_queued(night: NightAPI, action: Action) -> None:
    """«может узнать Тайную роль другого персонажа», under `anytime_at_night:
    queued_with_night` (A24 b): resolved with the night's orders, on the final state (a
    mask dropped tonight is not shown); void (Чары) or fizzled, it answers «Мирный житель»
    (§9). Under the default it resolved at N1 and is no action of the night."""
    target = action.targets[0]
    if not action.live:
        night.learn(action.user, "Пророчество (§9: не сработало)", action.order, about=target,
                    secret=CIVILIAN)
        return
    night.learn(action.user, "Пророчество", action.order, about=target, secret=night.apparent(target))
