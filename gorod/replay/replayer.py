"""Replay an archived game: rebuild its timeline, parse every order, fold the engine over
its phases and compare each phase with what the GM announced.

    report = replay(game, thread_source, pm_source=None, progress=None)
    report.differences        # every Difference, with the engine's trace or the GM's words

The timeline (`replay.boundaries`):
- `announcements` (default): a post of the host whose text has a phase header
  (`replay.phase_header`, «Ночь 2», «День 3») opens that phase; a later post of the host
  matching `replay.resolve_marker` («резолв») closes the phase to orders: what players
  write after it is listed as late, not resolved (the rules: «Просьба не давать заявки
  во время резолва»). The host's posts before the first header are the game's opening.
  A phase's results are the host's mechanical text in the post that opens the next phase
  and in the host's posts during the phase itself. The phase is resolved as soon as the
  next one opens, so pages stream through: nothing of a post is kept but its orders.
- `schedule`: the phases follow the config's schedule from `replay.first_night`; the
  host's mechanical text reports on the phase before the one it is posted in.

PMs (secret orders) join the phase in which they were sent, by time; thread posts and
PMs of one phase are resolved in time order (day orders resolve one by one).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Callable, Iterable, Iterator

from config.game import GameConfig
from config.profiles import Profile, load_profile
from engine import events as ev
from engine.orders import Order, OrderError
from engine.phase import FIRST_PHASE, PhaseId, PhaseKind
from engine.resolve import PhaseError, expected_phase, resolve
from engine.setup import new_game
from engine.state import GameState
from gorod.replay.settings import ReplaySettings, replay_settings
from gorod.replay.gm import Fact, engine_facts, gm_facts, implied_facts, mechanical_text
from gorod.replay.source import Message, Progress, pm_messages, thread_messages
from publisher.render import PhaseDrafts, render_phase
from publisher.texts import Texts
from scraper.orders import ParseSettings, Roster, Unresolved, parse_post
from scraper.orders.names import Player
from scraper.orders.text import key


@dataclass(frozen=True)
class Difference:
    """A fact only one side has: `side` "gorod" (the GM did not announce it) or "gm"
    (the GM announced it, gorod's resolution does not have it)."""
    phase: str
    fact: Fact
    side: str
    trace: str

    def describe(self) -> str:
        if self.side == "gorod":
            return f"{self.fact.describe()} — у gorod есть, мастер не объявил; почему: {self.trace}"
        return f"{self.fact.describe()} — мастер объявил, у gorod нет; где: {self.trace}"


@dataclass
class PhaseReplay:
    phase: PhaseId
    orders: list[Order] = field(default_factory=list)
    from_pms: int = 0
    unresolved: list[tuple[Message, Unresolved]] = field(default_factory=list)
    late: list[tuple[Message, Order]] = field(default_factory=list)
    gm_posts: list[Message] = field(default_factory=list)
    gm_lines: list[str] = field(default_factory=list)
    events: tuple[ev.Event, ...] = ()
    drafts: PhaseDrafts | None = None
    differences: list[Difference] = field(default_factory=list)
    error: str | None = None


@dataclass
class ReplayReport:
    game: GameConfig
    start_drafts: PhaseDrafts
    phases: list[PhaseReplay]
    state: GameState
    posts: int = 0
    pms: int = 0
    pre_game: int = 0
    engine_seconds: float = 0.0

    @property
    def differences(self) -> list[Difference]:
        return [d for p in self.phases for d in p.differences]

    @property
    def errors(self) -> list[str]:
        return [f"{p.phase}: {p.error}" for p in self.phases if p.error]


class ReplayError(ValueError):
    """A game that cannot be replayed at all (no players, unknown host, unreadable source)."""


def game_roster(game: GameConfig) -> Roster:
    return Roster(tuple(Player(s.nick, s.open_role or None, s.secret_role or None) for s in game.seats))


def start_drafts(game: GameConfig) -> PhaseDrafts:
    """The start phase's drafts (Мистическая связь, Знакомства по ту сторону)."""
    _state, events = new_game(list(game.seats), game.setup, game.rulings, seed=game.seed)
    return render_phase("start", events, game_texts(game))


def game_texts(game: GameConfig) -> Texts:
    """The drafts' texts in the game's style, with its players' genders (its own
    `templates:` folder is the game loop's business: a replay shows the bundled ones)."""
    return Texts(style=game.style, genders=game.genders)


def profile_of(game: GameConfig) -> Profile | None:
    name = game.forum.profile
    return None if not name or name == "auto" else load_profile(name)


class _Timeline:
    """Phase boundaries and the «резолв» moments, as the thread reveals them."""

    def __init__(self, settings: ReplaySettings, zone) -> None:
        self.settings = settings
        self.zone = zone

    def header(self, text: str) -> PhaseId | None:
        m = self.settings.phase_header.search(text or "")
        if not m:
            return None
        word = m.group(1).lower()
        kind = PhaseKind.NIGHT if word in ("ночь", "night") else PhaseKind.DAY
        try:
            return PhaseId(int(m.group(2)), kind) if int(m.group(2)) >= 1 else None
        except ValueError:
            return None

    def scheduled(self, when: datetime) -> PhaseId | None:
        """The phase a moment falls in by the schedule (None before night 1)."""
        first = self.settings.first_night
        if first is None or when is None or when < first:
            return None
        phase, start = FIRST_PHASE, first
        while True:
            nxt = self.next_start(phase, start)
            if when < nxt:
                return phase
            phase, start = phase.next(), nxt

    def next_start(self, phase: PhaseId, start: datetime) -> datetime:
        sched = self.settings_schedule
        hhmm = sched.day_starts if phase.is_night else sched.night_starts
        h, m = map(int, hhmm.split(":"))
        local = start.astimezone(self.zone)
        candidate = local.replace(hour=h, minute=m, second=0, microsecond=0)
        if candidate <= local:
            candidate += timedelta(days=1)
        return candidate

    settings_schedule = None


class Replayer:
    """The fold: feed messages in thread order, get `PhaseReplay`s as phases close."""

    def __init__(self, game: GameConfig, pms: Iterable[Message] = ()) -> None:
        if not game.seats:
            raise ReplayError(f"{game.path}: players: the replay needs the players and their roles")
        self.game = game
        self.settings = replay_settings(game)
        if not self.settings.host:
            raise ReplayError(f"{game.path}: replay.host (or forum.gm_user): who is the GM?")
        self.host = key(self.settings.host)
        self.roster = game_roster(game)
        self.parsing = ParseSettings.from_mapping(game.parsing, f"{game.path}: parsing")
        self.timeline = _Timeline(self.settings, game.schedule.zone)
        self.timeline.settings_schedule = game.schedule
        self.state, start_events = new_game(list(game.seats), game.setup, game.rulings, seed=game.seed)
        self.texts = game_texts(game)
        self.start_drafts = render_phase("start", start_events, self.texts)
        self.pms = deque(sorted((m for m in pms if key(m.author) != self.host),
                                key=lambda m: (m.when is None, m.when or datetime.min)))
        self.pm_count = len(self.pms)
        self.current: PhaseReplay | None = None
        self.start: datetime | None = None
        self.resolving = False
        self.resolving_since: datetime | None = None
        self.pending: list[tuple[datetime | None, int, Order]] = []
        self.seq = 0
        self.done: list[PhaseReplay] = []
        self.posts = 0
        self.pre_game = 0
        self.engine_seconds = 0.0
        self.stopped = False
        self.held: PhaseReplay | None = None   # schedule mode: the phase awaiting its results

    # -- feeding ------------------------------------------------------------------------
    def feed(self, message: Message) -> Iterator[PhaseReplay]:
        self.posts += 1
        if self.settings.boundaries == "schedule":
            yield from self._feed_scheduled(message)
            return
        is_host = key(message.author) == self.host
        if is_host:
            opened = self.timeline.header(message.text)
            if opened is not None and (self.current is None or opened > self.current.phase):
                if self.current is not None:
                    self.current.gm_posts.append(message)
                    yield from self._close(until=message.when)
                self._open(opened, message.when)
                return
            if self.current is None:
                self.pre_game += 1
                return
            self.current.gm_posts.append(message)
            if self.settings.resolve_marker.search(message.text or "") and not self.resolving:
                self.resolving = True
                self.resolving_since = message.when
            return
        if self.current is None:
            self.pre_game += 1
            return
        self._player_post(message)

    def _feed_scheduled(self, message: Message) -> Iterator[PhaseReplay]:
        phase = self.timeline.scheduled(message.when)
        if phase is None:
            self.pre_game += 1
            return
        while self.current is None or phase > self.current.phase:
            if self.current is None:
                self._open(FIRST_PHASE, self.settings.first_night)
                continue
            end = self.timeline.next_start(self.current.phase, self.start)
            nxt = self.current.phase.next()
            # a phase is shown once the next one has closed: its results are posted in it
            for closed in self._close(until=end):
                if self.held is not None:
                    yield self.held
                self.held = closed
            self._open(nxt, end)
        if key(message.author) == self.host:
            # a host post reports on the phase before the one it is posted in
            target = self.done[-1] if self.done and self.done[-1].phase.next() == phase else None
            if target is not None:
                target.gm_posts.append(message)
                self._compare(target, extra=True)
            return
        self._player_post(message)

    def _player_post(self, message: Message) -> None:
        result = parse_post(message, self.roster, self.parsing)
        for item in result.unresolved:
            self.current.unresolved.append((message, item))
        for order in result.orders:
            if self.resolving:
                self.current.late.append((message, order))
            else:
                self.seq += 1
                self.pending.append((message.when, self.seq, order))

    def _open(self, phase: PhaseId, when: datetime | None) -> None:
        self.current = PhaseReplay(phase)
        self.start = when
        self.resolving = False
        self.resolving_since = None
        self.pending = []

    def _take_pms(self, until: datetime | None) -> None:
        """Move the PMs sent before `until` into the current phase (earlier ones, sent before
        the game's first phase, count for night 1: the «минус первый» day)."""
        from scraper.orders import parse_message
        while self.pms and (until is None or (self.pms[0].when is not None and self.pms[0].when < until)):
            pm = self.pms.popleft()
            result = parse_message(pm, self.roster, self.parsing)
            for item in result.unresolved:
                self.current.unresolved.append((pm, item))
            late = (self.resolving_since is not None and pm.when is not None
                    and pm.when >= self.resolving_since)
            for order in result.orders:
                if late:
                    self.current.late.append((pm, order))
                else:
                    self.seq += 1
                    self.current.from_pms += 1
                    self.pending.append((pm.when, self.seq, order))

    def _close(self, until: datetime | None) -> Iterator[PhaseReplay]:
        import time
        phase = self.current
        self._take_pms(until)
        timed = sorted(self.pending, key=lambda t: (t[0] is None, t[0] or datetime.min, t[1])) \
            if all(t[0] is None or t[0].tzinfo is not None for t in self.pending) else self.pending
        phase.orders = [o for _, _, o in timed]
        self.current = None
        if self.state.game_over and not phase.orders and not phase.gm_posts and not phase.unresolved:
            return   # the schedule runs on after the game's end: nothing happened
        t0 = time.process_time()
        self._resolve(phase)
        self.engine_seconds += time.process_time() - t0
        self._compare(phase)
        self.done.append(phase)
        yield phase

    def _resolve(self, phase: PhaseReplay) -> None:
        if self.stopped:
            phase.error = "игра уже окончена: фаза не разрешается"
            return
        # phases the thread skipped (no header) resolve with no orders
        while expected_phase(self.state) < phase.phase:
            skipped = expected_phase(self.state)
            try:
                self.state = resolve(self.state, skipped, []).state
            except (PhaseError, OrderError) as exc:
                phase.error = f"{skipped}: {exc}"
                self.stopped = True
                return
        orders = list(phase.orders)
        while True:
            try:
                result = resolve(self.state, phase.phase, orders)
                break
            except OrderError as exc:
                bad = next((o for o in orders if str(o) in str(exc) or o.by in str(exc)), None)
                if bad is None:
                    phase.error = str(exc)
                    return
                orders.remove(bad)
                phase.error = f"заявка пропущена (не читается движком): {bad}: {exc}"
            except PhaseError as exc:
                phase.error = str(exc)
                self.stopped = True
                return
        self.state = result.state
        phase.events = result.events
        phase.drafts = render_phase(str(phase.phase), result.events, self.texts)

    def _compare(self, phase: PhaseReplay, *, extra: bool = False) -> None:
        ours = engine_facts(phase.events)
        theirs: dict[Fact, str] = {}
        lines: list[str] = []
        for post in phase.gm_posts:
            text = mechanical_text(post, self.settings.gm_text)
            lines.extend(line for line in text.splitlines() if line.strip())
            for fact, sentence in gm_facts(text, self.roster):
                theirs.setdefault(fact, f"пост {post.id} мастера: «{sentence}»")
        phase.gm_lines = lines
        diffs = [Difference(str(phase.phase), f, "gorod", t) for f, t in sorted(ours.items()) if f not in theirs]
        implied = implied_facts(phase.events)
        diffs += [Difference(str(phase.phase), f, "gm", t) for f, t in sorted(theirs.items())
                  if f not in ours and f not in implied]
        phase.differences = diffs

    def finish(self) -> Iterator[PhaseReplay]:
        if self.current is not None:
            end = None
            if self.settings.boundaries == "schedule" and self.start is not None:
                end = self.timeline.next_start(self.current.phase, self.start)
            yield from self._close(until=end)
        if self.held is not None:
            held, self.held = self.held, None
            yield held

    def report(self) -> ReplayReport:
        return ReplayReport(self.game, self.start_drafts, self.done, self.state, self.posts,
                            self.pm_count, self.pre_game, self.engine_seconds)


def replay(game: GameConfig, source: str, pm_source: str | None = None, *,
           progress: Progress | None = None,
           on_phase: Callable[[PhaseReplay], None] | None = None) -> ReplayReport:
    """Replay a whole game; `on_phase` sees each phase as soon as it is resolved."""
    profile = profile_of(game)
    pms = list(pm_messages(pm_source, profile)) if pm_source else []
    replayer = Replayer(game, pms)
    for message in thread_messages(source, profile, progress=progress):
        for phase in replayer.feed(message):
            if on_phase:
                on_phase(phase)
    for phase in replayer.finish():
        if on_phase:
            on_phase(phase)
    return replayer.report()


def phase_heading(phase: PhaseId) -> str:
    from publisher.render import phase_title
    return phase_title(str(phase), phase.moon.value if phase.is_night else None)


__all__ = ["Difference", "PhaseReplay", "ReplayError", "ReplayReport", "Replayer", "replay", "phase_heading",
           "game_roster", "profile_of", "start_drafts"]
