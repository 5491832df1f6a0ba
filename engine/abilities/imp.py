"""Бес (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import N, P, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import attack
from engine.api import NightAPI
from engine.actions import Action

SPECS = (
    _A("Нападение", RoleKind.SECRET, ("Бес",), N, "Нападение - в любую ночь атакует цель, нанося единицу урона.",
       attack_rank=5, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       slang=("бить", "ударить", "резать", "зарезать", "валить", "завалить", "убивать", "убить",
              "стрелять", "выстрелить", "мочить", "замочить", "грохнуть")),
    _A("Загнанный в угол", RoleKind.SECRET, ("Бес",), P, "Загнанный в угол - если на Кладбище находятся либо Суккуб и Гончая Ада, либо Демонолог, Нападение наносит две единицы урона."),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Нападение", Channel.PM, "ник или явная роль",
          names=("атака",), verbs=("нападать", "напасть", "атаковать"),
          examples=(("Нападаю на Веру", {"target": "Вера"}),)),
)


def cornered(night: NightAPI) -> bool:
    """Загнанный в угол: «если на Кладбище находятся либо Суккуб и Гончая Ада, либо
    Демонолог» (judged on S0)."""
    return (night.was_dead("Суккуб") and night.was_dead("Гончая Ада")) or night.was_dead("Демонолог")


@attack("Нападение")
def assault_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«атакует цель, нанося единицу урона» (rank 5); «Нападение наносит две единицы
    урона» while Загнанный в угол holds (rank 3, «Нападение, усиленное Загнанным в угол»)."""
    if cornered(night):
        return 3, 2
    return action.rank, 1
