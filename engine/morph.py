"""Russian morphology shared by the order parser and the publisher: one pymorphy3 analyzer
per process, cached.

It lives beside the canonical names so that the parser (scraper/orders) and the drafts
(publisher) both use it without either importing the other; it only looks words up in
pymorphy3's packaged dictionary (no clock, no randomness).

The analyzer is slow to build and holds the dictionary in memory, so it is made
once, lazily, on the first call; every lookup is memoised. The strings the parser's
lookups return are folded (lower case, «ё» = «е»); the generation functions for drafts
(`decline`, `name_gender`) return lower case with «ё» kept.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from engine.names import fold

# Parts of speech whose forms a name may take in a sentence («Петю», «у Мэра»).
_NOMINAL = frozenset({"NOUN", "ADJF", "NPRO", "NUMR"})


@lru_cache(maxsize=1)
def analyzer() -> Any:
    import pymorphy3  # imported here: importing the parser must stay cheap

    return pymorphy3.MorphAnalyzer()


def analyses(word: str) -> list[Any]:
    """pymorphy3's analyses of `word`, or none for a word it cannot even look at.

    pymorphy3 asks `unicodedata.name` of each letter of an unknown word, and letters
    without a name (Tangut and other scripts outside the BMP) raise ValueError: such a
    word is no Russian word. Every caller goes through here, so no text can crash it."""
    try:
        parses: list[Any] = analyzer().parse(word)
        return parses
    except (ValueError, KeyError):
        return []


@dataclass(frozen=True)
class Reading:
    """One analysis of a word: its lemma, part of speech and the grammemes that matter."""

    lemma: str
    pos: str | None
    grammemes: frozenset[str]

    @property
    def is_verb(self) -> bool:
        return self.pos in ("VERB", "INFN")


@lru_cache(maxsize=65536)
def readings(word: str) -> tuple[Reading, ...]:
    """Every analysis of one word (Cyrillic words only; others get none)."""
    word = fold(word)
    if not word or not any("а" <= ch <= "я" for ch in word):
        return ()
    out = []
    for parse in analyses(word):
        pos = parse.tag.POS
        # a plain string: pymorphy3's typed grammeme checks every comparison in Python
        out.append(Reading(fold(parse.normal_form), None if pos is None else str(pos), frozenset(parse.tag.grammemes)))
    return tuple(out)


@lru_cache(maxsize=65536)
def lemmas(word: str) -> frozenset[str]:
    """The word itself and the lemma of each of its analyses."""
    word = fold(word)
    return frozenset({word, *(r.lemma for r in readings(word))})


@lru_cache(maxsize=8192)
def lemma(word: str) -> str:
    """The most probable lemma (the word itself when unknown)."""
    found = readings(word)
    return found[0].lemma if found else fold(word)


@lru_cache(maxsize=4096)
def inflections(word: str) -> frozenset[str]:
    """All case forms of a name word: the lexemes of its nominal analyses.

    «Петя» → петя, пети, пете, петю, петей, …; a word with no nominal reading
    (or not Cyrillic) is only itself.
    """
    word = fold(word)
    out = {word}
    if not readings(word):
        return frozenset(out)
    parses = [p for p in analyses(word) if p.tag.POS in _NOMINAL]
    # A name is written in the nominative: keep the analyses that read it so, and
    # only the forms of the same number («Лис» gives лиса, лису, not лисы).
    nominative = [p for p in parses if "nomn" in p.tag.grammemes] or parses
    for parse in nominative:
        number = parse.tag.number
        out.update(fold(form.word) for form in parse.lexeme
                   if number is None or form.tag.number in (None, number))
    return frozenset(out)


@lru_cache(maxsize=65536)
def verb_readings(word: str) -> tuple[Reading, ...]:
    return tuple(r for r in readings(word) if r.is_verb)


# ---------------------------------------------------------------- generation (drafts)

# The six cases a draft may ask for (pymorphy3's grammemes).
CASES = ("nomn", "gent", "datv", "accs", "ablt", "loct")


class Gender(str, Enum):
    """A player's grammatical gender: what past-tense verbs agree with («казнён», «казнена»)."""

    MALE = "m"
    FEMALE = "f"


def _dictionary_nouns(word: str) -> list[Any]:
    """The dictionary's (not guessed) readings of `word` as a singular noun in the
    nominative, first names first: a nickname is written in the nominative."""
    parses = [p for p in analyses(word.lower())
              if p.is_known and p.tag.POS == "NOUN" and {"nomn", "sing"} <= p.tag.grammemes]
    return sorted(parses, key=lambda p: "Name" not in p.tag.grammemes)


@lru_cache(maxsize=8192)
def decline(word: str, case: str) -> str | None:
    """`word` (one Cyrillic word, a name or a noun) in `case`, singular, in lower case:
    «зоя», "gent" → «зои»; «лис», "datv" → «лису». None when the dictionary does not know
    the word as a noun (pymorphy3 guesses unknown words; a guess is not trusted).

    A player is a person, so the accusative of a masculine noun the dictionary calls
    inanimate is the genitive («вижу Шарика», not «вижу Шарик»)."""
    if case not in CASES:
        raise ValueError(f"unknown case {case!r} (known: {', '.join(CASES)})")
    parses = _dictionary_nouns(word)
    if not parses:
        return None
    parse = parses[0]
    if case == "accs" and "inan" in parse.tag.grammemes and "masc" in parse.tag.grammemes:
        case = "gent"
    form = parse.inflect({case, "sing"})
    return form.word if form is not None else None


@lru_cache(maxsize=8192)
def name_gender(word: str) -> Gender | None:
    """The gender of a first name the dictionary knows («Зоя» → FEMALE, «Петя» → MALE);
    None for a word that is no first name («Лис») or one used for both («Саша»)."""
    genders = {p.tag.gender for p in _dictionary_nouns(word) if "Name" in p.tag.grammemes}
    if genders == {"femn"}:
        return Gender.FEMALE
    if genders == {"masc"}:
        return Gender.MALE
    return None
