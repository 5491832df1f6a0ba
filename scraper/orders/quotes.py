"""Quotes cut out of a text before it is read (issue 24): the quoted words are someone
else's, never the author's orders, and the name in a quote's header is never a target.

Three forms, as players paste them into posts, PMs, `gorod parse` and `gorod order add`:
- BBCode: `[quote]…[/quote]`, `[quote=X]…`, `[quote="X"]…`, `[quote name=X]…`, nested;
  an unclosed `[quote…]` runs to the end of the text (nothing in it is the author's);
- lines starting with `>` (e-mail and Markdown style, `>>` for deeper levels);
- a header line «X писал(а):», «X пишет:», «Цитата: X» (phpBB, SMF, Invision in plain
  text): the `>` lines after it, or, when none follow, the lines up to the first blank one.

`cut_quotes` returns the text with every quote replaced by a line break (so what comes
before and after stays in clauses of its own) and each quote cut, for the accounting.
Linear in the length: one scan of the tags, one pass over the lines.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_OPEN = re.compile(r"\[quote(?:[=\s][^\]]*)?\]", re.IGNORECASE)
_CLOSE = re.compile(r"\[/quote\]", re.IGNORECASE)
_TAG = re.compile(r"\[(/?)quote(?:[=\s][^\]]*)?\]", re.IGNORECASE)
# «Шпуля писал(а):», «Шпуля писала:», «Шпуля пишет:», «Цитата: Шпуля», «Цитата (Шпуля):»,
# «Шпуля wrote:»; a date or a link after the name is allowed («Шпуля писал(а) 12.03 в 21:00:»).
_HEADER = re.compile(r"^\s*(?:\S.{0,60}?\s+(?:писал\(а\)|писала?|пишет|написала?|wrote|said)\b[^\n]{0,40}:"
                     r"|цитата\s*(?:\([^)\n]{1,60}\)|:\s*\S[^\n]{0,60}|\s+\S[^\n]{0,60}:))\s*$",
                     re.IGNORECASE)
_ARROW = re.compile(r"^\s*>")


@dataclass(frozen=True)
class Quote:
    text: str       # the quote as written, header included


def _cut_bbcode(text: str, cut: list[Quote]) -> str:
    if "[" not in text or not _OPEN.search(text):
        return text
    out: list[str] = []
    depth = 0
    pos = 0
    begin = 0
    for m in _TAG.finditer(text):
        closing = bool(m.group(1))
        if not closing:
            if depth == 0:
                out.append(text[pos:m.start()])
                begin = m.start()
            depth += 1
        elif depth > 0:
            depth -= 1
            if depth == 0:
                cut.append(Quote(text[begin:m.end()]))
                out.append("\n")
                pos = m.end()
        # a stray [/quote] outside any quote is left as written
    if depth > 0:
        cut.append(Quote(text[begin:]))
        out.append("\n")
    else:
        out.append(text[pos:])
    return "".join(out)


def _cut_lines(text: str, cut: list[Quote]) -> str:
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if _ARROW.match(line):
            j = i
            while j < len(lines) and _ARROW.match(lines[j]):
                j += 1
            cut.append(Quote("\n".join(lines[i:j])))
            out.append("")
            i = j
            continue
        if len(line) <= 120 and _HEADER.match(line):
            j = i + 1
            if j < len(lines) and _ARROW.match(lines[j]):
                while j < len(lines) and _ARROW.match(lines[j]):
                    j += 1
            else:
                while j < len(lines) and lines[j].strip():
                    j += 1
            cut.append(Quote("\n".join(lines[i:j])))
            out.append("")
            i = j
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def cut_quotes(text: str) -> tuple[str, tuple[Quote, ...]]:
    """The text without its quotes, and the quotes cut (in the order found)."""
    cut: list[Quote] = []
    text = (text or "").replace("\r\n", "\n").replace("\r", "\n")
    text = _cut_bbcode(text, cut)
    if ">" in text or ":" in text:
        text = _cut_lines(text, cut)
    return text, tuple(cut)


_PICTURE = re.compile(r"\[img[^\]]*\][^\[]*\[/img\]|:[a-z_]{2,24}:", re.IGNORECASE)


def pictures_out(text: str) -> str:
    """A picture ([img]…[/img]) or a forum smiley («:facepalm:») ends a clause like an
    emoji: each becomes one («☺»), so the name before it stays a name."""
    if "[" not in text and ":" not in text:
        return text
    return _PICTURE.sub(" \u263a ", text)
