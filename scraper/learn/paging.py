"""Pagination: the block of numbered page links, the current page and the next page's link."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scraper.learn import tree
from scraper.learn.fields import FieldGuess

_PAGE_CLASS = re.compile(r"(?i)pag|page|nav|pgs|pages")
_NEXT_WORDS = ("»", "›", ">", ">>", "next", "next ›", "next »", "след.", "следующая", "вперёд", "вперед", "→")


@dataclass(frozen=True)
class PagingGuess:
    current: FieldGuess | None
    next: FieldGuess | None
    last: FieldGuess | None
    block: str | None           # the pagination block's step, for the report


def find_paging(root) -> PagingGuess:
    blocks: Counter[str] = Counter()
    holders = {}
    for el in tree.elements(root):
        if tree.tag(el) not in ("div", "ul", "nav", "span", "p", "td", "ol"):
            continue
        cls = _class_of(el)
        if cls is None:
            continue
        numbers = [a for a in el.iter("a") if tree.text(a).isdigit()]
        if len(numbers) >= 1 and len(tree.text(el)) < 300:
            key = f"{tree.tag(el)}.{cls}"
            blocks[key] += 1
            holders.setdefault(key, el)
    if not blocks:
        return PagingGuess(None, _rel_next(root), None, None)
    key = max(blocks, key=lambda k: (_depth(holders[k]) , blocks[k]))
    t, cls = key.split(".", 1)
    anchor = f"/descendant::{t}[contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')]"
    el = holders[key]
    current = None
    for c in el.iter():
        if isinstance(c.tag, str) and tree.tag(c) != "a" and tree.text(c).isdigit() \
                and not any(a.tag == "a" for a in c.iterancestors()) and not c.findall(".//a"):
            inner = tree.step(c)
            cur_t = tree.tag(c)
            cond = ""
            for kls in tree.classes(c):
                cond = f"[contains(concat(' ', normalize-space(@class), ' '), ' {kls} ')]"
                break
            current = FieldGuess(f"xpath:({anchor}/descendant::{cur_t}{cond}[not(descendant::a)]"
                                 f"[translate(normalize-space(), '0123456789', '') = ''][normalize-space() != ''])[1]",
                                 note=f"the page number that is not a link, in {key} ({inner})")
            break
    nxt = _rel_next(root)
    if nxt is None:
        for a in el.iter("a"):
            if tree.text(a).casefold() in _NEXT_WORDS:
                word = tree.text(a)
                nxt = FieldGuess(f"xpath:({anchor}/descendant::a[normalize-space() = '{word}'])[1]", "href",
                                 note=f"the link «{word}» in {key}")
                break
    last = FieldGuess(f"xpath:({anchor}/descendant::*[self::a or self::strong or self::span or self::b or self::em]"
                      f"[translate(normalize-space(), '0123456789', '') = ''][normalize-space() != ''])[last()]",
                      note=f"the highest page number in {key}")
    return PagingGuess(current, nxt, last, key)


def _class_of(el) -> str | None:
    for c in tree.classes(el):
        if _PAGE_CLASS.search(c):
            return c
    return None


def _depth(el) -> int:
    d = 0
    while el is not None:
        el, d = el.getparent(), d + 1
    return d


def _rel_next(root) -> FieldGuess | None:
    for a in root.iter("a", "link"):
        if (a.get("rel") or "").lower() == "next" and a.get("href"):
            return FieldGuess(f"{tree.tag(a)}[rel='next']", "href", note="the page's rel=next link")
    return None
