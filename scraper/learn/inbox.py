"""The GM's PM inbox: the rows of the conversation list and what each row says.

    find_inbox(root, source, conversations, gm=None) -> InboxGuess | None

A row of an inbox is found by its link to the conversation: the links of the page whose
addresses have one shape and differ in one number (the conversation's, or the message's),
one number per row; the row is the largest element around a link that holds no other
conversation's link. Of several such groups (member links, page links, folders) the one
wins whose rows hold a time, whose link texts are no member's name, and whose subjects
the conversation pages show. In the row: the subject is the link's text, the id its
number, the sender the short name beside it (a member's link where there is one; the
other party, not the GM, where both stand), the time the one a row holds, and the
message count a number in the row that agrees with the conversation pages read.
Whether a row is a conversation or one message is read from the conversation pages:
a page that holds a message with the row's number is the message's own.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urljoin, urlsplit

from config.select import select
from scraper.learn import fields, tree
from scraper.learn.blocks import _depth
from scraper.learn.fields import FieldGuess

_DELIMS = re.compile(r"([/?&;#=])")
_NUMBERED = re.compile(r"^([^\d]*?)(\d+)$")


@dataclass(frozen=True)
class Conversation:
    """A conversation page the learner read: where it is, its text, its messages' ids and
    authors (as the learned pm_message reads them)."""

    url: str | None
    text: str
    ids: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()


@dataclass(frozen=True)
class InboxGuess:
    container: str
    id: FieldGuess
    subject: FieldGuess
    link: FieldGuess
    sender: FieldGuess | None
    time: FieldGuess | None
    count: FieldGuess | None
    rows: str                       # "conversations" | "messages"
    notes: dict = field(default_factory=dict)
    links: tuple[str, ...] = ()     # the rows' links, absolute where the page's address is known
    matched: int = 0                # rows whose conversation page was read

    def as_yaml(self) -> dict:
        out = {"container": self.container, "rows": self.rows, "id": self.id.as_yaml(),
               "link": self.link.as_yaml(), "subject": self.subject.as_yaml()}
        for key in ("sender", "time", "count"):
            g = getattr(self, key)
            if g is not None:
                out[key] = g.as_yaml()
        return out


@dataclass
class _Group:
    links: list
    key: int                        # which numeric token of the shape is the row's number
    rows: list = field(default_factory=list)
    keys: list = field(default_factory=list)


def find_inbox(root, source: str, conversations: list[Conversation], gm: str | None = None,
               timed: dict | None = None) -> InboxGuess | None:
    from scraper.learn import times
    timed = timed if timed is not None else times.timed_elements(root)
    names = {a for c in conversations for a in c.authors} | ({gm} if gm else set())
    best = None
    for group in _groups(root):
        if not _rows(group):
            continue
        links = [_row_link(r, group) for r in group.rows]
        texts = [tree.text(a) for a in links]
        if not all(texts) or all(re.fullmatch(r"[\d\s.,«»<>…-]*", t) for t in texts):
            continue        # page numbers, arrows, icons: not subjects
        if sum(1 for a in links if fields.names_a_profile(a) or tree.text(a) in names) > len(links) / 2:
            continue        # members' links: the sender, not the conversation
        timed_rows = sum(1 for r in group.rows if any(id(e) in timed for e in r.iter()))
        at = sum(1 for a in links if _at(_absolute(source, a.get("href")), conversations))
        shown = sum(1 for t, a in zip(texts, links) if _shown(t, _absolute(source, a.get("href")), conversations))
        ticked = sum(1 for r in group.rows if r.xpath(".//input[@type='checkbox']"))
        rank = (at, shown, timed_rows, ticked, len(group.rows), -_depth(group.rows[0]))
        if best is None or rank > best[0]:
            best = (rank, group, links)
    if best is None:
        return None
    (_, shown, timed_rows, *_), group, links = best
    if len(group.rows) < 2 and not shown:
        return None     # one link alone is no list: nothing confirms it is a conversation
    container = _container(root, group, links)
    if container is None:
        return None
    notes: dict[str, str] = {}
    link_sel = _link_selector(group, links)
    if link_sel is None:
        return None
    id_regex = _id_regex(group)
    urls = tuple(_absolute(source, a.get("href")) for a in links)
    notes["selectors.pm_inbox.container"] = (f"one row per conversation (or message) of the inbox: {len(group.rows)} "
                                             "on the page, each with its own link")
    notes["selectors.pm_inbox.id"] = "the number the row's link carries (different in every row)"
    notes["selectors.pm_inbox.link"] = "the row's link to its conversation"
    notes["selectors.pm_inbox.subject"] = "the link's text: the conversation's subject"
    rows_kind, count, matched = _kind_and_count(group, urls, texts_of(links), conversations, notes)
    sender = _sender(group.rows, links, names, gm, conversations)
    if sender is not None:
        notes["selectors.pm_inbox.sender"] = sender.note
    when = fields.find_time(group.rows, timed)
    time_guess = when[0] if when else None
    if time_guess is not None:
        notes["selectors.pm_inbox.time"] = "the time the row shows (of its last message)"
    link = FieldGuess(link_sel, "href")
    tails = {_shape(_tokens(_addr(a))[group.key + 1:] + ["0"]) for a in links}
    if len(tails) > 1 or any(_past(u, conversations) for u in urls):
        # some rows link past the conversation (Misago's `/p/slug/5/new/` to the first unread
        # message; every row, when all are unread, as the conversation pages read show): the
        # conversation itself is the link up to its number
        link = FieldGuess(link_sel, "href", "^(.*?" + id_regex.replace(r"(\d+)", r"\d+") + r"/?)(?:[?#]|new/?|$)")
        notes["selectors.pm_inbox.link"] = "the row's link to its conversation, up to the conversation's number"
    urls = tuple(_absolute(source, _cut(a.get("href"), link.regex)) for a in links)
    return InboxGuess(container, FieldGuess(link_sel, "href", id_regex), FieldGuess(link_sel),
                      link, sender, time_guess, count, rows_kind, notes, urls, matched)


def _cut(href: str | None, regex: str | None) -> str | None:
    if not href or not regex:
        return href
    m = re.search(regex, href)
    return m.group(1) if m else href


def texts_of(links: list) -> list[str]:
    return [tree.text(a) for a in links]


# ---------------------------------------------------------------- the groups of links

def _tokens(href: str) -> list[str]:
    return [t for t in _DELIMS.split(href) if t != ""]


def _shape(tokens: list[str]) -> tuple:
    """The link's shape: its tokens with numbers (and slugs holding one) as '#', cut after
    the last number (`/p/slug/5/new/` and `/p/slug/4/` are one shape)."""
    out = []
    for t in tokens:
        if _NUMBERED.match(t) and not re.search(r"[-%.]", t):
            out.append("#")             # a number, or a word and a number (`msg12`, `p7`)
        elif re.search(r"[-%]|[^\x00-\x7f]", t) or re.search(r"\d", t):
            out.append("~")             # a slug (`re-nochnoi-khod-17`, `%D0%B2...`): any words
        else:
            out.append(t)
    last = max((i for i, t in enumerate(out) if t == "#"), default=-1)
    if last < 0:
        return ()
    return tuple(out[:last + 1])


def _groups(root) -> list[_Group]:
    by_shape: dict[tuple, list] = {}
    for a in root.iter("a"):
        href = (a.get("href") or "").strip()
        if not href or href.lower().startswith(("javascript:", "mailto:")) or not re.search(r"\d", href):
            continue
        shape = _shape(_tokens(_addr(a)))
        if shape:
            by_shape.setdefault(shape, []).append(a)
    groups = []
    for shape, links in by_shape.items():
        numeric = [i for i, t in enumerate(shape) if t == "#"]
        values = [[_number(_tokens(_addr(a))[i]) if i < len(_tokens(_addr(a))) else None
                   for i in numeric] for a in links]
        varying = [k for k, i in enumerate(numeric) if len({v[k] for v in values}) > 1]
        if varying:
            key = numeric[varying[-1]]
        elif len(links) and all(_number(_tokens(_addr(a))[numeric[-1]]) for a in links):
            key = numeric[-1]
        else:
            continue
        groups.append(_Group(links, key))
    return groups


def _addr(a) -> str:
    """The link's address as its row's number is read from: without its fragment (`#c1`, a
    read conversation's first unread message, which an unread one's link lacks), unless the
    number is in the fragment alone (SMF's `#msg12` on the inbox page itself)."""
    href = (a.get("href") or "").strip()
    bare = href.split("#", 1)[0]
    return bare if _shape(_tokens(bare)) else href


def _number(token: str) -> str | None:
    m = re.search(r"(\d+)$", token) or re.search(r"(\d+)", token)
    return m.group(1) if m else None


def _key_of(a, group: _Group) -> str | None:
    tokens = _tokens(_addr(a))
    return _number(tokens[group.key]) if group.key < len(tokens) else None


def _rows(group: _Group) -> bool:
    """Each conversation's row: the largest element around its link that holds no link of
    another conversation. False when the rows overlap or are of different kinds."""
    by_key: dict[str, list] = {}
    for a in group.links:
        k = _key_of(a, group)
        if k is not None:
            by_key.setdefault(k, []).append(a)
    if not by_key:
        return False
    others = {k: [a for kk, v in by_key.items() if kk != k for a in v] for k in by_key}
    found = []          # (key, row) for every link: a key's link may stand outside the list too
    for k, anchors in by_key.items():
        for anchor in anchors:
            node = anchor
            while True:
                parent = node.getparent()
                if parent is None or tree.tag(parent) in ("body", "html"):
                    break
                if any(tree.contains(parent, o) for o in others[k]):
                    break
                node = parent
            if len(by_key) == 1:
                node = _one_row(anchor)
                if node is None:
                    continue
            found.append((k, node))
    if not found:
        return False
    kinds = Counter((tree.tag(r), id(r.getparent())) for _, r in found)
    kind = kinds.most_common(1)[0][0]
    rows, keys = [], []
    for k, r in found:
        if (tree.tag(r), id(r.getparent())) == kind and k not in keys and tree.tag(r) != "a":
            rows.append(r)
            keys.append(k)
    if len(rows) < max(1, 0.5 * len(by_key)):
        return False
    group.rows, group.keys = rows, keys
    return True


_ROW_CLASS = re.compile(r"(?i)row|item|topic|conversation|dialog|thread|message|entry")


def _one_row(link):
    """A list of one: the nearest table row, list item or block named for a row around the link."""
    node = link.getparent()
    while node is not None and tree.tag(node) not in ("tr", "li", "article") and not (
            tree.tag(node) == "div" and _ROW_CLASS.search(node.get("class") or "")):
        node = node.getparent()
    return node


def _row_link(row, group: _Group):
    """The row's conversation link: of its links of the group, the one with the longest text."""
    inside = [a for a in group.links if tree.contains(row, a)]
    return max(inside, key=lambda a: len(tree.text(a)))


def _at(url: str | None, conversations: list[Conversation]) -> bool:
    """A conversation page read is at the row's link, or the link leads into it by a word
    (Misago's unread `/p/slug/5/new/`, to its first unread message, of the page `/p/slug/5/`)."""
    return bool(url) and any(c.url and _leads_to(_page(url), _page(c.url)) for c in conversations)


def _leads_to(link: str, page: str) -> bool:
    return link == page or (page.endswith("/") and link.startswith(page)
                            and re.fullmatch(r"[A-Za-z]+/?", link[len(page):]) is not None)


def _past(url: str | None, conversations: list[Conversation]) -> bool:
    """The row's link goes past a conversation page read (a word after its address)."""
    return bool(url) and any(c.url and _page(c.url) != _page(url) and _leads_to(_page(url), _page(c.url))
                             for c in conversations)


def _shown(text: str, url: str | None, conversations: list[Conversation]) -> bool:
    """A conversation page read is this row's: its address, or its subject on the page (on
    some of the pages read, not on all: what every page shows is the site's own chrome,
    a folder's name)."""
    if _at(url, conversations):
        return True
    if not text or len(text) < 3:
        return False
    on = sum(1 for c in conversations if text in c.text)
    return on > 0 and (on < len(conversations) or len(conversations) == 1)


def _page(url: str) -> str:
    return url.split("#", 1)[0].replace("&amp;", "&")


def _absolute(source: str, href: str | None) -> str:
    href = (href or "").replace("&amp;", "&")
    return urljoin(source, href) if urlsplit(source).scheme in ("http", "https") else href


# ---------------------------------------------------------------- selectors

def _container(root, group: _Group, links: list) -> str | None:
    """The plainest selector that selects exactly the rows."""
    rows = group.rows
    t = tree.tag(rows[0])
    def raw(el):        # every class (a list row's `row` too), but no alternating or numbered one
        return [c for c in (el.get("class") or "").split()
                if tree._CSS_IDENT.match(c) and not re.search(r"\d|^(?:odd|even|alt)$", c)]
    common = set(raw(rows[0]))
    for r in rows[1:]:
        common &= set(raw(r))
    shared = [c for c in raw(rows[0]) if c in common]
    parent = rows[0].getparent()
    tries = [f"{t}.{c}" for c in shared]
    if parent is not None:
        steps = [tree.step(parent)] + [f"{tree.tag(parent)}.{c}" for c in raw(parent)]
        for ps in steps:
            tries += [f"{ps} > {t}"] + [f"{ps} > {t}.{c}" for c in shared]
        grand = parent.getparent()
        if grand is not None:
            tries += [f"{tree.step(grand)} > {tree.step(parent)} > {t}"]
            if parent.get("id") and tree._CSS_IDENT.match(parent.get("id")):
                tries.append(f"{tree.tag(parent)}#{parent.get('id')} > {t}")
            if grand.get("id") and tree._CSS_IDENT.match(grand.get("id")):
                tries.append(f"{tree.tag(grand)}#{grand.get('id')} {t}")
    literal = _href_literal(group)
    if literal:
        tries.append(f"xpath://{t}[.//a[contains(@href, '{literal}')]]")
        steps, node = [], links[0]
        while node is not None and node is not rows[0]:
            steps.insert(0, tree.tag(node))
            node = node.getparent()
        if node is rows[0] and len(steps) <= 6:
            # the link where it stands in the row: an outer layout row holding the list is no row
            path = "/".join(steps[:-1] + [f"a[contains(@href, '{literal}')]"])
            tries.append(f"xpath://{t}[{path}]")
        if parent is not None:
            tries.append(f"xpath://{tree.tag(parent)}/{t}[.//a[contains(@href, '{literal}')]]")
    want = {id(r) for r in rows}
    for sel in sorted(set(tries), key=lambda s: (s.startswith("xpath:"), len(s))):
        try:
            got = select(root, sel)
        except ValueError:
            continue
        if {id(g) for g in got} == want and len(got) == len(rows):
            return sel
    return None


def _href_literal(group: _Group) -> str | None:
    """The constant words right before the row's number in its links (`pmid=`, `mdl=topic`,
    `#msg`), for a selector that names the conversation's link by where it points."""
    tokens = _tokens(_addr(group.links[0]))
    key = tokens[group.key] if group.key < len(tokens) else ""
    m = _NUMBERED.match(key)
    if m and m.group(1) and re.search(r"[A-Za-z]", m.group(1)):
        before = tokens[group.key - 1] if group.key >= 1 and tokens[group.key - 1] in "#/" else ""
        return before + m.group(1)
    i = group.key - 1
    parts: list[str] = []
    while i >= 0 and len(parts) < 4:
        t = tokens[i]
        if re.search(r"\d", t) and not all(tokens[i] == (_tokens(_addr(a)) + [""] * 99)[i]
                                           for a in group.links):
            break
        parts.insert(0, t)
        if re.search(r"[A-Za-z]{2,}", t):
            break
        i -= 1
    literal = "".join(parts).lstrip("?&;")
    return literal if re.search(r"[A-Za-z]{2,}", literal) and "'" not in literal else None


def _link_selector(group: _Group, links: list) -> str | None:
    """A selector whose first match in each row is the row's link."""
    tries = []
    literal = _href_literal(group)
    if literal:
        tries.append(f"a[href*='{literal}']")
    for a, r in zip(links, group.rows):
        tries += [s for s in tree.relative_selectors(a, r) if s not in tries]
        break
    for sel in tries:
        if all(fields.first(r, sel) is a for r, a in zip(group.rows, links)):
            return sel
    return None


def _id_regex(group: _Group) -> str:
    """The row's number in its link: the words before it kept, what differs between rows
    (a slug) as any word, `?&;` as any of them."""
    tokens = _tokens(_addr(group.links[0]))
    all_tokens = [_tokens(_addr(a)) for a in group.links]
    key = tokens[group.key]
    m = _NUMBERED.match(key)
    out = [re.escape(m.group(1)) + r"(\d+)" if m else r"(\d+)"]
    i = group.key - 1
    anchored = bool(m and re.search(r"[A-Za-z]", m.group(1)))
    while i >= 0 and not anchored:
        t = tokens[i]
        if t in "?&;":
            out.insert(0, "[?&;]")
        elif t in "/#=":
            out.insert(0, re.escape(t))
        elif all(len(x) > i and x[i] == t for x in all_tokens):
            out.insert(0, re.escape(t))
            anchored = bool(re.search(r"[A-Za-z]", t))
        else:
            out.insert(0, r"[^/?&;#=]*")
        i -= 1
    return "".join(out)


# ---------------------------------------------------------------- what a row says

def _kind_and_count(group: _Group, urls, subjects, conversations: list[Conversation], notes: dict
                    ) -> tuple[str, FieldGuess | None, int]:
    """Messages when every conversation page read holds a message with its row's number;
    else conversations, and the count a number of the row that is the page's message count
    (or its replies: one less) on every page read."""
    matched = []
    by_url = any(c.url for c in conversations)
    for row, key, url, subject in zip(group.rows, group.keys, urls, subjects):
        if by_url:
            page = next((c for c in conversations if url and c.url and _leads_to(_page(url), _page(c.url))), None)
        else:       # saved pages: the page that shows this row's subject and no longer one of another row
            page = next((c for c in conversations if subject and len(subject) >= 3 and subject in c.text
                         and not any(len(o) > len(subject) and subject in o and o in c.text for o in subjects)),
                        None)
        if page is not None and page.ids:
            matched.append((row, key, page))
    if not matched:
        notes["selectors.pm_inbox.rows"] = ("rows taken for conversations: no conversation page read to tell "
                                            "(each is read at every poll)")
        return "conversations", None, 0
    count = _count(group, matched)
    if count is None and all(key in page.ids for _, key, page in matched):
        # (a number every row shows that counts its page's messages says conversation, even where a
        # young forum's conversation and message numbers happen to agree)
        notes["selectors.pm_inbox.rows"] = ("each row is one message: its page holds the message of the row's "
                                            "number (read once; a reply is a new row)")
        return "messages", None, len(matched)
    notes["selectors.pm_inbox.rows"] = "each row is a conversation: its page holds messages of other numbers"
    if count is not None:
        notes["selectors.pm_inbox.count"] = ("the row's number of messages (or replies), as the conversation "
                                             "pages read show: an unchanged one is not read again")
    return "conversations", count, len(matched)


def _count(group: _Group, matched: list) -> FieldGuess | None:
    """A number in every row that is its conversation page's message count (or replies, one less)."""
    votes: Counter[str] = Counter()
    for row, _, _ in matched:
        for el in row.iter():
            if isinstance(el.tag, str) and el is not row and _count_of(el) is not None:
                votes.update(tree.relative_selectors(el, row) + _child_paths(el, row))
    fitting = []
    for sel, _ in votes.most_common():
        found = [fields.first(r, sel) for r in group.rows]
        if any(f is None or _count_of(f) is None for f in found):
            continue
        if all(_count_of(fields.first(row, sel)) in (len(page.ids), len(page.ids) - 1) for row, _, page in matched):
            fitting.append((sel, tuple(_count_of(f) for f in found)))
    if len({values for _, values in fitting}) != 1:
        return None         # none, or numbers that say different things (a row or two tell too little)
    return FieldGuess(fitting[0][0])


def _count_of(el) -> int | None:
    """The one small number an element says («3», «chat_bubble_outline 0»), not a time or a date."""
    value = tree.text(el)
    numbers = re.findall(r"\d+", value)
    if len(numbers) != 1 or len(value) > 30 or len(numbers[0]) > 6 or re.search(r"[:./-]\d", value):
        return None
    if tree.tag(el) == "a":
        return None
    rest = re.sub(r"\d+", " ", value).strip()
    # alone, beside an icon's name (Misago's «chat_bubble_outline 0») or a word that says what it counts
    if rest and not re.fullmatch(r"[\w-]*_[\w-]*|(?i:replies|reply|messages?|posts?|ответ\w*|сообщ\w*)", rest):
        return None
    return int(numbers[0])


def _child_paths(el, row) -> list[str]:
    """`xpath:./td[4]`: the row's child holding `el`, by its place among its kind."""
    node = el
    while node is not None and node.getparent() is not row:
        node = node.getparent()
    if node is None:
        return []
    same = [c for c in row if isinstance(c.tag, str) and c.tag == node.tag]
    return [f"xpath:./{tree.tag(node)}[{same.index(node) + 1}]"]


def _sender(rows: list, links: list, names: set, gm: str | None, conversations: list[Conversation]
            ) -> FieldGuess | None:
    """The short name in every row beside the link: a member's link where there is one; the
    other party (not the GM) where the rows show both; a name the conversations show."""
    votes: Counter[str] = Counter()
    for row, link in zip(rows, links):
        for el in row.iter():
            if not isinstance(el.tag, str) or el is row or tree.contains(link, el) or tree.contains(el, link):
                continue
            if fields.name_like(tree.text(el)):
                votes.update(tree.relative_selectors(el, row) + _child_paths(el, row))
    best = None
    for sel in votes:
        found = [fields.first(r, sel) for r in rows]
        if any(f is None or tree.contains(f, a) or tree.contains(a, f) for f, a in zip(found, links)):
            continue
        values = [tree.text(f) for f in found]
        if not all(fields.name_like(v) for v in values):
            continue
        profile = sum(fields.names_a_profile(f) for f in found) / len(found)
        known = sum(v in names for v in values) / len(values)
        not_gm = sum(v != gm for v in values) / len(values) if gm else 0
        rank = (profile + known, not_gm, -sel.startswith("xpath:"), -len(sel))
        if best is None or rank > best[0]:
            best = (rank, sel)
    if best is None or best[0][0] == 0:
        return None
    return FieldGuess(best[1], note="the other party's name in the row (a member's link)")
