"""Лич (НЖ), Зомбирование and its commands included.

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Армия тьмы", RoleKind.SECRET, ("Лич",), P, "Армия тьмы (Л) - пока Лич не на Кладбище и не в Тюрьме, Зомби, Призрак и Некромант возрождаются каждое Новолуние с полным здоровьем. Действовать в ту же ночь они не могут.", keeps="Л"),
    _A("Щит душ", RoleKind.SECRET, ("Лич",), P, "Щит душ - блокирует единицу урона каждую ночь и наносит единицу урона тому, кто этой ночью сыграл самую сильную атаку по Личу."),
    _A("Зомбирование", RoleKind.SECRET, ("Лич",), N, "Зомбирование - один раз за игру в любую ночь Лич может зомбировать человека, чтобы записать ему в мозг желаемую команду (см. приложение). По сигналу Лича (через мастера) команда будет выполнена.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, optional=(Field.TARGET, Field.COMMAND, Field.SIGNAL)),
    _A("Без души", RoleKind.SECRET, ("Лич",), P, "Без души (Л,Т) - Демоны не могут атаковать Лича и отменяют свои атаки по нему. Они знают, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Мистическая связь", RoleKind.SECRET, ("Лич",), S, "Мистическая связь - на старте игры Лич узнает у кого Тайные роли Зомби, Призрака и Некроманта"),
)
