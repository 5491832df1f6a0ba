"""A game being run: its config, its store, its clock, its forum, and the fold of its log.

    game = Game.open("game.yaml")                  # config + store (+ forum when needed)
    game.current()                                 # PhaseClock of the open phase, or None before the deal
    state, events = game.fold(upto="day 1")        # the state after a phase, and all events so far

The state is never stored: it is rebuilt by folding the stored phase log (each phase's
orders, as text) through `engine.resolve.resolve` from the deal (`new_game` with the
recorded seats, setup, rulings and seed), so `gorod state --at PHASE` shows any past
moment. The clock is injected (`now=`), so tests never sleep.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from config.game import GameConfig, load_game
from engine import events as ev
from engine.orders import Order
from engine.phase import PhaseId
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game
from engine.state import GameState
from gorod.loop.records import Records
from gorod.store import Store
from publisher.markup import Markup, markup_for, profile_markup
from publisher.texts import Texts


class LoopError(ValueError):
    """Something the GM must fix before the loop can go on; the message says what and where."""


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


@dataclass(frozen=True)
class PhaseClock:
    """The open phase: when it began, its deadline, the start of its game day."""

    phase: PhaseId
    started: datetime
    deadline: datetime
    cycle_started: datetime
    announced: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"phase": str(self.phase), "started": self.started.isoformat(),
                "deadline": self.deadline.isoformat(), "cycle_started": self.cycle_started.isoformat(),
                "announced": self.announced}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PhaseClock":
        return cls(PhaseId.parse(data["phase"]), datetime.fromisoformat(data["started"]),
                   datetime.fromisoformat(data["deadline"]), datetime.fromisoformat(data["cycle_started"]),
                   bool(data.get("announced")))


class Game:
    def __init__(self, config: GameConfig, store: Store, *, now: Callable[[], datetime] = utcnow,
                 forum=None, forum_factory: Callable[["Game"], Any] | None = None) -> None:
        self.config = config
        self.store = store
        self.records = Records(store)
        self.now = now
        self._forum = forum
        self._forum_factory = forum_factory
        self.texts = Texts(self._templates_folder())

    @classmethod
    def open(cls, path: str | Path, *, store: str | Path | None = None, **kwargs) -> "Game":
        config = load_game(path)
        return cls(config, Store(store or store_path(config)), **kwargs)

    def _templates_folder(self) -> str | None:
        folder = self.config.templates
        if not folder:
            return None
        path = Path(folder)
        if not path.is_absolute() and Path(self.config.path).exists():
            path = Path(self.config.path).resolve().parent / path
        return str(path)

    # -- the forum ----------------------------------------------------------------------------
    @property
    def forum(self):
        if self._forum is None:
            if self._forum_factory is not None:
                self._forum = self._forum_factory(self)
            else:
                from gorod.loop.forum import SiteForum
                self._forum = SiteForum.from_config(self.config, self.store)
        return self._forum

    @property
    def markup(self) -> Markup:
        if self._forum is not None:
            profile = getattr(self._forum, "profile", None)
            return _markup_of(profile) if profile is not None else markup_for(self._forum.engine)
        from config.profiles import load_profile
        profile = self.config.forum.profile
        if profile and profile != "auto":
            try:
                return _markup_of(load_profile(profile))
            except Exception:   # an unknown profile is reported when the forum is reached
                return markup_for(None)
        return markup_for(None)

    @property
    def title(self) -> str:
        return self.config.title or "Город N"

    @property
    def gm(self) -> str:
        return self.config.forum.gm_user or ""

    # -- the deal and the clock ------------------------------------------------------------------
    def deal(self) -> dict[str, Any] | None:
        return self.records.get("deal")

    def current(self) -> PhaseClock | None:
        data = self.records.get("clock")
        return PhaseClock.from_json(data) if data else None

    def set_clock(self, clock: PhaseClock) -> None:
        self.records.put("clock", clock.to_json())

    def over(self) -> bool:
        return bool(self.records.get("over"))

    # -- the fold ----------------------------------------------------------------------------------
    def start(self, deal: dict[str, Any] | None = None) -> tuple[GameState, list[ev.Event]]:
        """The game at its start, from the stored deal (or the given one, to try it).
        Until night 1 is resolved the setup (masks, the hand) is the config's: the GM
        writes the players' answers to their start PMs there."""
        deal = deal or self.deal()
        if deal is None:
            raise LoopError("the roles are not dealt yet: run `gorod deal`")
        if not self.records.phases():
            deal = {**deal, "setup": dict(self.config.setup)}
        seats = [Seat(nick, open_role, secret) for nick, (open_role, secret) in deal["seats"].items()]
        rulings = Rulings.from_mapping(deal.get("rulings") or {})
        try:
            state, events = new_game(seats, deal.get("setup") or {}, rulings, seed=int(deal.get("seed", 0)))
        except ValueError as exc:
            raise LoopError(f"the game cannot start: {exc} (fix `setup:` in {self.config.path})") from None
        return state, list(events)

    def fold(self, upto: str | PhaseId | None = None) -> tuple[GameState, list[ev.Event]]:
        """The state after `upto` (after the last resolved phase when None; `"start"` for the
        start) and every event up to it."""
        state, events = self.start()
        if upto is not None and str(upto) == "start":
            return state, events
        stop = PhaseId.parse(str(upto)) if upto is not None else None
        for row in self.records.phases():
            phase = PhaseId.parse(row["phase"])
            if stop is not None and phase.index > stop.index:
                break
            orders = [Order.parse(text) for text in row["orders"]]
            result = resolve(state, phase, orders)
            state = result.state
            events.extend(result.events)
        if stop is not None and (state.phase is None or state.phase.index < stop.index):
            raise LoopError(f"{stop} is not resolved yet (last resolved: {state.phase or 'none'})")
        return state, events


def store_path(config: GameConfig) -> Path:
    if config.store:
        path = Path(config.store)
        if not path.is_absolute() and Path(config.path).exists():
            path = Path(config.path).resolve().parent / path
        return path
    base = Path(config.path).resolve().parent if Path(config.path).exists() else Path.cwd()
    return base / "gorod.sqlite3"


def _markup_of(profile) -> Markup:
    """The profile's `write.markup` when it says one, else its engine's."""
    return profile_markup(profile.engine, profile.write.markup if profile.write else None)
