"""A game being run: its config, its store, its clock, its forum, and the fold of its log.

    game = Game.open("game.yaml")                  # config + store (+ forum when needed)
    game.current()                                 # PhaseClock of the open phase, or None before the deal
    state, events = game.fold(upto="day 1")        # the state after a phase, and all events so far

The state is never stored: it is rebuilt by folding the stored phase log (each phase's
orders, stored as JSON) through `engine.resolve.resolve` from the deal (`new_game` with the
recorded seats, setup, rulings and seed), so `gorod state --at PHASE` shows any past
moment. The fold is kept (`_Fold`) and extended by the phases stored since, so reading a
post costs the same on night 1 and on day 15; a new deal or a log that shrank starts it
afresh. Each phase folded is compared with the events stored when it was resolved: if
the engine now gives other events (a new gorod under a running game), the GM gets a notice
(«правила изменились: итоги ночи 2 теперь другие»); what was posted is not rewritten.
The clock is injected (`now=`), so tests never sleep.
"""
from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable

from config.game import GameConfig, GameConfigError, load_game, templates_folder
from engine import events as ev
from engine.phase import PhaseId, PhaseKind
from engine.preview import PhasePreview, preview_phase
from engine.resolve import resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game
from engine.state import GameState
from gorod.loop.errors import LoopError
from gorod.loop.eventlog import event_json
from gorod.loop.lock import WriterLock
from gorod.loop.records import NoticeKind, PhaseRow, Records
from gorod.store import Store
from publisher.markup import Markup, markup_for, profile_markup
from publisher.texts import Texts


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


def check_sections(config: GameConfig) -> None:
    """The sections other parts read, checked at load: `parsing:` (the order parser's
    settings), `replay:`, the GM's templates (each one compiles). `GameConfigError` with
    the key path, as for the rest of the file (issue 14: `parsing: {threshold: 200}`
    passed `deal` and `run`, then every post failed at intake)."""
    from gorod.replay.settings import replay_settings
    from publisher.texts import TemplateError, Texts
    from scraper.orders.settings import ParseSettings, SettingsError

    try:
        ParseSettings.from_mapping(config.parsing, path="parsing")
    except SettingsError as exc:
        raise GameConfigError(f"{config.path}: {exc}") from None
    replay_settings(config)
    folder = templates_folder(config)
    if folder is None:
        return
    try:
        texts = Texts(folder)
        for template in sorted(folder.glob("*.j2")):
            texts._template(template.name)
    except TemplateError as exc:
        raise GameConfigError(f"{config.path}: templates: ошибка в шаблоне: «{exc}»") from None
    except (OSError, UnicodeError) as exc:
        raise GameConfigError(f"{config.path}: templates: {folder}: не читается: {exc}") from None


@dataclass
class _Folded:
    phase: PhaseId
    state: GameState
    events: tuple[ev.Event, ...]


@dataclass
class _Fold:
    """The log folded so far: the start, then each stored phase's state and events."""

    deal: str                                   # the deal it started from (its JSON)
    start: tuple[GameState, tuple[ev.Event, ...]]
    phases: list[_Folded] = field(default_factory=list)


_OF_PHASE = {PhaseKind.NIGHT: "ночи", PhaseKind.DAY: "дня"}


def _kinds(kind: type) -> set[type]:
    return {kind}.union(*(_kinds(sub) for sub in kind.__subclasses__()))


_TRACE_KINDS = {kind.__name__ for kind in _kinds(ev.Trace)}
# Each event type's fields with a default: the ones an engine may have added since a phase
# was stored (StatusChanged.for_life, Announced.visited).
_DEFAULTED = {kind.__name__: frozenset(f.name for f in fields(kind)
                                       if f.default is not MISSING or f.default_factory is not MISSING)
              for kind in _kinds(ev.Event)}
_TRACE_KEYS = ("scope", "to", "rule", "cause", "orders", "phase", "text")


def _compared(item: dict) -> dict:
    """A stored event as the drift check compares it: a GM-only explanation by its words
    alone, so a newer engine that gives an old trace a type of its own (ev.Fizzled) has
    not changed any result; a refusal by its order and reason code, not the words it is
    told in («вы в Тюрьме и сегодня не голосуете» for «этот персонаж не может голосовать»)."""
    if item.get("type") in _TRACE_KINDS:
        return {"type": "Trace", **{key: item.get(key) for key in _TRACE_KEYS}}
    if item.get("type") == "Rejected":
        return {key: value for key, value in item.items() if key != "message"}
    return item


def _as_stored(now: dict, stored: dict) -> dict:
    """`now` without the fields with a default that `stored` lacks: a field added to an
    event since the phase was stored tells more of the same result («в Тюрьму пожизненно»
    for «в Тюрьму»), whatever its value; the fields the stored event has are compared."""
    added = _DEFAULTED.get(str(now.get("type")), frozenset()) - stored.keys()
    return {key: value for key, value in now.items() if key not in added} if added else now


def drift_text(phase: PhaseId) -> str:
    return (f"правила изменились: итоги {_OF_PHASE[phase.kind]} {phase.number} теперь другие "
            f"(пересчёт сохранённых заявок по нынешним правилам не совпал с тем, что было решено; "
            f"опубликованное не изменено: сравните gorod state --at \"{phase}\")")


@dataclass(frozen=True)
class OpenPreview:
    """The open phase as the engine would resolve it now (`Game.open_preview`): the state
    before it, its orders in force (and their stored rows), the ones that cannot resolve,
    and the dry run."""
    phase: PhaseId
    state: GameState
    orders: tuple[Any, ...]        # engine.orders.Order, in the order given
    rows: tuple[Any, ...]          # their gorod.loop.records.OrderRow
    skipped: tuple[Any, ...]       # gorod.loop.checks.Skipped
    result: PhasePreview


class Game:
    def __init__(self, config: GameConfig, store: Store, *, now: Callable[[], datetime] = utcnow,
                 forum=None, forum_factory: Callable[["Game"], Any] | None = None) -> None:
        self.config = config
        self.store = store
        self.records = Records(store)
        self.now = now
        self._forum = forum
        self._forum_factory = forum_factory
        self.texts = Texts(self._templates_folder(), style=config.style, genders=config.genders)
        self._fold: _Fold | None = None
        self._preview: tuple[object, OpenPreview | None] | None = None
        self.actor = "gorod"    # who this process is, named to another refused by the writer lock
        self._writer = WriterLock(store.path, config.schedule.zone)

    @classmethod
    def open(cls, path: str | Path, *, store: str | Path | None = None, begins: bool = True,
             **kwargs) -> "Game":
        """The game of a config file, checked whole (`check_sections`): a config that
        `deal` accepts is one `run`, `state` and `web` accept too. `begins=False`: a store
        that is not there is `StoreMissing`, not a new empty game."""
        config = load_game(path)
        check_sections(config)
        where = Path(store or store_path(config))
        if not begins and not where.exists():
            from gorod.store_faults import StoreMissing

            raise StoreMissing(str(where))
        return cls(config, Store(where), **kwargs)

    def _templates_folder(self) -> str | None:
        folder = templates_folder(self.config)
        return str(folder) if folder else None

    # -- one writer at a time ---------------------------------------------------------------------
    def writing(self, what: str):
        """The game's writer lock while the block runs (`gorod.loop.lock`): `what` says what
        this step does, for the one refused meanwhile; `LockBusy` (a `LoopError`) if taken."""
        return self._writer.hold(self.actor, what)

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
    def write_limits(self):
        """What one PM takes on the game's forum (`config.profiles.WriteLimits`): its profile's
        `write.limits` (nothing known for `profile: auto` until the forum is reached)."""
        from config.profiles import WriteLimits
        if self._forum is not None and getattr(self._forum, "limits", None) is not None:
            return self._forum.limits
        rules = self._write_rules()
        return rules.limits if rules is not None else WriteLimits()

    @property
    def pm_max_length(self) -> int:
        """Characters one PM's text takes on the game's forum (longer ones are split)."""
        if self._forum is not None and hasattr(self._forum, "pm_max_length"):
            return self._forum.pm_max_length
        rules = self._write_rules()
        if rules is not None:
            return rules.pm_max_length
        return self._forum.max_length if self._forum is not None else 60000

    def _write_rules(self):
        """The `write:` section of the forum's profile: the built forum's, else the one the
        config names (None: `auto`, an unknown profile — reported when the forum is reached)."""
        from config.profiles import load_profile
        if self._forum is not None:
            profile = getattr(self._forum, "profile", None)
            return profile.write if profile is not None else None
        name = self.config.forum.profile
        if not name or name == "auto":
            return None
        try:
            return load_profile(name, Path(self.config.path).parent).write
        except Exception:   # noqa: BLE001 — an unknown profile is reported when the forum is reached
            return None

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

    def phase_at(self, when: datetime) -> str | None:
        """The phase that was open at `when` ('day 1'), from the clocks of the phases ended
        (`ended_clocks`, kept since issue 26) and the open one; None before the first phase
        or when no clock of that time is kept."""
        current = self.current()
        if current is not None and when >= current.started:
            return str(current.phase)
        for data in reversed(self.records.get("ended_clocks", []) or []):
            if datetime.fromisoformat(data["started"]) <= when:
                return data["phase"]
        return None

    def over(self) -> bool:
        return bool(self.records.get("over"))

    def open_phase(self) -> PhaseClock:
        """The open phase's clock; refused, with the reason, before the deal and after the end."""
        from gorod.loop.words import phase_name, winner_name

        over = self.records.get("over")
        if over:
            raise LoopError(f"игра окончена ({phase_name(over['phase'], lower=True)}, "
                            f"победа: {winner_name(over.get('winner'))}): открытой фазы нет")
        current = self.current()
        if current is None:
            raise LoopError("фаза не открыта: роли ещё не розданы (gorod deal)")
        return current

    # -- the fold ----------------------------------------------------------------------------------
    def start(self, deal: dict[str, Any] | None = None) -> tuple[GameState, list[ev.Event]]:
        """The game at its start, from the stored deal (or the given one, to try it).
        Until night 1 is resolved the setup (masks, the hand) is the config's: the GM
        writes the players' answers to their start PMs there."""
        if deal is None:
            state, events = self._folded().start
            return state, list(events)
        return self._start(deal, self.records.phase_count() == 0)

    def _start(self, deal: dict[str, Any] | None, unresolved: bool) -> tuple[GameState, list[ev.Event]]:
        if deal is None:
            raise LoopError("роли ещё не розданы: gorod deal")
        if unresolved:
            deal = {**deal, "setup": dict(self.config.setup)}
        seats = [Seat(nick, open_role, secret) for nick, (open_role, secret) in deal["seats"].items()]
        rulings = Rulings.from_mapping(deal.get("rulings") or {})
        try:
            state, events = new_game(seats, deal.get("setup") or {}, rulings, seed=int(deal.get("seed", 0)))
        except ValueError as exc:
            raise LoopError(f"игра не может начаться: {exc} (исправьте setup: в {self.config.path})") from None
        return state, list(events)

    def _folded(self) -> _Fold:
        """The fold of the log as stored now: the kept one, extended by the phases stored
        since; started afresh when the deal changed or the log is shorter than the fold."""
        deal = self.deal()
        key = json.dumps(deal, sort_keys=True, ensure_ascii=False)
        count = self.records.phase_count()
        fold = self._fold
        if fold is None or fold.deal != key or len(fold.phases) > count or (count == 0) != (not fold.phases):
            state, events = self._start(deal, count == 0)
            fold = _Fold(key, (state, tuple(events)))
        if len(fold.phases) < count:
            state = fold.phases[-1].state if fold.phases else fold.start[0]
            for row in self.records.phases(after=len(fold.phases)):
                result = resolve(state, row.phase, list(row.orders))
                self._check_drift(row, result.events)
                state = result.state
                fold.phases.append(_Folded(row.phase, state, tuple(result.events)))
        self._fold = fold
        return fold

    def _check_drift(self, row: PhaseRow, events) -> None:
        """The refold's events against those stored when the phase was resolved."""
        now = json.loads(json.dumps([event_json(e) for e in events], ensure_ascii=False))
        stored = row.events
        if now == stored or (len(now) == len(stored) and all(
                _compared(_as_stored(new, old)) == _compared(old) for new, old in zip(now, stored))):
            return
        # no phase on the notice: it concerns the game now, and the console shows the open phase's
        self.records.notice(f"drift:{row.phase}", NoticeKind.DRIFT, drift_text(row.phase))

    def open_preview(self) -> "OpenPreview | None":
        """The engine's dry run of the open phase over its orders in force, made once per
        store revision: what the tally, the day's immediate answers and the secrets check
        read (None when no phase is open)."""
        current = self.current()
        key = (self.store.revision(), str(current.phase) if current else None)
        if self._preview is not None and self._preview[0] == key:
            return self._preview[1]
        made = None
        if current is not None:
            from gorod.loop.checks import usable_orders

            state, _events = self.fold()
            rows = [r for r in self.records.orders(str(current.phase))]
            orders, ids, skipped = usable_orders(state, rows)
            by_id = {r.id: r for r in rows}
            made = OpenPreview(current.phase, state, tuple(orders), tuple(by_id[i] for i in ids),
                               tuple(skipped), preview_phase(state, current.phase, orders))
        self._preview = (key, made)
        return made

    def fold(self, upto: str | PhaseId | None = None) -> tuple[GameState, list[ev.Event]]:
        """The state after `upto` (after the last resolved phase when None; `"start"` for the
        start) and every event up to it. Callers must not change the state they are given
        (the engine never does: it resolves on a copy)."""
        fold = self._folded()
        state, events = fold.start[0], list(fold.start[1])
        if upto is not None and str(upto) == "start":
            return state, events
        stop = upto if isinstance(upto, PhaseId) else PhaseId.parse(str(upto)) if upto is not None else None
        for folded in fold.phases:
            if stop is not None and folded.phase.index > stop.index:
                break
            state = folded.state
            events.extend(folded.events)
        if stop is not None and (state.phase is None or state.phase.index < stop.index):
            from gorod.loop.words import phase_name
            raise LoopError(f"фаза «{phase_name(stop)}» ещё не разрешена (последняя разрешённая: "
                            f"{phase_name(state.phase, lower=True)})")
        return state, events

    def phase_events(self, phase: str | PhaseId) -> list[ev.Event]:
        """The events of one resolved phase, from the fold."""
        pid = phase if isinstance(phase, PhaseId) else PhaseId.parse(str(phase))
        for folded in self._folded().phases:
            if folded.phase == pid:
                return list(folded.events)
        from gorod.loop.words import phase_name
        raise LoopError(f"фаза «{phase_name(pid)}» не разрешена (фазы показывает gorod state)")


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
