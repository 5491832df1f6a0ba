"""Король Червей (Сдвиг): the target's state rolls back to the last morning, and returns a
morning later (N20 c; each morning is kept for it)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from typing import Any

from engine.abilities.spec import CardSpec
from engine.abilities.registry import card, day_step, night_step
from engine.api import DayAPI, NightAPI, THROW
from engine.orders import Order
from engine.state import PlayerState
from engine.ruling_rows import choice, flag

CARD = card(CardSpec("Король Червей", "Король Червей (Сдвиг) - утром состояние (уровень здоровья и статусы) цели откатывается к тому, что было прошлым утром. Следующим утром цель возвращается к тому состоянию, в котором была в конце ночи до действия карты. Не может бросаться на себя. Брошенная на Демонолога, позволяет Мастеру карт узнать его Тайную роль.", bonus="Демонолог", on_self=False))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "shift_semantics", "A69", "Король Червей's rollback",
        "Король Червей (Сдвиг) брошен в день D, действует в ночь D+1: «утром состояние цели "
        "откатывается к прошлому утру; следующим утром цель возвращается к состоянию на конец ночи». "
        "Что с изменениями между этими утрами?",
        ("restore_snapshot", "утром D+1 запомнить состояние S1 на конец ночи D+1 и вернуть цель к утру D; "
                             "утром D+2 восстановить S1, отбросив всё случившееся с целью за это время"),
        ("add_changes", "как выше, но изменения за это время добавляются к S1"),
    ),
    flag(
        "shift_undoes_death", "A69", "Король Червей's rollback",
        "Может ли откат Сдвига поднять цель, умершую в ночь D+1?",
        yes="да: откат к прошлому утру возвращает её с Кладбища",
        no="нет: Кладбище окончательно, цель умирает как обычно",
        default=False,
    ),
    flag(
        "shift_window_death_final", "A69", "Король Червей's rollback",
        "Цель Сдвига попала на Кладбище между откатом и возвратом. Восстанавливается ли она утром D+2?",
        yes="нет: остаётся мёртвой, возврата нет",
        no="да: возврат к состоянию S1 поднимает её",
    ),
)


@dataclass(frozen=True)
class Shift:
    """Король Червей: the target's state saved at the end of its night, restored a day later (A69)."""
    target: str
    restore_at_night: int
    saved: dict[str, Any]
    order: Order | None = None
    rolled_lives: int = 0            # the state it was rolled back to (`shift_semantics: add_changes`)
    rolled_prison: Any = None


@dataclass(frozen=True)
class Shifts:
    """Король Червей's memory across phases (its state slot): the mornings it may roll back
    to (day -> nick -> lives and statuses) and the rollbacks waiting to be undone."""
    mornings: dict[int, dict[str, dict[str, Any]]] = field(default_factory=dict)
    shifts: tuple[Shift, ...] = ()


@night_step("N0", "g", ability=THROW)
def first_morning(night: NightAPI) -> None:
    """The «минус первый» day's morning is the start of the game (Король Червей, A69)."""
    memory = night.state.of(Shifts)
    if night.n == 1 and 0 not in memory.mornings:
        start = {n: _snapshot(p) for n, p in night.state.players.items()}
        night.state.put(replace(memory, mornings={**memory.mornings, 0: start}))


@day_step("D0", "a", ability=THROW)
def remember_morning(day: DayAPI) -> None:
    """Король Червей rolls back «к тому, что было прошлым утром» (A69): each morning is kept."""
    memory = day.state.of(Shifts)
    mornings = {d: m for d, m in memory.mornings.items() if d >= day.n - 1 and d != day.n}
    mornings[day.n] = {
        nick: {"lives": p.lives, "lazaret": p.lazaret, "prison": p.prison}
        for nick, p in day.state.players.items()
    }
    day.state.put(replace(memory, mornings=mornings))


@night_step("N20", "c", ability=THROW)
def shift_states(night: NightAPI) -> None:
    """Король Червей: «утром состояние (уровень здоровья и статусы) цели откатывается к
    тому, что было прошлым утром. Следующим утром цель возвращается к тому состоянию,
    в котором была в конце ночи до действия карты.» (A69)"""
    for shift in night.state.of(Shifts).shifts:
        if shift.restore_at_night != night.n:
            continue
        memory = night.state.of(Shifts)
        night.state.put(replace(memory, shifts=tuple(s for s in memory.shifts if s is not shift)))
        target = night.p(shift.target)
        if target.dead and night.rulings["shift_window_death_final"]:
            continue
        if night.rulings["shift_semantics"] == "add_changes" and not target.dead:
            # A69 b: what happened in between is added on top of S1
            saved = dict(shift.saved)
            saved["lives"] += target.lives - shift.rolled_lives
            if target.prison != shift.rolled_prison:
                saved["prison"] = target.prison
            _restore(target, saved)
            if target.lives <= 0:
                night.bury(target.nick, "Король Червей", ["Король Червей"], [shift.order], lives=target.lives)
            continue
        _restore(target, shift.saved)
        night.trace(f"Король Червей: {target.nick} возвращается в прежнее состояние",
                   "Король Червей", shift.order)
    for thrown in night.cards_as("Король Червей"):
        target = night.p(thrown.targets[0])
        if night.dying(target.nick) and not night.rulings["shift_undoes_death"]:
            continue
        morning = night.state.of(Shifts).mornings.get(night.n - 1, {}).get(target.nick)
        if morning is None:
            continue
        saved = _snapshot(target)
        if target.dead and night.rulings["shift_undoes_death"]:
            target.dead = False
        _restore(target, morning)
        memory = night.state.of(Shifts)
        shift = Shift(target.nick, night.n + 1, saved, thrown.order,
                      rolled_lives=target.lives, rolled_prison=target.prison)
        night.state.put(replace(memory, shifts=(*memory.shifts, shift)))
        night.trace(f"Король Червей откатывает {target.nick} к прошлому утру",
                   "Король Червей", thrown.order)


def _snapshot(player: PlayerState) -> dict[str, Any]:
    return {"lives": player.lives, "lazaret": player.lazaret, "prison": player.prison,
            "dead": player.dead}


def _restore(player: PlayerState, saved: dict[str, Any]) -> None:
    """«уровень здоровья и статусы»: lives, Лазарет, Тюрьма and the Кладбище."""
    player.lives = saved["lives"]
    player.lazaret = saved["lazaret"]
    player.prison = saved["prison"]
    player.dead = saved.get("dead", False)
