"""Finding ability words in a sentence, and how firmly each one orders.

A trigger is an ability named by a phrase of the vocabulary («Кража», «Bra-a-a-ains»)
or by one of its verbs («обворовываю»). Its strength:

- STRONG: a first-person verb («кусаю», «укушу»), an infinitive after «хочу/буду»
  or at the start, a name at the start of the sentence or followed by «:»/«—», a
  name after «применяю/использую/…» — these are orders;
- WEAK: a name elsewhere («Петя — кража») — an order only in a short private text;
- COMMAND: an imperative or third person («обворуй», «голосует») — only inside
  another order's command (`Shape.COMMAND`, `Shape.PUPPET`);
- none: past tense, negation («не голосую»), a question, «бы» — talk, not orders.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from enum import IntEnum

from engine import morph
from scraper.orders import index
from scraper.orders.index import matters
from scraper.orders.result import VOTE
from scraper.orders.text import Segment, Token, translit
from scraper.orders.vocabulary import MESSAGES, NO_TALK_DEMOTION, latin_key, literal_words, vocabulary


class Strength(IntEnum):
    NONE = 0
    COMMAND = 1
    WEAK = 2
    STRONG = 3


# Verbs that make the ability noun after them an order: «применяю Укус», «снимаю голос».
APPLY_VERBS = frozenset("""
применять применить использовать активировать активизировать играть сыграть юзать заюзать
задействовать заявлять заявить делать сделать объявлять объявить устраивать устроить
проводить провести отдавать отдать менять поменять сменить переводить перевести переносить
перенести ставить поставить снимать снять отзывать отозвать забирать забрать отменять
отменить накладывать наложить наводить навести составлять составить брать взять отправлять
отправить посылать послать слать писать написать направлять направить выпускать выпустить
ловить кидать кинуть бросать бросить
""".split())
MODAL_VERBS = frozenset({"хотеть", "желать", "собираться", "планировать", "решить", "быть",
                         "намереваться", "мочь"})
# Words that may stand before the order at the start of a line.
LEAD_WORDS = frozenset("""
заявка заявки действие действия способность способности ночь день ход приказ итак ну так
значит ладно тогда сегодня ночью днем днём я мой моя мое моё и а также еще ещё ps пс
""".split())
# Words that open a corrected order («Нет, голос против Веры», «Передумала: голос против
# Веры»): they stand before the order like a lead word and make no talk of it.
CORRECTION_LEAD = frozenset({"нет", "передумал", "передумала", "передумали", "вернее", "точнее", "стоп",
                             "поправка", "исправляю", "ой"})
LEAD_WORDS = LEAD_WORDS | CORRECTION_LEAD

# Words that make a choice provisional («может», «позже подумаю»): a question, not an order.
DEFERRAL = frozenset({"может", "возможно", "наверное", "позже", "потом", "подумаю", "решу", "определюсь",
                      "посмотрим", "перейду", "передумаю"})
# Impersonal words that make a sentence talk about orders, not an order
# («голосовать против себя нельзя, Маша», «надо бы вылечить Олю»).
IMPERSONAL = frozenset({"нельзя", "можно", "надо", "нужно", "стоит", "следует", "необходимо",
                        "давайте", "давай", "предлагаю", "советую", "пусть", "некого", "некому",
                        "никого", "никому", "нечего", "положено", "полагается", "приходится"})
# Third-person verbs a vote is given with («Голос уходит Лису», «мой голос достаётся Пете»).
GIVING_VERBS = frozenset({"уходить", "уйти", "идти", "пойти", "отдаваться", "доставаться", "достаться",
                          "лететь", "улетать", "отправляться", "падать", "получать", "получить"})
# «не буду», «не хочу»: an infinitive before them is a refusal, not an order.
REFUSING = frozenset({"буду", "будем", "хочу", "стану", "собираюсь", "планирую"})

_UNDECIDED = frozenset({"подумаю", "решу", "знаю", "определюсь", "посмотрим"})
_JUDGING_DASH = re.compile(r"\s[—–-]\s+\w")
_COLON_AFTER = re.compile(r"^\s*(?:[:=—–]|->|→|-(?!\w))")


@dataclass(frozen=True)
class Trigger:
    abilities: frozenset[str]
    start: int
    end: int
    strength: Strength
    by_verb: bool
    lemma: str            # the lemma that matched (for modes: «лечить», «убить»)
    slang: bool = False   # only players' slang names it («бью», «кусь»): never a secret
                          # order flagged in a public post
    narrated: bool = False  # a name in a sentence that tells a story (past, third person)


def first_content(toks: list[Token], text: str = "") -> int:
    """The first word after the lead words (and an @mention: «@Шпуля голос против тебя»)."""
    i = 0
    while i < len(toks) and (toks[i].low in LEAD_WORDS or toks[i].low.isdigit()
                             or (text and toks[i].start > 0 and text[toks[i].start - 1] == "@")):
        i += 1
    return i


@lru_cache(maxsize=1)
def _phrases_by_first_word() -> dict[str, list[tuple[int, tuple[str, ...], str]]]:
    """The vocabulary's phrases by their first word, each with its place in the vocabulary."""
    index: dict[str, list[tuple[int, tuple[str, ...], str]]] = {}
    for n, (words, ability) in enumerate(vocabulary().phrases):
        index.setdefault(words[0], []).append((n, words, ability))
    return index


@lru_cache(maxsize=65536)
def _forms(low: str) -> frozenset[str]:
    """What a phrase word may equal for this token: as written, its Latin key, its lemmas,
    and for a Latin word the lemmas of its Cyrillic spelling («Ukus» is «укус»)."""
    out = frozenset((low, latin_key(low)))
    if matters(low):
        out |= morph.lemmas(low)
    cyr = translit(low) if len(low) >= 4 else None
    return out | morph.lemmas(cyr) if cyr and matters(cyr) else out


@lru_cache(maxsize=65536)
def _phrases_from(low: str) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    """The phrases a word may start, in the vocabulary's order."""
    index = _phrases_by_first_word()
    return tuple(sorted(c for form in _forms(low) for c in index.get(form, ())))


def _phrase_at(toks: list[Token], i: int) -> tuple[int, frozenset[str], str] | None:
    candidates = _phrases_from(toks[i].low)
    if not candidates:
        return None
    best_len = 0
    found: set[str] = set()
    lemma = ""
    for _, words, ability in candidates:
        n = len(words)
        if n < best_len or i + n > len(toks):
            continue
        if all(word in _forms(tok.low) for word, tok in zip(words[1:], toks[i + 1:i + n])):
            if n > best_len:
                best_len, found, lemma = n, set(), words[0]
            found.add(ability)
    return (best_len, frozenset(found), lemma) if found else None


def _negated(toks: list[Token], i: int) -> bool:
    return i > 0 and toks[i - 1].low in ("не", "ни")


def _after_verb(toks: list[Token], i: int, verbs: frozenset[str]) -> bool:
    for j in range(max(0, i - 3), i):
        if not matters(toks[j].low):
            continue
        for r in morph.verb_readings(toks[j].low):
            if r.lemma in verbs and ("1per" in r.grammemes or "INFN" == r.pos or "impr" in r.grammemes):
                if not _negated(toks, j):
                    return True
    return False


@lru_cache(maxsize=65536)
def _ability_verbs(low: str) -> tuple[tuple[morph.Reading, frozenset[str]], ...]:
    """The word's verb readings whose lemma orders an ability, with those abilities."""
    if not matters(low):
        return ()
    verbs = vocabulary().verbs
    return tuple((r, verbs[r.lemma]) for r in morph.verb_readings(low) if verbs.get(r.lemma))


def _before_verb(toks: list[Token], i: int, verbs: frozenset[str]) -> bool:
    """A first-person verb of `verbs` right after the phrase («голоса отдаю»)."""
    if i >= len(toks) or not matters(toks[i].low) or _negated(toks, i):
        return False
    return any(r.lemma in verbs and "1per" in r.grammemes for r in morph.verb_readings(toks[i].low))


def _verb_strength(toks: list[Token], i: int, start: int) -> tuple[Strength, frozenset[str], str]:
    vocab = vocabulary()
    best: tuple[Strength, frozenset[str], str] = (Strength.NONE, frozenset(), "")
    for r, abilities in _ability_verbs(toks[i].low):
        g = r.grammemes
        if "1per" in g and ("pres" in g or "futr" in g):
            s = Strength.STRONG
        elif r.pos == "INFN":
            slang = abilities <= vocab.slang_verbs.get(r.lemma, frozenset())
            # slang orders only in the first person («бью»); «Бить или нет?» is talk
            s = Strength.STRONG if (_after_verb(toks, i, MODAL_VERBS) or (i == start and not slang)) \
                else Strength.NONE
            if s == Strength.STRONG and i == start and (_judged(toks) or _refused(toks)):
                s = Strength.NONE     # «Голосовать за Кузю — это сливать игру», «Лечить не буду»
        elif "impr" in g or "3per" in g:
            s = Strength.COMMAND
        else:
            s = Strength.NONE
        if _negated(toks, i) and s > Strength.COMMAND:
            s = Strength.NONE
        if s > best[0]:
            best = (s, abilities, r.lemma)
    return best


def find_triggers(seg: Segment, toks: list[Token]) -> list[Trigger]:
    """Every ability word of a sentence, left to right (overlaps resolved: longest wins).
    `toks` are the tokens of `seg.text`; the result is memoised by the text (the confident
    reader and the net both look at a sentence)."""
    return list(_triggers(seg.text, tuple(toks)))


@lru_cache(maxsize=16384)
def _triggers(text: str, toks: tuple[Token, ...]) -> tuple[Trigger, ...]:
    return tuple(_find_triggers(Segment(text, text, 0), list(toks)))


@lru_cache(maxsize=65536)
def _may_trigger(low: str) -> bool:
    """Can this word start a phrase of the vocabulary or be an ability's verb? (Most words
    of a text cannot: they are skipped without looking for a phrase or a verb.)"""
    # the phrases' first words, not the phrases: most words start none (no sorting then)
    return matters(low) or not _phrases_by_first_word().keys().isdisjoint(_forms(low))


def _wish_after(text: str, toks: list[Token], j: int) -> bool:
    """«…, пусть всё летит в Пашу», «…, а всё пусть идёт в X»: «пусть» in a clause after a comma
    wishes the outcome of what came before; it judges nothing (unlike «нельзя», «надо»)."""
    return toks[j].low == "пусть" and j > 1 and "," in text[toks[0].end:toks[j].start]


_THANKS = frozenset({"спасибо", "спс", "благодарю", "мерси"})
_NOBODY_PREPS = frozenset({"к", "на", "за", "у", "от", "с", "о", "про", "в", "по"})
_WHOM = frozenset({"кого", "кому", "ком", "кем", "чего", "чем", "чему", "что"})


def _thanks_for(toks: list[Token]) -> bool:
    """«Спасибо за ответ по Дозору»: thanks for something; the ability named is what was done."""
    return len(toks) > 1 and toks[0].low in _THANKS and toks[1].low == "за"


def _nobody_to(toks: list[Token]) -> bool:
    """«не к кому», «не на кого»: «некому», «некого» written apart (`IMPERSONAL`)."""
    return any(toks[j].low == "не" and toks[j + 1].low in _NOBODY_PREPS and toks[j + 2].low in _WHOM
               for j in range(len(toks) - 2))


def _find_triggers(seg: Segment, toks: list[Token]) -> list[Trigger]:
    may = list(map(_may_trigger, [t.low for t in toks]))
    if not any(may):
        return []         # no ability word: no phrase, no verb (what follows finds nothing)
    out: list[Trigger] = []
    start = first_content(toks, seg.text)
    i = 0
    while i < len(toks):
        if not may[i]:
            i += 1
            continue
        phrase = _phrase_at(toks, i)
        verb_s, verb_abilities, verb_lemma = _verb_strength(toks, i, start)
        if phrase is not None:
            n, abilities, lemma = phrase
            head = toks[i]
            readings = morph.readings(head.low)
            finite_only = head.low not in literal_words() and readings and all(
                r.is_verb and r.pos != "INFN" and "1per" not in r.grammemes for r in readings)
            rest = seg.text[toks[i + n - 1].end:]
            if finite_only:
                strength = Strength.COMMAND if any("impr" in r.grammemes or "3per" in r.grammemes
                                                   for r in readings) else Strength.NONE
            elif head.low not in literal_words() and readings and all(r.pos == "INFN" for r in readings) \
                    and not _COLON_AFTER.match(rest) and not _after_verb(toks, i, APPLY_VERBS | MODAL_VERBS):
                strength = Strength.NONE     # «Раскрывать карты рано»: a name's verb in the infinitive is talk
            elif i <= start < i + n or _COLON_AFTER.match(rest) or _after_verb(toks, i, APPLY_VERBS | MODAL_VERBS):
                strength = Strength.STRONG
            elif VOTE in abilities and i + n < len(toks) and toks[i + n].low in ("против", "за") \
                    and not addressed(toks[:i] + toks[i + n + 1:]):
                strength = Strength.STRONG    # «Ну всё, мой голос против Серого»: the vote's own words
            else:
                strength = Strength.WEAK
            if _negated(toks, i):
                strength = Strength.NONE
            if VOTE in abilities and head.low == "голоса" and not _after_verb(toks, i, APPLY_VERBS) \
                    and not _before_verb(toks, i + n, APPLY_VERBS):
                strength = Strength.NONE   # «Голоса сейчас: Лис — 3» is a tally, not a vote
            elif VOTE in abilities and head.low == "голоса":
                strength = Strength.STRONG  # «Оба своих голоса отдаю против Ёжика» (the Мэр's two)
            if verb_s > strength:
                strength = verb_s
                abilities = abilities | verb_abilities
            by_verb = verb_s >= strength and bool(verb_abilities)
            words = tuple(lemma_words(toks, i, n))
            slang = words in vocabulary().slang_phrases or (
                by_verb and verb_abilities <= vocabulary().slang_verbs.get(verb_lemma, frozenset()))
            out.append(Trigger(abilities, i, i + n, strength, by_verb, verb_lemma or lemma, slang))
            i += n
            continue
        if verb_abilities:
            slang = verb_abilities <= vocabulary().slang_verbs.get(verb_lemma, frozenset())
            out.append(Trigger(verb_abilities, i, i + 1, verb_s, True, verb_lemma, slang))
        i += 1
    # A name (not a verb) in a sentence that also tells something in the past or third
    # person is talk («Кража у Мэра — вот что было ночью»): at most WEAK.
    if out and _narrates(toks[:_tail(seg.text, toks, out)], out, any(t.low == "теперь" for t in toks)):
        out = [t if t.by_verb or t.abilities & NO_TALK_DEMOTION else
               Trigger(t.abilities, t.start, t.end, min(t.strength, Strength.WEAK), t.by_verb, t.lemma, t.slang,
                       True) for t in out]
    if out and out[0].start == start and out[0].strength == Strength.STRONG and _JUDGING_DASH.search(seg.text) \
            and ":" not in seg.text and not any(t.low in _UNDECIDED for t in toks) \
            and toks[start].low not in literal_words() \
            and any(r.pos == "INFN" for r in morph.readings(toks[start].low)):
        # «Голосовать против Ольги — гениальная идея»: an infinitive judged after a dash
        out[0] = Trigger(out[0].abilities, out[0].start, out[0].end, Strength.NONE, out[0].by_verb, out[0].lemma,
                         out[0].slang, out[0].narrated)
    if out and ("?" in seg.text or _thanks_for(toks) or _nobody_to(toks)
                or any(t.low == "бы" or (t.low in IMPERSONAL and not _wish_after(seg.text, toks, j))
                       for j, t in enumerate(toks))):
        # A question or «бы» makes talk of the sentence, except of a message's text.
        out = [t if t.strength <= Strength.COMMAND or t.abilities & MESSAGES else
               Trigger(t.abilities, t.start, t.end, Strength.NONE, t.by_verb, t.lemma, t.slang, t.narrated)
               for t in out]
    return out


# Words of a sentence said to someone («объясни свой голос», «ты мне должен голос»).
SECOND_PERSON = frozenset({"ты", "тебе", "тебя", "твой", "твоя", "твое", "твои", "твоего", "вы", "вам", "вас",
                           "ваш", "ваши"})


def addressed(toks: list[Token]) -> bool:
    return any(map(_addressing, [tok.low for tok in toks]))


@lru_cache(maxsize=65536)
def _addressing(low: str) -> bool:
    """A word said to someone: «ты», «вам», a verb in the imperative or the second person."""
    if low in SECOND_PERSON:
        return True
    return imperative_or_second(low)


@lru_cache(maxsize=65536)
def imperative_or_second(low: str) -> bool:
    readings = index.readings(low)
    return bool(readings) and readings[0].is_verb and (
        "impr" in readings[0].grammemes or "2per" in readings[0].grammemes)


def _refused(toks: list[Token]) -> bool:
    return any(tok.low in REFUSING and j > 0 and toks[j - 1].low == "не" for j, tok in enumerate(toks))


def _judged(toks: list[Token]) -> bool:
    """A sentence that judges an action rather than orders it: «это», or a predicative
    («глупо», «странно»)."""
    return any(map(_judging, [tok.low for tok in toks]))


@lru_cache(maxsize=65536)
def _judging(low: str) -> bool:
    if low in ("это", "было", "будет", "идея"):
        return True   # «…— это сливать игру», «Охранять Петю было ошибкой»
    readings = index.readings(low)
    return bool(readings) and any(r.pos == "PRED" or (r.pos == "ADJS" and "neut" in r.grammemes)
                                  for r in readings[:2]) and readings[0].pos in ("ADVB", "PRED", "ADJS")


def lemma_words(toks: list[Token], i: int, n: int) -> list[str]:
    """The vocabulary key a phrase of toks[i:i+n] was matched with, best guess (slang check)."""
    out = []
    for tok in toks[i:i + n]:
        forms = _forms(tok.low)
        out.append(next((f for f in (tok.low, morph.lemma(tok.low)) if f in forms), tok.low))
    return out


# Verbs that announce a correction of one's own order; their past tense tells no story.
CORRECTING_VERBS = frozenset({"передумать", "ошибиться", "перепутать", "поправиться"})


def _tail(text: str, toks: list[Token], triggers: list[Trigger]) -> int:
    """Where a comma-set aside after the orders begins («Голос против Тёти Моти, она слишком
    много знает»): what is told there is about the target, no story around the order."""
    last = max(t.end for t in triggers)
    for k in range(last + 1, len(toks)):
        if "," in text[toks[k - 1].end:toks[k].start]:
            return k
    return len(toks)


def _narrates(toks: list[Token], triggers: list[Trigger], changing: bool = False) -> bool:
    """`changing`: the sentence says «теперь» («был Шаман, теперь Тень»): «был» is no story."""
    inside = {i for t in triggers for i in range(t.start, t.end)}
    for i, tok in enumerate(toks):
        if i in inside:
            continue
        if changing and tok.low in ("был", "была", "было", "были"):
            continue
        if _tells(tok.low):
            return True
    return False


@lru_cache(maxsize=65536)
def _tells(low: str) -> bool:
    """A verb that tells a story: past tense or third person, but not the vote's own giving
    verb («Голос уходит Лису»), «может» («maybe») or a correction's («Передумала: …»)."""
    if index.lemma(low) in GIVING_VERBS or low == "может":
        return False
    if index.lemma(low) in CORRECTING_VERBS:
        return False
    return past_or_third(low)


@lru_cache(maxsize=65536)
def past_or_third(low: str) -> bool:
    readings = index.readings(low)
    return bool(readings) and readings[0].is_verb and (
        "past" in readings[0].grammemes or "3per" in readings[0].grammemes)
