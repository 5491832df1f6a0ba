"""Posts out of a saved or fetched forum page, by a site profile.

Public API:
    extract_posts(content: bytes, profile: Profile | None, source: str,
                  *, url: str | None = None, now: datetime | None = None) -> ExtractedPage
        One page's posts in page order, its page number, the thread's last page
        number and the next page's URL. `profile=None` detects the engine
        (`scraper.detect`). `source` names the page in errors (file or URL);
        `url`, when known, makes `next_url` absolute. `now` anchors relative
        dates («сегодня», "Yesterday"); default: the current time.
    extract_file(path, profile=None) -> ExtractedPage
    thread_order(pages) -> list[Post]
        The posts of several pages of one thread in thread order, each id once.
    parse_html(content, encoding=None) -> lxml root   (`scraper.decode`: by the page's charset)
    extract_from_tree(root, profile, source, *, url=None, now=None, rules=None) -> ExtractedPage
        The same on a parsed page. It CONSUMES the tree (quotes and the like are
        taken out of the bodies as they are read): parse again to read it twice.

Errors (scraper.errors): `NoPosts` when a page with content yields no posts
(a board index given as a thread), `LayoutChanged` when a required field's
selector matches nothing in a post, `DateFormatError` when a time is found but
unreadable. Never a silent empty result.

HTML is parsed by lxml directly (plain `etree` elements) and selectors are
precompiled XPath, each evaluated once per page over the node-set of its posts
(or bodies), not once per post: a field as each post's first match
(`config.select.first_over`), selectors sharing a first compound from one
matching of it (`config.select.Anchored`). A body's text is one XPath
`normalize-space()` after its quotes, spoilers, ... are taken out and break marks
written in. No BeautifulSoup on this path. (benchmarks/scrape.py measures it;
tests/scraper/test_golden_extract.py pins its output on every page we have.)
Discourse pages are its JSON API (`format: json` profiles).
"""
from __future__ import annotations

import json
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, NamedTuple
from urllib.parse import urljoin

import lxml.html
from lxml import etree

from config.profiles import Field, JsonRules, PostRules, Profile
from scraper.clean import clean_text
from scraper.dates import DateReader
from scraper.decode import html_parser, looks_json, parse_html, sniff_encoding
from scraper.detect import detect_json_profile, detect_tree_profile
from scraper.errors import DateFormatError, LayoutChanged, NoPosts, ScraperError, post_problem_in_russian
from scraper.model import ExtractedPage, Post, UnreadablePost
from config.select import Anchored, compile_selector, css_steps, first_over, is_positional, own_xpath
from scraper.text import BodyReader, element_text

_INT = re.compile(r"\d+")


# ---------------------------------------------------------------- readers per profile

class _Compiled:
    """A profile's selectors compiled, its body and date readers built: once per profile."""

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.body = BodyReader(profile.body)
        self.dates = DateReader(profile.dates.formats, profile.timezone, dict(profile.dates.months),
                                dict(profile.dates.relative), profile.dates.time_formats)


_COMPILED: dict[int, _Compiled] = {}


def _compiled(profile: Profile) -> _Compiled:
    """The compiled readers of a profile (profiles are immutable; cached by identity)."""
    comp = _COMPILED.get(id(profile))
    if comp is None or comp.profile is not profile:
        comp = _COMPILED[id(profile)] = _Compiled(profile)
    return comp


def _first(context, f: Field):
    """The element a field points at (the context itself when it has no selector)."""
    if f.alternatives:
        for alt in f.alternatives:
            el = _first(context, alt)
            if el is not None:
                return el
        return None
    if f.selector is None:
        return context
    found = compile_selector(f.selector)(context)
    return found[0] if found else None


def field_value(context, f: Field | None) -> str | None:
    """A field's string value in `context`, or None when its selector matches nothing."""
    if f is None:
        return None
    if f.alternatives:
        for alt in f.alternatives:
            value = field_value(context, alt)
            if value:
                return value
        return None
    return _value(_first(context, f), f)


def field_values_anywhere(root, f: Field | None) -> list[str]:
    """A field's values wherever its selector matches on the page (not post by post): the
    authors a page in a changed layout still shows, to name them in an alarm."""
    if f is None:
        return []
    values: list[str] = []
    for alt in f.alternatives or (f,):
        if alt.alternatives:
            values += field_values_anywhere(root, alt)
        elif alt.selector:
            values += [v for el in compile_selector(alt.selector)(root) if (v := _value(el, alt))]
    return values


def _value(el, f: Field) -> str | None:
    """A field's value read off the element it points at (attribute or text, then regex)."""
    if el is None:
        return None
    if isinstance(el, str):  # an XPath selecting text()
        value = str(el)
    elif f.attr:
        value = el.get(f.attr)
        if value is None:
            return None
    else:
        value = element_text(el)
    if f.regex:
        m = _regex(f.regex).search(value)
        if not m:
            return None
        value = " ".join(g for g in m.groups() if g) if m.groups() else m.group(0)
    return value.strip()


@lru_cache(maxsize=None)
def _regex(pattern: str) -> re.Pattern:
    return re.compile(pattern)


def _int(value: str | None) -> int | None:
    if value is None:
        return None
    m = _INT.search(value)
    return int(m.group(0)) if m else None


# ---------------------------------------------------------------- HTML

def extract_posts(content: bytes, profile: Profile | None, source: str, *,
                  url: str | None = None, now: datetime | None = None) -> ExtractedPage:
    """The posts of one page (see the module docstring)."""
    if not content or content.isspace():  # (not content.strip(): no copy of the page)
        raise ScraperError(f"{source}: the page is empty")
    if profile is None:
        if looks_json(content):
            profile = detect_json_profile(source)
        else:
            sniffed = sniff_encoding(content) or "utf-8"
            root = parse_html(content, sniffed)
            profile = detect_tree_profile(root, url=url, source=source)
            if profile.encoding and profile.encoding.lower() != sniffed:
                root = parse_html(content, profile.encoding)
            return extract_from_tree(root, profile, source, url=url, now=now)
    if profile.format == "json":
        return _extract_json(content, profile, source, now)
    root = parse_html(content, profile.encoding)
    return extract_from_tree(root, profile, source, url=url, now=now)


def extract_from_tree(root, profile: Profile, source: str, *, url: str | None = None,
                      now: datetime | None = None, rules: PostRules | None = None,
                      per_post: bool = False) -> ExtractedPage:
    """The posts of an already parsed page (the live poller parses once, then calls this).

    `rules` overrides the profile's post rules (the PM poller passes `pm_message`).
    `per_post`: a post whose own fields fail (a time in no format, no author) while other
    posts of the page read is left out and listed in `unreadable` (the live pollers: one
    bad post never stops the game); a page none of whose posts reads still raises the
    first post's error (a new layout, a page that is no thread). Without it, any post's
    error is the page's (a saved page read by `gorod scrape`)."""
    explicit = rules is not None
    rules = rules or profile.post
    if rules is None:
        raise ScraperError(f"{source}: profile {profile.name!r} has no post selectors")
    comp = _compiled(profile)
    containers, skipped = _containers(root, rules)
    if not containers and not skipped and not explicit and profile.pm_message is not None:
        # a saved private message reads as a one-page thread of its messages
        pm_containers, pm_skipped = _containers(root, profile.pm_message)
        if pm_containers or pm_skipped:
            rules, containers, skipped = profile.pm_message, pm_containers, pm_skipped
    if not containers and not skipped:
        detail = ""
        if profile.pm_inbox is not None:
            n = len(compile_selector(profile.pm_inbox.container)(root))
            if n:
                detail = (f"this is a PM inbox listing ({n} conversations, "
                          f"selector {profile.pm_inbox.container!r}), not a thread")
        raise NoPosts(source, profile.name, rules.container, detail)
    on_page = _OnPage(root)
    page = _int(_page_value(root, profile.pagination.current, on_page))
    last = _int(_page_value(root, profile.pagination.last, on_page))
    nxt = _page_value(root, profile.pagination.next, on_page)
    if nxt and page is not None and last is not None and page >= last:
        # the page's own list says it is the thread's last: a «next» link there leads elsewhere
        # (the next topic), never to this thread's next page
        nxt = None
    if nxt and url:
        nxt = urljoin(url, nxt)
    if page is None and last is None and not nxt and profile.pagination.single \
            and on_page.first_match(profile.pagination.single) is not None:
        page = last = 1            # a thread of one page, said so by the page itself
    posts: list[Post] = []
    unreadable: list[UnreadablePost] = []
    if containers:   # (none: every post of the page is one the profile skips, e.g. all deleted)
        batch = _Batch(root, containers, rules.container, _shared_anchors(rules))
        # every field of every post first: reading a body takes its marked parts out of the tree
        heads, unreadable = _heads(batch, rules, comp, source, now, per_post)
        bodies = comp.body.read_page(batch.scope, [h.body for h in heads])
        posts = [Post(h.id, h.author, h.posted_at, b.text, b.quotes, b.spoilers, b.struck, b.secret, b.emphasis,
                      h.edited, h.edited_at, h.edit_count, h.number, h.author_id, page, source)
                 for h, b in zip(heads, bodies)]
    if posts and profile.embedded_json is not None:   # facts only the page's JSON holds (Misago's edits)
        from scraper.embedded import with_embedded
        posts = with_embedded(root, profile, posts, comp.dates, source, now)
    return ExtractedPage(source=source, profile=profile.name, posts=tuple(posts),
                         page=page, last_page=last if last is not None else (page if nxt is None and page else None),
                         next_url=nxt or None, unreadable=tuple(unreadable),
                         skipped=tuple(field_value(c, rules.id) or None for c in skipped))


class _OnPage:
    """Page-level selectors (pagination): each evaluated once per page (current and
    last often share one), their shared first compounds once (`Anchored`)."""

    def __init__(self, root) -> None:
        self.anchored = Anchored(root)
        self.first: dict[str, Any] = {}

    def first_match(self, selector: str):
        if selector not in self.first:
            self.first[selector] = self.anchored.first(selector)
        return self.first[selector]


def _page_value(root, f: Field | None, found: _OnPage) -> str | None:
    """A page-level field (pagination)."""
    if f is None:
        return None
    if f.alternatives:
        for alt in f.alternatives:
            v = _page_value(root, alt, found)
            if v:
                return v
        return None
    if f.selector is None:
        return _value(root, f)
    return _value(found.first_match(f.selector), f)


def _containers(root, rules: PostRules) -> tuple[list, list]:
    """The post containers to read, and what the profile's `skip` matches: elements that hold
    a post's place on the page but are no live post, among the containers (phpBB's moderator
    view of a soft-deleted post) or beside them (Spirit's placeholder of a removed comment)."""
    found = compile_selector(rules.container)(root)
    skipped = compile_selector(rules.skip)(root) if rules.skip else []
    if not skipped:
        return found, []
    skip = set(skipped)
    return [c for c in found if c not in skip], skipped


def common_ancestor(elements: list):
    """The nearest element containing all of `elements` (itself when there is one)."""
    chain = [elements[0]]
    node = elements[0].getparent()
    while node is not None:
        chain.append(node)
        node = node.getparent()
    depth = {el: i for i, el in enumerate(chain)}
    best = 0
    for el in elements[1:]:
        node = el
        while node is not None and node not in depth:
            node = node.getparent()
        if node is None:
            return chain[-1]
        best = max(best, depth[node])
    return chain[best]


class _Batch:
    """Each field's first match in every post of a page, one XPath per field for the page.

    A CSS field selector is evaluated once over the node-set of all posts (as if in
    each post); each match goes to its nearest enclosing post. Raw `xpath:`
    selectors may be positional (`(...)[1]`), so they are evaluated per post.
    Fields are read a column at a time (one field for many posts): the per-field
    dispatch is paid once per page, not once per post."""

    def __init__(self, root, containers: list, container: str, shared: frozenset = frozenset()) -> None:
        self.shared = shared  # first compounds that several field selectors start from
        self.containers = containers
        self.container = container
        self.owner = {el: i for i, el in enumerate(containers)}
        self.scope = common_ancestor(containers) if containers else root
        self.hits: dict[str, list] = {}
        self.over = Anchored(self.scope, scope=containers)
        self._ancestors: list | None = None  # every post's ancestors (`_flat`)
        self._is_flat = False

    def elements(self, f: Field, posts: list[int]) -> list:
        """The element `f` points at in each of `posts` (None where nothing matches);
        alternatives are tried in order, each only for the posts still unmatched."""
        if f.alternatives:
            found: list = [None] * len(posts)
            pending = list(range(len(posts)))
            for alt in f.alternatives:
                if not pending:
                    break
                for k, el in zip(pending, self.elements(alt, [posts[k] for k in pending])):
                    found[k] = el
                pending = [k for k in pending if found[k] is None]
            return found
        if f.selector is None:
            return [self.containers[i] for i in posts]
        if is_positional(f.selector):
            xpath = compile_selector(f.selector)
            return [_head_of(xpath(self.containers[i])) for i in posts]
        hits = self.hits.get(f.selector)
        if hits is None:
            hits = self.hits[f.selector] = self._collect(f.selector)
        return [hits[i] for i in posts]

    def values(self, f: Field | None, posts: list[int]) -> list[str | None]:
        """The value of `f` in each of `posts`; alternatives: the first non-empty value."""
        if f is None:
            return [None] * len(posts)
        if f.alternatives:
            found: list = [None] * len(posts)
            pending = list(range(len(posts)))
            for alt in f.alternatives:
                if not pending:
                    break
                for k, v in zip(pending, self.values(alt, [posts[k] for k in pending])):
                    found[k] = v or None
                pending = [k for k in pending if not found[k]]
            return found
        return [_value(el, f) for el in self.elements(f, posts)]

    def _collect(self, selector: str) -> list:
        result: list = [None] * len(self.containers)
        owner = self.owner
        for el in self._candidates(selector):
            node = el
            while node is not None and node not in owner:
                node = node.getparent()
            if node is not None:
                i = owner[node]
                if result[i] is None:
                    result[i] = el
        return result

    def _candidates(self, selector: str) -> list:
        """The selector's matches over the posts, or (`first_over`, when this page allows
        it) a subset that holds each post's first match: the same first per post. A
        selector whose first compound other fields share keeps the shared matching
        (`Anchored`), cheaper then than a first-match scan per field."""
        fast = first_over(selector)
        if fast is not None and not self.shared.intersection(a for a, _ in css_steps(selector)) and self._flat():
            anc = self._ancestors
            if not any(check(self.scope, anc=anc) for check in fast.leftmost):
                return fast.xpath(self.scope, scope=self.containers)
        return self.over.select(selector)

    def _flat(self) -> bool:
        """No post inside another (then a match's nearest post is the one it was found in)."""
        if self._ancestors is None:
            self._ancestors = _ANCESTORS(self.scope, scope=self.containers)
            self._is_flat = not any(a in self.owner for a in self._ancestors)
        return self._is_flat


_ANCESTORS = own_xpath("$scope/ancestor::*")


def _field_selectors(f: Field | None):
    if f is not None:
        for alt in f.alternatives or (f,):
            if alt.alternatives:
                yield from _field_selectors(alt)
            elif alt.selector:
                yield alt.selector


@lru_cache(maxsize=None)
def _shared_anchors(rules: PostRules) -> frozenset:
    """The first compounds (`css_steps`) that two or more of the rules' field selectors share."""
    selectors = {s for name in ("id", "author", "body", "time", "number", "author_id", "edited",
                                "edit_count", "edited_time", "subject", "conversation")
                 for s in _field_selectors(getattr(rules, name))}
    count: dict[str, int] = {}
    for selector in selectors:
        for anchor in {a for a, _ in css_steps(selector) or ()}:
            count[anchor] = count.get(anchor, 0) + 1
    return frozenset(a for a, n in count.items() if n > 1)


def _head_of(found):
    return found[0] if found else None


class _Head(NamedTuple):
    """A post's fields but its text, and its body element (`_heads`)."""

    id: str
    author: str
    posted_at: datetime | None
    edited: bool
    edited_at: datetime | None
    edit_count: int | None
    number: int | None
    author_id: str | None
    body: Any


def _heads(batch: _Batch, rules: PostRules, comp: _Compiled, source: str, now: datetime | None,
           per_post: bool = False) -> tuple[list[_Head], list[UnreadablePost]]:
    """Every post's fields but its text, and its body element; with `per_post`, the posts
    whose fields fail apart (`extract_from_tree`).

    The XPath-derived values are read a column at a time; the checks and date
    readings then go post by post in the order a reader of one post would do
    them, so that a broken page raises the same first error."""
    profile = comp.profile
    posts = list(range(len(batch.containers)))
    ids = batch.values(rules.id, posts)
    authors = batch.values(rules.author, posts)
    bodies = batch.elements(rules.body, posts)
    times = batch.values(rules.time, posts)
    edited_times = batch.values(rules.edited_time, posts)
    edit_counts = batch.values(rules.edit_count, posts)
    numbers = batch.values(rules.number, posts)
    author_ids = batch.values(rules.author_id, posts)
    heads: list[_Head] = []
    placed: list[int] = []   # each head's post on the page
    unreadable: list[UnreadablePost] = []
    for i in posts:
        pid = ids[i]
        try:
            if not pid:
                raise LayoutChanged(source, profile.name, rules.id.describe(), f"post #{i + 1} on the page: no id")
            if not authors[i]:
                raise LayoutChanged(source, profile.name, rules.author.describe(), f"post {pid}: no author")
            if bodies[i] is None:
                raise LayoutChanged(source, profile.name, rules.body.describe(), f"post {pid}: no body")
            posted_at = _time(times[i], rules.time, comp, source, now, pid)
        except ScraperError as exc:
            if not per_post:
                raise
            unreadable.append(UnreadablePost(pid or None, authors[i] or None, i + 1, source,
                                             post_problem_in_russian(exc), exc))
            continue
        edited_at = _time(edited_times[i], rules.edited_time, comp, source, now, pid, strict=False)
        edit_count = _int(edit_counts[i])
        heads.append(_Head(pid, authors[i], posted_at, edited_at is not None or bool(edit_count), edited_at,
                           edit_count, _int(numbers[i]), author_ids[i], bodies[i]))
        placed.append(i)
    if unreadable and not heads:   # no post of the page reads: the page did not read
        raise unreadable[0].error
    if rules.edited is not None:
        # the edit marker is looked for only where the edit time or count said nothing
        unsure = [k for k, h in enumerate(heads) if not h.edited]
        for k, marker in zip(unsure, batch.values(rules.edited, [placed[k] for k in unsure])):
            if marker not in (None, ""):
                heads[k] = heads[k]._replace(edited=True)
    return heads, unreadable


def _time(text: str | None, f: Field | None, comp: _Compiled, source: str, now, post_id: str,
          strict: bool = True):
    if f is None:
        return None
    if not text:
        if f.required:
            raise LayoutChanged(source, comp.profile.name, f.describe(), f"post {post_id}: no time")
        return None
    value = comp.dates.read(text, now)
    if value is None and strict:
        raise DateFormatError(source, comp.profile.name, text, comp.profile.dates.formats)
    return value


# ---------------------------------------------------------------- JSON (Discourse)

def _path(data: Any, dotted: str) -> Any:
    for key in dotted.split("."):
        if isinstance(data, dict) and key in data:
            data = data[key]
        else:
            return None
    return data


def _extract_json(content: bytes, profile: Profile, source: str, now, rules: JsonRules | None = None,
                  per_post: bool = False) -> ExtractedPage:
    """`rules`: other JSON rules than the profile's `json:` (a JSON PM conversation);
    `per_post` as for HTML (`extract_from_tree`)."""
    rules = rules or profile.json
    assert rules is not None  # validated: format json has json rules
    try:
        data = json.loads(clean_text(content.decode(profile.encoding or "utf-8-sig")))
    except (ValueError, UnicodeDecodeError, LookupError) as exc:
        raise ScraperError(f"{source}: profile {profile.name!r}: not JSON: {exc}") from None
    except RecursionError:   # `[[[[...` 100,000 deep
        raise ScraperError(f"{source}: profile {profile.name!r}: JSON nested too deep to read") from None
    items = None
    for p in rules.posts:
        items = _path(data, p)
        if isinstance(items, list):
            break
    if not isinstance(items, list) or not items:
        raise NoPosts(source, profile.name, " | ".join(rules.posts), "no list of posts at these JSON paths")
    comp = _compiled(profile)
    posts = []
    unreadable: list[UnreadablePost] = []
    for i, item in enumerate(items):
        where = f"post #{i + 1}"
        values = {}
        try:
            for key in ("id", "author", "body_html"):
                v = _path(item, getattr(rules, key))
                if v is None:
                    raise LayoutChanged(source, profile.name, getattr(rules, key),
                                        f"{where}: no {'body' if key == 'body_html' else key}")
                values[key] = v
            posted_raw = _path(item, rules.time) if rules.time else None
            posted_at = comp.dates.read(str(posted_raw), now) if posted_raw else None
            if posted_raw and posted_at is None and per_post:
                raise DateFormatError(source, profile.name, str(posted_raw), profile.dates.formats)
        except ScraperError as exc:
            if not per_post:
                raise
            pid, author = _path(item, rules.id), _path(item, rules.author)
            unreadable.append(UnreadablePost(clean_text(str(pid)) if pid is not None else None,
                                             clean_text(str(author)) if author is not None else None,
                                             i + 1, source, post_problem_in_russian(exc), exc))
            continue
        html = clean_text(str(values["body_html"])) or "<p></p>"
        body = comp.body.read(_fragment(html))
        versions = _path(item, rules.edit_count) if rules.edit_count else None
        edit_count = int(versions) - 1 if isinstance(versions, int) else None
        edited_raw = _path(item, rules.edited_time) if rules.edited_time else None
        edited_at = comp.dates.read(str(edited_raw), now) if edited_raw else None
        number = _path(item, rules.number) if rules.number else None
        posts.append(Post(
            id=clean_text(str(values["id"])), author=clean_text(str(values["author"])), posted_at=posted_at, text=body.text,
            quotes=body.quotes, spoilers=body.spoilers, struck=body.struck, secret=body.secret,
            emphasis=body.emphasis, edited=bool(edit_count) or edited_at is not None, edit_count=edit_count,
            edited_at=edited_at,
            number=int(number) if isinstance(number, int) else None,
            author_id=str(_path(item, rules.author_id)) if rules.author_id else None,
            page=None, source=source,
        ))
    if unreadable and not posts:   # no post of the page reads: the page did not read
        raise unreadable[0].error
    posts.sort(key=lambda p: (p.number is None, p.number or 0))
    return ExtractedPage(source=source, profile=profile.name, posts=tuple(posts), unreadable=tuple(unreadable))


def extract_json(content: bytes, profile: Profile, source: str, now: datetime | None = None,
                 rules: JsonRules | None = None, *, per_post: bool = False) -> ExtractedPage:
    """Posts of a JSON answer, by the profile's `json:` or other `rules` (JSON PMs)."""
    return _extract_json(content, profile, source, now, rules, per_post)


def _fragment(html: str):
    """A <div> holding an HTML fragment (a Discourse post's `cooked`)."""
    doc = etree.fromstring(f"<html><body><div>{html}</div></body></html>", html_parser("utf-8"))
    return doc.find("body/div")


# ---------------------------------------------------------------- files and folders

PAGE_SUFFIXES = (".html", ".htm", ".json", ".xhtml")


def extract_file(path: str | Path, profile: Profile | None = None, *, now: datetime | None = None) -> ExtractedPage:
    p = Path(path)
    try:
        content = p.read_bytes()
    except OSError as exc:
        raise ScraperError(f"{p}: cannot read: {exc.strerror}") from None
    return extract_posts(content, profile, str(p), now=now)


def page_files(path: str | Path) -> list[Path]:
    """A saved page, or the pages of a folder (by suffix, sorted by name)."""
    p = Path(path)
    if p.is_dir():
        files = sorted(f for f in p.iterdir() if f.is_file() and f.suffix.lower() in PAGE_SUFFIXES)
        if not files:
            raise ScraperError(f"{p}: no saved pages ({', '.join(PAGE_SUFFIXES)}) in this folder")
        return files
    if not p.exists():
        raise ScraperError(f"{p}: no such file or folder")
    return [p]


def _page_key(page: ExtractedPage, index: int):
    first = page.posts[0] if page.posts else None
    number = first.number if first and first.number is not None else 0
    pid = int(first.id) if first and first.id.isdigit() else 0
    return (page.page if page.page is not None else 0, number, pid, index)


def thread_order(pages: Iterable[ExtractedPage]) -> list[Post]:
    """The posts of several pages of one thread in thread order, each id once (first copy kept).

    Pages are ordered by their page number, else by their first post's number in
    the thread, else by its numeric id (forum ids grow with time), else as
    given; posts keep their order on the page (the forum's order).
    """
    ordered = sorted(enumerate(pages), key=lambda ip: _page_key(ip[1], ip[0]))
    seen: dict[str, Post] = {}
    for _, page in ordered:
        for post in page.posts:
            seen.setdefault(post.id, post)
    return list(seen.values())
