"""Богач (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Взятка", RoleKind.OPEN, ("Богач",), D, "Взятка - один раз за игру может оправдать того, кого приговорили на Дневном Вече.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, optional=(Field.TARGET,)),
)
