"""Зомби (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import AbilitySpec as _A, AbilitySpec, Field, N, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import attack, day_effect
from engine.api import DayAPI, NightAPI
from engine.actions import Action
from engine.orders import Order

SPECS = (
    _A("Bra-a-a-ains", RoleKind.SECRET, ("Зомби",), N, "Bra-a-a-ains - наносит единицу урона цели.",
       attack_rank=6, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), aliases=("Braaains", "Brains"),
       phase_unstated=True,
       slang=("брейнс", "брэйнс", "брайнс", "брейнз", "есть мозги", "жрать мозги", "съесть мозги")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Bra-a-a-ains", Channel.PM, "ник или явная роль",
          names=("мозги",), verbs=(),
          examples=(("Bra-a-a-ains: Вера", {"target": "Вера"}),)),
)


@attack("Bra-a-a-ains")
def brains_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«Bra-a-a-ains - наносит единицу урона цели.» (rank 6)"""
    return action.rank, 1


@day_effect("Bra-a-a-ains")
def brains_by_day(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«Bra-a-a-ains - наносит единицу урона цели.»: by day under `unstated_phase: any`
    (A22 b), at once (the day's `attack_by_day`)."""
    day.spend(order, spec)
    day.attack_by_day(order, 1)
