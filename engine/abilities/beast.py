"""Тварь (Н).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Приспосабливайся", RoleKind.SECRET, ("Тварь",), S, "Приспосабливайся (Т,К) - в начале игры может выбрать любую Тайную роль. При любых попытках узнать его роль будет показываться выбранная. При смерти Твари всем сообщается, что умерший был выбранной Тварью роли.", keeps="ТК"),
    _A("Пожирай", RoleKind.SECRET, ("Тварь",), N, "Пожирай - наносит две единицы урона цели. Если та умирает, Тварь восстанавливает себе единицу здоровья и может сменить маску от Приспосабливайся на Тайную роль своей жертвы (наутро объявится, что жертва была той роли, которая ранее была маской Твари). Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=1, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), optional=(Field.SWAP_MASK,)),
    _A("Превзмогай", RoleKind.SECRET, ("Тварь",), P, "Превзмогай - Тварь не попадает в Лазарет."),
    _A("Уничтожай", RoleKind.SECRET, ("Тварь",), P, "Уничтожай - побеждает, если остается единственным живым и не в Тюрьме."),
    _A("Раздражай", RoleKind.SECRET, ("Тварь",), P, "Раздражай - пока Тварь жива, Демоны, Нежить и Закон не могут победить."),
)
