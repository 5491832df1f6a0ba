"""Зомби (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.by_day import attack_by_day, wounded_die
from engine.abilities.registry import attack, day_effect, day_step
from engine.abilities.spec import N, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words

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
def brains_damage(night, action):
    """«Bra-a-a-ains - наносит единицу урона цели.» (rank 6)"""
    return action.spec.attack_rank, 1


@day_effect("Bra-a-a-ains")
def brains_by_day(day, order, spec, controller) -> None:
    """«Bra-a-a-ains - наносит единицу урона цели.»: by day under `unstated_phase: any`
    (A22 b), at once (engine/abilities/by_day.py)."""
    day.spend(order, spec)
    attack_by_day(day, order, 1)


@day_step("D4", "a", ability="Bra-a-a-ains")
def wounded_by_day_die(day) -> None:
    """«Если с нулем или меньше - на Кладбище.»: at the end of the day, those the attacks by
    day (Bra-a-a-ains, Пожирай under `unstated_phase: any`) left at 0 or below."""
    wounded_die(day)
