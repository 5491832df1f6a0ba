"""Finding post times: an attribute or a piece of text whose shape the date grammar
(`scraper.dategrammar`) reads as a time, and the date forms that read it.

No shipped profile's formats are used: the form is read off the text itself (so a forum
whose date form no profile has is read as well), plus Unix times in attributes. A text hit
remembers where the time stands in the text (what comes before it), so that a profile regex
can cut it out again.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from scraper.dategrammar import RELATIVE, WEEKDAYS, shape_of
from scraper.dates import MONTHS, RELATIVE_DAYS, DateReader
from scraper.learn import tree

TIME_ATTRS = ("datetime", "data-time", "data-timestamp", "data-datetime", "data-date", "data-value",
              "timestamp", "title", "data-time-string")
_HAS_TIME = re.compile(r"\d{1,2}:\d\d|\b\d{4}\b|\d{1,2}[./-]\d{1,2}[./-]\d{2,4}")
# attributes named for a time (data-node-publishdate, data-created, data-posted ...)
_TIME_ATTR_NAME = re.compile(r"(?i)time|date|publish|created|posted|epoch|stamp")
_EPOCH = re.compile(r"^\d{10}(?:\d{3})?$")
# words a date may open with: a month, a weekday, a relative day, a relative time («час назад»)
_WORDS = frozenset(MONTHS) | frozenset(RELATIVE_DAYS) | WEEKDAYS | frozenset("an a one один одну час минуту".split())
_MAX_TEXT = 90


def reader(formats: tuple[str, ...]) -> DateReader:
    return _reader(tuple(formats))


@lru_cache(maxsize=None)
def _reader(formats: tuple[str, ...]) -> DateReader:
    return DateReader(formats, "UTC")


@dataclass(frozen=True)
class TimeHit:
    element: object
    attr: str | None          # the attribute holding it, or None for the text
    value: str                # the attribute's value or the element's text
    span: tuple[int, int]     # where the time stands in `value`
    formats: tuple[str, ...]  # the formats that read it

    @property
    def whole(self) -> bool:
        return self.span == (0, len(self.value))


def formats_reading(raw: str, attr: bool) -> tuple[str, ...]:
    if attr and _EPOCH.match(raw):
        n = int(raw)
        if len(raw) == 13 and 9e11 < n < 3e12:
            return ("epoch_ms",)
        if len(raw) == 10 and 9e8 < n < 3e9:
            return ("epoch",)
        return ()
    if not _HAS_TIME.search(raw) and not (attr and raw[:1].isdigit()):
        return ()
    # (a day without its clock, «11-30-2026» in a title beside «Yesterday», is no post's time)
    return tuple(f for f in shape_of(raw) if f in ("iso", RELATIVE) or "%H" in f or "%I" in f)


def time_of(el) -> TimeHit | None:
    """The time this element itself carries (an attribute, or its whole short text,
    or a span of it), or None."""
    named = [a for a in el.attrib if a not in TIME_ATTRS and _TIME_ATTR_NAME.search(a)]
    for attr in (*TIME_ATTRS, *named):
        raw = (el.get(attr) or "").strip()
        if raw and len(raw) <= 60:
            found = formats_reading(raw, True)
            if found:
                return TimeHit(el, attr, raw, (0, len(raw)), found)
    if len(tree.raw_text(el)) > 3 * _MAX_TEXT:
        return None
    value = tree.text(el)
    if not value or not _HAS_TIME.search(value):
        return None
    if len(value) > _MAX_TEXT:
        # a time at the start of a long line («10-19-2026, 05:43 AM (This post was last
        # modified: … Edit Reason: …)»): its own text opens with it
        return _span(el, value, within=_MAX_TEXT) if _HAS_TIME.search(value[:_MAX_TEXT]) else None
    found = formats_reading(value, False)
    if found:
        return TimeHit(el, None, value, (0, len(value)), found)
    return _span(el, value)


def _span(el, value: str, within: int | None = None) -> TimeHit | None:
    """The time standing in `value` (its first `within` characters when given)."""
    tokens = [(m.start(), m.end()) for m in re.finditer(r"\S+", value)]
    if within is not None:
        tokens = [(a, b) for a, b in tokens if b <= within]
    starts = [i for i, (a, b) in enumerate(tokens) if _may_start(value[a:b])]
    for i in starts:
        for j in range(len(tokens) - 1, i - 1, -1):
            a, b = tokens[i][0], tokens[j][1]
            piece = value[a:b].rstrip(",.;")
            if not any(ch.isdigit() for ch in piece[-3:]) and not piece.lower().endswith(("am", "pm", "m.")):
                continue
            found = formats_reading(piece, False)
            if found:
                return TimeHit(el, None, value, (a, a + len(piece)), found)
    return None


def _may_start(token: str) -> bool:
    t = token.strip(",.;()[]").lower()
    return bool(t) and (t[0].isdigit() or t in _WORDS or t[:3] in _WORDS)


def timed_elements(root) -> dict[int, TimeHit]:
    """Every element of the page that carries a time itself, by id(); an element
    whose child carries the same time is left for the child (the tightest)."""
    hits: dict[int, TimeHit] = {}
    for el in tree.elements(root):
        if tree.tag(el) in ("script", "style", "head", "title"):
            continue
        hit = time_of(el)
        if hit is not None:
            hits[id(el)] = hit
    tight = {}
    for key, hit in hits.items():
        if hit.attr is None and any(id(c) in hits and hit.value[hit.span[0]:hit.span[1]] in hits[id(c)].value
                                    for c in hit.element.iterdescendants()):
            continue        # the child's own time: left for the child
        # (an element whose time stands before its child's, «Yesterday, 09:05 AM (last modified:
        # 08-16-2019, 09:30 AM)», holds a time of its own: both are kept)
        tight[key] = hit
    return tight
