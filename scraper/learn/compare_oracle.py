"""A learned profile against a forum's own database: does it read the page as the forum wrote it?

    compare_oracle(content, source, learned, page, now=None) -> PageComparison

`page` is one page of an oracle file (tests/scraper/pages/heldout/*/oracle.json): the posts the
forum's database holds for that page, each with its id, author, time (UTC) and own text and
quotes (the stored message with its markup and quotes taken out). Exact means: as many posts,
the same authors in order, each time equal to the page's precision (a page showing minutes is
exact to the minute) and the same own text (whitespace and emoticon codes, which a page draws
as pictures, aside). Ids are reported, not required: a database id and the page's id may differ.
The page's number and its next link (the next page's address, none on the last) are compared
too, apart (`PageComparison.posts_exact` leaves them out, as the saved pages' measure does).
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta

from config.profiles import Profile
from scraper.errors import ScraperError
from scraper.extract import extract_posts
from scraper.learn.compare import PageComparison, _same_link

_EMOTICON = re.compile(r"(?<!\S)[:;8][-']?[()DPpOo|\\/]+(?!\S)")


def squash(text: str) -> str:
    """A text for comparison: emoticon codes out, no whitespace at all."""
    return "".join(_EMOTICON.sub(" ", text or "").split())


def compare_oracle(content: bytes, source: str, learned: Profile, page: dict, *,
                   now: datetime | None = None, pages: list[dict] = ()) -> PageComparison:
    """`pages`: the oracle's pages, where the next page's address is (none: not compared)."""
    want = page["posts"]
    try:
        read = extract_posts(content, learned, source, url=page.get("url"), now=now)
    except ScraperError as exc:
        return PageComparison(source, len(want), (f"the learned profile fails: {exc}",))
    got = read.posts
    out: list[str] = _paging(read, page, pages)
    if len(got) != len(want):
        out.append(f"posts: {len(got)} read, the forum's database has {len(want)}")
        return PageComparison(source, len(want), tuple(out))
    for w, g in zip(want, got):
        if g.author != w["author"]:
            out.append(f"post {w['id']} author: {g.author!r}, database {w['author']!r}")
        if not same_time(g.posted_at, datetime.fromisoformat(w["posted_at"])):
            out.append(f"post {w['id']} time: {g.posted_at}, database {w['posted_at']}")
        if squash(g.text) != squash(w["text"]):
            out.append(f"post {w['id']} text: {g.text[:80]!r}, database {w['text'][:80]!r}")
    return PageComparison(source, len(want), tuple(out[:8]))


def _paging(read, page: dict, pages: list[dict]) -> list[str]:
    if not pages or "url" not in page:
        return []
    out = []
    if read.page != page["page"]:
        out.append(f"page: {read.page!r}, the page is {page['page']}")
    later = [p["url"] for p in pages if p["page"] == page["page"] + 1]
    if not _same_link(read.next_url, later[0] if later else None):
        out.append(f"next_url: {read.next_url!r}, the next page is {later[0] if later else None!r}")
    return out


def same_time(read: datetime | None, stored: datetime) -> bool:
    """Equal to the precision the page shows: to the minute when the page shows minutes (a stored
    14:16:40 shown as 14:16), else within the minute (a page's seconds; a «1 минуту назад» read
    against the moment the page was saved is right to its minute only)."""
    if read is None:
        return False
    if read.second == 0 and read.microsecond == 0:
        return read == stored.replace(second=0, microsecond=0)
    return abs(read - stored) < timedelta(seconds=60)


def ids_differ(content: bytes, source: str, learned: Profile, page: dict, *, now=None) -> bool:
    """The learned ids are not the database's (reported beside the figure)."""
    try:
        got = extract_posts(content, learned, source, now=now).posts
    except ScraperError:
        return True
    return [p.id for p in got] != [w["id"] for w in page["posts"]]
