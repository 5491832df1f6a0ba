"""Священник (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Исповедь", RoleKind.OPEN, ("Священник",), N, "Исповедь - один раз за игру любой ночью может узнать Тайную роль другого персонажа. Этот персонаж, в свою очередь, узнает Тайную роль священника.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True),
    # automatic (A51 `blessing_auto`); under `blessing_auto: false` a standing order
    _A("Божественное благословление", RoleKind.OPEN, ("Священник",), T, "Божественное благословление - один раз за игру, попадая в Лазарет, мгновенно исцеляет себя на единицу здоровья (и тут же из Лазарета выходит). О том, что Священник попадал в Лазарет, наутро пишется.",
       freq=Freq.PER_GAME, public=True, aliases=("Божественное благословение",)),
)
