"""Selectors of profiles, compiled once to lxml XPath objects.

A selector is CSS (translated by cssselect's HTML translator, case-insensitive
on element names as HTML is) or, where CSS cannot say it, raw XPath written
`xpath:<expression>`. Both are evaluated relative to a context element (the
document root, a post), the context itself included for CSS.
"""
from __future__ import annotations

from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError
from lxml import etree

_translator = HTMLTranslator()


class BadSelector(ValueError):
    pass


@lru_cache(maxsize=None)
def compile_selector(selector: str) -> etree.XPath:
    """The compiled XPath of a CSS or `xpath:` selector; BadSelector if it is not one."""
    try:
        if selector.startswith("xpath:"):
            expr = selector[len("xpath:"):].strip()
        else:
            expr = _translator.css_to_xpath(selector, prefix="descendant-or-self::")
        return etree.XPath(expr)
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(f"not a valid selector {selector!r}: {exc}") from None


def select(context, selector: str) -> list:
    return compile_selector(selector)(context)


def select_one(context, selector: str):
    found = compile_selector(selector)(context)
    return found[0] if found else None
