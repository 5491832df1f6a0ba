"""Forum times: Russian and English month names, relative days, zones, Unix times."""
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from scraper.dates import DateReader

MSK = ZoneInfo("Europe/Moscow")
NOW = datetime(2024, 3, 10, 12, 0, tzinfo=timezone.utc)


@pytest.mark.parametrize("text, formats, expected", [
    ("5 марта 2024, 10:30", ["%d %B %Y, %H:%M"], datetime(2024, 3, 5, 10, 30, tzinfo=MSK)),
    ("5 Мар 2024, 10:30", ["%d %b %Y, %H:%M"], datetime(2024, 3, 5, 10, 30, tzinfo=MSK)),
    ("01 сентября 2023 23:59", ["%d %B %Y %H:%M"], datetime(2023, 9, 1, 23, 59, tzinfo=MSK)),
    ("Sun May 26, 2019 4:34 pm", ["%a %b %d, %Y %I:%M %p"], datetime(2019, 5, 26, 16, 34, tzinfo=MSK)),
    ("Nov. 29, 2026, 10:30 p.m.", ["%b %d, %Y, %I:%M %p"], datetime(2026, 11, 29, 22, 30, tzinfo=MSK)),
    ("Sept. 1, 2026, noon", ["%b %d, %Y, %I:%M %p"], datetime(2026, 9, 1, 12, 0, tzinfo=MSK)),
    ("March 3, 2026, 9 a.m.", ["%b %d, %Y, %I:%M %p"], datetime(2026, 3, 3, 9, 0, tzinfo=MSK)),
    ("March 3, 2026, midnight", ["%b %d, %Y, %I:%M %p"], datetime(2026, 3, 3, 0, 0, tzinfo=MSK)),
    ("2024-01-02T10:00:00Z", ["iso"], datetime(2024, 1, 2, 10, 0, tzinfo=timezone.utc)),
    ("2010-11-21T10:51:58+0000", ["iso"], datetime(2010, 11, 21, 10, 51, 58, tzinfo=timezone.utc)),
    ("1700000000", ["epoch"], datetime(2023, 11, 14, 22, 13, 20, tzinfo=timezone.utc)),
    ("1553457251505", ["epoch_ms"], datetime(2019, 3, 24, 19, 54, 11, 505000, tzinfo=timezone.utc)),
])
def test_absolute_times(text, formats, expected):
    value = DateReader(tuple(formats), "Europe/Moscow").read(text, NOW)
    assert value == expected and value.tzinfo is not None


@pytest.mark.parametrize("text, expected", [
    ("Сегодня, 10:31", datetime(2024, 3, 10, 10, 31, tzinfo=MSK)),
    ("сегодня в 10:31", datetime(2024, 3, 10, 10, 31, tzinfo=MSK)),
    ("Вчера 23:59:01", datetime(2024, 3, 9, 23, 59, 1, tzinfo=MSK)),
    ("Today, 10:31 PM", datetime(2024, 3, 10, 22, 31, tzinfo=MSK)),
    ("Yesterday at 09:05 AM", datetime(2024, 3, 9, 9, 5, tzinfo=MSK)),
    ("Позавчера, 08:00", datetime(2024, 3, 8, 8, 0, tzinfo=MSK)),
])
def test_relative_days_count_from_now_in_the_forums_zone(text, expected):
    assert DateReader(("%d.%m.%Y %H:%M",), "Europe/Moscow").read(text, NOW) == expected


def test_relative_day_is_the_forums_day_not_utcs():
    late = datetime(2024, 3, 10, 22, 30, tzinfo=timezone.utc)  # already 11 March in Moscow
    assert DateReader((), "Europe/Moscow").read("Сегодня, 01:00", late) == datetime(2024, 3, 11, 1, 0, tzinfo=MSK)


def test_epoch_is_shown_in_the_forums_zone():
    value = DateReader(("epoch",), "Europe/Moscow").read("1700000000")
    assert value.utcoffset() == timedelta(hours=3)


def test_extra_month_names_and_relative_words_from_the_profile():
    reader = DateReader(("%Y. %B %d. %H:%M",), "Europe/Budapest", months={"április": 4}, relative={"ma": 0})
    assert reader.read("2011. április 24. 22:37", NOW) == datetime(2011, 4, 24, 22, 37, tzinfo=ZoneInfo("Europe/Budapest"))
    assert reader.read("Ma, 10:00", NOW).day == 10


def test_unreadable_time_is_none():
    assert DateReader(("%d.%m.%Y",), "UTC").read("when pigs fly") is None
    assert DateReader(("%d.%m.%Y",), "UTC").read("   ") is None


def test_weekday_names_in_any_language_are_skipped_by_pct_a():
    reader = DateReader(("%a %b %d, %Y %I:%M %p", "%a, %d %B %Y, %H:%M"), "UTC")
    assert reader.read("Вс май 26, 2019 4:34 pm") == datetime(2019, 5, 26, 16, 34, tzinfo=ZoneInfo("UTC"))
    assert reader.read("Пятница, 3 мая 2024, 18:05") == datetime(2024, 5, 3, 18, 5, tzinfo=ZoneInfo("UTC"))


def test_two_digit_years_and_impossible_dates():
    reader = DateReader(("%d.%m.%y, %H:%M",), "UTC")
    assert reader.read("13.12.21, 14:42").year == 2021
    assert reader.read("31.02.21, 14:42") is None


# ---------------------------------------------------------------- the date grammar (tuned cases)

@pytest.mark.parametrize("text, form", [
    ("Nov. 30, 2026, midnight", "%B %d, %Y, %I:%M %p"),
    ("Dec. 1, 2026, noon", "%B %d, %Y, %I:%M %p"),
    ("10-17-2026, 02:14 PM", "%m-%d-%Y, %I:%M %p"),
    ("19.10.2026, 16:17", "%d.%m.%Y, %H:%M"),
    ("24 ноября 2026 г. 17:29", "%d %B %Y г. %H:%M"),
    ("28 Nov, 2026 19:54", "%d %B, %Y %H:%M"),
])
def test_the_grammar_states_the_form_it_read(text, form):
    from scraper.dategrammar import shape_of
    assert shape_of(text)[0] == form


@pytest.mark.parametrize("text", ["Less than 1 minute ago", "менее минуты назад", "только что", "Yesterday , 09:15 AM"])
def test_relative_times_have_no_form_of_their_own(text):
    from scraper.dategrammar import RELATIVE, shape_of
    assert shape_of(text) == (RELATIVE,)


@pytest.mark.parametrize("text", ["13.12.21, 14:42 |", "| 13.12.21, 14:42", "От: Мастер 24 ноября 2026 г. 17:29",
                                  "28 ноя 19:54", "11-30-2026 Петя"])
def test_a_text_with_more_than_a_date_is_no_date(text):
    from scraper.dategrammar import shape_of
    assert shape_of(text) == ()


def test_ago_is_read_against_now():
    now = datetime(2026, 12, 1, 21, 0, tzinfo=MSK)
    assert DateReader((), "Europe/Moscow").read("5 минут назад", now) == datetime(2026, 12, 1, 20, 55, tzinfo=MSK)
    assert DateReader((), "Europe/Moscow").read("an hour ago", now) == datetime(2026, 12, 1, 20, 0, tzinfo=MSK)
