"""Призрак (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.abilities.spec import N, P, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import LATE_DAMAGE, NO_DAMAGE, OPEN_BLOCK, attack, night_step
from engine.api import DayAPI, DayMark, NightAPI, mark, marks_today
from engine.ruling_rows import choice
from engine.names import Faction
from engine.actions import Action, Attack

SPECS = (
    _A("Касание смерти", RoleKind.SECRET, ("Призрак",), N, "Касание смерти - в любую ночь если цель в Лазарете, наносит единицу урона, иначе цель не может использовать способности Явной роли следующим днем (и знает об этом). Не может применяться на тех, кто этой ночью уже становился целью способностей Нежити. В любом случае считается атакой.",
       attack_rank=7, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       slang=("трогать", "тронуть", "коснуться")),
    _A("Бестелесность", RoleKind.SECRET, ("Призрак",), P, "Бестелесность (Л) - каждую ночь блокирует одну атаку по Призраку. Если атак было сыграно несколько, блокируется самая сильная (см. приложение).", keeps="Л"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Касание смерти", Channel.PM, "ник или явная роль",
          names=("касание",), verbs=("касаться", "коснуться"),
          examples=(("Касание смерти на Гену", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "touch_lazaret_check", "A38", "Касание смерти",
        "Касание смерти наносит урон, «если цель в Лазарете». Когда это проверяется?",
        ("night_start", "по статусу на начало ночи"),
        ("after_damage", "после урона этой ночи"),
    ),
    choice(
        "touch_restriction", "A38", "Касание смерти",
        "Касание «не может применяться на тех, кто этой ночью уже становился целью способностей Нежити». "
        "Что значит «уже» в одновременной ночи?",
        ("any_undead_target", "любая другая заявка Нежити на ту же итоговую цель этой ночью: "
                              "Касание молча не срабатывает"),
        ("earlier_orders_only", "только заявки Нежити, поданные раньше Касания"),
    ),
)


@night_step("N12", "a", ability="Бестелесность")
def incorporeal(night: NightAPI) -> None:
    """«каждую ночь блокирует одну атаку по Призраку. Если атак было сыграно несколько,
    блокируется самая сильная» (N12)."""
    for ghost in night.players():
        if ghost.secret_role != "Призрак" or not ghost.alive or ghost.in_prison:
            continue
        if night.passives_off(ghost.nick):
            continue
        strongest = night.strongest(night.live_attacks_on(ghost.nick))
        if strongest:   # «каждую ночь блокирует одну атаку … блокируется самая сильная»
            strongest.blocked_by = "Бестелесность"
            night.blocked(strongest, "Бестелесность",
                          f"Бестелесность блокирует {strongest.name} игрока {strongest.attacker}")


@night_step("N5", "b", ability="Касание смерти")
def touch_condition(night: NightAPI) -> None:
    """«Не может применяться на тех, кто этой ночью уже становился целью способностей
    Нежити»: otherwise it fails silently (A38)."""
    for touch in [a for a in night.actions if a.name == "Касание смерти" and a.live]:
        target = touch.targets[0]
        for other in night.actions:
            if other is touch or other.void or not other.targets:
                continue
            if night.p(other.user).faction is not Faction.UNDEAD:
                continue
            if night.rulings["touch_restriction"] == "earlier_orders_only" and other.seq > touch.seq:
                continue
            if target in other.targets:
                touch.failed = True
                night.emit(ev.Fizzled(str(night.phase), night.cause("Касание смерти", touch.order, other.order),
                                      f"Касание смерти не сработало: {target} уже цель Нежити",
                                      touch.user, "Касание смерти", f"{target} этой ночью уже цель Нежити"))
                break


@attack("Касание смерти")
def touch_record(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«В любом случае считается атакой.» (rank 7); its damage is decided at N13."""
    return action.rank, None


@LATE_DAMAGE("Касание смерти", sub="1")
def touch_damage(night: NightAPI, attack: Attack) -> int:
    """«если цель в Лазарете, наносит единицу урона» (A38): the Лазарет of S0, or after
    the night's other attacks under `touch_lazaret_check: after_damage`."""
    nick = attack.recipient
    if night.s0.lazaret.get(nick):
        return 1
    if night.rulings["touch_lazaret_check"] == "after_damage":
        return 1 if night.s0.lives[nick] - night.damage_to(nick) == 1 else 0
    return 0


@dataclass
class Touched:
    """Касание смерти's open-role blocks of this night, for the next day (N13 → N22)."""
    players: set[str] = field(default_factory=set)


@NO_DAMAGE("Касание смерти")
def touch_block(night: NightAPI, attack: Attack) -> None:
    """«иначе цель не может использовать способности Явной роли следующим днем (и знает
    об этом)»."""
    night.own(Touched).players.add(attack.recipient)
    night.notice(attack.recipient, ev.NoticeCode.OPEN_ROLE_BLOCKED, "Касание смерти",
                 attack.action.order, about=attack.recipient)


@dataclass(frozen=True)
class TouchBlocks(DayMark):
    """Касание смерти's mark on the coming day (its state slot): the open roles blocked."""


@OPEN_BLOCK("Касание смерти")
def touched_open_role(day: DayAPI, nick: str) -> bool:
    """«цель не может использовать способности Явной роли следующим днем»."""
    return nick in marks_today(day, TouchBlocks)


@night_step("N22", "b", ability="Касание смерти")
def touched_tomorrow(night: NightAPI) -> None:
    """«… следующим днем»: the blocks of tonight's touches hold on the coming day."""
    for nick in sorted(night.own(Touched).players):
        mark(night, TouchBlocks, night.n, nick)
