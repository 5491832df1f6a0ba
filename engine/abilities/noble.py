"""Дворянин (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Влияние", RoleKind.OPEN, ("Дворянин",), D, "Влияние - каждый ход может диктовать голоса другого персонажа. У Мэра забирает оба голоса. Не может использоваться на одну и ту же цель два раза подряд.",
       freq=Freq.PER_DAY, target=TargetRule.PAIR, fields=(Field.TARGETS,)),
)
