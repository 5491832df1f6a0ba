"""Вор (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Кража", RoleKind.OPEN, ("Вор",), N, "Кража - раз за цикл ночей может обокрасть цель. Следующим днем она не может применять способности Явной роли и голосовать.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
)
