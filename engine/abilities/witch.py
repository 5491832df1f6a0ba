"""Ведьма (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, Freq, N, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import NO_VOTE, UNSAVEABLE, day_effect, is_passive, night_step
from engine.api import DayAPI, DayMark, NightAPI, mark, marks_today
from engine.ruling_rows import DEFAULT_MARK, RulingSpec, flag
from engine.orders import Order
from engine.state import PlayerState

SPECS = (
    _A("Порча", RoleKind.OPEN, ("Ведьма",), N, "Проклятие! Порча - раз за цикл ночей может тайно наложить на персонажа проклятье. Если этой ночью персонажа кто-либо атакует (кроме самой Ведьмы), он умирает мгновенно, даже если атака была заблокирована способностями цели. Если атака была заблокирована/перенаправлена способностями другого человека, Порча не срабатывает.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), stated_secret=True,
       aliases=("Проклятие! Порча", "Проклятие Порча"),
       slang=("сглазить", "наводить порчу", "навести порчу")),
    _A("Смена пола", RoleKind.OPEN, ("Ведьма",), D, "Проклятие! Смена пола - в любой день публично может сменить пол любого персонажа. Этим днем он не может голосовать. Других последствий нет (кроме самой смены пола).",
       freq=Freq.PER_DAY, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True, aliases=("Проклятие! Смена пола", "Проклятие Смена пола"),
       uses_ruling="sex_change_per_day"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Порча", Channel.PM, "ник или явная роль (можно себя)",
          names=("проклятие",), verbs=("портить", "испортить", "проклясть", "проклинать"),
          examples=(("Порча на Веру", {"target": "Вера"}),)),
    Words("Смена пола", Channel.POST, "ник или явная роль (можно себя)",
          names=("сменить пол", "поменять пол", "менять пол", "проклятие"),
          verbs=("проклясть", "проклинать"),
          examples=(("Проклятие! Смена пола: Гена", {"target": "Гена"}),
                    ("Меняю пол Бори", {"target": "Боря"}))),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "curse_fires_on_faction_cancel", "A37", "Порча",
        "На проклятого Лича (Демонолога) напали Демоны (Нежить), и Без души (Aura of darkness) "
        "отменила атаку. Срабатывает ли Порча?",
        yes="да: атаку отменила способность самой цели, а Порча срабатывает, «даже если атака была "
            "заблокирована способностями цели»",
        no="нет: они «не могут атаковать», атаки не было",
    ),
    flag(
        "curse_kill_shuler_saves", "A37", "Порча",
        "Проклятого Порчей атакуют, а на нём Шулер (Пятерка Бубен / Крестей). Спасает ли Шулер?",
        yes="да: вместо смерти остаётся одна жизнь",
        no="нет: Порча убивает «мгновенно»",
    ),
    RulingSpec(
        key="sex_change_per_day",
        default=1,
        readings=(1, "unlimited"),
        entry="A58",
        title="Смена пола frequency",
        description_ru=(
            "Ведьма «в любой день публично может сменить пол любого персонажа». Сколько раз за день?\n"
            f"• 1{DEFAULT_MARK} — один раз в день (иначе Ведьма может каждый день лишать голоса весь город)\n"
            "• unlimited — без ограничения"
        ),
    ),
)


@night_step("N11", ability="Порча")
def curses(night: NightAPI) -> None:
    """N11 Порча: «Если этой ночью персонажа кто-либо атакует (кроме самой Ведьмы), он
    умирает мгновенно, даже если атака была заблокирована способностями цели. Если
    атака была заблокирована/перенаправлена способностями другого человека, Порча не
    срабатывает.» (A37)"""
    for curse in night.live_actions("Порча"):
        cursed, witch = curse.targets[0], curse.user
        for attack in night.attacks:
            if attack.recipient != cursed or attack.attacker == witch:
                continue
            own_cancel = (attack.cancelled_by is not None and attack.blocked_by is None
                          and night.rulings["curse_fires_on_faction_cancel"])
            # «даже если атака была заблокирована способностями цели»: its passive defences
            own_block = is_passive(attack.blocked_by)
            if attack.live or own_cancel or own_block:
                night.kill(cursed, "Порча", curse.order, replace=False)
                if not night.rulings["night_victims_act"]:
                    for own in night.attacks:
                        if own.attacker == cursed and own.live:
                            own.blocked_by = "Порча"
                night.trace(f"Порча срабатывает: {cursed} атакован ({attack.name})", "Порча",
                           curse.order, attack.action.order)
                break


@dataclass(frozen=True)
class SexChanged(DayMark):
    """Смена пола's mark on this day (its state slot): who cannot vote today."""


@day_effect("Смена пола")
def sex_change(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Смена пола: «Этим днем он не может голосовать.»"""
    day.spend(order, spec)
    mark(day, SexChanged, day.n, order.target_nick)
    day.lose_vote(order.target_nick)
    day.announce("Смена пола", "Смена пола", order, by=order.by, target=order.target)


@NO_VOTE("Смена пола", label="Смена пола: без голоса сегодня")
def sex_changed(day: DayAPI, player: PlayerState) -> bool:
    """«Этим днем он не может голосовать.»"""
    return player.nick in marks_today(day, SexChanged)


@UNSAVEABLE("Порча")
def curse_unsaveable(night: NightAPI) -> bool:
    """«он умирает мгновенно»: a Шулер saves only under `curse_kill_shuler_saves` (A37)."""
    return not night.rulings["curse_kill_shuler_saves"]
