"""Голосование (all roles) and the voting protocol.

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Голосование", RoleKind.COMMON, (), D, "Голосование (считается \"дневной\") - днем (на Дневном Вече) может публично отдать голос против любого персонажа.",
       # without a target: the vote is withdrawn («Цель можно менять неограниченное количество раз»)
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET,), public=True, keeps="Л"),
)
