"""Element helpers for the learner: texts, simple CSS steps, selectors relative to a post."""
from __future__ import annotations

import re
from collections import Counter

from config.select import select_one
from scraper.text import element_text

# classes that say nothing stable about an element (alternating rows, states, layout grids)
_NOISE_CLASS = re.compile(r"^(?:bg\d|row\d|alt\d|odd|even|first|last|clearfix|online|offline|"
                          r"unread|read|new|selected|active|hidden|col-[\w-]+|d-\w+|[a-z]\d*|[a-z]{2}\d+|"
                          r"js-[\w-]+|.*\d{3,}.*)$", re.I)
# layout utility classes (Bootstrap, Tailwind): they say where a thing is drawn, not what it is
# (a bare word of them, «text», «link», is a name a forum gives its own element: kept; a
# utility class always carries its value, «text-muted», «mt-3»)
_UTILITY_CLASS = re.compile(r"^(?:d|m[trblxyse]?|p[trblxyse]?|g[xy]?|gap|flex|align|align-items|justify|"
                            r"justify-content|text|bg|border|rounded|shadow|w|h|mw|mh|position|overflow|fs|fw|"
                            r"lh|order|float|visually|col|row|top|bottom|start|end|z|opacity|link|btn|"
                            r"ff|small|lead|user-select)-[\w-]+$|^(?:flex|border|rounded|shadow|small|lead|"
                            r"btn|col|row|float|visually)$|^(?:hidden|visible|invisible|small|"
                            r"clearfix|container|row|small|fade|show|collapse)-[\w-]+$", re.I)
_CSS_IDENT = re.compile(r"^-?[A-Za-z_][\w-]*$")


def tag(el) -> str:
    t = el.tag
    return t.lower() if isinstance(t, str) else ""


def classes(el) -> list[str]:
    """The element's stable classes, in the page's order."""
    return [c for c in (el.get("class") or "").split()
            if _CSS_IDENT.match(c) and not _NOISE_CLASS.match(c) and not _UTILITY_CLASS.match(c)]


def text(el) -> str:
    """The element's text as the extractor reads it, on one line."""
    return " ".join(element_text(el).split())


def step(el, cls: str | None = None) -> str:
    """`tag.class` for one element (the given class, or its first stable one)."""
    c = cls if cls is not None else (classes(el) or [None])[0]
    return f"{tag(el)}.{c}" if c else tag(el)


def elements(root) -> list:
    return [el for el in root.iter() if isinstance(el.tag, str)]


def contains(outer, inner) -> bool:
    node = inner
    while node is not None:
        if node is outer:
            return True
        node = node.getparent()
    return False


def depth_below(el, top) -> int:
    d, node = 0, el
    while node is not None and node is not top:
        node, d = node.getparent(), d + 1
    return d


def relative_selectors(el, top) -> list[str]:
    """Candidate CSS selectors for `el` inside `top`, most specific first: its own step,
    then with its parent's step, then with the grandparent's."""
    own = [step(el, c) for c in classes(el)[:3]]
    numbered = re.match(r"^([A-Za-z][A-Za-z_-]*?)[_-]?\d+$", el.get("id") or "")
    if numbered:
        own.append(f"{tag(el)}[id^='{el.get('id')[:len(numbered.group(1))]}']")
    for attr in ("component", "itemprop", "data-role", "role"):
        # (quoted, so a value like NodeBB's «post/editor» serves too)
        if el.get(attr) and re.fullmatch(r"[\w/.:-]{1,40}", el.get(attr)):
            own.append(f"{tag(el)}[{attr}='{el.get(attr)}']")
    for attr in el.attrib:
        if attr.startswith("data-") and re.search(r"(?i)user|author|uid|poster|nick", attr):
            own.append(f"{tag(el)}[{attr}]")      # a member's data on the element: it is about a member
    own = own or [tag(el)]
    out = list(own)
    parent = el.getparent()
    if parent is not None and parent is not top:
        for o in own[:2]:
            out.append(f"{step(parent)} > {o}")
            out.append(f"{step(parent)} {o}")
        grand = parent.getparent()
        if grand is not None and grand is not top and classes(grand):
            out.append(f"{step(grand)} {own[0]}")
    seen, unique = set(), []
    for s in out:
        if s not in seen:
            seen.add(s)
            unique.append(s)
    return unique


def agreeing_selector(targets: list, blocks: list, threshold: float = 0.9) -> str | None:
    """A selector whose first match in each block is that block's target, in at least
    `threshold` of the blocks that have a target (the extractor takes the first match)."""
    pairs = [(b, t) for b, t in zip(blocks, targets) if t is not None]
    if not pairs:
        return None
    votes: Counter[str] = Counter()
    for b, t in pairs[:12]:
        votes.update(relative_selectors(t, b))
    for sel, _ in sorted(votes.items(), key=lambda kv: (-kv[1], len(kv[0]))):
        hits = sum(1 for b, t in pairs if _first(b, sel) is t)
        if hits >= threshold * len(pairs):
            return sel
    return None


def _first(context, selector: str):
    try:
        return select_one(context, selector)
    except ValueError:
        return None


def raw_text(el) -> str:
    """All the text below `el`, as it stands (plain lxml.etree elements have no text_content)."""
    return "".join(el.itertext())
