"""Дознаватель (З).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Дознание", RoleKind.SECRET, ("Дознаватель",), N, "Дознание - в любую ночь может выбрать двух живых персонажей не в Тюрьме (кроме себя) и сравнить, на одной ли стороне они находятся.",
       target=TargetRule.TWO_OTHER_FREE, fields=(Field.TARGETS,), info_only=True),
    _A("Пытка", RoleKind.SECRET, ("Дознаватель",), N, "Пытка - Дознаватель один раз за игру наносит цели единицу урона, и если наутро она не умирает, узнает её Тайную роль.",
       freq=Freq.PER_GAME, moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
)
