"""Finding the post blocks of a thread page: the element that repeats once per post.

A post block is recognised by what every post has: a time that parses and a
name (a link or a short bold text) before a longer text. Elements are grouped
by how a profile can select them — a numbered id with a common prefix
(`div#p123`), a post-id data attribute (`li[data-pid]`), or one stable class
(`div.post_wrapper`) — and the group that holds the most posts with a time in
each, without one member inside another, wins; among groups of the same posts
the innermost (the tightest around one post) wins.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

from config.select import select
from scraper.learn import tree

# (any number: a young forum's posts are post-1 … post-9; or a bare number, id="29")
_NUMBERED_ID = re.compile(r"^((?:[A-Za-z][A-Za-z_-]*?)?)[_-]?(\d+)$")
# a PM conversation of a young forum: messages numbered from 1 (`post-4`, `p7`)
_SHORT_NUMBERED_ID = _NUMBERED_ID
# a data attribute holding a number (no names of any engine's: data-pid, data-pk, data-node-id
# alike), but for one that holds a time or a count (a Unix time differs in every post too)
_NOT_ID_ATTR = re.compile(r"(?i)time|date|stamp|epoch|count|index|likes|votes|rep|score|level|page|width|height|size")


def id_attrs(el) -> list[str]:
    """The element's data attributes that may be a post's number: a value of digits (a prefix of
    a few letters allowed, «post-12»), no time or count named, no Unix time."""
    out = []
    for attr, value in el.attrib.items():
        if attr.startswith("data-") and not _NOT_ID_ATTR.search(attr) \
                and re.fullmatch(r"[A-Za-z_-]{0,8}\d{1,12}", value or "") and not re.fullmatch(r"1[5-9]\d{8}(?:\d{3})?", value):
            out.append(attr)
    return out
_NOT_POSTS = re.compile(r"(?i)^(?:user|member|profile|forum|topic|thread|cat|category|nav|menu|page|"
                        r"comment-form|ad|banner|sidebar)")


_NEVER = frozenset(("html", "body", "head", "script", "style", "a", "span", "b", "strong", "img", "br"))


@dataclass(frozen=True)
class Blocks:
    """The learned container: its selector and the elements it selects on the page."""

    selector: str
    members: tuple
    how: str            # "id" | "attr" | "class" | "sibling": what the selector keys on


def find_blocks(root, has_time: Callable[[object], bool], time_text: Callable[[object], int] = lambda el: 0,
                short_ids: bool = False, skip: frozenset = frozenset()) -> Blocks | None:
    """The group with the most members holding a time (and more than the time: a name and
    a text); among groups of as many, one keyed on a number (an id, a data attribute) over
    one keyed on a class, then the outermost (it holds the author and the body too)."""
    groups: dict[tuple, list] = {}
    for el in tree.elements(root):
        t = tree.tag(el)
        if t in _NEVER or not has_time(el):
            continue
        m = (_SHORT_NUMBERED_ID if short_ids else _NUMBERED_ID).match(el.get("id") or "")
        if m and not _NOT_POSTS.match(m.group(1)):
            groups.setdefault(("id", t, m.group(1)), []).append(el)
        for attr in id_attrs(el):
            groups.setdefault(("attr", t, attr), []).append(el)
        for c in tree.classes(el):
            groups.setdefault(("class", t, c), []).append(el)
        holder = _holder_step(el)
        if holder:
            # repeated siblings of one tag under one holder: posts with no id, data attribute
            # or class of their own (<ol class="thread"><li>…</li><li>…</li></ol>)
            groups.setdefault(("sibling", t, holder), []).append(el)
    best = None
    for key, members in groups.items():
        if _nested(members) or not all(len(tree.raw_text(m).strip()) >= time_text(m) + 15 for m in members):
            continue
        if key[0] in ("class", "sibling") and len(members) < 2:
            continue
        if key[0] != "class":
            members = _one_kind(members)
        # (loose only on a number: a class alone is too weak a sign to take posts without a time in)
        found = _selector(key, members, root, loose=True) if key[0] not in ("class", "sibling") \
            else _exactly(key, members, root)
        if found is None or found[0] in skip:
            continue
        selector, selected = found
        rank = (len(members), {"id": 2, "attr": 2, "class": 1, "sibling": 0}[key[0]], -_depth(members[0]),
                -len(selector))
        if best is None or rank > best[0]:
            best = (rank, Blocks(selector, tuple(selected), key[0]))
    return best[1] if best else None


def _holder_step(el) -> str | None:
    """The step that names an element's parent (`ol.thread`, `div#posts`), or None when it has
    no stable class or id (a bare <div> says nothing that holds on the next page)."""
    parent = el.getparent()
    if parent is None or tree.tag(parent) in ("html", "body"):
        return None
    if tree.classes(parent):
        return tree.step(parent)
    pid = parent.get("id") or ""
    if re.fullmatch(r"[A-Za-z][\w-]*", pid) and not re.search(r"\d", pid):
        return f"{tree.tag(parent)}#{pid}"
    return None


def _one_kind(members: list) -> list:
    """The members of one kind: where most share a class that a few lack, and those few share
    none of the many's classes, the few are another kind of block numbered alike (Misago's
    li.event, a moderation event, among its li.post)."""
    if len(members) < 4:
        return members
    counts: dict[str, int] = {}
    for m in members:
        for c in set(tree.classes(m)):
            counts[c] = counts.get(c, 0) + 1
    for c, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        if not 0.75 * len(members) <= n < len(members):
            continue
        many = [m for m in members if c in tree.classes(m)]
        few = [m for m in members if c not in tree.classes(m)]
        common = set.intersection(*(set(tree.classes(m)) for m in many))
        if not any(common & set(tree.classes(f)) for f in few):
            return many
    return members


def find_blocks_untimed(root, skip: frozenset = frozenset()) -> Blocks | None:
    """Post blocks on a page whose posts show no time: the largest group keyed on a numbered
    id or a post-id attribute (a class alone is too weak a sign without times), of two or
    more members none inside another, each with some text."""
    groups: dict[tuple, list] = {}
    for el in tree.elements(root):
        t = tree.tag(el)
        if t in _NEVER:
            continue
        m = _NUMBERED_ID.match(el.get("id") or "")
        if m and not _NOT_POSTS.match(m.group(1)):
            groups.setdefault(("id", t, m.group(1)), []).append(el)
        for attr in id_attrs(el):
            groups.setdefault(("attr", t, attr), []).append(el)
    best = None
    for key, members in groups.items():
        if len(members) < 2 or _nested(members) or not all(len(tree.text(m)) >= 10 for m in members):
            continue
        selector = _selector(key, members, root)
        if selector is None or selector in skip:
            continue
        rank = (len(members), _depth(members[0]), -len(selector))
        if best is None or rank > best[0]:
            best = (rank, Blocks(selector, tuple(members), key[0]))
    return best[1] if best else None


def _depth(el) -> int:
    d = 0
    while el is not None:
        el, d = el.getparent(), d + 1
    return d


def _nested(members: list) -> bool:
    ids = {id(m) for m in members}
    for m in members:
        p = m.getparent()
        while p is not None:
            if id(p) in ids:
                return True
            p = p.getparent()
    return False


def _exactly(key: tuple, members: list, root):
    selector = _selector(key, members, root)
    return None if selector is None else (selector, members)


def _selector(key: tuple, members: list, root, loose: bool = False):
    """The plainest selector that selects exactly `members` on the page. `loose`: or the
    plainest that selects them and a few more of their kind, none inside another, each with
    some text (a post whose time the learner cannot read: «5 minutes ago», or a time lost in
    a long edit notice), as `(selector, what it selects)`."""
    kind, t, value = key
    common = set(tree.classes(members[0]))
    for m in members[1:]:
        common &= set(tree.classes(m))
    shared = [c for c in tree.classes(members[0]) if c in common]
    if kind == "id":
        tries = [f"{t}[id^='{value}']"] + [f"{t}.{c}[id^='{value}']" for c in shared]
    elif kind == "attr":
        tries = [f"{t}[{value}]"] + [f"{t}.{c}[{value}]" for c in shared]
    elif kind == "sibling":
        tries = [f"{value} > {t}"]
    else:
        tries = [f"{t}.{value}"] + [f"{t}.{value}.{c}" for c in shared if c != value]
    if kind == "id":
        # the prefix followed by digits only: `post123` but not `post_message_123`
        tries.append(f"xpath://{t}[starts-with(@id, '{value}')]"
                     f"[translate(substring-after(@id, '{value}'), '0123456789_-', '') = '']")
    want = {id(m) for m in members}
    near = None
    # (with the class every member shares, where there is one: a kind of block not on these pages,
    # Misago's li.event among its li.post, is not taken for a post later)
    # (a class one post has says nothing of the others: FluxBB's «rowodd»)
    shared_class = kind != "class" and len(members) >= 2
    for sel in sorted(tries, key=lambda s: (s.startswith("xpath:"), shared_class and "." not in s, len(s))):
        try:
            got = select(root, sel)
        except ValueError:
            continue
        ids = {id(g) for g in got}
        if ids == want:
            return (sel, got) if loose else sel
        if loose and near is None and want <= ids and len(members) >= max(2, 0.75 * len(got)) \
                and not _nested(got) and all(len(tree.raw_text(g).strip()) >= 15 for g in got):
            near = (sel, got)
    return near
