"""Сыщик (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, ANY_, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import DAY_EFFECT, INFO
from engine.api import DayAPI, NightAPI, PhaseAPI
from engine.ruling_rows import choice
from engine.orders import Order
from engine.actions import Action

SPECS = (
    _A("Расследование", RoleKind.OPEN, ("Сыщик",), ANY_, "Расследование - раз за цикл ночей может публично расследовать чужую смерть, тайно узнавая способность, которая отправила персонажа на Кладбище. Если в ночь смерти наносящих урон способностей было несколько, Сыщик узнает все.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_DEAD, fields=(Field.TARGET,), public=True, info_only=True,
       when_ruling="investigation_phase"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Расследование", Channel.POST, "ник умершего",
          verbs=("расследовать",),
          examples=(("Расследую смерть Веры", {"target": "Вера"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "investigation_lists", "A61", "Расследование's answer",
        "Расследование: Сыщик узнаёт способность, «которая отправила персонажа на Кладбище»; если "
        "наносящих урон было несколько — все. Что входит в ответ?",
        ("damaging_and_killing", "все способности и карты, нанёсшие жертве хотя бы 1 урон в фазу "
                                 "смерти, плюс убившее напрямую (Порча, Аутодафе, Рок, Операция, "
                                 "Голосование); заблокированные атаки — нет"),
        ("all_applied", "также атаки, заблокированные или с нулевым уроном"),
        ("fatal_only", "только то, что добило"),
    ),
)


@INFO("Расследование")
def night_investigation(night: NightAPI, action: Action) -> None:
    """«публично расследовать чужую смерть, тайно узнавая способность, которая отправила
    персонажа на Кладбище»
    Ordered at night (`investigation_phase: any`), answered in the morning."""
    if action.void:
        night.learn(action.user, "Расследование (§9: не сработало)", action.order,
                   about=action.targets[0], killed_by=[])
        return
    investigation(night, action.order.with_target(action.targets[0]))


def investigation(ctx: PhaseAPI, order: Order) -> None:
    """Расследование: «тайно узнавая способность, которая отправила персонажа на
    Кладбище» (A61); the use is public."""
    record = ctx.state.deaths.get(order.target_nick)
    killed_by = list(record.killed_by) if record else []
    mode = ctx.rulings["investigation_lists"]
    if mode == "fatal_only" and killed_by:
        killed_by = killed_by[-1:]
    ctx.announce("Расследование", "Расследование (публично)", order, by=order.by,
                  target=order.target)
    ctx.learn(order.by, "Расследование", order, about=order.target, killed_by=killed_by)


@DAY_EFFECT("Расследование")
def investigation_order(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«публично расследовать чужую смерть, тайно узнавая способность, которая отправила
    персонажа на Кладбище»
    By day the answer comes at once."""
    day.spend(order, spec)
    investigation(day, order)
