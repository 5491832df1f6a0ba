"""The live vote tally of the open day: who votes against whom, each vote's weight and why.

    tally = live_tally(state, PhaseId.parse("day 2"), orders)   # the day's orders so far
    tally.votes        # [Vote(voter, target, weight, why=["Мэр: Деспотия, голос за два"], …)]
    tally.totals       # {"Боря": 3, "Аня": 1}, what the engine counts now
    tally.leader       # who would be executed if the day ended now (None: nobody)

A pure function: the engine's own day (`engine.day.Day`) runs on a copy of the state with
the orders given so far, as if the day ended now, and its tally step is watched: each
ballot's weight is the engine's `weight()` at that moment, and the reasons are read off the
same predicates the engine uses (`can_vote`, `despotiya`, the day's marks). Nothing of the
vote rules is written twice.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.day import Day
from engine.orders import Order
from engine.phase import PhaseId
from engine.state import GameState

VOTE = "Голосование"


@dataclass(frozen=True)
class Vote:
    voter: str
    target: str
    weight: int
    why: tuple[str, ...]
    order: str
    controlled_by: str | None = None


@dataclass
class Tally:
    phase: str
    votes: list[Vote] = field(default_factory=list)
    refused: list[tuple[str, str]] = field(default_factory=list)   # (order, the engine's reason)
    extra: list[str] = field(default_factory=list)                 # Митинг, Компромат: the trace lines
    totals: dict[str, int] = field(default_factory=dict)
    leader: str | None = None
    verdict: str = ""


class _WatchedDay(Day):
    """The engine's day; its tally step records each ballot's weight and the reasons."""

    seen: list[Vote]

    def tally(self):
        self.seen = [self._explain(nick, ballot) for nick, ballot in self.ballots.items()]
        return super().tally()

    def _explain(self, nick: str, ballot) -> Vote:
        voter = self.p(nick)
        why: list[str] = []
        if not self.p(ballot.target).alive:
            why.append(f"{ballot.target} уже не жив(а): голос не считается")
        if not self.can_vote(voter):
            if not voter.alive:
                why.append("голосующий на Кладбище")
            elif voter.in_prison:
                why.append("голосующий в Тюрьме")
            if nick in self.lost_vote:
                why.append("потерял(а) голос на этот день")
            if nick in self.marks.sex_changed:
                why.append("Смена пола: без голоса сегодня")
            if nick in self.marks.robbed:
                why.append("Кража: без голоса сегодня")
            if voter.silenced:
                why.append("Туз Бубен: голоса нет")
        else:
            if self.despotiya(voter):
                why.append("Мэр: Деспотия, голос за два")
            if voter.silenced:
                why.append("Туз Бубен: на один голос меньше")
            if voter.open_role == "Бунтарь" and nick in self.miting:
                why.append("Митинг: голос Бунтаря за пять")
            if self.marks.accused.get(ballot.target) == nick:
                why.append("Обвинение: голос Инквизитора против обвинённого за три")
        if ballot.controlled_by:
            why.append(f"голос продиктован: {ballot.controlled_by} ({ballot.order.ability})")
        weight = self.weight(voter, ballot.target) if self.p(ballot.target).alive else 0
        if ballot.controlled_by and ballot.order.ability == "Влияние":
            mode = self.rulings["influence_weight"]
            if mode == "single_vote" and weight > 1:
                weight = 1
                why.append("Влияние: продиктованный голос считается за один")
        if not why:
            why.append("обычный голос")
        return Vote(nick, ballot.target, weight, tuple(why), str(ballot.order), ballot.controlled_by)


def live_tally(state: GameState, phase: PhaseId, orders: list[Order]) -> Tally:
    """The tally of day `phase` if it ended now with `orders` (the state is not changed)."""
    out = Tally(str(phase))
    if phase.is_night:
        return out
    day = _WatchedDay(state.copy(), phase, list(orders))
    events = day.run()
    out.votes = sorted(getattr(day, "seen", []), key=lambda v: (-v.weight, v.target, v.voter))
    for event in events:
        if isinstance(event, ev.Rejected) and event.order.ability in (VOTE, "Компромат", "Влияние"):
            out.refused.append((str(event.order), event.message))
        if isinstance(event, ev.Trace) and ("копилк" in event.text or "Митинг" in event.cause.rule):
            out.extra.append(event.text)
        if isinstance(event, ev.Trace) and event.text.startswith("итог голосования"):
            out.verdict = event.text
    out.totals = dict(sorted(getattr(day, "votes", {}).items(), key=lambda kv: -kv[1]))
    if out.totals:
        top = max(out.totals.values())
        leaders = [nick for nick, n in out.totals.items() if n == top]
        executed = [e.player for e in events if isinstance(e, ev.Executed)]
        condemned = leaders[0] if len(leaders) == 1 and "приговорён" in out.verdict else None
        out.leader = executed[0] if executed else condemned
    return out
