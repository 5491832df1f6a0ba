"""Бес (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Нападение", RoleKind.SECRET, ("Бес",), N, "Нападение - в любую ночь атакует цель, нанося единицу урона.",
       attack_rank=5, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Загнанный в угол", RoleKind.SECRET, ("Бес",), P, "Загнанный в угол - если на Кладбище находятся либо Суккуб и Гончая Ада, либо Демонолог, Нападение наносит две единицы урона."),
)
