"""Бунтарь (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Митинг", RoleKind.OPEN, ("Бунтарь",), D, "Митинг - раз за цикл ночей получает три голоса против себя, но этим днем голос Бунтаря считается за пять.",
       freq=Freq.PER_CYCLE, public=True),
    _A("Анархизм", RoleKind.OPEN, ("Бунтарь",), P, "Анархизм - не может стать Мэром."),
)
