"""Лекарь (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Операция", RoleKind.OPEN, ("Лекарь",), D, "Операция - один раз за цикл ночей в любой день может вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете.",
       freq=Freq.PER_CYCLE, target=TargetRule.LIVING_IN_LAZARET, fields=(Field.TARGET, Field.MODE)),
)
