"""More written forms of a nickname than its own case forms: how players write each other.

- `spellings(latin)`: a Latin nickname as players spell it in Cyrillic. One letter-for-letter
  spelling is not enough: an English name is written as it sounds («Rusty» → «Расти»,
  «Nyx» → «Никс», «Velvet» → «Вельвет», «Gendalf» → «Гендальф»), so each ambiguous letter
  gives its usual readings (y: ы/и/й; u: у/а; l before a consonant or at the end: л/ль;
  e at the start: е/э).
- `pet_forms(name)`: the other names of a Russian given name: its full name and its pet
  forms («Тимофей» → Тима, Тимоха, Тимоша; «Наташа» → Наталья, Натка, Наташка; «Жорик» →
  Жора, Георгий). A table (below), not a rule: Russian pet forms are lexical.
- `role_variants(role)`: an open role's name in the other gender («Сыщик» → «Сыщица»).

The matcher (`names.NameMatcher`) inflects every form and reads it as the nickname only
where no other player has the same form.
"""
from __future__ import annotations

import re
from functools import lru_cache
from itertools import product

from engine.names import fold

# Each row: one given name's forms, the full name first. A nickname that is one of them
# (a whole word of it, in either alphabet) is also written as any other.
_FAMILIES = """
александр саша сашка саня санёк шура шурик алекс
александра саша сашка саня шура
алексей лёша лёха лёшка алёша
анастасия настя настька настёна ася
анна аня анька анечка нюра нюша
андрей андрюша андрюха дрюня
антон антоша тоша
артём тёма тёмка артёмка
борис боря борька
вадим вадик вадька
валентин валя валик
валентина валя
василий вася васька васёк
вера верочка верка
виктор витя витёк витька
виктория вика вику
владимир вова вовка володя вован
владислав влад владик славик
галина галя галка
геннадий гена генка геныч
георгий жора жорик жорка гоша гога
григорий гриша гришка
дарья даша дашка дашуля
денис дэн дениска
дмитрий дима димон димка димас митя
евгений женя женька
евгения женя женька
екатерина катя катька катюша
елена лена ленка леночка
иван ваня ванька ванечка ванюша
игорь игорёк гоша
илья илюша илюха
ирина ира ирка иришка
кирилл киря кирюша кирюха
константин костя костик
ксения ксюша ксюха
лариса лара
людмила люда людка мила
максим макс максик
маргарита рита ритка марго
мария маша машка машенька маня
михаил миша мишка михан
надежда надя надька
наталья наталия наташа натка наташка ната таша
никита никитос кит
николай коля колян колька
ольга оля олька оленька
павел паша пашка павлик пашок
пётр петя петька петруха
роман рома ромка ромчик
светлана света светка
семён сеня сёма
сергей серёга серёжа серж
станислав стас стасик
степан стёпа стёпка
татьяна таня танька танюша
тимофей тима тимоха тимоша тимошка тимка
тимур тима тимурка
фёдор федя федька
юлия юля юлька
юрий юра юрка юрец
яна янка
ярослав ярик слава
"""


@lru_cache(maxsize=1)
def _families() -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    by_form: dict[str, set[str]] = {}
    full: set[str] = set()
    for row in _FAMILIES.strip().splitlines():
        names = [fold(w) for w in row.split()]
        full.add(names[0])
        for name in names:
            by_form.setdefault(name, set()).update(names)
    return {k: frozenset(v) for k, v in by_form.items()}, frozenset(full)


def pet_forms(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The other forms of a given name (folded), without the name itself: (its pet forms,
    the full names it is a pet form of). A full name said of a player whose nickname is a
    pet form («Бориса» for Боря) may be someone's real name: only ever a candidate."""
    word = fold(name)
    by_form, full = _families()
    others = by_form.get(word, frozenset()) - {word}
    return others - full, others & full


# Letters a Latin nickname may be read with; the first reading is `text.translit`'s.
_VOWEL = "aeiouy"
_MAX_SPELLINGS = 24


def spellings(latin: str) -> frozenset[str]:
    """Cyrillic spellings of an all-Latin word, as it sounds (see the module's doc)."""
    from scraper.orders.text import translit

    word = latin.casefold()
    if not re.fullmatch(r"[a-z]+", word) or len(word) < 3:
        return frozenset()
    # the choices, letter by letter, as slices of `word` with their readings
    pieces: list[tuple[str, ...]] = []
    i = 0
    while i < len(word):
        ch = word[i]
        nxt = word[i + 1] if i + 1 < len(word) else ""
        if ch == "a" and _between_consonants(word, i) and word[i + 2:i + 3] == "e" \
                and (word[i + 3:i + 4] or "-") not in _VOWEL:
            # a consonant, then «e»: the English long a («Kate» Кейт or Кэйт, «Vader» Вейдер, Вэйдер)
            pieces.append(("а", "ей", "эй"))
        elif ch == "a" and _between_consonants(word, i) and word[i + 1] not in "rw":
            # a short English a sounds э («Shadow» Шэдоу, «Jack» Джэк)
            pieces.append(("а", "э"))
        elif ch == "e" and i == len(word) - 1 and i >= 3 and word[i - 1] not in _VOWEL \
                and any(c in _VOWEL for c in word[:i - 1]):
            pieces.append(("е", ""))    # a silent final e («Kate» Кейт, «Blade» Блейд)
        elif ch == "y" and i > 0 and word[i - 1] not in _VOWEL and (not nxt or nxt not in _VOWEL):
            pieces.append(("ы", "и"))
        elif ch == "u" and i > 0 and nxt and nxt not in _VOWEL and word[i - 1] not in _VOWEL:
            pieces.append(("у", "а"))
        elif ch == "l" and (not nxt or nxt not in _VOWEL) and i > 0:
            pieces.append(("л", "ль"))
        elif ch == "e" and i == 0:
            pieces.append(("е", "э"))
        else:
            # a run of letters `translit` reads one way (its digraphs: «sh», «ch», «ya»)
            j = i + 1
            while j < len(word) and not _ambiguous(word, j):
                j += 1
            pieces.append((translit(word[i:j]) or "",))
            i = j
            continue
        i += 1
    out = set()
    for combo in product(*pieces):
        out.add(fold("".join(combo)))
        if len(out) >= _MAX_SPELLINGS:
            break
    base = translit(word)
    if base:
        out.add(base)
    return frozenset(s for s in out if len(s) >= 3)


def _between_consonants(word: str, i: int) -> bool:
    """Letter i has a consonant (or the word's start) before it and one after it."""
    nxt = word[i + 1:i + 2]
    return (i == 0 or word[i - 1] not in _VOWEL) and bool(nxt) and nxt not in _VOWEL


def _ambiguous(word: str, i: int) -> bool:
    ch = word[i]
    nxt = word[i + 1] if i + 1 < len(word) else ""
    prev = word[i - 1]
    if prev + ch in ("sh", "ch", "zh", "kh", "ts", "ya", "yu", "yo", "ja", "ju", "ce", "ci", "cy", "ow"):
        return False         # inside a digraph: read with the letter before it
    if (ch == "a" and _between_consonants(word, i) and nxt not in "rw") or (ch == "e" and i == len(word) - 1):
        return True
    return (ch == "y" and prev not in _VOWEL and (not nxt or nxt not in _VOWEL)) or (ch == "u" and nxt and nxt not in _VOWEL and prev not in _VOWEL) \
        or (ch == "l" and (not nxt or nxt not in _VOWEL))


# An open role's name in the other gender, as players write it of a player («Сыщицу»).
ROLE_VARIANTS: dict[str, tuple[str, ...]] = {
    "Сыщик": ("сыщица",),
    "Дворянин": ("дворянка",),
    "Бандит": ("бандитка",),
    "Бунтарь": ("бунтарка",),
    "Вор": ("воровка",),
    "Сплетник": ("сплетница",),
    "Богач": ("богачка",),
    "Лекарь": ("лекарша",),
    "Священник": ("священница",),
    "Цыганка": ("цыган",),
    "Ведьма": ("ведьмак",),
}


def role_variants(role: str) -> tuple[str, ...]:
    return ROLE_VARIANTS.get(role, ())
