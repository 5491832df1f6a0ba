"""The words that can matter to the order parser, found without morphology (issue 24).

pymorphy3 on every word of a text was the parser's main cost (a new word costs ~2 ms of
dictionary walks). Only a word that may be an ability's word, a card's or a secret role's
name, or one of the grammar's own words («против», «хочу», «применяю») ever needs its
readings; names are the matcher's (`names.NameMatcher`, built once per game). So the
vocabulary is expanded once per process into every inflected form of each of its words
(the lexemes of their dictionary readings), and:

- `matters(word)`: the word is one of those forms, so its readings are worth taking;
- `respell(word)`: a word the parser cannot otherwise read, put right when it is one
  short step from a form of the vocabulary: a Latin spelling («golosuyu», «kusayu») or a
  typo of a word the dictionary does not know («Галасую», «нпадаю», «протв»).

Everything else is read as written: no morphology, no fuzzy search.
"""
from __future__ import annotations

import re
from functools import lru_cache

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from engine import morph
from engine.names import CARDS, SECRET_ROLES, fold
from scraper.orders.text import Token, cyrillize, new_token, raw_tokens, translit, _WORD

# The grammar's own words (abilities.py, args.py, parse.py, net.py), besides the vocabulary:
# their forms must be read with morphology too.
GRAMMAR = """
против за голос голоса голосовать применять применить использовать активировать играть
сыграть юзать задействовать заявлять заявить делать сделать объявлять объявить устраивать
устроить проводить провести отдавать отдать менять поменять сменить переводить перевести
переносить перенести ставить поставить снимать снять отзывать отозвать забирать забрать
отменять отменить накладывать наложить наводить навести составлять составить брать взять
отправлять отправить посылать послать слать писать написать направлять направить выпускать
выпустить ловить кидать кинуть бросать бросить хотеть желать собираться планировать решить
быть намереваться мочь уходить уйти идти пойти отдаваться доставаться достаться лететь
улетать отправляться падать получать получить передумать ошибиться перепутать поправиться
смена кандидат казнь вылет выбор копилка сигнал маска жертва
"""


def _lexeme(word: str) -> set[str]:
    out = {fold(word)}
    # a vocabulary word the dictionary does not know («перепризывать») keeps the forms of
    # its guessed paradigm: its readings are taken from the same guess
    for parse in morph.analyses(word):
        out.update(fold(form.word) for form in parse.lexeme)
    return out


@lru_cache(maxsize=1)
def forms() -> frozenset[str]:
    """Every form of every word of the vocabulary, the cards, the secret roles and the
    grammar's words (built once per process: ~1 s)."""
    from scraper.orders.vocabulary import FIRST_PERSON, LEXICON, orderable, slang_of

    words: set[str] = set(GRAMMAR.split())
    for spec in orderable():
        words.update(_split(spec.name))
        for alias in spec.aliases:
            words.update(_split(alias))
        for slang in slang_of(spec.name):
            words.update(_split(slang))
    for lex in LEXICON:
        for text in (*lex.names, *lex.verbs):
            words.update(_split(text))
        for keyword in lex.keywords:
            words.update(keyword.words)
            words.update(_split(keyword.written))
    for name in (*CARDS, *(n for n in CARDS.values() if n), *SECRET_ROLES, "шулер", "мирный"):
        words.update(_split(name))
    from scraper.orders.shorthand import PHRASES
    for phrases in PHRASES.values():
        for phrase in phrases:
            words.update(_split(phrase))
    words.update(FIRST_PERSON.values())
    out: set[str] = set()
    for word in words:
        if any("а" <= ch <= "я" for ch in word):
            out |= _lexeme(word)
        else:
            out.add(word)
    return frozenset(out)


def _split(text: str) -> list[str]:
    return [t.low for t in raw_tokens(text)]


def matters(low: str) -> bool:
    return low in forms()


def prepare() -> None:
    """Build the vocabulary's index now (once per process; `parse.matcher_for` calls it
    with each game's name index), so no text pays for it."""
    forms()
    _by_ends()
    _ends()
    _content()


@lru_cache(maxsize=65536)
def respell(low: str) -> str | None:
    """The vocabulary form a word stands for, or None when it is read as written.

    - all Latin: its Cyrillic spelling, when that is a form of the vocabulary;
    - Cyrillic, unknown to the dictionary, 4+ letters: the one form within one edit
      (two for 7+ letters), when no other form is as close."""
    if low in forms():
        return None
    for particle in ("-ка", "-то", "-таки", "-де") if "-" in low else ():
        if low.endswith(particle) and low[:-len(particle)] in forms():
            return low[:-len(particle)]      # «Проголосую-ка», «Повешу-ка»
    if low.isascii():
        # 5+ letters: a short Latin word is likelier a nickname's part («eden» of Eden1892)
        cyr = translit(low) if low.isalpha() and len(low) >= 5 else None
        if not cyr:
            return None
        return cyr if cyr in forms() else _typo(cyr)    # «galosuyu» → «галосую» → «голосую»
    if len(low) < 4 or not low.isalpha():
        return None
    heads, tails = _ends()
    if low[:3] not in heads and low[-3:] not in tails:
        return None          # shares no start or end with a form: no typo of one (cheap test first)
    fixed = _typo(low)
    if fixed is not None and low.startswith(fixed) and low[len(fixed):] in _PAST_ENDINGS:
        return None          # «дозорил»: a verb made of the noun «дозор», in the past tense, no typo
    # a word the dictionary knows is no typo (asked last: the lookup is the dearer test)
    return None if fixed is None or _known(low) else fixed


# A past-tense verb's endings after a noun's stem («дозор-ил», «брейнс-ила»).
_PAST_ENDINGS = frozenset({"ил", "ила", "ило", "или", "ал", "ала", "али", "ел", "ела", "ели", "нул", "нула"})


@lru_cache(maxsize=1)
def _ends() -> tuple[frozenset[str], frozenset[str]]:
    """The first and the last three letters of the forms a typo may be of: a typo keeps one
    of them («галасую», «нпадаю» end as «голосую», «нападаю»; «протв» starts as «против»)."""
    long = [f for f in forms() if len(f) >= 4]
    return frozenset(f[:3] for f in long), frozenset(f[-3:] for f in long)


@lru_cache(maxsize=1)
def _by_ends() -> tuple[dict[str, tuple[str, ...]], dict[tuple[str, str], tuple[str, ...]]]:
    """The forms a typo may be of, by their first three letters, and by their first letter
    with their last three (a typo keeps the one or the other, and the first letter)."""
    heads: dict[str, list[str]] = {}
    tails: dict[tuple[str, str], list[str]] = {}
    for f in forms():
        if len(f) >= 4 and any("а" <= ch <= "я" for ch in f):
            heads.setdefault(f[:3], []).append(f)
            tails.setdefault((f[0], f[-3:]), []).append(f)
    return ({k: tuple(sorted(v)) for k, v in heads.items()},
            {k: tuple(sorted(v)) for k, v in tails.items()})


def _typo(low: str) -> str | None:
    if low in forms():
        return low
    heads, tails = _ends()
    if low[:3] not in heads and low[-3:] not in tails:
        return None
    limit = 2 if len(low) >= 7 else 1
    near = _near(low[:3], len(low)) + _near((low[0], low[-3:]), len(low))
    found = process.extract(low, near, scorer=Levenshtein.distance, score_cutoff=limit, limit=3)
    if not found:
        return None
    best = min(d for _, d, _ in found)
    closest = {f for f, d, _ in found if d == best}
    if len(closest) > 1 and len({morph.lemma(f) for f in closest}) > 1:
        return None          # two words as close: not a typo of one of them
    return min(closest)


@lru_cache(maxsize=65536)
def _near(end: str | tuple[str, str], length: int) -> tuple[str, ...]:
    """The forms with these first three letters (a str), or this first letter and last
    three (a pair), of a length a typo of a `length`-letter word may have; in `_by_ends`'
    order."""
    by_head, by_tail = _by_ends()
    limit = 2 if length >= 7 else 1
    forms = by_head.get(end, ()) if isinstance(end, str) else by_tail.get(end, ())
    return tuple(f for f in forms if abs(len(f) - length) <= limit)


@lru_cache(maxsize=65536)
def _known(low: str) -> bool:
    """pymorphy3's `word_is_known`, its exact lookup first: the fuzzy one (each «е» also
    tried as «ё») walks the dictionary letter by letter in Python, and is needed only for a
    word with an «е» that is not in it as written."""
    analyzer = morph.analyzer()
    word = low.lower()
    if word in analyzer.dictionary.words:
        return True
    return "е" in word and analyzer.word_is_known(word)


# Endings a verb form (or a predicative: «надо», «жаль», «глупо») may have: only such a
# word, and only one the dictionary knows, is worth its readings when it is no vocabulary
# word (a new word's guessed readings cost ~2 ms and say little).
_VERBISH = re.compile(r"(?:л|ла|ло|ли|лся|лась|лось|лись|ет|ёт|ит|ут|ют|ат|ят|ешь|ёшь|ишь|ете|ёте|ите|йте|ьте|"
                      r"ем|ём|им|й|и|ь|ся|сь|ть|ти|чь|у|ю|о)$")


@lru_cache(maxsize=65536)
def readings(low: str):
    """`morph.readings` of a word that can matter: a vocabulary form, or a known word with a
    verb's (or a predicative's) ending; () for any other word."""
    if low in forms():
        return morph.readings(low)
    if not _VERBISH.search(low) or not _known(low):
        return ()
    return morph.readings(low)


def lemma(low: str) -> str:
    found = readings(low)
    return found[0].lemma if found else low


def read_tokens(text: str) -> list[Token]:
    """A clause's words as the readers see them: each a word of the vocabulary where it is
    one short step from it (`respell`: a Latin spelling, a typo the dictionary does not
    know); offsets as written. Memoised by the text: a clause is looked at by several readers."""
    return list(_read_tokens(text))


@lru_cache(maxsize=16384)
def _read_tokens(text: str) -> tuple[Token, ...]:
    read = _READ
    out = []
    at = 0
    for raw in _WORD.findall(text):
        # between two matches stand only non-word characters, and a match begins with a
        # word character: the first occurrence from the last end is the match itself
        start = text.find(raw, at)
        at = start + len(raw)
        word = read.get(raw)
        if word is None:
            word = _read_word(raw)
        out.append(new_token(word[0], start, at, word[1], word[2]))
    return tuple(out)


_READ: dict[str, tuple[str, str, str]] = {}


def _read_word(raw: str) -> tuple[str, str, str]:
    """A word as the readers see it (`respell`), with its `low` and `key`: memoised by the
    word as written (bounded), so a word a thread repeats is read once."""
    word = cyrillize(raw)
    fixed = respell(fold(word))
    tok = Token(fixed if fixed is not None else word, 0, 0)
    if len(_READ) >= 65536:
        _READ.clear()
    _READ[raw] = out = (tok.text, tok.low, tok.key)
    return out


def content_forms() -> frozenset[str]:
    """Forms of the abilities' own words (names, verbs, slang, keywords), not the grammar's:
    one of them makes a clause that names a player no plain opinion («приношу Лекса в жертву»)."""
    return _content()


@lru_cache(maxsize=1)
def _content() -> frozenset[str]:
    from scraper.orders.vocabulary import LEXICON, orderable, slang_of

    grammar: set[str] = set()
    for word in GRAMMAR.split():
        grammar |= _lexeme(word)
    words: set[str] = set()
    for spec in orderable():
        for text in (spec.name, *spec.aliases, *slang_of(spec.name)):
            words.update(t.low for t in raw_tokens(text))
    for lex in LEXICON:
        for text in (*lex.names, *lex.verbs):
            words.update(t.low for t in raw_tokens(text))
    out: set[str] = set()
    for word in words:
        if len(word) >= 4:
            out |= _lexeme(word) if any("а" <= ch <= "я" for ch in word) else {word}
    return frozenset(f for f in out - grammar if f in forms())
