"""Богач (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import ACQUIT, NO_ACQUITTAL, day_effect, target_rule
from engine.api import DayAPI, Refused, TargetAPI
from engine.ruling_rows import flag
from engine.orders import Order
from engine.state import PlayerState

SPECS = (
    _A("Взятка", RoleKind.OPEN, ("Богач",), D, "Взятка - один раз за игру может оправдать того, кого приговорили на Дневном Вече.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, optional=(Field.TARGET,)),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Взятка", Channel.PM, "без цели (оправдать приговорённого) или ник (только его)",
          verbs=("оправдать", "оправдывать", "подкупить", "подкупать", "откупить"),
          examples=(("Взятка", {}), ("Оправдываю Веру", {"target": "Вера"})),
          # «может оправдать того, кого приговорили на Дневном Вече»
          condition=("приговорить", "осудить", "вече", "дневной")),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "bribe_spent_only_if_used", "A55", "Взятка",
        "Взятка Богача заявляется днём до подсчёта. Когда она тратится?",
        yes="только если кого-то оправдала",
        no="при любой принятой заявке",
    ),
)


@day_effect("Взятка")
def bribe(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«может оправдать того, кого приговорили на Дневном Вече»: ordered by day, it acts at the
    tally (A55)."""
    day.own(Bribes).orders.append(order)
    day.trace(f"{order.by} готовит Взятку" + (f" для {order.target}" if order.target else ""),
               "Взятка", order)
    if not day.rulings["bribe_spent_only_if_used"]:
        day.spend(order, spec)


@target_rule("Взятка")
def bribe_target(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«того, кого приговорили»: judged at the tally (A55), not at the order."""
    return None


@ACQUIT("Взятка")
def acquit(day: DayAPI, condemned: str) -> bool:
    """D3: «может оправдать того, кого приговорили на Дневном Вече» (A55)."""
    for bribe in day.own(Bribes).orders:
        rich = day.p(bribe.by)
        if not rich.alive or (bribe.target and bribe.target != condemned):
            continue
        if any(forbids(day, condemned) for forbids in NO_ACQUITTAL.fns()):
            continue   # Обвинение: «не может … быть оправдан Богачом»
        if day.rulings["bribe_spent_only_if_used"]:
            rich.uses_of("Взятка").append(day.phase)
        day.trace(f"{rich.nick} оправдывает {condemned} (Взятка)", "Взятка", bribe)
        return True
    return False



@dataclass
class Bribes:
    """Today's Взятки, waiting for the tally (A55)."""
    orders: list[Order] = field(default_factory=list)
