"""The post's body: the longest text of each post that holds neither its author nor its time."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.text import element_text
from scraper.learn.fields.chrome import SIGNATURE
from scraper.learn.fields.edited import EDIT_CLASS, EDIT_MARK
from scraper.learn.fields.guess import FieldGuess, first


_BODY_TAGS = frozenset("div td article section blockquote span p li dd".split())


_DIGITS = re.compile(r"\d+")


def _has_twin(el) -> bool:
    """A sibling of the same tag with text of its own beside the element (an element with an
    id of its own is one of a kind: `div#post_message_N` beside the signature's plain div)."""
    parent = el.getparent()
    return parent is not None and el.get("id") is None and any(k is not el and k.tag == el.tag and k.get("class") == el.get("class")
                                      and k.get("id") is None and tree.text(k) for k in parent)


def _repeated_texts(blocks: list) -> set[str]:
    """Short texts of elements that stand in three posts or more (a third of them at least)."""
    counts: Counter[str] = Counter()
    for b in blocks:
        counts.update({tree.text(el) for el in b.iter() if isinstance(el.tag, str) and el is not b
                       and 0 < len(tree.raw_text(el)) <= 300})
    need = max(3, len(blocks) / 3)
    return {t for t, c in counts.items() if c >= need and t}


_HEADINGS = frozenset("h1 h2 h3 h4 h5 h6".split())


def _repeated_inside(el, repeated: set[str]) -> int:
    """How much of the element's text is repeated texts (outermost repeated parts only)."""
    total = 0
    stack = [k for k in el if isinstance(k.tag, str)]
    while stack:
        k = stack.pop()
        t = tree.text(k)
        if t in repeated or tree.tag(k) in _HEADINGS or SIGNATURE.search(k.get("class") or "") or (
                len(t) < 200 and (EDIT_MARK.search(t) or EDIT_CLASS.search(k.get("class") or ""))):
            # (a post's subject line is its title, a signature its author's, an edit notice the
            # forum's: none is its words)
            total += len(t)
        else:
            stack.extend(c for c in k if isinstance(c.tag, str))
    return total


def find_body(blocks: list, avoid: list, skip: frozenset = frozenset()) -> FieldGuess | None:
    """The longest text of each post that holds neither its author nor its time (none of
    `skip`: selectors whose reading failed the learner's checks)."""
    votes: Counter[str] = Counter()
    for b in blocks[:10]:
        for el in b.iter():
            # (a short post among many buttons is a small part of its block: any text counts)
            if isinstance(el.tag, str) and el is not b and tree.tag(el) in _BODY_TAGS \
                    and len(tree.raw_text(el).strip()) >= 8:
                votes.update(tree.relative_selectors(el, b)[:3])
    scored = []
    n = len(blocks)
    repeated = _repeated_texts(blocks)
    for sel in votes:
        if sel in skip:
            continue
        found = [first(b, sel) for b in blocks]
        if sum(f is not None for f in found) < 0.9 * n:
            continue
        if sum(1 for f, av in zip(found, avoid) if f is not None and not any(
                a is not None and (tree.contains(f, a) or tree.contains(a, f)) for a in av)) < 0.9 * n:
            continue
        if any(f is not None and _has_twin(f) for f in found):
            continue        # the first of several paragraphs or quotes: a part of the body, not all of it
        texts = [tree.text(f) if f is not None else "" for f in found]
        seen = Counter(texts)
        # the same words but for the numbers in other posts («Posts: 9 Threads: 9 Joined: Dec
        # 2026», «Posts: 48 Threads: 0 …»): the author's statistics, a form the forum fills in
        # (two numbers at least: «Реплика №1: …», «Реплика №2: …» are words)
        shapes = Counter(_DIGITS.sub("#", t) for t in texts if len(_DIGITS.findall(t)) >= 2)
        # a text every post repeats (a «share» menu, a button row, the «Re: subject» line) is
        # no post's own words: not counted, also as a part of a larger element
        sizes = [len(t) - _repeated_inside(f, repeated) if f is not None and (seen[t] == 1 or n == 1)
                 and shapes[_DIGITS.sub("#", t)] < max(2, n / 2) else 0
                 for t, f in zip(texts, found)]
        if sum(sizes) <= 0:
            continue
        depth = sum(tree.depth_below(f, b) for f, b in zip(found, blocks) if f is not None)
        scored.append((sum(sizes), depth, sel, sizes))
    if not scored:
        return _block_less_header(blocks, avoid)
    if n == 1:
        # one post: nothing repeats to compare; an element whose id carries the post's own
        # number (MyBB's div#pid_105, vBulletin's div#post_message_N) is about this post
        numbered = [s for s in scored if _carries_post_number(first(blocks[0], s[2]), blocks[0])]
        if numbered:
            scored = numbered
    best = max(scored, key=lambda s: (s[0], -s[1]))
    # a tighter element holding the same words in every post (but for separators) is better:
    # it leaves out the frame around them
    near = [s for s in scored if all(a >= b - 3 for a, b in zip(s[3], best[3]))]
    size, depth, sel, _ = max(near, key=lambda s: (s[1], s[0], -len(s[2])))
    # or a tighter element that leaves out only what the forum adds under some posts: a
    # signature, an edit notice
    outer = [first(b, sel) for b in blocks]
    authors = [_said(av[0]) if av else None for av in avoid]
    tighter = [s for s in scored if s[1] > depth and _only_chrome_after(outer, [first(b, s[2]) for b in blocks], authors)]
    if tighter:
        size, depth, sel, _ = max(tighter, key=lambda s: (s[0], -s[1], -len(s[2])))
        return FieldGuess(sel, note="the longest text of each post, apart from its author and time, and "
                                    "without the signature or edit notice some posts carry under it")
    return FieldGuess(sel, note="the longest text of each post, apart from its author and time")


def _block_less_header(blocks: list, avoid: list) -> FieldGuess | None:
    """The post's words stand in the block itself, beside its header (<div class="post"><div
    class="meta">author, time</div><p>…</p><p>…</p></div>): the block, less the children that
    hold the author or the time, when those are of one kind in every post and what is left
    differs between posts."""
    heads: set[str] = set()
    texts = []
    for b, av in zip(blocks, avoid):
        kids = [k for k in b if isinstance(k.tag, str)]
        header = [k for k in kids if any(a is not None and not isinstance(a, str) and tree.contains(k, a) for a in av)]
        if not header or not tree.classes(header[0]):
            return None
        heads.update(tree.step(k) for k in header)
        rest = " ".join(tree.text(k) for k in kids if k not in header) + " ".join(
            (k.tail or "").strip() for k in kids)
        texts.append(" ".join(rest.split()))
    if len(heads) != 1 or sum(len(t) >= 2 for t in texts) < 0.9 * len(blocks) or len(set(texts)) < 0.8 * len(texts):
        return None
    return FieldGuess("xpath:self::*", note="the post's block itself, less its header (" + next(iter(heads)) +
                      ": the author and the time): no element of its own holds the words", drops=tuple(heads))


def _carries_post_number(el, block) -> bool:
    numbers = set(re.findall(r"\d{2,}", " ".join(v for k, v in block.attrib.items() if k == "id" or k.startswith("data-"))))
    return el is not None and bool(numbers & set(re.findall(r"\d{2,}", el.get("id") or "")))


def _said(found) -> str | None:
    """The words of a found author: an element's text, or the text node an XPath picked."""
    if found is None:
        return None
    return " ".join(str(found).split()) if isinstance(found, str) else tree.text(found)


def _only_chrome_after(outer: list, inner: list, authors: list) -> bool:
    """`inner` lies in `outer` in every post, and what `outer` holds beyond it comes after it
    and is, in every post that has more, the forum's: an edit notice, a block opening with the
    same separator (no letters, no digits) in several posts («__________________» before a signature), or the same
    words under each post of one author (a signature)."""
    extras: list[str] = []
    for o, i in zip(outer, inner):
        if o is None or i is None or i is o or not tree.contains(o, i):
            return False
        whole, part = element_text(o).strip(), element_text(i).strip()
        at = whole.find(part) if part else -1
        if at < 0 or at > 3:
            return False        # not inside, or words before it: a part of the post, not all of it
        extras.append(whole[at + len(part):].strip())
    more = [(e, a) for e, a in zip(extras, authors) if len(e) > 3]
    if not more:
        return False
    # a separator: a first word of punctuation only, the same under several posts
    heads = Counter(e.split()[0] for e, _ in more)
    by_author: dict = {}
    for e, a in more:
        by_author.setdefault(a, Counter())[e] += 1
    for e, a in more:
        head = e.split()[0]
        if len(e) < 200 and EDIT_MARK.search(e):
            continue
        if heads[head] >= 2 and not any(ch.isalnum() for ch in head):
            continue
        if a is not None and by_author[a][e] >= 2:
            continue
        return False
    return True
