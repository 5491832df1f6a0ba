"""Оборотень (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import P, AbilitySpec as _A, RoleKind
from engine.abilities.registry import night_step
from engine.api import NightAPI
from engine.names import Moon

SPECS = (
    _A("Регенерация", RoleKind.OPEN, ("Оборотень",), P, "Регенерация - каждое Полнолуние восстанавливает одну жизнь."),
)


@night_step("N14", "a", ability="Регенерация")
def regeneration(night: NightAPI) -> None:
    """«Регенерация - каждое Полнолуние восстанавливает одну жизнь.» (a heal, N14)"""
    if night.moon is not Moon.FULL:
        return
    for wolf in night.players():
        if wolf.open_role == "Оборотень" and wolf.alive and not wolf.in_prison:
            night.heal_at_dawn(wolf.nick)
