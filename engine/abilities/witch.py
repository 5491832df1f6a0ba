"""Ведьма (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Порча", RoleKind.OPEN, ("Ведьма",), N, "Проклятие! Порча - раз за цикл ночей может тайно наложить на персонажа проклятье. Если этой ночью персонажа кто-либо атакует (кроме самой Ведьмы), он умирает мгновенно, даже если атака была заблокирована способностями цели. Если атака была заблокирована/перенаправлена способностями другого человека, Порча не срабатывает.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), stated_secret=True,
       aliases=("Проклятие! Порча", "Проклятие Порча")),
    _A("Смена пола", RoleKind.OPEN, ("Ведьма",), D, "Проклятие! Смена пола - в любой день публично может сменить пол любого персонажа. Этим днем он не может голосовать. Других последствий нет (кроме самой смены пола).",
       freq=Freq.PER_DAY, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True, aliases=("Проклятие! Смена пола", "Проклятие Смена пола")),
)
