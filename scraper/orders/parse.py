"""Entry points: the orders of one text (a post's open text, a PM, a private piece).

    parse_text(text, roster, settings, author="Боря", private=True, emphasis=spans)
    parse_post(post, roster, settings)     # scraper.model.Post: open text + private pieces
    parse_message(pm, roster, settings)    # scraper.model.PrivateMessage

The input is plain text (quotes, spoilers and struck-out text already removed by
the scraper) plus the bold/coloured fragments; BBCode [b]/[color] pasted into
the text is understood too. Nothing is guessed silently: what looks like an
order but cannot be read with certainty, or is given where the rules do not
accept it, comes back in `unresolved` with the reason and the candidates.

A vote withdrawal («Снимаю голос», «##unvote», «Unvote») is the order
`{by, ability: Голосование}` without a target (FORMAT.md has no form of its own
for it); an order whose author is unknown has `by: ""` (`null` in JSON).
"""
from __future__ import annotations

import gc
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Iterable

from engine import morph
from engine.morph import Gender
from scraper.orders import index
from engine.abilities import WORDS, Field, Shape, find_ability
from engine.orders import Order
from scraper.orders.abilities import APPLY_VERBS, CORRECTION_LEAD, DEFERRAL, REFUSING, Strength, Trigger, find_triggers, first_content
from scraper.orders.args import shape_of
from scraper.orders.shorthand import VOTE_KEEPERS
from scraper.orders.args import (CONSUMING, MORE_THAN_A_TARGET, OVER_LINES, REPEATABLE, TO_LINE_END, Fail,
                                 build, self_allowed)
from scraper.orders.index import matters, read_tokens
from scraper.orders.net import NET_FLOOR, Zone, name_spans, net_item
from scraper.orders.clauses import between_orders, hedged, reasons_apart
from scraper.orders.framing import (PRONOUNS, by_own_nick, by_target_count, condition_end, described, later,
                                    mode_words_out, named_once, names_someone)
from scraper.orders.talk import GREETINGS, UNSHOWN, Talk, checked, conditional, own_condition, talk_or_ask
from scraper.orders.quotes import cut_quotes, pictures_out
from scraper.orders.names import NameMatcher, Roster, own_abilities
from scraper.orders.result import MESSAGES, VOTE, Clause, ParseResult, Reason, Unresolved, Verdict
from scraper.orders.settings import ParseSettings, VoteForm
from scraper.orders.speech import cut_speech
from scraper.orders.targets import ALTERNATIVE, Context, scan_targets
from scraper.orders.text import Segment, Span, key, lines, split_line, strip_markup
from scraper.orders.vocabulary import Channel, channel_of, vocabulary
from scraper.orders.votes import emphasised, english_votes

SHORT = 10   # a private sentence this short may name its ability anywhere («Петя — кража»)
_DEFAULT_SETTINGS = ParseSettings()   # frozen, of immutable fields: one serves every text


@lru_cache(maxsize=16)
def matcher_for(roster: Roster, aliases: tuple[tuple[str, str], ...] = ()) -> NameMatcher:
    """The game's index of name forms (once per game), with the vocabulary's (once per
    process): what every text of the game is read against."""
    index.prepare()
    matcher = NameMatcher(roster, aliases)
    matcher.prepare()
    _settle()
    return matcher


@lru_cache(maxsize=1)
def _settle() -> None:
    """The dictionary's and the vocabulary's objects live as long as the process: moved out
    of the cyclic collector's generations (after one collection, so no garbage is kept), a
    full collection no longer scans their ~40,000 objects again and again while texts are
    read. Once per process, not per game: whatever is alive at a freeze (a page being read)
    is never collected afterwards, so repeating it would keep garbage of every game."""
    gc.collect()
    gc.freeze()


@dataclass
class _Found:
    text: str
    ability: str | None
    strength: Strength
    order: Order | None = None
    fail: Fail | None = None
    form: VoteForm | None = None
    mark: str = ""           # what must be emphasised (a vote's target words)
    short: bool = True
    by_verb: bool = False    # ordered with a verb («кусаю»), not only named («Кража - …»)
    slang: bool = False      # only players' slang named it («бью», «кусь»)
    narrated: bool = False   # named inside a story («Дознание вчера ничего не дало»)
    pointed: bool = True     # a word points at a target («против», «на», «:»); see _policy
    talk: Talk | None = None  # the order's own words make it talk («не объявляю», «завтра»)
    described: bool = False   # the target is described, not named («того, кого охраняет X»)
    aimed: bool = False       # a player is named after the order's word («Бью Лису»)
    himself: bool = False     # the author named as the target by his own nickname


def _choose(ctx: Context, trig: Trigger) -> str | Fail:
    names = trig.abilities
    own = own_abilities(ctx.roster, ctx.author)
    if own is not None:
        mine = names & own
        if len(mine) == 1:
            return next(iter(mine))
        if len(mine) > 1:
            return Fail(Reason.AMBIGUOUS_ABILITY, sorted(mine))
        # issue 24: an ability the author lacks is never stored as his order, even named
        # outright («Могу сменить пол» from a player without it): asked in a PM, talk in a post
        return Fail(Reason.NOT_YOUR_ABILITY, sorted(names), sorted(names)[0] if len(names) == 1 else None)
    if len(names) == 1:
        return next(iter(names))
    return Fail(Reason.AMBIGUOUS_ABILITY, sorted(names))


def _segment_orders(ctx: Context, seg: Segment, line_no: int, all_lines: list[str],
                    consumed: set[int]) -> tuple[list[_Found], bool]:
    """Orders of one sentence; the flag says the rest of the line was consumed."""
    found: list[_Found] = []
    marks = english_votes(seg.text)
    if marks:
        for mark in marks:
            if mark.withdraw:
                found.append(_Found(seg.text, VOTE, Strength.STRONG, order=Order(ctx.author or "", VOTE),
                                    form=mark.form, mark=mark.mark))
                continue
            toks = read_tokens(mark.target_text)
            scan = scan_targets(ctx, toks, 0, min(len(toks), 3), 1, False)
            if scan.problem is not None:
                found.append(_Found(seg.text, VOTE, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, VOTE),
                                    form=mark.form, mark=mark.mark))
            else:
                c = scan.found[0]
                words = mark.target_text[toks[c.start].start:toks[c.end - 1].end]
                found.append(_Found(seg.text, VOTE, Strength.STRONG,
                                    order=Order(ctx.author or "", VOTE, target=c.nick), form=mark.form,
                                    mark=words))
        return found, False

    toks = read_tokens(seg.text)
    ctx.addressee, spoken = _addressee(ctx, seg, toks)
    vocative = _vocative_vote(ctx, seg, toks) or _bare_against(ctx, seg, toks, spoken)
    if vocative is not None:
        return [vocative], False
    triggers = _named_players_out(ctx, toks, _vote_kept(ctx, find_triggers(seg, toks)))
    strong = mode_words_out([t for t in triggers if t.strength == Strength.STRONG])
    starts = strong or [t for t in triggers if t.strength == Strength.WEAK][:1]
    before = 0
    rest_consumed = False
    for n, trig in enumerate(starts):
        choice = _choose(ctx, trig)
        if isinstance(choice, Fail) and choice.code == Reason.AMBIGUOUS_ABILITY:
            choice = by_target_count(ctx, choice, toks, trig.end) or choice
        if isinstance(choice, Fail):
            found.append(_Found(seg.text, choice.ability, trig.strength, fail=choice, short=len(toks) <= SHORT,
                                slang=trig.slang, narrated=trig.narrated, aimed=names_someone(ctx, toks, trig.end)))
            before = trig.end
            continue
        spec = find_ability(choice)
        assert spec is not None
        hi = starts[n + 1].start if n + 1 < len(starts) and choice not in CONSUMING else len(toks)
        use_seg, use_toks, shift = seg, toks, 0
        if choice in TO_LINE_END:
            # The message (or the list) runs to the end of the line, past full stops.
            text = seg.line[seg.offset:]
            if choice in OVER_LINES:
                j = line_no + 1
                while j < len(all_lines) and all_lines[j].strip():
                    text += ", " + all_lines[j].strip()
                    consumed.add(j)
                    j += 1
            use_seg = Segment(text, text, 0) if choice in OVER_LINES else Segment(text, seg.line, seg.offset)
            use_toks = read_tokens(use_seg.text)
            hi = len(use_toks)
            rest_consumed = True
        if described(ctx, use_seg.text, use_toks, trig.end, hi):
            found.append(_Found(use_seg.text, choice, trig.strength, fail=Fail(Reason.NO_TARGET, [], choice),
                                short=len(toks) <= SHORT, by_verb=trig.by_verb, slang=trig.slang, described=True))
            before = hi
            continue
        result = build(ctx, spec, trig, use_seg, use_toks, trig.end, hi, before)
        if isinstance(result, Order):
            result = _corrected(ctx, spec, result, use_toks, trig.end, hi)
            result = later(use_toks[before:hi]) or _deferred(ctx, result, use_toks, trig.end, hi) \
                or _refused_order(result, use_toks, trig.end, hi, not trig.by_verb) or result
        if isinstance(result, Talk):
            found.append(_Found(use_seg.text, choice, trig.strength, talk=result))
            before = hi
            continue
        pointed = choice != VOTE or _points(use_seg.text, use_toks, trig.end, hi)
        mark = ""
        if isinstance(result, Order) and choice == VOTE and result.target is not None:
            mark = _target_words(use_toks, use_seg.text, result.target, ctx)
        elif choice == VOTE:
            mark = " ".join(t.text for t in use_toks[trig.start:trig.end])
        himself = isinstance(result, Fail) and result.code == Reason.SELF_NOT_ALLOWED \
            and by_own_nick(ctx, use_toks, trig.end, hi)
        found.append(_Found(use_seg.text, choice, trig.strength,
                            order=result if isinstance(result, Order) else None,
                            fail=result if isinstance(result, Fail) else None,
                            form=VoteForm.RU if choice == VOTE else None, mark=mark,
                            short=len(toks) <= SHORT, by_verb=trig.by_verb, slang=trig.slang,
                            narrated=trig.narrated, pointed=pointed, himself=himself))
        before = hi
        if rest_consumed or choice in CONSUMING:
            break
    return found, rest_consumed


def _target_words(toks, text: str, nick: str, ctx: Context) -> str:
    for i in range(len(toks)):
        for c in ctx.matcher.at(toks, i, ctx.author):
            if c.nick == nick and c.score >= ctx.settings.threshold:
                return text[toks[c.start].start:toks[c.end - 1].end]
    return nick


# Words that open a correction of the order just given («Нет, передумал — против Маши»).
CORRECTION = frozenset({"нет", "вернее", "точнее", "передумал", "передумала", "передумать", "ой", "стоп",
                        "поправка", "исправляю", "лучше", "хотя", "есть", "теперь"})
# Phrases that give the vote to the one addressed («Петя, мой голос твой»).
_YOURS = frozenset({"твой", "твоя", "твое", "тебе", "тебя"})


def _vocative_vote(ctx: Context, seg: Segment, toks) -> _Found | None:
    """«Петя, мой голос твой»: a name, a comma, then the vote given to «you»."""
    if len(toks) < 3 or any(t.low in ("не", "ни") for t in toks) or "?" in seg.text:
        return None
    cands = ctx.matcher.at(toks, 0, ctx.author)
    if not cands or cands[0].score < ctx.settings.threshold or cands[0].nick is None:
        return None
    head = cands[0]
    if not seg.text[toks[head.end - 1].end:].lstrip().startswith(","):
        return None
    rest = [t.low for t in toks[head.end:]]
    while rest and rest[0] in ("мой", "моя", "свой", "вот", "и", "ну"):
        rest = rest[1:]
    if len(rest) < 2 or rest[0] not in ("голос", "голоса") or not set(rest[1:3]) & _YOURS:
        return None
    if len(cands) > 1 and cands[1].score >= head.score - ctx.settings.margin and cands[1].nick != head.nick:
        return None
    if head.nick == ctx.author:
        return None
    words = seg.text[toks[head.start].start:toks[head.end - 1].end]
    return _Found(seg.text, VOTE, Strength.STRONG, order=Order(ctx.author or "", VOTE, target=head.nick),
                  form=VoteForm.RU, mark=words)


# Words that may stand before a bare vote without changing it («Я за Борю», «Ну, против
# Лиса», «Нет, против Веры»: a correction word opens the new vote, it is no talk).
_BARE_LEAD = frozenset({"я", "ну", "итак", "тогда", "всё", "все", "значит", "ладно", "ок", "окей",
                        "и", "а", "уж", "тоже", "также", "присоединяюсь", "поддерживаю"}) | CORRECTION_LEAD
# Where a name is sent by a day vote («Боря на костёр», «Лиса на виселицу»).
_SCAFFOLD = frozenset({"костёр", "костер", "виселицу", "эшафот", "плаху", "вылет"})
# What a vote «за» is for, written before the name («за казнь Бори», «за повешение Лиса»).
_EXECUTION = frozenset({"казнь", "повешение", "линчевание", "вынос", "изгнание"})


def _vote_verb(tok) -> bool:
    """An infinitive or «let us» form of a slang word that orders only the vote («казнить»,
    «вешаем», «казним»): alone before a name, the day's vote (the proper verb in the
    infinitive, «голосовать против…», is read or left as talk by the trigger rules)."""
    return _votes_alone(tok.low)


@lru_cache(maxsize=65536)
def _votes_alone(low: str) -> bool:
    """`_vote_verb` of a word, memoised by it (asked of a clause's lead word every time)."""
    verbs = vocabulary().slang_verbs
    if not matters(low):
        return False
    for r in morph.verb_readings(low):
        if verbs.get(r.lemma) == frozenset({VOTE}) and (
                r.pos == "INFN" or "impr" in r.grammemes or ("1per" in r.grammemes and "plur" in r.grammemes)):
            return True
    return False


def _addressee(ctx: Context, seg: Segment, toks) -> tuple[str | None, tuple[int, int] | None]:
    """The player a clause speaks to, and where his name stands when it is a vocative at
    the clause's end: an @mention, or a name before the first comma or after the last one."""
    def confident(i: int):
        cands = ctx.matcher.at(toks, i, ctx.author)
        if cands and cands[0].nick is not None and cands[0].score >= ctx.settings.threshold:
            if len(cands) == 1 or cands[1].score < cands[0].score - ctx.settings.margin:
                return cands[0]
        return None

    for i, tok in enumerate(toks if "@" in seg.text else ()):
        if tok.start > 0 and seg.text[tok.start - 1] == "@":
            c = confident(i)
            if c is not None:
                return c.nick, None
    if len(toks) >= 2:
        c = confident(0)
        if c is not None and seg.text[toks[c.end - 1].end:].lstrip().startswith(","):
            return c.nick, None
        for n in (1, 2):
            if n < len(toks) and seg.text[toks[-n - 1].end:toks[-n].start].strip() == ",":
                c = confident(len(toks) - n)
                if c is not None and c.end == len(toks):
                    return c.nick, (len(toks) - n, len(toks))
    return None, None


def _bare_against(ctx: Context, seg: Segment, toks, spoken: tuple[int, int] | None = None) -> _Found | None:
    """A sentence that is only a vote's pointer and a name is a vote: «Против Лиса.»,
    «Я за Борю», «Боря на костёр», «казнить Борю» (after lead words of _BARE_LEAD)."""
    if "?" in seg.text:
        return None
    lead = 0
    if len(toks) > 2 and toks[0].low in _GROUP and seg.text[toks[0].end:toks[1].start].strip() == ",":
        lead = 1              # «Народ, все против Ёжика!»: said to everyone
    tentative = False
    while lead < len(toks) and (toks[lead].low in _BARE_LEAD or toks[lead].low in _ALL
                                or toks[lead].low in DEFERRAL or toks[lead].low in _TODAY):
        tentative = tentative or toks[lead].low in DEFERRAL   # «Сегодня, видимо, против Зорро»
        lead += 1             # («давайте», «дружно» lead a call to everyone: asked below)
    lo, hi = lead + 1, spoken[0] if spoken else len(toks)
    calling = any(t.low in _ALL for t in toks[:lead])
    if lead < len(toks) and (toks[lead].low in ("против", "за") or _vote_verb(toks[lead])
                             or (calling and toks[lead].low == "на")):
        pass                  # («Все на Расти!»: «на» points the call at its target)
    elif len(toks) - lead >= 3 and toks[hi - 2].low == "на" and toks[hi - 1].low in _SCAFFOLD:
        lo, hi = lead, hi - 2
    else:
        return None
    if toks[lead].low == "за" and lo < hi - 1 and toks[lo].low in _EXECUTION:
        lo += 1               # «я за казнь Дока»: the vote's own noun between the pointer and the name
    if hi - lo < 1:
        return None
    scan = scan_targets(ctx, toks, lo, hi, 1, False)
    if scan.found and scan.found[0].start != lo:
        return None
    if scan.problem is None and scan.found[0].end < hi and _aside_after(ctx, seg.text, toks, scan.found[0].end, hi):
        hi = scan.found[0].end    # «Против Наташки, она слишком тихая», «Все против Бабули, народ!»
    if scan.problem is None and scan.found[0].end != hi:
        return None
    if scan.problem is not None and (not scan.candidates or scan.problem in (Reason.LOW_CONFIDENCE,
                                                                            Reason.SELF_NOT_ALLOWED)):
        # «Против лома нет приёма»: no name, or only a likeness of one; «Повесим Волка — …»
        # said by Серый Волк: he speaks of himself, no vote
        return None
    if scan.problem is not None:
        return _Found(seg.text, VOTE, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, VOTE),
                      form=VoteForm.RU, mark=seg.text)
    words = seg.text[toks[lo].start:toks[hi - 1].end]
    order = Order(ctx.author or "", VOTE, target=scan.nicks[0])
    if tentative:
        return _Found(seg.text, VOTE, Strength.STRONG, fail=Fail(Reason.DEFERRED, [order.target], VOTE),
                      form=VoteForm.RU, mark=words)
    if any(toks[j].low in _ALL and not seg.text[toks[j].end:toks[j + 1].start].strip() for j in range(lead)):
        # «ВСЕ ПРОТИВ ЁЖИКА!!!»: a call to everyone (or «всё, против …»: the case is lost in capitals)
        return _Found(seg.text, VOTE, Strength.STRONG, fail=Fail(Reason.ORDER_LIKE, [str(order)], VOTE),
                      form=VoteForm.RU, mark=words)
    return _Found(seg.text, VOTE, Strength.STRONG, order=order, form=VoteForm.RU, mark=words)


_ALL = frozenset({"все", "всё", "всем", "давайте", "дружно"})
_TODAY = frozenset({"сегодня", "сейчас", "пока"})
# Words that address the whole thread («Народ, …», «Люди, …»).
_GROUP = frozenset({"народ", "люди", "город", "ребята", "друзья", "господа", "товарищи", "горожане", "пипл"})


def _aside_after(ctx: Context, text: str, toks, end: int, hi: int) -> bool:
    """A comma after the vote's name, and after it no other player named: an aside about the
    target or to the readers, not a second name for the vote."""
    if "," not in text[toks[end - 1].end:toks[end].start]:
        return False
    return not any(c.nick is not None and c.score >= NET_FLOOR
                   for i in range(end, hi) for c in ctx.matcher.at(toks, i, ctx.author)[:1])
_POINT = re.compile(r"^\s*(?:[:=—–]|->|→|-(?!\w))")
POINTING_WORDS = frozenset({"против", "за", "на", "кого"})


def _points(text: str, toks, lo: int, hi: int) -> bool:
    """Do the words after the trigger point at a target (a preposition, a colon)? A vote
    without a target and without such a word («Голосую как обычно в последний момент»)
    is talk about voting, not an order with a target missing."""
    if lo > 0 and lo <= len(toks) and _POINT.match(text[toks[lo - 1].end:]):
        return True
    return any(t.low in POINTING_WORDS for t in toks[lo:hi])


def _first_person(low: str, applying: bool = False) -> bool:
    """«не буду», «не дам», «не хочу»: a verb of the author's own after «не» refuses.
    `applying`: the order was named by its noun, so a verb that applies it refuses it too
    («митинг сегодня не объявляю»)."""
    if low in REFUSING:
        return True
    readings = index.readings(low)
    # not a verb that sets an order's flag («маску не меняю» keeps the order)
    return bool(readings) and readings[0].is_verb and "1per" in readings[0].grammemes \
        and (applying or readings[0].lemma not in APPLY_VERBS)


# «пока не решил», «ещё не определилась», «не уверен»: the author has not chosen yet.
_UNDECIDED_LEMMAS = frozenset({"решить", "определиться", "выбрать", "уверенный", "уверен"})


def _undecided(low: str) -> bool:
    return any(r.lemma in _UNDECIDED_LEMMAS and ("past" in r.grammemes or "ADJS" == r.pos)
               for r in index.readings(low)) or low in ("уверен", "уверена")


def _refused_order(order: Order, toks, lo: int, hi: int, by_noun: bool = False) -> Fail | Talk | None:
    """«Порчу на Ваню не буду»: an order its own words refuse is asked, never stored; one
    with nobody named («митинг сегодня не объявляю») is talk."""
    if any(toks[j].low == "не" and (_first_person(toks[j + 1].low, by_noun) or _undecided(toks[j + 1].low))
           for j in range(lo, hi - 1)):
        names = [n for n in ([order.target] if order.target else list(order.targets or ())) if n]
        return Fail(Reason.DEFERRED, names, order.ability) if names else Talk.NEGATION
    if by_noun and any(toks[j].low == "не" and _third_person_present(toks[j + 1].low) for j in range(lo, hi - 1)):
        # «На страже на себя смысла не имеет», «Кража у Вани не сработает»: the ability, named
        # by its noun, is what a verb of the third person says something of: talk about it
        return Talk.JUDGEMENT
    return None


def _third_person_present(low: str) -> bool:
    readings = index.readings(low)
    return bool(readings) and readings[0].is_verb and {"3per", "pres"} <= set(readings[0].grammemes) \
        and "sing" in readings[0].grammemes


def _pronoun_resolved(ctx: Context, f: _Found, seg: Segment, before: Segment, agreeing: bool = False) -> _Found:
    """«Раз Кира опять отмолчалась, голосую против неё»: a pronoun after the order's pointing
    word names the one player named in the clause before it, in the same sentence. `agreeing`:
    `before` is the sentence before («Да, имела в виду Тётю Зину. Пророчество на неё»), and
    the pronoun must agree with the gender of the name (a first name the dictionary knows)."""
    if f.fail is None or f.fail.code != Reason.NO_TARGET or f.ability is None:
        return f
    toks = read_tokens(seg.text)
    at = [i for i, t in enumerate(toks) if t.low in PRONOUNS and i > 0 and toks[i - 1].low in POINTING_WORDS]
    if len(at) != 1:
        return f
    spec = find_ability(f.ability)
    if spec is None or Field.TARGET not in (*spec.fields, *spec.optional):
        return f
    nick = named_once(ctx, before.text)
    if nick is None:
        return f
    if agreeing and _PRONOUN_GENDER.get(toks[at[0]].low) not in _genders(nick):
        return f
    return replace(f, fail=None, order=Order(ctx.author or "", f.ability, target=nick), mark=toks[at[0]].text)


_PRONOUN_GENDER = {**dict.fromkeys(("неё", "нее", "её", "ее", "ней", "она"), Gender.FEMALE),
                   **dict.fromkeys(("него", "его", "нём", "нем", "ему", "нему", "он"), Gender.MALE)}


def _genders(nick: str) -> frozenset[Gender]:
    """The genders of the first names in a nickname («Тётя Зина»: FEMALE); none if it has none."""
    return frozenset(g for g in (morph.name_gender(t.text) for t in read_tokens(nick)) if g is not None)


def _conditional_order(ctx: Context, seg: Segment, no: int, all_lines: list[str]) -> list[_Found]:
    """«Если до вечера Кира не ответит — голос против неё»: an order given now, in its noun,
    under a condition; the GM's question, the name a pronoun points back at resolved from the
    condition. A verb's promise («Если … — проголосую против него») stays talk of a vote to come."""
    cond = condition_end(seg)
    if cond is None:
        return []
    cut, _own = cond
    tail = Segment(seg.text[cut:], seg.line, seg.offset + cut)
    found, _ = _segment_orders(ctx, tail, no, all_lines, set())
    out = []
    for f in found:
        if f.ability is None or f.by_verb:
            continue
        order = f.order
        if order is None and f.fail is not None and f.fail.code == Reason.NO_TARGET:
            toks = read_tokens(tail.text)
            if any(t.low in PRONOUNS for t in toks):
                head = read_tokens(seg.text[:cut])
                named = {c.nick for i in range(len(head)) for c in ctx.matcher.at(head, i, ctx.author)[:1]
                         if c.nick is not None and c.nick != ctx.author and c.score >= ctx.settings.threshold}
                if len(named) == 1:
                    order = Order(ctx.author or "", f.ability, target=named.pop())
        if order is None:
            continue
        if own_condition(seg.text, f.ability):
            # «Если меня казнят или посадят — мэрство передаю Ангелине»: the rule's own trigger
            out.append(replace(f, text=seg.text, order=order, fail=None, strength=Strength.STRONG))
            continue
        out.append(_Found(seg.text, f.ability, Strength.STRONG, fail=Fail(Reason.CONDITIONAL, [str(order)], f.ability),
                          form=f.form, short=f.short))
    return out


def _second_after(ctx: Context, seg: Segment, last: _Found) -> _Found | None:
    """«Sacrifice: Тень. Перепризвать Zlata»: the second name of the order before, given in
    a sentence of its own that opens with the order's keyword."""
    order = last.order
    if order is None or shape_of(order.ability) is not Shape.SECOND:
        return None
    keyword = WORDS[order.ability].keywords[0]
    if order.arg(keyword.value):
        return None
    toks = read_tokens(seg.text)
    start = first_content(toks)
    if start >= len(toks) or not (morph.lemmas(toks[start].low) | {toks[start].low}) & keyword.words:
        return None
    scan = scan_targets(ctx, toks, start + 1, len(toks), 1, True)
    held = _secret_role_holder(ctx, toks, start + 1) if scan.problem == Reason.NO_TARGET else None
    if held is not None:
        return _Found(seg.text, order.ability, last.strength, order=order.with_args(**{keyword.value: held}),
                      by_verb=last.by_verb, short=last.short)
    if scan.problem is not None:
        return _Found(seg.text, order.ability, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, order.ability))
    fuller = order.with_args(**{keyword.value: scan.nicks[0]})
    return _Found(seg.text, order.ability, last.strength, order=fuller, by_verb=last.by_verb, short=last.short)


def _secret_role_holder(ctx: Context, toks, lo: int) -> str | None:
    """«…поднимаю Гончую»: the second name given as a secret role (the demon the Demonologist
    knows by it) that only one player of the game holds, and nothing else after it."""
    from scraper.orders.cards import find_secret_roles

    roles = find_secret_roles(toks, lo, len(toks))
    if len(roles) == 1 and roles[0].start == lo and roles[0].end == len(toks):
        holders = [p.nick for p in ctx.roster.players if p.secret == roles[0].name]
    elif len(toks) == lo + 1:
        # the role's first word alone («Гончую» for Гончая Ада), when it opens one role only
        word = index.lemma(toks[lo].low)
        holders = [p.nick for p in ctx.roster.players if p.secret and " " in p.secret
                   and index.lemma(p.secret.split()[0].casefold()) == word]
        if len({p.secret for p in ctx.roster.players if p.nick in holders}) != 1:
            return None
    else:
        return None
    return holders[0] if len(holders) == 1 else None


_AIMING = frozenset({"на", "против", "за", "у", "к", "в"})


def _named_players_out(ctx: Context, toks, triggers: list[Trigger]) -> list[Trigger]:
    """A nickname that is an ability's name («Порча») after a word that aims at a target
    («Порча на Порчу», «Кража у Порчи») is that player, not a second order."""
    out = []
    for t in triggers:
        if t.start > 0 and toks[t.start - 1].low in _AIMING:
            cands = ctx.matcher.at(toks, t.start, ctx.author)
            if cands and cands[0].via == "nick" and cands[0].score >= 100.0:
                continue
        out.append(t)
    return out


def _vote_kept(ctx: Context, triggers: list[Trigger]) -> list[Trigger]:
    """«Голос сегодня в копилку»: the vote's noun beside the word of an ability that keeps
    votes (the Сплетник's Компромат, when the author holds it) is that ability's order."""
    own = own_abilities(ctx.roster, ctx.author) or frozenset()
    keepers = {a for t in triggers for a in t.abilities if a in VOTE_KEEPERS and a in own}
    if not keepers:
        return triggers
    return [t for t in triggers if t.abilities != frozenset({VOTE})]


def _corrected(ctx: Context, spec, order: Order, toks, lo: int, hi: int) -> Order:
    """«Голосую против Васи, вернее против Маши»: a correction inside the sentence."""
    if order.target is None or order.targets or spec.name in MORE_THAN_A_TARGET:
        return order
    refused = any(toks[j].low == "не" and _first_person(toks[j + 1].low) for j in range(lo, hi - 1))
    for j in range(lo, hi):
        # «лучше» corrects only after a refusal («Порчу на Ваню не буду, лучше на Сеню»)
        if toks[j].low in CORRECTION and toks[j].low != "есть" and (toks[j].low != "лучше" or refused) \
                and not (j + 1 < hi and toks[j + 1].low in DEFERRAL):
            # («хотя погодите, …»: the order is put on hold, not corrected; `_deferred` asks)
            scan = scan_targets(ctx, toks, j + 1, hi, 1, self_allowed(spec))
            if scan.problem is None and scan.found:
                return Order(order.by, order.ability, target=scan.nicks[0])
    return order


def _deferred(ctx: Context, order: Order, toks, lo: int, hi: int) -> Fail | None:
    """An order whose words say the choice is not final is a question for the GM."""
    if not order.target and not order.targets:
        return None
    if not any(t.low in DEFERRAL for t in toks[lo:hi]):
        return None
    names = [order.target] if order.target else list(order.targets or ())
    return Fail(Reason.DEFERRED, [n for n in names if n], order.ability)


# Words that settle a choice left open («…или на Пашу, не знаю... пусть будет Паша»).
SETTLING = (("пусть", "будет"), ("пускай", "будет"), ("выбираю",), ("останавливаюсь", "на"), ("ладно",))


def _settled(ctx: Context, seg: Segment, last: _Found) -> _Found | None:
    """A sentence that picks one of the candidates of the question just before it."""
    if last.fail is None or last.fail.code not in (Reason.AMBIGUOUS_TARGET, Reason.DEFERRED) or "?" in seg.text:
        return None
    toks = read_tokens(seg.text)
    for words in SETTLING:
        if tuple(t.low for t in toks[:len(words)]) != words:
            continue
        spec = find_ability(last.ability)
        scan = scan_targets(ctx, toks, len(words), len(toks), 1, spec is not None and self_allowed(spec))
        if scan.problem is None and scan.found and scan.found[0].end == len(toks) \
                and scan.nicks[0] in last.fail.candidates:
            order = Order(ctx.author or "", last.ability, target=scan.nicks[0])
            return _Found(seg.text, last.ability, Strength.STRONG, order=order, form=last.form, by_verb=last.by_verb)
    return None


def _correction(ctx: Context, seg: Segment, last: _Found) -> _Found | None:
    """A sentence with no order of its own that corrects the one before it: the same
    ability, the new target («Голос против Лиса. Нет, передумал — против Маши»)."""
    if last.ability is None:
        return None
    settled = _settled(ctx, seg, last)
    if settled is not None:
        return settled
    # «Меняю голос. Был на Ване, теперь на Ольге»: a vote given without its target, then the target
    waiting = last.ability == VOTE and last.order is None and last.fail is not None \
        and last.fail.code == Reason.NO_TARGET
    if not waiting and (last.order is None or last.order.target is None):
        return None
    spec = find_ability(last.ability)
    if spec is None or Field.TARGET not in (*spec.fields, *spec.optional) or Field.TARGETS in spec.fields:
        return None
    if last.ability in MORE_THAN_A_TARGET:
        return None
    toks = read_tokens(seg.text)
    if toks and toks[0].low in ALTERNATIVE and last.order is not None and last.order.target:
        # «Голосую против Волка. Или Ёжика.»: the other choice for the same place, a question
        scan = scan_targets(ctx, toks, 1, len(toks), 1, self_allowed(spec))
        other = [n for n in scan.nicks if n != last.order.target]
        if not other and scan.problem == Reason.LOW_CONFIDENCE:
            # «…или Кейт?»: a likeness of a player offered as the other choice still makes
            # the first one unsure; the GM sees both
            other = [n for n in scan.candidates if n and n != last.order.target][:1]
        if other:
            return _Found(seg.text, last.ability, Strength.STRONG, form=last.form, short=True,
                          fail=Fail(Reason.AMBIGUOUS_TARGET, [last.order.target, other[0]], last.ability))
        if "?" in seg.text:
            # «…или Блэйда?», «…или нет?»: the author asks himself; the choice is not made
            return _Found(seg.text, last.ability, Strength.STRONG, form=last.form, short=True,
                          fail=Fail(Reason.DEFERRED, [last.order.target], last.ability))
    lead = [i for i, t in enumerate(toks[:4]) if t.low in CORRECTION]
    if not lead or "?" in seg.text:
        return None
    if toks[lead[0]].low == "есть" and (lead[0] == 0 or toks[lead[0] - 1].low != "то"):
        return None           # «есть» opens a correction only as «то есть»
    start = lead[-1] + 1
    scan = scan_targets(ctx, toks, start, len(toks), 1, self_allowed(spec))
    if scan.problem is not None:
        if not scan.found and scan.problem == Reason.NO_TARGET:
            return None
        return _Found(seg.text, last.ability, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, last.ability),
                      form=last.form, short=True)
    order = Order(ctx.author or "", last.ability, target=scan.nicks[0])
    deferred = _deferred(ctx, order, toks, start, len(toks))
    mark = seg.text[toks[scan.found[0].start].start:toks[scan.found[0].end - 1].end]
    if deferred is not None:
        return _Found(seg.text, last.ability, Strength.STRONG, fail=deferred, form=last.form)
    return _Found(seg.text, last.ability, Strength.STRONG, order=order, form=last.form, mark=mark,
                  by_verb=last.by_verb)


# The author's words that he has not chosen yet, in a sentence of their own after an order.
# («…, а дальше посмотрим» is a hedge of the same sentence, `clauses.hedged`: the order stands.)
_STILL_THINKING = frozenset({"подумаю", "решу", "определюсь", "передумаю", "подожду"})


def _deferral_after(ctx: Context, seg: Segment, last: _Found, before: list[_Found]) -> bool:
    """A sentence right after an order's, naming nobody, that says the author will think
    it over («Но подумаю ещё до вечера»): that order is a question."""
    if last.order is None or last.order.target is None or last.order.targets or not any(f is last for f in before):
        return False
    toks = read_tokens(seg.text)
    if not any(t.low in _STILL_THINKING for t in toks) or "?" in seg.text:
        return False
    if any(t.abilities for t in find_triggers(seg, toks)):
        return False      # «Подумаю, кого лечить ночью»: about another order
    return not any(c.nick is not None and c.score >= ctx.settings.threshold
                   for i in range(len(toks)) for c in ctx.matcher.at(toks, i, ctx.author)[:1])


def _choice_asked(ctx: Context, seg: Segment, last: _Found) -> list[_Found]:
    """«Голосую... даже не знаю. Гектор или Зорро?»: an order without its target, then a
    question between two players: the GM's question with both."""
    if last.fail is None or last.fail.code != Reason.NO_TARGET or "?" not in seg.text or last.ability is None:
        return []
    toks = read_tokens(seg.text)
    if not any(t.low == "или" for t in toks):
        return []
    names = list(dict.fromkeys(c.nick for i in range(len(toks)) for c in ctx.matcher.at(toks, i, ctx.author)[:1]
                               if c.nick is not None and c.score >= ctx.settings.threshold))
    if len(names) < 2:
        return []
    return [_Found(seg.text, last.ability, Strength.STRONG, fail=Fail(Reason.AMBIGUOUS_TARGET, names, last.ability),
                   form=last.form, short=last.short)]


def _part(ctx: Context, text: str) -> list[tuple[Segment, list[_Found]]]:
    """Each clause with what the confident reader found in it, in text order."""
    out: list[tuple[Segment, list[_Found]]] = []
    all_lines = lines(text)
    consumed: set[int] = set()
    last: _Found | None = None
    given: _Found | None = None      # the last order read, however weakly (its second name may follow)
    previous: Segment | None = None  # the clause before, when it found nothing (a pronoun may point into it)
    for no, line in enumerate(all_lines):
        if no in consumed:
            continue
        for sentence in split_line(line):
            rest = False
            pieces = [p for part in reasons_apart(sentence)
                      for piece in between_orders(part, read_tokens(part.text)) for p in hedged(piece)]
            for k, seg in enumerate(pieces):
                found, rest = _segment_orders(ctx, seg, no, all_lines, consumed)
                if k:
                    found = [_pronoun_resolved(ctx, f, seg, pieces[k - 1]) for f in found]
                elif previous is not None:
                    found = [_pronoun_resolved(ctx, f, seg, previous, agreeing=True) for f in found]
                cond = condition_end(seg) if not found and given is not None else None
                if cond is not None:
                    cut, own = cond
                    tail = Segment(seg.text[cut:], seg.line, seg.offset + cut)
                    fixed = _second_after(ctx, tail, given)
                    if fixed is not None and own:
                        # «Если умрёт — перепризываю Лису»: the rule's own condition, then the name
                        out.append((Segment(seg.text[:cut].rstrip(" —–-,:"), seg.line, seg.offset), []))
                        seg, found = tail, [fixed]
                    elif fixed is not None and fixed.order is not None:
                        # any other condition: the fuller order is the GM's question
                        found = [replace(fixed, order=None, fail=Fail(Reason.CONDITIONAL, [str(fixed.order)],
                                                                      fixed.ability))]
                if cond is None and not any(f.strength >= Strength.STRONG for f in found):
                    found = _conditional_order(ctx, seg, no, all_lines) or found
                if not found and last is not None:
                    fixed = _correction(ctx, seg, last) or _second_after(ctx, seg, last)
                    if fixed is not None:
                        found = [fixed]
                if not found and given is not None and given is not last:
                    fixed = _second_after(ctx, seg, given)
                    if fixed is not None:
                        found = [fixed]
                if not found and last is not None:
                    found = _choice_asked(ctx, seg, last)
                if not found and not k and out and last is not None and _deferral_after(ctx, seg, last, out[-1][1]):
                    # «Против Зорро. Но подумаю ещё до вечера»: the order just given is not final
                    out[-1][1][:] = [replace(f, order=None, fail=Fail(Reason.DEFERRED, [f.order.target], f.ability))
                                     if f is last else f for f in out[-1][1]]
                    last = None
                given = next((f for f in reversed(found) if f.order is not None and f.ability), given)
                strong = [f for f in found if f.strength >= Strength.STRONG and f.ability]
                if strong:
                    last = strong[-1]
                if rest:
                    # the order's words ran to the line's end: the clause is all of them
                    seg = Segment(next((f.text for f in found if len(f.text) > len(seg.text)), seg.text), seg.line,
                                  seg.offset)
                out.append((seg, found))
                previous = None if found else seg
                if rest and len(pieces) == 1:
                    break
            if rest and len(pieces) == 1:
                break
    return out


_COMMENT = (r"^\s*(?:\[\s*{label}\s*\]|\(\s*{label}\s*\))\s*(?::|—|–|-(?!\w))?\s*(.*)$"
            r"|^\s*{label}\s*(?::|—|–|-(?!\w))\s*(.*)$")


def split_comment(text: str, label: str) -> tuple[str, str]:
    """(the «комментарий» field, everything else)."""
    inside, outside, _ = comment_field(text, label)
    return inside, outside


@lru_cache(maxsize=16)
def _comment_patterns(label: str) -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """The field's line, a label after a sentence on the same line (it starts the field
    there), and the label alone (both others need it), compiled once per label."""
    name = re.escape(label)
    return (re.compile(_COMMENT.format(label=name), re.IGNORECASE),
            re.compile(r"([.!?…])\s+(?=[\[(]?\s*" + name + r"\s*[\])]?\s*(?::|—|–|-(?!\w)))", re.IGNORECASE),
            re.compile(name, re.IGNORECASE))


def comment_field(text: str, label: str) -> tuple[str, str, bool]:
    """(the «комментарий» field, everything else, whether the post has the field): a
    labelled line («Комментарий: …», «[Комментарий] …») and the lines after it up to
    the first blank line."""
    pattern, starts, named = _comment_patterns(label)
    if not named.search(text):
        return "", "\n".join(lines(text)), False     # no label: every line is outside the field
    inside: list[str] = []
    outside: list[str] = []
    in_block = False
    found = False
    for line in (part for ln in lines(text) for part in starts.sub("\\1\n", ln).split("\n")):
        m = pattern.match(line) if not in_block else None
        if m:
            in_block = found = True
            rest = m.group(1) if m.group(1) is not None else m.group(2)
            if rest and rest.strip():
                inside.append(rest)
            continue
        if in_block and not line.strip():
            in_block = False
            outside.append(line)
            continue
        (inside if in_block else outside).append(line)
    return "\n".join(inside), "\n".join(outside), found


def _unresolved(f: _Found, code: Reason | None = None, detail: str = "") -> Unresolved:
    if code is None and f.fail is not None:
        code = f.fail.code
        detail = f.fail.detail
        candidates = tuple(f.fail.candidates)
    else:
        candidates = (str(f.order),) if f.order is not None else tuple(f.fail.candidates if f.fail else ())
    assert code is not None
    reason = None
    if detail:
        from scraper.orders.result import MESSAGES
        reason = f"{MESSAGES[code]}: {detail}"
    return Unresolved(f.text, code, reason or "", candidates, f.ability or (f.fail.ability if f.fail else None))


# Zones of a text: how its orders count.
OPEN, COMMENT, ARTISTIC, OUTSIDE = "open", "comment", "artistic", "outside"


def _apply_policy(found: list[_Found], *, private: bool, zone: str, settings: ParseSettings,
                  spans: list[Span], stranger: str | None = None,
                  like: tuple[str, ...] = (), hints: list | None = None) -> list[Order | Unresolved]:
    """`like`: for an author not in the game, the players whose nicknames his is like
    (the GM's «может быть: heidi» for «хайди»), never his own name back. `hints` gets
    why a found order was left as talk (a `talk.Talk`), for the clause's accounting."""
    hints = hints if hints is not None else []
    out: list[Order | Unresolved] = []
    for f in found:
        if stranger is not None:
            if f.strength >= Strength.STRONG or (private and f.strength == Strength.WEAK and f.short):
                out.append(Unresolved(f.text, Reason.NOT_A_PLAYER, candidates=like, ability=f.ability))
            continue
        ability = f.ability or (f.fail.ability if f.fail else None)
        channel = channel_of(ability) if ability else Channel.PM
        if f.talk is not None:
            hints.append(f.talk)
            continue          # «митинг сегодня не объявляю», «завтра голосую против …»: no order now
        if f.himself and not private:
            hints.append(Talk.OPINION)        # «Повесим Волка — …» posted by Серый Волк: of himself
            continue
        if f.described:
            if private or channel == Channel.POST:
                out.append(_unresolved(f))    # «Бью того, кого охраняет Призрак»: the GM decides who
            else:
                hints.append(Talk.NO_AIM)     # «Взятку дам только тому, кто попросит» in a post: talk
            continue
        if f.fail is not None and f.fail.code == Reason.NOT_YOUR_ABILITY and (not private or (f.slang and not f.aimed)):
            hints.append(Talk.NOT_HIS)
            continue          # slang of someone else's ability is talk, not a wrong order; in a PM
            #                   aimed at a player («Бью Лису» from one who cannot attack) it is asked
        if f.fail is not None and f.fail.code in (Reason.NO_TARGET, Reason.LOW_CONFIDENCE) and (
                (f.slang and not _unknown_aimed(f)) or f.narrated
                or (not f.pointed and not (f.by_verb and _unknown_aimed(f))) or _defers(f.text)):
            # «бью тревогу», «Дознание вчера ничего не дало», «Голосую как обычно в последний
            # момент», «охраняю, кого — напишу позже»: nobody named, and no word aiming at
            # anyone; the net looks at the sentence again
            hints.append(Talk.REPORT if f.narrated else Talk.NO_AIM)
            continue
        if private:
            if f.strength < Strength.STRONG and not (f.strength == Strength.WEAK and f.short):
                continue
            if ability == VOTE:
                out.append(_unresolved(f, Reason.VOTE_IN_PM))
            elif channel == Channel.POST and ability is not None:
                out.append(_unresolved(f, Reason.PUBLIC_IN_PM))
            elif f.fail is not None:
                out.append(_unresolved(f))
            elif f.order is not None:
                out.append(f.order)
            continue
        if f.strength < Strength.STRONG:
            continue
        if channel == Channel.PM:
            # A secret ability named in a public text is reported only when it reads as an
            # order (a verb, or a name with its target); «Кража - это сильно» is talk, and so
            # is slang («Смотрю, Петя опять молчит»), and so is a story around a comment.
            if (f.order is not None or f.by_verb) and not f.slang and zone != ARTISTIC:
                out.append(_unresolved(f, Reason.SECRET_IN_POST))
            continue
        if zone in (OUTSIDE, ARTISTIC):
            out.append(_unresolved(f, Reason.OUTSIDE_COMMENT))
            continue
        if f.fail is not None:
            out.append(_unresolved(f))
            continue
        if ability == VOTE:
            if f.form is not None and f.form not in settings.vote_forms:
                out.append(_unresolved(f, Reason.FORM_NOT_ALLOWED))
                continue
            if not emphasised(spans, settings, f.mark or f.text, f.text):
                out.append(_unresolved(f, Reason.NOT_EMPHASISED))
                continue
        if f.order is not None:
            out.append(f.order)
    return out


# Slang aimed at a capitalised word («брейнс на Настю», «кусь Олега»): a name the game does
# not know is still a name, asked about (as «Голосую против Насти» is), not talk like «бью
# тревогу». Not the sentence's first word, nor the GM addressed («…, Мастер»).
_CAPITALISED = re.compile(r"\S\s+(?:(?:на|против|за|у|к)\s+)?([А-ЯЁA-Z][а-яёa-z]{2,})")


def _unknown_aimed(f: _Found) -> bool:
    """Nobody of the game named, but a capitalised word aimed at (a likeness of a player,
    LOW_CONFIDENCE, is the net's: it asks with the whole order)."""
    return f.fail is not None and f.fail.code == Reason.NO_TARGET and any(
        m.group(1).casefold() not in GREETINGS for m in _CAPITALISED.finditer(f.text))


@lru_cache(maxsize=64)     # asked once per order found in a sentence: 700 orders, 700 tokenizings
def _defers(text: str) -> bool:
    return any(t.low in DEFERRAL for t in read_tokens(text))


def _bold_names(ctx: Context, text: str, spans: list[Span], voted: list[str]) -> list[_Found]:
    out = []
    where = key(text)
    # the words (one to three in a row) of the sentences that voted already: a bold name among
    # them is that vote's target, no second vote (a set, so a long post stays linear)
    voted_words: set[str] = set()
    for v in voted:
        ks = [t.key for t in read_tokens(v)]
        for n in (1, 2, 3):
            voted_words.update(" ".join(ks[i:i + n]) for i in range(len(ks) - n + 1))
    for span in spans:
        if not span.bold:
            continue
        toks = read_tokens(span.text)
        if not toks:
            continue
        cands = ctx.matcher.at(toks, 0, ctx.author)
        if not cands or cands[0].end != len(toks) or cands[0].score < ctx.settings.threshold:
            continue
        if key(span.text) not in where or " ".join(t.key for t in toks) in voted_words:
            continue
        scan = scan_targets(ctx, toks, 0, len(toks), 1, False)
        if scan.problem is not None:
            out.append(_Found(span.text, VOTE, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, VOTE),
                              form=VoteForm.BOLD_NAME, mark=span.text))
        else:
            out.append(_Found(span.text, VOTE, Strength.STRONG, order=Order(ctx.author or "", VOTE,
                              target=scan.nicks[0]), form=VoteForm.BOLD_NAME, mark=span.text))
    return out


def _players_like(ctx: Context, name: str | None) -> tuple[str, ...]:
    """The players a name not in the game is like (a typo, the other alphabet)."""
    toks = read_tokens(name or "")
    cands = ctx.matcher.at(toks, 0, None) if toks else []
    return tuple(dict.fromkeys(c.nick for c in cands if c.nick is not None and c.score >= NET_FLOOR))[:3]


def _last_word(items: list[Order | Unresolved]) -> ParseResult:
    """Within one text the last word for an ability wins: an order is dropped when a later
    order of the same author and ability follows, or a later question about it (the last
    word is then the GM's to read); a question is dropped when a later order of its ability
    settles it («…или на Пашу, не знаю... пусть будет Паша»). The net's questions never drop
    an order. One pass from the end (a post of thousands of orders stays linear)."""
    ordered: set[tuple[str, str]] = set()       # (ability, author) with an order later
    ordered_ability: set[str | None] = set()
    questioned: set[str | None] = set()        # abilities with a superseding question later
    kept: list[Order | Unresolved] = []
    for item in reversed(items):
        if isinstance(item, Unresolved):
            if not (item.code in _SUPERSEDING and item.ability not in REPEATABLE
                    and item.ability in ordered_ability):
                kept.append(item)
            if item.code in _SUPERSEDING:
                questioned.add(item.ability)
            continue
        if item.ability in REPEATABLE or ((item.ability, item.by) not in ordered
                                          and item.ability not in questioned):
            kept.append(item)
        ordered.add((item.ability, item.by))
        ordered_ability.add(item.ability)
    kept.reverse()
    orders = [o for o in kept if isinstance(o, Order)]
    unresolved = [u for u in kept if isinstance(u, Unresolved)]
    if any(u.code == Reason.ORDER_LIKE and u.candidates for u in unresolved):
        # the net's question whose first candidate was read as an order after all (the
        # orders' text written out only then: most texts have no such question)
        taken = {str(o) for o in orders}
        unresolved = [u for u in unresolved
                      if not (u.code == Reason.ORDER_LIKE and u.candidates and u.candidates[0] in taken)]
    return ParseResult(tuple(orders), tuple(unresolved))


# Questions that are the author's later word on the same ability (not rule breaches).
_SUPERSEDING = frozenset({Reason.AMBIGUOUS_TARGET, Reason.AMBIGUOUS_NAME, Reason.LOW_CONFIDENCE, Reason.DEFERRED, Reason.NO_HOLDER,
                          Reason.SELF_NOT_ALLOWED})


def _zones(plain: str, settings: ParseSettings, private: bool) -> list[tuple[str, str]]:
    if private:
        return [(plain, OPEN)]
    comment, other, has_field = comment_field(plain, settings.comment_label)
    if has_field:
        return [(comment, COMMENT), (other, ARTISTIC)]
    return [(plain, OPEN if settings.orders_outside_comment else OUTSIDE)]


def parse_text(text: str, roster: Roster, settings: ParseSettings | None = None, *,
               author: str | None = None, private: bool = False,
               emphasis: Iterable[Any] = ()) -> ParseResult:
    """The orders of one text. `private`: a PM or a post's private text (secret orders
    go there); otherwise a post's open text. `emphasis`: bold/coloured fragments (any
    objects with `text`, `bold`, `color`, e.g. `scraper.model.Emphasis`).

    The text is cut into clauses (`ParseResult.clauses`), each read, asked or talk by a
    named rule (issue 24); quotes are cut out first and are talk. Two tiers read each
    clause: the confident reader, then the recall net (`scraper.orders.net`). Never
    raises: a text the reader breaks on comes back as one question naming the fault."""
    try:
        return _parse_text(text, roster, settings or _DEFAULT_SETTINGS, author, private, emphasis)
    except RecursionError:
        raise
    except Exception as exc:  # noqa: BLE001 — a reader's fault must reach the GM, not stop the intake
        piece = " ".join(str(text or "").split())[:200]
        return ParseResult((), (Unresolved(piece, Reason.UNREAD, f"{MESSAGES[Reason.UNREAD]} (сбой разбора: "
                                                                 f"{type(exc).__name__})"),),
                           (Clause(piece, Verdict.ASKED),))


def _parse_text(text: str, roster: Roster, settings: ParseSettings, author: str | None, private: bool,
                emphasis: Iterable[Any]) -> ParseResult:
    body, quotes = cut_quotes(str(text or ""))
    plain, markup = strip_markup(pictures_out(body))
    plain, spoken = cut_speech(plain)
    spans = [Span(str(e.text), bool(getattr(e, "bold", False)), getattr(e, "color", None)) for e in emphasis]
    spans.extend(markup)
    player = roster.player(author) if author is not None else None
    stranger = author is not None and roster.players and player is None
    ctx = Context(roster, matcher_for(roster, settings.aliases), settings, player.nick if player else None)
    if stranger:
        ctx.author = None
    emphasised_names = name_spans(ctx, spans) if not stranger else frozenset()
    like = _players_like(ctx, author) if stranger else ()
    items: list[Order | Unresolved] = []
    artistic: list[Order | Unresolved] = []
    accounted: list[tuple[str, list[Order | Unresolved], Talk | None, str]] = [
        (q.text, [], Talk.QUOTE, OPEN) for q in quotes] + [(q, [], Talk.QUOTE, OPEN) for q in spoken]
    for part, zone in _zones(plain, settings, private):
        sentences = _part(ctx, _headed_list(ctx, part))
        if not private and VoteForm.BOLD_NAME in settings.vote_forms and zone in (OPEN, COMMENT):
            voted = [f.text for _, found in sentences for f in found if f.ability == VOTE]
            keys = [key(seg.text) for seg, _ in sentences]
            at = 0
            for bold in _bold_names(ctx, part, spans, voted):
                # a bold name belongs to the clause it is written in; the names come in text
                # order, so the search goes on from the last one's clause (linear in the post)
                wanted = key(bold.text)
                home = next((n for n in range(at, len(keys)) if wanted in keys[n]), None)
                if home is None:
                    home = next((n for n in range(at) if wanted in keys[n]), None)
                else:
                    at = home
                if home is None:
                    sentences.append((Segment(bold.text, bold.text, 0), [bold]))
                else:
                    sentences[home][1].append(bold)
        last_line = next((ln for ln in reversed(lines(part)) if ln.strip()), None)
        for seg, found in sentences:
            hints: list[Talk] = []
            got = _apply_policy(found, private=private, zone=zone, settings=settings, spans=spans,
                                stranger=author if stranger else None, like=like, hints=hints)
            got = checked(seg, got, private)
            rule: Talk | None = None
            if zone == ARTISTIC:
                artistic.extend(got)
                accounted.append((seg.text, got, Talk.ARTISTIC, zone))
                continue
            said = any(f.talk is not None for f in found)     # the order's own words made it talk
            if not got and not stranger and not said and zone != OUTSIDE and (private or not conditional(seg.text)):
                item = net_item(ctx, seg, Zone(private, zone == COMMENT), emphasised_names,
                                last_line=seg.line == last_line)
                if item is not None:
                    got = [item]
            if not got:
                if stranger:
                    rule = Talk.STRANGER
                elif zone == OUTSIDE:
                    rule = Talk.ARTISTIC
                else:
                    rule = talk_or_ask(ctx, seg, private, hints)
                    if not isinstance(rule, Talk):
                        got, rule = [rule], None
            items.extend(got)
            accounted.append((seg.text, got, rule, zone))
    if not items:
        # The post's own field gave nothing: what its story text orders is asked about,
        # never taken (by the rules the rest of the post is artistic).
        items = [u for u in artistic if isinstance(u, Unresolved)]
    asked_artistic = {id(u) for u in items if isinstance(u, Unresolved)}
    result = _last_word(items)
    kept = {id(u) for u in result.unresolved}
    clauses = []
    for piece, got, rule, zone in accounted:
        if zone == ARTISTIC:
            got = [g for g in got if id(g) in asked_artistic]
            rule = None if got else Talk.ARTISTIC
        if any(isinstance(g, Unresolved) and id(g) in kept for g in got):
            clauses.append(Clause(piece, Verdict.ASKED))
        elif got:
            clauses.append(Clause(piece, Verdict.READ))
        else:
            talk = rule or Talk.PLAIN
            clauses.append(Clause(piece, Verdict.TALK, talk.value, shown=private and talk not in UNSHOWN))
    if private and quotes and not result.orders and not result.unresolved:
        answered = _answer_to_quoted_question(ctx, [q.text for q in quotes], plain)
        if isinstance(answered, Unresolved):
            clauses = [replace(c, verdict=Verdict.ASKED, rule=None, shown=False) for c in clauses]
            return ParseResult((), (answered,), tuple(clauses))
        if answered is not None:
            order, piece = answered
            clauses = [replace(c, verdict=Verdict.READ, rule=None, shown=False) if c.text == piece else c
                       for c in clauses]
            return ParseResult((order,), (), tuple(clauses))
    return ParseResult(result.orders, result.unresolved, tuple(clauses))


def _answer_to_quoted_question(ctx: Context, quoted: list[str], plain: str) -> tuple[Order, str] | Unresolved | None:
    """A PM that quotes the GM's question about one of the author's orders («[quote=Мастер]
    Пельмень, кого бьёте этой ночью?[/quote]») and answers it with one player named and no
    order word of its own («Её, Кнопку. Как и собирался»): that order on that player. One
    ability of one target asked, one player answered; anything else stays as read."""
    own = own_abilities(ctx.roster, ctx.author)
    if ctx.author is None or not own:
        return None
    asked: set[str] = set()
    for q in quoted:
        if "?" not in q:
            continue
        body, _ = strip_markup(q)
        seg = Segment(body, body, 0)
        toks = read_tokens(body)
        for t in find_triggers(seg, toks):
            asked |= t.abilities & own
        for tok in toks:        # the GM asks in the second person («кого бьёте?»): the verb's lemma
            for r in morph.verb_readings(tok.low):
                asked |= vocabulary().verbs.get(r.lemma, frozenset()) & own
    if len(asked) != 1:
        return None
    (ability,) = asked
    spec = find_ability(ability)
    if spec is None or Field.TARGET not in spec.fields or Field.TARGETS in spec.fields:
        return None
    named: dict[str, str] = {}
    for seg in (s for ln in lines(plain) for s in split_line(ln)):
        toks = read_tokens(seg.text)
        if any(t.abilities for t in find_triggers(seg, toks)) or "?" in seg.text:
            return None
        for i in range(len(toks)):
            for c in ctx.matcher.at(toks, i, ctx.author)[:1]:
                if c.nick is not None and c.score >= ctx.settings.threshold:
                    named[c.nick] = seg.text
    if len(named) > 1:     # «Кнопку или Сову, не знаю»: the answer is the GM's to settle
        return Unresolved(" ".join(plain.split()), Reason.AMBIGUOUS_TARGET, candidates=tuple(named), ability=ability)
    if not named:
        return None
    nick, piece = next(iter(named.items()))
    if nick == ctx.author and not self_allowed(spec):
        return None
    return Order(ctx.author, ability, target=nick), piece


_LIST_LINE = re.compile(r"^\s*[^\s—–:?-][^—–:?]*?\s+[—–-]\s+[^—–:?]+$")
# The ability whose order is a list of «ник — роль» lines (its words' shape), from the registry.
_REVEAL = next(name for name, words in WORDS.items() if words.shape is Shape.LIST)


def _headed_list(ctx: Context, part: str) -> str:
    """A post of nothing but «Ник — тайная роль» lines, one for every other player, from
    the one who holds Раскрыть карты, is that order without its heading (the rule: «публично
    выкладывает полный список»): read as if headed. Anyone else's list is a guess (talk)."""
    rows = [ln for ln in lines(part) if ln.strip()]
    players = ctx.roster.players
    if len(rows) < max(3, len(players) - 1) or _REVEAL not in (own_abilities(ctx.roster, ctx.author) or ()):
        return part
    if not all(_LIST_LINE.match(ln) for ln in rows):
        return part
    return f"{_REVEAL}:\n{part}"


def parse_post(post: Any, roster: Roster, settings: ParseSettings | None = None) -> ParseResult:
    """A forum post (`scraper.model.Post`): its open text, then its private pieces."""
    result = parse_text(post.text, roster, settings, author=post.author, emphasis=post.emphasis)
    for piece in getattr(post, "secret", ()) or ():
        result += parse_text(piece, roster, settings, author=post.author, private=True)
    return result


def parse_message(message: Any, roster: Roster, settings: ParseSettings | None = None) -> ParseResult:
    """A private message to the GM (`scraper.model.PrivateMessage`)."""
    result = parse_text(message.text, roster, settings, author=message.sender, private=True,
                        emphasis=message.emphasis)
    for piece in getattr(message, "secret", ()) or ():
        result += parse_text(piece, roster, settings, author=message.sender, private=True)
    return result
