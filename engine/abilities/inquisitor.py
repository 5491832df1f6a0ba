"""Инквизитор (З).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Никто не ждал испанскую инквизицию!", RoleKind.SECRET, ("Инквизитор",), S, "Никто не ждал испанскую инквизицию! (Л,Т,К) - в начале игры может выбрать любую другую роль. Все проверки роли будут показывать выбранную роль. При смерти Инквизитора всем сообщается, что умерший был выбранной Инквизитором роли. Применение любых других способностей Тайной роли снимет маску.",
       keeps="ЛТК", aliases=("Никто не ждал испанскую инквизицию", "Маска")),
    _A("Лицо толпы", RoleKind.SECRET, ("Инквизитор",), P, "Лицо толпы (Л) - о применении всех способностей Тайной роли Инквизитора публично объявляется следующим утром.", keeps="Л"),
    _A("Аутодафе", RoleKind.SECRET, ("Инквизитор",), N, "Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True),
    _A("Обвинение в ведьмовстве", RoleKind.SECRET, ("Инквизитор",), N, "Обвинение в ведьмовстве - следующим днем персонаж не может применять способности Явной роли и быть оправдан Богачом, а голос Инквизитора против этого персонажа считается за три (в любом случае за три. Дополнительные голоса Сплетника считаются за единицу каждый, как обычно). Нельзя применять в ту же ночь, что и Аутодафе.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True),
)
