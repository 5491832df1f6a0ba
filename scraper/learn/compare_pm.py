"""A learned profile's PM reading against a shipped one's, on the same pages.

    compare_inbox(content, source, shipped, learned) -> list[str]      # differences, [] = same
    compare_conversation(content, source, shipped, learned, row=None) -> list[str]

The same inbox means the same rows in the same order, each with the same id, subject and
conversation (the link's target), and, where the shipped profile reads them, the same sender
and the same message count (or, for a list of messages, rows that are messages too: what the
poller reads once). The same conversation means the same messages as
`scraper.learn.compare.differences` counts them (ids, authors, exact times, own texts, quotes);
for a row that is one message (`row`), that message.
"""
from __future__ import annotations

from config.profiles import Profile
from scraper.decode import parse_html
from scraper.errors import ScraperError
from scraper.extract import extract_from_tree
from scraper.inbox import extract_inbox
from scraper.learn.compare import _same_link, differences


def compare_inbox(content: bytes, source: str, shipped: Profile, learned: Profile) -> list[str]:
    want = extract_inbox(content, shipped, source)
    try:
        got = extract_inbox(content, learned, source)
    except ScraperError as exc:
        return [f"the learned profile fails on the inbox: {exc}"]
    out = []
    if [e.id for e in want.entries] != [e.id for e in got.entries]:
        return [f"inbox ids: {[e.id for e in got.entries][:8]}, shipped {[e.id for e in want.entries][:8]}"]
    kind_w = shipped.pm_inbox.rows if shipped.pm_inbox else "conversations"
    kind_g = learned.pm_inbox.rows
    if kind_w != kind_g:
        out.append(f"rows: {kind_g}, shipped {kind_w}")
    for w, g in zip(want.entries, got.entries):
        if w.subject.strip() != g.subject.strip():
            out.append(f"row {w.id} subject: {g.subject!r}, shipped {w.subject!r}")
        if not _same_link(w.url.split("#")[0], g.url.split("#")[0]):
            out.append(f"row {w.id} link: {g.url!r}, shipped {w.url!r}")
        if w.sender is not None and w.sender != g.sender:
            out.append(f"row {w.id} sender: {g.sender!r}, shipped {w.sender!r}")
        if kind_w == "conversations" and w.count is not None and w.count != g.count:
            out.append(f"row {w.id} count: {g.count!r}, shipped {w.count!r}")
    if not _same_link(want.next_url, got.next_url):
        out.append(f"inbox next: {got.next_url!r}, shipped {want.next_url!r}")
    return out


def compare_conversation(content: bytes, source: str, shipped: Profile, learned: Profile,
                         row: str | None = None) -> list[str]:
    want = extract_from_tree(parse_html(content, shipped.encoding), shipped, source, url=source,
                             rules=shipped.pm_message or shipped.post)
    try:
        got = extract_from_tree(parse_html(content, learned.encoding), learned, source, url=source,
                                rules=learned.pm_message or learned.post)
    except ScraperError as exc:
        return [f"the learned profile fails on the conversation: {exc}"]
    if row is not None:
        # the row's message: what the poller takes of a page that shows one message of the list
        from dataclasses import replace
        want = replace(want, posts=tuple(p for p in want.posts if p.id == row), next_url=None, page=None)
        got = replace(got, posts=tuple(p for p in got.posts if p.id == row), next_url=None, page=None)
        if not want.posts:
            return [f"the shipped profile reads no message {row} on {source}"]
    return differences(want, got)
