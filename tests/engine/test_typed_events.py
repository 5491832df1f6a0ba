"""Typed decision events (issue 16 item 1): one class per kind of learned fact, notices
with a code, typed traces, and the day's tally as VoteCounted / VotesAdded / Abstained /
Verdict, so consumers filter events instead of re-deriving rules or matching text."""
from __future__ import annotations

import pytest

from engine import events as ev
from engine.orders import Order
from engine.phase import PhaseId
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game


def _play(seats, *phases, rulings=None):
    state, start = new_game([Seat(*s) for s in seats], None, Rulings.from_mapping(rulings or {}))
    out = [start]
    for name, orders in phases:
        result = resolve(state, PhaseId.parse(name), [Order.parse(o) for o in orders])
        state = result.state
        out.append(list(result.events))
    return out


def _of(events, kind):
    return [e for e in events if isinstance(e, kind)]


def test_each_kind_of_learned_fact_has_its_class():
    seats = [("Аня", "Мэр", "Лич"), ("Боря", "Оракул", "Зомби"), ("Вера", "Сыщик", "Дознаватель"),
             ("Гена", "Вор", "Начальник стражи"), ("Дима", "Бандит", "Бес")]
    start, night = _play(seats, ("night 1", [
        "{by: Вера, ability: Дознание, targets: [Аня, Боря]}",
        "{by: Гена, ability: Дозор, target: Аня}",
        "{by: Дима, ability: Нападение, target: Аня}",
        "{by: Боря, ability: Голубиная почта, to: Гена, text: привет}"]))
    assert [type(e) for e in start] == [ev.LearnedTeam]
    kinds = {type(e) for e in night if isinstance(e, ev.Learned)}
    assert kinds == {ev.LearnedSides, ev.LearnedVisitors, ev.Notice, ev.Message}
    (notice,) = _of(night, ev.Notice)
    assert notice.code is ev.NoticeCode.ATTACK_CANCELLED_NO_SOUL and notice.to == "Дима"
    assert all(e.as_dict()["to"] for e in _of(night, ev.Learned))   # FORMAT.md's `learned` as before


def test_a_notice_with_an_unknown_code_is_an_error():
    with pytest.raises(ValueError):
        ev.NoticeCode("attack_cancelled_somehow")


def test_redirects_blocks_and_moves_are_typed_traces():
    seats = [("Аня", "Мэр", "Мирный житель"), ("Боря", "Цыганка", "Стражник"),
             ("Вера", "Оракул", "Бес"), ("Гена", "Вор", "Суккуб"), ("Дима", "Бандит", "Зомби")]
    *_, night3 = _play(seats, ("night 1", []), ("day 1", []), ("night 2", []), ("day 2", []),
                       ("night 3", ["{by: Гена, ability: Очарование, targets: [Дима, Вера]}",
                                    "{by: Дима, ability: Bra-a-a-ains, target: Аня}",
                                    "{by: Боря, ability: На страже, target: Вера}"]))
    (redirect,) = _of(night3, ev.Redirected)
    assert (redirect.user, redirect.ability, redirect.to, redirect.by_rule) == \
        ("Дима", "Bra-a-a-ains", "Вера", "Очарование")
    (moved,) = _of(night3, ev.Moved)
    assert (moved.attacker, moved.source, moved.to, moved.by_rule) == ("Дима", "Вера", "Боря", "На страже")
    *_, night = _play(seats, ("night 1", ["{by: Боря, ability: Чары, target: Вера}",
                                          "{by: Вера, ability: Нападение, target: Аня}"]))
    (blocked,) = _of(night, ev.Blocked)
    assert (blocked.user, blocked.ability, blocked.by_rule) == ("Вера", "Нападение", "Чары")
    assert all(isinstance(e, ev.Trace) and e.text for e in (redirect, moved, blocked))


def test_the_day_tally_is_typed_votes_added_votes_abstainers_and_the_verdict():
    seats = [("Аня", "Мэр", "Мирный житель"), ("Боря", "Бунтарь", "Бес"),
             ("Вера", "Оракул", "Зомби"), ("Гена", "Вор", "Стражник")]
    _start, _night, day = _play(seats, ("night 1", []), ("day 1", [
        "{by: Боря, ability: Митинг}",
        "{by: Аня, ability: Голосование, target: Вера}",
        "{by: Аня, ability: Голосование, target: Боря}"]))
    (replaced,) = _of(day, ev.Replaced)
    assert (replaced.order.target, replaced.by_order.target) == ("Вера", "Боря")
    (vote,) = _of(day, ev.VoteCounted)
    assert (vote.voter, vote.target, vote.weight) == ("Аня", "Боря", 2)
    assert [(r.code, r.ability, r.before, r.after) for r in vote.reasons] == \
        [(ev.VoteWhy.WEIGHT, "Деспотия", 1, 2)]
    (added,) = _of(day, ev.VotesAdded)
    assert (added.target, added.votes, added.ability) == ("Боря", 3, "Митинг")
    (abstained,) = _of(day, ev.Abstained)
    assert abstained.players == ("Боря", "Вера", "Гена")
    (verdict,) = _of(day, ev.Verdict)
    assert verdict.outcome is ev.TallyOutcome.CONDEMNED and verdict.condemned == "Боря"
    assert verdict.totals == (("Боря", 5),)
    assert [e.player for e in _of(day, ev.Executed)] == ["Боря"]


def test_a_tie_is_a_verdict_with_nobody_condemned():
    seats = [("Аня", "Вор", "Мирный житель"), ("Боря", "Оракул", "Бес"), ("Вера", "Сыщик", "Зомби")]
    *_, day = _play(seats, ("night 1", []), ("day 1", ["{by: Аня, ability: Голосование, target: Боря}",
                                                       "{by: Боря, ability: Голосование, target: Аня}"]))
    (verdict,) = _of(day, ev.Verdict)
    assert verdict.outcome is ev.TallyOutcome.TIE and verdict.condemned is None
    assert _of(day, ev.Executed) == []
