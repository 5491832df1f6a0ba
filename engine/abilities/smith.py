"""Кузнец (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import P, AbilitySpec as _A, RoleKind
from engine.abilities.registry import max_lives
from engine.state import PlayerState

SPECS = (
    _A("Закалка", RoleKind.OPEN, ("Кузнец",), P, "Закалка (Т) - плюс один к максимальному запасу здоровья.", keeps="Т"),
)


@max_lives("Закалка")
def tempering(player: PlayerState) -> bool:
    """«Закалка (Т) - плюс один к максимальному запасу здоровья.»"""
    return player.open_role == "Кузнец"
