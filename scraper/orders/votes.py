"""English-style vote forms and the emphasis a game may require of a vote.

Russian votes («Голосую против Мэра», «Голос: Васе», «меняю голос на Аню») are
read like any ability (vocabulary: Голосование). This module adds the forms of
English-speaking forums, each switchable per game (`VoteForm`):
`##vote X` / `##unvote` (TeamLiquid), `VOTE: X` / `Vote X` / `Unvote` at the start
of a line (bold on mtgsalvation), `[vote]X[/vote]`, and a bold name alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from scraper.orders.settings import Emphasis, ParseSettings, VoteForm
from scraper.orders.text import Span, key

_HASH = re.compile(r"##\s*(un)?vote\b\s*:?\s*([^\n#]*)", re.IGNORECASE)
_TAG = re.compile(r"\[(un)?vote\]([^\[]*)(?:\[/(?:un)?vote\])?", re.IGNORECASE)
_EN = re.compile(r"^\s*(un)?vote\b\s*(?::\s*)?([^\n]*)", re.IGNORECASE)


@dataclass(frozen=True)
class VoteMark:
    form: VoteForm
    withdraw: bool
    target_text: str      # the words after the vote marker ("" for a withdrawal)
    mark: str             # the whole marker text, for the emphasis check


def english_votes(segment_text: str) -> list[VoteMark]:
    """The English-style votes of one sentence, left to right."""
    if "vote" not in segment_text.lower():
        return []         # every form has the word (the cheap test first: most sentences are Russian)
    found: list[tuple[int, VoteMark]] = []
    for m in _HASH.finditer(segment_text):
        found.append((m.start(), VoteMark(VoteForm.HASH, bool(m.group(1)), "" if m.group(1) else m.group(2).strip(), m.group(0))))
    for m in _TAG.finditer(segment_text):
        found.append((m.start(), VoteMark(VoteForm.TAG, bool(m.group(1)), "" if m.group(1) else m.group(2).strip(), m.group(0))))
    if not found:
        m = _EN.match(segment_text)
        if m:
            found.append((m.start(), VoteMark(VoteForm.EN, bool(m.group(1)), "" if m.group(1) else m.group(2).strip(), m.group(0))))
    return [v for _, v in sorted(found, key=lambda p: p[0])]


def emphasised(spans: Iterable[Span], settings: ParseSettings, must_contain: str, within: str) -> bool:
    """Is `must_contain` (the target's words, or the marker of a withdrawal) inside a
    fragment written as the game requires? Without a requirement, always true."""
    need = settings.vote_emphasis
    if need == Emphasis.NONE:
        return True
    wanted = key(must_contain)
    where = key(within)
    for span in spans:
        text = key(span.text)
        if not text or wanted not in text:
            continue
        if text not in where and where not in text:
            continue
        bold_ok = bool(span.bold)
        color_ok = span.color is not None and (
            settings.vote_color is None or settings.vote_color in span.color.lower())
        if need == Emphasis.BOLD and bold_ok:
            return True
        if need == Emphasis.COLOR and color_ok:
            return True
        if need == Emphasis.BOLD_OR_COLOR and (bold_ok or color_ok):
            return True
    return False
