"""Мэр (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Деспотия", RoleKind.OPEN, ("Мэр",), P, "Деспотия - на общем обсуждении имеет два голоса вместо одного."),
    _A("Преемственность", RoleKind.OPEN, ("Мэр",), T, "Преемственность - умирая или отправляясь в тюрьму бессрочно, может передать свою Явную роль любому другому человеку (тот теряет свою старую роль).",
       freq=Freq.PER_GAME, target=TargetRule.HEIR, fields=(Field.TARGET,), public=True),
)
