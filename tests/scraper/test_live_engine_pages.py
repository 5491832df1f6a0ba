"""Thread pages saved from the live phpBB 3.3, MyBB 1.8, SMF 2.1 and FluxBB 1.5 of the
conformance suite (tests/forums/capture_pages.py), read offline with auto-detection: the
profile found, and every post's id, author, exact time and own words as the forum's own
database holds them (saved beside the pages: an oracle that is not gorod's reading)."""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest

from scraper.detect import detect_profile
from scraper.extract import extract_posts
from scraper.write_lookup import words

PAGES = Path(__file__).resolve().parent / "pages" / "live"
CAPTURES = sorted(PAGES.glob("*-t*.json"))
PRECISION = {"phpbb": 1, "fluxbb": 1, "mybb": 60, "smf": 60}   # what each shows: seconds or minutes


@pytest.mark.parametrize("capture", CAPTURES, ids=[c.stem for c in CAPTURES])
def test_a_live_engines_thread_is_read_right_with_auto_detection(capture):
    expected = json.loads(capture.read_text(encoding="utf-8"))
    pages = sorted(PAGES.glob(f"{capture.stem}-p*.html"), key=lambda p: int(p.stem.rsplit("-p", 1)[1]))
    assert len(pages) == expected["pages"] >= 2
    # «Сегодня»/«Today» on the pages is the day they were saved: the day of the last post
    saved = datetime.fromtimestamp(max(p["time"] for p in expected["posts"]), timezone.utc)
    posts = {}
    for page in pages:
        content = page.read_bytes()
        profile = detect_profile(content, source=page.name)
        assert profile.name == expected["profile"], page.name
        for post in extract_posts(content, None, page.name, now=saved).posts:
            posts.setdefault(post.id, post)        # (MyBB serves page 1 again past the end)
    precision = PRECISION[expected["engine"]]
    assert list(posts) == [p["id"] for p in expected["posts"]]
    for want in expected["posts"]:
        got = posts[want["id"]]
        assert got.author == want["author"], want["id"]
        shown = datetime.fromtimestamp(want["time"] // precision * precision, timezone.utc)
        assert got.posted_at == shown, want["id"]
        assert words(got.text) == want["words"], want["id"]
