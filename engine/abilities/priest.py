"""Священник (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import N, T, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import INFO, lazaret
from engine.api import NightAPI, PhaseAPI
from engine.ruling_rows import choice, flag
from engine.names import CIVILIAN, Status
from engine.actions import Action
from engine.state import PlayerState

SPECS = (
    _A("Исповедь", RoleKind.OPEN, ("Священник",), N, "Исповедь - один раз за игру любой ночью может узнать Тайную роль другого персонажа. Этот персонаж, в свою очередь, узнает Тайную роль священника.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True,
       slang=("заглядывать", "заглянуть", "навещать", "навестить", "проверять", "проверить")),
    # automatic (A51 `blessing_auto`); under `blessing_auto: false` a standing order
    _A("Божественное благословление", RoleKind.OPEN, ("Священник",), T, "Божественное благословление - один раз за игру, попадая в Лазарет, мгновенно исцеляет себя на единицу здоровья (и тут же из Лазарета выходит). О том, что Священник попадал в Лазарет, наутро пишется.",
       freq=Freq.PER_GAME, public=True, aliases=("Божественное благословение",)),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Исповедь", Channel.PM, "ник или явная роль",
          verbs=("исповедовать",),
          examples=(("Исповедую Веру", {"target": "Вера"}),)),
    Words("Божественное благословление", Channel.POST,
          "без цели: исцелиться, попав в Лазарет (нужно, только если мастер отключил автоматическое благословление)",
          names=("благословение", "благословление"),
          examples=(("Божественное благословление", {}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "confession_fail_target_learns", "A50", "Исповедь",
        "Исповедь отменена Чарами: Священник получает «Мирный житель». Что узнаёт цель?",
        ("nothing", "ничего"),
        ("priest_role", "всё равно узнаёт Тайную роль Священника"),
    ),
    flag(
        "blessing_auto", "A51", "Божественное благословление",
        "Благословение Священника («попадая в Лазарет, мгновенно исцеляет себя») — автоматически?",
        yes="да, при первом попадании в Лазарет (ровно 1 жизнь), и днём тоже",
        no="по выбору Священника (нужна заранее поданная заявка)",
    ),
)


@INFO("Исповедь")
def confession(night: NightAPI, action: Action) -> None:
    """«может узнать Тайную роль другого персонажа. Этот персонаж, в свою очередь, узнает
    Тайную роль священника.»
    Исповедь: the priest learns the target's role, the target the priest's (A50). Void
    (Чары) or fizzled (a redirect onto herself under `redirect_ignores_restrictions: false`,
    or onto the dead), it answers «Мирный житель» (§9) and nobody confesses."""
    target = action.targets[0]
    if not action.live:
        night.learn(action.user, "Исповедь (§9: не сработала)", action.order, about=target,
                   secret=CIVILIAN)
        if action.void and night.rulings["confession_fail_target_learns"] == "priest_role":
            night.learn(target, "Исповедь", action.order, about=action.user,
                       secret=night.apparent(action.user))
        return
    night.learn(action.user, "Исповедь", action.order, about=target, secret=night.apparent(target))
    night.learn(target, "Исповедь", action.order, about=action.user,
               secret=night.apparent(action.user))


@dataclass(frozen=True)
class Blessed:
    """Божественное благословление's memory across phases (its state slot): who used it
    («один раз за игру»)."""
    players: frozenset[str] = frozenset()


@lazaret("b", ability="Божественное благословление")
def blessing(ctx: PhaseAPI, player: PlayerState) -> bool:
    """«один раз за игру, попадая в Лазарет, мгновенно исцеляет себя на единицу здоровья
    (и тут же из Лазарета выходит). О том, что Священник попадал в Лазарет, наутро
    пишется.» (A51); not while robbed under `theft_blocks: open_incl_passives_and_vote`."""
    robbed = ctx.open_passives_off(player.nick)
    wants = ctx.rulings["blessing_auto"] or \
        ctx.standing(player.nick, "Божественное благословление") is not None
    if (player.open_role == "Священник" and player.nick not in ctx.state.of(Blessed).players and not robbed
            and wants and not player.in_prison):
        ctx.state.put(Blessed(ctx.state.of(Blessed).players | {player.nick}))
        player.uses_of("Божественное благословление").append(ctx.phase)
        player.lives += 1
        # «О том, что Священник попадал в Лазарет, наутро пишется»: the visit is told with it
        ctx.announce("Божественное благословление", "Божественное благословление",
                     by=player.nick, target=player.nick, visited=Status.LAZARET.value)
        return True
    return False
