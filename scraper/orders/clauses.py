"""Cutting a sentence into clauses where the cut is the order reader's own (issue 24):
between two orders after a comma («Кусаю Лекса, а у Ольги краду», «Арест Тени, дозор за
Ромашкой»), and before a hedge after an order («Ставлю голос на Шамана, дальше видно
будет»). Sentence ends, line breaks, «;» and emoji are `text.split_line`'s.
"""
from __future__ import annotations

from engine.abilities import WORDS, Field, Shape, find_ability
from scraper.orders.abilities import DEFERRAL, Strength, find_triggers
from scraper.orders.args import CONSUMING, TO_LINE_END
from scraper.orders import index
from scraper.orders.index import read_tokens
from scraper.orders.text import Segment, _quote_depths


# Abilities whose words are a list with commas in it (the four cards of a shuffle, the
# revealed roles, a command): never cut between orders.
WHOLE = CONSUMING | frozenset(name for name, words in WORDS.items()
                              if words.shape in (Shape.CARDS, Shape.LIST, Shape.COMMAND, Shape.PUPPET))


def between_orders(seg: Segment, toks) -> list[Segment]:
    """A sentence cut where a comma (or «, и» / «, а» / «;») stands between two orders:
    each piece holds an ability's word of its own («Кусаю Лекса, а у Ольги краду»,
    «Арест Тени, дозор за Ромашкой»). A piece without one stays with the piece before
    it, and a message's own text (unquoted, to the line's end) is never cut."""
    if "," not in seg.text or len(toks) < 4 or "?" in seg.text:
        return [seg]
    triggers = [t for t in find_triggers(seg, toks) if t.strength in (Strength.WEAK, Strength.STRONG)]
    if len(triggers) < 2:
        return [seg]
    cuts = []
    depth = _quote_depths(seg.text, [toks[k].start for k in range(1, len(toks))])
    for k in range(1, len(toks)):
        gap = seg.text[toks[k - 1].end:toks[k].start]
        if "," in gap and not depth[k - 1]:
            cuts.append(k)
    if not cuts:
        return [seg]
    bounds = [0, *cuts, len(toks)]
    pieces: list[tuple[int, int]] = []
    for lo, hi in zip(bounds, bounds[1:]):
        has = any(lo <= t.start < hi for t in triggers)
        message = pieces and any(pieces[-1][0] <= t.start < pieces[-1][1] and t.abilities & WHOLE
                                 and not t.abilities & TO_LINE_END for t in triggers) or pieces and any(
                                 pieces[-1][0] <= t.start < pieces[-1][1] and t.abilities & TO_LINE_END
                                 and not _quoted_after(seg.text, toks[t.start].start, toks[lo].start)
                                 for t in triggers)
        if pieces and (not has or message or not any(pieces[-1][0] <= t.start < pieces[-1][1] for t in triggers)):
            pieces[-1] = (pieces[-1][0], hi)
        else:
            pieces.append((lo, hi))
    if len(pieces) == 1:
        return [seg]
    out = []
    for lo, hi in pieces:
        begin = toks[lo].start
        end = toks[hi - 1].end if hi < len(toks) else len(seg.text)
        text = seg.text[begin:end].rstrip(" ,;")
        out.append(Segment(text, text, 0))
    return out


def _quoted_after(text: str, start: int, end: int) -> bool:
    """A message's text in quotes between its ability word and the cut: the cut is free."""
    piece = text[start:end]
    return any(q in piece for q in "»\"”“")


# Words that open a hedge after an order («…, дальше видно будет», «…, пусть оправдывается»,
# «…, пожалуй»): the hedge is a clause of its own, so its verbs and «пусть» do not make the
# order talk. Deferrals («может», «потом», «подумаю») are not hedges: they make it a question.
HEDGES = frozenset({"пусть", "дальше", "пожалуй", "надоело", "ничего", "никого", "без", "видно", "там", "а", "не",
                    "вдруг", "просто", "всё", "все", "типа", "короче", "кароч", "имхо"})


def _two_targets(ability: str) -> bool:
    spec = find_ability(ability)
    return spec is not None and Field.TARGETS in spec.fields


def hedged(seg: Segment) -> list[Segment]:
    """An order, a comma, and a hedge: two clauses."""
    if "," not in seg.text or "?" in seg.text:
        return [seg]      # a question stays whole: its «?» makes all of it talk
    toks = read_tokens(seg.text)
    triggers = [t for t in find_triggers(seg, toks) if t.abilities]
    if not triggers:
        return [seg]
    if any(_two_targets(a) for t in triggers for a in t.abilities):
        return [seg]      # «соблазняю Тимофея, пусть всё летит в Пашу»: the second target is in the «hedge»
    depth = _quote_depths(seg.text, [t.start for t in toks])
    first = min(t.end for t in triggers)
    for k in range(max(first, 1), len(toks)):
        gap = seg.text[toks[k - 1].end:toks[k].start]
        word = toks[k].low
        if word in ("и", "а") and k + 1 < len(toks) and toks[k + 1].low in HEDGES - {"а"}:
            word = toks[k + 1].low      # «…, и пусть мне кто-нибудь скажет…»
        if "," in gap and not depth[k] and (word in HEDGES or _until(toks, k)) and not any(
                t.start >= k and toks[t.start - 1].low not in ("не", "ни") for t in triggers):
            # (a negated order word after the comma is the hedge's own: «…, никого не вешаю»)
            if k + 1 < len(toks) and toks[k].low == "а" and toks[k + 1].low in DEFERRAL:
                return [seg]
            head = seg.text[:toks[k - 1].end]
            tail = seg.text[toks[k].start:]
            return [Segment(head, seg.line, seg.offset), Segment(tail, tail, 0)]
    return [seg]


def _until(toks, k: int) -> bool:
    """«…, пока не разберусь»: «until I …» (a future of the author's after «пока не») says how
    long the order stands, not that it is unsure; «пока не решил», «пока не решу» do (`DEFERRAL`)."""
    if k + 2 >= len(toks) or toks[k].low != "пока" or toks[k + 1].low != "не":
        return False
    if any(t.low in DEFERRAL or t.low == "выберу" for t in toks[k + 2:]):
        return False
    readings = index.readings(toks[k + 2].low)
    return bool(readings) and readings[0].is_verb and {"futr", "1per"} <= set(readings[0].grammemes)


# Words that open a clause of reason («раз все молчат», «потому что», «ведь»): it says why,
# and orders nothing. Not «если» (a condition: the whole sentence is conditional).
BECAUSE = frozenset({"раз", "поскольку", "потому", "ибо", "ведь", "т.к", "тк"})
_LEAD = frozenset({"ну", "а", "и", "но", "уж", "ладно", "итак", "короче", "значит", "тогда"})


# Words after a comma that open the consequence of what came before: the order follows.
THEREFORE = frozenset({"поэтому", "посему", "следовательно", "потому-то"})


def _bare_pointer(toks, i: int) -> bool:
    """The words from `i` are a bare vote's start: «я за …», «лично я против …»."""
    while i < len(toks) and toks[i].low in ("я", "лично", "вот", "же", "тогда", "сам", "сама"):
        i += 1
    return i + 1 < len(toks) and toks[i].low in ("против", "за")


def _because(toks, k: int) -> bool:
    return toks[k].low in BECAUSE or (toks[k].low == "так" and k + 1 < len(toks) and toks[k + 1].low == "как")


def reasons_apart(seg: Segment) -> list[Segment]:
    """A clause of reason before the main clause («Ну раз все молчат, то мой голос — Rusty»)
    or after it («А я против Лисы, раз такая умная») is a clause of its own."""
    if "," not in seg.text:
        return [seg]
    toks = read_tokens(seg.text)
    if len(toks) < 3:
        return [seg]
    depth = _quote_depths(seg.text, [t.start for t in toks])
    commas = [k for k in range(1, len(toks))
              if "," in seg.text[toks[k - 1].end:toks[k].start] and not depth[k]]
    if not commas:
        return [seg]
    lead = 0
    while lead < len(toks) and toks[lead].low in _LEAD:
        lead += 1
    if lead < len(toks) and _because(toks, lead):
        k = next((c for c in commas if c > lead + 1), None)
        if k is None:
            return [seg]
        rest = k + 1 if k < len(toks) and toks[k].low == "то" else k
        if rest >= len(toks):
            return [seg]
        head = seg.text[:toks[rest].start].rstrip()     # the connector («, то») stays with the reason
        tail = seg.text[toks[rest].start:]
        return [Segment(head, head, 0), Segment(tail, seg.line, seg.offset + toks[rest].start)]
    for k in commas:
        if k > lead + 1 and toks[k].low in ("а", "но") and _bare_pointer(toks, k + 1):
            # «Все против Ёжика, а я за Киру»: the author's own vote after the contrast
            head = seg.text[:toks[k + 1].start].rstrip()
            tail = seg.text[toks[k + 1].start:]
            return [Segment(head, seg.line, seg.offset), Segment(tail, seg.line, seg.offset + toks[k + 1].start)]
        if k > lead + 1 and (toks[k].low in THEREFORE or (toks[k].low == "так" and k + 1 < len(toks)
                                                          and toks[k + 1].low == "что")):
            # «Velvet так и не ответила, поэтому голос против неё»: the reason, then the order
            rest = k + (2 if toks[k].low == "так" else 1)
            if rest < len(toks):
                head = seg.text[:toks[rest].start].rstrip()
                tail = seg.text[toks[rest].start:]
                return [Segment(head, head, 0), Segment(tail, seg.line, seg.offset + toks[rest].start)]
        if _because(toks, k) and k > lead + 1:
            head = seg.text[:toks[k - 1].end]
            tail = seg.text[toks[k].start:]
            return [Segment(head, seg.line, seg.offset), Segment(tail, tail, 0)]
    return [seg]
