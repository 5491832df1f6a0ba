"""Cards and secret roles named in a sentence, in any case («Валета Крестей», «Подмену»)."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine.names import CARDS, SECRET_ROLES
from engine import morph
from scraper.orders.text import Token, tokens

# «Шулер» names two cards (SPEC §0): never read alone.
AMBIGUOUS_NICK = "шулер"
SHARPER_CARDS = ("Пятерка Бубен", "Пятерка Крестей")


@dataclass(frozen=True)
class Named:
    name: str           # canonical card or role; "" for «Шулер»
    start: int
    end: int


def _word_match_any(words: frozenset[str], tok: Token) -> bool:
    return _matches_any(words, tok.key, tok.low)


@lru_cache(maxsize=65536)
def _matches_any(words: frozenset[str], key: str, low: str) -> bool:
    """Memoised per word (a frozenset's hash is kept, so the key is cheap to hash)."""
    from scraper.orders.index import matters

    return key in words or (matters(low) and bool(words & morph.lemmas(low)))


def _word_match(word: str, tok: Token) -> bool:
    from scraper.orders.index import matters

    return word == tok.key or (matters(tok.low) and word in morph.lemmas(tok.low))


@lru_cache(maxsize=1)
def _card_phrases() -> tuple[tuple[tuple[str, ...], str], ...]:
    out = []
    for card, nick in CARDS.items():
        out.append((tuple(_lemma_words(card)), card))
        if nick:
            out.append((tuple(_lemma_words(nick)), card))
    out.append(((AMBIGUOUS_NICK,), ""))
    return tuple(sorted(out, key=lambda p: -len(p[0])))


@lru_cache(maxsize=1)
def _role_phrases() -> tuple[tuple[tuple[str, ...], str], ...]:
    out = [(tuple(_lemma_words(role)), role) for role in SECRET_ROLES]
    out.append((("мирный",), "Мирный житель"))
    out.append((("мирной",), "Мирный житель"))
    return tuple(sorted(out, key=lambda p: -len(p[0])))


def _lemma_words(name: str) -> list[str]:
    words = []
    for i, tok in enumerate(tokens(name)):
        # Suits (пик, крестей, червей, бубен) are fixed genitives: compare as written.
        words.append(tok.key if i > 0 and name in CARDS else morph.lemma(tok.key))
    return words


@lru_cache(maxsize=4)
def _firsts(phrases) -> frozenset[str]:
    return frozenset(words[0] for words, _ in phrases)


def _find(phrases, toks: list[Token], lo: int, hi: int) -> list[Named]:
    out: list[Named] = []
    firsts = _firsts(phrases)
    i = lo
    while i < hi:
        if not _word_match_any(firsts, toks[i]):
            i += 1
            continue
        for words, name in phrases:
            n = len(words)
            if i + n <= hi and all(_word_match(w, t) for w, t in zip(words, toks[i:i + n])):
                out.append(Named(name, i, i + n))
                i += n
                break
        else:
            i += 1
    return out


def find_cards(toks: list[Token], lo: int, hi: int) -> list[Named]:
    return _find(_card_phrases(), toks, lo, hi)


def find_secret_roles(toks: list[Token], lo: int, hi: int) -> list[Named]:
    return _find(_role_phrases(), toks, lo, hi)
