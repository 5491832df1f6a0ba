"""Pagination: the block of numbered page links, the current page and the next page's link.

The pagination block is the element (with a class that says page/nav) holding the links
whose text is a page number. The current page is the number there that is not a link
(else a «Page 2 of 10» text). The next page is the page's own rel=next link when it has
one, else the link whose number is the current page's plus one (an XPath that computes
it, so it holds on every page and finds nothing on the last), else a «next»/«»» link.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scraper.learn import tree
from scraper.learn.fields import FieldGuess

# a class naming a list of pages (not «page-body», «page-header»: the whole page)
_PAGE_CLASS = re.compile(r"(?i)pagination|paginator|paging|pagenav|page-?nav|pagelink|pages$|page-?list|"
                         r"page-?numbers?|pgn|pagenum")
_NEXT_WORDS = ("»", "›", ">", ">>", "next", "next ›", "next »", "след.", "следующая", "вперёд", "вперед", "→",
               "далее", "дальше")
_CURRENT = re.compile(r"(?i)current|active|selected|\bon\b")
_PAGE_OF = re.compile(r"(?i)(?:page|страница|стр\.?)\s*(\d+)\s*(?:of|из|/)\s*(\d+)")
_NUMBER_TEST = "[translate(normalize-space(), '0123456789', '') = ''][normalize-space() != '']"


@dataclass(frozen=True)
class PagingGuess:
    current: FieldGuess | None
    next: FieldGuess | None
    last: FieldGuess | None
    block: str | None           # the pagination block's step, for the report


def _has_class(cls: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


# a «next» arrow drawn on the last page too, greyed out (a disabled item) or pointing nowhere
# («?», «#»): no next page
_LIVE_LINK = (f"[not(ancestor-or-self::*[{_has_class('disabled')}])][not(@aria-disabled = 'true')]"
              "[not(normalize-space(@href) = '?' or normalize-space(@href) = '#' or normalize-space(@href) = '')]")


def find_paging(root) -> PagingGuess:
    blocks: Counter[tuple[str, str]] = Counter()
    holders: dict[tuple[str, str], object] = {}
    for a in root.iter("a"):
        if not tree.text(a).isdigit() or not a.get("href"):
            continue
        for el in a.iterancestors():
            cls = _class_of(el)
            if cls is not None and tree.tag(el) != "a":
                key = (tree.tag(el), cls)
                blocks[key] += 1
                holders.setdefault(key, el)
                break
    rel_next = _rel_next(root)
    if not blocks:
        picked = _page_select(root)
        if picked is not None:
            return picked
        current = _page_of(root)
        return PagingGuess(current, rel_next or _titled_next(root) or _arrow_next(root), page_of_last(current), None)
    key = max(blocks, key=lambda k: blocks[k])
    t, cls = key
    anchor = f"/descendant::{t}[{_has_class(cls)}]"
    current = None
    numbers = [c for c in holders[key].iter()
               if isinstance(c.tag, str) and tree.tag(c) not in ("a", "script", "style") and tree.text(c).isdigit()
               and not any(tree.tag(x) == "a" for x in c.iterancestors()) and not c.findall(".//a")
               and not any(tree.text(k) for k in c if isinstance(k.tag, str) and k is not c)]
    # the current page is marked: a class saying so, else bold, else any number that is no link
    marked = [c for c in numbers if any(_CURRENT.search(x.get("class") or "") for x in (c, c.getparent()))]
    if not marked:
        # the current page drawn as a link of its own, in a marked item (NodeBB, Bootstrap)
        marked = [a for a in holders[key].iter("a") if tree.text(a).isdigit()
                  and any(_CURRENT.search(x.get("class") or "") for x in (a, a.getparent()))]
    bold = [c for c in numbers if tree.tag(c) in ("strong", "b", "em")]
    for group, how in ((marked, "marked"), (bold, "bold"), (numbers, "plain")):
        if not group:
            continue
        c = group[0]
        cond = ""
        if how == "marked":
            mark = next(x for x in (c, c.getparent()) if _CURRENT.search(x.get("class") or ""))
            word = next(w for w in (mark.get("class") or "").split() if _CURRENT.search(w))
            cond = f"[{_has_class(word)}]" if mark is c else f"[parent::*[{_has_class(word)}]]"
        plain_only = "" if tree.tag(c) == "a" else "[not(descendant::a)][not(ancestor::a)]"
        current_xpath = f"({anchor}/descendant::{tree.tag(c)}{cond}{plain_only}{_NUMBER_TEST})[1]"
        current = FieldGuess("xpath:" + current_xpath, note=f"the page number that is not a link, in {t}.{cls}")
        break
    nxt = None
    if current is not None:
        cur = current.selector[len("xpath:"):]
        nxt = FieldGuess(f"xpath:({anchor}/descendant::a[normalize-space() = "
                         f"string(number(normalize-space({cur})) + 1)])[1]", "href",
                         note=f"the link to the current page's number plus one, in {t}.{cls}")
    if nxt is not None and rel_next is not None and rel_next.selector.startswith("link") \
            and _same_query(root, nxt, rel_next):
        # the number link is a bare query (`?page=2`), which a page's URL with a post in its path
        # (NodeBB's `/topic/7/slug/1`) carries along; the page's own <link rel=next> says the same
        # query on the thread's address
        nxt = rel_next
    nxt = nxt or rel_next
    if nxt is None:
        for a in holders[key].iter("a"):
            if tree.text(a).casefold() in _NEXT_WORDS:
                word = tree.text(a)
                nxt = FieldGuess(f"xpath:({anchor}/descendant::a[normalize-space() = '{word}']{_LIVE_LINK})[1]", "href",
                                 note=f"the link «{word}» in {t}.{cls}")
                break
    if current is None:
        picked = _page_select(root)
        current = picked.current if picked is not None else _page_of(root)
    last = FieldGuess(f"xpath:({anchor}/descendant::*[self::a or self::strong or self::span or self::b or self::em]"
                      f"{_NUMBER_TEST})[last()]", note=f"the highest page number in {t}.{cls}")
    return PagingGuess(current, nxt, last, f"{t}.{cls}")


_NEXT_TITLE = re.compile(r"(?i)next|след")


def _titled_next(root) -> FieldGuess | None:
    """A link in a list of pages whose title or aria-label says «Next page» / «Следующая»."""
    for a in root.iter("a"):
        holder = next((x for x in a.iterancestors() if _class_of(x)), None)
        said = a.get("title") or a.get("aria-label") or ""
        if holder is not None and a.get("href") and _NEXT_TITLE.search(said):
            key = "title" if a.get("title") else "aria-label"
            h = _class_of(holder)
            return FieldGuess(f"xpath:(/descendant::{tree.tag(holder)}[{_has_class(h)}]/descendant::a"
                              f"[@{key} = '{said}']{_LIVE_LINK})[1]", "href", note=f"the link titled «{said}» in {tree.tag(holder)}.{h}")
    return None


def _page_select(root) -> PagingGuess | None:
    """A page chooser drawn as a <select> of page numbers (Something Awful): the selected one."""
    for sel in root.iter("select"):
        holder = next((x for x in sel.iterancestors() if _class_of(x)), None)
        options = [o for o in sel.iter("option")]
        if holder is None or not options or not all(tree.text(o).isdigit() for o in options):
            continue
        h = _class_of(holder)
        anchor = f"/descendant::{tree.tag(holder)}[{_has_class(h)}]"
        current = FieldGuess(f"xpath:({anchor}/descendant::option[@selected])[1]",
                             note=f"the selected page in the page chooser of {tree.tag(holder)}.{h}")
        last = FieldGuess(f"xpath:({anchor}/descendant::option)[last()]", note="the chooser's last page")
        return PagingGuess(current, _titled_next(root) or _rel_next(root), last, f"{tree.tag(holder)}.{h}")
    return None


def _page_of(root) -> FieldGuess | None:
    """A «Page 2 of 10» / «Страница 2 из 10» text: its innermost element with a class."""
    for el in root.iter():
        if not isinstance(el.tag, str) or tree.tag(el) in ("script", "style", "title", "head", "option"):
            continue
        own = tree.text(el)
        if len(own) > 60 or not _PAGE_OF.search(own):
            continue
        if any(_PAGE_OF.search(tree.text(c)) for c in el if isinstance(c.tag, str)):
            continue
        selector = _own_selector(root, el)
        if selector is None:
            continue
        return FieldGuess(selector, regex=r"(\d+)\D+\d+", note=f"the «{own}» text")
    return None


def _own_selector(root, el) -> str | None:
    """A selector whose first match on the page is `el`: its tag and class, else (a button
    drawn with layout classes only, Misago's «Page 2 of 3») below its nearest ancestor that
    has a class of its own."""
    from config.select import select_one
    tries = [f"{tree.tag(el)}.{c}" for c in tree.classes(el)[:1]]
    chain = [tree.step(el)]
    for anc in list(el.iterancestors())[:5]:
        if tree.tag(anc) in ("body", "html"):
            break
        chain.insert(0, tree.step(anc))
        if tree.classes(anc):        # the path down from an ancestor with a class of its own
            tries.append(" > ".join(chain))
    for sel in tries:
        try:
            if select_one(root, sel) is el:
                return sel
        except ValueError:
            continue
    return None


def page_of_last(current: FieldGuess | None) -> FieldGuess | None:
    """The last page out of the same «Page 2 of 3» text the current page is read from."""
    if current is None or current.regex != r"(\d+)\D+\d+":
        return None
    return FieldGuess(current.selector, regex=r"\d+\D+(\d+)", note=current.note.replace("the «", "the last number in the «"))


def _arrow_next(root) -> FieldGuess | None:
    """A «next» link drawn as an arrow: a link in a pagination element whose own class or an
    icon's inside says next/right/forward."""
    for a in root.iter("a"):
        if not a.get("href"):
            continue
        if "://" in (a.get("href") or ""):
            continue        # a page of this thread is on this site: a link written relative
        holder = next((x for x in a.iterancestors() if _class_of(x)), None)
        if holder is None:
            continue
        for el in a.iter():
            cls = next((c for c in (el.get("class") or "").split()
                        if re.search(r"(?i)next|chevron-right|arrow-right|forward", c)), None)
            if cls:
                h = _class_of(holder)
                return FieldGuess(f"xpath:(/descendant::{tree.tag(holder)}[{_has_class(h)}]/descendant::a"
                                  f"[descendant-or-self::*[{_has_class(cls)}]]{_LIVE_LINK})[1]", "href",
                                  note=f"the arrow link ({cls}) in {tree.tag(holder)}.{h}")
    return None


def _class_of(el) -> str | None:
    for c in tree.classes(el):
        if _PAGE_CLASS.search(c):
            return c
    return None


def _same_query(root, numbered: FieldGuess, rel_next: FieldGuess) -> bool:
    from html import unescape
    from urllib.parse import urlsplit
    from config.select import select_one
    try:
        a, link = select_one(root, numbered.selector), select_one(root, rel_next.selector)
    except ValueError:
        return False
    if a is None or link is None:
        return False
    href, canonical = unescape(a.get("href") or ""), unescape(link.get("href") or "")
    return href.startswith("?") and urlsplit(canonical).query == href[1:]


def _rel_next(root) -> FieldGuess | None:
    for a in root.iter("a", "link"):
        if (a.get("rel") or "").lower() == "next" and (a.get("href") or "#").strip() not in ("#", "?", ""):
            return FieldGuess(f"{tree.tag(a)}[rel='next']", "href", note="the page's rel=next link")
    return None
