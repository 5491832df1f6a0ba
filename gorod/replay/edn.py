"""Archived TeamLiquid games saved as EDN (../shared/corpus/games/*.edn): a list of
`{:user "…" :message (<enlive HTML tree>)}`, one per post, in thread order.

    read_edn(text) -> Python values (lists, dicts with keyword keys as str, str, None, …)
    edn_posts(path) -> list[EdnPost]   each post's author, own text (quotes out), quotes, emphasis

Only what these files use is read: lists, vectors, maps, strings, keywords, nil, booleans,
numbers and symbols. The HTML tree is enlive's: `{:tag :b :attrs {…} :content (…)}`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scraper.model import Emphasis

_TOKEN = re.compile(r'''\s*(?:(?P<open>[(\[{])|(?P<close>[)\]}])|"(?P<str>(?:[^"\\]|\\.)*)"|(?P<atom>[^\s()\[\]{}",]+)|(?P<comma>,))''',
                    re.S)
_ESC = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\"}


class EdnError(ValueError):
    pass


def read_edn(text: str) -> Any:
    pos = 0
    stack: list[tuple[str, list]] = []
    result: list = []
    n = len(text)
    while True:
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            if text[pos:].strip():
                raise EdnError(f"unreadable EDN at offset {pos}: {text[pos:pos + 40]!r}")
            break
        pos = m.end()
        if m.group("comma"):
            continue
        if m.group("open"):
            stack.append((m.group("open"), []))
            continue
        if m.group("close"):
            if not stack:
                raise EdnError(f"unbalanced {m.group('close')!r} at offset {pos}")
            kind, items = stack.pop()
            value: Any = items
            if kind == "{":
                value = {items[i]: items[i + 1] for i in range(0, len(items) - 1, 2)}
        elif m.group("str") is not None:
            value = re.sub(r"\\(.)", lambda e: _ESC.get(e.group(1), e.group(1)), m.group("str"))
        else:
            value = _atom(m.group("atom"))
        (stack[-1][1] if stack else result).append(value)
        if pos >= n:
            break
    if stack:
        raise EdnError("unbalanced EDN: missing closing brackets")
    return result[0] if len(result) == 1 else result


def _atom(atom: str) -> Any:
    if atom == "nil":
        return None
    if atom in ("true", "false"):
        return atom == "true"
    if atom.startswith(":"):
        return atom[1:]
    try:
        return int(atom)
    except ValueError:
        try:
            return float(atom)
        except ValueError:
            return atom


@dataclass(frozen=True)
class EdnPost:
    """One post; `number` counts the archive's items, so a gap (a page the archiver failed to
    read, saved as `#<NullPointerException …>`) leaves a hole in the numbers."""
    number: int
    author: str
    text: str
    quotes: tuple[str, ...] = ()
    emphasis: tuple[Emphasis, ...] = ()


_BLOCK = {"br", "div", "p", "li", "tr", "blockquote", "table", "ul", "ol", "hr"}
_COLOR = re.compile(r"color\s*:\s*([^;]+)", re.I)


def _walk(node: Any, out: list[str], quotes: list[str], emph: list[Emphasis], *, bold=False, color=None) -> None:
    if node is None:
        return
    if isinstance(node, str):
        out.append(node)
        return
    if isinstance(node, list):
        for child in node:
            _walk(child, out, quotes, emph, bold=bold, color=color)
        return
    if not isinstance(node, dict):
        return
    tag = str(node.get("tag") or "")
    attrs = node.get("attrs") or {}
    content = node.get("content")
    cls = str(attrs.get("class") or "")
    if tag == "blockquote" or "quote" in cls:
        inner: list[str] = []
        _walk(content, inner, [], [])
        quotes.append(_clean("".join(inner)))
        out.append("\n")
        return
    if tag in ("script", "style", "s", "strike", "del"):
        return   # struck-out text (a vote count's withdrawn votes) is not the post's own text
    own_bold = tag in ("b", "strong")
    m = _COLOR.search(str(attrs.get("style") or ""))
    own_color = (attrs.get("color") or (m.group(1).strip() if m else None))
    if own_bold or own_color:
        inner = []
        _walk(content, inner, quotes, emph, bold=bold or own_bold, color=color or own_color)
        text = _clean("".join(inner))
        if text:
            emph.append(Emphasis(text, bold or own_bold, (color or own_color or None) and
                                 str(color or own_color).lower()))
        out.extend(inner)
    else:
        if tag in _BLOCK:
            out.append("\n")
        _walk(content, out, quotes, emph, bold=bold, color=color)
    if tag in _BLOCK and tag != "br":
        out.append("\n")


def _clean(text: str) -> str:
    lines = [" ".join(line.split()) for line in text.replace("\xa0", " ").split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip()


def edn_posts(path: str | Path) -> list[EdnPost]:
    data = read_edn(Path(path).read_text(encoding="utf-8"))
    posts = []
    for i, item in enumerate(data, 1):
        if isinstance(item, str) and (item.startswith("#<") or item.endswith(">")):
            continue   # a post the archiver could not read
        if not isinstance(item, dict):
            raise EdnError(f"{path}: item {i}: expected a map with :user and :message")
        out: list[str] = []
        quotes: list[str] = []
        emph: list[Emphasis] = []
        _walk(item.get("message"), out, quotes, emph)
        posts.append(EdnPost(i, str(item.get("user") or ""), _clean("".join(out)), tuple(quotes), tuple(emph)))
    return posts
