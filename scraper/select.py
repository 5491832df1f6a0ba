"""Selectors of profiles, compiled once to lxml XPath objects.

A selector is CSS (translated by cssselect's HTML translator, case-insensitive
on element names as HTML is) or, where CSS cannot say it, raw XPath written
`xpath:<expression>`. Both are evaluated relative to a context element (the
document root, a post), the context itself included for CSS.
"""
from __future__ import annotations

import re
from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError, parse
from lxml import etree

_translator = HTMLTranslator()

# cssselect's XPath is exact but slow in libxml2: a class test allocates two strings
# per element, and "A B" walks every descendant of A. Two equivalent rewrites:
_CLASS_TEST = re.compile(r"contains\(concat\(' ', normalize-space\(@class\), ' '\), ' ([^' ]+) '\)")
_ANY_DESCENDANT = "/descendant-or-self::*/"


def _fast(xpath: str) -> str:
    """Cheap `contains(@class, 'x')` before the exact class test; `A/descendant::B` for
    `A/descendant-or-self::*/B` (the same nodes: strict descendants of A named B)."""
    xpath = _CLASS_TEST.sub(lambda m: f"(contains(@class, '{m.group(1)}') and {m.group(0)})", xpath)
    return re.sub(r"/descendant-or-self::\*/(?=[\w*@])", "/descendant::", xpath)


def _css(selector, prefix: str = "descendant-or-self::") -> str:
    return _fast(_translator.selector_to_xpath(selector, prefix=prefix))


class BadSelector(ValueError):
    pass


@lru_cache(maxsize=None)
def compile_selector(selector: str) -> etree.XPath:
    """The compiled XPath of a CSS or `xpath:` selector; BadSelector if it is not one."""
    try:
        if selector.startswith("xpath:"):
            expr = selector[len("xpath:"):].strip()
        else:
            expr = " | ".join(_css(sel) for sel in parse(selector))
        return etree.XPath(expr)
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(f"not a valid selector {selector!r}: {exc}") from None


def select(context, selector: str) -> list:
    return compile_selector(selector)(context)


def select_one(context, selector: str):
    found = compile_selector(selector)(context)
    return found[0] if found else None


def _expression(selector: str) -> str:
    if selector.startswith("xpath:"):
        return selector[len("xpath:"):].strip()
    return " | ".join(_css(sel) for sel in parse(selector))


def is_positional(selector: str) -> bool:
    """True for raw XPath, whose meaning may depend on its context node (`(...)[1]`,
    absolute paths): such selectors are evaluated per context, never batched."""
    return selector.startswith("xpath:")


@lru_cache(maxsize=None)
def compile_within(container: str, selector: str) -> etree.XPath:
    """One XPath finding `selector` (CSS) inside every match of `container` at once:
    `(container)/descendant-or-self::…` for each branch of the selector group. The
    page is scanned once per field instead of once per field and post."""
    if is_positional(selector):
        raise BadSelector(f"raw XPath cannot be batched: {selector!r}")
    outer = _expression(container)
    try:
        branches = [_css(sel) for sel in parse(selector)]
        return etree.XPath(" | ".join(f"({outer})/{b}" for b in branches))
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(f"not a valid selector {selector!r}: {exc}") from None
