"""Дворянин (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import day_effect, day_refusal, day_step, night_refusal, night_step, vote_weight
from engine.api import DayAPI, DayMark, NightAPI, Refused, mark, marks_today
from engine.ruling_rows import choice
from engine.orders import Order
from engine.reasons import Reason
from engine.actions import Ballot
from engine.state import PlayerState

SPECS = (
    _A("Влияние", RoleKind.OPEN, ("Дворянин",), D, "Влияние - каждый ход может диктовать голоса другого персонажа. У Мэра забирает оба голоса. Не может использоваться на одну и ту же цель два раза подряд.",
       freq=Freq.PER_DAY, target=TargetRule.PAIR, fields=(Field.TARGETS,), when_ruling="influence_phase",
       on_vote=True),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Влияние", Channel.PM, "чей голос (ник), затем против кого: «Влияние: Аня голосует против Бори»",
          verbs=("диктовать", "продиктовать", "влиять", "повлиять"),
          examples=(("Влияние: Аня голосует против Бори", {"targets": ["Аня", "Боря"]}),),
          consumes=True,
          own_verb=True),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "influence_weight", "A28", "Дворянин's Влияние, especially on a Мэр",
        "Влияние: «может диктовать голоса другого персонажа. У Мэра забирает оба голоса». "
        "Что происходит с голосом цели?",
        ("target_full", "голос цели с его полным текущим весом (Мэр 2, Мэр под Тузом Бубен 1, "
                        "Бунтарь после Митинга 5) идёт туда, куда скажет Дворянин"),
        ("added_to_own", "Дворянин «забирает» голоса цели и отдаёт их вдобавок к своему; "
                         "если сам Дворянин к подсчёту голоса лишён, забранные голоса не учитываются"),
        ("single_vote", "переходит только один голос"),
    ),
    choice(
        "influence_repeat", "A28", "Дворянин's Влияние, especially on a Мэр",
        "Влияние «не может использоваться на одну и ту же цель два раза подряд». Что значит «подряд»?",
        ("consecutive_days", "в два дня подряд"),
        ("consecutive_uses", "в два применения подряд: пропуск дня не сбрасывает запрет"),
    ),
)


@day_refusal("Влияние")
def influence_refusal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«диктовать голоса другого персонажа. … Не может использоваться на одну и ту же цель
    два раза подряд.»
    Another character who can vote today; not the same target twice in a row (A28)."""
    controlled, vote_target = order.targets
    user = day.p(order.by)
    if controlled == user.nick:
        return Reason.TARGET_SELF, controlled
    target = day.p(controlled)
    if not target.alive:
        return Reason.TARGET_DEAD, controlled
    if not day.can_vote(target):
        return Reason.CANNOT_VOTE, controlled
    if vote_target == controlled:
        return Reason.TARGET_SELF, vote_target
    last = day.state.of(Influenced).last.get(user.nick)
    if last and last[0] == controlled:
        repeat = day.rulings["influence_repeat"]
        if repeat == "consecutive_uses" or last[1] == day.n - 1:
            return Reason.TARGET_REPEATED, controlled
    return None


@dataclass(frozen=True)
class Influenced:
    """Влияние's memory across phases (its state slot): Дворянин -> (whom, which day or night)
    his last Влияние controlled («не на одного и того же два дня подряд», A28)."""
    last: dict[str, tuple[str, int]] = field(default_factory=dict)

    def used(self, noble: str, controlled: str, n: int) -> "Influenced":
        return replace(self, last={**self.last, noble: (controlled, n)})


@day_effect("Влияние")
def influence(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Влияние: «может диктовать голоса другого персонажа. У Мэра забирает оба голоса.»"""
    controlled, vote_target = order.targets
    day.spend(order, spec)
    day.state.put(day.state.of(Influenced).used(order.by, controlled, day.n))
    day.dictate(controlled, vote_target, order.by, order)


@night_refusal("Влияние")
def night_influence_refusal(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«Влияние - каждый ход может диктовать голоса другого персонажа.»
    `influence_phase: any`: a night Влияние is judged as ordered (A28)."""
    controlled, vote_target = order.targets
    if controlled == order.by or vote_target == controlled:
        return Reason.TARGET_SELF, controlled
    last = night.state.of(Influenced).last.get(order.by)
    if last and last[0] == controlled and (
            night.rulings["influence_repeat"] == "consecutive_uses" or last[1] == night.n - 1):
        return Reason.TARGET_REPEATED, controlled
    return None


@dataclass(frozen=True)
class DictatedAtNight(DayMark):
    """A night Влияние's mark on the coming day (its state slot): controlled -> (vote
    target, Дворянин, order)."""


@night_step("N22", "b", ability="Влияние")
def influence_at_night(night: NightAPI) -> None:
    """«каждый ход может диктовать голоса другого персонажа»
    `influence_phase: any`: a night Влияние dictates the vote of the coming day."""
    for action in night.live_actions("Влияние"):
        controlled, vote_target = action.targets[0], action.targets[1]
        mark(night, DictatedAtNight, night.n, controlled, (vote_target, action.user, action.order))
        night.state.put(night.state.of(Influenced).used(action.user, controlled, night.n))


@day_step("D0", "b", ability="Влияние")
def dictated_at_dawn(day: DayAPI) -> None:
    """«каждый ход может диктовать голоса другого персонажа»
    D0: a night Влияние's dictated vote is cast as the day opens."""
    for controlled, (vote_target, noble, order) in marks_today(day, DictatedAtNight).items():
        target = day.p(controlled)
        if day.can_vote(target) and day.p(noble).alive and day.p(vote_target).alive:
            day.dictate(controlled, vote_target, noble, order)


@vote_weight("z", ability="Влияние", label="Влияние: продиктованный голос")
def dictated_weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None,
                    w: int) -> int | tuple[int, str]:
    """«У Мэра забирает оба голоса»: a dictated vote keeps its whole weight (A28
    `influence_weight`), or counts one, or is the Дворянин's own (void if he has none)."""
    if ballot is None or not ballot.controlled_by or ballot.order.ability != "Влияние":
        return w
    mode = day.rulings["influence_weight"]
    if mode == "single_vote" and w > 1:
        return 1, "Влияние: продиктованный голос считается за один"
    if mode == "added_to_own" and not day.can_vote(day.p(ballot.controlled_by)):
        # the Дворянин casts the taken votes himself (A28 b)
        return 0, f"Влияние: голоса отдаёт {ballot.controlled_by}, а у него сегодня голоса нет"
    return w
