"""The post's author: a short name, a profile link where there is one, that differs between posts."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.learn.fields.guess import FieldGuess, css_xpath, first


PROFILE_LINK = re.compile(r"(?i)(?:member|profile|user|author|showuser|viewprofile|[?&;](?:u|uid|user(?:id)?)=\d|"
                          r"/u/|/users?/|/members?/|/profiles?/|action=profile)")


_LABELS = frozenset("""quote reply report edit like share top ответ цитата цитировать ответить жалоба
    изменить редактировать пожаловаться профиль profile pm лс online offline онлайн офлайн guest гость
    posts сообщений сообщения joined регистрация""".split())


_ICON_CLASS = re.compile(r"(?i)icon|badge|avatar|status|online|offline|flag")


_LABEL_WORDS = frozenset("""view user profile send message private email website find more by all posts
    quote reply report edit delete like share top multi-quote pm ред ред. удал удал. удалить жалоба
    цитата цитировать ответить профиль написать сообщение личное сайт найти все""".split())


_NAMEISH = re.compile(r"(?i)author|user|name|poster|nick|member|login|by")


_NOT_NAME = re.compile(r"(?i)title|rank|group|status|date|time|count|joined|location|sign|avatar|"
                       r"reputation|karma|level|badge|stat|online|offline")


def find_author(blocks: list, avoid: list) -> FieldGuess | None:
    """A short name, a link to a profile where there is one, that differs between posts."""
    votes: Counter[str] = Counter()
    for b in blocks[:15]:
        for el in b.iter():
            if not isinstance(el.tag, str) or el is b:
                continue
            value = tree.text(el)
            if name_like(value):
                votes.update(tree.relative_selectors(el, b))
    best = None
    n = len(blocks)
    for sel in votes:
        found = [first(b, sel) for b in blocks]
        values = [tree.text(f) if f is not None else None for f in found]
        good = [v for v in values if v and name_like(v)]
        if len(good) < 0.9 * n or len(good) < sum(1 for v in values if v):
            continue        # (a post's subject where a deleted member has no link: a wrong name, worse than none)
        if len({_path(f, b) for f, b in zip(found, blocks) if f is not None}) > 1:
            continue        # found in another place in some post (SMF's «Logged» link where the name has none)
        if n >= 3 and len(set(good)) == 1 and not all(names_a_profile(f) for f in found if f is not None):
            continue        # the same word in every post and no member's link: a label, not a name
        if counted_label(good) and not all(names_a_profile(f) for f in found if f is not None):
            continue        # «сообщение #3», «#4», …: the post's own link (its number), not a name
        if any(f is not None and any(a is not None and tree.contains(f, a) for a in avoid_b)
               for f, avoid_b in zip(found, avoid)):
            continue
        score = 0.0
        sample = next(f for f in found if f is not None)
        present = [f for f in found if f is not None]
        score += 3 * sum(names_a_profile(f) for f in present) / len(present)
        if not all(names_a_profile(f) for f in present) and member_link(present):
            score += 3      # a link whose number follows the name: a member's page, whatever its address
        names = " ".join([sel, sample.get("class") or "", sample.get("itemprop") or ""])
        if _NAMEISH.search(names):
            score += 2
        if _NOT_NAME.search(sel):
            score -= 3
        if sample.tag in ("strong", "b", "a", "cite", "dt", "h2", "h3", "h4", "h5"):
            score += 1
        position = _position(blocks[0], first(blocks[0], sel))
        score -= position * 1.5
        score -= sel.count(" ") * 0.1
        rank = (score, len(good))
        if best is None or rank > best[0]:
            best = (rank, sel)
    if best is None:
        return _first_line_author(blocks, avoid)
    primary = _author_guess(best[1], blocks)
    gaps = [b for b in blocks if first(b, best[1]) is None]
    if not gaps:
        return primary
    # posts where it finds nothing (a deleted member's name is no link): a second place, tried
    # after it, that reads a name in each of them and finds nothing, or the same name, elsewhere
    filler = _author_filler(best[1], blocks, gaps, avoid)
    if filler is None:
        return primary
    return FieldGuess(None, note=f"a short name in every post: {primary.note}; in {len(gaps)} post(s) without it, "
                                 f"{filler.selector}", alternatives=(primary, filler))


def _first_line_author(blocks: list, avoid: list) -> FieldGuess | None:
    """A name that is the first line of an element's text, before a break, the member's
    statistics after it («Петя<br>Сообщений: 21»): that element's first text, where it is a
    short name in every post, in the same place, and differs between posts."""
    votes: Counter[str] = Counter()
    for b in blocks[:15]:
        for el in b.iter():
            if isinstance(el.tag, str) and el is not b and name_like((el.text or "").strip()) \
                    and any(tree.tag(k) == "br" for k in el) and tree.classes(el):
                votes[tree.step(el)] += 1
    n = len(blocks)
    for sel, count in votes.most_common(3):
        found = [first(b, sel) for b in blocks]
        names = [(f.text or "").strip() if f is not None else "" for f in found]
        if sum(1 for v in names if name_like(v)) < 0.9 * n or (n >= 3 and len(set(names)) < 2):
            continue
        if any(f is not None and any(a is not None and not isinstance(a, str) and tree.contains(f, a) for a in av)
               for f, av in zip(found, avoid)):
            continue
        return FieldGuess("xpath:" + css_xpath(sel) + "/text()[normalize-space()][1]",
                          note=f"a short name in every post: the first line of {sel}, before the member's details")
    return None


def _path(el, top) -> tuple[str, ...]:
    """The tags of `el`, its parent and grandparent (below `top`): where in a post it stands."""
    steps = []
    while el is not None and el is not top and len(steps) < 3:
        steps.append(tree.tag(el))
        el = el.getparent()
    return tuple(reversed(steps))


def _author_filler(sel: str, blocks: list, gaps: list, avoid: list) -> FieldGuess | None:
    votes: Counter[str] = Counter()
    for b in gaps:
        for el in b.iter():
            if isinstance(el.tag, str) and el is not b and name_like(tree.text(el)):
                votes.update(tree.relative_selectors(el, b))
    for other, _ in votes.most_common():
        agrees = True
        for b, av in zip(blocks, avoid):
            got, main = first(b, other), first(b, sel)
            if got is not None and any(a is not None and tree.contains(got, a) for a in av):
                agrees = False
            elif main is None:
                agrees = got is not None and name_like(tree.text(got))
            elif got is not None and tree.text(got) != tree.text(main):
                agrees = False
            if not agrees:
                break
        if agrees:
            return FieldGuess(other, note=f"{other}, where the first finds nothing")
    return None


def _author_guess(sel: str, blocks: list) -> FieldGuess:
    found = [f for f in (first(b, sel) for b in blocks) if f is not None]
    if any(_ICON_CLASS.search(k.get("class") or "") and tree.text(k) for f in found for k in f.iter() if k is not f):
        # an icon drawn as a letter inside the name («Scream<i class=icon>ᵥ</i>»): the name's own text only
        return FieldGuess("xpath:" + css_xpath(sel) + "/text()[normalize-space()]",
                          note="a short name in every post (its own text, without the icon inside it)")
    values = [tree.text(f) for f in found]
    label = _common_label(values)
    if label:
        # «Автор: Алиса»: the label every post repeats before the name is cut off
        return FieldGuess(sel, regex=f"^(?:{re.escape(label)})?\\s*(.+)$",
                          note=f"a short name in every post, differing between posts, after «{label}»")
    return FieldGuess(sel, note="a short name in every post, differing between posts")


def _common_label(values: list[str]) -> str | None:
    """A «Word:» every value starts with (a label before the name), or None."""
    heads = Counter(v.split(":", 1)[0] + ":" for v in values if ":" in v and len(v.split(":", 1)[0]) <= 15)
    if not heads:
        return None
    head, count = heads.most_common(1)[0]
    return head if count >= 0.9 * len(values) and len(values) >= 1 else None


def counted_label(values: list[str]) -> bool:
    """The same words in every post but for a number that differs in each («сообщение #2»,
    «сообщение #3»; «#1», «#2»): a counter or the post's own number, not a member's name (a
    thread's names repeat from post to post)."""
    if len(values) < 2:
        return False
    numbers = [re.findall(r"\d+", v) for v in values]
    if not all(numbers):
        return False
    words = {re.sub(r"\d+", "#", v) for v in values}
    return len(words) == 1 and len({tuple(x) for x in numbers}) == len(values)


def _link_of(el):
    node = el
    for _ in range(3):
        if node is None:
            return None
        if tree.tag(node) == "a":
            return node
        node = node.getparent()
    links = [a for a in el.iter("a") if tree.text(a) == tree.text(el)]
    return links[0] if links else None


def member_link(found: list) -> bool:
    """The elements are links (or in links) whose address carries a number that follows the name:
    the same name links the same number, different names different numbers, and some name comes
    back (a member's page, however the forum names it: `?t=usrinfo&id=7`)."""
    pairs = []
    for el in found:
        a = _link_of(el)
        if a is None:
            return False
        nums = re.findall(r"\d+", a.get("href") or "")
        if not nums:
            return False
        pairs.append((tree.text(el), tuple(nums)))
    names = {n for n, _ in pairs}
    if len(names) == len(pairs) or len(names) < 2:
        return False
    by_name: dict = {}
    by_number: dict = {}
    for name, nums in pairs:
        by_name.setdefault(name, set()).add(nums)
        by_number.setdefault(nums, set()).add(name)
    return all(len(v) == 1 for v in by_name.values()) and all(len(v) == 1 for v in by_number.values())


def names_a_profile(el) -> bool:
    """The element is (or is inside) a link to a member's profile, or holds one that says
    all it says: a name, not a name with an avatar letter or an «online» mark beside it."""
    node = el
    for _ in range(3):
        if node is None:
            break
        if tree.tag(node) == "a":
            return bool(PROFILE_LINK.search(node.get("href") or ""))
        node = node.getparent()
    return any(PROFILE_LINK.search(a.get("href") or "") and tree.text(a) == tree.text(el) for a in el.iter("a"))


def name_like(value: str | None) -> bool:
    if not value or len(value) > 40 or len(value.split()) > 4:
        return False
    if not any(ch.isalpha() for ch in value):
        return False
    if value.casefold().strip(":.!") in _LABELS:
        return False
    words = [w.casefold().strip(":.!,()[]|") for w in value.split()]
    if all(w in _LABELS or w in _LABEL_WORDS for w in words if w):
        return False        # «View User Profile», «Жалоба Ред. Удал.»: buttons, not a name
    # (a clock is a time; «Сообщений: 21» a member's statistics beside his name)
    return not re.search(r"\d{1,2}:\d\d|[^\W\d_]{3,}:\s*\d", value)


def _position(block, el) -> float:
    if el is None:
        return 1.0
    order = [e for e in block.iter() if isinstance(e.tag, str)]
    try:
        return order.index(el) / max(1, len(order))
    except ValueError:
        return 1.0
