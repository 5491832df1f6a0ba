"""Дознаватель (З).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import HALF, N, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import INFO, night_step, target_rule
from engine.api import NightAPI, PhaseAPI, Refused, TargetAPI
from engine.ruling_rows import flag
from engine.names import CIVILIAN, Faction, faction_of
from engine.reasons import Reason
from engine.actions import Action
from engine.orders import Order
from engine.state import PlayerState

SPECS = (
    _A("Дознание", RoleKind.SECRET, ("Дознаватель",), N, "Дознание - в любую ночь может выбрать двух живых персонажей не в Тюрьме (кроме себя) и сравнить, на одной ли стороне они находятся.",
       target=TargetRule.TWO_OTHER_FREE, fields=(Field.TARGETS,), info_only=True,
       slang=("сверить", "сверять")),
    _A("Пытка", RoleKind.SECRET, ("Дознаватель",), N, "Пытка - Дознаватель один раз за игру наносит цели единицу урона, и если наутро она не умирает, узнает её Тайную роль.",
       freq=Freq.PER_GAME, moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       slang=("пытать",)),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Дознание", Channel.PM, "два ника: «Дознание: Аня и Боря»",
          verbs=("сравнить", "сравнивать", "допросить", "допрашивать"),
          examples=(("Сравниваю Аню и Борю", {"targets": ["Аня", "Боря"]}),)),
    Words("Пытка", Channel.PM, "ник или явная роль",
          verbs=("пытать", "запытать"),
          examples=(("Пытаю Гену", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "inquiry_neutrals_same_side", "A48", 'Дознание: "двух живых персонажей не в Тюрьме (кроме себя)"',
        "Дознание сравнивает, «на одной ли стороне» два персонажа. Тварь и Мастер карт (оба Н) — "
        "на одной стороне?",
        yes="да: группировка одна",
        no="нет: каждый нейтрал — своя сторона",
        default=False,
    ),
    flag(
        "torture_fail_reports_civilian", "A49", "Пытка's information",
        "Пытка отменена Чарами. Что узнаёт Дознаватель?",
        yes="«Мирный житель», чтобы скрыть несрабатывание (§9)",
        no="ничего",
    ),
)


@INFO("Дознание")
def inquiry(night: NightAPI, action: Action) -> None:
    """Дознание: «сравнить, на одной ли стороне они находятся»; when it fails, both are
    treated as Мирный житель (§9) → same side."""
    first, second = action.targets[0], action.targets[1]
    same = True if not action.live else same_side(night, first, second)
    night.learn(action.user, "Дознание", action.order, about=[first, second], same_side=same)


@INFO("Пытка")
def torture(night: NightAPI, action: Action) -> None:
    """Пытка: «если наутро она не умирает, узнает её Тайную роль» (A49)."""
    target = action.targets[0]
    if action.void:
        if night.rulings["torture_fail_reports_civilian"]:
            night.learn(action.user, "Пытка (§9: не сработала)", action.order, about=target,
                       secret=CIVILIAN)
        return
    if not night.p(target).dead:
        night.learn(action.user, "Пытка", action.order, about=target, secret=night.apparent(target))


def same_side(ctx: PhaseAPI, a: str, b: str) -> bool:
    """Дознание: «на одной ли стороне они находятся» (A48)."""
    # under `inquiry_uses_mask` no check sees through a mask (`apparent` is the mask)
    fa = faction_of(ctx.apparent(a)) if ctx.rulings["inquiry_uses_mask"] else ctx.p(a).faction
    fb = faction_of(ctx.apparent(b)) if ctx.rulings["inquiry_uses_mask"] else ctx.p(b).faction
    if fa is Faction.NEUTRAL and fb is Faction.NEUTRAL:
        return bool(ctx.rulings["inquiry_neutrals_same_side"])
    return fa is fb


ONE_ACTION_PER_NIGHT = {"Дознаватель": frozenset({"Дознание", "Пытка"})}   # «Дознание или Пытка»


@target_rule("Дознание")
def two_free(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«может выбрать двух живых персонажей не в Тюрьме (кроме себя)» (A48)."""
    players = ctx.state.players
    first, second = order.targets
    if first == second:
        return Reason.TARGET_REPEATED, first
    for nick in order.targets:
        if nick == user.nick:
            return Reason.TARGET_SELF, nick
        if not players[nick].alive:
            return Reason.TARGET_DEAD, nick
        if players[nick].in_prison:
            return Reason.TARGET_IN_PRISON, nick
    return None


@night_step("N13", "b", ability="Пытка")
def torture_damage(night: NightAPI) -> None:
    """«наносит цели единицу урона» (not an attack)."""
    for action in night.live_actions("Пытка"):
        night.add_damage(action.targets[0], 1, "Пытка", action.order)
