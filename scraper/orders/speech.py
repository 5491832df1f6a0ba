"""Quoted speech inside a sentence: someone's words, not the author's order.

«Хомяк, ты писал «голосую против Velvet», а теперь молчишь», «Паша, ты вчера говорил
"голосую против Натки"»: the quoted words hold an order, but it is the words of the one
spoken about. Such a span is cut out of the sentence (left as «…») and accounted for as a
quote (`Talk.QUOTE`). Not cut: the text of a message («Голубиная почта Тени: «Я всё
знаю»»: the quote is the order's own argument), and a line that is nothing but the quote
(a player may put his own order in quotes).
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


def _opens_message(text: str) -> bool:
    toks = read_tokens(text)
    return any(t.abilities & MESSAGES for t in find_triggers(Segment(text, text, 0), toks))


def cut_speech(text: str) -> tuple[str, list[str]]:
    """(the text with each quoted order inside a sentence replaced by «…», the quotes)."""
    if not any(q in text for q in "«\"“„"):
        return text, []
    quotes: list[str] = []
    out_lines = []
    for line in text.split("\n"):
        pieces = []
        pos = 0
        for m in _SPEECH.finditer(line):
            outside = line[:m.start()] + line[m.end():]
            if not _WORD.search(outside) or not _orders_in(m.group()[1:-1]) or _opens_message(line[:m.start()]):
                continue
            pieces.append(line[pos:m.start()])
            pieces.append("«…»")
            quotes.append(m.group())
            pos = m.end()
        pieces.append(line[pos:])
        out_lines.append("".join(pieces))
    return "\n".join(out_lines), quotes
