"""Properties of the engine on seeded random legal games (hypothesis picks the seeds):
resolution never crashes, is deterministic, never changes its input, and a night's
result does not depend on the order in which different players' orders came in."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from engine.resolve import resolve
from gorod.scenarios import phase_output
from simulate import RandomGame, play, random_orders

ANYTIME = {"Пророчество", "Раскрыть карты"}
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
FAST = settings(max_examples=int(__import__("os").environ.get("GOROD_PROPERTY_EXAMPLES", "25")), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _normal(output: dict) -> dict:
    """Lists of a phase output compared as multisets."""
    out = dict(output)
    for key in ("deaths", "revealed", "learned", "announced", "rejected"):
        out[key] = sorted(out[key], key=repr)
    return out


@FAST
@given(SEEDS)
def test_random_games_never_crash_and_are_deterministic(seed):
    first_state, first = play(seed, phases=20)
    second_state, second = play(seed, phases=20)
    assert len(first) == len(second) and first
    for a, b in zip(first, second):
        assert a.events == b.events
    assert phase_output("x", None, first_state, ()) == phase_output("x", None, second_state, ())


@FAST
@given(SEEDS, st.randoms(use_true_random=False))
def test_night_result_does_not_depend_on_submission_order(seed, shuffler):
    checked = 0

    def on_phase(phase, state, orders, result):
        nonlocal checked
        if not phase.is_night:
            return
        # Interleave players' orders at random, keeping each player's own order
        # (a later order of one player may legitimately be refused as a second use)
        # and the order of «в любой момент» orders, which resolve at once, in the
        # order given (rules: «резолвятся сразу в том порядке, в котором были применены»).
        queues = {}
        for order in orders:
            key = "any-time" if order.ability in ANYTIME else order.by
            queues.setdefault(key, []).append(order)
        shuffled = []
        while queues:
            nick = shuffler.choice(sorted(queues))
            shuffled.append(queues[nick].pop(0))
            if not queues[nick]:
                del queues[nick]
        other = resolve(state, phase, shuffled)
        assert _normal(phase_output(str(phase), phase, other.state, other.events)) == \
            _normal(phase_output(str(phase), phase, result.state, result.events))
        checked += 1

    play(seed, phases=12, on_phase=on_phase)
    assert checked >= 1


@FAST
@given(SEEDS)
def test_resolve_never_changes_its_input(seed):
    game = RandomGame(seed)
    state = game.start()
    before = phase_output("x", None, state, ())
    snapshot = repr(state)
    from engine.phase import FIRST_PHASE
    resolve(state, FIRST_PHASE, random_orders(state, FIRST_PHASE, random.Random(seed)))
    assert repr(state) == snapshot
    assert phase_output("x", None, state, ()) == before


def test_random_games_reach_real_outcomes():
    """The generator is not trivial: across seeds, people die, get jailed, and games end."""
    deaths = prison = ended = 0
    for seed in range(30):
        state, results = play(seed, phases=20)
        deaths += sum(1 for p in state.players.values() if p.dead)
        prison += sum(1 for p in state.players.values() if p.in_prison)
        ended += state.game_over
    assert deaths > 30 and ended >= 1


def test_every_event_says_why():
    """Every event carries the rule that produced it; refusals, learned facts and deaths by
    an attack name the orders behind them (the GM's «почему?»)."""
    from engine import events as ev
    checked = 0
    for seed in range(40):
        _state, results = play(seed, phases=12)
        for result in results:
            for event in result.events:
                assert event.cause.rule, event
                if isinstance(event, ev.Rejected):
                    assert event.order in event.cause.orders
                if isinstance(event, ev.Died) and event.cause.rule == "N19 смерть":
                    checked += 1
                    assert event.cause.orders, event
    assert checked > 5
