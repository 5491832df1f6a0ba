"""The post's number: the block's id, a post-id attribute, a numbered element inside, or a link."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.learn.fields.guess import FieldGuess, first


_NUMBER = re.compile(r"(\d+)")


def find_id(blocks: list, how: str, pages: int = 1) -> FieldGuess | None:
    """A number that differs in every post: the block's own id, a post-id attribute,
    a numbered element inside, or a link to the post."""
    n = len(blocks)

    def distinct(values):
        # (a page may show again the last post of the page before: Misago, MyBB.ru)
        got = [v for v in values if v]
        return len(got) == n and len(set(got)) >= n - (pages - 1)

    own: list[tuple[FieldGuess, list]] = []
    ids = [b.get("id") or "" for b in blocks]
    prefix = _common_prefix(ids)
    if prefix is not None and distinct(_digits(ids)):
        own.append((FieldGuess(None, "id", f"^{re.escape(prefix)}[_-]?(\\d+)$", "the post block's own id"),
                    _digits(ids)))
    from scraper.learn.blocks import id_attrs
    for attr in dict.fromkeys(a for b in blocks for a in id_attrs(b)):
        values = [(b.get(attr) or "") for b in blocks]
        if distinct(_digits(values)):
            rx = r"(\d+)" if all(re.fullmatch(r"\d+", v) for v in values) else r"^\D*(\d+)\D*$"
            own.append((FieldGuess(None, attr, rx, f"the post block's {attr} attribute"), _digits(values)))
    if own:
        # of several numbers, the one the post's own links carry (its permalink) is its id
        def linked(values):
            return sum(1 for b, v in zip(blocks, values)
                       if any(re.search(rf"(?<!\d){v}(?!\d)", a.get("href") or "") for a in b.iter("a")))
        def counting(values):
            # 1, 2, 3, ... is the post's place in the thread, not its id
            numbers = [int(v) for v in values]
            return len(numbers) > 1 and all(b == a + 1 for a, b in zip(numbers, numbers[1:]))

        def digits(values):      # a site's post ids are long numbers; a post's place is short
            return max(len(v) for v in values)
        return max(enumerate(own), key=lambda iv: (not counting(iv[1][1]), linked(iv[1][1]), digits(iv[1][1]),
                                                   -iv[0]))[1][0]
    # a numbered element inside: the same prefix in every block
    inner: Counter[tuple[str, str]] = Counter()
    for b in blocks:
        for el in b.iter():
            if isinstance(el.tag, str) and el is not b:
                m = re.match(r"^([A-Za-z][A-Za-z_-]*?)[_-]?(\d{2,})$", el.get("id") or "")
                if m:
                    inner[(tree.tag(el), m.group(1))] += 1
    for (t, pre), count in inner.most_common(5):
        if count < n:
            continue
        sel = f"{t}[id^='{pre}']"
        values = [(first(b, sel).get("id") if first(b, sel) is not None else "") for b in blocks]
        if distinct(_digits(values)):
            return FieldGuess(sel, "id", f"^{re.escape(pre)}[_-]?(\\d+)$", "a numbered element inside each post")
    for attr in ("name", "id"):
        sel = f"a[{attr}]"
        values = [(first(b, sel).get(attr) if first(b, sel) is not None else "") for b in blocks]
        if distinct(_digits(values)):
            return FieldGuess(sel, attr, r"(\d+)", "a numbered anchor inside each post")
    for rx in (r"#(?:p|post|msg|entry|reply)[_-]?(\d+)", r"[?&;](?:p|pid|post|msg)=(\d+)", r"/post/(\d+)",
               r"/posts?/(\d+)", r"\.msg(\d+)"):
        links = [[a for a in b.iter("a") if re.search(rx, a.get("href") or "")] for b in blocks]
        if all(links):
            values = [re.search(rx, ls[0].get("href")).group(1) for ls in links]
            if len(set(values)) == n:
                sel = tree.agreeing_selector([ls[0] for ls in links], blocks, 1.0)
                if sel:
                    return FieldGuess(sel, "href", rx, "a link to the post itself")
    return None


def _digits(values):
    out = []
    for v in values:
        m = _NUMBER.search(v or "")
        out.append(m.group(1) if m else None)
    return out


def _common_prefix(ids: list[str]) -> str | None:
    prefixes = set()
    for v in ids:
        m = re.match(r"^((?:[A-Za-z][A-Za-z_-]*?)?)[_-]?(\d+)$", v)
        if not m:
            return None
        prefixes.add(m.group(1))      # ("" for a bare number: id="29")
    return prefixes.pop() if len(prefixes) == 1 else None
