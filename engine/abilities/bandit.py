"""Бандит (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Поймать в подворотне", RoleKind.OPEN, ("Бандит",), D, "Поймать в подворотне - один раз за игру может днем публично избить другого персонажа в подворотне, отнимая у него все жизни кроме одной.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), public=True),
)
