"""The post's time: the place (a selector, an attribute or the text) that holds a time in nearly
every post, going forward from post to post, and the date forms that read it."""
from __future__ import annotations

import re
from collections import Counter

from scraper.learn import tree
from scraper.dategrammar import RELATIVE, format_regex, forms_with_clock, read_any, relative
from scraper.learn.times import TimeHit
from scraper.dates import RELATIVE_DAYS
from scraper.text import element_text
from scraper.learn.fields.guess import FieldGuess, element_of, first, in_quote


def find_time(blocks: list, timed: dict[int, TimeHit]) -> tuple[FieldGuess, tuple[str, ...]] | None:
    """The post's time and the date forms that read it: of the times each post holds (not in
    a quote), the place (a selector and an attribute or the text) that has one in nearly
    every post, whose times go forward from post to post (a join date or a «last seen» does
    not), the most precise (seconds over minutes), an attribute over a text."""
    n = len(blocks)
    scored, gappy, every = _places(blocks, timed)
    chosen = _chosen(scored, gappy, every, n)
    if chosen is None:
        return None
    guesses, forms = [], []
    for sel, attr, present, regex in chosen:
        guess, these = _guess(sel, attr, present, regex, n)
        if guess is None:
            return None
        guesses.append(guess)
        forms += these
    note = ("a time in every post, later from post to post: " + "; else ".join(g.note for g in guesses)
            if len(guesses) > 1 else guesses[0].note + ", later from post to post")
    said = [h.value[h.span[0]:h.span[1]] for _, _, present, _ in chosen for h in present]
    if said and all(relative(v) for v in said):
        # «Сегодня 11:41:55» only: any date form reads them; the clock's own shape (seconds, AM/PM)
        # is all the page says of the form of older dates
        forms = [_clock_shaped(said)]
        note += RELATIVE_ONLY
    if len(guesses) == 1:
        return FieldGuess(guesses[0].selector, guesses[0].attr, guesses[0].regex, note), _formats(forms)
    return FieldGuess(None, note=note, alternatives=tuple(guesses)), _formats(forms)


def _candidates(blocks: list, timed: dict[int, TimeHit]) -> list[tuple[str | None, str | None]]:
    """Every place (a selector, or None for the block itself; an attribute, or None for the
    text) where one of the first posts holds a time of its own (not in a quote)."""
    candidates: dict[tuple[str | None, str | None], None] = {}
    for b in blocks[:20]:
        for el in b.iter():
            hit = timed.get(id(el))
            if hit is None or in_quote(el, b):
                continue
            sels = [None] if el is b else tree.relative_selectors(el, b)
            if hit.attr and el is not b:
                # the attribute holding the time is itself a good sign of the element
                own = f"{tree.tag(el)}[{hit.attr}]"
                parent = el.getparent()
                sels = [f"{tree.step(parent)} > {own}" if parent is not b else own, own] + sels
            for sel in sels:
                candidates.setdefault((sel, hit.attr), None)
    return list(candidates)


def _places(blocks: list, timed: dict[int, TimeHit]):
    """The candidate places, ranked: `scored` (a time in most posts, in order, no gap), `gappy`
    (the same but a post whose place says no time), `every` (a time in every post where the
    place is, in any order: a filler for the gaps)."""
    n = len(blocks)
    scored, gappy, every = [], [], []
    for position, (sel, attr) in enumerate(_candidates(blocks, timed)):
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
        rank = _rank(present, attr, position)
        if rank is not None:
            (gappy if gaps else scored).append((rank, sel, attr, hits, gaps))
    scored.sort(key=lambda c: c[0], reverse=True)
    gappy.sort(key=lambda c: c[0], reverse=True)
    return scored, gappy, every


def _rank(present: list[TimeHit], attr: str | None, position: int) -> tuple | None:
    """How good a place's times are (more posts, in order, absolute, with seconds, in an
    attribute, whole), or None when they are no post's own times (a join date goes back)."""
    moments = [times_read(h) for h in present]
    if any(m is None for m in moments):
        return None
    # («Сегодня 09:15» says no day the learner knows: such times do not count in the order)
    dated = [m for m, h in zip(moments, present) if not relative(h.value[h.span[0]:h.span[1]])]
    # (in either direction: a search listing shows the newest first)
    back = min(sum(1 for a, b in zip(dated, dated[1:]) if a > b),
               sum(1 for a, b in zip(dated, dated[1:]) if a < b))
    if back > max(1, 0.2 * (len(moments) - 1)):
        return None        # a join date, a «last seen»: not the posts' own times
    forward = 1 - back / max(1, len(moments) - 1)
    seconds = any(m.second for m in moments)
    # a Unix time or a time with its zone says the moment; a bare local time needs the zone guessed
    absolute = all(h.formats[0].startswith("epoch") or (h.formats[0] == "iso" and _ZONED.search(h.value))
                   for h in present)
    return (len(present), forward, absolute, seconds, attr is not None, all(h.whole for h in present), -position)


def _chosen(scored: list, gappy: list, every: list, n: int) -> list | None:
    """The places the profile lists, in the order tried: (selector, attribute, hits, regex),
    covering nine posts in ten at least, or None."""
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
    return chosen if sum(covered) >= 0.9 * n else None


def _guess(sel: str | None, attr: str | None, present: list[TimeHit], regex: str | None, n: int):
    """One place as a field (a regex cutting the time out of a longer text where it needs one)
    and the date forms of its times; (None, ()) when no regex cuts them out."""
    these = [h.formats for h in present]
    if regex is None and not all(h.whole for h in present):
        regex = _span_regex(present)
        if regex is None:
            return None, ()
        from scraper.learn.times import formats_reading
        cuts = [re.search(regex, element_text(h.element)) for h in present]
        these = [f for f in (formats_reading(m.group(1), False) for m in cuts if m) if f] or these
    where = f"the attribute {attr}" if attr else "the text"
    return FieldGuess(sel, attr, regex, f"a time in {where} of {len(present)} of {n} posts"), these


RELATIVE_ONLY = "; every time here is relative («Сегодня»): the form of older dates is a guess"


def relative_only(guess: FieldGuess) -> bool:
    """The time was learned from relative times only («Сегодня 11:41»): its date forms are a guess."""
    return guess.note.endswith(RELATIVE_ONLY)


def _clock_shaped(said: list[str]) -> tuple[str, ...]:
    """Common date forms whose clock is written as these times' clocks are (with seconds or
    without, with AM/PM or without)."""
    seconds = any(re.search(r"\d:\d\d:\d\d", v) for v in said)
    ampm = any(re.search(r"(?i)\d\s*[ap]\.?\s?m\b", v) for v in said)
    return forms_with_clock(seconds, ampm)


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
        if other is None or k is el or in_quote(k, block) or (el is not None and tree.contains(k, el)):
            # (a wrapper around the time shows its moment because it holds the time: the time and a
            # short post's words after it, «November 24th 2026 13:29 В игре!», are no header)
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
    """The date forms that read every time, else each time's first form (a relative time,
    «Сегодня, 14:21», says no form: it counts for none)."""
    forms = [f for f in forms if f and f != (RELATIVE,)] or [f for f in forms if f]
    if not forms:
        return ()
    common = set(forms[0])
    for f in forms[1:]:
        common &= set(f)
    if common:
        return tuple(f for f in forms[0] if f in common)
    out: dict[str, None] = {}
    for f in forms:
        out.setdefault(f[0], None)
    return tuple(out)


_CLOCK = r"\d{1,2}:\d\d(?::\d\d)?(?:\s*[AaPp]\.?\s?[Mm]\.?)?"


_TAILS = (r"(\S.*\S)", r"(\S.*?" + _CLOCK + ")")
# a relative day and its clock, as the date reader reads them («Сегодня, 14:21», «Today at 05:25 am»)
_RELATIVE_DAY = r"(?i:" + "|".join(RELATIVE_DAYS) + r")[,\s]+(?:(?i:в|at)\s+)?" + _CLOCK


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
    # the anchor's last use before the time, where it is used before it too (SMF 2.1's «Sent to:
    # Мастер on: Today at 09:39 PM»: from the first «:» the cut would hold the name)
    for anchor, _ in anchors.most_common(3):
        candidates.append("(?s)" + re.escape(anchor) + r"\s*([^" + re.escape(anchor) + r"]*?" + _CLOCK + ")")
    candidates += ["(?s)^\\s*" + _TAILS[1], r"(\d{1,2}[./-]\d{1,2}[./-]\d{2,4},?\s+" + _CLOCK + ")"]
    # the time's own shape, wherever it stands in the text (after the author's name: «От: Мастер
    # 24 ноября 2026 г. 17:29»), the last such piece of the text
    for form in dict.fromkeys(h.formats[0] for h in hits):
        rx = format_regex(form)
        if rx:
            # (or a relative day with a clock, «Today at 05:25:25 am», which a later page may show
            # where the pages learned from had old dates only)
            candidates.append("(?s).*(?<!\\w)(" + rx + "|" + _RELATIVE_DAY + ")(?!\\w)")
    read = read_any
    reads = []
    for rx in candidates:
        ok = 0
        for h in hits:
            m = re.search(rx, element_text(h.element))
            if m and read(m.group(1)) is not None and read(m.group(1)) == times_read(h):
                ok += 1
        reads.append(ok)
        if ok == len(hits):
            return rx
    # none cuts every post's time: the first that cuts nine in ten (a post it misses has no time,
    # which the self-checks report); a regex that cuts all of them beats one that misses the
    # first post's («November 24, …» alone, where the replies say «Reply #1 – November 24, …»)
    return next((rx for rx, ok in zip(candidates, reads) if ok >= 0.9 * len(hits)), None)
