"""Некромант (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Перерождение", RoleKind.SECRET, ("Некромант",), T, "Перерождение(Л,Т) - в случае смерти или посадки в Тюрьму пожизненно Лича может принять его роль в тот же момент.",
       freq=Freq.PER_GAME, keeps="ЛТ"),
    _A("Переливание жизни", RoleKind.SECRET, ("Некромант",), N, "Переливание жизни - в любую ночь наносит единицу урона Некроманту и восстанавливает единицу здоровья цели.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
)
