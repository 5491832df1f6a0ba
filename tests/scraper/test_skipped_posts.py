"""Containers the profile skips (`selectors.post.skip`): no live posts, yet they hold their
places on a full page. On saved live pages (pages/skipped/README.md
says how they were made): phpBB 3.3.10's thread page 1 as its moderator (the GM) sees it,
posts 76 and 79 soft-deleted (prosilver gives their containers the class "deleted"); MyBB
1.8.37's, post 14 soft-deleted, as its moderator and as a member see it."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from config.profiles import load_profile
from scraper.errors import LayoutChanged, PartialPage
from scraper.extract import extract_posts
from scraper.model import ExtractedPage
from scraper.wholeness import Wholeness

PAGE = Path(__file__).parent / "pages" / "skipped" / "phpbb-3.3-moderator-softdeleted-p1.html"
URL = "http://127.0.0.1/viewtopic.php?t=8"
IDS = ["73", "74", "75", "77", "78", "80", "81", "82"]   # the topic's first post, then replies


def read(profile=None) -> ExtractedPage:
    return extract_posts(PAGE.read_bytes(), profile or load_profile("phpbb3"), str(PAGE), url=URL)


def test_the_moderators_page_reads_its_live_posts_and_names_the_soft_deleted_ones():
    page = read()
    assert [p.id for p in page.posts] == IDS
    assert page.skipped == ("76", "79") and not page.is_last and page.next_url
    assert not any("удал" in p.text.lower() or "deleted" in p.text.lower() for p in page.posts)


def test_without_the_skip_the_soft_deleted_posts_read_as_live_ones():
    """The defect the profile's skip mends: a vote the moderator deleted counted."""
    profile = load_profile("phpbb3")
    page = read(replace(profile, post=replace(profile.post, skip=None)))
    assert {"76", "79"} <= {p.id for p in page.posts} and len(page.posts) == 10 and page.skipped == ()


def full_page(first: int) -> ExtractedPage:
    from scraper.model import Post
    posts = tuple(Post(str(first + i), "Вася", None, "пост") for i in range(10))
    return ExtractedPage(source="p2", profile="phpbb3", posts=posts, next_url=URL + "&start=20")


def test_skipped_containers_count_as_present_on_a_full_page():
    page = read()
    whole = Wholeness("phpbb3", "div.post[id^='p']")
    whole.page(page, 1, URL, set(), 0)
    whole.page(full_page(90), 2, URL + "&start=10", set(), 0)
    whole.finish()                                           # 8 posts + 2 skipped: full
    short = Wholeness("phpbb3", "div.post[id^='p']")
    short.page(replace(page, skipped=()), 1, URL, set(), 0)  # the same 8 posts, nothing said skipped
    short.page(full_page(90), 2, URL + "&start=10", set(), 0)
    with pytest.raises(PartialPage) as caught:
        short.finish()
    assert (caught.value.read, caught.value.expected) == (8, 10)


def test_a_page_whose_every_post_is_skipped_reads_as_no_posts_not_as_no_page():
    profile = load_profile("phpbb3")
    page = read(replace(profile, post=replace(profile.post, skip="div.post")))
    assert page.posts == () and len(page.skipped) == 10 and page.next_url


SKIPPED = Path(__file__).parent / "pages" / "skipped"


@pytest.mark.parametrize("view", ["moderator", "member"])
def test_mybb_soft_deleted_post_is_skipped_in_the_moderators_and_a_members_view(view):
    """MyBB 1.8.37, post 14 soft-deleted: the moderator (the admin) gets it whole, hidden
    (div.post.unapproved_post.deleted_post), a member the notice only (div.post.deleted_post_hidden)."""
    profile = load_profile("mybb")
    page = extract_posts((SKIPPED / f"mybb-1.8-{view}-softdeleted.html").read_bytes(), profile, view)
    assert [p.id for p in page.posts] == ["12", "13", "15"] and page.skipped == ("14",)
    content = (SKIPPED / f"mybb-1.8-{view}-softdeleted.html").read_bytes()
    unskipped = replace(profile, post=replace(profile.post, skip=None))
    if view == "moderator":     # without the skip: read as a live post (its vote counted)
        assert "14" in {p.id for p in extract_posts(content, unskipped, view).posts}
    else:                       # a notice with no author: the page does not read (live: an unreadable post every pass)
        with pytest.raises(LayoutChanged, match="post 14: no author"):
            extract_posts(content, unskipped, view)


@pytest.mark.parametrize("engine,name,view,live,deleted", [
    ("nodebb", "nodebb-4.10", "moderator", ["10", "11", "13"], "12"),
    ("nodebb", "nodebb-4.10", "guest", ["10", "11", "13"], "12"),
    ("misago", "misago-0.39", "moderator", ["13", "14", "16"], "15"),
    ("misago", "misago-0.39", "guest", ["13", "14", "16"], "15"),
])
def test_a_deleted_or_hidden_post_of_nodebb_and_misago_is_skipped(engine, name, view, live, deleted):
    """NodeBB 4.10.3: li[component=post].deleted for everyone (the content to the admin);
    Misago 0.39.6: li.post.post-hidden (a notice) to a guest, li.post holding div.post-status-hidden
    (the post whole) to the admin."""
    profile = load_profile(engine)
    content = (SKIPPED / f"{name}-{view}-softdeleted.html").read_bytes()
    page = extract_posts(content, profile, view)
    assert [p.id for p in page.posts] == live and page.skipped == (deleted,)
    unskipped = extract_posts(content, replace(profile, post=replace(profile.post, skip=None)), view)
    assert deleted in {p.id for p in unskipped.posts}     # without the skip: read as a live post
