"""Демонолог (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Sacrifice!", RoleKind.SECRET, ("Демонолог",), N, "Sacrifice! - в Полнолуние наносит цели количество урона, равное числу Демонов на Кладбище. Если к концу ночи цель умирает, Демонолог может перепризвать любого из демонов, восстанавливая ему здоровье до максимума и снимая все статусы.",
       moons=FULL, attack_rank=2, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), optional=(Field.RESUMMON,), aliases=("Sacrifice",)),
    _A("Protective circle", RoleKind.SECRET, ("Демонолог",), P, "Protective circle (Л) - блокирует самую сильную атаку ночью, но после этого исчезает (Демонолог знает, когда круг исчезает). Восстанавливается через цикл ночей.", keeps="Л"),
    _A("Aura of darkness", RoleKind.SECRET, ("Демонолог",), P, "Aura of darkness (Л,Т) - чувствуя зло в Демонологе, Нежить отменяет атаку. Нежить знает, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Знакомства по ту сторону", RoleKind.SECRET, ("Демонолог",), S, "Знакомства по ту сторону - в начале игры узнает, у кого есть Тайные роли Беса, Суккуба и Гончей Ада."),
)
