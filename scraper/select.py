"""Selectors of profiles, compiled once to lxml XPath objects.

A selector is CSS (translated by cssselect's HTML translator, case-insensitive
on element names as HTML is) or, where CSS cannot say it, raw XPath written
`xpath:<expression>`. Both are evaluated relative to a context element (the
document root, a post), the context itself included for CSS.
"""
from __future__ import annotations

from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError, parse
from lxml import etree

_translator = HTMLTranslator()


def _css(selector, prefix: str = "descendant-or-self::") -> str:
    # cssselect (>= 1.2) already writes the fast forms: a cheap contains(@class, 'x')
    # before the exact class test, and A/descendant::B for "A B"
    return _translator.selector_to_xpath(selector, prefix=prefix)


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


def is_positional(selector: str) -> bool:
    """True for raw XPath, whose meaning may depend on its context node (`(...)[1]`,
    absolute paths): such selectors are evaluated per context, never batched."""
    return selector.startswith("xpath:")


@lru_cache(maxsize=None)
def compile_over(selector: str) -> etree.XPath:
    """One XPath matching a CSS selector inside every element of the node-set `$scope`:
    `xp(any_element, scope=[elements])`. One scan of the posts (or bodies) of a page
    instead of one call per post; results in document order."""
    if is_positional(selector):
        raise BadSelector(f"raw XPath cannot be evaluated over a node-set: {selector!r}")
    try:
        return etree.XPath(" | ".join(f"$scope/{_css(sel)}" for sel in parse(selector)))
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(f"not a valid selector {selector!r}: {exc}") from None
