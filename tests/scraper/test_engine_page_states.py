"""Thread pages of the live engines in the states a real game thread has (tests/forums/
capture_states.py wrote them through the forums' own forms and saved them: page 1, a middle
page and a last page with one post; as a guest, a logged-in player and the GM; posts of weeks
ago, yesterday, today and a minute ago; edits by the author and by a moderator; quotes of
quotes, quotes without an author, code, lists, links, smileys, spoilers, struck text,
signatures, user titles, a deleted author, polls; another board date format; a member's own time
zone, with the zone in the GM's profile as he would write it), read offline with
`--profile auto`. Each page's JSON beside it is the forum's own database (not gorod's reading):
every post's id, author, exact time, own words, quotes and spoilers, edit, and the page's
number, last page and next page's link must come out exactly."""
from __future__ import annotations

import json
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest

from config.profiles import load_profile
from scraper.detect import detect_profile
from scraper.extract import extract_posts
from scraper.write_lookup import words

STATES = Path(__file__).resolve().parent / "pages" / "states"
RECORDS = sorted(STATES.glob("*/*-p*.json"))


def shown(epoch: float, precision: int) -> datetime:
    if precision:
        epoch = int(epoch) // precision * precision
    return datetime.fromtimestamp(epoch, timezone.utc)


def same_link(got: str | None, want: str | None) -> bool:
    """The next page's link: the same script and every query parameter the forum's own
    page link has (a session id or an anchor beside them is fine)."""
    if want is None or got is None:
        return got == want
    g, w = urlsplit(got.replace("&amp;", "&")), urlsplit(want)
    return (g.netloc, g.path.rstrip("/")) == (w.netloc, w.path.rstrip("/")) and \
        set(parse_qsl(w.query)) <= set(parse_qsl(g.query.replace(";", "&")))


def test_the_held_back_set_has_every_engines_pages():
    engines = {r.parent.name for r in RECORDS}
    assert {"mybb", "phpbb", "smf", "fluxbb", "misago", "nodebb"} <= engines, engines


@pytest.mark.parametrize("record", RECORDS, ids=[f"{r.parent.name}/{r.stem}" for r in RECORDS])
def test_a_page_is_read_exactly_with_auto_detection(record: Path):
    want = json.loads(record.read_text(encoding="utf-8"))
    page = record.with_suffix(".html")
    content = page.read_bytes()
    profile = detect_profile(content, source=page.name)
    assert profile.name == want["profile"]
    now = datetime.fromtimestamp(want["captured_at"], timezone.utc)   # «Today» is the day it was saved
    if want.get("timezone"):     # a member's own zone: the GM's profile (extends: the engine's) says it
        profile = replace(profile, timezone=want["timezone"])
        got = extract_posts(content, profile, page.name, url=want["url"], now=now)
    else:
        got = extract_posts(content, None, page.name, url=want["url"], now=now)
    precision = want["precision"]        # what the page shows: seconds (1), minutes (60), exactly (0)
    reads_edit_times = load_profile(want["profile"]).post.edited_time is not None
    assert [p.id for p in got.posts] == [p["id"] for p in want["posts"]]
    for post, exp in zip(got.posts, want["posts"]):
        where = f"post {exp['id']}"
        assert post.author == exp["author"], where
        assert post.posted_at == shown(exp["time"], precision), where
        assert words(post.text) == exp["words"], where
        assert [words(q) for q in post.quotes if words(q)] == exp["quotes"], where
        assert [words(s) for s in post.spoilers if words(s)] == exp["spoilers"], where
        assert [words(e.text) for e in post.emphasis if e.bold] == exp["bold"], where
        assert [[e.color, words(e.text)] for e in post.emphasis if e.color] == exp["colours"], where
        assert post.edited == bool(exp["edited"]), where
        if exp["edited"] and reads_edit_times:
            assert post.edited_at == shown(exp["edited"], want["edit_precision"]), where
    assert (got.page, got.last_page) == (want["page"], want["last_page"])
    assert same_link(got.next_url, want["next"]), (got.next_url, want["next"])
