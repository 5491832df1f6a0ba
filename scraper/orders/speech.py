"""Quoted speech inside a sentence: someone's words, not the author's order.

«Хомяк, ты писал «голосую против Velvet», а теперь молчишь», «Паша, ты вчера говорил
"голосую против Натки"»: the quoted words hold an order, but it is the words of the one
spoken about. Such a span is cut out of the sentence (left as «…») and accounted for as a
quote (`Talk.QUOTE`). Not cut: the text of a message order (an anonymous letter's «Я всё
знаю»: the quote is the order's own argument), and a line that is nothing but the quote (a
player may put his own order in quotes).
"""
from __future__ import annotations

import re

from scraper.orders.abilities import Strength, find_triggers
from scraper.orders.index import read_tokens
from scraper.orders.text import Segment
from scraper.orders.vocabulary import MESSAGES

_SPEECH = re.compile(r"«[^«»\n]+»|\"[^\"\n]+\"|“[^”\n]+”|„[^“\n]+“")
_WORD = re.compile(r"\w")


def _orders_in(text: str) -> bool:
    toks = read_tokens(text)
    return any(t.strength >= Strength.WEAK and t.abilities for t in find_triggers(Segment(text, text, 0), toks))


def _message_starts(line: str) -> list[int]:
    """Where a message's ability word stands in the line (its quote is the message's text)."""
    toks = read_tokens(line)
    return [toks[t.start].start for t in find_triggers(Segment(line, line, 0), toks) if t.abilities & MESSAGES]


def cut_speech(text: str) -> tuple[str, list[str]]:
    """(the text with each quoted order inside a sentence replaced by «…», the quotes)."""
    if not any(q in text for q in "«\"“„"):
        return text, []
    quotes: list[str] = []
    out_lines = []
    for line in text.split("\n"):
        pieces = []
        pos = 0
        messages: list[int] | None = None      # found once per line, when a quote asks
        for m in _SPEECH.finditer(line):
            outside = _WORD.search(line, 0, m.start()) or _WORD.search(line, m.end())
            if not outside or not _orders_in(m.group()[1:-1]):
                continue
            if messages is None:
                messages = _message_starts(line)
            if any(at < m.start() for at in messages):
                continue
            pieces.append(line[pos:m.start()])
            pieces.append("«…»")
            quotes.append(m.group())
            pos = m.end()
        pieces.append(line[pos:])
        out_lines.append("".join(pieces))
    return "\n".join(out_lines), quotes
