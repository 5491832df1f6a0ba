"""Астролог (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import N, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import INFO, is_passive
from engine.api import NightAPI
from engine.ruling_rows import choice
from engine.actions import Action

SPECS = (
    _A("Составить гороскоп", RoleKind.OPEN, ("Астролог",), N, "Составить гороскоп - раз за цикл ночей может тайно указать персонажа. Если ночью тот использовал способности Тайной роли, Астролог узнает его Тайную роль.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True,
       stated_secret=True,
       slang=("смотреть", "проверять", "проверить", "чекать")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Составить гороскоп", Channel.PM, "ник или явная роль",
          names=("гороскоп",), verbs=(),
          examples=(("Составляю гороскоп на Борю", {"target": "Боря"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "horoscope_counts", "A46", 'What counts as "used secret-role abilities" for Составить гороскоп',
        "Составить гороскоп: «если ночью тот использовал способности Тайной роли». Что считается?",
        ("accepted_nonvoid_orders", "принятая и не отменённая Чарами ночная заявка Тайной роли, даже "
                                    "если она не сработала; автоматический Гон считается; пассивные, "
                                    "общие и способности Явной роли — нет"),
        ("effective_only", "только способности, которые подействовали"),
        ("including_passives", "также сработавшие пассивные способности"),
    ),
)


@INFO("Составить гороскоп")
def horoscope(night: NightAPI, action: Action) -> None:
    """«Если ночью тот использовал способности Тайной роли, Астролог узнает его Тайную
    роль.» (A46)"""
    if not action.live:
        return
    target = action.targets[0]
    mode = night.rulings["horoscope_counts"]
    used = [a for a in night.actions if a.user == target and a.spec.kind is RoleKind.SECRET
            and not a.void]
    if mode == "effective_only":
        used = [a for a in used if effective(night, a)]
    if used or (mode == "including_passives" and used_passive(night, target)):
        night.learn(action.user, "Составить гороскоп", action.order, about=target,
                   secret=night.apparent(target))


def effective(night: NightAPI, action: Action) -> bool:
    """`effective_only` (A46 b): the ability had an effect. An attack has one only if a
    record of it landed: one cancelled (Без души, Aura of darkness) or blocked (Бестелесность,
    Protective circle, a card) did nothing."""
    if not action.live or action.blocked:
        return False
    if not action.spec.is_attack:
        return True
    return any(a.live for a in night.attacks if a.action is action)


def used_passive(night: NightAPI, nick: str) -> bool:
    """`including_passives`: a passive ability of the target's blocked or cancelled an
    attack on it tonight."""
    return any(is_passive(a.blocked_by) or is_passive(a.cancelled_by)
               for a in night.attacks if a.recipient == nick)
