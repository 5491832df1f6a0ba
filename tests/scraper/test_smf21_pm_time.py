"""SMF 2.1's PM page, saved from the live SMF 2.1.5 of the lab (tests/scraper/pages/pm/smf2/
smf21-live-inbox.html; the board's URL replaced by https://forum.test): every message's time
is read (2.1 writes «Sent to: Мастер on: Today at 09:39 PM», without 2.0's closing «»»), and
an unread row's subject is the subject, not «… New» (2.1 puts its «New» badge inside the
subject's link). A PM without a time would be dated when gorod first read it, so a night
order sent before the deadline and read after it would count as late (issue 22, item 6)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from config.profiles import load_profile
from scraper.decode import parse_html
from scraper.extract import extract_from_tree
from scraper.inbox import extract_inbox

PAGE = Path(__file__).parent / "pages" / "pm" / "smf2" / "smf21-live-inbox.html"
NOW = datetime(2026, 12, 1, 21, 42, tzinfo=timezone.utc)     # when the page was saved


def test_every_message_of_smf21s_pm_page_has_its_time():
    profile = load_profile("smf2")
    page = extract_from_tree(parse_html(PAGE.read_bytes(), profile.encoding), profile, str(PAGE),
                             now=NOW, rules=profile.pm_message)
    sent = datetime(2026, 12, 1, 21, 39, tzinfo=timezone.utc)
    assert [(p.id, p.author, p.posted_at) for p in page.posts] == [("1", "Вася", sent), ("2", "Петя", sent)]


def test_an_unread_rows_subject_is_without_smf21s_new_badge():
    profile = load_profile("smf2")
    listing = extract_inbox(PAGE.read_bytes(), profile, "https://forum.test/index.php?action=pm")
    assert [(e.id, e.subject, e.sender) for e in listing.entries] == [
        ("1", "clock test 1796161140", "Вася"), ("2", "clock unread 1796161166", "Петя")]


def test_forum_learn_learns_smf21s_pm_time_after_its_sent_to_label():
    """`gorod forum learn` on the same page: the time is cut after the label's last «:» before
    it («Sent to: Мастер on: …»), not its first (that cut holds the name and reads as no time)."""
    from scraper.learn.learner import _learn_pm_posts, _parse
    from config.profiles import profile_from_mapping

    learned = _learn_pm_posts(_parse(PAGE.read_bytes(), "https://forum.test/index.php?action=pm"))
    assert learned.post.get("time"), learned.post
    profile = profile_from_mapping({"engine": "learned", "selectors": {"post": learned.post},
                                    "dates": learned.dates or {"formats": ["iso"]}}, "smf21")
    page = extract_from_tree(parse_html(PAGE.read_bytes(), None), profile, str(PAGE), now=NOW)
    sent = datetime(2026, 12, 1, 21, 39, tzinfo=timezone.utc)
    assert [(p.author, p.posted_at) for p in page.posts] == [("Вася", sent), ("Петя", sent)]
