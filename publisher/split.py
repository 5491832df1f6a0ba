"""Splitting a draft where the forum caps a post's length (Spirit: 3000 characters).

    split_text(text, 3000)             # -> ["part 1 …", "part 2 …"], each ≤ 3000

A split falls between paragraphs, else between lines, else between words, never
inside a word that fits. BBCode tags open at a split are closed at the end of the part
and opened again at the start of the next, so an orange block stays orange on every
part (`[color=orange]…[/color]`). Parts after the first carry «(продолжение)» and
every part of a split text ends with «(i/n)» so readers see nothing is missing.
"""
from __future__ import annotations

import re

_TAG = re.compile(r"\[(/?)([a-z*]+)(=[^\]\n]*)?\]", re.IGNORECASE)
CONTINUED = "(продолжение)"


class SplitError(ValueError):
    pass


def split_text(text: str, limit: int) -> list[str]:
    text = text.strip("\n")
    if len(text) <= limit:
        return [text]
    # room for the suffix « (12/12)» and a reopened tag or two
    budget = limit - 40
    if budget < 100:
        raise SplitError(f"a limit of {limit} characters is too small to split into")
    chunks = _chunks(text, budget)
    parts: list[str] = []
    open_tags: list[tuple[str, str]] = []      # (name, "=value") carried into the next part
    for chunk in chunks:
        prefix = "".join(f"[{name}{value}]" for name, value in open_tags)
        body = prefix + chunk
        open_tags = _still_open(body)
        closing = "".join(f"[/{name}]" for name, _ in reversed(open_tags))
        parts.append(body + closing)
    total = len(parts)
    out = []
    for i, part in enumerate(parts, start=1):
        head = f"{CONTINUED}\n" if i > 1 else ""
        out.append(f"{head}{part}\n({i}/{total})")
    for part in out:
        if len(part) > limit:
            raise SplitError(f"could not split into parts of at most {limit} characters")
    return out


def _chunks(text: str, budget: int) -> list[str]:
    """Greedy packing of paragraphs, then lines, then words into chunks ≤ budget; each
    piece keeps the separator it had ("\n\n", "\n" or " ")."""
    units: list[tuple[str, str]] = []
    for para in text.split("\n\n"):
        if len(para) <= budget:
            units.append(("\n\n", para))
            continue
        for j, line in enumerate(para.split("\n")):
            sep = "\n\n" if j == 0 else "\n"
            if len(line) <= budget:
                units.append((sep, line))
                continue
            for k, word in enumerate(line.split(" ")):
                wsep = sep if k == 0 else " "
                while len(word) > budget:   # a "word" longer than a part: cut it
                    units.append((wsep, word[:budget]))
                    word, wsep = word[budget:], ""
                units.append((wsep, word))
    chunks: list[str] = []
    current = ""
    for sep, unit in units:
        joined = current + sep + unit if current else unit
        if len(joined) <= budget:
            current = joined
        else:
            chunks.append(current)
            current = unit
    if current:
        chunks.append(current)
    return [c for c in chunks if c]


def _still_open(text: str) -> list[tuple[str, str]]:
    stack: list[tuple[str, str]] = []
    for match in _TAG.finditer(text):
        closing, name, value = match.group(1), match.group(2).lower(), match.group(3) or ""
        if name == "*":
            continue
        if closing:
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == name:
                    del stack[i:]
                    break
        else:
            stack.append((name, value))
    return stack
