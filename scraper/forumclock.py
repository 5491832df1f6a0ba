"""The forum's times checked against the clock: are the times gorod reads in the zone the
profile says (`timezone`)?

Forums show a logged-in member every time in his own zone (MyBB, Spirit): with the GM's zone
other than the profile's, every time read is off by the difference. Read as older than they
are, a night's orders fall before the deal and are dropped; read as newer, orders given 20
minutes before a deadline are late. Three witnesses, each a `Finding` (None: it agrees):

- `future_time(newest, server_now, ...)`: a time read later than the forum's own clock now
  (its `Date` header, `HttpClient.server_now`) cannot be: the zone is behind;
- `fresh_write(shown, sent_at, ...)`: the time the forum shows for what gorod has just
  written is the moment it was written, to a few minutes (`TOLERANCE`): both directions;
- `stated_zone(...)` / `page_now(...)`: where a page states the zone (the member's zone
  setting, `clock.setting`) or the time now in it (MyBB's «Current time», `clock.now`),
  that zone must be the profile's.

`alarm_text(finding, profile)` is the GM's Russian alarm, naming the profile's `timezone`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from config.profiles import Profile
from scraper.dates import DateReader

TOLERANCE = timedelta(minutes=5)    # a fresh write's shown time vs when it was written
SLACK = timedelta(minutes=2)        # a read time after the forum's clock now (clocks drift a little)


@dataclass(frozen=True)
class Finding:
    """A witness that the forum's times are not in the profile's zone: `what` (Russian: which
    time, read where), `shown` (the time as gorod read it) against `expected` (what it must
    be, by the forum's clock), and the offset the page itself states, when it does."""

    what: str
    shown: datetime | None = None
    expected: datetime | None = None
    stated: timedelta | None = None

    @property
    def off_by(self) -> timedelta | None:
        if self.shown is None or self.expected is None:
            return None
        return self.shown - self.expected


def future_time(newest: datetime | None, server_now: datetime | None, *, precision: int = 60,
                whose: str = "форума") -> Finding | None:
    """`newest` read later than the clock now (the forum's, or gorod's: `whose`): the profile's
    zone is behind the page's."""
    if newest is None or server_now is None:
        return None
    if newest > server_now + SLACK + timedelta(seconds=precision):
        return Finding(f"самое новое прочитанное время позже, чем сейчас на часах {whose}", newest, server_now)
    return None


def fresh_write(shown: datetime | None, sent_at: datetime | None, *, precision: int = 60,
                what: str = "время только что отправленного поста мастера") -> Finding | None:
    """What gorod wrote at `sent_at` shows as `shown`: more than `TOLERANCE` apart is a zone off."""
    if shown is None or sent_at is None:
        return None
    if abs(shown - sent_at) > TOLERANCE + timedelta(seconds=precision):
        return Finding(what, shown, sent_at)
    return None


def zone_offset(value: str, at: datetime) -> timedelta | None:
    """A zone as a page states it, as an offset from UTC at `at`: an IANA name («Europe/Moscow»),
    hours («3», «-3.5», MyBB's setting), or «UTC+3», «GMT +03:00», «+0300». None: not a zone."""
    text = " ".join(value.split())
    if not text:
        return None
    if "/" in text or text.upper() in ("UTC", "GMT"):
        try:
            return at.astimezone(ZoneInfo(text)).utcoffset()
        except (ZoneInfoNotFoundError, ValueError):
            pass
    match = re.fullmatch(r"(?:UTC|GMT)?\s*([+-−]?)\s*(\d{1,2})(?:[.,](\d+)|:?(\d\d))?(?:\s*\w*)?", text,
                         re.IGNORECASE)
    if not match:
        return None
    sign, hours, fraction, minutes = match.groups()
    delta = timedelta(hours=int(hours))
    if fraction:
        delta += timedelta(hours=float("0." + fraction))
    if minutes:
        delta += timedelta(minutes=int(minutes))
    return -delta if sign in ("-", "−") else delta


def profile_offset(profile: Profile, at: datetime) -> timedelta:
    return at.astimezone(ZoneInfo(profile.timezone)).utcoffset() or timedelta(0)


def stated_zone(value: str | None, profile: Profile, at: datetime, *, what: str) -> Finding | None:
    """The zone a page states (`value`) is not the profile's at `at`."""
    if value is None:
        return None
    offset = zone_offset(value, at)
    if offset is None or offset == profile_offset(profile, at):
        return None
    return Finding(f"{what}: «{value.strip()}»", stated=offset)


def page_now(value: str | None, profile: Profile, server_now: datetime | None, *, precision: int = 60,
             what: str = "«текущее время» на странице форума") -> Finding | None:
    """A page's statement of the time now, read in the profile's zone, against the forum's clock."""
    if value is None or server_now is None:
        return None
    dates = profile.dates
    shown = DateReader(dates.formats, profile.timezone, dict(dates.months), dict(dates.relative),
                       dates.time_formats).read(value, server_now)
    if shown is None:
        return None
    return fresh_write(shown, server_now, precision=precision, what=what)


def offset_words(delta: timedelta) -> str:
    minutes = round(delta.total_seconds() / 60)
    sign = "+" if minutes >= 0 else "−"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours}" + (f":{rest:02d}" if rest else "")


def alarm_text(finding: Finding, profile: Profile) -> str:
    """The GM's alarm: what disagrees, by how much, and the profile's `timezone` to fix."""
    zone = profile.timezone
    now = finding.expected or datetime.now(timezone.utc)
    mine = offset_words(profile_offset(profile, now))
    parts = [f"время форума не сходится с часами: {finding.what}"]
    if finding.off_by is not None:
        hours = finding.off_by.total_seconds() / 3600
        parts.append(f"(прочитано {_local(finding.shown, profile)}, а должно быть около "
                     f"{_local(finding.expected, profile)}: разница {hours:+.1f} ч)")
    if finding.stated is not None:
        parts.append(f"(форум показывает время в поясе {offset_words(finding.stated)})")
    parts.append(f". В профиле форума «{profile.name}» timezone: {zone} ({mine}). Форум показывает время в "
                 "поясе из настроек учётной записи мастера: поставьте там пояс профиля или этот пояс — в timezone "
                 f"своего профиля (extends: {profile.name} и timezone: …). До тех пор время заявок читается "
                 "неверно: они могут оказаться «до раздачи» или «после дедлайна»")
    return " ".join(parts[:-1]) + parts[-1]


def _local(when: datetime | None, profile: Profile) -> str:
    if when is None:
        return "?"
    return when.astimezone(ZoneInfo(profile.timezone)).strftime("%d.%m %H:%M")


def read_clock(client, profile: Profile) -> list[Finding]:
    """What the forum's pages say of its zone, read now as the logged-in member: his zone
    setting (`clock.setting`) and the page's «current time» (`clock.now`), each against the
    profile's `timezone`; nothing when the profile says where neither is."""
    from scraper.decode import parse_html
    from scraper.extract import field_value

    rules = profile.clock
    if not rules.setting_url:
        return []
    page = client.get(client.url(rules.setting_url.format(base=client.base_url.rstrip("/"))), auth=True)
    root = parse_html(page.content, profile.encoding)
    server_now = client.server_now() or datetime.now(timezone.utc)
    found = [stated_zone(field_value(root, rules.setting_zone), profile, server_now,
                         what="пояс в настройках учётной записи на форуме"),
             page_now(field_value(root, rules.now), profile, client.server_now(),
                      precision=profile.dates.precision_seconds)]
    return [f for f in found if f is not None]
