"""Talk must be earned (issue 24): why a clause that gave no order is no order.

A clause that names nobody and holds no ability word is plain talk. One that names a
player (any case, a pet form, the other alphabet, an @mention) or an open role, or holds
an ability's word (slang and misspellings within `index.respell` included), is talk only
by one of the rules below, each with the words the GM reads; without one it is asked
(`Reason.UNREAD`), never dropped.
"""
from __future__ import annotations

import re
from functools import lru_cache

from scraper.orders import index
from engine.orders import Order
from engine.abilities import words_of
from scraper.orders.abilities import (IMPERSONAL, SECOND_PERSON, Strength, Trigger, _judged, find_triggers,
                                      imperative_or_second, past_or_third)
from scraper.orders.names import Candidate
from scraper.orders.targets import Context
from scraper.orders.net import named_players
from scraper.orders.net import unread_item
from scraper.orders.result import Reason, Talk, Unresolved  # the rules' Russian (TALK_RU) lives with the result
from scraper.orders.text import Segment, Token


# Talk a PM's reader need not be shown (every other clause of a PM without an order is).
UNSHOWN = frozenset({Talk.GREETING, Talk.QUESTION, Talk.QUOTE})

GREETINGS = frozenset("""
привет приветик здравствуй здравствуйте здрасте добрый доброе доброй добрых спасибо спс благодарю
пока спокойной ночи вечер утро день удачи хорошей хорошего мастер ведущий гм всем ку хай салют
""".split())
CONDITIONS = frozenset({"бы", "б", "кабы", "if", "would", "could", "might", "unless"})
NEGATIONS = frozenset({"не", "ни", "нет", "никого", "никому", "ничего", "нельзя", "not", "no", "never", "t", "nobody"})
# English talk, for the games of English-speaking forums the replay reads (TeamLiquid): said to
# someone, told in the past or the third person (the Russian rules go by the dictionary).
ENGLISH_ADDRESS = frozenset({"you", "your", "yours", "u", "ur"})
ENGLISH_REPORT = frozenset({"was", "were", "did", "had", "has", "have", "said", "is", "are", "does", "been", "seems"})
# «ага, щас», «как же», «разбежался»: the vote said in them is its opposite (asked, not read).
SARCASM = re.compile(r"\b(?:ага,?\s+щас|ага,?\s+сейчас|как\s+же\b|разбежал(?:ся|ась|ись)|щас\s+прям|ну\s+да,?\s+конечно)",
                     re.IGNORECASE)
_POINTER = re.compile(r"[:=—–→]|->|\s-\s")


def _verb_past_or_third(tok: Token) -> bool:
    return _reports(tok.low)


@lru_cache(maxsize=65536)
def _reports(low: str) -> bool:
    if low.isascii():
        return low in ENGLISH_REPORT or (len(low) > 4 and low.endswith("ed"))
    return past_or_third(low)


def _addressed(toks: list[Token], names: list[Candidate], text: str) -> bool:
    if any(t.low in SECOND_PERSON or t.low in ENGLISH_ADDRESS for t in toks):
        return True
    first = min(names, key=lambda c: c.start) if names else None
    if first is not None and first.start == 0 and text[toks[first.end - 1].end:].lstrip().startswith(","):
        return True          # «Шаман, …»: said to him
    if "@" in text:
        return True
    return any(map(imperative_or_second, [tok.low for tok in toks]))


def talk_rule(ctx: Context, seg: Segment, toks: list[Token], names: list[Candidate],
              triggers: list[Trigger], hint: Talk | None) -> Talk | None:
    """The rule that makes this clause talk, or None: it must be asked."""
    lows = [t.low for t in toks]
    vocab = bool(triggers) or not index.content_forms().isdisjoint(lows)
    if not names and not vocab:
        if toks and toks[0].low in GREETINGS:
            return Talk.GREETING
        return Talk.QUESTION if "?" in seg.text else Talk.PLAIN
    if "?" in seg.text:
        return Talk.QUESTION
    if not CONDITIONS.isdisjoint(lows) or conditional(seg.text):
        return Talk.CONDITIONAL
    if not NEGATIONS.isdisjoint(lows):
        return Talk.NEGATION
    if not IMPERSONAL.isdisjoint(lows) or _judged(toks) or _judged_by_dash(seg, toks, triggers):
        return Talk.JUDGEMENT
    if _addressed(toks, names, seg.text):
        return Talk.ADDRESSED
    inside = {i for t in triggers if t.strength >= Strength.WEAK for i in range(t.start, t.end)}
    if any(_reports(t.low) for i, t in enumerate(toks) if i not in inside):
        return Talk.REPORT
    if hint is not None and (hint is not Talk.NO_AIM or not names):
        return hint
    if _tally(toks, seg.text):
        return Talk.REPORT     # «Голоса сейчас: Ваня 3, Шпуля 2», «У Лиса два голоса»
    if not names and not _POINTER.search(seg.text):
        return Talk.NO_AIM     # «У меня два голоса, и я пока их придержу»
    if names and _claim(ctx, toks, seg.text):
        return Talk.OPINION    # «Ставлю на то, что Боря — Тварь»
    if not vocab and not _POINTER.search(seg.text):
        return Talk.OPINION
    if all(t.strength <= Strength.COMMAND for t in triggers) and any(
            _verb_past_or_third(toks[t.start]) for t in triggers):
        return Talk.REPORT   # «Шпуля опять голосует против меня»: the ability's own verb, third person
    return None


def _judged_by_dash(seg: Segment, toks: list[Token], triggers: list[Trigger]) -> bool:
    """«Голосовать против Ольги — гениальная идея»: an infinitive, then « — » and a judgement."""
    if not toks or " — " not in seg.text and " - " not in seg.text:
        return False
    first = toks[0]
    return any(r.pos == "INFN" for r in index.readings(first.low))


def sarcastic(text: str) -> bool:
    return SARCASM.search(text) is not None


_IF = re.compile(r"(?:^|[\s,(—–-])(?:если|ежели|коли|будь\s+я)(?![\w])(?!\s+что\b)|\bкогда\b.*\bтогда\b", re.IGNORECASE)


@lru_cache(maxsize=4096)
def conditional(text: str) -> bool:
    """«Если X не объяснится — проголосую…», «когда … тогда и проголосую» (not «если что»).
    Memoised: each clause is asked three times (its orders, the net, its talk rule)."""
    return _IF.search(text) is not None


# Words a condition may hold besides the ability's own (`Words.condition`): who it is about.
_CONDITION_FILLER = frozenset({"он", "она", "его", "её", "ее", "него", "неё", "нее", "я", "меня", "вдруг", "всё-таки",
                               "таки", "же", "уж", "всё", "все"})
_CONDITION = re.compile(r"(?:^|[\s,(—–-])(?:если|ежели|коли)\s+([^,.;:!?—–()]+)", re.IGNORECASE)


def own_condition(text: str, ability: str) -> bool:
    """Each «если …» of the text says only what the ability's rule makes its trigger (its
    `Words.condition` lemmas, at least one of them a verb or noun of it, and pronouns):
    «если Лич падёт» for Перерождение. A negated or any other condition is not."""
    words = words_of(ability)
    own = frozenset(words.condition) if words is not None else frozenset()
    if not own:
        return False
    found = _CONDITION.findall(text)
    if not found:
        return False
    for piece in found:
        toks = index.read_tokens(piece)
        if not toks or not any(index.lemma(t.low) in own for t in toks):
            return False
        if not all(t.low in _CONDITION_FILLER or index.lemma(t.low) in own or t.low in own for t in toks):
            return False
    return True


NUMBERS = frozenset("один одного два две три четыре пять шесть семь восемь девять десять".split())


_COUNTED = re.compile(r"\s[—–:-]\s*\d+\s*(?:\(|$|голос)")


def _tally(toks: list[Token], text: str = "") -> bool:
    """Votes counted: the plural «голоса» / «голосов» beside a number, or a name with its
    count after a dash («Лиса — 2 (Кира, Паша)»)."""
    if _COUNTED.search(text):
        return True
    return any(t.low in ("голоса", "голосов") for t in toks) and any(
        t.low.isdigit() or t.low in NUMBERS for t in toks)


def _claim(ctx: Context, toks: list[Token], text: str) -> bool:
    """«X — Тварь», «что Шпуля — Вор»: a guess at a player's role, no order word."""
    from scraper.orders.cards import find_secret_roles

    if not re.search(r"\s[—–-]\s", text):
        return False
    if find_secret_roles(toks, 0, len(toks)):
        return True
    return any(ctx.matcher.role_at(toks, i) is not None for i in range(len(toks)))




def checked(seg: Segment, got: list, private: bool) -> list:
    """Orders the clause's words take back: said with sarcasm («ага, щас, голосую…»: asked),
    or under a condition («если …»: in a PM asked, in a post talk about a vote to come)."""
    orders = [g for g in got if isinstance(g, Order)]
    if not orders:
        return got
    if sarcastic(seg.text):
        reason = Reason.IRONY
    elif conditional(seg.text):
        if all(own_condition(seg.text, g.ability) for g in orders):
            return got        # «Взятка — оправдываю Пельменя, если его приговорят»: the rule's own trigger
        if not private:
            return [g for g in got if not isinstance(g, Order)]
        reason = Reason.CONDITIONAL
    else:
        return got
    return [Unresolved(seg.text, reason, candidates=(str(g),), ability=g.ability) if isinstance(g, Order) else g
            for g in got]


def talk_or_ask(ctx: Context, seg: Segment, private: bool, hints: list) -> Talk | Unresolved:
    """The talk rule of a clause that gave nothing, or the question it must be (talk is
    earned: `net.unread_item`, with the whole orders it may be)."""
    toks = index.read_tokens(seg.text)
    names = named_players(ctx, toks)
    triggers = [t for t in find_triggers(seg, toks) if t.abilities]
    rule = talk_rule(ctx, seg, toks, names, triggers, hints[0] if hints else None)
    if rule is not None:
        return rule
    return unread_item(ctx, seg, toks, names, triggers, private)
