"""Гончая Ада (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Укус", RoleKind.SECRET, ("Гончая Ада",), N, "Укус - в наносит единицу урона цели. Не может применяться на цель, которую в эту же ночь выбирали другие Демоны. Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=4, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Гон", RoleKind.SECRET, ("Гончая Ада",), P, "Гон(Л) - если наутро после Укуса жертва осталась жива, следующей ночью Гончая автоматически проводит еще одну атаку (не Укус), нанося единицу урона.",
       keeps="Л", attack_rank=4),
)
