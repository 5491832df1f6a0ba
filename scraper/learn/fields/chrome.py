"""What a body holds that is no post's words: buttons and folds, a signature, the forum's
notice lines, a code box's header."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.learn.fields.guess import INLINE, alone_on_line


SIGNATURE = re.compile(r"(?i)(?:^|[-_])sig(?:nature)?(?:$|[-_])|signature")


def find_drops(bodies: list) -> list[str]:
    """Chrome inside the bodies: an element kind (a tag with a class) that appears three times
    or more and always says the same short words («Click to expand...», «Quote», «Multi-quote»):
    buttons and folds, no post's own text."""
    texts: dict[str, set] = {}
    counts: Counter[str] = Counter()
    for body in bodies:
        if body is None:
            continue
        for el in body.iter():
            if el is body or not isinstance(el.tag, str) or not tree.classes(el):
                continue
            if tree.tag(el) in INLINE and not alone_on_line(el):
                continue        # a word of a line in bold (a vote's «Пети» every time): the author's
            for cls in tree.classes(el)[:2]:
                step = tree.step(el, cls)
                texts.setdefault(step, set()).add(tree.text(el))
                counts[step] += 1
    chrome = {step for step, said in texts.items()
              if counts[step] >= 3 and len(said) == 1 and 0 < len(next(iter(said))) <= 40}
    # a signature under the post is the author's, not the post's words
    chrome |= {step for step in texts if SIGNATURE.search(step.split(".", 1)[-1])}
    return sorted(chrome)


def outermost(counter: Counter) -> list[str]:
    return [s for s, _ in counter.most_common(3)]


_TEMPLATE_LEAD = re.compile(r"^([^\d]*[^\W\d_][^\d]*?)\s*\d")
# what a forum writes where it glues a member's next post to his last one
_GLUED = re.compile(r"(?i)(?:сообщение\s+)?добавлено\s+(?:спустя|через)|(?:added|posted|merged)\s+after")


def _notice_kind(el) -> bool:
    """An element a notice line can be: inline, or a paragraph or block with a class or style."""
    return tree.tag(el) in INLINE or tree.tag(el) in ("p", "div") and bool(el.get("class") or el.get("style"))


def find_notices(bodies: list) -> list[str]:
    """Lines the forum writes inside a body, as a label before what follows: an element with a
    style or class of its own, alone on its line, whose text holds a number and ends with «:»
    and which stands twice or more with the same words but for the numbers («Добавлено спустя
    06 с:», «Добавлено спустя 12 с:», where the forum glued a second post to the first). Once is
    enough for a glued post's notice in an element with a class (the forum's template draws it:
    <p class="…after"><em>Добавлено спустя 02 с:</em></p>); a player's coloured line has a
    style, never a class of its own, and is kept. One XPath each: that element kind opening with
    those words."""
    groups: dict[tuple[str, str, str, str], int] = Counter()
    for body in bodies:
        if body is None:
            continue
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body or not _notice_kind(el):
                continue
            said = tree.text(el)
            if not (5 <= len(said) <= 60 and said.endswith(":") and re.search(r"\d", said)):
                continue
            lead = _TEMPLATE_LEAD.match(said)
            parent = el.getparent()
            if lead is None or parent is None or tree.text(parent) == said and parent is not body \
                    and _notice_kind(parent):
                continue        # the outermost element that says it, once
            attr = "style" if el.get("style") else "class" if el.get("class") else None
            if attr is None or "'" in lead.group(1) or "'" in el.get(attr):
                continue
            if not alone_on_line(el):
                continue
            groups[(tree.tag(el), attr, el.get(attr), lead.group(1).strip())] += 1
    out = []
    for (t, attr, value, lead), count in groups.items():
        if (count >= 2 or attr == "class" and _GLUED.match(lead)) and len(lead.split()) >= 2:
            out.append(f"xpath:descendant::{t}[@{attr} = '{value}'][starts-with(normalize-space(), '{lead}')]")
    return out


_CODE_TAGS = ("pre", "code")


def find_code_headers(bodies: list) -> list[str]:
    """The header a forum draws over a code box («Code:», «Code: Select all», «Code Select
    Expand»): the element just before the code (or before the wrapper holding it), with nothing
    between them, a short text that is not in the code, and either a class of its own or a frame
    with a class holding only it and the code. The author's words never come that way: what
    they write before their code is text, not such an element. One selector per kind."""
    out: dict[str, None] = {}
    for body in bodies:
        if body is None:
            continue
        for code in body.iter(*_CODE_TAGS):
            if any(tree.tag(a) in _CODE_TAGS for a in code.iterancestors()):
                continue        # (the <code> inside a <pre>: the <pre> is the box)
            node = code
            for _ in range(3):
                prev = node.getprevious()
                if prev is not None or node.getparent() is body or node.getparent() is None:
                    break
                if (node.getparent().text or "").strip():
                    break
                node = node.getparent()
            prev = node.getprevious()
            if prev is None or not isinstance(prev.tag, str) or (prev.tail or "").strip():
                continue
            said = tree.text(prev)
            if not said or len(said) > 40 or said in tree.text(code):
                continue
            frame = node.getparent()
            kids = [k for k in frame if isinstance(k.tag, str)] if frame is not None else []
            if frame is not None and frame is not body and tree.classes(frame) and kids == [prev, node]:
                out.setdefault(f"{tree.step(frame)} > {tree.step(prev)}", None)
            elif tree.classes(prev):
                out.setdefault(tree.step(prev), None)
    return list(out)
