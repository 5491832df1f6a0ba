"""Russian grammar the drafts need: plural forms of numerals (1 жизнь, 2 жизни, 5 жизней),
nicknames in the case a sentence needs («игроку Ане», «у Зои», «Евой») and verbs agreeing
with the player's gender («казнена», «отправилась»).

Declension and gender come from pymorphy3's dictionary (`engine.morph`); a nickname the
dictionary does not know, or one that is not a single Cyrillic word, keeps its nominative
(a guessed form would be a wrong name), and a player of unknown gender gets a neutral
wording from the templates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping

from engine.morph import CASES, Gender, decline, inflections, name_gender
from engine.names import fold


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun after the number n: plural(21, "жизнь", "жизни", "жизней") -> "жизнь"."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, one: str, few: str, many: str) -> str:
    return f"{n} {plural(n, one, few, many)}"


def lives(n: int) -> str:
    return count(n, "жизнь", "жизни", "жизней")


def votes(n: int) -> str:
    return count(n, "голос", "голоса", "голосов")


def join(names) -> str:
    """«Аня, Боря и Вера»."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " и " + names[-1]


# ---------------------------------------------------------------- nicknames

_ONE_CYRILLIC_WORD = re.compile(r"^[А-Яа-яЁё]+$")
PLAYER_WORD = {"nomn": "игрок", "gent": "игрока", "datv": "игроку", "accs": "игрока", "ablt": "игроком",
               "loct": "игроке"}


def declinable(nick: str) -> bool:
    """A nickname the drafts decline: one Cyrillic word the dictionary knows as a noun
    (a name «Зоя», a word «Лис»). Latin, digits, several words, a hyphen or a word
    pymorphy3 only guesses keep the nominative («игроку Kot_99»)."""
    return bool(_ONE_CYRILLIC_WORD.match(nick)) and decline(nick, "gent") is not None


def inflect_nick(nick: str, case: str) -> str:
    """The nickname in `case` as a draft writes it: «Зоя», "gent" → «Зои»; the
    nominative where it cannot be declined safely. The nickname's own spelling is kept:
    its capitals, and «е» for «ё» when it is written without «ё» («Артем» → «Артема»)."""
    if case == "nomn" or not _ONE_CYRILLIC_WORD.match(nick):
        return nick
    form = decline(nick, case)
    if form is None:
        return nick
    if "ё" not in nick.lower():
        form = form.replace("ё", "е")
    if nick.isupper() and len(nick) > 1:
        return form.upper()
    return form[:1].upper() + form[1:] if nick[:1].isupper() else form


def nick_forms(nick: str) -> frozenset[str]:
    """Every form a draft or the GM may write a nickname in (the secrets check finds a
    player by any of them): as written, each case of `inflect_nick`, and the dictionary's
    case forms of the word (folded: lower case, «е» for «ё»)."""
    out = {fold(nick)} | {fold(inflect_nick(nick, case)) for case in CASES}
    if _ONE_CYRILLIC_WORD.match(nick):
        out |= inflections(nick)
    return frozenset(out)


class GenderUnknown(ValueError):
    """A template asked for a gendered form of a player whose gender nobody knows."""


@dataclass(frozen=True)
class Nick:
    """A player's nickname as templates use it: `{{ x }}` (as written), `{{ x.datv }}`
    («Ане»), `{{ x.v('казнён', 'казнена') }}` (the form agreeing with the player's gender;
    branch on `x.gendered` first: with no gender the template needs a neutral wording)."""

    name: str
    gender: Gender | None = None

    def __str__(self) -> str:
        return self.name

    def case(self, case: str) -> str:
        return inflect_nick(self.name, case)

    nomn = property(lambda self: self.name)
    gent = property(lambda self: self.case("gent"))
    datv = property(lambda self: self.case("datv"))
    accs = property(lambda self: self.case("accs"))
    ablt = property(lambda self: self.case("ablt"))
    loct = property(lambda self: self.case("loct"))

    @property
    def declinable(self) -> bool:
        return declinable(self.name)

    def called(self, case: str) -> str:
        """The nickname in `case`, or «игрок» in that case before a nickname that cannot be
        declined: x.called("ablt") → «Евой», «игроком Kot_99»."""
        if case == "nomn" or self.declinable:
            return self.case(case)
        return f"{PLAYER_WORD[case]} {self.name}"

    @property
    def gendered(self) -> bool:
        return self.gender is not None

    @property
    def female(self) -> bool:
        return self.gender is Gender.FEMALE

    def v(self, male: str, female: str) -> str:
        """The word agreeing with the player's gender («отправился» / «отправилась»)."""
        if self.gender is None:
            raise GenderUnknown(f"пол игрока {self.name!r} неизвестен: шаблону нужна формулировка без рода "
                                "(проверьте x.gendered) или gender: у игрока в файле игры")
        return female if self.gender is Gender.FEMALE else male


def player_gender(nick: str, genders: Mapping[str, Gender] | None = None) -> Gender | None:
    """The game file's `gender:` of the player, else the dictionary's for a known first
    name («Зоя»), else None."""
    given = (genders or {}).get(nick)
    if given is not None:
        return given
    return name_gender(nick) if _ONE_CYRILLIC_WORD.match(nick) else None
