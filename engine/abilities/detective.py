"""Сыщик (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Расследование", RoleKind.OPEN, ("Сыщик",), ANY_, "Расследование - раз за цикл ночей может публично расследовать чужую смерть, тайно узнавая способность, которая отправила персонажа на Кладбище. Если в ночь смерти наносящих урон способностей было несколько, Сыщик узнает все.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_DEAD, fields=(Field.TARGET,), public=True, info_only=True),
)
