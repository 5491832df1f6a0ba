"""Цыганка (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities.spec import N, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import PASSIVES_OFF, night_step
from engine.api import NightAPI, PhaseAPI
from engine.ruling_rows import flag

SPECS = (
    _A("Чары", RoleKind.OPEN, ("Цыганка",), N, "Чары - один раз за игру любой ночью может очаровать другого человека. В эту ночь тот не применяет свои способности, но не знает этого.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Чары", Channel.PM, "ник или явная роль",
          verbs=("очаровывать", "очаровать", "зачаровать", "зачаровывать"),
          examples=(("Чары на Богача", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "chary_blocks_passives", "A45", "Чары",
        "Чары Цыганки: «в эту ночь тот не применяет свои способности». Отключаются ли пассивные "
        "(Щит душ, Бестелесность, Protective circle, Без души, Aura, Регенерация, Пивное пузо)?",
        yes="да, пассивные тоже не действуют",
        no="нет, пассивные работают",
        default=False,
    ),
    flag(
        "chary_beats_charm", "A45", "Чары",
        "Цыганка и Суккуб применили Чары и Очарование друг на друга. Кто побеждает?",
        yes="Чары: Очарование не срабатывает",
        no="Очарование: Чары перенаправляются",
    ),
)


@night_step("N4", "e", ability="Чары")
def chary(night: NightAPI) -> None:
    """Чары: «В эту ночь тот не применяет свои способности, но не знает этого.»"""
    for chary in night.live_actions("Чары"):
        for action in night.actions_of(chary.targets[0]):
            if action is not chary and not action.shielded:
                action.void = True
                night.emit(ev.Blocked(str(night.phase), night.cause("Чары", chary.order, action.order),
                                      f"{action.name} игрока {action.user} не применяется (Чары)",
                                      action.user, action.name, "Чары"))
        # The standing orders written tonight (Перерождение, Преемственность, A52) are
        # his orders too (N4 e: «every order of the Чары's final target is void»).
        for order in [o for o in night.standing_orders() if o.by == chary.targets[0]]:
            night.drop_standing(order.by, order.ability)
            night.emit(ev.Blocked(str(night.phase), night.cause("Чары", chary.order, order),
                                  f"{order.ability} игрока {order.by} не применяется (Чары)",
                                  order.by, order.ability, "Чары"))


@PASSIVES_OFF("Чары")
def passives_off(night: PhaseAPI, nick: str) -> bool:
    """«В эту ночь тот не применяет свои способности»: his passive defences too, under
    A45 `chary_blocks_passives`."""
    if not night.rulings["chary_blocks_passives"]:
        return False
    return any(a.targets and a.targets[0] == nick for a in night.live_actions("Чары"))


@night_step("N4", "c", ability="Чары")
def chary_beats_charm(night: NightAPI) -> None:
    """«В эту ночь тот не применяет свои способности, но не знает этого.»
    N4 (c): Чары on the Суккуб stops her Очарование before it redirects (A45)."""
    if not night.rulings["chary_beats_charm"]:
        return
    for chary in night.live_actions("Чары"):
        target = night.p(chary.targets[0])
        if target.secret_role == "Суккуб":
            for action in night.actions_of(target.nick):
                action.void = True
