"""Суккуб (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Очарование", RoleKind.SECRET, ("Суккуб",), N, "Очарование - в Полнолуние может очаровать персонажа, из-за чего все его действия в эту ночь перенаправляются на выбранного Суккубом человека (включая проверки роли и анонимные сообщения).",
       moons=FULL, target=TargetRule.PAIR, fields=(Field.TARGETS,)),
    _A("Ревность", RoleKind.SECRET, ("Суккуб",), N, "Ревность - если на Кладбище находятся либо Бес и Гончая Ада, либо Демонолог, вместо Очарования можно нанести единицу урона цели.",
       moons=FULL, attack_rank=8, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
)
