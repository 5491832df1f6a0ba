"""A learned profile against a shipped one, page by page: do they read the same thread?

    compare_page(content, source, shipped, learned, now=None) -> PageComparison

Exact means: the same posts in the same order, each with the same id, author, time, own
text and quotes (a quote's «X wrote:» line may stand in one reading and not in the other:
it is no quoted words), the same next-page link (the same target: one written absolute, the other
relative is the same link) and, where the shipped profile reads a page number, the same
number. A page the shipped profile cannot read is not a thread page and is not compared
(None). A page of a PM folder (the shipped profile's inbox rows and messages both on it) is
read as the PM poller reads it, with the profile's pm_message rules: its thread rules may
match the messages' blocks too (SMF 2.1's div.post_wrapper) and read them wrong there.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from urllib.parse import unquote, urljoin, urlsplit

from config.profiles import PostRules, Profile
from config.select import select
from scraper.decode import parse_html
from scraper.errors import ScraperError
from scraper.extract import extract_from_tree, extract_posts
from scraper.model import ExtractedPage

POST_FIELDS = ("id", "author", "posted_at", "text", "quotes")


@dataclass(frozen=True)
class PageComparison:
    source: str
    posts: int                   # posts the shipped profile reads on the page
    differences: tuple[str, ...]  # empty: exact

    @property
    def exact(self) -> bool:
        return not self.differences

    @property
    def posts_exact(self) -> bool:
        """The posts exact (count, ids, authors, times, own texts, quotes), whatever the page's
        number and next link (issue 25's measure: a page's posts read right)."""
        return not [d for d in self.differences if not d.startswith(("page:", "next_url:"))]


def compare_page(content: bytes, source: str, shipped: Profile, learned: Profile, *,
                 url: str | None = None, now: datetime | None = None) -> PageComparison | None:
    pm = _pm_folder(content, shipped)
    try:
        want = _read(content, source, shipped, shipped.pm_message if pm else None, url, now)
    except ScraperError:
        return None
    try:
        got = _read(content, source, learned, (learned.pm_message or learned.post) if pm else None, url, now)
    except ScraperError as exc:
        return PageComparison(source, len(want.posts), (f"the learned profile fails: {exc}",))
    return PageComparison(source, len(want.posts), tuple(differences(want, got)))


def _pm_folder(content: bytes, profile: Profile) -> bool:
    """The page shows a PM folder: the profile's inbox rows and its messages are both on it (SMF
    lists a folder's messages above the messages themselves)."""
    if profile.format != "html" or profile.pm_message is None or profile.pm_inbox is None:
        return False
    root = parse_html(content, profile.encoding)
    return bool(select(root, profile.pm_inbox.container)) and bool(select(root, profile.pm_message.container))


def _read(content: bytes, source: str, profile: Profile, rules: PostRules | None, url: str | None,
          now: datetime | None) -> ExtractedPage:
    if rules is None:
        return extract_posts(content, profile, source, url=url, now=now)
    return extract_from_tree(parse_html(content, profile.encoding), profile, source, url=url, now=now, rules=rules)


def differences(want: ExtractedPage, got: ExtractedPage, limit: int = 5) -> list[str]:
    out = []
    if want.page is not None and want.page != got.page:
        out.append(f"page: {got.page!r}, shipped {want.page!r}")
    if not _same_link(want.next_url, got.next_url):
        out.append(f"next_url: {got.next_url!r}, shipped {want.next_url!r}")
    if [p.id for p in want.posts] != [p.id for p in got.posts]:
        out.append(f"post ids: {[p.id for p in got.posts][:8]}, shipped {[p.id for p in want.posts][:8]}")
        return out
    for a, b in zip(want.posts, got.posts):
        for key in POST_FIELDS[1:]:
            if key == "quotes" and _same_quotes(a.quotes, b.quotes):
                continue
            if getattr(a, key) != getattr(b, key):
                out.append(f"post {a.id} {key}: {_short(getattr(b, key))}, shipped {_short(getattr(a, key))}")
                if len(out) >= limit:
                    return out
    return out


def _same_quotes(want: tuple[str, ...], got: tuple[str, ...]) -> bool:
    """The same quoted words: equal, or one reading keeps the quote's «X wrote:» line before
    them and the other does not (the header is no quoted words)."""
    if len(want) != len(got):
        return False
    return all(w == g or (g and w.endswith(g) and len(w) - len(g) <= 120)
               or (w and g.endswith(w) and len(g) - len(w) <= 120) for w, g in zip(want, got))


def _same_link(a: str | None, b: str | None) -> bool:
    """The same target: equal, or one relative that the other absolute resolves to itself."""
    if _target(a) == _target(b):
        return True
    if not a or not b:
        return False
    a, b = unquote(a.replace("&amp;", "&")), unquote(b.replace("&amp;", "&"))
    if a == b:
        return True
    return urljoin(a, b) == a or urljoin(b, a) == b


def _target(url: str | None) -> str | None:
    """A link's path and query (its site dropped, `&amp;` as `&`): what it points at on the forum."""
    if not url:
        return None
    parts = urlsplit(unquote(url.replace("&amp;", "&")))
    return parts.path.lstrip("./") + ("?" + parts.query if parts.query else "")


def _short(value) -> str:
    s = repr(value)
    return s if len(s) <= 90 else s[:87] + "..."
