"""Boundaries at the forum's precision (issue 14): Spirit shows minutes, so a vote shown in
the minute of a deadline may have come before it: never refused as late for the rounding."""
from __future__ import annotations

from datetime import timedelta

import pytest

from config.profiles import load_profile
from gorod.loop import cycle, deal


def test_spirit_says_its_times_are_minutes():
    assert load_profile("spirit").dates.precision_seconds == 60


@pytest.mark.parametrize("precision, status", [(60, "active"), (1, "late")])
def test_an_order_in_the_deadlines_minute(make_game, forum, clock, precision, status):
    forum.time_precision = precision
    game = make_game()
    deal(game)
    deadline = clock.at("10:00", 1)               # night 1 ends at 10:00 Moscow
    shown = deadline if precision == 60 else deadline + timedelta(seconds=30)
    forum.pm("dave", "Кража — grace", shown)      # the page shows 10:00 (written 10:00:30, say)
    clock.now = deadline + timedelta(seconds=40)  # gorod reads it after the deadline
    cycle(game)
    orders = game.records.orders(status=status)
    assert [o.by for o in orders] == ["dave"]
    notices = [n for n in game.records.notices() if n.kind == "boundary"]
    if precision == 60:
        assert [str(o) for o in game.records.phases()[0].orders] == ["{by: dave, ability: Кража, target: grace}"]
        assert len(notices) == 1 and "с точностью до минуты" in notices[0].text
        assert not [d for d in game.records.drafts() if d.kind == "late"]
    else:
        assert notices == []


def test_a_minute_shown_before_the_deadline_read_late_is_on_time_silently(make_game, forum, clock):
    forum.time_precision = 60
    game = make_game()
    deal(game)
    deadline = clock.at("10:00", 1)
    forum.pm("dave", "Кража — grace", deadline - timedelta(minutes=1))   # 09:59: all of it before
    clock.now = deadline + timedelta(minutes=3)
    cycle(game)
    assert [o.by for o in game.records.orders(status="active")] == ["dave"]
    assert not [n for n in game.records.notices() if n.kind == "boundary"]


def test_a_minute_wholly_after_the_deadline_is_late(make_game, forum, clock):
    forum.time_precision = 60
    game = make_game()
    deal(game)
    deadline = clock.at("10:00", 1)
    forum.pm("dave", "Кража — grace", deadline + timedelta(minutes=1))
    clock.now = deadline + timedelta(minutes=2)
    cycle(game)
    assert [o.by for o in game.records.orders(status="late")] == ["dave"]
