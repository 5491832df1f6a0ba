"""The order parser's vocabulary, compiled from the ability registry.

The registry (`engine.abilities`) gives each ability's name, aliases, holders,
timing, fields and players' slang (`slang`), and in its module's `WORDS` what a
parser of Russian needs on top: other nouns players use for it, the verbs whose
first-person forms order it («обворовываю», «кусаю», «голосую»), where the order
must be given (a post's «комментарий» field or a PM), how its arguments are written,
and worked examples. The memo prints the same examples, and a test parses every one
of them, so help and grammar cannot drift.

Examples use the sample roster `SAMPLE_PLAYERS` (nickname: open, secret role).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.abilities import ABILITIES, WORDS, AbilitySpec, Channel, Shape, Words, find_ability, words_of
from engine.abilities.spec import SAMPLE_PLAYERS
from engine import morph
from scraper.orders.text import key, tokens


# An ability's words (`Words`: nouns, verbs, channel, memo line, examples, argument shape)
# are written in its module beside its row (engine/abilities/<role>.py, `WORDS`); this is
# their list in the registry's order.
LEXICON: tuple[Words, ...] = tuple(WORDS[s.name] for s in ABILITIES if s.name in WORDS)


def lexicon(ability: str) -> Words | None:
    return words_of(ability)


def orderable() -> tuple[AbilitySpec, ...]:
    return tuple(s for s in ABILITIES if s.orderable)


# --- compiled vocabulary ------------------------------------------------------------------

def _phrase_key(phrase: str) -> tuple[str, ...]:
    out = []
    for tok in tokens(phrase):
        out.append(morph.lemma(tok.low) if _has_cyr(tok.low) else latin_key(tok.low))
    return tuple(out)


def _has_cyr(word: str) -> bool:
    return any("а" <= ch <= "я" for ch in word)


def latin_key(word: str) -> str:
    """Latin ability words compare with doubled letters and hyphens removed
    («Bra-a-a-ains», «Braaains» → «brains»)."""
    letters = "".join(filter(str.isalpha, word.lower()))
    if _RUNS.search(letters) is None:
        return letters            # most words double no letter (the cheap test first)
    out: list[str] = []
    for ch in letters:
        if not out or out[-1] != ch:
            out.append(ch)
    return "".join(out)


_RUNS = re.compile(r"(.)\1+", re.DOTALL)


@dataclass(frozen=True)
class Vocabulary:
    phrases: tuple[tuple[tuple[str, ...], str], ...]   # (lemma keys, ability), longest first
    verbs: dict[str, frozenset[str]]                   # verb lemma → abilities
    slang_verbs: dict[str, frozenset[str]]             # of them, the slang: lemma → abilities
    slang_phrases: frozenset[tuple[str, ...]]           # phrases that are slang only


# First-person forms the dictionary does not know for a slang verb («хилю» is no form of
# «хилить» to pymorphy3): matched as written, and printed so by the memo.
FIRST_PERSON: dict[str, str] = {"хилить": "хилю", "отхилить": "отхилю", "зарезать": "зарежу", "чекнуть": "чекну"}


def slang_of(ability: str) -> tuple[str, ...]:
    """Players' slang for an ability: the `slang` of its row in the ability table
    (engine/abilities/<role>.py), which the memo lists too. A slang verb orders only an
    ability the sender holds (`_choose`), and in a public post it never flags a secret
    order («Смотрю, Петя опять молчит» is talk)."""
    spec = find_ability(ability)
    return spec.slang if spec is not None else ()


def slang_table() -> dict[str, tuple[str, ...]]:
    """Every orderable ability that has slang, in the table's order."""
    return {s.name: s.slang for s in orderable() if s.slang}


def _is_verb(word: str) -> bool:
    return any(r.pos == "INFN" for r in morph.readings(word))


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    phrases: dict[tuple[str, ...], set[str]] = {}
    verbs: dict[str, set[str]] = {}
    for spec in orderable():
        lex = lexicon(spec.name)
        names = [spec.name, *spec.aliases, *(lex.names if lex else ())]
        for name in names:
            words = _phrase_key(name)
            if words:
                phrases.setdefault(words, set()).add(spec.name)
        for verb in (lex.verbs if lex else ()):
            verbs.setdefault(key(verb), set()).add(spec.name)
    proper_verbs = {v: set(a) for v, a in verbs.items()}
    proper_phrases = set(phrases)
    slang_verbs: dict[str, set[str]] = {}
    for spec in orderable():
        for word in slang_of(spec.name):
            if word in FIRST_PERSON:
                phrases.setdefault((key(FIRST_PERSON[word]),), set()).add(spec.name)
            if " " not in word and _is_verb(word):
                verbs.setdefault(key(word), set()).add(spec.name)
                if spec.name not in proper_verbs.get(key(word), ()):
                    slang_verbs.setdefault(key(word), set()).add(spec.name)
            else:
                # a one-word noun of slang is matched as written («кусь», «брейнс»)
                words = _phrase_key(word) if " " in word else (key(word),)
                if words:
                    phrases.setdefault(words, set()).add(spec.name)
    from scraper.orders.shorthand import PHRASES

    for ability, words in PHRASES.items():
        for phrase in words:
            key_words = _phrase_key(phrase)
            if key_words:
                phrases.setdefault(key_words, set()).add(ability)
    ordered = sorted(((w, a) for w, names in phrases.items() for a in sorted(names)),
                     key=lambda item: -len(item[0]))
    return Vocabulary(tuple(ordered), {v: frozenset(a) for v, a in verbs.items()},
                      {v: frozenset(a) for v, a in slang_verbs.items()},
                      frozenset(phrases) - frozenset(proper_phrases))


# Abilities whose orders carry a third-person verb of their own (`own_verb`: «Влияние: Аня
# голосует против Бори», a command): a narrating verb does not make them talk.
NO_TALK_DEMOTION = frozenset(w.ability for w in LEXICON if w.own_verb)
# Abilities whose text is a message kept as written (`Shape.MESSAGE`): a question in it is no talk.
MESSAGES = frozenset(w.ability for w in LEXICON if w.shape is Shape.MESSAGE)


@lru_cache(maxsize=1)
def literal_words() -> frozenset[str]:
    """The words of the registry's names and aliases as written («пожирай»): a text that
    writes the name itself names the ability, whatever its grammar."""
    out = set()
    for spec in orderable():
        for name in (spec.name, *spec.aliases):
            out.update(tok.low for tok in tokens(name))
    return frozenset(out)


@lru_cache(maxsize=1)
def ability_words() -> frozenset[str]:
    """The lemmas (5+ letters) of the abilities' own words: their names, aliases and other
    nouns, and the words of their keywords («ведьмовство», «копилка»). Such a word in an
    order is the order's, never a likeness of a player's name (`targets.scan_targets`)."""
    out = {w for words, _ in vocabulary().phrases for w in words if len(w) >= 5}
    for lex in LEXICON:
        for keyword in lex.keywords:
            out.update(w for w in keyword.words if len(w) >= 5)
    return frozenset(out)


def channel_of(ability: str) -> Channel:
    lex = words_of(ability)
    if lex is not None:
        return lex.channel
    spec = find_ability(ability)
    return Channel.POST if spec is not None and spec.public else Channel.PM
