"""Сплетник (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Компромат", RoleKind.OPEN, ("Сплетник",), D, "Компромат - вместо голосования может сохранить голос \"в копилку\". Голоса из \"копилки\" могут быть использованы в любой день вместе с обычным (при этом они расходуются).",
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET, Field.SAVE)),
)
