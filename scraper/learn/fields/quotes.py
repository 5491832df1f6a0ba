"""Quotes and spoilers inside a body, and a quote's «X wrote:» header."""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scraper.learn import tree
from scraper.learn.fields.chrome import outermost
from scraper.learn.fields.guess import QUOTE_CLASS, css_xpath, matching_class, step_of, union


_SPOILER_CLASS = re.compile(r"(?i)spoil|hidebox|\bhide\b|details")


_HEADER_CLASS = re.compile(r"(?i)head|title|cite|top|author|name")


@dataclass(frozen=True)
class BodyParts:
    quote: str | None
    quote_header: str | None
    spoiler: str | None
    spoiler_header: str | None


_BLOCK_TAGS = frozenset("div blockquote table aside section dl fieldset article figure".split())


def find_body_parts(bodies: list) -> BodyParts:
    quotes, spoilers, qheads, sheads = Counter(), Counter(), Counter(), Counter()
    for body in bodies:
        if body is None:
            continue
        taken: set = set()          # quotes and spoilers found: what is inside them is theirs
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body or any(a in taken for a in el.iterancestors()):
                continue
            cls = el.get("class") or ""
            kids = [k for k in el if isinstance(k.tag, str)]
            if kids and len(kids) > 1 and _QUOTE_WORD.match(tree.text(kids[0])) and tree.tag(el) in _BLOCK_TAGS:
                # a frame whose first line says «Quote:» (vBulletin 3's tables): the quote, and that line its header
                said = tree.text(kids[0])
                where = f"descendant::{tree.tag(el)}[*[1][normalize-space() = '{said}']]"
                taken.add(el)
                quotes["xpath:" + where] += 1
                qheads[f"xpath:{where}/*[1]"] += 1
                continue
            if kids and any(_HIDDEN_STYLE.search(k.get("style") or "") for k in kids) \
                    and any(k.get("onclick") for k in kids) and tree.tag(el) in _BLOCK_TAGS:
                # a fold: a clickable line and the text it shows, hidden until clicked (Visman's spoiler)
                where = (f"descendant::{tree.tag(el)}[*[@onclick]]"
                         f"[*[contains(translate(@style, ' ', ''), 'display:none')]]")
                taken.add(el)
                spoilers["xpath:" + where] += 1
                sheads[f"xpath:{where}/*[@onclick]"] += 1
                continue
            if tree.tag(el) == "details" or (_SPOILER_CLASS.search(cls) and not _HEADER_CLASS.search(cls)):
                taken.add(el)
                spoilers[tree.step(el, matching_class(el, _SPOILER_CLASS))] += 1
                for h in el.iterchildren():
                    if isinstance(h.tag, str) and (tree.tag(h) == "summary" or _HEADER_CLASS.search(h.get("class") or "")):
                        sheads[tree.step(h, matching_class(h, _HEADER_CLASS))] += 1
                        break
            elif (tree.tag(el) == "blockquote" or (QUOTE_CLASS.search(cls) and not _HEADER_CLASS.search(cls)
                                                   and tree.tag(el) in _BLOCK_TAGS)) \
                    and tree.text(el):      # (an empty «quote» box is a frame's corner, not a quote)
                taken.add(el)
                quotes[tree.step(el, matching_class(el, QUOTE_CLASS)) if tree.tag(el) != "blockquote"
                       else ("blockquote" if tree.tag(body) != "blockquote" else f"{tree.step(body)} blockquote")] += 1
                head = _quote_header(el) or _header_before(el)
                if head is not None:
                    qheads[head] += 1
    if not quotes:
        # no quote by its markup: a block inside a body that repeats another post's words is one
        quotes, qheads = _repeating_blocks(bodies)
    outer_quotes = outermost(quotes)
    return BodyParts(
        quote=union(outer_quotes),
        quote_header=union([s for s, _ in qheads.most_common(2)]),
        spoiler=union([s for s, _ in spoilers.most_common(2)]),
        spoiler_header=union([s for s, _ in sheads.most_common(2)]),
    )


def _repeating_blocks(bodies: list) -> tuple[Counter, Counter]:
    """Quotes known by what they say: a block element of a body (with a class, or a frame
    with a class around it) whose words, but for a short first line («Вася:»), stand as
    another post's own words on these pages, and not in that post inside a block of the same
    kind (a signature repeats too, in the same place of each of its author's posts)."""
    quotes, heads = Counter(), Counter()
    present = [b for b in bodies if b is not None]
    texts = [tree.text(b) for b in present]
    for i, body in enumerate(present):
        for el in body.iter(*_BLOCK_TAGS):
            if el is body or not tree.classes(el) or any(tree.tag(a) in _BLOCK_TAGS and a is not body
                                                         and tree.classes(a) and step_of(a) in quotes
                                                         for a in el.iterancestors()):
                continue
            kids = [k for k in el if isinstance(k.tag, str)]
            words = tree.text(el)
            if kids and len(tree.text(kids[0])) <= 80 and len(kids) > 1:
                words = " ".join(tree.text(k) for k in kids[1:])
            if len(words) < 20 or len(tree.text(el)) >= len(texts[i]):
                continue        # too short to tell, or all the post says
            kind = step_of(el)
            for j, other in enumerate(present):
                if j == i or words not in texts[j]:
                    continue
                from config.select import select
                if any(words in tree.text(k) for k in select(other, kind)):
                    continue    # the same kind of block there too: chrome, a signature
                quotes[kind] += 1
                head = _quote_header(el)
                if head is not None:
                    heads[head] += 1
                break
    return quotes, heads


_WROTE = re.compile(r"(?i)(?:wrote|said|posted|писал|пишет|сказал|цитата|quote)\W*$|:\W*$|"
                    r"\b(?:posted by|quote from)\b")


_HIDDEN_STYLE = re.compile(r"display\s*:\s*none")


_QUOTE_WORD = re.compile(r"(?i)^(?:quote|цитата|zitat|citation|idézet)\s*:?$")


def _header_before(quote) -> str | None:
    """The quote's header drawn just before it, outside it: a <cite> (the quoted member's name)
    or a short «X wrote:» line in an element whose class says header, with no words between it
    and the quote (`<cite>Вася</cite><blockquote>…`). It is quote chrome, not the quoting
    post's words."""
    prev = quote.getprevious()
    if prev is None or not isinstance(prev.tag, str) or (prev.tail or "").strip():
        return None
    words = tree.text(prev)
    if not words or len(words) > 80 or len(words) >= len(tree.text(quote)):
        return None
    if tree.tag(prev) != "cite" and not (_WROTE.search(words) and _HEADER_CLASS.search(prev.get("class") or "")):
        return None     # (a plain «@Вася said in …:» paragraph is what the author's editor wrote: kept)
    return f"xpath:descendant::{_xpath_step(prev)}[following-sibling::*[1][self::{tree.tag(quote)}]]"


def _xpath_step(el) -> str:
    """`el`'s tag, with its first class as an XPath test where it has one."""
    cls = tree.classes(el)
    return tree.tag(el) + (f"[contains(concat(' ', normalize-space(@class), ' '), ' {cls[0]} ')]" if cls else "")


def _quote_header(quote) -> str | None:
    """The quote's «X wrote:» line: a short first element of the quote (or of its only
    wrapper) ending in a colon or in «wrote», «said», «писал(а)»."""
    step = tree.step(quote, matching_class(quote, QUOTE_CLASS)) if tree.tag(quote) != "blockquote" else "blockquote"
    inline = _first_line_header(quote, step)
    if inline is not None:
        return inline
    node = quote
    for _ in range(4):      # (below a wrapper or three: Cobalt's quote-content > quote-body > quote-source)
        kids = [k for k in node if isinstance(k.tag, str) and tree.text(k)]     # (an icon says nothing)
        if not kids:
            break
        h = kids[0]
        words = tree.text(h)
        if tree.tag(h) == "cite" and words and len(words) <= 120:
            return f"{step} cite"
        if words and len(words) <= 80 and _WROTE.search(words) and len(words) < 0.6 * len(tree.text(quote)):
            if tree.classes(h):
                return f"{step} {tree.step(h)}"
            after = h.getnext()
            while after is not None and not isinstance(after.tag, str):
                after = after.getnext()
            if after is not None and (tree.tag(after) == "blockquote" or QUOTE_CLASS.search(after.get("class") or "")):
                return None     # «X said:» over a quote inside this one: the inner quote's header
            # a plain <p>: only the quote's first line, not every paragraph of it
            first_child = next(k for k in h.getparent() if isinstance(k.tag, str)) is h
            return f"{step} > {tree.tag(h)}:first-child" if first_child and h.getparent() is quote else None
        node = h
    # or the element just before the quote, a «Quote from: X» line of its own (SMF), or an
    # «X posted:» heading beside it in their common frame (Something Awful)
    prev = quote.getprevious()
    if prev is not None and isinstance(prev.tag, str) and len(tree.text(prev)) <= 80 \
            and re.search(r"(?i)(?:wrote|said|posted|писал|пишет|сказал)\W*$", tree.text(prev)) \
            and quote.getparent() is not None:
        return f"{tree.step(quote.getparent())} > {tree.step(prev)}"
    if prev is not None and isinstance(prev.tag, str) and len(tree.text(prev)) <= 120 and tree.classes(prev) \
            and re.search(r"(?i)quote|head|cite|title|цитат", prev.get("class") or ""):
        return tree.step(prev, matching_class(prev, QUOTE_CLASS) or matching_class(prev, _HEADER_CLASS))
    return None


def _first_line_header(quote, step: str) -> str | None:
    """«@Вася said:<br>Голосую …» (NodeBB 4): the quote's first paragraph opens with a line of
    links and a colon only, then a break: those links are the header; or that paragraph is
    the line alone and more of the quote follows (a quote of a quote): the paragraph is. An
    XPath for them. («@X said in <a>Title</a>:» has words of its own: not this.)"""
    kids = [k for k in quote if isinstance(k.tag, str)]
    if not kids or tree.tag(kids[0]) != "p" or (quote.text or "").strip():
        return None
    p = kids[0]
    line, texts, broken = [], [p.text or ""], False
    for k in p:
        if not isinstance(k.tag, str):
            continue
        if tree.tag(k) == "br":
            broken = True
            break
        line.append(k)
        texts.append(k.tail or "")
    said = "".join(texts)
    if not line or any(tree.tag(k) != "a" for k in line) or ":" not in said \
            or said.replace(":", "").strip() or len(" ".join(tree.text(k) for k in line)) > 80:
        return None
    if not broken and len(kids) < 2:
        return None     # the quote is that line only: its words, not a header
    where = css_xpath(step) if step != "blockquote" else "descendant::blockquote"
    first_line = "text()[not(preceding-sibling::br)]"
    links_and_colon = f"[{first_line}[contains(., ':')]][not({first_line}[translate(normalize-space(), ':', '') != ''])]"
    if broken:
        return f"xpath:{where}/*[1][self::p][br]{links_and_colon}/a[not(preceding-sibling::br)]"
    return f"xpath:{where}/*[1][self::p][not(br)][a]{links_and_colon}[following-sibling::*]"


QUOTE_LINES = "> "


def find_quote_lines(bodies: list) -> str | None:
    """Quotes drawn as text (a forum showing Markdown unrendered): lines opening with «>» in
    two posts or more, and at least one of them another post's words. The prefix, else None."""
    from copy import deepcopy
    from config.profiles import BodyRules
    from scraper.text import BodyReader

    reader = BodyReader(BodyRules(quote=None, strike=None))
    texts = [reader.read(deepcopy(b)).text if b is not None else "" for b in bodies]
    mark = QUOTE_LINES.rstrip()
    quoted = [[line[len(mark):].strip() for line in t.split("\n") if line.startswith(mark) and len(line) > 3]
              for t in texts]
    if sum(1 for q in quoted if q) < 2:
        return None
    squashed = ["".join(t.split()) for t in texts]
    for i, lines in enumerate(quoted):
        for line in lines:
            words = "".join(line.split())
            if len(words) >= 8 and any(words in other for j, other in enumerate(squashed) if j != i
                                       and not any("".join(q.split()) == words for q in quoted[j])):
                return QUOTE_LINES
    return None
