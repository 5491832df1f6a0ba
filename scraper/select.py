"""Selectors of profiles, compiled once to lxml XPath objects.

A selector is CSS (translated by cssselect's HTML translator, case-insensitive
on element names as HTML is) or, where CSS cannot say it, raw XPath written
`xpath:<expression>`. Both are evaluated relative to a context element (the
document root, a post), the context itself included for CSS.
"""
from __future__ import annotations

from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError, parse
from cssselect.xpath import is_non_whitespace
from lxml import etree

class _Translator(HTMLTranslator):
    """cssselect's HTML translator without its attribute-existence guards.

    cssselect writes `.x` as `@class and contains(@class, 'x') and contains(concat(' ',
    normalize-space(@class), ' '), ' x ')`, and `[a^=v]`, `[a*=v]`, `[a$=v]`, `[a|=v]`
    likewise behind `@a and`. The guard is redundant: an absent attribute's string value
    is '', in which no non-empty value is found, starts, ends or equals (cssselect
    writes `0` for an empty value, as here), so dropping it never changes a match. It
    is not free: libxml2 evaluates it as one more node-set per element tested, a third
    of what a class test costs, on every element of the tag in every post."""

    def xpath_attrib_exists(self, xpath, name, value):
        # `div.x[data-id]`: the existence test first, where `and` stops for most elements
        # before the class test's string work (`and` commutes: the same elements match)
        assert not value
        xpath.condition = f"{name} and ({xpath.condition})" if xpath.condition else name
        return xpath

    def xpath_attrib_includes(self, xpath, name, value):
        if value and is_non_whitespace(value):
            xpath.add_condition(
                f"contains({name}, {self.xpath_literal(value)}) and "
                f"contains(concat(' ', normalize-space({name}), ' '), {self.xpath_literal(' ' + value + ' ')})")
        else:
            xpath.add_condition("0")
        return xpath

    def xpath_attrib_prefixmatch(self, xpath, name, value):
        xpath.add_condition(f"starts-with({name}, {self.xpath_literal(value)})" if value else "0")
        return xpath

    def xpath_attrib_substringmatch(self, xpath, name, value):
        xpath.add_condition(f"contains({name}, {self.xpath_literal(value)})" if value else "0")
        return xpath

    def xpath_attrib_suffixmatch(self, xpath, name, value):
        xpath.add_condition(
            f"substring({name}, string-length({name})-{len(value) - 1}) = {self.xpath_literal(value)}"
            if value else "0")
        return xpath

    def xpath_attrib_dashmatch(self, xpath, name, value):
        assert value is not None
        xpath.add_condition(f"({name} = {self.xpath_literal(value)} or "
                            f"starts-with({name}, {self.xpath_literal(value + '-')}))")
        return xpath


_translator = _Translator()


def _css(selector, prefix: str = "descendant-or-self::") -> str:
    # A/descendant::B for "A B" (cssselect >= 1.2); class tests as above
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
