"""Drafts of one phase, in Russian, from the engine's events.

The news post is built from public events only and each private message from the
events addressed to that player, so a secret cannot reach the public post by
construction (STYLE.md, boardgame.io's per-player view). The Russian lines come
from the templates of `publisher.texts` (the GM's folder first, then the bundled
`publisher/templates/events.j2`); `publisher.drafts` turns them into whole posts in
the forum's markup.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from engine import events as ev
from publisher.morning import news_lines
from publisher.russian import lives
from publisher.texts import FACTION_NAMES, Texts, bundled


@dataclass
class PhaseDrafts:
    phase: str
    news: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    trace: list[str] = field(default_factory=list)


def phase_title(phase: str, moon: str | None = None) -> str:
    kind, _, number = phase.partition(" ")
    if kind == "night":
        return f"Ночь {number}" + (f" ({moon})" if moon else "")
    if kind == "day":
        return f"День {number}"
    return "Начало игры"


def render_phase(phase: str, events: Iterable[ev.Event], texts: Texts | None = None) -> PhaseDrafts:
    texts = texts or bundled()
    drafts = PhaseDrafts(phase)
    events = list(events)
    drafts.news = [text for text, _ in news_lines(events, texts, night=is_night(phase))]
    for nick, items in private_lines(events, texts).items():
        drafts.private[nick] = [text for text, _ in items]
    for event in events:
        drafts.trace.append(f"[{event.scope.value}] {type(event).__name__}: {event.cause.describe()}")
    if not drafts.news:
        drafts.news.append("Ничего примечательного не произошло.")
    return drafts


def public_line(event: ev.Event, texts: Texts | None = None) -> str | None:
    """The news post's line of one event alone, or None for an event the public does not see."""
    if event.scope is not ev.Scope.PUBLIC:
        return None
    lines = news_lines([event], texts or bundled(), night=True)
    return lines[0][0] if lines else None


def is_night(phase: str) -> bool:
    return phase.startswith("night")


def private_line(event: ev.Event, texts: Texts | None = None) -> str | None:
    """A line of a private message to the event's recipients, or None: the one renderer of
    private lines, for the drafts (`publisher.drafts`) and the replay alike."""
    return (texts or bundled()).line("private", event)


def private_lines(events: Iterable[ev.Event], texts: Texts | None = None) -> dict[str, list[tuple[str, ev.Event]]]:
    """Each recipient's private lines of some events, with the event of each."""
    texts = texts or bundled()
    out: dict[str, list[tuple[str, ev.Event]]] = {}
    for event in events:
        for nick in event.recipients():
            text = private_line(event, texts)
            if text:
                out.setdefault(nick, []).append((text, event))
    return out


def player_table(players: dict[str, dict]) -> list[str]:
    """A fixed-width summary of every player for the GM (open and secret roles)."""
    rows = [("Игрок", "Явная роль", "Тайная роль", "Жизни", "Статус")]
    for nick, p in players.items():
        status = "—" if p["status"] == "none" else p["status"]
        rows.append((nick, p["open"] or "—", p["secret"], lives(p["lives"]), status))
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip() for row in rows]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return lines
