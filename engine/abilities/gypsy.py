"""Цыганка (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Чары", RoleKind.OPEN, ("Цыганка",), N, "Чары - один раз за игру любой ночью может очаровать другого человека. В эту ночь тот не применяет свои способности, но не знает этого.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
)
