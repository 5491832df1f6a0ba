"""Призрак (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Касание смерти", RoleKind.SECRET, ("Призрак",), N, "Касание смерти - в любую ночь если цель в Лазарете, наносит единицу урона, иначе цель не может использовать способности Явной роли следующим днем (и знает об этом). Не может применяться на тех, кто этой ночью уже становился целью способностей Нежити. В любом случае считается атакой.",
       attack_rank=7, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Бестелесность", RoleKind.SECRET, ("Призрак",), P, "Бестелесность (Л) - каждую ночь блокирует одну атаку по Призраку. Если атак было сыграно несколько, блокируется самая сильная (см. приложение).", keeps="Л"),
)
