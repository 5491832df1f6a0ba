"""Plain-text helpers of the order parser: homoglyph folding, tokens, segments, markup.

- `key(s)`: the comparison key of a word or name: case, «ё»/«е» and Latin letters
  that look Cyrillic folded away («Пeтя» with a Latin «e» is «петя»).
- `tokens(s)`: words with their offsets.
- `segments(s)`: the sentences of a text, each a candidate order.
- `strip_markup(s)`: BBCode emphasis in a pasted text ([b], [color=…]) → plain text
  plus `Emphasis` spans, so the parser's input is always plain text plus spans.
"""
from __future__ import annotations

import re
from collections import namedtuple
from typing import NamedTuple
from dataclasses import dataclass
from functools import lru_cache

from engine.abilities import ABILITIES
from engine.names import fold

# Latin letters that look like Cyrillic ones (upper case first: «B», «H», «M», «T»
# only look Cyrillic in capitals).
_HOMOGLYPHS = str.maketrans({
    "A": "А", "B": "В", "C": "С", "E": "Е", "H": "Н", "K": "К", "M": "М", "O": "О",
    "P": "Р", "T": "Т", "X": "Х", "Y": "У",
    "a": "а", "c": "с", "e": "е", "o": "о", "p": "р", "x": "х", "y": "у", "k": "к",
})
# After case folding, every Latin letter whose capital or small form looks Cyrillic.
_FOLDED = str.maketrans({"a": "а", "b": "в", "c": "с", "e": "е", "h": "н", "k": "к", "m": "м",
                         "o": "о", "p": "р", "t": "т", "x": "х", "y": "у"})
_CYR = re.compile(r"[а-яёА-ЯЁ]")
_LAT = re.compile(r"[a-zA-Z]")


def cyrillize(word: str) -> str:
    """A word mixing scripts becomes all-Cyrillic where the letters allow it."""
    if _CYR.search(word) and _LAT.search(word):
        return word.translate(_HOMOGLYPHS)
    return word


def key(text: str) -> str:
    """Comparison key: homoglyphs, case and «ё» folded, spaces collapsed.

    All-Latin words are mapped too, so «Ecko» typed in Cyrillic letters still
    equals the nickname «Ecko».
    """
    return fold(text).translate(_FOLDED)


def is_cyrillic(word: str) -> bool:
    return bool(_CYR.search(word)) and not _LAT.search(cyrillize(word))


class Token(namedtuple("_Token", "text start end low key")):
    """A word as written (homoglyphs in a mixed word already made Cyrillic) and its offsets.

    `low`: folded, for morphology (Cyrillic words stay Cyrillic, Latin stay Latin); `key`:
    the comparison key. Both are computed once, here: the readers ask for them all the
    time. A tuple, not a dataclass: a clause's words are made and hashed (the readers'
    memos are keyed by them) for every new text, and a tuple is made and hashed in C."""

    __slots__ = ()

    def __new__(cls, text: str, start: int, end: int) -> "Token":
        low, folded = _spellings(text)
        return tuple.__new__(cls, (text, start, end, low, folded))

    def __getnewargs__(self) -> tuple[str, int, int]:
        return self[:3]

    def __repr__(self) -> str:
        return f"Token(text={self.text!r}, start={self.start}, end={self.end})"


def new_token(text: str, start: int, end: int, low: str, folded: str) -> Token:
    """A token whose `low` and `key` the caller has already (`index.read_tokens`' memo)."""
    return tuple.__new__(Token, (text, start, end, low, folded))


_SPELLINGS: dict[str, tuple[str, str]] = {}


def _spellings(text: str) -> tuple[str, str]:
    """(`low`, `key`) of a word: `fold` of one word (no spaces in it), then the Latin
    letters that look Cyrillic. Memoised (bounded): a thread repeats its words."""
    hit = _SPELLINGS.get(text)
    if hit is None:
        low = text.casefold().replace("ё", "е")
        hit = (low, low.translate(_FOLDED))
        if len(_SPELLINGS) >= 65536:
            _SPELLINGS.clear()
        _SPELLINGS[text] = hit
    return hit


_WORD = re.compile(r"[\w]+(?:[-'’][\w]+)*", re.UNICODE)


def tokens(text: str) -> list[Token]:
    """Words as written (homoglyphs in a mixed word made Cyrillic); `index.read_tokens`
    gives a clause's words as the readers see them (typos and Latin spellings put right)."""
    return [Token(cyrillize(m.group()), m.start(), m.end()) for m in _WORD.finditer(text)]


raw_tokens = tokens


# --- segments ------------------------------------------------------------------------------

# Sentence ends inside a line; «!» that belongs to a name of the registry (an ability's
# name or alias with «!» in it) does not end a sentence.
# Emoji end a clause too (issue 24: «Могу сменить пол 😏 Kot_99 …» is two clauses), and so
# does a smile's «)» before a capital («привет) Ревность на …»).
EMOJI = ("\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\u2300-\u23FF\uFE0F\u200D")
_END = re.compile(r"(?<=[.!?;…])\s+|\s*[" + EMOJI + r"]+\s*|(?<=\))\s+(?=[А-ЯЁA-Z])")
_NAME_BANG = re.compile("(" + "|".join(sorted(
    {m.group(1).lower() for spec in ABILITIES for name in (spec.name, *spec.aliases)
     for m in re.finditer(r"(\w+)!", name)})) + ")!$", re.IGNORECASE)
_INITIAL = re.compile(r"(^|\s)\w\.$")
_QUOTES = {"«": "»", "\"": "\"", "“": "”", "„": "“"}
_QUOTE_MARK = re.compile("[" + re.escape("".join(sorted({*_QUOTES, *_QUOTES.values()}))) + "]")


class Segment(NamedTuple):
    """A sentence or clause of a line (a tuple, not a frozen dataclass: every text makes
    several per line, and a frozen dataclass sets each field through object.__setattr__)."""

    text: str
    line: str        # the whole line it comes from (a message text runs to its end)
    offset: int      # start of `text` inside `line`


def _quote_depths(line: str, positions: list[int]) -> list[bool]:
    """For each position (ascending), is it inside «…»/"…"? One pass over the quote marks
    of the line (found by a regex, not letter by letter), so a 100 KB line with thousands
    of sentence ends stays linear."""
    if not positions:
        return []
    marks = [(m.start(), m.group()) for m in _QUOTE_MARK.finditer(line, 0, max(positions))]
    if not marks:
        return [False] * len(positions)
    out: list[bool] = []
    open_quote: str | None = None
    k = 0
    for target in positions:
        while k < len(marks) and marks[k][0] < target:
            ch = marks[k][1]
            if open_quote is None:
                if ch in _QUOTES:
                    open_quote = ch
            elif ch == _QUOTES[open_quote]:
                open_quote = None
            k += 1
        out.append(open_quote is not None)
    return out


def split_line(line: str) -> list[Segment]:
    out: list[Segment] = []
    start = 0
    ends = list(_END.finditer(line))
    quoted = _quote_depths(line, [m.start() for m in ends])
    for m, inside in zip(ends, quoted):
        # Only the last few characters decide (a name's «!», an initial), so a long
        # quoted run with many full stops is not rescanned at each one.
        near = line[max(start, m.start() - 16):m.start()]
        # (each pattern needs its «!» or «.»: the cheap test first)
        if inside or ("!" in near and _NAME_BANG.search(near)) or ("." in near and _INITIAL.search(near)):
            continue
        head = line[start:m.start()]
        if head.strip():
            out.append(Segment(head.strip(), line, start + (len(head) - len(head.lstrip()))))
        start = m.end()
    tail = line[start:]
    if tail.strip():
        out.append(Segment(tail.strip(), line, start + (len(tail) - len(tail.lstrip()))))
    return out


def lines(text: str) -> list[str]:
    return [ln for ln in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]


def segments(text: str) -> list[Segment]:
    out: list[Segment] = []
    for line in lines(text):
        out.extend(split_line(line))
    return out


# --- markup --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Span:
    """A bold and/or coloured fragment of the text (the scraper's `Emphasis` has the
    same three fields, so either may be passed)."""

    text: str
    bold: bool = False
    color: str | None = None


_TAG = re.compile(r"\[(/?)(b|strong|color|colour)(?:=([^\]]*))?\]", re.IGNORECASE)
_QUOTED = re.compile(r"«[^»]*»")
_MAX_OPEN = 32   # unclosed tags kept open at once (more is not markup but noise)


def _quoted_runs(text: str) -> list[tuple[int, int]]:
    """The «…» runs, as `_QUOTED.finditer` finds them, in linear time: past the last «»»
    there is nothing to find (the regex tried every unclosed «« » to the text's end again)."""
    runs = []
    start = text.find("«")
    while start != -1:
        end = text.find("»", start + 1)
        if end == -1:
            break
        runs.append((start, end + 1))
        start = text.find("«", end + 1)
    return runs


def strip_markup(text: str) -> tuple[str, list[Span]]:
    """Remove [b]…[/b] and [color=…]…[/color] from a pasted text, keeping the spans.

    Text inside «…» is a quoted message (an order's message text) and is kept as written."""
    out: list[str] = []
    stack: list[tuple[str, str | None, int]] = []
    found: list[tuple[int, int, bool, str | None]] = []   # plain offsets, bold, colour
    pos = 0
    length = 0
    quoted = _quoted_runs(text)
    q = 0
    for m in _TAG.finditer(text):
        # Tags come left to right, so one pointer walks the quoted runs (linear, not
        # tags × quotes).
        while q < len(quoted) and quoted[q][1] <= m.start():
            q += 1
        if q < len(quoted) and quoted[q][0] < m.start() < quoted[q][1]:
            continue
        chunk = text[pos:m.start()]
        out.append(chunk)
        length += len(chunk)
        pos = m.end()
        closing, name = m.group(1), m.group(2).lower()
        name = "b" if name in ("b", "strong") else "color"
        if not closing:
            if len(stack) < _MAX_OPEN:
                stack.append((name, (m.group(3) or "").strip().strip("\"'").lower() or None, length))
            continue
        for i in range(len(stack) - 1, -1, -1):
            if stack[i][0] == name:
                _, color, begin = stack.pop(i)
                bold = name == "b" or any(s[0] == "b" for s in stack)
                outer = next((s[1] for s in reversed(stack) if s[0] == "color"), None)
                found.append((begin, length, bold, color if name == "color" else outer))
                break
    out.append(text[pos:])
    plain = "".join(out)
    spans = []
    for begin, end, bold, color in found:
        piece = plain[begin:end].strip()
        if piece:
            spans.append(Span(piece, bold=bold, color=color))
    return plain, spans


# Latin spelling of Russian names («Gena», «Petya») read as Cyrillic; digraphs first
# («c» before e/i/y sounds «с», as in English nicknames: «grace» → «грасе»).
_TRANSLIT = [("shch", "щ"), ("sch", "щ"), ("yo", "ё"), ("zh", "ж"), ("kh", "х"), ("ts", "ц"),
             ("ch", "ч"), ("sh", "ш"), ("ce", "се"), ("ci", "си"), ("cy", "си"), ("ow", "оу"), ("ya", "я"), ("yu", "ю"), ("ja", "я"), ("ju", "ю"),
             ("a", "а"), ("b", "б"), ("v", "в"), ("w", "в"), ("g", "г"), ("d", "д"), ("e", "е"),
             ("z", "з"), ("i", "и"), ("y", "ы"), ("k", "к"), ("c", "к"), ("q", "к"), ("l", "л"),
             ("m", "м"), ("n", "н"), ("o", "о"), ("p", "п"), ("r", "р"), ("s", "с"), ("t", "т"),
             ("u", "у"), ("f", "ф"), ("h", "х"), ("x", "кс"), ("j", "й")]
_LATIN_WORD = re.compile(r"^[a-z]+$")


@lru_cache(maxsize=65536)
def translit(word: str) -> str | None:
    """A Latin word spelled in Cyrillic letters, or None if it is not plain Latin
    (memoised: the name matcher asks it of each word once per nickname)."""
    word = word.casefold()
    if not _LATIN_WORD.match(word):
        return None
    out = []
    i = 0
    while i < len(word):
        for lat, cyr in _TRANSLIT:
            if word.startswith(lat, i):
                out.append(cyr)
                i += len(lat)
                break
    return fold("".join(out))
