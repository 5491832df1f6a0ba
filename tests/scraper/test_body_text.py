"""How a body's text is laid out in lines, checked against a plain statement of it.

The extractor writes break marks into the tree (a <br>, a block's edges), lets libxml2
collapse the XML blanks (normalize-space()) and then `scraper.text._breaks` makes lines.
The rule it must keep, whatever shortcuts it takes: every blank `str.split()` knows
collapses to one space, each line is stripped, a <br> ends a line, consecutive block
edges make one line break, and runs of empty lines collapse to one.
"""
from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from scraper.text import BLOCK_MARK, BR_MARK, _breaks, clean

# space, tab, LF, CR (what XPath's normalize-space() collapses), other blanks, an
# unprintable non-blank (a zero-width joiner, a soft hyphen), letters and both marks
PIECES = [" ", "\t", "\n", "\r", "\xa0", "\u2009", "\u3000", "\x85", "\x0b", "\u200d", "\xad",
          "a", "b", "Я", ".", BR_MARK, BLOCK_MARK]


def normalize_space(text: str) -> str:
    """XPath 1.0 normalize-space(): only space, tab, CR and LF are blanks to it."""
    return " ".join(part for part in re.split("[ \t\r\n]+", text) if part)


def reference_lines(text: str) -> str:
    """The layout rule, written the slow and obvious way."""
    text = " ".join(text.split())  # every blank, XML's or not
    blocks = [part.strip() for part in text.split(BLOCK_MARK)]
    text = "\n".join(part for part in blocks if part)
    kept: list[str] = []
    for line in (line.strip() for line in text.replace(BR_MARK, "\n").split("\n")):
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=24).map("".join))
def test_lines_follow_the_rule_for_any_text(raw):
    assert _breaks(normalize_space(raw)) == reference_lines(raw)


def test_no_break_spaces_collapse_inside_lines_and_vanish_at_their_edges():
    text = normalize_space(f"Голосую\xa0\xa0против {BR_MARK}\xa0Мэра\xa0{BLOCK_MARK} \u3000")
    assert _breaks(text) == "Голосую против\nМэра"


def test_empty_lines_collapse_to_one():
    text = normalize_space(f"a{BR_MARK}{BR_MARK}{BR_MARK}{BR_MARK}b{BR_MARK}")
    assert _breaks(text) == "a\n\nb"


def test_clean_joins_pieces_by_the_same_rule():
    assert clean(["a\xa0", BLOCK_MARK, BLOCK_MARK, " b", BR_MARK, "\u200dc"]) == "a\nb\n\u200dc"
