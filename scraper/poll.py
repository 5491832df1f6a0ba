"""Polling a live thread and the GM's PM inbox: resumable, exactly once, in thread order.

    poller = ThreadPoller(client, profile, store, thread_url)
    for event in poller.poll():          # one pass: what changed since the last one
        ...                              # event.change is NEW, EDITED or DELETED
    for event in stream(poller, sleep=...):   # forever, backing off while nothing is new

    for message in PmPoller(client, profile, store).poll():   # PmEvent(change, message)

What a pass costs and yields:
- it starts at the last page it knew (the store keeps every page's URL and validators),
  asks for it conditionally, and follows the page's "next" link to the end; an unchanged
  thread costs one request (a 304, or a page whose posts all hash as before);
- new posts come oldest first, each once; an edited post (its body, quotes, edit count...
  hash differently) comes again as a new version; a post no longer on its page comes as
  DELETED (on engines whose pages shift after a deletion, the poller first looks back a
  page to tell a moved post from a deleted one); a page past the end (404) after
  deletions makes it step back;
- `poll(rescan=True)` reads the thread from page 1, to notice edits on older pages;
- a post that does not read while the rest of its page does (its time in no format of the
  profile, no author) comes as UNREADABLE (`event.unreadable` names it) and is never
  recorded: its page is read again, unconditionally, every pass until it reads (and a
  conversation holding such a message keeps no message count). A page none of whose posts
  reads raises, as a page in a new layout does.

Exactly once across restarts: an event is recorded in the store (post state and the new
version, with its content hash and JSON) when the consumer comes back for the next one
or closes the generator; the pages' validators only once the whole pass is delivered. A
process killed while handling an event sees that event again, never a later one twice.

PMs: the inbox lists conversations with their message counts; a conversation whose count
changed (or that is new) is read from its last known page like a thread, and each new
message is a `PrivateMessage` (sender = its author, subject = the conversation's; the
GM's own replies are messages too, told apart by their sender). A reply in an old
conversation is a new message. The list is read from page 1 to the first page holding a
row seen before, unchanged (`scan_inbox`: the high-water mark; the list's paging and order
are the profile's `pm_inbox.pages`), so an unchanged inbox costs one request however many
pages it has. Where the inbox lists messages rather than conversations (`pm_inbox.rows:
messages`), each row is read once and only its own message is taken from its page. When
gorod cannot tell it saw every new row (the forum holds PMs outside the list, the list's
pages lead nowhere), the pass hands out what it read and then raises `InboxIncomplete`,
its reasons in Russian naming the list.
"""
from __future__ import annotations

import enum
import hashlib
import json
import logging
import time
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import Callable, Iterator
from urllib.parse import unquote, urljoin, urlsplit, urlunsplit

from config.profile_api import PmJsonRules
from config.profiles import JsonRules, PostRules, Profile
from scraper.errors import AuthRequired, InboxIncomplete, LayoutChanged, NoPosts, ScraperError, unread
from scraper.wholeness import Wholeness
from scraper.decode import parse_html
from scraper.extract import extract_from_tree, extract_json, field_value, field_values_anywhere
from scraper.http import HttpClient, Validators
from scraper.inbox import InboxEntry, extract_inbox
from scraper.model import ExtractedPage, Post, PrivateMessage, UnreadablePost
from scraper.poststore import KnownPost, PageState, PostStore

log = logging.getLogger(__name__)


class Change(str, enum.Enum):
    NEW = "new"
    EDITED = "edited"
    DELETED = "deleted"
    UNREADABLE = "unreadable"   # a post that did not read while its page did: never recorded




@dataclass(frozen=True)
class PostEvent:
    """A change to one post of a thread. `post` is None for DELETED (see `last_seen`)."""

    change: Change
    thread: str
    post_id: str
    version: int
    post: Post | None
    last_seen: dict | None = None  # the previous version's JSON, for EDITED and DELETED
    unreadable: UnreadablePost | None = None   # for UNREADABLE: which post, and what failed


@dataclass(frozen=True)
class PmEvent:
    """A new (or edited, or deleted) private message."""

    change: Change
    conversation: str
    message_id: str
    version: int
    message: PrivateMessage | None
    unreadable: UnreadablePost | None = None   # for UNREADABLE: which message, and what failed


def content_hash(post: Post) -> str:
    """What counts as a post's content: a change of any of these is a new version."""
    data = {
        "author": post.author,
        "text": post.text,
        "quotes": post.quotes,
        "spoilers": post.spoilers,
        "struck": post.struck,
        "secret": post.secret,
        "emphasis": [asdict(e) for e in post.emphasis],
        "edited": post.edited,
        "edit_count": post.edit_count,
        "edited_at": post.edited_at.isoformat() if post.edited_at else None,
    }
    raw = json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:32]


def sort_key(post: Post, page: int, index: int) -> int:
    """Thread order: the forum's numeric id when it has one (Spirit's pk grows), else
    the position in the thread, else the place on the page."""
    if post.id.isdigit():
        return int(post.id)
    if post.number is not None:
        return post.number
    return page * 100_000 + index


# ---------------------------------------------------------------- one pass over a thread

@dataclass
class _Change:
    change: Change
    post_id: str
    sort_key: int
    page: int
    hash: str
    post: Post | None
    known: KnownPost | None


@dataclass
class _Pass:
    changes: list[_Change] = field(default_factory=list)
    pages: list[PageState] = field(default_factory=list)
    moves: list[tuple[str, int]] = field(default_factory=list)
    drop_pages_from: int | None = None
    requests: int = 0
    unreadable: list[tuple[int, UnreadablePost]] = field(default_factory=list)   # (page, post)


class _ThreadReader:
    """Reads one thread (topic or PM conversation) from its last known page on."""

    def __init__(self, client: HttpClient, profile: Profile, posts: PostStore, rules: PostRules | None,
                 *, auth: bool, now: Callable[[], datetime], json_rules: JsonRules | None = None) -> None:
        self.json_rules = json_rules   # the pages are JSON (NodeBB's chat messages)
        self.client = client
        self.profile = profile
        self.posts = posts
        self.rules = rules
        self.auth = auth
        self.now = now
        self.page_authors: list[str] = []   # the authors a page that read as empty still showed

    def read(self, key: str, first_url: str, *, rescan: bool = False) -> _Pass:
        result = _Pass()
        self.page_authors = []
        pages = self.posts.pages(key)
        known = self.posts.known_posts(key)
        start = 1 if rescan or not pages else max(pages)
        page_no = start
        url = pages[start].url if pages and start in pages else first_url
        seen: dict[str, int] = {}
        first_keys: dict[int, int] = {}
        visited: set[str] = set()  # a "next" link back to a page read already ends the pass
        whole = self._wholeness()
        while True:
            state = pages.get(page_no)
            validators = Validators(state.etag, state.last_modified) if state and not rescan else None
            fetched = self.client.get(url, validators, auth=self.auth, allow_404=page_no > 1)
            result.requests += 1
            if fetched.status == 404:
                # The thread got shorter (deletions on an engine whose pages shift).
                log.info("%s: page %d is gone, stepping back", url, page_no)
                result.drop_pages_from = page_no if result.drop_pages_from is None else min(result.drop_pages_from, page_no)
                page_no -= 1
                if page_no < start:
                    start = page_no
                url = pages[page_no].url if page_no in pages else first_url
                continue
            if fetched.not_modified:
                # Nothing changed on this page, so neither did its "next" link.
                for post_id, k in known.items():
                    if k.page == page_no:
                        seen.setdefault(post_id, page_no)
                break
            extracted = self._extract(fetched.content, fetched.url, key, page_no, known)
            page_no = extracted.page or page_no
            if whole is not None:
                shown = ({p.id for p in extracted.posts} | {u.id for u in extracted.unreadable if u.id}
                         | {pid for pid in extracted.skipped if pid})   # (a skipped one: counted as skipped)
                gone = sum(1 for pid, k in known.items() if k.page == page_no and pid not in shown)
                whole.page(extracted, page_no, fetched.url, _elsewhere(extracted, page_no, known, seen), gone)
            self._page_read(extracted, page_no, fetched, result)
            self._diff(extracted, page_no, known, seen, first_keys, result)
            visited.add(fetched.url)
            if extracted.is_last or not extracted.next_url or extracted.next_url in visited:
                break
            url = extracted.next_url
            page_no += 1
        if whole is not None:
            whole.finish()
        if self.json_rules is not None and first_keys:
            # a JSON conversation shows its newest messages only (NodeBB: 50): older ones
            # off its window are not deleted
            oldest = min(first_keys.values())
            known = {pid: k for pid, k in known.items() if k.sort_key >= oldest}
        self._deletions(key, start, pages, known, seen, first_keys, result)
        result.changes.sort(key=lambda c: c.sort_key)
        return result

    def _wholeness(self) -> Wholeness | None:
        """HTML pages only: a JSON page's numbers have gaps where posts were deleted."""
        if self.json_rules is not None or self.profile.format == "json":
            return None
        pm = self.rules is not None and self.rules is self.profile.pm_message
        return Wholeness(self.profile.name, (self.rules or self.profile.post).container,
                         "selectors.pm_message.container" if pm else "selectors.post.container")

    def _page_read(self, extracted: ExtractedPage, page_no: int, fetched, result: _Pass) -> None:
        """The page's state to keep. A page with a post that did not read is kept without
        its validators, and the pages after it not at all: the next pass starts there and
        reads it whole again (the post is read once the GM fixed what it lacked, and its
        page's later ones are passed as they are known)."""
        held = any(page < page_no for page, _ in result.unreadable)
        result.unreadable += [(page_no, u) for u in extracted.unreadable]
        if held:
            return
        if extracted.unreadable:
            result.pages.append(PageState(page_no, fetched.url))
            after = page_no + 1
            result.drop_pages_from = after if result.drop_pages_from is None else min(result.drop_pages_from, after)
        else:
            result.pages.append(PageState(page_no, fetched.url, fetched.validators.etag,
                                          fetched.validators.last_modified))

    def _extract(self, content: bytes, url: str, key: str, page_no: int, known: dict[str, KnownPost]) -> ExtractedPage:
        if self.json_rules is not None:
            try:
                return extract_json(content, self.profile, url, self.now(), self.json_rules, per_post=True)
            except NoPosts:
                if _empty_list(content, self.json_rules.posts):   # a conversation with no messages
                    return ExtractedPage(source=url, profile=self.profile.name, page=page_no)
                raise
        root = parse_html(content, self.profile.encoding)
        try:
            return self._extract_tree(root, url, page_no)
        except ScraperError as exc:
            # who wrote on the page that did not read, if it still shows (for the alarm)
            exc.authors = field_values_anywhere(root, (self.rules or self.profile.post).author)
            raise

    def _extract_tree(self, root, url: str, page_no: int) -> ExtractedPage:
        try:
            return extract_from_tree(root, self.profile, url, url=url, now=self.now(), rules=self.rules,
                                     per_post=True)
        except NoPosts:
            # A page whose every post has been deleted is empty, not a new layout: it still
            # shows the thread's pagination. Without it, a page that held posts and holds
            # none now is a failed read (a login page served with 200, a changed layout),
            # never "all deleted" (issue 14).
            pagination = self.profile.pagination
            if root.xpath("//input[@type='password']"):
                raise AuthRequired(url, "the forum showed a login form instead of the page") from None
            is_thread_page = bool(field_value(root, pagination.current) or field_value(root, pagination.last))
            if not is_thread_page:
                raise
            nxt = field_value(root, pagination.next)
            # a new theme whose pagination survived reads as "all deleted" here; who wrote on
            # it, if it still shows, names the conversation in the alarm that follows
            self.page_authors += field_values_anywhere(root, (self.rules or self.profile.post).author)
            return ExtractedPage(
                source=url, profile=self.profile.name, page=page_no,
                last_page=_int(field_value(root, pagination.last)),
                next_url=urljoin(url, nxt) if nxt else None,
            )

    def _diff(self, extracted: ExtractedPage, page_no: int, known: dict[str, KnownPost],
              seen: dict[str, int], first_keys: dict[int, int], result: _Pass) -> None:
        for u in extracted.unreadable:
            if u.id:
                seen.setdefault(u.id, page_no)   # on its page still: not deleted, only unread
        for index, post in enumerate(extracted.posts):
            if post.id in seen:
                continue  # seen on an earlier page of this pass (the pages shifted meanwhile)
            seen[post.id] = page_no
            key = sort_key(post, page_no, index)
            first_keys.setdefault(page_no, key)
            digest = content_hash(post)
            k = known.get(post.id)
            if k is None:
                result.changes.append(_Change(Change.NEW, post.id, key, page_no, digest, post, None))
            elif k.deleted or k.hash != digest:
                result.changes.append(_Change(Change.EDITED, post.id, key, page_no, digest, post, k))
            elif k.page != page_no:
                result.moves.append((post.id, page_no))

    def _deletions(self, key: str, start: int, pages: dict[int, PageState], known: dict[str, KnownPost],
                   seen: dict[str, int], first_keys: dict[int, int], result: _Pass) -> None:
        missing = {pid: k for pid, k in known.items() if not k.deleted and k.page >= start and pid not in seen}
        page_no = start
        # A missing post older than the first one read may have moved to an earlier page.
        while missing and page_no > 1 and first_keys and min(k.sort_key for k in missing.values()) < min(first_keys.values()):
            page_no -= 1
            url = pages[page_no].url if page_no in pages else None
            if url is None:
                break
            fetched = self.client.get(url, auth=self.auth)
            result.requests += 1
            extracted = self._extract(fetched.content, fetched.url, key, page_no, known)
            self._page_read(extracted, page_no, fetched, result)
            self._diff(extracted, page_no, known, seen, first_keys, result)
            for pid, k in known.items():
                if k.page == page_no and not k.deleted and pid not in seen:
                    missing[pid] = k
            missing = {pid: k for pid, k in missing.items() if pid not in seen}
        for pid, k in missing.items():
            result.changes.append(_Change(Change.DELETED, pid, k.sort_key, k.page, k.hash, None, k))


def _elsewhere(extracted: ExtractedPage, page_no: int, known: dict[str, KnownPost], seen: dict[str, int]) -> set[str]:
    """The page's posts read on another page (the thread's first post repeated at a page's
    head; a post the pages' shift moved here): not counted in its run of numbers."""
    return {p.id for p in extracted.posts
            if seen.get(p.id, page_no) != page_no or (p.id in known and known[p.id].page != page_no)}


def _record(posts: PostStore, key: str, change: _Change, when: str) -> int:
    data = change.post.to_json() if change.post is not None else {"id": change.post_id, "deleted": True}
    return posts.record(
        key, change.post_id, sort_key=change.sort_key, page=change.page, change=change.change.value,
        hash=change.hash, data=data, seen_at=when,
    )


def _last_seen(posts: PostStore, key: str, change: _Change) -> dict | None:
    if change.known is None:
        return None
    return posts.last_data(key, change.post_id)


def _finish(posts: PostStore, key: str, result: _Pass, when: str) -> None:
    with posts.transaction():
        if result.drop_pages_from is not None:
            posts.drop_pages_from(key, result.drop_pages_from)
        for state in result.pages:
            posts.save_page(key, state)
        for post_id, page in result.moves:
            posts.move(key, post_id, page)
        posts.mark_polled(key, when)


def _int(value: str | None) -> int | None:
    digits = "".join(ch for ch in value or "" if ch.isdigit())
    return int(digits) if digits else None


def _utcnow() -> datetime:
    return datetime.now(timezone.utc)


# ---------------------------------------------------------------- threads

class ThreadPoller:
    """Polls one forum thread; see the module docstring."""

    def __init__(self, client: HttpClient, profile: Profile, store: PostStore, url: str, *,
                 auth: bool = False, now: Callable[[], datetime] = _utcnow) -> None:
        if profile.post is None:
            raise ScraperError(f"profile {profile.name!r} has no post selectors")
        self.client = client
        self.profile = profile
        self.posts = store
        self.url = client.url(url)
        self.key = f"topic:{self.url}"
        self.now = now
        self.reader = _ThreadReader(client, profile, self.posts, profile.post, auth=auth, now=now)
        self.last_requests = 0

    def poll(self, *, rescan: bool = False) -> Iterator[PostEvent]:
        self.posts.ensure_thread(self.key, "topic", self.url)
        try:
            result = self.reader.read(self.key, self.url, rescan=rescan)
        except ScraperError as exc:   # a login or error page, a changed layout: not "nothing new"
            raise unread(exc, "посты темы")
        self.last_requests = result.requests
        when = self.now().isoformat()
        for change in result.changes:
            version = (change.known.version + 1) if change.known else 1
            event = PostEvent(change.change, self.key, change.post_id, version, change.post,
                              _last_seen(self.posts, self.key, change))
            try:
                yield event
            finally:
                _record(self.posts, self.key, change, when)
        for _, u in result.unreadable:   # told, not recorded: read again the next pass
            yield PostEvent(Change.UNREADABLE, self.key, u.id or f"#{u.place}", 0, None, unreadable=u)
        _finish(self.posts, self.key, result, when)


# ---------------------------------------------------------------- PMs

class PmPoller:
    """Polls the logged-in account's PM inbox; see the module docstring."""

    def __init__(self, client: HttpClient, profile: Profile, store: PostStore, *,
                 inbox_url: str | None = None, now: Callable[[], datetime] = _utcnow) -> None:
        if profile.pm_inbox is None and profile.pm_json is None:
            raise ScraperError(f"profile {profile.name!r} has no pm_inbox selectors (nor pm_json)")
        if client.login_form is None:
            # Without a login the inbox is a login page, which would read as an empty inbox.
            raise AuthRequired(client.base_url, "reading PMs needs the GM's login (username and password variable)")
        rules = profile.pm_message or profile.post
        json_rules = pm_messages_rules(profile.pm_json) if profile.pm_json is not None else None
        if rules is None and json_rules is None:
            raise ScraperError(f"profile {profile.name!r} has no pm_message selectors")
        self.client = client
        self.profile = profile
        self.posts = store
        base = client.base_url.rstrip("/")
        default = profile.pm_json.inbox.format(base=base, user=client.login_form.username) if profile.pm_json else None
        self.inbox_url = client.url(inbox_url or default or profile.url("pm_inbox", base=base))
        self.base = base
        self.now = now
        self.reader = _ThreadReader(client, profile, self.posts, rules, auth=True, now=now, json_rules=json_rules)
        self.last_requests = 0
        self.last_list_pages = 0     # pages of the PM list the last pass read

    def conversation_key(self, conversation_id: str) -> str:
        return f"pm:{self.base}#{conversation_id}"

    def poll(self, *, rescan: bool = False) -> Iterator[PmEvent]:
        """New messages. `rescan`: every conversation of the inbox is read again, whatever
        its count says (`gorod phase end`, and the worker before a deadline: a count
        recorded wrongly must not hide a reply for good).

        A read that did not read raises, marked `unread` with the conversation (after the
        client's one relogin): a login page, an error page, a layout without the
        profile's selectors. No message count or page is recorded for it."""
        scan = self.scan_inbox(rescan)
        requests = self.last_list_pages = scan.requests
        changed = scan.changed
        when = self.now().isoformat()
        # Oldest activity first, so messages come roughly in the order they were sent.
        for entry in reversed(changed):
            key = self.conversation_key(entry.id)
            self.posts.ensure_thread(key, "pm", _first_page(entry.url), entry.subject)
            try:
                result = self.reader.read(key, _first_page(entry.url), rescan=rescan)
                if self.profile.pm_inbox is not None and self.profile.pm_inbox.rows == "messages":
                    self._keep_the_rows_message(entry, key, result)
                elif self.profile.pm_inbox is not None:   # JSON listings count otherwise
                    self._check_the_count(entry, key, result)
            except ScraperError as exc:
                raise unread(exc, self._unread_name(entry, key, exc))
            requests += result.requests
            for change in result.changes:
                version = (change.known.version + 1) if change.known else 1
                message = _message(change.post, entry) if change.post is not None else None
                try:
                    yield PmEvent(change.change, key, change.post_id, version, message)
                finally:
                    _record(self.posts, key, change, when)
            for _, u in result.unreadable:   # told, not recorded: the conversation is read again
                yield PmEvent(Change.UNREADABLE, key, u.id or f"#{u.place}", 0, None, unreadable=u)
            _finish(self.posts, key, result, when)
            if not result.unreadable:
                self.posts.set_known_count(key, entry.count)
        self.last_requests = requests
        if scan.rows:
            self.posts.ensure_thread(self.listed_key, "pm", self.inbox_url)   # (the store knows two kinds)
            self.posts.set_known_count(self.listed_key, scan.rows)
        if scan.top is not None:
            self.posts.ensure_thread(self.top_key, "pm", self.inbox_url)
            self.posts.set_known_count(self.top_key, scan.top)
        if scan.problems:   # what it showed is handed out; that it may not be all, said
            raise unread(InboxIncomplete(self.inbox_url, scan.problems), "ЛС (список входящих)")

    def scan_inbox(self, rescan: bool = False) -> InboxScan:
        """The rows of the PM list new or changed since the last pass, page after page.

        A list of the newest activity first (`pm_inbox.pages.order: newest`) is read up to
        the first page holding a row seen before and unchanged (not as the page's last row):
        the high-water mark, all below it is older and seen. A list that shows itself
        otherwise ordered (a changed row below an unchanged one; rows that are messages
        whose newest number is below the newest the last pass saw: oldest first) and one
        of `order: any` are read to their last page; so is every page with `rescan`. What keeps gorod from
        telling it saw every new row is in `problems`, in Russian: messages the forum holds
        outside the list, a list that says it has pages its links do not lead to, a next
        link back to rows already read."""
        scan = InboxScan()
        order = self._order()
        in_order = True
        top_before = self.posts.known_count(self.top_key) if self._numbered_rows() else None
        url: str | None = self.inbox_url
        seen: set[str] = set()
        visited: set[str] = set()
        while url:
            try:
                fetched = self.client.get(url, auth=True)
                scan.requests += 1
                listing = extract_inbox(fetched.content, self.profile, fetched.url)
            except ScraperError as exc:
                raise unread(exc, "ЛС (список входящих)")
            visited.add(fetched.url)
            if listing.held is not None and not scan.problems:
                scan.problems.append(held_problem(listing.held, fetched.url))
            # rows that moved down a page while it was read (new ones above) come once
            entries = [e for e in listing.entries if e.id not in seen]
            seen.update(e.id for e in entries)
            if listing.entries and not entries:   # a next link back to what was read (Misago's ?page=)
                scan.problems.append(_loop_problem(self.profile, len(visited) - 1, fetched.url))
                break
            fresh = [e for e in entries if rescan or self._changed(e)]
            scan.met_seen = scan.met_seen or any(self._known(e) for e in entries)
            scan.rows += len(entries)
            if self._numbered_rows():
                scan.top = max([scan.top or 0, *(int(e.id) for e in entries if e.id.isdigit())]) or None
            if in_order and order == "newest" and not _in_order(entries, fresh):
                in_order = False
                log.warning("%s: a changed row below an unchanged one: the PM list is not ordered newest "
                            "first, every page is read", fetched.url)
            scan.changed.extend(fresh)
            # the high-water mark: a row seen before, unchanged, with a row after it on the page
            # (a new row sent in the same second as the last one seen may be listed after it:
            # FluxBB, MyBB order ties as they come; at a page's end it is on the next page)
            fresh_ids = {e.id for e in fresh}
            reached = any(e.id not in fresh_ids for e in entries[:-1])
            if reached and in_order and top_before is not None and (scan.top or 0) < top_before:
                # the newest message seen last time is not above the rows seen again: the list
                # is not the newest first (or that message is gone); read to its end
                in_order = False
                log.warning("%s: message %d, the newest seen before, is not on the pages read: the PM list "
                            "is not ordered newest first, every page is read", fetched.url, top_before)
            if reached and order == "newest" and in_order:
                break
            if listing.next_url in visited:
                scan.problems.append(_loop_problem(self.profile, len(visited), listing.next_url))
                break
            if not listing.next_url:
                if listing.page is not None and listing.last_page is not None and listing.page < listing.last_page:
                    scan.problems.append(_pages_problem(self.profile, listing, fetched.url))
                elif not scan.met_seen and self.posts.known_count(self.listed_key):
                    # the list ended before anything an earlier pass read: all of it deleted,
                    # or (more likely) its pages go on where no link of the profile leads
                    scan.problems.append(_unmet_problem(self.profile, len(visited), self.inbox_url))
                break
            url = listing.next_url
        return scan

    def _numbered_rows(self) -> bool:
        """Rows that are messages, numbered by the forum as they come (phpBB, MyBB, SMF)."""
        return self.profile.pm_inbox is not None and self.profile.pm_inbox.rows == "messages"

    @property
    def top_key(self) -> str:
        """Where the store keeps the newest message number the last pass saw in the list."""
        return f"inbox-top:{self.base}"

    @property
    def listed_key(self) -> str:
        """Where the store keeps how many rows the last whole pass over the list saw."""
        return f"inbox:{self.base}"

    def _order(self) -> str:
        rules = self.profile.pm_inbox
        return rules.pages.order if rules is not None and rules.pages is not None else "newest"


    def _unread_name(self, entry: InboxEntry, key: str, exc: ScraperError) -> str:
        """The unread conversation as the GM's alarm names it: by its sender («ЛС от Лиса»),
        from the inbox row, else from the messages already read from it, else from the
        authors its failed page still shows (Spirit's inbox does not show the sender); by
        its subject only when none of these knows him."""
        gm = self.client.login_form.username.casefold() if self.client.login_form else ""
        senders = [entry.sender] if entry.sender else []
        known = sorted(self.posts.known_posts(key).values(), key=lambda k: k.sort_key)
        senders += [(self.posts.last_data(key, k.post_id) or {}).get("author") for k in known]
        senders += list(getattr(exc, "authors", ())) + self.reader.page_authors
        sender = next((s for s in senders if s and s.casefold() != gm), None)
        if sender:
            return f"ЛС от {sender}"
        return f"ЛС «{entry.subject}» (отправитель не виден)"

    def read_conversation(self, entry: InboxEntry) -> list[Post]:
        """One conversation's messages read now, nothing recorded (`gorod forum check`); a
        message that does not read is the check's error."""
        result = self.reader.read(self.conversation_key(entry.id), _first_page(entry.url))
        for _, u in result.unreadable[:1]:
            raise u.error
        return [c.post for c in result.changes if c.post is not None]

    def _keep_the_rows_message(self, entry: InboxEntry, key: str, result: _Pass) -> None:
        """A row of an inbox that lists messages is one message, but its page may show
        others (phpBB's history, SMF showing a folder's messages at once): only the
        row's is taken. Its page not showing it is a changed layout, not silence."""
        result.changes = [c for c in result.changes if c.post_id == entry.id]
        result.unreadable = [(page, u) for page, u in result.unreadable if u.id in (entry.id, None)]
        if not result.changes and not result.unreadable and entry.id not in self.posts.known_posts(key):
            rules = self.profile.pm_message or self.profile.post
            raise LayoutChanged(entry.url, self.profile.name, rules.id.describe(),
                                f"no message {entry.id} (the inbox row's id) on its page")

    def _check_the_count(self, entry: InboxEntry, key: str, result: _Pass) -> None:
        """The inbox's message count is recorded only when the conversation shows that many
        messages: fewer is a page that did not read (a changed layout whose pagination
        survived reads as "all deleted"), and a count recorded then would hide the reply
        for good."""
        if entry.count is None:
            return
        held = {pid for pid, k in self.posts.known_posts(key).items() if not k.deleted}
        for change in result.changes:
            if change.change is Change.DELETED:
                held.discard(change.post_id)
            else:
                held.add(change.post_id)
        held |= {u.id or f"#{u.place}" for _, u in result.unreadable}   # there, only unread
        if len(held) < entry.count:
            rules = self.profile.pm_message or self.profile.post
            raise LayoutChanged(entry.url, self.profile.name, rules.container,
                                f"the inbox counts {entry.count} messages, the conversation shows {len(held)}")

    def _known(self, entry: InboxEntry) -> bool:
        """An earlier pass read the row (changed since or not)."""
        key = self.conversation_key(entry.id)
        return self.posts.known_count(key) is not None or bool(self.posts.known_posts(key))

    def _changed(self, entry: InboxEntry) -> bool:
        if entry.count is None:
            return True
        return self.posts.known_count(self.conversation_key(entry.id)) != entry.count


@dataclass
class InboxScan:
    changed: list[InboxEntry] = field(default_factory=list)
    requests: int = 0
    rows: int = 0                 # rows listed on the pages read
    met_seen: bool = False        # one of them was read by an earlier pass
    top: int | None = None        # the newest message number on them (rows that are messages)
    problems: list[str] = field(default_factory=list)   # in Russian, each naming its page


def _in_order(entries: list[InboxEntry], fresh: list[InboxEntry]) -> bool:
    """What a page shows of its order: a changed row below an unchanged one is not the
    newest activity first. (Message numbers tell nothing: MyBB lists the messages of one
    second in any order of their ids.)"""
    fresh_ids = {e.id for e in fresh}
    first_seen = next((i for i, e in enumerate(entries) if e.id not in fresh_ids), None)
    return first_seen is None or not any(e.id in fresh_ids for e in entries[first_seen + 1:])


def held_problem(held, url: str) -> str:
    """The GM's words for messages the forum holds outside the PM list (`Inbox.held`)."""
    count = f"{held.count} ЛС" if held.count is not None else "часть ЛС"
    return (f"форум задерживает {count} вне списка входящих, и gorod их не видит: «{held.notice}». Освободите "
            f"место (удалите или перенесите старые ЛС) или поднимите предел папки в настройках форума, затем "
            f"откройте список ЛС: задержанные придут в него ({unquote(url)})")


def _pages_problem(profile: Profile, listing, url: str) -> str:
    return (f"список ЛС говорит, что это страница {listing.page} из {listing.last_page}, но ссылки на следующую "
            f"на ней нет: дальше gorod не прочитал (профиль {profile.name!r}: {_next_key(profile)}) "
            f"({unquote(url)})")


def _next_key(profile: Profile) -> str:
    """Where the profile says how the PM list's next page is found."""
    return "pm_json.next" if profile.pm_json is not None else "selectors.pm_inbox.pages.next"


def _unmet_problem(profile: Profile, pages: int, url: str) -> str:
    return (f"список ЛС кончился на странице {pages}, а ни одного разговора, прочитанного раньше, на его "
            f"страницах нет: или их все удалили, или страниц больше, чем gorod нашёл ссылок на них (профиль "
            f"{profile.name!r}: {_next_key(profile)}) ({unquote(url)})")


def _loop_problem(profile: Profile, page: int, url: str) -> str:
    return (f"ссылка на следующую страницу списка ЛС (со страницы {page}) ведёт на уже прочитанные "
            f"разговоры: остальные страницы gorod не прочитал (профиль {profile.name!r}: {_next_key(profile)}) "
            f"({unquote(url)})")


def _empty_list(content: bytes, paths: tuple[str, ...]) -> bool:
    from scraper.api import dig
    try:
        data = json.loads(content.decode("utf-8-sig"))
    except (ValueError, UnicodeDecodeError):
        return False
    return any(dig(data, p) == [] for p in paths)


def pm_messages_rules(rules: PmJsonRules) -> JsonRules:
    """A JSON conversation's messages read as JSON posts are (`extract_json`)."""
    return JsonRules(posts=rules.posts, id=rules.message_id, author=rules.author, body_html=rules.body_html,
                     time=rules.time, edited_time=rules.edited_time)


def _message(post: Post, entry: InboxEntry) -> PrivateMessage:
    return PrivateMessage(
        id=post.id, conversation_id=entry.id, sender=post.author, subject=entry.subject,
        sent_at=post.posted_at, text=post.text, quotes=post.quotes, spoilers=post.spoilers,
        struck=post.struck, secret=post.secret, emphasis=post.emphasis, edited=post.edited,
        source=post.source,
    )


def _first_page(url: str) -> str:
    """A conversation's first page: the inbox may link to the reader's bookmark in it
    (`?page=3#c12`); drop the fragment and the page parameter."""
    parts = urlsplit(url)
    # kept as written: SMF's `?action=pm;pmid=5;kstart` must not come back percent-encoded
    query = "&".join(p for p in parts.query.split("&") if p and p.split("=", 1)[0] != "page")
    return urlunsplit((parts.scheme, parts.netloc, parts.path, query, ""))


# ---------------------------------------------------------------- forever


def stream(poller, *, min_delay: float = 30.0, max_delay: float = 600.0,
           sleep: Callable[[float], None] = time.sleep, passes: int | None = None) -> Iterator:
    """Poll forever (or `passes` times): wait `min_delay` after a pass that found
    something, doubling up to `max_delay` while nothing is new. `sleep` is injected."""
    delay = min_delay
    done = 0
    while passes is None or done < passes:
        found = False
        for event in poller.poll():
            found = True
            yield event
        done += 1
        delay = min_delay if found else min(delay * 2, max_delay)
        if passes is None or done < passes:
            sleep(delay)
