"""Spirit topic pages (the real forum of the end-to-end tests), from a page
written after django-spirit 0.14.3's templates (tests/scraper/pages/)."""
from datetime import datetime, timezone
from pathlib import Path

from config.profiles import load_profile
from scraper.extract import extract_file
from scraper.model import Emphasis

PAGES = Path(__file__).parent / "pages"


def test_spirit_topic_page_posts_quotes_edits_and_pagination():
    page = extract_file(PAGES / "spirit-topic-p2.html")  # auto-detected
    assert page.profile == "spirit"
    assert (page.page, page.last_page, page.next_url) == (2, 3, "?page=3")
    # the "closed this topic" action item is not a post
    assert [(p.id, p.number, p.author) for p in page.posts] == [
        ("57", 21, "alice"), ("58", 22, "bob"), ("61", 24, "gm")]
    alice, bob, gm = page.posts
    assert alice.posted_at == datetime(2026, 11, 29, 22, 30, tzinfo=timezone.utc)
    assert alice.emphasis == (Emphasis("Голосую против Боба", bold=True),)
    assert not alice.edited and alice.edit_count is None
    # a vote inside a quote is not in the text; struck-out text is apart
    assert bob.text == "Я мирный! Голосую против Карла"
    assert bob.quotes == ("@alice said:\nГолосую против Боба",)
    assert bob.struck == ("Голосую против Алисы",)
    assert bob.edited and bob.edit_count == 2
    assert bob.posted_at == datetime(2026, 11, 30, 0, 0, tzinfo=timezone.utc)
    assert gm.posted_at == datetime(2026, 9, 1, 9, 0, tzinfo=timezone.utc)
    assert gm.emphasis == (Emphasis("казнён Карл", color="red"),)


def test_spirit_profile_is_named_explicitly_too():
    page = extract_file(PAGES / "spirit-topic-p2.html", load_profile("spirit"))
    assert len(page.posts) == 3


def test_real_spirit_page_from_the_test_forum():
    """A page saved from the project's own Spirit forum (tests/realforum): real markup."""
    page = extract_file(PAGES / "spirit-real-topic-p2.html")
    assert page.profile == "spirit"
    assert (page.page, page.last_page, page.next_url) == (2, 2, None)
    assert [(p.id, p.number, p.author) for p in page.posts] == [
        ("6", 6, "мирон"), ("7", 7, "alice"), ("9", 8, "alice"), ("10", 9, "bob")]
    alice, bob = page.posts[2], page.posts[3]
    assert alice.emphasis == (Emphasis("Голосую против Боба", bold=True),)
    assert bob.quotes == ("@alice said:\nГолосую против Боба\nОн вчера вёл себя странно.",)
    assert bob.text == "Я мирный! Голосую против Карла (исправил)"
    assert bob.struck == ("Голосую против Алисы",)
    assert bob.emphasis == (Emphasis("Голосую против Карла", bold=True),)
    assert bob.edited and bob.edit_count == 1
    assert bob.posted_at == datetime(2026, 11, 30, 0, 24, tzinfo=timezone.utc)  # "Nov. 30, 2026, 12:24 a.m."
