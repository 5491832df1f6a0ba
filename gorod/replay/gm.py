"""What a GM announced, as facts comparable with the engine's events.

The rules: «В первом случае игромеханическую силу имеет текст комментария (рыжий цвет
текста); весь прочий пост является художественным». So only the GM's mechanical text is
read (`mechanical_text`: the fragments in the game's colours, bold fragments on a forum
without colours, or the lines after a label, as `replay.gm_text` says), and from it only
the four kinds of public fact the replay compares (`Fact`):

    executed  X            «По итогам Дневного Вече казнён игрок X», «Казнён X»
    status    X Кладбище   «X отправляется на Кладбище», «X убит», «погиб X»
    status    X Лазарет    «X попадает в Лазарет»;   status X Тюрьма   «X отправляется в Тюрьму»
    left      X Лазарет    «X покидает Лазарет» (and Тюрьма, Кладбище: «возвращается с Кладбища»)
    revealed  X Бес        «Тайная роль игрока X: Бес», «X (Бес) казнён»

A death is the status Кладбище: the engine's `Died` and its `StatusChanged` to Кладбище
are one fact. Names are matched exactly (any case form) against the game's players.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from engine import events as ev
from gorod.replay.settings import GmText
from scraper.orders.cards import find_secret_roles
from scraper.orders.names import Roster
from scraper.orders.parse import matcher_for, split_comment
from scraper.orders.text import tokens

STATUSES = ("Лазарет", "Тюрьма", "Кладбище")


@dataclass(frozen=True, order=True)
class Fact:
    kind: str          # executed | status | left | revealed
    player: str
    value: str = ""    # the status, or the revealed secret role

    def describe(self) -> str:
        if self.kind == "executed":
            return f"казнь: {self.player}"
        if self.kind == "status":
            return "смерть (Кладбище): " + self.player if self.value == "Кладбище" else \
                f"{self.value}: {self.player}"
        if self.kind == "left":
            return f"покидает {self.value}: {self.player}"
        return f"раскрыта роль: {self.player} — {self.value}"


def engine_facts(events: Iterable[ev.Event]) -> dict[Fact, str]:
    """The public facts of a phase's events, each with its trace (the cause)."""
    out: dict[Fact, str] = {}

    def add(fact: Fact, event: ev.Event) -> None:
        out.setdefault(fact, event.cause.describe())

    for e in events:
        if isinstance(e, ev.Executed):
            add(Fact("executed", e.player), e)
            add(Fact("status", e.player, "Кладбище"), e)
        elif isinstance(e, ev.Died):
            add(Fact("status", e.player, "Кладбище"), e)
        elif isinstance(e, ev.StatusChanged):
            if e.after in STATUSES:
                add(Fact("status", e.player, e.after), e)
            elif e.before in STATUSES:
                add(Fact("left", e.player, e.before), e)
        elif isinstance(e, ev.Revealed):
            add(Fact("revealed", e.about, e.secret), e)
    return out


def implied_facts(events: Iterable[ev.Event]) -> dict[Fact, str]:
    """The facts a GM may state or leave to his announcement of an ability: a status its
    target entered and left at once (the Священник's blessing, «О том, что Священник
    попадал в Лазарет, наутро пишется»). Said, they are no difference; unsaid, neither:
    «применено Божественное благословление» tells the Лазарет visit too."""
    out: dict[Fact, str] = {}
    for e in events:
        if isinstance(e, ev.Announced) and e.visited in STATUSES and e.target:
            for kind in ("status", "left"):
                out.setdefault(Fact(kind, e.target, e.visited), e.cause.describe())
    return out


def _color_counts(color: str | None, colors: tuple[str, ...]) -> bool:
    if not color:
        return False
    c = color.lower().replace(" ", "")
    return any(want.replace(" ", "") == c or want.replace(" ", "") in c for want in colors)


def mechanical_text(post, gm_text: GmText) -> str:
    """The GM post's text with game-mechanical force, one fragment a line."""
    taken: list[str] = []
    for emph in getattr(post, "emphasis", ()) or ():
        if _color_counts(emph.color, gm_text.colors) or (gm_text.bold and emph.bold):
            text = " ".join(emph.text.split())
            if text and not any(text in t for t in taken):
                taken.append(text)
    if gm_text.label:
        inside, _ = split_comment(post.text, gm_text.label)
        taken.extend(line.strip() for line in inside.splitlines() if line.strip())
    return "\n".join(taken)


_SENTENCE = re.compile(r"(?<=[.!;])\s+|\n")
_EXECUTED = re.compile(r"казн[её]н|казнен|казнить|казнь|казнили", re.I)
_DEAD = re.compile(r"кладбищ|погиб|убит|умер|мёртв|мертв|скончал", re.I)
_BACK = re.compile(r"возвра|вернул|воскре|восста|покида|покинул|выход|вышел|вышла|выписа|освобожд", re.I)
_INFIRMARY = re.compile(r"лазарет", re.I)
_PRISON = re.compile(r"тюрьм|темниц", re.I)
_ROLE_WORD = re.compile(r"рол[ьи]|ролью", re.I)


def gm_facts(text: str, roster: Roster) -> list[tuple[Fact, str]]:
    """The facts a GM's mechanical text states, each with the sentence it came from."""
    out: list[tuple[Fact, str]] = []
    matcher = matcher_for(roster)
    for sentence in _SENTENCE.split(text or ""):
        sentence = sentence.strip()
        if not sentence:
            continue
        toks = tokens(sentence)
        nicks: list[str] = []
        i = 0
        while i < len(toks):
            best = next((c for c in matcher.at(toks, i) if c.via == "nick" and c.score >= 100.0), None)
            if best is not None and best.nick:
                if best.nick not in nicks:
                    nicks.append(best.nick)
                i = best.end
            else:
                i += 1
        if not nicks:
            continue
        back = bool(_BACK.search(sentence))
        facts: list[Fact] = []
        executed = bool(_EXECUTED.search(sentence))
        if executed:
            facts += [Fact("executed", nicks[0]), Fact("status", nicks[0], "Кладбище")]
        elif _DEAD.search(sentence):
            facts += [Fact("left" if back else "status", n, "Кладбище") for n in nicks]
        if _INFIRMARY.search(sentence):
            facts += [Fact("left" if back else "status", n, "Лазарет") for n in nicks]
        if _PRISON.search(sentence):
            facts += [Fact("left" if back else "status", n, "Тюрьма") for n in nicks]
        if _ROLE_WORD.search(sentence) or executed or _DEAD.search(sentence):
            roles = find_secret_roles(toks, 0, len(toks))
            if roles and roles[0].name and len(nicks) == 1 and not back:
                facts.append(Fact("revealed", nicks[0], roles[0].name))
        out.extend((f, sentence) for f in facts)
    return out
