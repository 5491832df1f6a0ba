"""The check before approval: no draft carries a fact its recipient may not know.

Drafts are built from the events their audience may see (`publisher.render`), so a
secret cannot reach them by construction; the GM may still edit a draft. Two checks
run before a draft is approved:

- `check_events(audience, events)`: every event a draft was built from is visible to
  its audience (public events for the news post; public ones or the player's own for a
  PM) — the construction itself, verified;
- `check_text(text, audience, knowledge)`: no line of the text names a player together
  with that player's secret role (or mask) unless the audience knows it: the public
  knows what the rules made public (a `Revealed` event: death, a public reveal), a
  player also knows his own role and what he `Learned` (a check, his team at the start).

    knowledge = Knowledge.from_game(secrets={"Аня": "Бес", ...}, events=all_events_so_far)
    leaks = check_text(draft_text, "public", knowledge)     # [] or [Leak(...)]

A role is found in its Russian case forms («Беса», «Бесом»), a nickname as written or
declined («Зои», «Зоей»: every form the drafts write and the dictionary's; case-insensitive).

The unit is a sentence (issue 23: a news line of two sentences paired one player's name with
another's role), read as the forum shows it: markup and its escapes undone first (a
Markdown `Kot\\_99`, BBCode tags and the WORD JOINER of `publisher.markup`, HTML entities
and tags, invisible characters), so an escaped nickname is still seen. A word that is both
a player's nickname and a role («Призрак», «Бес») is the player where it stands alone, and
the role only where a role is written: in brackets after a name, or after «роль» («Игрок Бес
(Призрак)», «тайная роль Ани: Бес»); a role word that is no nickname is a role anywhere.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping

from engine import events as ev
from engine.names import SECRET_ROLES
from publisher.russian import nick_forms

PUBLIC = "public"
# Notices that tell a player someone's role: the Лич has no soul, the Демонолог an aura.
# the notices whose attacker learns the recipient's role («Они знают, из-за чего была отменена атака»)
NOTICE_ROLES = {ev.NoticeCode.ATTACK_CANCELLED_NO_SOUL: "Лич", ev.NoticeCode.ATTACK_CANCELLED_AURA: "Демонолог"}
_ENDINGS = "(?:|а|у|ом|ем|е|и|ы|ей|ям|ами|ах|ю|я|ь|ью|ов|ой|ый|ого|ому|ым|ая|ую)"


@dataclass(frozen=True)
class Leak:
    audience: str
    line: str
    player: str
    role: str

    def describe(self) -> str:
        who = "публичном тексте" if self.audience == PUBLIC else f"сообщении игроку {self.audience}"
        return (f"в {who} названа тайная роль игрока {self.player} ({self.role}), которую "
                f"адресат не знает: «{self.line.strip()[:120]}»")


@dataclass
class Knowledge:
    """Who knows which (player, role) pairs: `public`, and each player's own."""

    secrets: Mapping[str, tuple[str, ...]]           # nick -> (secret role, mask?)
    public: set[tuple[str, str]] = field(default_factory=set)
    private: dict[str, set[tuple[str, str]]] = field(default_factory=dict)

    @classmethod
    def from_game(cls, secrets: Mapping[str, str], events: Iterable[ev.Event],
                  masks: Mapping[str, str] | None = None) -> "Knowledge":
        roles = {nick: tuple(r for r in (role, (masks or {}).get(nick)) if r) for nick, role in secrets.items()}
        know = cls(roles)
        for nick, role in secrets.items():
            know.private.setdefault(nick, set()).add((nick, role))
            if masks and masks.get(nick):
                know.private[nick].add((nick, masks[nick]))
        for event in events:
            know.learn(event)
        return know

    def learn(self, event: ev.Event) -> None:
        if isinstance(event, ev.Revealed) and event.scope is ev.Scope.PUBLIC:
            self.public.add((event.about, event.secret))
        elif isinstance(event, ev.Learned):
            fact = event.as_dict()
            mine = self.private.setdefault(event.to, set())
            if fact.get("notice") in NOTICE_ROLES and isinstance(fact.get("about"), str):
                # «Без души» / «Aura of darkness»: the attacker learns whom he failed to attack
                mine.add((fact["about"], NOTICE_ROLES[fact["notice"]]))
            if "secret" in fact and isinstance(fact.get("about"), str):
                mine.add((fact["about"], str(fact["secret"])))
            for nick, role in (fact.get("team") or {}).items():
                mine.add((nick, str(role)))
            for nick, role in (fact.get("list") or {}).items() if isinstance(fact.get("list"), dict) else ():
                mine.add((nick, str(role)))

    def knows(self, audience: str, player: str, role: str) -> bool:
        if (player, role) in self.public:
            return True
        return audience != PUBLIC and (player, role) in self.private.get(audience, set())


@dataclass(frozen=True)
class _Pattern:
    role: str
    regex: re.Pattern


def _role_pattern(role: str) -> re.Pattern:
    words = []
    for word in role.split():
        stem = word.lower().replace("ё", "е")
        # drop an adjective's ending, or a final vowel or soft sign, so that the case
        # endings can follow («мирным жителем»)
        if len(stem) > 4 and stem[-2:] in ("ый", "ий", "ой", "ая", "ое"):
            stem = stem[:-2]
        elif len(stem) > 3 and stem[-1] in "аяьйоеиыу":
            stem = stem[:-1]
        words.append(re.escape(stem) + _ENDINGS)
    return re.compile(r"(?<![\w])" + r"\s+".join(words) + r"(?![\w])", re.IGNORECASE)


_ROLE_PATTERNS = [_Pattern(role, _role_pattern(role)) for role in SECRET_ROLES]


def _fold(text: str) -> str:
    return text.replace("ё", "е").replace("Ё", "Е")


def roles_in(line: str) -> set[str]:
    line = _fold(line)
    return {p.role for p in _ROLE_PATTERNS if p.regex.search(line)}


def nicks_in(line: str, nicks: Iterable[str]) -> set[str]:
    """The players a line names, in any case form («Зоя», «Зои», «Зоей»: `nick_forms`)."""
    folded = _fold(line).casefold()
    found = set()
    for nick in nicks:
        if _nick_pattern(nick).search(folded):
            found.add(nick)
    return found


@lru_cache(maxsize=4096)
def _nick_pattern(nick: str) -> re.Pattern:
    forms = sorted((_fold(form).casefold() for form in nick_forms(nick)), key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, forms)) + r")(?![\w])")


def check_text(text: str, audience: str, knowledge: Knowledge) -> list[Leak]:
    """Sentences naming a player beside his true secret role (or mask) that the audience does
    not know. `audience` is "public" or a nickname."""
    leaks: list[Leak] = []
    nicks = list(knowledge.secrets)
    for sentence in sentences(as_shown(text)):
        roles = _roles_written(sentence, nicks)
        if not roles:
            continue
        for nick in _nicks_named(sentence, nicks):
            for role in roles & set(knowledge.secrets[nick]):
                if not knowledge.knows(audience, nick, role):
                    leaks.append(Leak(audience, sentence, nick, role))
    return leaks


_INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
_BB_TAGS = re.compile(r"\[\s*/?\s*[a-z*]+(?:=[^\]\n]*)?\]", re.IGNORECASE)
_HTML_TAGS = re.compile(r"</?[a-z][^<>]*>", re.IGNORECASE)
_MD_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")
_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+|\n")
# What writes a role, just before a word that is also a nickname: a bracket right after a
# name, or «роль» a few words before («тайная роль Ани: Призрак»). A dash or a colon does not:
# «Голоса разделились: Бес — 2», «посетили: Призрак» name the players.
_ROLE_CUE = re.compile(r"(?:\w\s*\(|\bрол[а-я]*(?:\s+[\w-]+){0,3}\s*[:—–-]?)\s*$", re.IGNORECASE)


def as_shown(text: str) -> str:
    """The text as the forum shows it, near enough: no markup, no escapes, nothing invisible."""
    text = _INVISIBLE.sub("", text)
    text = _HTML_TAGS.sub("", _BB_TAGS.sub("", text))
    return html.unescape(_MD_ESCAPE.sub(r"\1", text))


def sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_END.split(text) if s.strip()]


def _roles_written(sentence: str, nicks: list[str]) -> set[str]:
    folded = _fold(sentence)
    names = _spans(sentence, nicks)
    roles = set()
    for pattern in _ROLE_PATTERNS:
        for match in pattern.regex.finditer(folded):
            if match.span() not in names or _ROLE_CUE.search(folded[:match.start()]):
                roles.add(pattern.role)
                break
    return roles


def _nicks_named(sentence: str, nicks: list[str]) -> set[str]:
    """The players the sentence names: a nickname that is a role word written as a role
    («(Призрак)») does not name its player there."""
    folded = _fold(sentence).casefold()
    found = set()
    for nick in nicks:
        for match in _nick_pattern(nick).finditer(folded):
            is_role = roles_in(match.group(0)) and _ROLE_CUE.search(folded[:match.start()])
            if not is_role:
                found.add(nick)
                break
    return found


def _spans(sentence: str, nicks: list[str]) -> set[tuple[int, int]]:
    folded = _fold(sentence).casefold()
    return {m.span() for nick in nicks for m in _nick_pattern(nick).finditer(folded)}


def check_events(audience: str, events: Iterable[ev.Event]) -> list[ev.Event]:
    """Events a draft for `audience` was built from that the audience may not see."""
    bad = []
    for event in events:
        if event.scope is ev.Scope.PUBLIC:
            continue
        if audience == PUBLIC or audience not in event.recipients():
            bad.append(event)
    return bad
