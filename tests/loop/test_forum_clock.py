"""Forum times in another zone than the profile says (issue 22, item 3), offline: the in-memory
forum shows every time shifted as a forum shows a member's own zone, and has the spirit
profile (timezone: UTC) and a clock of its own (its `Date` header). Each direction of the
shift is an alarm naming the profile's `timezone`, never a silent drop of the night's orders."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from config.profiles import load_profile
from gorod.loop import approve, cycle, deal, publish
from gorod.loop.records import NoticeKind
from scraper.forumclock import Finding, alarm_text, fresh_write, future_time, stated_zone, zone_offset

SHIFT = timedelta(hours=3)     # the GM's zone on the forum: UTC+3; the profile's: UTC


@pytest.fixture
def zoned(forum, clock):
    """The forum with the spirit profile and its own clock (the real one is gorod's `clock`)."""
    forum.profile = load_profile("spirit")
    forum.server_now = lambda: clock.now
    return forum


def _clock_notices(game):
    return [n for n in game.records.notices() if n.kind is NoticeKind.CLOCK]


def test_times_read_hours_ahead_of_the_forums_clock_are_an_alarm_naming_the_profiles_timezone(
        make_game, zoned, clock):
    game = make_game()
    deal(game)
    clock.at("13:00")
    zoned.pm("dave", "Кража — grace", clock.now + SHIFT)   # shown in UTC+3, read as UTC: in the future
    report = cycle(game, post=False)
    [notice] = _clock_notices(game)
    assert "позже, чем сейчас на часах форума" in notice.text and "timezone: UTC" in notice.text
    assert "+3.0 ч" in notice.text
    assert any("timezone: UTC" in note for note in report.poll.notes)


def test_orders_read_as_older_than_the_deal_are_never_dropped_without_a_notice(make_game, zoned, clock):
    """The other direction: the shown times are 3 hours behind, so a night's orders given
    just after the deal read as written before it (6 of 6 dropped, silently, before)."""
    game = make_game()
    deal(game)
    clock.at("12:30")
    orders = [("dave", "Кража — grace"), ("carol", "Исповедую erin"), ("frank", "Лечу alice")]
    for nick, text in orders:
        zoned.pm(nick, text, clock.now - SHIFT)
    cycle(game, post=False)
    assert game.records.orders("night 1") == []                      # not taken as orders
    notices = [n for n in _clock_notices(game) if n.key.startswith("before-deal:")]
    assert len(notices) == len(orders)
    for notice in notices:
        assert "раньше раздачи" in notice.text and "timezone: UTC" in notice.text
        assert "gorod order add" in notice.text


def test_a_fresh_write_shown_hours_off_is_an_alarm(make_game, zoned, clock, monkeypatch):
    game = make_game()
    deal(game)
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    clock.at("10:00", 1)
    cycle(game, post=False)        # the night resolves: its news post is drafted
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    real_reply = zoned.reply

    def reply(text, *, after):     # the forum shows the GM's post in his zone, UTC+3
        created = real_reply(text, after=after)
        zoned.posts[-1].at = datetime.now(timezone.utc) - SHIFT
        del zoned.seen_posts[created.id]
        return created

    monkeypatch.setattr(zoned, "reply", reply)
    publish(game)
    cycle(game, post=False)        # the round reads the GM's own post: its time is 3 h off
    notices = _clock_notices(game)
    assert any("только что отправленного поста мастера" in n.text and "−3.0 ч" in n.text.replace("-", "−")
               for n in notices), [n.text for n in notices]


def test_times_in_the_profiles_zone_raise_no_alarm(make_game, zoned, clock):
    game = make_game()
    deal(game)
    clock.at("13:00")
    zoned.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    assert _clock_notices(game) == []
    assert len(game.records.orders("night 1")) == 1


# -- the witnesses, alone ------------------------------------------------------------------------
NOW = datetime(2026, 12, 1, 21, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("stated, hours", [
    ("0", 0), ("3", 3), ("-3.5", -3.5), ("5.5", 5.5),                        # MyBB's setting (hours)
    ("UTC", 0), ("Europe/Moscow", 3), ("Asia/Kolkata", 5.5),                 # Spirit's (IANA)
    ("UTC+03:00", 3), ("GMT +3", 3), ("UTC−05:00", -5), ("+0300", 3),        # pages' wordings
    ("GMT", 0),      # from the held-out set below: it read as no zone; fixed, so moved here
])
def test_a_stated_zone_is_read_as_its_offset(stated, hours):
    assert zone_offset(stated, NOW) == timedelta(hours=hours)


# Held out: written after the reader, not tuned on (first run 11 of 12; «GMT» alone failed, was
# fixed and moved above, «UTC−03:30» took its place). Never edit a case to fit the code.
HELD_OUT = [("GMT+3", 3), ("UTC +3:00", 3), ("+03:00", 3), ("-0330", -3.5), ("GMT -3.5", -3.5),
            ("Europe/Kaliningrad", 2), ("Etc/GMT-3", 3), ("UTC+3 hours", 3), ("UTC+05:45", 5.75), ("−2", -2),
            ("Asia/Tehran", 3.5), ("UTC−03:30", -3.5)]


@pytest.mark.parametrize("stated, hours", HELD_OUT)
def test_held_out_zone_statements(stated, hours):
    assert zone_offset(stated, NOW) == timedelta(hours=hours)


@pytest.mark.parametrize("stated", ["", "Never", "Time zone", "GMT -12:00 (10:24 AM)"])
def test_what_is_no_zone_is_not_read_as_one(stated):
    assert zone_offset(stated, NOW) is None


def test_a_members_zone_setting_other_than_the_profiles_is_a_finding():
    spirit = load_profile("spirit")
    assert stated_zone("UTC", spirit, NOW, what="пояс") is None
    finding = stated_zone("Europe/Moscow", spirit, NOW, what="пояс в настройках")
    assert finding is not None and finding.stated == SHIFT
    text = alarm_text(finding, spirit)
    assert "UTC+3" in text and "timezone: UTC" in text and "«spirit»" in text


def test_the_witnesses_tolerate_the_forums_minutes_and_a_little_drift():
    assert future_time(NOW + timedelta(minutes=2), NOW) is None
    assert future_time(NOW + timedelta(minutes=10), NOW) is not None
    assert fresh_write(NOW - timedelta(minutes=4), NOW) is None
    assert fresh_write(NOW - timedelta(minutes=20), NOW) is not None
    assert isinstance(fresh_write(NOW + SHIFT, NOW), Finding)
