"""Голубиная почта (all roles).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Голубиная почта", RoleKind.COMMON, (), N, "Голубиная почта (считается \"ночной\") - три раза за игру может через мастера передать анонимное сообщение любому другому персонажу.",
       freq=Freq.PER_GAME, uses=3, target=TargetRule.OTHER_LIVING, fields=(Field.TO, Field.TEXT), keeps="Л"),
)
