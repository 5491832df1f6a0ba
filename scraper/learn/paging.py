"""Pagination: the block of numbered page links, the current page and the next page's link.

The pagination block is the element (with a class that says page/nav) holding the links
whose text is a page number. The current page is the number there that is not a link
(else a «Page 2 of 10» text). The next page is the page's own rel=next link when it has
one, else the link whose number is the current page's plus one (an XPath that computes
it, so it holds on every page and finds nothing on the last), else a «next»/«»» link.

A page may list other pages than its thread's: a busy board's own pages in a hidden popup of
the breadcrumb (MyBB: `forumdisplay.php?fid=2&page=2` on every thread page once the board has
more than one page of threads). Such a list is foreign: drawn hidden, or (when the thread's
address is known: the page's URL, its canonical link) linking another address. The thread's
list is the one that is not; the selectors exclude the foreign one by its id or classes, and a
page whose only list is foreign has no list of its own.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from html import unescape
from urllib.parse import parse_qsl, urljoin, urlsplit

from scraper.learn import tree
from scraper.learn.fields import FieldGuess

# a class naming a list of pages (not «page-body», «page-header»: the whole page)
_PAGE_CLASS = re.compile(r"(?i)pagination|paginator|paging|pagenav|page-?nav|pager?link|pages$|page-?list|"
                         r"page-?numbers?|pgn|pagenum")
_NEXT_WORDS = ("»", "›", ">", ">>", "next", "next ›", "next »", "след.", "следующая", "вперёд", "вперед", "→",
               "далее", "дальше")
_CURRENT = re.compile(r"(?i)current|active|selected|\bon\b")
_INERT = re.compile(r"(?i)(?:^|\s)disabled(?:\s|$)")
_PAGE_OF = re.compile(r"(?i)(?:page|страница|стр\.?)\s*(\d+)\s*(?:of|из|/)\s*(\d+)")
_NUMBER_TEST = "[translate(normalize-space(), '0123456789', '') = ''][normalize-space() != '']"


@dataclass(frozen=True)
class PagingGuess:
    current: FieldGuess | None
    next: FieldGuess | None
    last: FieldGuess | None
    block: str | None           # the pagination block's step, for the report
    single: str = ""            # the one-page test (`SINGLE`, kept off foreign lists)
    refused_next: str | None = None  # a rel=next not taken: none of the thread's page links


def _has_class(cls: str) -> str:
    return f"contains(concat(' ', normalize-space(@class), ' '), ' {cls} ')"


# a «next» arrow drawn on the last page too, greyed out (a disabled item) or pointing nowhere
# («?», «#»): no next page
_LIVE_LINK = (f"[not(ancestor-or-self::*[{_has_class('disabled')}])][not(@aria-disabled = 'true')]"
              "[not(normalize-space(@href) = '?' or normalize-space(@href) = '#' or normalize-space(@href) = '')]")


def find_paging(root, url: str | None = None) -> PagingGuess:
    """`url`: the page's address, when known (else its canonical link says the thread's)."""
    counts: Counter = Counter()
    linked: dict = {}        # a holder known by its links' own class (no ancestor says page)
    for a in root.iter("a"):
        if not tree.text(a).isdigit() or not a.get("href"):
            continue
        holder = _holder(a)
        if holder is not None:
            counts[holder] += 1
        else:
            if _class_of(a) is not None and a.getparent() is not None:
                counts[a.getparent()] += 1
                linked[a.getparent()] = _class_of(a)
    address = _thread_address(root, url)
    foreign = [el for el in counts if _hidden(el) or (address is not None and not _on_thread(el, address))]
    fence = Fence(foreign, [el for el in counts if el not in foreign])
    blocks: Counter[tuple[str, str]] = Counter()
    holders: dict[tuple[str, str], object] = {}
    for el, n in counts.items():
        if el in foreign:
            continue
        key = (tree.tag(el), _class_of(el) or "")
        if el in linked:
            key = (tree.tag(el), _LINKED + linked[el])
        blocks[key] += n
        holders.setdefault(key, el)
    rel_next = _rel_next(root)
    if not blocks:
        picked = _page_select(root, fence)
        if picked is not None:
            return picked
        current = _page_of(root)
        return PagingGuess(current, rel_next or _titled_next(root, fence) or _arrow_next(root, fence),
                           page_of_last(current), None, fence.single())
    key = max(blocks, key=lambda k: blocks[k])
    t, cls = key
    anchor = fence.anchor(t, cls) if not cls.startswith(_LINKED) else \
        f"/descendant::{t}[a[{_has_class(cls[len(_LINKED):])}]]"
    if cls.startswith(_LINKED):
        cls = f"[its links .{cls[len(_LINKED):]}]"
    current = None
    numbers = [c for c in holders[key].iter()
               if isinstance(c.tag, str) and tree.tag(c) not in ("a", "script", "style") and tree.text(c).isdigit()
               and not any(tree.tag(x) == "a" for x in c.iterancestors()) and not c.findall(".//a")
               and not any(tree.text(k) for k in c if isinstance(k.tag, str) and k is not c)]
    # the current page is marked: a class saying so, else bold, else any number that is no link
    marked = [c for c in numbers if any(_CURRENT.search(x.get("class") or "") for x in (c, c.getparent()))]
    if not marked:
        # the current page drawn as a link of its own, in a marked item (NodeBB, Bootstrap), or in
        # a greyed-out one (pybbm's <li class="disabled"><a href="?page=2">2</a>), when only one is
        marked = [a for a in holders[key].iter("a") if tree.text(a).isdigit()
                  and any(_CURRENT.search(x.get("class") or "") for x in (a, a.getparent()))]
        inert = [a for a in holders[key].iter("a") if tree.text(a).isdigit()
                 and any(_INERT.search(x.get("class") or "") for x in (a, a.getparent()))]
        marked = marked or (inert if len({tree.text(a) for a in inert}) == 1 else [])
    bold = [c for c in numbers if tree.tag(c) in ("strong", "b", "em")]
    if not numbers and not marked:
        bare = _bare_current(root, holders[key], anchor, t, cls)
        if bare is not None:
            return PagingGuess(*bare, fence.single())
    for group, how in ((marked, "marked"), (bold, "bold"), (numbers, "plain")):
        if not group:
            continue
        c = group[0]
        cond = ""
        if how == "marked":
            said = _CURRENT if any(_CURRENT.search(x.get("class") or "") for x in (c, c.getparent())) else _INERT
            mark = next(x for x in (c, c.getparent()) if said.search(x.get("class") or ""))
            word = next(w for w in (mark.get("class") or "").split() if said.search(w))
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
    refused = None
    if nxt is None and rel_next is not None:
        nxt = _kept_to(rel_next, root, holders[key], anchor)
        refused = None if nxt is not None else _rel_next_href(root)
    if nxt is None:
        for a in holders[key].iter("a"):
            if tree.text(a).casefold() in _NEXT_WORDS:
                word = tree.text(a)
                nxt = FieldGuess(f"xpath:({anchor}/descendant::a[normalize-space() = '{word}']{_LIVE_LINK})[1]", "href",
                                 note=f"the link «{word}» in {t}.{cls}")
                break
    if current is None:
        picked = _page_select(root, fence)
        current = picked.current if picked is not None else _page_of(root)
    last = FieldGuess(f"xpath:({anchor}/descendant::*[self::a or self::strong or self::span or self::b or self::em]"
                      f"{_NUMBER_TEST})[last()]", note=f"the highest page number in {t}.{cls}")
    return PagingGuess(current, nxt, last, f"{t}.{cls}", fence.single(),
                       refused if nxt is None else None)


_LINKED = "a."      # a holder's key when its number links carry the page class, not it


def _holder(a):
    """The list of pages a number link stands in: its nearest ancestor whose class says page,
    or, where that one holds this link's number only (a class on each item of the list,
    `<li class="linavPages">`), the nearest such ancestor above it holding more page numbers."""
    lists = [el for el in a.iterancestors() if _class_of(el) is not None and tree.tag(el) != "a"]
    return next((el for el in lists if _page_numbers(el) > 1), lists[0] if lists else None)


def _page_numbers(el) -> int:
    """How many page numbers (a link's or the current page's) an element holds."""
    return sum(1 for c in el.iter() if isinstance(c.tag, str) and tree.text(c).isdigit()
               and not any(isinstance(k.tag, str) and tree.text(k) == tree.text(c) for k in c))


# a text node standing beside a number link and ending in a number, once «[]|» and blanks are
# taken off («Pages (3): [1», « 2 », « 3]»): the current page written as bare text between the links
_STRIPPED = "normalize-space(translate(., '[]|\u00a0', '    '))"
_BARE_NUMBER = (f"[string-length({_STRIPPED}) > 0][contains('0123456789', substring({_STRIPPED}, "
                f"string-length({_STRIPPED}), 1))]"
                f"[preceding-sibling::*[1][self::a]{_NUMBER_TEST} or following-sibling::*[1][self::a]{_NUMBER_TEST}]")
_LAST_NUMBER = r"(\d+)\D*$"


def _bare_current(root, holder, anchor: str, t: str, cls: str):
    """(current, next, last, block) where the current page is no element but a text node between
    the number links, or None. Checked on the page: its number is no link's and a link's number
    is one off it (else it is some other number: a count of pages before the list)."""
    texts = holder.xpath(f"text(){_BARE_NUMBER}")
    if not texts:
        return None
    m = re.search(_LAST_NUMBER, str(texts[0]))
    linked = {int(tree.text(a)) for a in holder.iter("a") if tree.text(a).isdigit()}
    if m is None or int(m.group(1)) in linked or not ({int(m.group(1)) - 1, int(m.group(1)) + 1} & linked):
        return None
    where = f"({anchor}/text(){_BARE_NUMBER})[1]"
    current = FieldGuess("xpath:" + where, regex=_LAST_NUMBER,
                         note=f"the page number written as text between the page links, in {t}.{cls}")
    nxt = FieldGuess(f"xpath:{where}/following-sibling::*[1][self::a]{_NUMBER_TEST}", "href",
                     note=f"the number link right after the current page's number, in {t}.{cls}")
    last = FieldGuess(f"xpath:({anchor}/a{_NUMBER_TEST} | {anchor}/text(){_BARE_NUMBER})[last()]",
                      regex=_LAST_NUMBER, note=f"the last page number, a link or the current one, in {t}.{cls}")
    return current, nxt, last, f"{t}.{cls}"


class Fence:
    """The foreign page lists of a page (another address's pages, or drawn hidden): the learned
    selectors are kept off them."""

    def __init__(self, foreign: list, own: list = ()) -> None:
        self.foreign = foreign
        self.marks = [_mark(el, own) for el in foreign]

    def anchor(self, t: str, cls: str) -> str:
        """`/descendant::t[class]`, less the foreign lists that step would match too."""
        out = f"/descendant::{t}[{_has_class(cls)}]"
        for el, mark in zip(self.foreign, self.marks):
            if tree.tag(el) == t and cls in (el.get("class") or "").split():
                out += f"[not({mark})]"
        return out

    def single(self) -> str:
        """`SINGLE`, counting no link of a foreign list (its «1», «2» are the board's pages)."""
        if not self.foreign:
            return SINGLE
        outside = "".join(f"[not(ancestor::*[{mark}])]" for mark in self.marks)
        return f"xpath:/html[not(//a[@href][normalize-space() = '1' or normalize-space() = '2']{outside})]"


def _mark(el, own) -> str:
    """An XPath test true of the foreign list `el` and of none of the thread's own lists: its id,
    else its whole class attribute, else the address its number links share (their path)."""
    if el.get("id") and re.fullmatch(r"[\w-]+", el.get("id")) and not any(o.get("id") == el.get("id") for o in own):
        return f"@id = '{el.get('id')}'"
    classes = " ".join((el.get("class") or "").split())
    if not any(" ".join((o.get("class") or "").split()) == classes for o in own):
        return f"normalize-space(@class) = '{classes}'"
    paths = {urlsplit(unescape(a.get("href"))).path for a in el.iter("a") if a.get("href") and tree.text(a).isdigit()}
    path = min(paths, key=len) if paths else ""
    return f"descendant::a[starts-with(@href, '{path}')]" if path and "'" not in path else "false()"


def _hidden(el) -> bool:
    """Drawn hidden (a popup the page opens on a click): `display: none` or `hidden` on it or
    an ancestor."""
    for x in (el, *el.iterancestors()):
        style = (x.get("style") or "").replace(" ", "").lower()
        if "display:none" in style or x.get("hidden") is not None:
            return True
    return False


def _thread_address(root, url: str | None):
    """The thread's address: the page's URL when it is one, else its canonical link."""
    for candidate in (url, *(l.get("href") for l in root.iter("link") if (l.get("rel") or "").lower() == "canonical")):
        if candidate and urlsplit(candidate).scheme in ("http", "https"):
            return candidate
    return None


# where gorod finds a thread's number in its URL (the ones gorod.loop.forum.topic_id_of reads,
# in its order: the writer is called with that number)
THREAD_IN_URL = (r"/topic/(\d+)", r"/t/[^/]+/(\d+)", r"[?&]t=(\d+)", r"[?&]tid=(\d+)", r"[?&;]topic=(\d+)",
                 r"[?&]id=(\d+)", r"/(\d+)(?:[-/]|$)")


def _thread_number(address: str) -> str | None:
    rest = urlsplit(address)._replace(scheme="", netloc="").geturl()
    return next((m.group(1) for m in (re.search(p, rest) for p in THREAD_IN_URL) if m), None)


def _on_thread(holder, address: str) -> bool:
    """Some number link of the list goes to the thread's address: it holds the thread's number
    (a canonical `?topic=66925.0` and a link `/topic,66925.25.html` are one thread), or it has
    the same path (or one path below the other: a page as a path segment) and, where the address
    has a query, a parameter of it with the same value, or the same parameters (`topic=5.0`,
    `topic=5.10`)."""
    here = urlsplit(address)
    own = parse_qsl(here.query, keep_blank_values=True)
    number = _thread_number(address)
    for a in holder.iter("a"):
        if not tree.text(a).isdigit() or not a.get("href"):
            continue
        href = unescape(a.get("href"))
        if number and re.search(rf"(?<![\d.]){number}(?!\d)", urlsplit(href).path + "?" + urlsplit(href).query):
            return True
        there = urlsplit(urljoin(address, href))
        p, q = here.path.rstrip("/"), there.path.rstrip("/")
        if there.netloc != here.netloc or not (p == q or q.startswith(p + "/") or p.startswith(q + "/")):
            continue
        theirs = parse_qsl(there.query, keep_blank_values=True)
        if not own or set(own) & set(theirs) or {k for k, _ in own} == {k for k, _ in theirs}:
            return True
    return False


_NEXT_TITLE = re.compile(r"(?i)next|след")


def _titled_next(root, fence: Fence) -> FieldGuess | None:
    """A link in a list of pages whose title or aria-label says «Next page» / «Следующая»."""
    for a in root.iter("a"):
        holder = next((x for x in a.iterancestors() if _class_of(x)), None)
        said = a.get("title") or a.get("aria-label") or ""
        if holder is not None and holder not in fence.foreign and a.get("href") and _NEXT_TITLE.search(said):
            key = "title" if a.get("title") else "aria-label"
            h = _class_of(holder)
            return FieldGuess(f"xpath:({fence.anchor(tree.tag(holder), h)}/descendant::a"
                              f"[@{key} = '{said}']{_LIVE_LINK})[1]", "href", note=f"the link titled «{said}» in {tree.tag(holder)}.{h}")
    return None


def _page_select(root, fence: Fence) -> PagingGuess | None:
    """A page chooser drawn as a <select> of page numbers (Something Awful): the selected one."""
    for sel in root.iter("select"):
        holder = next((x for x in sel.iterancestors() if _class_of(x)), None)
        options = [o for o in sel.iter("option")]
        if holder is None or not options or not all(tree.text(o).isdigit() for o in options):
            continue
        h = _class_of(holder)
        anchor = fence.anchor(tree.tag(holder), h)
        current = FieldGuess(f"xpath:({anchor}/descendant::option[@selected])[1]",
                             note=f"the selected page in the page chooser of {tree.tag(holder)}.{h}")
        last = FieldGuess(f"xpath:({anchor}/descendant::option)[last()]", note="the chooser's last page")
        return PagingGuess(current, _titled_next(root, fence) or _rel_next(root), last, f"{tree.tag(holder)}.{h}",
                           fence.single())
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
        # from the page's own word on: «3 posts • Page 1 of 1» has another number before it
        word = re.escape(_PAGE_OF.search(own).group(0).split()[0].rstrip("0123456789"))
        return FieldGuess(selector, regex=f"{word}\\s*(\\d+)\\D+\\d+", note=f"the «{own}» text")
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
    if current is None or not (current.regex or "").endswith("(\\d+)\\D+\\d+"):
        return None
    regex = current.regex[: -len("(\\d+)\\D+\\d+")] + "\\d+\\D+(\\d+)"
    return FieldGuess(current.selector, regex=regex, note=current.note.replace("the «", "the last number in the «"))


# no link on the page says «1» or «2»: it links no other page of its thread by number, so it is
# the thread's only page (read only where current, last and next find nothing)
SINGLE = "xpath:/html[not(//a[@href][normalize-space() = '1' or normalize-space() = '2'])]"


def _arrow_next(root, fence: Fence) -> FieldGuess | None:
    """A «next» link drawn as an arrow: a link in a pagination element whose own class or an
    icon's inside says next/right/forward."""
    for a in root.iter("a"):
        if not a.get("href"):
            continue
        if "://" in (a.get("href") or ""):
            continue        # a page of this thread is on this site: a link written relative
        holder = next((x for x in a.iterancestors() if _class_of(x)), None)
        if holder is None or holder in fence.foreign:
            continue
        for el in a.iter():
            cls = next((c for c in (el.get("class") or "").split()
                        if re.search(r"(?i)next|chevron-right|arrow-right|forward", c)), None)
            if cls:
                h = _class_of(holder)
                return FieldGuess(f"xpath:({fence.anchor(tree.tag(holder), h)}/descendant::a"
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


def _kept_to(rel_next: FieldGuess | None, root, holder, anchor: str) -> FieldGuess | None:
    """The page's rel=next, read only where it is one of the thread's own page links: a forum
    may point it at the next topic on the thread's last page (`?topic=2.0;prev_next=next`),
    which the poller would read as this thread's next page. Where it is none of them on the
    page learned from, it is not taken (no next link is better than a wrong one)."""
    if rel_next is None:
        return None
    link = next((l for l in root.iter("a", "link") if (l.get("rel") or "").lower() == "next"), None)
    own = {a.get("href") for a in holder.iter("a") if a.get("href")}
    href = link.get("href") if link is not None else None
    if href not in own or "'" in href:
        return None
    return FieldGuess(f"xpath:(//{tree.tag(link)}[@rel = 'next'][@href = {anchor}/descendant::a/@href])[1]", "href",
                      note=rel_next.note + ", where it is one of the page links of the list")


def _rel_next_href(root) -> str | None:
    return next((a.get("href") for a in root.iter("a", "link") if (a.get("rel") or "").lower() == "next"), None)


def _rel_next(root) -> FieldGuess | None:
    for a in root.iter("a", "link"):
        if (a.get("rel") or "").lower() == "next" and (a.get("href") or "#").strip() not in ("#", "?", ""):
            return FieldGuess(f"{tree.tag(a)}[rel='next']", "href", note="the page's rel=next link")
    return None
