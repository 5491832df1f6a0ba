"""A player's reply to the GM's question at a trigger (`standing_orders: false`, A52 b).

    reply = read_reply("Передаю роль Вере", roster, Asked("Аня", "Преемственность", ("Вера", "Боря")))
    reply.answer     # "Вера"; True / False for a yes / no question; None: not clear
    reply.why        # why not clear (Russian, for the GM), and `reply.candidates` the answers it may be

The engine stopped at a death and asked one player one thing: a nickname out of `options`
(the heir, the demon to resummon) or yes / no (the Некромант takes the Лич's role, the
Тварь swaps its mask). His next message to the GM answers it, so it is read as an answer,
not as orders: a bare «Вера» or «да» is enough. What is read must be plain: one of the
options named, or one polarity, in a short reply or beside the ability's own answer words
(`Words.answer_words` in engine/abilities/<role>.py: «передаю», «принимаю»,
«перепризываю»). Anything else — a question, «подумаю», two names, a name he may not
choose, «да» to a question that wants a name, a long letter that names someone in
passing — is not clear, and the GM is asked with the possible answers: never a guess.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import morph
from engine.abilities import words_of
from scraper.orders.abilities import DEFERRAL
from scraper.orders.index import read_tokens
from scraper.orders.names import Roster
from scraper.orders.quotes import cut_quotes, pictures_out
from scraper.orders.result import Reason
from scraper.orders.settings import ParseSettings
from scraper.orders.targets import Context, scan_targets
from scraper.orders.text import Token, strip_markup


@dataclass(frozen=True)
class Asked:
    """The question waiting: who is asked, about which ability, the nicknames he may name
    (empty: a yes / no question)."""
    to: str
    ability: str
    options: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reply:
    answer: str | bool | None          # None: not clear
    why: str = ""
    candidates: tuple[str | bool, ...] = ()

    @property
    def clear(self) -> bool:
        return self.answer is not None


YES = frozenset({"да", "ага", "угу", "yes", "конечно", "согласен", "согласна", "хочу", "беру", "принимаю",
                 "давай", "давайте", "разумеется", "естественно", "ок", "окей", "ok", "+"})
NO = frozenset({"нет", "неа", "no", "никому", "никого", "ничего", "отказываюсь", "откажусь", "отказ",
                "оставляю", "оставлю", "воздержусь", "не"})
# «не против», «не откажусь», «не возражаю»: two negatives, a yes
NOT_AGAINST = frozenset({"против", "откажусь", "отказываюсь", "возражаю"})
# A reply this short is an answer by itself («Вера», «да, конечно», «пусть будет Вера»).
SHORT = 4


def _lemmas(tok: Token) -> frozenset[str]:
    # every word's lemmas (not only the vocabulary's, `index.matters`): a reply is a few words
    return morph.lemmas(tok.low) | {tok.low}


def _answer_words(ability: str) -> frozenset[str]:
    words = words_of(ability)
    return frozenset(w.lower() for w in words.answer_words) if words is not None else frozenset()


def _polarity(toks: list[Token], own: frozenset[str]) -> tuple[bool, bool]:
    """(a yes is said, a no is said): «да», the ability's own words not negated («принимаю
    роль»); «нет», «никому», a negated word («не принимаю»); «не против» is a yes."""
    yes = no = False
    i = 0
    while i < len(toks):
        low = toks[i].low
        if low == "не" and i + 1 < len(toks):
            nxt = toks[i + 1]
            if nxt.low in NOT_AGAINST:
                yes = True
            else:
                no = True
            i += 2
            continue
        if low in NO:
            no = True
        elif low in YES or _lemmas(toks[i]) & own:
            yes = True
        i += 1
    return yes, no


def read_reply(text: str, roster: Roster, asked: Asked, settings: ParseSettings | None = None) -> Reply:
    """`text`: the asked player's message to the GM (its quotes are not his words)."""
    from scraper.orders.parse import matcher_for

    settings = settings or ParseSettings()
    body, _quotes = cut_quotes(str(text or ""))
    plain, _markup = strip_markup(pictures_out(body))
    toks = read_tokens(plain)
    own = _answer_words(asked.ability)
    yes, no = _polarity(toks, own)
    said_own = any(_lemmas(t) & own for t in toks)
    short = len(toks) <= SHORT
    deferred = "?" in plain or any(t.low in DEFERRAL for t in toks)
    choices: tuple[str | bool, ...] = (*asked.options, False) if asked.options else (True, False)
    if not toks:
        return Reply(None, "в ответе нет слов", choices)
    if deferred:
        return Reply(None, "ответ не окончательный (вопрос, «может», «подумаю»)", choices)
    if not asked.options:
        if yes and no:
            return Reply(None, "в ответе и «да», и «нет»", choices)
        if not (yes or no):
            return Reply(None, "в ответе нет ни «да», ни «нет»", choices)
        if not (short or said_own):
            return Reply(None, "«да» или «нет» сказано в длинном письме, не ответом на вопрос", choices)
        return Reply(yes)
    ctx = Context(roster, matcher_for(roster, settings.aliases), settings, asked.to)
    scan = scan_targets(ctx, toks, 0, len(toks), len(asked.options) + 2, False)
    named = list(dict.fromkeys(scan.nicks))
    if scan.problem in (Reason.AMBIGUOUS_TARGET, Reason.AMBIGUOUS_NAME, Reason.LOW_CONFIDENCE) and not named:
        maybe = tuple(c.split(" (")[0] for c in scan.candidates if c.split(" (")[0] in asked.options)
        return Reply(None, "имя в ответе не узнано уверенно", (*maybe, False) if maybe else choices)
    if scan.problem is Reason.SELF_NOT_ALLOWED and not named:
        return Reply(None, f"назван сам {asked.to}: себя выбрать нельзя (можно: {', '.join(asked.options)})", choices)
    if len(named) > 1:
        return Reply(None, f"в ответе названы несколько игроков: {', '.join(named)}",
                     (*[n for n in named if n in asked.options], False))
    if named:
        nick = named[0]
        if nick not in asked.options:
            return Reply(None, f"{nick} выбрать нельзя (можно: {', '.join(asked.options) or 'никого'})", choices)
        if no:
            return Reply(None, f"назван {nick}, но в ответе есть отказ («нет», «не …»)", (nick, False))
        if not (short or said_own):
            return Reply(None, f"{nick} назван в длинном письме, не ответом на вопрос", (nick, False))
        return Reply(nick)
    if no and not yes and (short or said_own):
        return Reply(False)     # «никому», «нет, никого не перепризываю»
    if yes and not no:
        return Reply(None, "ответ «да», а вопрос — кого выбрать: ник не назван", choices)
    return Reply(None, "в ответе не назван ни один игрок из тех, кого можно выбрать", choices)
