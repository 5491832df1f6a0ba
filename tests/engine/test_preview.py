"""The dry run of the phase so far (engine/preview.py): what the console's and the CLI's
tally show is the engine's own decision, order by order, before the phase ends.

Issue 15, problems 4 and 5: under `influence_weight: added_to_own` a dictated Мэр vote
showed weight 2 while the engine counted 0; a vote by a robbed or imprisoned player, a
second once-per-game use, an order from Тюрьма or Лазарет and a vote since changed all
looked valid («в силе») until the phase had ended."""
from __future__ import annotations

from engine.orders import Order
from engine.phase import PhaseId
from engine.preview import Status, preview_phase
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game

SEATS = [Seat("Аня", "Мэр", "Мирный житель"), Seat("Боря", "Дворянин", "Бес"),
         Seat("Вера", "Вор", "Начальник стражи"), Seat("Гриша", "Оракул", "Зомби"),
         Seat("Даша", "Бандит", "Стражник"), Seat("Егор", "Лекарь", "Мирный житель"),
         Seat("Жора", "Ведьма", "Мирный житель")]


def _state(rulings=None, **setup):
    state, _ = new_game(SEATS, setup or None, Rulings.from_mapping(rulings or {}))
    return state


def _after(state, *phases):
    for name, orders in phases:
        state = resolve(state, PhaseId.parse(name), [Order.parse(o) for o in orders]).state
    return state


def _orders(*texts):
    return [Order.parse(t) for t in texts]


def test_a_dictated_mayor_vote_shows_the_weight_the_engine_counts_under_added_to_own():
    """The Дворянин dictates the Мэр's two votes, then loses his own vote (Смена пола):
    under `added_to_own` he casts them himself, so they count 0 (A28 b)."""
    state = _after(_state({"influence_weight": "added_to_own"}), ("night 1", []))
    orders = _orders("{by: Боря, ability: Влияние, targets: [Аня, Гриша]}",
                     "{by: Жора, ability: Смена пола, target: Боря}",
                     "{by: Егор, ability: Голосование, target: Даша}")
    shown = preview_phase(state, PhaseId.parse("day 1"), orders)
    mayor = next(v for v in shown.votes if v.voter == "Аня")
    assert (mayor.target, mayor.controlled_by, mayor.weight) == ("Гриша", "Боря", 0)
    assert any("Влияние" in r.text for r in mayor.reasons)
    counted = [e for e in resolve(state, PhaseId.parse("day 1"), orders).events
               if type(e).__name__ == "Verdict"]
    assert dict(shown.verdict.totals) == dict(counted[0].totals) == {"Даша": 1}


def test_a_dictated_mayor_vote_keeps_both_votes_by_default():
    state = _after(_state(), ("night 1", []))
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Боря, ability: Влияние, targets: [Аня, Гриша]}"))
    (vote,) = shown.votes
    assert (vote.weight, vote.controlled_by) == (2, "Боря")
    assert [r.text for r in vote.reasons][:1] == ["голос продиктован: Боря (Влияние)"]
    assert any("Деспотия" in r.text for r in vote.reasons)


def test_a_robbed_player_s_vote_shows_as_refused_before_the_day_ends():
    state = _after(_state(), ("night 1", ["{by: Вера, ability: Кража, target: Гриша}"]))
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Гриша, ability: Голосование, target: Аня}",
                                  "{by: Аня, ability: Голосование, target: Гриша}"))
    robbed, mayor = shown.verdicts
    assert robbed.status is Status.REFUSED and robbed.text == "будет отклонена: нет голоса сегодня"
    assert mayor.status is Status.IN_FORCE and mayor.text == "в силе"
    assert "Гриша" not in shown.abstained and "Гриша" not in shown.electorate


def test_an_imprisoned_player_s_vote_and_order_show_as_refused():
    state = _after(_state(), ("night 1", ["{by: Вера, ability: Арест, target: Гриша}"]))
    assert state.players["Гриша"].in_prison
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Гриша, ability: Голосование, target: Аня}",
                                  "{by: Гриша, ability: Пророчество, target: Аня}"))
    vote, prophecy = shown.verdicts
    assert vote.text == "будет отклонена: нет голоса сегодня"
    assert prophecy.status is Status.REFUSED and prophecy.text == "будет отклонена: в Тюрьме"


def test_a_second_once_per_game_use_shows_as_used_up():
    state = _after(_state(), ("night 1", ["{by: Гриша, ability: Пророчество, target: Аня}"]))
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Гриша, ability: Пророчество, target: Вера}"))
    (again,) = shown.verdicts
    assert again.status is Status.REFUSED and again.text == "будет отклонена: использовано"


def test_an_order_from_the_lazaret_shows_as_refused():
    # a beaten-up Бес in the Лазарет by the night: «лишен способностей тайной роли»
    state = _after(_state(), ("night 1", []),
                   ("day 1", ["{by: Даша, ability: Поймать в подворотне, target: Боря}"]))
    assert state.players["Боря"].lazaret
    shown = preview_phase(state, PhaseId.parse("night 2"),
                          _orders("{by: Боря, ability: Нападение, target: Егор}"))
    (attack,) = shown.verdicts
    assert attack.status is Status.REFUSED and attack.text == "будет отклонена: в Лазарете"


def test_a_vote_since_changed_shows_as_replaced_by_the_later_one():
    state = _after(_state(), ("night 1", []))
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Егор, ability: Голосование, target: Аня}",
                                  "{by: Аня, ability: Голосование, target: Боря}",
                                  "{by: Егор, ability: Голосование, target: Боря}"))
    first, mayor, second = shown.verdicts
    assert first.status is Status.REPLACED and first.replaced_by == 2
    assert (mayor.status, second.status) == (Status.IN_FORCE, Status.IN_FORCE)
    assert dict(shown.verdict.totals) == {"Боря": 3} and shown.verdict.condemned == "Боря"
    assert shown.abstained == ("Боря", "Вера", "Гриша", "Даша", "Жора")


def test_a_malformed_order_is_shown_with_its_error_and_the_others_still_judged():
    state = _after(_state(), ("night 1", []))
    shown = preview_phase(state, PhaseId.parse("day 1"),
                          _orders("{by: Егор, ability: Голосование, target: Петя}",
                                  "{by: Аня, ability: Голосование, target: Боря}"))
    bad, good = shown.verdicts
    assert bad.status is Status.ERROR and "Петя" in bad.text
    assert good.status is Status.IN_FORCE and dict(shown.verdict.totals) == {"Боря": 2}


def test_the_preview_never_changes_the_state_it_is_given():
    state = _after(_state(), ("night 1", []))
    before = state.copy()
    preview_phase(state, PhaseId.parse("day 1"), _orders("{by: Аня, ability: Голосование, target: Боря}"))
    assert state == before


# --- on random legal games -------------------------------------------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from engine import events as ev  # noqa: E402
from simulate import play  # noqa: E402


@settings(max_examples=int(__import__("os").environ.get("GOROD_PROPERTY_EXAMPLES", "15")), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**31 - 1))
def test_the_preview_of_every_phase_so_far_is_what_the_engine_resolves(seed):
    """For each phase of a random game and each point in it (the orders so far): every
    order gets one verdict, the refused ones are exactly the engine's rejections, and by day
    the tally's votes add up to the verdict's totals."""
    def on_phase(phase, state, orders, result):
        for cut in sorted({len(orders) // 2, len(orders)}):
            so_far = orders[:cut]
            shown = preview_phase(state, phase, so_far)
            assert [v.index for v in shown.verdicts] == list(range(len(so_far)))
            if not any(isinstance(e, ev.GameOver) for e in shown.events):
                assert all(v.status is not Status.NOT_REACHED for v in shown.verdicts), shown.verdicts
            if cut == len(orders):
                refused = sorted(str(e.order) for e in result.events if isinstance(e, ev.Rejected))
                got = sorted(str(v.order) for v in shown.verdicts if v.status is Status.REFUSED)
                assert len(got) == len(refused)
                verdicts = [e for e in result.events if isinstance(e, ev.Verdict)]
                assert (shown.verdict is None) == (not verdicts)
                if verdicts:
                    assert shown.verdict.totals == verdicts[0].totals
            if shown.verdict is not None:
                totals: dict[str, int] = {}
                for vote in shown.votes:
                    totals[vote.target] = totals.get(vote.target, 0) + vote.weight
                for added in shown.added:
                    totals[added.target] = totals.get(added.target, 0) + added.votes
                assert {k: v for k, v in totals.items() if v} == dict(shown.verdict.totals)
    play(seed, phases=12, on_phase=on_phase)


def test_a_zombie_signal_at_night_is_judged_like_any_order():
    seats = [Seat("Аня", "Мэр", "Лич"), Seat("Боря", "Вор", "Мирный житель"), Seat("Вера", "Оракул", "Бес")]
    state, _ = new_game(seats, None, Rulings.from_mapping({}))
    state = _after(state, ("night 1", ["{by: Аня, ability: Зомбирование, target: Боря, "
                                       "command: {ability: Кража, target: Оракул}}"]), ("day 1", []))
    shown = preview_phase(state, PhaseId.parse("night 2"),
                          _orders("{by: Аня, ability: Зомбирование, signal: true}",
                                  "{by: Аня, ability: Зомбирование, signal: true}"))
    first, second = shown.verdicts
    assert (first.status, second.status) == (Status.IN_FORCE, Status.REFUSED)
    assert second.text == "будет отклонена: использовано"
