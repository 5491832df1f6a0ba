"""A learned field (`FieldGuess`) and the element helpers every field's finder uses."""
from __future__ import annotations

import re
from dataclasses import dataclass

from scraper.learn import tree


QUOTE_CLASS = re.compile(r"(?i)quote|цитат")


@dataclass(frozen=True)
class FieldGuess:
    """A learned field: what the profile's field mapping will say."""

    selector: str | None
    attr: str | None = None
    regex: str | None = None
    note: str = ""          # why: written as a comment beside the field
    alternatives: tuple["FieldGuess", ...] = ()     # tried in order (a YAML list)
    kind: str | None = None     # the element kind the selector narrows (an edit notice's span.edit)
    drops: tuple[str, ...] = ()     # what the selected element holds that is no field's (a post's header)

    def as_yaml(self):
        if self.alternatives:
            return [a.as_yaml() for a in self.alternatives]
        if self.attr is None and self.regex is None:
            return self.selector
        out = {}
        if self.selector:
            out["selector"] = self.selector
        if self.attr:
            out["attr"] = self.attr
        if self.regex:
            out["regex"] = self.regex
        return out


def element_of(block, guess: FieldGuess):
    """The element a learned field points at in a block (None: the block itself, or nothing)."""
    for g in guess.alternatives or (guess,):
        if g.selector is None:
            continue
        el = first(block, g.selector)
        if el is not None:
            return el
    return None


def first(context, selector: str | None):
    if selector is None:
        return context
    return tree._first(context, selector)


def in_quote(el, block) -> bool:
    node = el.getparent()
    while node is not None and node is not block:
        if tree.tag(node) == "blockquote" or QUOTE_CLASS.search(node.get("class") or ""):
            return True
        node = node.getparent()
    return False


def step_of(el) -> str:
    """`tag.class` with the element's first stable class (a quote kind)."""
    return tree.step(el)


def union(selectors: list[str]) -> str | None:
    """Selectors as one: a CSS list, or an XPath union when one of them is XPath."""
    if not selectors:
        return None
    if not any(x.startswith("xpath:") for x in selectors):
        return ", ".join(selectors)
    return "xpath:" + " | ".join(x[len("xpath:"):] if x.startswith("xpath:") else css_xpath(x) for x in selectors)


def css_xpath(selector: str) -> str:
    from config.select import css_to_xpath
    return css_to_xpath(selector)


def matching_class(el, pattern) -> str | None:
    for c in tree.classes(el):
        if pattern.search(c):
            return c
    return None


INLINE = frozenset("span font em i b strong del s strike u".split())


CSS_IDENT = re.compile(r"^-?[A-Za-z_][\w-]*$")


def alone_on_line(el) -> bool:
    """Nothing of its line beside it: a break, a block's edge or the body's start before and after."""
    return _line_edge(el, before=True) and _line_edge(el, before=False)


_LINE_BREAKS = frozenset("br p div hr blockquote ul ol li table".split())


def _line_edge(el, before: bool) -> bool:
    sib = el.getprevious() if before else el.getnext()
    between = (sib.tail if sib is not None else el.getparent().text) if before else el.tail
    if (between or "").strip():
        return False
    if sib is not None:
        return tree.tag(sib) in _LINE_BREAKS
    parent = el.getparent()
    return tree.tag(parent) not in INLINE or _line_edge(parent, before)
