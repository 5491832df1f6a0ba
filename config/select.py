"""Selectors of profiles, compiled once to lxml XPath objects.

They live in config, beside the profile validation that compiles every selector of a
profile to check it; the scraper only evaluates them.

A selector is CSS (translated by cssselect's HTML translator, case-insensitive
on element names as HTML is) or, where CSS cannot say it, raw XPath written
`xpath:<expression>`. Both are evaluated relative to a context element (the
document root, a post), the context itself included for CSS.

For speed (the extractor runs every selector of a profile on every page), CSS is
also compiled to forms that give the same matches for less work: class tests
without cssselect's redundant guards (`_Translator`), selectors that share a first
compound matched from one matching of it (`Anchored`), and a post field as each
post's first match, stopping there (`first_over`).
"""
from __future__ import annotations

from functools import lru_cache

from cssselect import HTMLTranslator, SelectorError, parse
from cssselect.parser import CombinedSelector
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


def css_to_xpath(selector: str, prefix: str = "descendant::") -> str:
    """The XPath text of a CSS selector, as profiles compile it (the profile learner writes
    XPath unions and text() selectors from CSS it found)."""
    return " | ".join(_css(sel, prefix) for sel in parse(selector))


def own_xpath(expr: str, **kw) -> etree.XPath:
    """An XPath of ours (from CSS, or fixed): without lxml's EXSLT regular-expression
    functions, which it would otherwise register anew on every evaluation."""
    return etree.XPath(expr, regexp=False, **kw)


class BadSelector(ValueError):
    """Not a selector; the message (Russian: a profile's validator shows it to the GM)
    quotes the parser's own words."""


@lru_cache(maxsize=None)
def compile_selector(selector: str) -> etree.XPath:
    """The compiled XPath of a CSS or `xpath:` selector; BadSelector if it is not one."""
    try:
        if selector.startswith("xpath:"):
            # raw XPath keeps lxml's EXSLT regular expressions (re:test, ...) for profiles
            return etree.XPath(selector[len("xpath:"):].strip())
        return own_xpath(" | ".join(_css(sel) for sel in parse(selector)))
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(_not_a_selector(selector, exc)) from None


def _not_a_selector(selector: str, exc: Exception) -> str:
    return f"селектор {selector!r} не разбирается: «{exc}»"


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
        raise BadSelector(f"селектор xpath: нельзя применить ко всем сообщениям сразу: {selector!r}")
    try:
        return own_xpath(" | ".join(f"$scope/{_css(sel)}" for sel in parse(selector)))
    except (SelectorError, etree.XPathSyntaxError) as exc:
        raise BadSelector(_not_a_selector(selector, exc)) from None


# ---------------------------------------------------------------- shared first compounds
#
# Profiles often start several selectors from one element: phpBB's author, author id
# and time all from `p.author`, XenForo's dates from `div.messageMeta`, pagination
# from `div.pagination`. Matching `p.author` costs a class test on every <p> of every
# post; its following steps cost next to nothing (a few elements under each match).
# So `Anchored` matches each distinct first compound once per context and runs each
# selector's remaining steps from those matches: `$scope/descendant-or-self::p[..]/
# descendant::strong` is `($scope/descendant-or-self::p[..])/descendant::strong`
# (XPath steps compose left to right), the same node-set in the same document order.


@lru_cache(maxsize=None)
def css_steps(selector: str) -> tuple[tuple[str, str], ...] | None:
    """Each member of a CSS selector group as (its first compound's XPath, the steps
    after it, '' for none); None for raw XPath, or a member this split does not serve
    (a pseudo-element)."""
    if is_positional(selector):
        return None
    try:
        group = parse(selector)
    except SelectorError:
        return None
    steps = []
    whole: dict[str, list[str]] = {}  # members of one compound: element -> conditions
    for sel in group:
        if sel.pseudo_element:
            return None
        full = _css(sel)
        first = sel.parsed_tree
        while isinstance(first, CombinedSelector):
            first = first.selector
        expr = _translator.xpath(first)
        anchor = "descendant-or-self::" + str(expr)
        if not full.startswith(anchor):
            return None  # not cssselect's usual left-to-right join: no split
        if full == anchor and not expr.path:
            whole.setdefault(expr.element, []).append(expr.condition)
        else:
            steps.append((anchor, full[len(anchor):]))
    # Members that are one compound each and test one element name ("div.spoiler,
    # div.sp-body") are matched as one step, their conditions or-ed: one walk, not one each
    for element, conditions in whole.items():
        steps.append(("descendant-or-self::" + _one_step(element, conditions), ""))
    return tuple(steps)


def _one_step(element: str, conditions: list[str]) -> str:
    """One XPath step for compounds of one element name: `div[(c1) or (c2)]` ('' is no
    condition: that compound matches every such element)."""
    if "" in conditions:
        return element
    condition = conditions[0] if len(conditions) == 1 else " or ".join(f"({c})" for c in conditions)
    return f"{element}[{condition}]"


@lru_cache(maxsize=None)
def _anchor_xpath(anchor: str, over: bool) -> etree.XPath:
    return own_xpath(f"$scope/{anchor}" if over else anchor)


@lru_cache(maxsize=None)
def _first_xpath(anchor: str) -> etree.XPath:
    return own_xpath(f"{anchor}[1]")


@lru_cache(maxsize=None)
def _rest_xpath(selector: str) -> etree.XPath:
    """The selector's remaining steps from its members' anchors, bound as $a0, $a1, ..."""
    return own_xpath(" | ".join(f"$a{k}{rest}" for k, (_, rest) in enumerate(css_steps(selector))))


class Anchored:
    """CSS selectors matched in one context, each first compound once.

    `Anchored(root)`: as `compile_selector(sel)(root)` (the page). `Anchored(el,
    scope=[posts])`: as `compile_over(sel)(el, scope=[posts])`. Raw XPath goes to
    its compiled form unchanged."""

    def __init__(self, context, scope: list | None = None) -> None:
        self.context = context
        self.scope = scope
        self._anchors: dict[str, list] = {}

    def select(self, selector: str) -> list:
        steps = css_steps(selector)
        if steps is None:
            if self.scope is None:
                return compile_selector(selector)(self.context)
            return compile_over(selector)(self.context, scope=self.scope)
        found = [self._anchored(anchor) for anchor, _ in steps]
        if len(steps) == 1 and not steps[0][1]:
            return found[0]  # a single compound: its anchors are its matches
        return _rest_xpath(selector)(self.context, **{f"a{k}": a for k, a in enumerate(found)})

    def first(self, selector: str):
        """`select(selector)[0]`, or None. A page-level selector of one compound
        (`span.pagecurrent`) runs as `descendant-or-self::span[...][1]`: from one context
        node that is its first match in document order, and libxml2 stops testing there."""
        steps = css_steps(selector)
        if (self.scope is None and steps is not None and len(steps) == 1 and not steps[0][1]
                and "/" not in steps[0][0] and steps[0][0] not in self._anchors):
            found = _first_xpath(steps[0][0])(self.context)
        else:
            found = self.select(selector)
        return found[0] if found else None

    def _anchored(self, anchor: str) -> list:
        found = self._anchors.get(anchor)
        if found is None:
            if self.scope is None:
                found = _anchor_xpath(anchor, False)(self.context)
            else:
                found = _anchor_xpath(anchor, True)(self.context, scope=self.scope)
            self._anchors[anchor] = found
        return found


# ---------------------------------------------------------------- first match per post
#
# A post field wants only each post's first match. `$scope/descendant-or-self::div[..]`
# tests every div of every post; `$scope/descendant-or-self::div[..][1]` is, for each
# post (each context node of the step), its first match in document order, and libxml2
# stops testing that post's divs there. A selector of several compounds is turned
# around so that its last compound carries the [1]: "A B > C" matches the C below the
# post that have a B parent that has an A ancestor, `descendant::C[(..) and parent::B[..]
# [ancestor::A[..]]][1]`. That equals "A B > C" within each post as long as no post has
# an A strictly above it (an A outside the post would then count); the caller checks
# that on each page (`FirstOver.leftmost`), and that no post lies inside another.


class FirstOver:
    """`xpath(el, scope=[posts])`: at least each post's first match of a selector;
    `leftmost`: XPaths `boolean($anc/self::A[..])` that must be false for the posts'
    ancestors `$anc` (else the turned-around form is not the selector)."""

    def __init__(self, xpath: etree.XPath, leftmost: tuple[etree.XPath, ...]) -> None:
        self.xpath = xpath
        self.leftmost = leftmost


def _compound(sel) -> str:
    expr = _translator.xpath(sel)
    if expr.path:
        raise BadSelector("не одно звено селектора")   # caught: first_over keeps the plain form
    return f"{expr.element}[{expr.condition}]" if expr.condition else expr.element


_AXIS = {" ": "ancestor", ">": "parent"}


@lru_cache(maxsize=None)
def first_over(selector: str) -> FirstOver | None:
    """The first-match-per-post form of a CSS selector (see above); None for raw XPath,
    sibling combinators (+, ~) and pseudo-elements, which keep the plain form."""
    if is_positional(selector):
        return None
    try:
        members, leftmost = [], []
        whole: dict[str, list[str]] = {}  # one-compound members: element -> conditions
        for sel in parse(selector):
            if sel.pseudo_element:
                return None
            compounds, combinators = [], []  # right to left; combinators[i] joins compounds[i + 1] to [i]
            tree = sel.parsed_tree
            while isinstance(tree, CombinedSelector):
                if tree.combinator not in _AXIS:
                    return None
                compounds.append(_compound(tree.subselector))
                combinators.append(tree.combinator)
                tree = tree.selector
            compounds.append(_compound(tree))
            if len(compounds) == 1:
                element, _, condition = compounds[0].partition("[")
                whole.setdefault(element, []).append(condition[:-1])
                continue
            relation = ""
            for i in range(len(compounds) - 1, 0, -1):
                relation = f"{_AXIS[combinators[i - 1]]}::{compounds[i]}" + (f"[{relation}]" if relation else "")
            # one predicate before the [1]: libxml2 stops testing at the first match only
            # for the predicate next to the position (a [c][rel][1] tests c on every C)
            element, _, condition = compounds[0].partition("[")
            test = f"({condition[:-1]}) and {relation}" if condition else relation
            members.append(f"$scope/descendant::{element}[{test}][1]")
            leftmost.append(own_xpath(f"boolean($anc/self::{compounds[-1]})"))
        for element, conditions in whole.items():  # one step per element name (as css_steps)
            members.append(f"$scope/descendant-or-self::{_one_step(element, conditions)}[1]")
        return FirstOver(own_xpath(" | ".join(members)), tuple(leftmost))
    except (SelectorError, BadSelector, etree.XPathSyntaxError):
        return None
