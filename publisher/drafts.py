"""Whole drafts — the news post and the players' PMs — from events, in the forum's markup.

    drafts = phase_drafts("night 1", events, markup_for("spirit"))
    # [Draft(kind="news", audience="public", ...), Draft(kind="pm", audience="Аня", ...), ...]

Each `Draft` keeps the events it was built from (`events`), so the GM's `gorod show`
can print why, and `publisher.secrets.check_events` can prove the audience may see
them. `key` names a draft uniquely within a game (`news:night 1`, `pm:night 1:Аня`), so
that drafting the same phase twice (after a crash) finds the draft already there.
The texts come from `publisher.texts` (GM-overridable jinja2 templates).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from engine import events as ev
from engine.abilities import registry
from publisher.keys import PhaseKey, StartKey
from engine.api import VOTE
from engine.names import faction_of
from engine.orders import Order
from engine.phase import PhaseId
from engine.public_count import PublicCount
from publisher.markup import Formatted, Markup
from publisher.morning import news_lines
from publisher.render import is_night, phase_title, private_line, private_lines  # noqa: F401  (private_lines: the loop's)
from publisher.russian import inflect_nick
from publisher.secrets import PUBLIC
from publisher.texts import FACTION_NAMES, Texts, bundled

NOTHING = "Ничего примечательного не произошло."


@dataclass(frozen=True)
class Draft:
    kind: str                 # news | pm | start | receipt | late | resolve | count
    audience: str             # "public" or a nickname
    key: str
    title: str
    body: str
    phase: str | None = None
    events: tuple[ev.Event, ...] = field(default=(), compare=False)
    lines: tuple[str, ...] = field(default=(), compare=False)   # the line each event is told in, when known


def title_of(phase: str) -> str:
    if phase == "start":
        return phase_title(phase)
    pid = PhaseId.parse(phase)
    return phase_title(str(pid), pid.moon.value if pid.is_night else None)


def phase_drafts(phase: str, events: Iterable[ev.Event], markup: Markup, texts: Texts | None = None, *,
                 game_title: str = "Город N", art: str = "",
                 already_told: Mapping[str, set[str]] | None = None) -> list[Draft]:
    """The news post (always, «Ничего примечательного…» when nothing public happened; its
    lines in the GM's order, `publisher.morning`) and one PM per player who has lines. `already_told`: nick -> lines drafted earlier in the
    phase (a day's orders resolve at once), left out here."""
    texts = texts or bundled()
    events = list(events)
    title = title_of(phase)
    news = news_lines(events, texts, night=is_night(phase))
    news_events = [e for _, told in news for e in told]
    news_told = [text for text, told in news for _ in told]
    private: dict[str, list[str]] = {}
    private_events: dict[str, list[ev.Event]] = {}
    for event in events:
        for nick in event.recipients():
            text = private_line(event, texts)
            if not text or text in (already_told or {}).get(nick, set()):
                continue
            private.setdefault(nick, []).append(text)
            private_events.setdefault(nick, []).append(event)
    common = {"phase_title": title, "game_title": game_title}
    doc = texts.document("news", markup, lines=[text for text, _ in news] or [NOTHING], art=Formatted(art),  # the GM's own
                         **common)
    out = [Draft("news", PUBLIC, f"news:{phase}", doc.title, doc.body, phase, tuple(news_events), tuple(news_told))]
    for nick, lines in private.items():
        doc = texts.document("private", markup, nick=nick, lines=lines, **common)
        out.append(Draft("pm", nick, f"pm:{phase}:{nick}", doc.title, doc.body, phase,
                         tuple(private_events[nick]), tuple(lines)))
    return out


def immediate_draft(phase: str, nick: str, lines: list[str], events: Iterable[ev.Event], number: int,
                    markup: Markup, texts: Texts | None = None, *, game_title: str = "Город N") -> Draft:
    """A PM with the results of a day order that resolved at once («сразу», the rules)."""
    texts = texts or bundled()
    doc = texts.document("private", markup, nick=nick, lines=lines, phase_title=title_of(phase),
                         game_title=game_title, at_once=True)
    events = tuple(events)
    return Draft("pm", nick, str(PhaseKey("now", phase, number, nick)), doc.title, doc.body, phase, events,
                 tuple(lines) if len(lines) == len(events) else ())


def start_drafts(seats: Mapping[str, tuple[str, str]], start_events: Iterable[ev.Event], markup: Markup,
                 texts: Texts | None = None, *, game_title: str = "Город N",
                 setup: Mapping[str, Mapping] | None = None) -> list[Draft]:
    """One start PM per player: open and secret role, what the rules tell him at the start
    (the Лич's and the Демонолог's team), and what the GM must ask (a mask, four cards).
    `seats`: nick -> (open role, secret role)."""
    texts = texts or bundled()
    told = private_lines(start_events, texts)
    out = []
    for nick, (open_role, secret) in seats.items():
        chosen = (setup or {}).get(nick) or {}
        # what the role's own setup choices ask (engine/abilities/*: `setup_choice(asks=…)`)
        asks = [h.asks for h in registry.SETUP.hooks() if h.asks and h.label == secret and not chosen.get(h.step)]
        lines = [text for text, _ in told.get(nick, [])]
        faction = FACTION_NAMES.get(faction_of(secret).value, "")
        doc = texts.document("start", markup, nick=nick, open_role=open_role, secret_role=secret,
                             faction=faction, lines=lines, asks=asks, game_title=game_title)
        out.append(Draft("start", nick, str(StartKey(nick)), doc.title, doc.body, "start",
                         tuple(e for _, e in told.get(nick, [])), tuple(lines)))
    return out


def describe_order(order: Order) -> str:
    """An order in Russian words for a receipt: «Голосование против игрока Ани»."""
    if order.ability == VOTE:
        return (f"Голосование против игрока {inflect_nick(order.target, 'gent')}" if order.target
                else "Голосование: голос снят")
    # its arguments as its ability's `Args` says them (engine/abilities/*: `arg(said=…)`)
    before, after = order.args.said() if order.args is not None else ([], [])
    parts = [f"«{order.ability}»", *before]
    targets = order.all_targets
    if targets:
        parts.append("цель: " + ", ".join(targets))
    parts.extend(after)
    return ", ".join(parts)


@dataclass(frozen=True)
class ReceiptLine:
    """One order of a receipt: as read, and what will happen to it when that is known now
    (`verdict`, e.g. «будет отклонена: …»; empty: taken)."""

    order: Order
    verdict: str = ""

    @property
    def text(self) -> str:
        return describe_order(self.order) + (f" — {self.verdict}" if self.verdict else "")


def receipt_draft(phase: str, nick: str, lines: list[ReceiptLine | Order], key: str, markup: Markup,
                  texts: Texts | None = None, *, game_title: str = "Город N", standing: str = "free") -> Draft:
    """The player's receipt for all his orders of `phase` as read. `standing`: «free», or
    «dead»/«prison» (he is told what holds there, not that he may still change it)."""
    texts = texts or bundled()
    lines = [line if isinstance(line, ReceiptLine) else ReceiptLine(line) for line in lines]
    doc = texts.document("receipt", markup, nick=nick, lines=[line.text for line in lines],
                         orders=[describe_order(line.order) for line in lines],
                         refused=[line.text for line in lines if line.verdict], standing=standing,
                         phase_title=title_of(phase), game_title=game_title)
    return Draft("receipt", nick, key, doc.title, doc.body, phase)


def late_draft(phase: str, nick: str, text: str, key: str, markup: Markup, texts: Texts | None = None, *,
               game_title: str = "Город N", of_phase: str | None = None) -> Draft:
    """`phase`: the phase open now (the draft's); `of_phase`: the one whose «резолв» the order
    came in, when it is an earlier one (it came before `phase` opened)."""
    texts = texts or bundled()
    late_in = of_phase or phase
    doc = texts.document("late", markup, nick=nick, text=text, phase_title=title_of(late_in),
                         open_title=title_of(phase) if late_in != phase else "", game_title=game_title)
    return Draft("late", nick, key, doc.title, doc.body, phase)


def resolve_draft(phase: str, deadline: str, markup: Markup, texts: Texts | None = None, *,
                  game_title: str = "Город N") -> Draft:
    texts = texts or bundled()
    doc = texts.document("resolve", markup, phase_title=title_of(phase), deadline=deadline, game_title=game_title)
    return Draft("resolve", PUBLIC, f"resolve:{phase}", doc.title, doc.body, phase)


COUNT = "count"   # the kind of a public vote count's draft


def count_draft(count: PublicCount, at: str, deadline: str, key: str, markup: Markup,
                texts: Texts | None = None, *, game_title: str = "Город N") -> Draft:
    """The public vote count of a day (`engine.public_count`), a post for the thread: each
    candidate with the players whose last public vote is for him, who has not voted, when
    it was counted and when the day ends. `at`, `deadline`: the times as the GM's posts
    write them («03.12 18:00 (Москва)»)."""
    texts = texts or bundled()
    phase = str(count.phase)
    doc = texts.document(COUNT, markup, phase_title=title_of(phase), at=at, deadline=deadline,
                         candidates=list(count.candidates), not_voted=list(count.not_voted),
                         game_title=game_title)
    return Draft(COUNT, PUBLIC, key, doc.title, doc.body, phase)
