"""Who an order names: players by nickname or by open role, in any case, with typos.

`Roster` is the `players:` mapping of a game (nickname → open and secret role).
`NameMatcher` scores the words of a sentence against every nickname and open
role: an exact form (any grammatical case from pymorphy3, homoglyphs and «ё»
folded) scores 100, a typo gets rapidfuzz's ratio, a unique long prefix 90,
initials («gb» for GlowingBear) 75. The caller decides with the game's threshold
and margin; nothing here picks a winner silently.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache
from typing import Any, Mapping, NamedTuple

from rapidfuzz import fuzz, process

from engine.abilities import ABILITIES, RoleKind, abilities_of_role
from engine.names import FORMER_MAYOR, OPEN_ROLES, canon_open_role, canon_secret_role, fold
from engine import morph
from scraper.orders.name_forms import pet_forms, role_variants, spellings
from scraper.orders.text import Token, is_cyrillic, key, tokens, translit


class RosterError(ValueError):
    """A `players:` mapping that cannot be read; the message names the key path."""


@dataclass(frozen=True)
class Player:
    nick: str
    open: str | None = None
    secret: str | None = None


@dataclass(frozen=True)
class Roster:
    players: tuple[Player, ...] = ()

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None, path: str = "players") -> "Roster":
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise RosterError(f"{path}: must be a mapping of nickname to {{open, secret}}")
        out = []
        for nick, roles in data.items():
            roles = roles or {}
            if not isinstance(roles, Mapping):
                raise RosterError(f"{path}.{nick}: must be a mapping with open and secret")
            open_role = roles.get("open")
            secret = roles.get("secret")
            if open_role is not None:
                canon = canon_open_role(str(open_role))
                if canon is None:
                    raise RosterError(f"{path}.{nick}.open: unknown open role {open_role!r}")
                open_role = canon
            if secret is not None:
                canon = canon_secret_role(str(secret))
                if canon is None:
                    raise RosterError(f"{path}.{nick}.secret: unknown secret role {secret!r}")
                secret = canon
            out.append(Player(str(nick), open_role, secret))
        return cls(tuple(out))

    def __hash__(self) -> int:
        # once per roster: the per-game memos (`own_abilities`, `matcher_for`) hash it for
        # every clause, and a frozen dataclass hashes each player in Python
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(self.players)

    @cached_property
    def _by_key(self) -> dict[str, Player]:
        return {key(p.nick): p for p in self.players}

    def player(self, nick: str | None) -> Player | None:
        return None if nick is None else self._by_key.get(key(nick))

    def holder(self, open_role: str) -> str | None:
        """Who holds an open role now (a former mayor does not hold «Мэр»)."""
        for p in self.players:
            if p.open == open_role and p.open != FORMER_MAYOR:
                return p.nick
        return None

    @property
    def nicks(self) -> tuple[str, ...]:
        return tuple(p.nick for p in self.players)


@lru_cache(maxsize=1024)
def own_abilities(roster: Roster, nick: str | None) -> frozenset[str] | None:
    """The abilities a player holds: the communal ones and those of both roles (None for
    someone not in the game)."""
    player = roster.player(nick)
    if player is None:
        return None
    names = {s.name for s in ABILITIES if s.kind == RoleKind.COMMON}
    for role in (player.open, player.secret):
        if role:
            names.update(s.name for s in abilities_of_role(role))
    return frozenset(names)


# Words that never start a name: prepositions, particles, and words around a target.
FILLER = frozenset("""
за против на у в во к ко для по о об обо с со от до и а но же ли то это этот эту этого
мой моя мое мои свой свою своего его ее их him her голос голоса голосом цель цели целью
игрок игрока игроку игроком персонаж персонажа персонажу ник ника vote unvote
""".split())

SELF_WORDS = frozenset({"себя", "себе", "собой", "сам", "сама", "самого", "самой", "self", "myself", "me"})


_MEMO_SIZE = 65536
_UNREAD = object()   # no memo entry yet (None is a memoised «no reading»)
_PLACED_SIZE = 8192
SPELLED = 90.0   # the nickname in the other alphabet («Гены» for Gena, «Petya» for Петя)
# A whole part of a longer nickname («Котик» for Kotik_7) is a candidate just below the
# default threshold; the same consonants in the other alphabet («Ден» for Dan Brown) less.
PART = 84.0
# No reading below this is ever offered or compared (targets.FLOOR): the gate's cut.
_GATE = 70.0
SOUNDS_LIKE = 80.0
_TYPO = 85.0   # a word this like a form of a nickname's word may be a typo of it
# A whole word of a longer nickname in any of its forms («Волка» for Серый Волк): read, unless
# another player's reading comes within the margin.
CORE = 88.0


def _spelled(tok: Token, forms: frozenset[str], other: frozenset[str]) -> bool:
    if fold_key(tok) in other:
        return True
    cyr = translit(tok.text)
    return bool(cyr) and cyr in forms


def fold_key(tok: Token) -> str:
    return tok.low


class Candidate(NamedTuple):
    """A reading of tokens[start:end] as a player (or as an open role nobody holds). A
    tuple, not a dataclass: the matcher makes one for every player at every new window,
    and a frozen dataclass sets each field through object.__setattr__."""

    nick: str | None       # None: an open role with no holder
    score: float
    via: str               # "nick" | "role" | "self"
    start: int
    end: int
    role: str | None = None


@dataclass(frozen=True)
class _NickEntry:
    nick: str
    words: tuple[frozenset[str], ...]   # per word of the nickname, its case forms (keys)
    joined: str                         # nominative key, words joined by a space
    compact: str                        # without spaces and punctuation
    initials: frozenset[str]
    parts: frozenset[str]               # CamelCase parts of 4+ letters («robik» of IAmRobik)
    spelled: tuple[frozenset[str], ...]  # per word: its other-script spellings' case forms
    part_forms: frozenset[str] = frozenset()  # case forms of its parts, in both alphabets
    #                                           («котика» for Kotik_7, «ольгу» for Ольга_Н)
    skeletons: tuple[str, ...] = ()     # per word: consonant skeleton of its Cyrillic spelling
    core_forms: frozenset[str] = frozenset()  # a word of the nickname read alone (`_core_words`)


_NOT_WORD = re.compile(r"[\W_]+")
_CAMEL = re.compile(r"[A-ZА-ЯЁ]+(?![a-zа-яё])|[A-ZА-ЯЁ][a-zа-яё]+|[a-zа-яё]+|\d+")


def _entry(nick: str) -> _NickEntry:
    words = tokens(nick) or [Token(nick, 0, len(nick))]
    forms = []
    for tok in words:
        forms.append(_case_forms(tok.key) if is_cyrillic(tok.text) else frozenset({tok.key}))
    joined = " ".join(t.key for t in words)
    compact = re.sub(r"[\W_]+", "", key(nick))
    parts = _CAMEL.findall(nick)
    initials = set()
    if len(parts) > 1:
        initials.add(key("".join(p if p.isupper() else p[0] for p in parts if not p.isdigit())))
    if len(words) > 1:
        initials.add(key("".join(t.text[0] for t in words)))
    camel = frozenset(key(p) for p in parts if len(p) >= 4) if len(parts) > 1 else frozenset()
    spelled = []
    for tok in words:
        spelled.append(_other_forms(tok.text))
    part_forms: set[str] = set().union(*(_written_forms(t.text)[1] for t in words))
    for part in re.findall(r"[A-Za-z]{3,}|[А-Яа-яЁё]{3,}", nick):
        if len(part) < 3 or (len(parts) <= 1 and len(words) <= 1):
            continue
        cyr = translit(part) if not is_cyrillic(part) else fold(part)
        if cyr:
            part_forms |= morph.inflections(cyr)
        part_forms.add(key(part))
    # a whole word of a nickname of several words («Волка», «Серому» for Серый Волк), or the one
    # word of a decorated nickname («Димона» for xXx_Dimon_xXx, «Котика» for Kotik_7), in any
    # of its written forms: confident when no other player's nickname has it (the matcher's margin)
    cores = [t.text for t in words] if len(words) > 1 else _core_words(nick)
    core_forms: set[str] = set()
    for word in cores:
        if len(word) >= 3:
            core_forms |= _other_forms(word) | (_case_forms(fold(word)) if is_cyrillic(word) else {key(word)})
    # only for words in the Latin alphabet: a Cyrillic nickname's typos are fuzzy matches
    skeletons = tuple(skeleton(translit(t.text) or "") for t in words if not is_cyrillic(t.text))
    return _NickEntry(nick, tuple(forms), joined, compact,
                      frozenset(i for i in initials if len(i) >= 2), camel, tuple(spelled),
                      frozenset(part_forms), skeletons, frozenset(core_forms))


_MASCULINE = (("й", ("я", "ю", "ем", "е")), ("", ("а", "у", "ом", "е")))


@lru_cache(maxsize=4096)
def _case_forms(word: str) -> frozenset[str]:
    """A Cyrillic nickname word's case forms; one the dictionary knows only as indeclinable
    (a foreign surname, «Холидей») is also declined as a masculine noun, as players do
    («Дока Холидея», like «Андрея»)."""
    forms = morph.inflections(word)
    if forms != {word} or len(word) < 4 or word[-1] in "аяоеёиыуюэь":
        return forms
    for ending, cases in _MASCULINE:
        if word.endswith(ending):
            stem = word[:len(word) - len(ending)] if ending else word
            return forms | {stem + c for c in cases}
    return forms


@lru_cache(maxsize=8192)
def _other_number(word: str, nick: str) -> bool:
    """`word` is the one-word nickname's own noun in the plural («пельмени» of Пельмень): the
    thing, not the player (a nickname is read in its own number only, `morph.inflections`)."""
    if not is_cyrillic(nick) or " " in nick:
        return False
    own = {r.lemma for r in morph.readings(nick) if r.pos == "NOUN" and "sing" in r.grammemes}
    return bool(own) and any(r.lemma in own and "plur" in r.grammemes for r in morph.readings(word))


_DECORATION = re.compile(r"^(?:x+|[a-z])$|^(.)\1*$", re.IGNORECASE)


def _core_words(nick: str) -> list[str]:
    """The one word of a nickname written with decorations, digits or an initial around it
    («Dimon» of xXx_Dimon_xXx, «Kotik» of Kotik_7, «Ольга» of Ольга_Н); none if it has no
    decoration or more than one word (a CamelCase nickname's parts are `parts`), but each
    of the words a nickname joins with «_», «.» or «-» («Lord», «Vader» of Lord_Vader)."""
    runs = re.findall(r"[A-Za-z]+|[А-Яа-яЁё]+", nick)
    words = [r for r in runs if len(r) >= 3 and not _DECORATION.match(r)]
    if len(words) > 1 and all(len(_CAMEL.findall(w)) == 1 for w in words) \
            and re.fullmatch(r"[A-Za-zА-Яа-яЁё]+(?:[_.\-][A-Za-zА-Яа-яЁё]+)+", nick):
        return words     # words joined by «_», «.» or «-» («Lord_Vader»): each is a word of it, as in «Серый Волк»
    if len(words) != 1 or words[0] == nick or len(_CAMEL.findall(words[0])) > 1:
        return []
    return words


@lru_cache(maxsize=4096)
def _other_forms(word: str) -> frozenset[str]:
    """A nickname's word as players also write it, inflected: a Latin word in its Cyrillic
    spellings («Расти», «Никса»), a given name in its pet forms and full name («Тимоху»,
    «Натку», «Жору»), the pet forms of a Latin name's Cyrillic spelling («Дима» of Dimon)."""
    return _written_forms(word)[0]


@lru_cache(maxsize=4096)
def _written_forms(word: str) -> tuple[frozenset[str], frozenset[str]]:
    """(`_other_forms`, the full names a pet-form word stands for: only candidates)."""
    cyrillic = [fold(word)] if is_cyrillic(word) else sorted(spellings(word))
    out: set[str] = set()
    full: set[str] = set()
    for spelling in cyrillic:
        if spelling != fold(word):
            out |= morph.inflections(spelling)
        pets, names = pet_forms(spelling)
        for pet in pets:
            out |= morph.inflections(pet)
        for name in names:
            full |= morph.inflections(name)
    return frozenset(out), frozenset(full - out)


_VOWELS = str.maketrans("", "", "аеёиоуыэюяйьъ")


@lru_cache(maxsize=65536)
def skeleton(word: str) -> str:
    """First letter and the consonants after it: «дэна» and «дан» (Dan) are both «дн»,
    «брауна» and «броун» (Brown) «брн». Only ever a candidate, never a confident name."""
    word = fold(word).replace("э", "е")
    return word[:1] + word[1:].translate(_VOWELS) if len(word) >= 3 else ""


class NameMatcher:
    """Scores windows of tokens against the roster's nicknames and open roles."""

    def __init__(self, roster: Roster, aliases: tuple[tuple[str, str], ...] = ()):
        self.roster = roster
        self.entries = [_entry(p.nick) for p in roster.players]
        for alias, nick in aliases:   # a game's known nicknames («KSC» for KelsierSC)
            player = roster.player(nick)
            if player is not None:
                self.entries.append(replace(_entry(alias), nick=player.nick))
        self.max_words = max((len(e.words) for e in self.entries), default=1)
        self._memo: dict[tuple, tuple[tuple, ...]] = {}
        self._namey: dict[str, bool] = {}
        self._placed: dict[tuple, tuple[Candidate, ...]] = {}
        self._at_memo: dict[tuple, tuple[Candidate, ...]] = {}
        self._near_cache: dict[tuple, tuple[str, ...]] = {}
        self._entry_memo: dict[tuple, tuple[float, int] | None] = {}
        self._role_memo: dict[str, dict[str, float]] = {}
        self.role_forms: dict[str, frozenset[str]] = {
            role: morph.inflections(key(role)).union(*(morph.inflections(v) for v in role_variants(role)))
            for role in OPEN_ROLES}
        self._role_form_list = [f for forms in self.role_forms.values() for f in sorted(forms)]
        self._role_form_roles = [r for r, forms in self.role_forms.items() for _ in forms]
        self._role_by_form: dict[str, list[str]] = {}
        for role, forms in self.role_forms.items():
            for f in forms:
                self._role_by_form.setdefault(f, []).append(role)

    def prepare(self) -> None:
        """Build the game's name index now (`parse.matcher_for`), so no text pays for it."""
        self._fuzzy_by_letters
        self._compact_prefixes
        self._skeletons

    # -- one position ------------------------------------------------------------------
    def at(self, toks: list[Token], i: int, author: str | None = None) -> list[Candidate]:
        """Every reading of the words starting at `i`, best first (one per player).

        Memoised by the words of the window (a thread repeats its words; fuzzy scores
        against every nickname and role form are the parser's main cost), and before that
        by the words a reading at `i` can see at all (the next `max_words`), the position
        and the author: the readers of a clause ask the same positions again and again."""
        count = len(toks)
        if i >= count:
            return []
        if self.max_words == 1 or i + 1 >= count:
            seen: tuple = (toks[i].text, i, author)
        elif self.max_words == 2 or i + 2 >= count:
            seen = (toks[i].text, toks[i + 1].text, i, author)
        else:
            seen = (*[t.text for t in toks[i:i + self.max_words]], i, author)
        hit = self._at_memo.get(seen)
        if hit is None:
            hit = self._at_memo[seen] = self._placed_at(toks, i, author, count)
            if len(self._at_memo) >= _PLACED_SIZE:
                self._at_memo.clear()     # bounded: a long post's positions would fill it
        return list(hit)

    def _placed_at(self, toks: list[Token], i: int, author: str | None, count: int) -> tuple[Candidate, ...]:
        known = self._namey          # `namey`'s memo, read inline: this runs at every word
        tok = toks[i]
        selfish = tok.key in SELF_WORDS
        if not selfish:
            hit = known.get(tok.low)
            if hit is None:
                hit = self.namey(tok)
            if not hit:
                if self.max_words == 1 or i + 1 >= count:
                    return ()      # no name's reading can start here (`namey`): no window, no memo
                after = known.get(toks[i + 1].low)
                if after is None:
                    after = self.namey(toks[i + 1])
                if not after:
                    return ()
        # the window's words that can be part of a name decide the readings: a word after
        # them that is no name's is left out of the memo's key, so new words share entries
        size = 1
        while size < self.max_words and i + size < count:
            part = known.get(toks[i + size].low)
            if not (self.namey(toks[i + size]) if part is None else part):
                break
            size += 1
        # key and low follow from the text
        window = (tok.text,) if size == 1 else tuple([t.text for t in toks[i:i + size]])
        # the author matters only to «себя» (the self reading): other windows share one entry
        memo_key = (window, author if selfish else None)
        hit = self._memo.get(memo_key)
        if hit is None:
            # the window alone is read (a reading never looks before its first word)
            hit = tuple((c.nick, c.score, c.via, c.start, c.end, c.role)
                        for c in self._at(toks[i:i + size], 0, author))
            if len(self._memo) >= _MEMO_SIZE:
                self._memo.clear()
                self._placed.clear()
            self._memo[memo_key] = hit
        if not hit:
            return ()
        placed = self._placed.get((memo_key, i))
        if placed is None:
            # the readings placed at `i` (Candidates are frozen: one tuple serves every caller)
            placed = tuple(Candidate(nick, score, via, start + i, end + i, role)
                           for nick, score, via, start, end, role in hit)
            if len(self._placed) >= _PLACED_SIZE:
                self._placed.clear()     # bounded: a long post's positions would fill it
            self._placed[(memo_key, i)] = placed
        return placed

    @cached_property
    def _gate(self) -> tuple[frozenset[str], tuple[str, ...]]:
        """Every exact key a name may be read from, and the strings a fuzzy reading compares
        with (each nickname word's forms, joined names, open roles' forms): the index of the
        game's name forms, built once per game."""
        exact: set[str] = set(SELF_WORDS)
        fuzzy: set[str] = set()
        for e in self.entries:
            for forms in (*e.words, *e.spelled):
                exact |= forms
                fuzzy |= forms
            exact |= e.initials | e.parts | e.part_forms | e.core_forms
            fuzzy.add(e.joined)
            fuzzy.add(e.compact)
        exact |= set(self._role_by_form)
        fuzzy |= set(self._role_form_list)
        return frozenset(exact), tuple(sorted(f for f in fuzzy if f))

    def namey(self, tok: Token) -> bool:
        """Can this word begin or be part of a name's reading? (a word that scores below the
        candidates' floor against every form is never one, so the matcher skips it).
        Memoised by `low`, what the answer is computed from (`key` also folds Latin letters
        that look Cyrillic: «cop» and «сор» share a key, but only «cop» is «коп» in
        Cyrillic letters)."""
        hit = self._namey.get(tok.low)
        if hit is None:
            hit = self._namey_of(tok)
            if len(self._namey) >= _MEMO_SIZE:
                self._namey.clear()
            self._namey[tok.low] = hit
        return hit

    @cached_property
    def _fuzzy_by_letters(self) -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
        """The fuzzy forms by their first letter and by their second and third (a ratio of 70
        also needs lengths within a factor of 1.9: `_near_forms` filters by that)."""
        first: dict[str, list[str]] = {}
        middle: dict[str, list[str]] = {}
        for form in self._gate[1]:
            first.setdefault(form[:1], []).append(form)
            middle.setdefault(form[1:3], []).append(form)
        return ({k: tuple(v) for k, v in first.items()}, {k: tuple(v) for k, v in middle.items()})

    def _near_forms(self, word: str) -> tuple[str, ...]:
        """The forms a word may score 70 against: of a near length, and sharing its first
        letter or its second and third (a typo in the first letter) or starting with its
        second letter (the first letter doubled or stray)."""
        n = len(word)
        cache_key = (n, word[:1], word[1:3])
        hit = self._near_cache.get(cache_key)
        if hit is None:
            by_first, by_middle = self._fuzzy_by_letters
            lo, hi = max(1, int(n / 1.9)), int(n * 1.9) + 1
            pool = {*by_first.get(word[:1], ()), *by_middle.get(word[1:3], ()), *by_first.get(word[1:2], ())}
            hit = tuple(sorted(f for f in pool if lo <= len(f) <= hi))
            if len(self._near_cache) >= _PLACED_SIZE:
                self._near_cache.clear()
            self._near_cache[cache_key] = hit
        return hit

    @cached_property
    def _compact_prefixes(self) -> frozenset[str]:
        """Every beginning of a nickname's compact form (`e.compact.startswith(x)` for some
        entry is `x in` this)."""
        return frozenset(e.compact[:n] for e in self.entries for n in range(1, len(e.compact) + 1))

    @cached_property
    def _skeletons(self) -> frozenset[str]:
        return frozenset(k for e in self.entries for k in e.skeletons)

    def _namey_of(self, tok: Token) -> bool:
        # a function of `tok.low` alone: `key` folds it, `translit` casefolds the text
        exact, _fuzzy = self._gate
        if tok.key in exact or tok.low in exact:
            return True
        cyr = translit(tok.text)
        if cyr and cyr in exact:
            return True
        compact = _NOT_WORD.sub("", tok.key)
        if len(compact) >= 4 and compact in self._compact_prefixes:
            return True
        if len(compact) >= 3 and self._skeletons and skeleton(cyr or tok.low) in self._skeletons:
            return True
        for word in ((cyr,) if cyr else ()) + (tok.key,):
            if process.extractOne(word, self._near_forms(word), scorer=fuzz.ratio, score_cutoff=_GATE):
                return True
        return False

    def _at(self, toks: list[Token], i: int, author: str | None) -> list[Candidate]:
        first = toks[i].key
        best: dict[str | None, Candidate] = {}
        if first not in SELF_WORDS and not self.namey(toks[i]) and (
                self.max_words == 1 or i + 1 >= len(toks) or not self.namey(toks[i + 1])):
            return []

        def offer(c: Candidate) -> None:
            k = c.nick if c.nick is not None else f"role:{c.role}"
            old = best.get(k)
            if old is None or (c.score, c.end - c.start) > (old.score, old.end - old.start):
                best[k] = c

        if first in SELF_WORDS:
            if author is not None:
                offer(Candidate(author, 100.0, "self", i, i + 1))
            else:
                offer(Candidate(None, 100.0, "self", i, i + 1))
            return list(best.values())
        memo = self._entry_memo
        for number, entry in enumerate(self.entries):
            n = len(entry.words)
            # one nickname's reading depends only on its own number of words: memoised by
            # them, so «против Пете» and «Кусаю Пете» share the one-word nicknames' readings
            entry_key = (number, tuple([t.text for t in toks[i:i + n]]))
            reading = memo.get(entry_key, _UNREAD)
            if reading is _UNREAD:
                reading = self._entry_reading(entry, toks, i)
                if len(memo) >= _MEMO_SIZE:
                    memo.clear()
                memo[entry_key] = reading
            if reading is not None:
                offer(Candidate(entry.nick, reading[0], "nick", i, i + reading[1]))
        if first not in FILLER:
            for role, score in self._role_scores(first).items():
                holder = self.roster.holder(role)
                offer(Candidate(holder, score, "role", i, i + 1, role=role))
        return sorted(best.values(), key=lambda c: (-c.score, c.start))

    def _entry_reading(self, entry: _NickEntry, toks: list[Token], i: int) -> tuple[float, int] | None:
        """The score and the number of words of one nickname's reading at `i`, or None."""
        first = toks[i].key
        n = len(entry.words)
        window = toks[i:i + n]
        if len(window) == n and all(t.key in forms for t, forms in zip(window, entry.words)):
            return 100.0, n
        if first in FILLER and first != entry.joined:
            return None
        if len(window) == n and all(_spelled(t, forms, other)
                                    for t, forms, other in zip(window, entry.words, entry.spelled)):
            return SPELLED, n
        return self._fuzzy(entry, toks, i)

    def _role_scores(self, first: str) -> dict[str, float]:
        """Open roles the word may name, with their scores (≥ 60), best form each; the
        fuzzy part runs in rapidfuzz's C loop over every form at once. Memoised by the word
        (the caller only reads the mapping)."""
        hit = self._role_memo.get(first)
        if hit is None:
            hit = self._role_scores_of(first)
            if len(self._role_memo) >= _MEMO_SIZE:
                self._role_memo.clear()
            self._role_memo[first] = hit
        return hit

    def _role_scores_of(self, first: str) -> dict[str, float]:
        out: dict[str, float] = {}
        exact = self._role_by_form.get(first)
        if exact:
            out.update((role, 100.0) for role in exact)
        if len(first) >= 4:
            for form, score, n in process.extract(first, self._role_form_list, scorer=fuzz.ratio,
                                                   score_cutoff=60, limit=None):
                role = self._role_form_roles[n]
                out[role] = max(out.get(role, 0.0), score)
        return out

    def _fuzzy(self, entry: _NickEntry, toks: list[Token], i: int) -> tuple[float, int] | None:
        n = len(entry.words)
        best: tuple[float, int] | None = None
        for size in {n, 1}:
            window = toks[i:i + size]
            if len(window) < size:
                continue
            text = " ".join(t.key for t in window)
            compact = _NOT_WORD.sub("", text)
            if compact in entry.initials:
                best = max(best or (0.0, size), (75.0, size))
            if len(compact) < 3:
                continue
            if size == n == 1:
                found = process.extractOne(text, entry.words[0], scorer=fuzz.ratio)
                score = found[1] if found else 0.0
                if score >= _GATE and _other_number(text, entry.joined):
                    score = 0.0       # «Пельмени со сметаной»: the word itself, not the player Пельмень
            elif size == n:
                score = fuzz.ratio(text, entry.joined)
            else:
                score = 0.0
            if len(compact) >= 4 and entry.compact.startswith(compact) and compact != entry.compact:
                score = max(score, 90.0 if len(compact) * 3 >= len(entry.compact) else 75.0)
            if compact in entry.initials:
                score = max(score, 75.0)
            if compact in entry.parts:
                score = max(score, 90.0)
            if len(compact) < 4:
                score = score if score == 100.0 else min(score, 75.0)
            if size == 1:
                score = max(score, self._part_score(entry, window[0]))
            if best is None or score > best[0]:
                best = (score, size)
        return best

    def _part_score(self, entry: _NickEntry, tok: Token) -> float:
        """A part of a longer nickname in either alphabet («Котика», «Ольгу», «Dan»), or
        a word that sounds like one («Дена»)."""
        low = tok.low
        if len(low) >= 3 and (low in entry.core_forms or tok.key in entry.core_forms):
            return CORE
        if len(low) < 3 or not (entry.part_forms or entry.skeletons):
            return 0.0
        if low in entry.part_forms or tok.key in entry.part_forms:
            return PART
        cyr = translit(tok.text) if not is_cyrillic(tok.text) else low
        if cyr and cyr in entry.part_forms:
            return PART
        skel = skeleton(cyr or low)
        if len(skel) >= 2 and skel in entry.skeletons:
            return SOUNDS_LIKE
        if len(entry.words) > 1 and len(low) >= 5 and process.extractOne(
                low, entry.core_forms, scorer=fuzz.ratio, score_cutoff=_TYPO) is not None:
            return SOUNDS_LIKE   # «мельнека» for Старый Мельник: a typo of one word, a candidate only
        return 0.0

    def role_at(self, toks: list[Token], i: int) -> str | None:
        """An open role named (in any case) by the word at `i`."""
        if i >= len(toks):
            return None
        # the first role, in `role_forms`' order, with the word among its forms
        roles = self._role_by_form.get(toks[i].key)
        return roles[0] if roles else None
