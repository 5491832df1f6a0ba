"""Вор (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import N, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import NO_VOTE, OPEN_BLOCK, OPEN_PASSIVES_OFF, night_step
from engine.api import DayAPI, DayMark, NightAPI, PhaseAPI, mark, marks_today
from engine.ruling_rows import choice
from engine.state import PlayerState

SPECS = (
    _A("Кража", RoleKind.OPEN, ("Вор",), N, "Кража - раз за цикл ночей может обокрасть цель. Следующим днем она не может применять способности Явной роли и голосовать.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,),
       slang=("тырить", "стырить", "спереть", "обчистить", "обносить", "обнести", "грабить", "ограбить")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Кража", Channel.PM, "ник или явная роль",
          verbs=("красть", "украсть", "обокрасть", "обкрадывать", "обворовать", "обворовывать",
                 "воровать", "грабить", "ограбить"),
          examples=(("Обворовываю Мэра", {"target": "Аня"}),
                    ("Кража — Гена", {"target": "Гена"}))),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "theft_blocks", "A60", "What Кража blocks",
        "Кража: «следующим днем она не может применять способности Явной роли и голосовать». Что "
        "блокируется?",
        ("open_and_vote", "все активные способности Явной роли в этот день (включая «в любой момент», "
                          "Компромат, Влияние) и голос; пассивные — нет (кроме Деспотии, A59)"),
        ("open_incl_passives_and_vote", "также пассивные способности Явной роли"),
    ),
)


@dataclass(frozen=True)
class Robbed(DayMark):
    """Кража's mark on the coming day (its state slot)."""


@night_step("N22", "b", ability="Кража")
def robbed_tomorrow(night: NightAPI) -> None:
    """«Следующим днем она не может применять способности Явной роли и голосовать.»"""
    for action in night.live_actions("Кража"):
        mark(night, Robbed, night.n, action.targets[0])


@OPEN_BLOCK("Кража")
def robbed_open_role(day: DayAPI, nick: str) -> bool:
    """«не может применять способности Явной роли»."""
    return nick in marks_today(day, Robbed)


@OPEN_PASSIVES_OFF("Кража")
def robbed_of_passives(ctx: PhaseAPI, nick: str) -> bool:
    """«Следующим днем она не может применять способности Явной роли»: under
    `theft_blocks: open_incl_passives_and_vote` (A59) its passive ones too (Деспотия,
    Божественное благословление)."""
    return (not ctx.phase.is_night and nick in marks_today(ctx, Robbed)
            and ctx.rulings["theft_blocks"] == "open_incl_passives_and_vote")


@NO_VOTE("Кража", label="Кража: без голоса сегодня")
def robbed_vote(day: DayAPI, player: PlayerState) -> bool:
    """«… и голосовать.»"""
    return player.nick in marks_today(day, Robbed)
