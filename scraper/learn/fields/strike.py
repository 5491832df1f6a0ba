"""Struck-out text beyond <s>, <strike>, <del>: a class the page's stylesheet strikes through."""
from __future__ import annotations

import re
from dataclasses import dataclass

from scraper.learn import tree
from scraper.learn.fields.guess import CSS_IDENT, INLINE


# BBCode's [s] drawn as a class (FluxBB's span.bbs, MyBB's span.mycode_s) or a class naming
# the line through it
_STRIKE_CLASS = re.compile(r"(?i)^(?:(?:bb|bbc|bbcode|mycode|bb-?code)[-_]?s|(?:[\w-]+[-_])?(?:strike|strikethrough|"
                           r"strikeout|line-?through))$")


_CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")


@dataclass(frozen=True)
class StrikeGuess:
    selector: str
    note: str
    confirmed: bool         # the page's own stylesheet says the line-through (not a class name only)


def find_strike(bodies: list, css: str = "") -> StrikeGuess | None:
    """Struck-out text beyond <s>, <strike>, <del>: a line-through style on the element, a
    class the page's own <style> draws with a line through, or an inline element whose class
    names [s] or a strike (the stylesheet that draws it is not on the page: unconfirmed)."""
    drawn = set()
    for selectors, rules in _CSS_RULE.findall(css):
        if "line-through" in rules.replace(" ", ""):
            drawn |= set(re.findall(r"\.([A-Za-z_][\w-]*)", selectors))
    styled, by_sheet, by_name = False, [], []
    for body in bodies:
        if body is None:
            continue
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body:
                continue
            if "line-through" in (el.get("style") or "").replace(" ", ""):
                styled = True
                continue        # (its style says it: its class needs no guessing)
            if tree.tag(el) not in INLINE:
                continue
            for c in (el.get("class") or "").split():
                if c in drawn:
                    by_sheet.append(f"{tree.tag(el)}.{c}")
                elif _STRIKE_CLASS.match(c) and CSS_IDENT.match(c):
                    by_name.append(f"{tree.tag(el)}.{c}")
    extra = list(dict.fromkeys(by_sheet + by_name))
    if not styled and not extra:
        return None
    selector = ", ".join(["s, strike, del"] + extra + (["*[style*='line-through']"] if styled else []))
    how = []
    if styled:
        how.append("a line-through style")
    if by_sheet:
        how.append("a class the page's stylesheet draws with a line through (" + ", ".join(dict.fromkeys(by_sheet)) + ")")
    if by_name:
        how.append("a class named for [s] (" + ", ".join(dict.fromkeys(by_name)) + ")")
    return StrikeGuess(selector, "struck-out text (" + "; ".join(how) + "): not the post's words",
                       confirmed=not by_name)
