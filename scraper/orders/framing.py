"""How a clause frames the order in it (held-out set 4): said for another day («завтра», «послезавтра»), under
a condition («Если …, …»; the Sacrifice's own «если умрёт»), with its target described instead
of named («того, кого охраняет X», «кого-нибудь»), pointed back at («…голос против неё»), or
named by the author himself; and which of two of the author's abilities one verb means when
the number of its targets tells. Pure helpers of `parse`: words and a `targets.Context` in,
an answer out.
"""
from __future__ import annotations

import re

from engine.abilities import WORDS, Field, Shape, find_ability
from scraper.orders import index
from scraper.orders.abilities import Trigger
from scraper.orders.args import Fail
from scraper.orders.index import read_tokens
from scraper.orders.result import Talk
from scraper.orders.targets import Context
from scraper.orders.text import Segment


# A target described instead of named: an indefinite pronoun («кого-нибудь»), or a
# demonstrative with a relative clause after it («того, кого охраняет Призрак»): a name in that
# clause is not the target.
INDEFINITE = frozenset({"кого-нибудь", "кого-то", "кого-либо", "кому-нибудь", "кому-то", "кому-либо",
                        "кто-нибудь", "кто-то", "любого", "любую", "любому", "любой", "кого-угодно"})
DEMONSTRATIVE = frozenset({"того", "тому", "тот", "ту", "тех", "тем", "той", "та", "тем", "теми"})
RELATIVE = frozenset({"кто", "кого", "кому", "кем", "ком", "который", "которого", "которому", "которую",
                      "которая", "которой", "которые", "которых", "чей", "чья", "чьего", "чью"})


def described(ctx: Context, text: str, toks, lo: int, hi: int) -> bool:
    """The first words after the order's word (up to a name) describe its target."""
    for i in range(lo, min(hi, lo + 4)):
        if toks[i].low in INDEFINITE:
            return True
        if toks[i].low in DEMONSTRATIVE and i + 1 < hi and "," in text[toks[i].end:toks[i + 1].start]:
            # «того, кого …», and with the relative's preposition before it: «того, на кого …»
            j = i + 2 if toks[i + 1].low in _RELATIVE_PREPOSITIONS and i + 2 < hi else i + 1
            if toks[j].low in RELATIVE:
                return True
        cands = ctx.matcher.at(toks, i, ctx.author)
        if cands and cands[0].score >= ctx.settings.threshold:
            return False          # a name comes first: «Голосую против Киры, которая молчит»
    return False

_RELATIVE_PREPOSITIONS = frozenset({"на", "у", "к", "с", "за", "против", "от", "о", "об", "в", "для"})


def by_own_nick(ctx: Context, toks, lo: int, hi: int) -> bool:
    """The author is named by his nickname (not «себя», not his role): he speaks of himself."""
    return any(c.nick == ctx.author and c.via == "nick" and c.score >= ctx.settings.threshold
               for i in range(lo, hi) for c in ctx.matcher.at(toks, i, ctx.author)[:1])


def mode_words_out(triggers: list[Trigger]) -> list[Trigger]:
    """«Операция — Бабуля, лечу»: a verb after an order's name that is one of that order's
    modes is the order's mode, not a second order."""
    out: list[Trigger] = []
    for t in triggers:
        prev = out[-1] if out else None
        if prev is not None and len(prev.abilities) == 1 and t.abilities & prev.abilities:
            (ability,) = prev.abilities
            words = WORDS.get(ability)
            if words is not None and words.shape is Shape.MODE and any(t.lemma in k.words for k in words.keywords):
                continue
        out.append(t)
    return out


def by_target_count(ctx: Context, fail: Fail, toks, lo: int) -> str | None:
    """One verb, two of the author's abilities («очаровываю» for Чары and Очарование): when
    two players are named and only one of them takes two targets, that one is meant."""
    names = {c.nick for i in range(lo, min(len(toks), lo + 12)) for c in ctx.matcher.at(toks, i, ctx.author)[:1]
             if c.nick is not None and c.score >= ctx.settings.threshold}
    if len(names) < 2:
        return None
    two = [a for a in fail.candidates if (spec := find_ability(a)) is not None and Field.TARGETS in spec.fields]
    return two[0] if len(two) == 1 else None


def names_someone(ctx: Context, toks, lo: int) -> bool:
    return any(c.nick is not None and c.nick != ctx.author and c.score >= ctx.settings.threshold
               for i in range(lo, min(len(toks), lo + 3)) for c in ctx.matcher.at(toks, i, ctx.author)[:1])


# Words that put an order on another day than this one («Завтра голосую против …»).
LATER_DAY = frozenset({"завтра", "послезавтра", "завтрашний", "завтрашнем", "завтрашнюю"})


def later(toks) -> Talk | None:
    """An order said for another day is talk about it, not this phase's order."""
    return Talk.LATER if any(t.low in LATER_DAY for t in toks) else None


# Verbs of the target's death: «если умрёт — перепризываю X» restates the Sacrifice's own
# condition («Если к концу ночи цель умирает, Демонолог может перепризвать…»), no new one.
DEATH_VERBS = frozenset({"умереть", "умирать", "погибнуть", "погибать", "сдохнуть", "помереть", "умрёт", "умрет"})
_SURVIVE_VERBS = frozenset({"пережить", "переживать", "выжить", "выживать"})
_NIGHT = frozenset({"ночь", "эту", "до", "утра", "она", "он", "цель", "жертва"})
_CONDITION_END = re.compile(r"\s*(?:[—–,:]|->|-(?!\w))\s*")


def condition_end(seg: Segment) -> tuple[int, bool] | None:
    """A sentence that opens with a condition («Если …, …», «Если … — …»): where the main
    clause begins in `seg.text`, and whether the condition is only the target's death (the
    Sacrifice's own: «Если умрёт — перепризываю X»); None for any other sentence."""
    toks = read_tokens(seg.text)
    if len(toks) < 3 or toks[0].low not in ("если", "коли"):
        return None
    for k in range(1, len(toks)):
        if _CONDITION_END.fullmatch(seg.text[toks[k - 1].end:toks[k].start]):
            said = toks[1:k]
            dies = [t for t in said if t.low in DEATH_VERBS or index.lemma(t.low) in DEATH_VERBS]
            survives = [t for t in said if index.lemma(t.low) in _SURVIVE_VERBS]
            if survives and said[0].low == "не" and len(survives) == 1:
                dies = said    # «если не переживёт ночь», «если не выживет»: the death, said as not surviving
                if not all(t.low in _NIGHT or t.low == "не" or t in survives for t in said):
                    dies = []
            own = bool(dies) and all(t in dies or t.low in ("она", "он", "цель", "жертва") for t in said)
            return toks[k].start, own
    return None


# Pronouns that point back at a player named before («…Кира не ответит — голос против неё»).
PRONOUNS = frozenset({"неё", "нее", "него", "её", "ее", "его", "ней", "нём", "нем", "ему", "ей", "нему", "она", "он"})


def named_once(ctx: Context, text: str) -> str | None:
    """The one player (not the author) a piece of text names confidently, or None."""
    toks = read_tokens(text)
    named = {c.nick for i in range(len(toks)) for c in ctx.matcher.at(toks, i, ctx.author)[:1]
             if c.nick is not None and c.nick != ctx.author and c.score >= ctx.settings.threshold}
    return named.pop() if len(named) == 1 else None
