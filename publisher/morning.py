"""The lines of a news post in the order a GM writes them, one line per player.

A phase's public events come from the engine in the order its steps ran («Тайная роль
игрока Аня» before «Аня отправляется на Кладбище»). A GM writes a morning otherwise:

1. the day's vote when nobody was executed («Голоса разделились: …»);
2. who died, was executed or left the game, each with the role revealed with him
   («Аня (Инквизитор) отправляется на Кладбище»);
3. the other players whose status or roles changed (Лазарет, Тюрьма, a return from the
   Кладбище, a role made public, a new open role);
4. the public announcements of abilities;
5. any other public event, then the end of the game.

Every fact about one player is one line (`PlayerNews`, rendered by the template macro
`public_player`); players keep the order in which the engine first named them.

    for text, events in news_lines(events, texts, night=True): ...
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Protocol

from engine import events as ev

GRAVEYARD = "Кладбище"


@dataclass
class PlayerNews:
    """Every public fact of one phase about one player (what `public_player` renders)."""

    player: str
    executed: bool = False
    died: bool = False
    left: bool = False                                    # a Мастер карт's wrong Раскрыть карты
    revealed: str | None = None                           # the secret role made public
    statuses: list[tuple[str, str]] = field(default_factory=list)   # (before, after), the death's left out
    open_role: tuple[str | None, str | None] | None = None          # (before, after)
    for_life: bool = False                                # his Тюрьма is for life (Арест)
    night: bool = True
    events: list[ev.Event] = field(default_factory=list)

    @property
    def gone(self) -> bool:
        """Dead, executed or out of the game: his line comes first."""
        return self.executed or self.died or self.left


class Lines(Protocol):
    """What renders the lines (`publisher.texts.Texts`, which imports this module)."""

    def player_line(self, news: PlayerNews) -> str | None: ...
    def line(self, audience: str, event: ev.Event) -> str | None: ...


_PLAYER_EVENTS = (ev.Died, ev.Executed, ev.Revealed, ev.StatusChanged, ev.OpenRoleChanged, ev.Left)


def _subject(event: ev.Event) -> str:
    return event.about if isinstance(event, ev.Revealed) else event.player


def player_news(events: Iterable[ev.Event], *, night: bool) -> list[PlayerNews]:
    """The facts of `events` grouped by player, players in the order first named."""
    news: dict[str, PlayerNews] = {}
    for event in events:
        if event.scope is not ev.Scope.PUBLIC or not isinstance(event, _PLAYER_EVENTS):
            continue
        item = news.setdefault(_subject(event), PlayerNews(_subject(event), night=night))
        item.events.append(event)
        if isinstance(event, ev.Executed):
            item.executed = True
        elif isinstance(event, ev.Died):
            item.died = True
        elif isinstance(event, ev.Left):
            item.left = True
        elif isinstance(event, ev.Revealed):
            item.revealed = event.secret
        elif isinstance(event, ev.OpenRoleChanged):
            before = item.open_role[0] if item.open_role else event.before
            item.open_role = (before, event.after)
        elif isinstance(event, ev.StatusChanged):
            if event.after == GRAVEYARD:
                item.died = True      # the death says it: «отправляется на Кладбище»
            else:
                item.statuses.append((event.before, event.after))
                item.for_life = item.for_life or event.for_life
    for item in news.values():
        if item.gone:   # a status that changed before the death is moot
            item.statuses = [s for s in item.statuses if s[0] == GRAVEYARD]
    return list(news.values())


def news_lines(events: Iterable[ev.Event], texts: Lines, *, night: bool) -> list[tuple[str, tuple[ev.Event, ...]]]:
    """The news post's lines in the GM's order, each with the events it tells."""
    events = [e for e in events if e.scope is ev.Scope.PUBLIC]
    first: list[tuple[str, tuple[ev.Event, ...]]] = []
    gone: list[tuple[str, tuple[ev.Event, ...]]] = []
    others: list[tuple[str, tuple[ev.Event, ...]]] = []
    announced: list[tuple[str, tuple[ev.Event, ...]]] = []
    rest: list[tuple[str, tuple[ev.Event, ...]]] = []
    last: list[tuple[str, tuple[ev.Event, ...]]] = []

    def add(into, text: str | None, told: Iterable[ev.Event]) -> None:
        if text:
            into.append((text, tuple(told)))

    for item in player_news(events, night=night):
        add(gone if item.gone else others, texts.player_line(item), item.events)
    for event in events:
        if isinstance(event, _PLAYER_EVENTS):
            continue
        into = (first if isinstance(event, ev.NoExecution) else announced if isinstance(event, ev.Announced)
                else last if isinstance(event, ev.GameOver) else rest)
        add(into, texts.line("public", event), [event])
    return first + gone + others + announced + rest + last
