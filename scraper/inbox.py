"""The PM inbox listing: which conversations there are, and how many messages each has.

    extract_inbox(content, profile, source) -> Inbox(entries, next_url)

Reads the profile's `selectors.pm_inbox` (container, id, subject, link, time; sender when
the listing shows it) with the extractor's own field reader. The message count of each
conversation (`pm_inbox.count`) is what lets the PM poller skip unchanged conversations;
without it (None) a conversation is read every time. Where each row of the inbox is one
message (`pm_inbox.rows: messages`: phpBB, MyBB 1.8, SMF, vBulletin 3/4), the count is 1:
a row once read is never read again, and a reply is a new row.

An inbox may be empty, but a page with no conversation is taken for an empty inbox only
when it shows what the profile says an empty one shows (`pm_inbox.empty`: its «no
messages» row) or what every inbox page shows (`pm_inbox.listing`); else it is a failed
read (`NotTheInbox`: a changed layout, an error page, a login page served with 200),
never "no messages" (issue 14).

Its pages: `pm_inbox.pages` (next, current, last) where the profile has them, else the
thread's `pagination`; `Inbox.page`/`last_page` are what the page says of itself (None:
it does not say). `Inbox.held` is the forum's notice that messages to the account are
held outside the list (`pm_inbox.held`: phpBB's «N messages currently on hold because
of full folder»), with how many when it says. A JSON list (`pm_json`) pages by
`pm_json.next`/`next_param` (NodeBB's `nextStart`, sent back as `?start=`).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from urllib.parse import parse_qsl, urlencode, urljoin, urlsplit, urlunsplit

from config.profiles import Profile
from scraper.errors import AuthRequired, LayoutChanged, NotTheInbox, ScraperError
from scraper.decode import parse_html
from scraper.extract import field_value
from config.select import compile_selector


@dataclass(frozen=True)
class InboxEntry:
    id: str
    subject: str
    url: str
    count: int | None = None
    sender: str | None = None
    time: str | None = None


@dataclass(frozen=True)
class Held:
    """Messages the forum keeps outside the list: its notice, and how many (None: not said)."""

    notice: str
    count: int | None = None


@dataclass(frozen=True)
class Inbox:
    entries: tuple[InboxEntry, ...]
    next_url: str | None = None
    page: int | None = None        # the page's number, as it says (None: it does not)
    last_page: int | None = None   # the list's last page, as it says
    held: Held | None = None


def extract_inbox(content: bytes, profile: Profile, source: str) -> Inbox:
    if profile.pm_json is not None:
        return _json_inbox(content, profile, source)
    rules = profile.pm_inbox
    if rules is None:
        raise ScraperError(f"{source}: profile {profile.name!r} has no pm_inbox selectors")
    root = parse_html(content, profile.encoding)
    base = _base_url(root, source)
    entries = []
    for el in compile_selector(rules.container)(root):
        conv_id = field_value(el, rules.id)
        if not conv_id:
            raise LayoutChanged(source, profile.name, rules.id.describe(), "a conversation without an id")
        link = field_value(el, rules.link) if rules.link else None
        if not link:
            raise LayoutChanged(source, profile.name, "pm_inbox.link", f"conversation {conv_id}: no link")
        if rules.rows == "messages":
            count = 1
        else:
            count_text = field_value(el, rules.count) if rules.count else None
            count = int(m.group(0)) if count_text and (m := re.search(r"\d+", count_text.replace(",", ""))) else None
        entries.append(
            InboxEntry(
                id=conv_id,
                subject=field_value(el, rules.subject) or "",
                url=urljoin(base, link),
                count=count,
                sender=field_value(el, rules.sender),
                time=field_value(el, rules.time),
            )
        )
    if not entries:
        _check_empty(root, profile, source)
    pages = rules.pages or profile.pagination
    nxt = field_value(root, pages.next)
    if nxt and getattr(pages, "link", None):
        nxt = pages.link.replace("{next}", nxt)
    return Inbox(tuple(entries), urljoin(base, nxt) if nxt else None, page=_number(field_value(root, pages.current)),
                 last_page=_number(field_value(root, pages.last)), held=_held(root, rules))


def _number(text: str | None) -> int | None:
    m = re.search(r"\d+", text or "")
    return int(m.group(0)) if m else None


def _held(root, rules) -> Held | None:
    if rules.held is None:
        return None
    notice = field_value(root, rules.held)
    if notice is None:
        return None
    return Held(" ".join(notice.split()), _number(notice))


def _check_empty(root, profile: Profile, source: str) -> None:
    """A page listing no conversation is an empty inbox only if it looks like one."""
    rules = profile.pm_inbox
    if rules.empty and compile_selector(rules.empty)(root):
        return
    if rules.listing and compile_selector(rules.listing)(root):
        return
    if root.xpath("//input[@type='password']"):
        raise AuthRequired(source, "the forum showed a login form instead of the PM list")
    raise NotTheInbox(source, profile.name, rules)


def _base_url(root, source: str) -> str:
    """Where the page's relative links point from: its <base href> (XenForo 1 writes
    `conversations/slug.12/` against `<base href="https://forum/">`), else its own URL."""
    for el in root.iter("base"):
        href = (el.get("href") or "").strip()
        if href:
            return urljoin(source, href)
    return source


def _json_inbox(content: bytes, profile: Profile, source: str) -> Inbox:
    """A conversation list served as JSON (`pm_json`: NodeBB's `/api/v3/chats`)."""
    from scraper.api import dig, fill_url
    rules = profile.pm_json
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError):
        raise LayoutChanged(source, profile.name, "pm_json.inbox", "the conversation list is not JSON") from None
    rooms = dig(data, rules.conversations)
    if not isinstance(rooms, list):
        raise LayoutChanged(source, profile.name, "pm_json.conversations",
                            f"no list of conversations at {rules.conversations!r}")
    base = _api_base(source, rules.inbox)
    entries = []
    for i, room in enumerate(rooms):
        conv_id = dig(room, rules.id)
        if conv_id is None or conv_id == "":
            raise LayoutChanged(source, profile.name, "pm_json.id", f"conversation #{i + 1}: no {rules.id!r}")
        count = dig(room, rules.count) if rules.count else None
        entries.append(InboxEntry(
            id=str(conv_id), subject=str(dig(room, rules.subject) or ""),
            url=fill_url(rules.messages, base, {"id": conv_id}),
            count=int(count) if isinstance(count, int) and not isinstance(count, bool) else None,
            sender=str(dig(room, rules.sender)) if rules.sender and dig(room, rules.sender) is not None else None,
        ))
    start = dig(data, rules.next) if rules.next and rooms else None
    if start is None or start == "" or isinstance(start, bool):
        return Inbox(tuple(entries), None)
    return Inbox(tuple(entries), _with_param(source, rules.next_param, str(start)))


def _with_param(url: str, name: str, value: str) -> str:
    """`url` with its query parameter `name` set to `value` (the next page of a JSON list)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != name] + [(name, value)]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), ""))


def _api_base(source: str, inbox_template: str) -> str:
    """The forum's base URL from the inbox's URL and its template (`{base}/api/v3/chats`)."""
    tail = inbox_template.replace("{base}", "").split("?")[0]
    path = source.split("?")[0]
    if tail and path.endswith(tail):
        return path[: len(path) - len(tail)]
    parts = urlsplit(source)
    return f"{parts.scheme}://{parts.netloc}"
