"""A draft as the forum will show it: the forum's markup (`publisher.markup`) turned to HTML.

    to_html(draft.body, game.markup)   # markupsafe.Markup, safe to put in a page

Only the markup gorod writes and a GM types in a draft is rendered: Markdown (Spirit,
Discourse, NodeBB) paragraphs, hard line breaks, `> ` quotes, `**bold**`, `*italic*` and
backslash escapes; BBCode [b] [i] [u] [s] [color=…] [quote] [spoiler]; anything else shows
as the text it is. The source is split into tokens and every piece of text is escaped on
its own (markupsafe), so nothing from a draft — which quotes players' posts — can become
markup in the console: a `<script>` stays text.
"""
from __future__ import annotations

import re

from markupsafe import Markup, escape

from publisher.markup import Markup as ForumMarkup

_COLOR = re.compile(r"^#?[A-Za-z0-9]{1,20}$")
_BB = re.compile(r"\[(/?)(b|i|u|s|color|quote|spoiler)(?:=([^\]\n]*))?\]", re.IGNORECASE)
_MD_INLINE = re.compile(r"\\([\\`*_\[\]<>#|~{}()+\-.!&=])|\*\*|\*(?=[^\s*])|(?<=[^\s*])\*")
_BB_HTML = {"b": ("<strong>", "</strong>"), "i": ("<em>", "</em>"), "u": ("<u>", "</u>"),
            "s": ("<s>", "</s>"), "quote": ("<blockquote>", "</blockquote>"),
            "spoiler": ("<details><summary>спойлер</summary>", "</details>")}


def to_html(text: str, markup: ForumMarkup) -> Markup:
    if markup.name == "markdown":
        return _markdown(text)
    if markup.name == "bbcode":
        return _bbcode(text)
    return Markup("<p>") + _lines(text) + Markup("</p>")


def _lines(text: str) -> Markup:
    return Markup("<br>").join(escape(line) for line in text.strip("\n").split("\n"))


# -- BBCode --------------------------------------------------------------------------------
def _bbcode(text: str) -> Markup:
    out: list[Markup] = []
    opened: list[str] = []
    pos = 0
    for m in _BB.finditer(text):
        out.append(_lines_raw(text[pos:m.start()]))
        pos = m.end()
        closing, tag, value = m.group(1) == "/", m.group(2).lower(), m.group(3)
        if closing:
            if tag in opened:
                while opened:
                    top = opened.pop()
                    out.append(Markup(_close(top)))
                    if top == tag:
                        break
            else:
                out.append(escape(m.group(0)))
            continue
        if tag == "color":
            if not value or not _COLOR.match(value.strip()):
                out.append(escape(m.group(0)))
                continue
            out.append(Markup('<span style="color: {}">').format(value.strip()))
        else:
            out.append(Markup(_BB_HTML[tag][0]))
        opened.append(tag)
    out.append(_lines_raw(text[pos:]))
    out.extend(Markup(_close(tag)) for tag in reversed(opened))
    return Markup('<div class="bb">') + Markup("").join(out) + Markup("</div>")


def _close(tag: str) -> str:
    return "</span>" if tag == "color" else _BB_HTML[tag][1]


def _lines_raw(text: str) -> Markup:
    return Markup("<br>").join(escape(line) for line in text.split("\n"))


# -- Markdown ------------------------------------------------------------------------------
def _markdown(text: str) -> Markup:
    blocks: list[Markup] = []
    for para in re.split(r"\n\s*\n", text.strip("\n")):
        lines = para.split("\n")
        if all(line.startswith(">") for line in lines):
            inner = "\n".join(re.sub(r"^> ?", "", line) for line in lines)
            blocks.append(Markup("<blockquote>") + _markdown(inner) + Markup("</blockquote>"))
            continue
        rendered = [_inline(line.rstrip()) for line in lines]
        blocks.append(Markup("<p>") + Markup("<br>").join(rendered) + Markup("</p>"))
    return Markup("").join(blocks)


def _inline(line: str) -> Markup:
    out: list[Markup] = []
    strong = em = False
    pos = 0
    for m in _MD_INLINE.finditer(line):
        out.append(escape(line[pos:m.start()]))
        pos = m.end()
        token = m.group(0)
        if m.group(1) is not None:
            out.append(escape(m.group(1)))
        elif token == "**":
            out.append(Markup("</strong>" if strong else "<strong>"))
            strong = not strong
        elif token == "*":
            out.append(Markup("</em>" if em else "<em>"))
            em = not em
    out.append(escape(line[pos:]))
    if em:
        out.append(Markup("</em>"))
    if strong:
        out.append(Markup("</strong>"))
    return Markup("").join(out)
