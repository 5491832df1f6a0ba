"""The fields inside a post block: time, author, body, id, edit marker, quotes and spoilers.

Each finder looks at every block and keeps the selector whose first match (what the
extractor takes) is the same kind of thing in nearly every block: a time that parses,
a short name that differs between posts, the longest text that holds neither, a
number that differs in every post. A finder that finds nothing returns None, and
the learner says which field is missing.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from scraper.learn import tree
from scraper.dates import RELATIVE_DAYS
from scraper.learn.times import TimeHit
from scraper.text import element_text

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
EDIT_MARK = re.compile(r"(?i)(last edited|edited by|edited \d+ times?|\bedited\b|отредактирован|редактировал|"
                       r"изменено|изменён|изменен|последний раз редактировал|последнее редактирование|"
                       r"szerkesztve|modifié|bearbeitet)")
_QUOTE_CLASS = re.compile(r"(?i)quote|цитат")
_SPOILER_CLASS = re.compile(r"(?i)spoil|hidebox|\bhide\b|details")
_HEADER_CLASS = re.compile(r"(?i)head|title|cite|top|author|name")


@dataclass(frozen=True)
class FieldGuess:
    """A learned field: what the profile's field mapping will say."""

    selector: str | None
    attr: str | None = None
    regex: str | None = None
    note: str = ""          # why: written as a comment beside the field
    alternatives: tuple["FieldGuess", ...] = ()     # tried in order (a YAML list)
    kind: str | None = None     # the element kind the selector narrows (an edit notice's span.edit)

    def as_yaml(self):
        if self.alternatives:
            return [a.as_yaml() for a in self.alternatives]
        if self.attr is None and self.regex is None:
            return self.selector
        out = {}
        if self.selector:
            out["selector"] = self.selector
        if self.attr:
            out["attr"] = self.attr
        if self.regex:
            out["regex"] = self.regex
        return out


def element_of(block, guess: FieldGuess):
    """The element a learned field points at in a block (None: the block itself, or nothing)."""
    for g in guess.alternatives or (guess,):
        if g.selector is None:
            continue
        el = first(block, g.selector)
        if el is not None:
            return el
    return None


def first(context, selector: str | None):
    if selector is None:
        return context
    return tree._first(context, selector)


# ---------------------------------------------------------------- time

def find_time(blocks: list, timed: dict[int, TimeHit]) -> tuple[FieldGuess, tuple[str, ...]] | None:
    """The post's time and the date forms that read it: of the times each post holds (not in
    a quote), the place (a selector and an attribute or the text) that has one in nearly
    every post, whose times go forward from post to post (a join date or a «last seen» does
    not), the most precise (seconds over minutes), an attribute over a text."""
    candidates: dict[tuple[str | None, str | None], None] = {}
    for b in blocks[:20]:
        for el in b.iter():
            hit = timed.get(id(el))
            if hit is None or _in_quote(el, b):
                continue
            sels = [None] if el is b else tree.relative_selectors(el, b)
            if hit.attr and el is not b:
                # the attribute holding the time is itself a good sign of the element
                own = f"{tree.tag(el)}[{hit.attr}]"
                parent = el.getparent()
                sels = [f"{tree.step(parent)} > {own}" if parent is not b else own, own] + sels
            for sel in sels:
                candidates.setdefault((sel, hit.attr), None)
    n = len(blocks)
    scored, gappy, every = [], [], []
    for position, (sel, attr) in enumerate(candidates):
        hits = []
        for b in blocks:
            el = b if sel is None else first(b, sel)
            hit = timed.get(id(el)) if el is not None else None
            hits.append(hit if hit is not None and hit.attr == attr else None)
        present = [h for h in hits if h is not None]
        # where its text holds no time («25 minutes ago»), it would be read as one and fail
        gaps = [i for i, (h, b) in enumerate(zip(hits, blocks)) if attr is None and h is None
                and (b if sel is None else first(b, sel)) is not None]
        if present and not gaps and all(times_read(h) is not None for h in present):
            said = [None if h is not None else _value_at(b, sel, attr) for h, b in zip(hits, blocks)]
            every.append((position, sel, attr, hits, said))
        if len(present) < max(1, 0.5 * n):
            continue
        moments = [times_read(h) for h in present]
        if any(m is None for m in moments):
            continue
        # («Сегодня 09:15» says no day the learner knows: such times do not count in the order)
        dated = [m for m, h in zip(moments, present) if not _RELATIVE.search(h.value)]
        # (in either direction: a search listing shows the newest first)
        back = min(sum(1 for a, b in zip(dated, dated[1:]) if a > b),
                   sum(1 for a, b in zip(dated, dated[1:]) if a < b))
        if back > max(1, 0.2 * (len(moments) - 1)):
            continue        # a join date, a «last seen»: not the posts' own times
        forward = 1 - back / max(1, len(moments) - 1)
        seconds = any(m.second for m in moments)
        # a Unix time or a time with its zone says the moment; a bare local time needs the zone guessed
        absolute = all(h.formats[0].startswith("epoch") or (h.formats[0] == "iso" and _ZONED.search(h.value))
                       for h in present)
        rank = (len(present), forward, absolute, seconds, attr is not None, all(h.whole for h in present),
                -position)
        (gappy if gaps else scored).append((rank, sel, attr, hits, gaps))
    scored.sort(key=lambda c: c[0], reverse=True)
    gappy.sort(key=lambda c: c[0], reverse=True)
    if scored:
        _, sel, attr, hits, _ = scored[0]
        chosen = [(sel, attr, [h for h in hits if h is not None], None)]
        covered = [h is not None for h in hits]
    else:
        chosen, covered = [], [False] * n
    if sum(covered) < 0.9 * n:
        # a place that holds the time in most posts but says it some other way in a few («25
        # minutes ago» in MyBB's span.post_date, the moment in a <span title> inside it): the
        # place that holds those posts' times is tried first, and that one
        patched = _patched(gappy, every)
        if patched is not None:
            chosen, covered = patched, [True] * n
            scored = []
    if not chosen:
        return None
    # posts the first place misses (a post without the attribute): a second place, tried after it
    if not all(covered):
        for _, sel2, attr2, hits2, _ in scored[1:]:
            extra = [h for h, c in zip(hits2, covered) if h is not None and not c]
            if extra:
                chosen.append((sel2, attr2, extra, None))
                covered = [c or h is not None for c, h in zip(covered, hits2)]
            if all(covered):
                break
    if sum(covered) < 0.9 * n:
        return None
    guesses, forms = [], []
    for sel, attr, present, regex in chosen:
        these = [h.formats for h in present]
        if regex is None and not all(h.whole for h in present):
            regex = _span_regex(present)
            if regex is None:
                return None
            from scraper.learn.times import formats_reading
            cuts = [re.search(regex, element_text(h.element)) for h in present]
            these = [f for f in (formats_reading(m.group(1), False) for m in cuts if m) if f] or these
        forms += these
        where = f"the attribute {attr}" if attr else "the text"
        guesses.append(FieldGuess(sel, attr, regex, f"a time in {where} of {len(present)} of {n} posts"))
    note = ("a time in every post, later from post to post: " + "; else ".join(g.note for g in guesses)
            if len(guesses) > 1 else guesses[0].note + ", later from post to post")
    said = [h.value[h.span[0]:h.span[1]] for _, _, present, _ in chosen for h in present]
    if said and all(_RELATIVE.search(v) for v in said):
        # «Сегодня 11:41:55» only: any date form reads them; the clock's own shape (seconds, AM/PM)
        # is all the page says of the form of older dates
        forms = [_clock_shaped(said)]
        note += RELATIVE_ONLY
    if len(guesses) == 1:
        return FieldGuess(guesses[0].selector, guesses[0].attr, guesses[0].regex, note), _formats(forms)
    return FieldGuess(None, note=note, alternatives=tuple(guesses)), _formats(forms)


RELATIVE_ONLY = "; every time here is relative («Сегодня»): the form of older dates is a guess"


def relative_only(guess: FieldGuess) -> bool:
    """The time was learned from relative times only («Сегодня 11:41»): its date forms are a guess."""
    return guess.note.endswith(RELATIVE_ONLY)


def _clock_shaped(said: list[str]) -> tuple[str, ...]:
    """The known date forms whose clock is written as these times' clocks are (with seconds or
    without, with AM/PM or without), or all of them when none is."""
    from scraper.learn.times import known_formats
    seconds = any(re.search(r"\d:\d\d:\d\d", v) for v in said)
    ampm = any(re.search(r"(?i)\d\s*[ap]\.?\s?m\b", v) for v in said)
    fitting = tuple(f for f in known_formats() if f not in ("iso",) and "%H" in f + "%I"
                    and ("%S" in f) == seconds and ("%p" in f) == ampm)
    return fitting or known_formats()


def _patched(gappy: list, every: list):
    """The best place with gaps and the place filling them, as `chosen` places (the filler first:
    the extractor takes the first place that yields a value), or None. The filler has a time in
    every gap; where both have one, they agree; where the first has none and the second no gap,
    the filler has none either (it would be read there instead)."""
    for _, sel, attr, hits, gaps in gappy:
        for _, sel2, attr2, hits2, said2 in every:
            if sel2 == sel and attr2 == attr:
                continue
            if any(hits2[i] is None for i in gaps):
                continue
            if any(h2 is not None and (h is None and i not in gaps or h is not None and times_read(h) != times_read(h2))
                   for i, (h, h2) in enumerate(zip(hits, hits2))):
                continue
            covered = [h is not None or h2 is not None for h, h2 in zip(hits, hits2)]
            if sum(covered) < 0.9 * len(hits):
                continue
            # where it says something that is no time (MyBB's «Yesterday» has a <span title> with
            # the day only), a regex keeps it to times with a clock, or it would be read first
            other = [v for v in said2 if v]
            regex = None
            if other:
                if any(re.search(_CLOCK, v) for v in other):
                    continue
                regex = r"(?s)^\s*(\S.*?" + _CLOCK + ")"
                if not all(re.search(regex, h2.value) for h2 in hits2 if h2 is not None):
                    continue
            return [(sel2, attr2, [h for h in hits2 if h is not None], regex),
                    (sel, attr, [h for h in hits if h is not None], None)]
    return None


def _value_at(block, sel: str | None, attr: str | None) -> str | None:
    """What a place says in a post (its attribute, or its text), or None when it is not there."""
    el = block if sel is None else first(block, sel)
    if el is None or isinstance(el, str):
        return None
    return el.get(attr) if attr else tree.text(el)


_RELATIVE = re.compile(r"(?i)\b(?:" + "|".join(RELATIVE_DAYS) + r")\b")
_ZONED = re.compile(r"(?:Z|[+-]\d\d:?\d\d)$")


def times_read(hit: TimeHit):
    """The moment a time hit says (UTC for a time without a zone: only their order matters here)."""
    from scraper.learn.times import reader
    return reader(hit.formats).read(hit.value[hit.span[0]:hit.span[1]])


def own_time_elements(block, guess: FieldGuess | None, timed: dict[int, TimeHit]) -> list:
    """The elements of a post that show its own time: the one the learned field reads and any
    other showing the same moment (a <time> beside a data attribute; the same moment written
    in the forum's zone: the same minute, whole hours apart). They are the post's header,
    never its body."""
    if guess is None:
        return []
    el = element_of(block, guess)
    hit = timed.get(id(el if el is not None else block))
    if hit is None:
        return [el] if el is not None else []
    moment = times_read(hit)
    out = [el] if el is not None else []
    if moment is None:
        return out
    for k in block.iterdescendants():
        other = timed.get(id(k))
        if other is None or k is el or _in_quote(k, block):
            continue
        then = times_read(other)
        if then is not None and _same_moment(moment, then):
            out.append(k)
    return out


def _same_moment(a, b) -> bool:
    delta = abs((a.replace(tzinfo=None) - b.replace(tzinfo=None)).total_seconds()) \
        if (a.tzinfo is None) != (b.tzinfo is None) else abs((a - b).total_seconds())
    return delta <= 14 * 3600 and (delta % 3600 < 60 or delta % 3600 > 3540)


def _formats(forms: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The date forms that read every time, else each time's first form (in the table's order)."""
    common = set(forms[0])
    for f in forms[1:]:
        common &= set(f)
    if common:
        return tuple(f for f in forms[0] if f in common)
    out: dict[str, None] = {}
    for f in forms:
        out.setdefault(f[0], None)
    return tuple(out)


def _in_quote(el, block) -> bool:
    node = el.getparent()
    while node is not None and node is not block:
        if tree.tag(node) == "blockquote" or _QUOTE_CLASS.search(node.get("class") or ""):
            return True
        node = node.getparent()
    return False


_CLOCK = r"\d{1,2}:\d\d(?::\d\d)?(?:\s*[AaPp]\.?\s?[Mm]\.?)?"
_TAILS = (r"(\S.*\S)", r"(\S.*?" + _CLOCK + ")")


def _span_regex(hits: list[TimeHit]) -> str | None:
    """A regex whose group 1 cuts each hit's time out of the element's text (as the extractor
    reads it: lines and all), checked by reading what it cuts: the same moment in nearly
    every post. It starts after the punctuation that stands before the time («»», «|», «:»)."""
    candidates: list[str] = []
    anchors: Counter[str] = Counter()
    for h in hits:
        before = h.value[: h.span[0]]
        marks = [ch for ch in before if not ch.isalnum() and not ch.isspace() and ch not in ",."]
        if marks:
            anchors[marks[-1]] += 1
    for anchor, _ in anchors.most_common(3):
        for tail in _TAILS:
            candidates.append("(?s)" + re.escape(anchor) + r"\s*" + tail)
    candidates += ["(?s)^\\s*" + _TAILS[1], r"(\d{1,2}[./-]\d{1,2}[./-]\d{2,4},?\s+" + _CLOCK + ")"]
    # the anchor's last use before the time, where it is used before it too (SMF 2.1's «Sent to:
    # Мастер on: Today at 09:39 PM»: from the first «:» the cut would hold the name)
    for anchor, _ in anchors.most_common(3):
        candidates.append("(?s)" + re.escape(anchor) + r"\s*([^" + re.escape(anchor) + r"]*?" + _CLOCK + ")")
    from scraper.learn.times import known_formats, reader
    read = reader(known_formats()).read
    for rx in candidates:
        ok = 0
        for h in hits:
            m = re.search(rx, element_text(h.element))
            if m and read(m.group(1)) is not None and read(m.group(1)) == times_read(h):
                ok += 1
        if ok >= 0.9 * len(hits):
            return rx
    return None


# ---------------------------------------------------------------- author

def find_author(blocks: list, avoid: list) -> FieldGuess | None:
    """A short name, a link to a profile where there is one, that differs between posts."""
    votes: Counter[str] = Counter()
    for b in blocks[:15]:
        for el in b.iter():
            if not isinstance(el.tag, str) or el is b:
                continue
            value = tree.text(el)
            if _name_like(value):
                votes.update(tree.relative_selectors(el, b))
    best = None
    n = len(blocks)
    for sel in votes:
        found = [first(b, sel) for b in blocks]
        values = [tree.text(f) if f is not None else None for f in found]
        good = [v for v in values if v and _name_like(v)]
        if len(good) < 0.9 * n or len(good) < sum(1 for v in values if v):
            continue        # (a post's subject where a deleted member has no link: a wrong name, worse than none)
        if len({_path(f, b) for f, b in zip(found, blocks) if f is not None}) > 1:
            continue        # found in another place in some post (SMF's «Logged» link where the name has none)
        if n >= 3 and len(set(good)) == 1 and not all(_names_a_profile(f) for f in found if f is not None):
            continue        # the same word in every post and no member's link: a label, not a name
        if any(f is not None and any(a is not None and tree.contains(f, a) for a in avoid_b)
               for f, avoid_b in zip(found, avoid)):
            continue
        score = 0.0
        sample = next(f for f in found if f is not None)
        present = [f for f in found if f is not None]
        score += 3 * sum(_names_a_profile(f) for f in present) / len(present)
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
        return None
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
            if isinstance(el.tag, str) and el is not b and _name_like(tree.text(el)):
                votes.update(tree.relative_selectors(el, b))
    for other, _ in votes.most_common():
        agrees = True
        for b, av in zip(blocks, avoid):
            got, main = first(b, other), first(b, sel)
            if got is not None and any(a is not None and tree.contains(got, a) for a in av):
                agrees = False
            elif main is None:
                agrees = got is not None and _name_like(tree.text(got))
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
        return FieldGuess("xpath:" + _css_xpath(sel) + "/text()[normalize-space()]",
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


def _names_a_profile(el) -> bool:
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


def _name_like(value: str | None) -> bool:
    if not value or len(value) > 40 or len(value.split()) > 4:
        return False
    if not any(ch.isalpha() for ch in value):
        return False
    if value.casefold().strip(":.!") in _LABELS:
        return False
    words = [w.casefold().strip(":.!,()[]|") for w in value.split()]
    if all(w in _LABELS or w in _LABEL_WORDS for w in words if w):
        return False        # «View User Profile», «Жалоба Ред. Удал.»: buttons, not a name
    return not re.search(r"\d{1,2}:\d\d", value)


def _position(block, el) -> float:
    if el is None:
        return 1.0
    order = [e for e in block.iter() if isinstance(e.tag, str)]
    try:
        return order.index(el) / max(1, len(order))
    except ValueError:
        return 1.0


# ---------------------------------------------------------------- body

_BODY_TAGS = frozenset("div td article section blockquote span p li dd".split())


_DIGITS = re.compile(r"\d+")


def _has_twin(el) -> bool:
    """A sibling of the same tag with text of its own beside the element (an element with an
    id of its own is one of a kind: `div#post_message_N` beside the signature's plain div)."""
    parent = el.getparent()
    return parent is not None and el.get("id") is None and any(k is not el and k.tag == el.tag and k.get("class") == el.get("class")
                                      and k.get("id") is None and tree.text(k) for k in parent)


def _repeated_texts(blocks: list) -> set[str]:
    """Short texts of elements that stand in three posts or more (a third of them at least)."""
    counts: Counter[str] = Counter()
    for b in blocks:
        counts.update({tree.text(el) for el in b.iter() if isinstance(el.tag, str) and el is not b
                       and 0 < len(tree.raw_text(el)) <= 300})
    need = max(3, len(blocks) / 3)
    return {t for t, c in counts.items() if c >= need and t}


_HEADINGS = frozenset("h1 h2 h3 h4 h5 h6".split())


def _repeated_inside(el, repeated: set[str]) -> int:
    """How much of the element's text is repeated texts (outermost repeated parts only)."""
    total = 0
    stack = [k for k in el if isinstance(k.tag, str)]
    while stack:
        k = stack.pop()
        t = tree.text(k)
        if t in repeated or tree.tag(k) in _HEADINGS or _SIGNATURE.search(k.get("class") or "") or (
                len(t) < 200 and (EDIT_MARK.search(t) or _EDIT_CLASS.search(k.get("class") or ""))):
            # (a post's subject line is its title, a signature its author's, an edit notice the
            # forum's: none is its words)
            total += len(t)
        else:
            stack.extend(c for c in k if isinstance(c.tag, str))
    return total


def find_body(blocks: list, avoid: list) -> FieldGuess | None:
    """The longest text of each post that holds neither its author nor its time."""
    votes: Counter[str] = Counter()
    for b in blocks[:10]:
        for el in b.iter():
            # (a short post among many buttons is a small part of its block: any text counts)
            if isinstance(el.tag, str) and el is not b and tree.tag(el) in _BODY_TAGS \
                    and len(tree.raw_text(el).strip()) >= 8:
                votes.update(tree.relative_selectors(el, b)[:3])
    scored = []
    n = len(blocks)
    repeated = _repeated_texts(blocks)
    for sel in votes:
        found = [first(b, sel) for b in blocks]
        if sum(f is not None for f in found) < 0.9 * n:
            continue
        if sum(1 for f, av in zip(found, avoid) if f is not None and not any(
                a is not None and (tree.contains(f, a) or tree.contains(a, f)) for a in av)) < 0.9 * n:
            continue
        if any(f is not None and _has_twin(f) for f in found):
            continue        # the first of several paragraphs or quotes: a part of the body, not all of it
        texts = [tree.text(f) if f is not None else "" for f in found]
        seen = Counter(texts)
        # the same words but for the numbers in other posts («Posts: 9 Threads: 9 Joined: Dec
        # 2026», «Posts: 48 Threads: 0 …»): the author's statistics, a form the forum fills in
        # (two numbers at least: «Реплика №1: …», «Реплика №2: …» are words)
        shapes = Counter(_DIGITS.sub("#", t) for t in texts if len(_DIGITS.findall(t)) >= 2)
        # a text every post repeats (a «share» menu, a button row, the «Re: subject» line) is
        # no post's own words: not counted, also as a part of a larger element
        sizes = [len(t) - _repeated_inside(f, repeated) if f is not None and (seen[t] == 1 or n == 1)
                 and shapes[_DIGITS.sub("#", t)] < max(2, n / 2) else 0
                 for t, f in zip(texts, found)]
        if sum(sizes) <= 0:
            continue
        depth = sum(tree.depth_below(f, b) for f, b in zip(found, blocks) if f is not None)
        scored.append((sum(sizes), depth, sel, sizes))
    if not scored:
        return None
    if n == 1:
        # one post: nothing repeats to compare; an element whose id carries the post's own
        # number (MyBB's div#pid_105, vBulletin's div#post_message_N) is about this post
        numbered = [s for s in scored if _carries_post_number(first(blocks[0], s[2]), blocks[0])]
        if numbered:
            scored = numbered
    best = max(scored, key=lambda s: (s[0], -s[1]))
    # a tighter element holding the same words in every post (but for separators) is better:
    # it leaves out the frame around them
    near = [s for s in scored if all(a >= b - 3 for a, b in zip(s[3], best[3]))]
    size, depth, sel, _ = max(near, key=lambda s: (s[1], s[0], -len(s[2])))
    # or a tighter element that leaves out only what the forum adds under some posts: a
    # signature, an edit notice
    outer = [first(b, sel) for b in blocks]
    authors = [_said(av[0]) if av else None for av in avoid]
    tighter = [s for s in scored if s[1] > depth and _only_chrome_after(outer, [first(b, s[2]) for b in blocks], authors)]
    if tighter:
        size, depth, sel, _ = max(tighter, key=lambda s: (s[0], -s[1], -len(s[2])))
        return FieldGuess(sel, note="the longest text of each post, apart from its author and time, and "
                                    "without the signature or edit notice some posts carry under it")
    return FieldGuess(sel, note="the longest text of each post, apart from its author and time")


def _carries_post_number(el, block) -> bool:
    numbers = set(re.findall(r"\d{2,}", " ".join(v for k, v in block.attrib.items() if k == "id" or k.startswith("data-"))))
    return el is not None and bool(numbers & set(re.findall(r"\d{2,}", el.get("id") or "")))


def _said(found) -> str | None:
    """The words of a found author: an element's text, or the text node an XPath picked."""
    if found is None:
        return None
    return " ".join(str(found).split()) if isinstance(found, str) else tree.text(found)


def _only_chrome_after(outer: list, inner: list, authors: list) -> bool:
    """`inner` lies in `outer` in every post, and what `outer` holds beyond it comes after it
    and is, in every post that has more, the forum's: an edit notice, a block opening with the
    same separator (no letters, no digits) in several posts («__________________» before a signature), or the same
    words under each post of one author (a signature)."""
    extras: list[str] = []
    for o, i in zip(outer, inner):
        if o is None or i is None or i is o or not tree.contains(o, i):
            return False
        whole, part = element_text(o).strip(), element_text(i).strip()
        at = whole.find(part) if part else -1
        if at < 0 or at > 3:
            return False        # not inside, or words before it: a part of the post, not all of it
        extras.append(whole[at + len(part):].strip())
    more = [(e, a) for e, a in zip(extras, authors) if len(e) > 3]
    if not more:
        return False
    # a separator: a first word of punctuation only, the same under several posts
    heads = Counter(e.split()[0] for e, _ in more)
    by_author: dict = {}
    for e, a in more:
        by_author.setdefault(a, Counter())[e] += 1
    for e, a in more:
        head = e.split()[0]
        if len(e) < 200 and EDIT_MARK.search(e):
            continue
        if heads[head] >= 2 and not any(ch.isalnum() for ch in head):
            continue
        if a is not None and by_author[a][e] >= 2:
            continue
        return False
    return True


# ---------------------------------------------------------------- id

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
    from scraper.learn.blocks import _ID_ATTRS
    for attr in _ID_ATTRS:
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
        m = re.match(r"^([A-Za-z][A-Za-z_-]*?)[_-]?(\d+)$", v)
        if not m:
            return None
        prefixes.add(m.group(1))
    return prefixes.pop() if len(prefixes) == 1 else None


# ---------------------------------------------------------------- edits

_EDIT_CLASS = re.compile(r"(?i)edited|lastedit|editedby|modified|edit-?note|edit-?notice|edit-?reason")


def find_edited(blocks: list) -> FieldGuess | None:
    """The edit notice some posts carry («Last edited by …», «Изменено …»). Its `kind` lists
    every kind of notice the posts show (4PDA: the notice and the edit's reason), for the
    body to leave out."""
    notices = [_notices(b) for b in blocks]
    present = [n for ns in notices for n in ns]
    if not present:
        return None
    kinds = ", ".join(dict.fromkeys(tree.step(n) for n in present))
    template = _template(blocks, notices)
    if template is not None:
        # the notice stands in every post, the same words in the unedited ones (NodeBB's hidden
        # «отредактировано» with an empty name and date): an edited post's says more
        notices = [[n for n in ns if tree.text(n) != template] for ns in notices]
        if not any(notices):
            return None
    votes: Counter[str] = Counter()
    for b, ns in zip(blocks, notices):
        for n in ns:
            votes.update(tree.relative_selectors(n, b))
    edited = sum(1 for ns in notices if ns)
    counted = f"an edit notice, in {edited} of {len(blocks)} posts"
    if template is not None:
        for sel, _ in votes.most_common():
            if sel.startswith("xpath:") or "'" in template:
                continue
            saying = f"xpath:({_css_xpath(sel)})[normalize-space() != '{template}']"
            if _marks_at(blocks, notices, saying) == (True, False) and all(
                    ns or first(b, saying) is None for b, ns in zip(blocks, notices)):
                return FieldGuess(saying, note=f"{counted}: the {sel} that says more than «{template}», "
                                               "what every other post's says", kind=kinds)
        return None
    for sel, _ in votes.most_common():
        ok, others = _marks_at(blocks, notices, sel)
        if ok and not others:
            return FieldGuess(sel, note=counted, kind=kinds)
        # the same element kind says other things in other posts (4PDA's span.edit is also the
        # «attached files» label): a notice is one that opens with the notices' own words
        lead = _common_lead([tree.text(n) for b, ns in zip(blocks, notices) for n in ns if any(
            n is m for m in _all(b, sel))])
        if lead and "'" not in lead and not sel.startswith("xpath:"):
            opening = f"xpath:({_css_xpath(sel)})[starts-with(normalize-space(), '{lead}')]"
            if _marks_at(blocks, notices, opening) == (True, False):
                return FieldGuess(opening, note=f"{counted}: the {sel} that opens with «{lead}»", kind=kinds)
    return None


def _template(blocks: list, notices: list) -> str | None:
    """The words of an edit notice nearly every post carries, the same in most of them (the
    unedited posts' empty notice), or None."""
    if sum(1 for ns in notices if ns) < 0.9 * len(blocks) or len(blocks) < 3:
        return None
    said = Counter(tree.text(n) for ns in notices for n in ns)
    text, count = said.most_common(1)[0]
    return text if count >= len(blocks) / 2 else None


def _all(context, selector: str) -> list:
    from config.select import select
    try:
        return select(context, selector)
    except ValueError:
        return []


def _notices(block) -> list:
    """The edit notices of a post: the innermost elements with a class that say so in a short
    text, or whose class says «edited» on a line holding a number (not an «Edit» button)."""
    found = []
    for el in block.iter():
        if not isinstance(el.tag, str) or not el.get("class") or len(tree.raw_text(el)) >= 200:
            continue
        words = tree.raw_text(el)
        if EDIT_MARK.search(words) or (_EDIT_CLASS.search(el.get("class") or "") and re.search(r"\d", words)
                                       and tree.tag(el) not in ("a", "button") and len(words.split()) > 2):
            found.append(el)
    return [el for el in found if not any(o is not el and tree.contains(el, o) for o in found)]


def _marks_at(blocks: list, notices: list, sel: str) -> tuple[bool, bool]:
    """Whether `sel` finds a notice (its first match) in each post that has one, and whether it
    also finds something else, no notice, in a post without one."""
    others = False
    for b, ns in zip(blocks, notices):
        got = first(b, sel)
        if ns and not any(got is n for n in ns):
            return False, others
        if not ns and got is not None and tree.text(got) and not EDIT_MARK.search(tree.raw_text(got)):
            others = True
    return True, others


def _common_lead(texts: list[str]) -> str | None:
    """The words every edit notice opens with («Сообщение отредактировал», "Last edited by"),
    when they hold the notice's mark; else None."""
    words = [t.split() for t in texts if t]
    if not words:
        return None
    lead: list[str] = []
    for column in zip(*words):
        if len(set(column)) != 1:
            break
        lead.append(column[0])
    said = " ".join(lead)
    mark = EDIT_MARK.search(said)
    if mark is None:
        return None
    # up to the mark's last word: the editor's name and the time after it differ in other posts
    end = said.find(" ", mark.end())
    return said if end < 0 else said[:end]


# ---------------------------------------------------------------- quotes and spoilers

@dataclass(frozen=True)
class BodyParts:
    quote: str | None
    quote_header: str | None
    spoiler: str | None
    spoiler_header: str | None


_BLOCK_TAGS = frozenset("div blockquote table aside section dl fieldset article figure".split())


def find_body_parts(bodies: list) -> BodyParts:
    quotes, spoilers, qheads, sheads = Counter(), Counter(), Counter(), Counter()
    for body in bodies:
        if body is None:
            continue
        taken: set = set()          # quotes and spoilers found: what is inside them is theirs
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body or any(a in taken for a in el.iterancestors()):
                continue
            cls = el.get("class") or ""
            kids = [k for k in el if isinstance(k.tag, str)]
            if kids and len(kids) > 1 and _QUOTE_WORD.match(tree.text(kids[0])) and tree.tag(el) in _BLOCK_TAGS:
                # a frame whose first line says «Quote:» (vBulletin 3's tables): the quote, and that line its header
                said = tree.text(kids[0])
                where = f"descendant::{tree.tag(el)}[*[1][normalize-space() = '{said}']]"
                taken.add(el)
                quotes["xpath:" + where] += 1
                qheads[f"xpath:{where}/*[1]"] += 1
                continue
            if kids and any(_HIDDEN_STYLE.search(k.get("style") or "") for k in kids) \
                    and any(k.get("onclick") for k in kids) and tree.tag(el) in _BLOCK_TAGS:
                # a fold: a clickable line and the text it shows, hidden until clicked (Visman's spoiler)
                where = (f"descendant::{tree.tag(el)}[*[@onclick]]"
                         f"[*[contains(translate(@style, ' ', ''), 'display:none')]]")
                taken.add(el)
                spoilers["xpath:" + where] += 1
                sheads[f"xpath:{where}/*[@onclick]"] += 1
                continue
            if tree.tag(el) == "details" or (_SPOILER_CLASS.search(cls) and not _HEADER_CLASS.search(cls)):
                taken.add(el)
                spoilers[tree.step(el, _matching_class(el, _SPOILER_CLASS))] += 1
                for h in el.iterchildren():
                    if isinstance(h.tag, str) and (tree.tag(h) == "summary" or _HEADER_CLASS.search(h.get("class") or "")):
                        sheads[tree.step(h, _matching_class(h, _HEADER_CLASS))] += 1
                        break
            elif (tree.tag(el) == "blockquote" or (_QUOTE_CLASS.search(cls) and not _HEADER_CLASS.search(cls)
                                                   and tree.tag(el) in _BLOCK_TAGS)) \
                    and tree.text(el):      # (an empty «quote» box is a frame's corner, not a quote)
                taken.add(el)
                quotes[tree.step(el, _matching_class(el, _QUOTE_CLASS)) if tree.tag(el) != "blockquote"
                       else ("blockquote" if tree.tag(body) != "blockquote" else f"{tree.step(body)} blockquote")] += 1
                head = _quote_header(el)
                if head is not None:
                    qheads[head] += 1
    if not quotes:
        # no quote by its markup: a block inside a body that repeats another post's words is one
        quotes, qheads = _repeating_blocks(bodies)
    outer_quotes = _outermost(quotes)
    return BodyParts(
        quote=union(outer_quotes),
        quote_header=union([s for s, _ in qheads.most_common(2)]),
        spoiler=union([s for s, _ in spoilers.most_common(2)]),
        spoiler_header=union([s for s, _ in sheads.most_common(2)]),
    )


def _repeating_blocks(bodies: list) -> tuple[Counter, Counter]:
    """Quotes known by what they say: a block element of a body (with a class, or a frame
    with a class around it) whose words, but for a short first line («Вася:»), stand as
    another post's own words on these pages, and not in that post inside a block of the same
    kind (a signature repeats too, in the same place of each of its author's posts)."""
    quotes, heads = Counter(), Counter()
    present = [b for b in bodies if b is not None]
    texts = [tree.text(b) for b in present]
    for i, body in enumerate(present):
        for el in body.iter(*_BLOCK_TAGS):
            if el is body or not tree.classes(el) or any(tree.tag(a) in _BLOCK_TAGS and a is not body
                                                         and tree.classes(a) and step_of(a) in quotes
                                                         for a in el.iterancestors()):
                continue
            kids = [k for k in el if isinstance(k.tag, str)]
            words = tree.text(el)
            if kids and len(tree.text(kids[0])) <= 80 and len(kids) > 1:
                words = " ".join(tree.text(k) for k in kids[1:])
            if len(words) < 20 or len(tree.text(el)) >= len(texts[i]):
                continue        # too short to tell, or all the post says
            kind = step_of(el)
            for j, other in enumerate(present):
                if j == i or words not in texts[j]:
                    continue
                from config.select import select
                if any(words in tree.text(k) for k in select(other, kind)):
                    continue    # the same kind of block there too: chrome, a signature
                quotes[kind] += 1
                head = _quote_header(el)
                if head is not None:
                    heads[head] += 1
                break
    return quotes, heads


def step_of(el) -> str:
    """`tag.class` with the element's first stable class (a quote kind)."""
    return tree.step(el)


def union(selectors: list[str]) -> str | None:
    """Selectors as one: a CSS list, or an XPath union when one of them is XPath."""
    if not selectors:
        return None
    if not any(x.startswith("xpath:") for x in selectors):
        return ", ".join(selectors)
    return "xpath:" + " | ".join(x[len("xpath:"):] if x.startswith("xpath:") else _css_xpath(x) for x in selectors)


def _css_xpath(selector: str) -> str:
    from config.select import css_to_xpath
    return css_to_xpath(selector)


def _matching_class(el, pattern) -> str | None:
    for c in tree.classes(el):
        if pattern.search(c):
            return c
    return None


_WROTE = re.compile(r"(?i)(?:wrote|said|posted|писал|пишет|сказал|цитата|quote)\W*$|:\W*$|"
                    r"\b(?:posted by|quote from)\b")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none")
_QUOTE_WORD = re.compile(r"(?i)^(?:quote|цитата|zitat|citation|idézet)\s*:?$")


def _quote_header(quote) -> str | None:
    """The quote's «X wrote:» line: a short first element of the quote (or of its only
    wrapper) ending in a colon or in «wrote», «said», «писал(а)»."""
    step = tree.step(quote, _matching_class(quote, _QUOTE_CLASS)) if tree.tag(quote) != "blockquote" else "blockquote"
    inline = _first_line_header(quote, step)
    if inline is not None:
        return inline
    node = quote
    for _ in range(4):      # (below a wrapper or three: Cobalt's quote-content > quote-body > quote-source)
        kids = [k for k in node if isinstance(k.tag, str) and tree.text(k)]     # (an icon says nothing)
        if not kids:
            break
        h = kids[0]
        words = tree.text(h)
        if tree.tag(h) == "cite" and words and len(words) <= 120:
            return f"{step} cite"
        if words and len(words) <= 80 and _WROTE.search(words) and len(words) < 0.6 * len(tree.text(quote)):
            if tree.classes(h):
                return f"{step} {tree.step(h)}"
            after = h.getnext()
            while after is not None and not isinstance(after.tag, str):
                after = after.getnext()
            if after is not None and (tree.tag(after) == "blockquote" or _QUOTE_CLASS.search(after.get("class") or "")):
                return None     # «X said:» over a quote inside this one: the inner quote's header
            # a plain <p>: only the quote's first line, not every paragraph of it
            first_child = next(k for k in h.getparent() if isinstance(k.tag, str)) is h
            return f"{step} > {tree.tag(h)}:first-child" if first_child and h.getparent() is quote else None
        node = h
    # or the element just before the quote, a «Quote from: X» line of its own (SMF), or an
    # «X posted:» heading beside it in their common frame (Something Awful)
    prev = quote.getprevious()
    if prev is not None and isinstance(prev.tag, str) and len(tree.text(prev)) <= 80 \
            and re.search(r"(?i)(?:wrote|said|posted|писал|пишет|сказал)\W*$", tree.text(prev)) \
            and quote.getparent() is not None:
        return f"{tree.step(quote.getparent())} > {tree.step(prev)}"
    if prev is not None and isinstance(prev.tag, str) and len(tree.text(prev)) <= 120 and tree.classes(prev) \
            and re.search(r"(?i)quote|head|cite|title|цитат", prev.get("class") or ""):
        return tree.step(prev, _matching_class(prev, _QUOTE_CLASS) or _matching_class(prev, _HEADER_CLASS))
    return None


def _first_line_header(quote, step: str) -> str | None:
    """«@Вася said:<br>Голосую …» (NodeBB 4): the quote's first paragraph opens with a line of
    links and a colon only, then a break: those links are the header; or that paragraph is
    the line alone and more of the quote follows (a quote of a quote): the paragraph is. An
    XPath for them. («@X said in <a>Title</a>:» has words of its own: not this.)"""
    kids = [k for k in quote if isinstance(k.tag, str)]
    if not kids or tree.tag(kids[0]) != "p" or (quote.text or "").strip():
        return None
    p = kids[0]
    line, texts, broken = [], [p.text or ""], False
    for k in p:
        if not isinstance(k.tag, str):
            continue
        if tree.tag(k) == "br":
            broken = True
            break
        line.append(k)
        texts.append(k.tail or "")
    said = "".join(texts)
    if not line or any(tree.tag(k) != "a" for k in line) or ":" not in said \
            or said.replace(":", "").strip() or len(" ".join(tree.text(k) for k in line)) > 80:
        return None
    if not broken and len(kids) < 2:
        return None     # the quote is that line only: its words, not a header
    where = _css_xpath(step) if step != "blockquote" else "descendant::blockquote"
    first_line = "text()[not(preceding-sibling::br)]"
    links_and_colon = f"[{first_line}[contains(., ':')]][not({first_line}[translate(normalize-space(), ':', '') != ''])]"
    if broken:
        return f"xpath:{where}/*[1][self::p][br]{links_and_colon}/a[not(preceding-sibling::br)]"
    return f"xpath:{where}/*[1][self::p][not(br)][a]{links_and_colon}[following-sibling::*]"


_SIGNATURE = re.compile(r"(?i)(?:^|[-_])sig(?:nature)?(?:$|[-_])|signature")


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
            if tree.tag(el) in _INLINE and not _alone_on_line(el):
                continue        # a word of a line in bold (a vote's «Пети» every time): the author's
            for cls in tree.classes(el)[:2]:
                step = tree.step(el, cls)
                texts.setdefault(step, set()).add(tree.text(el))
                counts[step] += 1
    chrome = {step for step, said in texts.items()
              if counts[step] >= 3 and len(said) == 1 and 0 < len(next(iter(said))) <= 40}
    # a signature under the post is the author's, not the post's words
    chrome |= {step for step in texts if _SIGNATURE.search(step.split(".", 1)[-1])}
    return sorted(chrome)


def _outermost(counter: Counter) -> list[str]:
    return [s for s, _ in counter.most_common(3)]


# ---------------------------------------------------------------- struck-out text

# BBCode's [s] drawn as a class (FluxBB's span.bbs, MyBB's span.mycode_s) or a class naming
# the line through it
_STRIKE_CLASS = re.compile(r"(?i)^(?:(?:bb|bbc|bbcode|mycode|bb-?code)[-_]?s|(?:[\w-]+[-_])?(?:strike|strikethrough|"
                           r"strikeout|line-?through))$")
_CSS_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_INLINE = frozenset("span font em i b strong del s strike u".split())


@dataclass(frozen=True)
class StrikeGuess:
    selector: str
    note: str
    confirmed: bool         # the page's own stylesheet says the line-through (not a class name only)


def find_strike(bodies: list, css: str = "") -> StrikeGuess | None:
    """Struck-out text beyond <s>, <strike>, <del>: a line-through style on the element, a
    class the page's own <style> draws with a line through, or an inline element whose class
    names [s] or a strike (the stylesheet that draws it is not on the page: unconfirmed)."""
    drawn = set()
    for selectors, rules in _CSS_RULE.findall(css):
        if "line-through" in rules.replace(" ", ""):
            drawn |= set(re.findall(r"\.([A-Za-z_][\w-]*)", selectors))
    styled, by_sheet, by_name = False, [], []
    for body in bodies:
        if body is None:
            continue
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body:
                continue
            if "line-through" in (el.get("style") or "").replace(" ", ""):
                styled = True
                continue        # (its style says it: its class needs no guessing)
            if tree.tag(el) not in _INLINE:
                continue
            for c in (el.get("class") or "").split():
                if c in drawn:
                    by_sheet.append(f"{tree.tag(el)}.{c}")
                elif _STRIKE_CLASS.match(c) and _CSS_IDENT.match(c):
                    by_name.append(f"{tree.tag(el)}.{c}")
    extra = list(dict.fromkeys(by_sheet + by_name))
    if not styled and not extra:
        return None
    selector = ", ".join(["s, strike, del"] + extra + (["*[style*='line-through']"] if styled else []))
    how = []
    if styled:
        how.append("a line-through style")
    if by_sheet:
        how.append("a class the page's stylesheet draws with a line through (" + ", ".join(dict.fromkeys(by_sheet)) + ")")
    if by_name:
        how.append("a class named for [s] (" + ", ".join(dict.fromkeys(by_name)) + ")")
    return StrikeGuess(selector, "struck-out text (" + "; ".join(how) + "): not the post's words",
                       confirmed=not by_name)


_CSS_IDENT = re.compile(r"^-?[A-Za-z_][\w-]*$")


# ---------------------------------------------------------------- the forum's notices inside a body

_TEMPLATE_LEAD = re.compile(r"^([^\d]*[^\W\d_][^\d]*?)\s*\d")


def find_notices(bodies: list) -> list[str]:
    """Lines the forum writes inside a body, as a label before what follows: an element with a
    style or class of its own, alone on its line, whose text holds a number and ends with «:»
    and which stands twice or more with the same words but for the numbers («Добавлено спустя
    06 с:», «Добавлено спустя 12 с:», where the forum glued a second post to the first). One
    XPath each: that element kind opening with those words."""
    groups: dict[tuple[str, str, str, str], int] = Counter()
    for body in bodies:
        if body is None:
            continue
        for el in body.iter():
            if not isinstance(el.tag, str) or el is body or tree.tag(el) not in _INLINE:
                continue
            said = tree.text(el)
            if not (5 <= len(said) <= 60 and said.endswith(":") and re.search(r"\d", said)):
                continue
            lead = _TEMPLATE_LEAD.match(said)
            parent = el.getparent()
            if lead is None or parent is None or tree.text(parent) == said and parent is not body \
                    and tree.tag(parent) in _INLINE:
                continue        # the outermost inline element that says it, once
            attr = "style" if el.get("style") else "class" if el.get("class") else None
            if attr is None or "'" in lead.group(1) or "'" in el.get(attr):
                continue
            if not _alone_on_line(el):
                continue
            groups[(tree.tag(el), attr, el.get(attr), lead.group(1).strip())] += 1
    out = []
    for (t, attr, value, lead), count in groups.items():
        if count >= 2 and len(lead.split()) >= 2:
            out.append(f"xpath:descendant::{t}[@{attr} = '{value}'][starts-with(normalize-space(), '{lead}')]")
    return out


def _alone_on_line(el) -> bool:
    """Nothing of its line beside it: a break, a block's edge or the body's start before and after."""
    return _line_edge(el, before=True) and _line_edge(el, before=False)


_LINE_BREAKS = frozenset("br p div hr blockquote ul ol li table".split())


def _line_edge(el, before: bool) -> bool:
    sib = el.getprevious() if before else el.getnext()
    between = (sib.tail if sib is not None else el.getparent().text) if before else el.tail
    if (between or "").strip():
        return False
    if sib is not None:
        return tree.tag(sib) in _LINE_BREAKS
    parent = el.getparent()
    return tree.tag(parent) not in _INLINE or _line_edge(parent, before)


# ---------------------------------------------------------------- a code box's header

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
