"""Мастер карт (Н): his own abilities (the deck's cards are in engine/abilities/cards.py).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import (  # noqa: F401
    ANY_, D, FULL, HALF, N, P, S, T, AbilitySpec as _A, Cooldown, Field, Freq, RoleKind, TargetRule,
)

SPECS = (
    _A("Сдать карты", RoleKind.SECRET, ("Мастер карт",), S, "Сдать карты – в начале игры выбирает четыре карты из колоды (см. приложение) и кладет себе в руку."),
    _A("Тасовать карты", RoleKind.SECRET, ("Мастер карт",), N, "Тасовать карты (Л, Т) – один раз ночью складывает находящиеся в руке карты в колоду и выбирает любые четыре из оставшихся в колоде (может взять и те же самые). Перезаряжается в Полнолуние.",
       cooldown=Cooldown.FULL_MOON, keeps="ЛТ", fields=(Field.CARDS,)),
    _A("Кинуть карты", RoleKind.SECRET, ("Мастер карт",), D, "Кинуть карты (Л, Т) – днем может выбрать карту из руки, которую будет использовать, и цель, на кого он эту карту кинет. Можно кинуть и на себя. Карта подействует ночью, после чего теряется. В начале первой ночи может кинуть карту, считается, что она была брошена в \"минус первый\" день.",
       freq=Freq.PER_DAY, keeps="ЛТ", target=TargetRule.CARD, fields=(Field.CARD,), optional=(Field.AS, Field.TARGET, Field.TARGETS, Field.ROLES)),
    _A("Раскрыть карты", RoleKind.SECRET, ("Мастер карт",), ANY_, "Раскрыть карты (Л, Т) - в любой момент игры публично выкладывает полный список соответствия Явных и Тайных ролей (см. приложение). Если список верный, то Мастер карт единолично побеждает. В противном случае он покидает игру навсегда.",
       freq=Freq.PER_GAME, keeps="ЛТ", fields=(Field.LIST,), public=True),
    _A("Король Пик", RoleKind.CARD, ("Мастер карт",), D, "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает.",
       optional=(Field.COMMAND,), public=True, aliases=("Кукла",)),
)
