"""Every round: are the forum's times in the zone the profile says? (issue 22, item 3)

`ReadTimes` collects, while a round reads, the newest time read and the GM's own posts read
for the first time; `watch(game, seen)` then raises the GM's alarm (a `clock` notice, in
Russian, naming the profile's `timezone`) when
- the newest time read is later than the forum's clock now (its `Date` header) or than
  gorod's own clock: the profile's zone is behind the page's;
- a post gorod wrote in the last `FRESH` shows a time more than a few minutes from when the
  forum confirmed it: either direction;
- the member's zone setting or a page's «current time» (the profile's `clock:`), read every
  `SETTING_EVERY`, is not the profile's zone.
The checks themselves are `scraper.forumclock`'s; a forum without a profile (the tests'
in-memory one) is not checked.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone

from gorod.loop.game import Game
from gorod.loop.records import NoticeKind
from scraper.errors import ScraperError
from scraper.forumclock import Finding, alarm_text, fresh_write, future_time

FRESH = timedelta(minutes=30)            # a GM's post confirmed this recently is a fresh write
SETTING_EVERY = timedelta(hours=6)       # the member's zone setting read again after this


@dataclass
class ReadTimes:
    newest: datetime | None = None
    gm_posts: list[tuple[str, datetime]] = field(default_factory=list)   # (post id, its shown time)

    def saw(self, when: datetime | None) -> None:
        if when is not None and (self.newest is None or when > self.newest):
            self.newest = when


def watch(game: Game, seen: ReadTimes, *, setting: bool | None = None) -> list[str]:
    """The round's alarms (also stored as notices); `setting`: read the member's zone setting
    now (None: when `SETTING_EVERY` has passed since it last was)."""
    forum = game.forum
    profile = getattr(forum, "profile", None)
    if profile is None:
        return []
    precision = getattr(forum, "time_precision", 60)
    server_now = forum.server_now() if hasattr(forum, "server_now") else None
    wall = datetime.now(timezone.utc)
    findings: list[Finding | None] = [
        future_time(seen.newest, server_now, precision=precision),
        future_time(seen.newest, wall, precision=precision, whose="gorod"),
    ]
    for post_id, shown in seen.gm_posts:
        sent = game.records.confirmed_at("topic", post_id)
        if sent is not None and wall - sent <= FRESH:
            findings.append(fresh_write(shown, sent, precision=precision))
    if _setting_due(game, wall) if setting is None else setting:
        try:
            findings.extend(forum.read_clock() if hasattr(forum, "read_clock") else [])
            game.records.put("clock_setting_read", wall.isoformat(timespec="seconds"))
        except ScraperError:   # the page of the setting is not the round's read: tried again later
            pass
    alarms = []
    for finding in findings:
        if finding is None:
            continue
        text = alarm_text(finding, profile)
        if finding.off_by is not None:
            key = f"clock:{profile.timezone}:{round(finding.off_by.total_seconds() / 900)}"
        else:
            key = f"clock:{profile.timezone}:stated:{finding.stated}"
        current = game.current()
        game.records.notice(key, NoticeKind.CLOCK, text, str(current.phase) if current else None)
        alarms.append(text)
    return alarms


def _setting_due(game: Game, wall: datetime) -> bool:
    last = game.records.get("clock_setting_read")
    return last is None or wall - datetime.fromisoformat(last) >= SETTING_EVERY
