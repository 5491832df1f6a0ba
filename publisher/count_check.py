"""The secrets check of a public vote count: what the GM may have written into it that the
thread does not show.

A count is drafted from the posts alone (`engine.public_count`); the GM may edit it before
approving, with the engine's real tally before his eyes (`gorod tally`, the console). Then
the count may say what only the real tally knows:

- a vote nobody posted: a line for candidate C naming a voter whose vote for C the real tally
  has (dictated by Влияние, a zombie command, a Король Пик) and the posts do not;
- a total with secret weights: C's real total where it differs from the posts' total
  (Компромат's saved votes, Обвинение's ×3, a vote lost to Кража or Туз Бубен);
- a voter said not to have voted («не голосовали») whose vote is in the thread: his vote is
  void for a secret reason;
- the word «итог»: a count by the posts is not the day's result.

    leaks = count_leaks(text, public, real_ballots={"Гена": "Боря"}, real_totals={"Боря": 3})
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Mapping

from engine.public_count import PublicCount
from publisher.russian import nick_forms

_RESULT = re.compile(r"(?<![\w])итог\w*", re.IGNORECASE)
_NOT_VOTED = re.compile(r"не\s+голосовал", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w])\d+(?![\w])")


@dataclass(frozen=True)
class CountLeak:
    line: str
    why: str

    def describe(self) -> str:
        return f"в подсчёте голосов {self.why}: «{self.line.strip()[:120]}»"


def count_leaks(text: str, public: PublicCount, real_ballots: Mapping[str, str],
                real_totals: Mapping[str, int]) -> list[CountLeak]:
    """The lines of a count's `text` that say more than the posts (see the module docstring)."""
    ballots = public.ballots()
    totals = public.totals()
    nicks = sorted({*ballots, *ballots.values(), *real_ballots, *real_ballots.values(), *public.electorate,
                    *real_totals}, key=len, reverse=True)
    leaks: list[CountLeak] = []
    for line in text.splitlines():
        if _RESULT.search(line):
            leaks.append(CountLeak(line, "слово «итог»: подсчёт по постам в теме — не итог дня"))
        named = sorted((at, nick) for nick in nicks if (at := _first_at(line, nick)) is not None)
        if not named:
            continue
        if _NOT_VOTED.search(line):
            for _at, nick in named:
                if nick in ballots:
                    leaks.append(CountLeak(line, f"{nick} назван не голосовавшим, а его голос есть в теме: "
                                                 "это выдаёт тайную причину, по которой голос не считается"))
            continue
        candidate = named[0][1]
        for _at, voter in named[1:]:
            if real_ballots.get(voter) == candidate and ballots.get(voter) != candidate:
                leaks.append(CountLeak(line, f"голос {voter} против {candidate} не из постов темы "
                                             "(в настоящем подсчёте он есть: продиктован или тайный)"))
        real, shown = real_totals.get(candidate), totals.get(candidate, 0)
        numbers = {int(n) for n in _NUMBER.findall(line)}
        if real is not None and real != shown and real in numbers and shown not in numbers:
            leaks.append(CountLeak(line, f"у {candidate} {real} — число голосов настоящего подсчёта, "
                                         f"с тайными весами (по постам в теме: {shown})"))
    return leaks


def first_named(line: str, count: PublicCount) -> str | None:
    """The player of the count a line names first (a candidate's line begins with him)."""
    nicks = {*count.electorate, *(c.nick for c in count.candidates), *count.ballots()}
    named = sorted((at, nick) for nick in nicks if (at := _first_at(line, nick)) is not None)
    return named[0][1] if named else None


def _first_at(line: str, nick: str) -> int | None:
    found = _pattern(nick).search(line.replace("ё", "е").replace("Ё", "Е").casefold())
    return found.start() if found else None


@lru_cache(maxsize=4096)
def _pattern(nick: str) -> re.Pattern:
    forms = sorted({form.replace("ё", "е").replace("Ё", "Е").casefold() for form in nick_forms(nick)},
                   key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w])")
