"""Начальник стражи and Стражник (З), who share На страже and Пивное пузо.

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Пивное пузо", RoleKind.SECRET, ("Начальник стражи", "Стражник"), P, "Пивное пузо (Л, Т) - плюс один к максимуму жизней.", keeps="ЛТ"),
    _A("Арест", RoleKind.SECRET, ("Начальник стражи",), N, "Арест - один раз за игру может отправить любого персонажа в Тюрьму пожизненно.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Дозор", RoleKind.SECRET, ("Начальник стражи",), N, "Дозор - может выбрать любого жителя города. Утром Начальник стражи узнает, кто применял на этого персонажа какие-либо ночные способности, но не узнает, какие именно.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), info_only=True),
    _A("На страже", RoleKind.SECRET, ("Начальник стражи", "Стражник"), N, "На страже - может выбрать человека и охранять его всю ночь, принимая на себя все нападения на человека (получая урон весь вместо него).",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Темница", RoleKind.SECRET, ("Стражник",), N, "В Полулуние может применить На страже или Темница - отправляет человека в Тюрьму на полтора дня (день, ночь, день).",
       moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
)
