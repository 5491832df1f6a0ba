"""Day resolution: «Способности, применяемые днем … резолвятся сразу в том порядке, в
котором были применены», then the vote (SPEC.md §8, §4.3).

Steps: D0 the day's marks, D1 orders one by one, D2 tally, D3 execution, D4
statuses, D5 win check. This module is the skeleton; what each ability does by day
is its module's `day_effect` (engine/abilities/), its refusals are its `refusal`
hooks, and the vote protocol (who may vote, weights, the tally) is
engine/abilities/voting.py.
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities import AbilitySpec, RoleKind, When, registry
from engine.abilities.voting import VOTE, Ballot, can_vote, tally
from engine.context import PhaseContext
from engine.reasons import Reason
from engine.orders import Order
from engine.phase import PhaseId
from engine.state import DayMarks, GameState, PlayerState

__all__ = ["Ballot", "Day", "resolve_day"]


class Day(PhaseContext):
    # SPEC §8: D0 marks, D1 orders one by one, D2 tally, D3 execution, D4 statuses,
    # D5 win check; the abilities hook into D0, D3 and D4 (`registry.day_step`).
    STEPS = ("D0", "D1", "D2", "D3", "D4", "D5")

    def __init__(self, state: GameState, phase: PhaseId, orders: list[Order]):
        super().__init__(state, phase)
        self.n = phase.number
        self.orders = self.take_answers(orders)
        self.ballots: dict[str, Ballot] = {}
        self.lost_vote: set[str] = set()        # «теряет способность голосовать в течение дня»
        self.controlled: dict[str, str] = {}    # voter -> controller (Влияние etc.)
        self.saved_today: set[str] = set()      # Компромат save
        self.spends: dict[str, tuple[str, Order]] = {}   # Сплетник -> spend target
        self.miting: set[str] = set()
        self.bribes: list[Order] = []
        self.deferred_kills: list[tuple[str, Order]] = []
        self.votes: dict[str, int] = {}          # the tally (D2), for the trace
        self._own: dict[type, object] = {}
        if state.marks.day != self.n:
            state.marks = DayMarks(day=self.n)
        self.marks = state.marks

    def own(self, kind):
        """An ability module's own working data for this day (as `Night.own`)."""
        if kind not in self._own:
            self._own[kind] = kind()
        return self._own[kind]

    def live_actions(self, name: str) -> list:
        """No night action acts by day (what a passive asks of tonight's Чары)."""
        return []

    def run(self) -> list[ev.Event]:
        self.step("D0")
        for order in self.orders:
            if self.state.game_over:
                break
            self.resolve_order(order)
        if not self.state.game_over:
            condemned = tally(self)
            if condemned:
                self.execute(condemned)
        self.step("D3")
        self.end_of_day()
        return self.events

    def step(self, code: str) -> None:
        """The abilities' hooks registered for a step of the day, in sub-step order."""
        for hook in registry.day_hooks(code):
            hook.fn(self)

    # --- D1 ------------------------------------------------------------------------------
    def resolve_order(self, raw: Order, *, controller: str | None = None,
                      on_failure=None) -> bool:
        order, spec = self.shape(raw)
        refused = self.day_refusal(order, spec, controller=controller)
        if refused:
            if on_failure:
                on_failure()
            else:
                self.reject(order, *refused)
            return False
        if spec.when is When.TRIGGER:
            self.standing[(order.by, spec.name)] = order
            self.emit(ev.Accepted(str(self.phase), self.cause("принята", order), order))
            return True
        handler = registry.first("day", spec.name) or registry.anytime_effects().get(spec.name)
        if handler is None:
            raise AssertionError(f"no day effect for {spec.name}")
        done = handler(self, order, spec, controller)
        if done is not False:
            self.emit(ev.Accepted(str(self.phase), self.cause("принята", order), order))
            self.announce_unstated(order, spec, order.target)
        if self.rulings["status_timing"] == "immediate":
            self.immediate_statuses()
        return done is not False

    def immediate_statuses(self) -> None:
        """`status_timing: immediate` (A11 b): thresholds after every change."""
        for player in list(self.players()):
            if player.alive and player.lives <= 0:
                self.kill(player.nick, "§2.1 ноль жизней", None)
        self.thresholds()

    def day_refusal(self, order: Order, spec: AbilitySpec, *, controller: str | None):
        """The refusals of §3.3 by day: the ability's first ones (a prisoner's vote), the
        common ones, the blocks other abilities put on the user (Кража, Король Пик …),
        then the ability's own."""
        if order.signal:   # a zombie signal: the Лич's status and the phase (A66)
            return self.refusal(order, spec, skip_limits=True)
        for hook in registry.refusals_of(spec.name, "day_first"):
            refused = hook(self, order, spec, controller)
            if refused:
                return refused
        refused = self.refusal(order, spec)
        if refused:
            return refused
        if spec.kind is RoleKind.OPEN and self.open_role_blocked(order.by):
            return Reason.OPEN_ROLE_BLOCKED, None
        for hook in registry.hooks_of("day_block"):
            refused = hook.fn(self, order, spec, controller)
            if refused:
                return refused
        for hook in registry.refusals_of(spec.name, "day"):
            refused = hook(self, order, spec, controller)
            if refused:
                return refused
        return None

    def open_role_blocked(self, nick: str) -> bool:
        """Open-role abilities are blocked today (Кража, Касание смерти, Обвинение: the
        `open_block` hooks of their modules)."""
        return any(hook.fn(self, nick) for hook in registry.hooks_of("open_block"))

    def can_vote(self, player: PlayerState) -> bool:
        """Who has Голосование today (engine/abilities/voting.py)."""
        return can_vote(self, player)

    def kill(self, nick: str, source: str, order: Order | None) -> None:
        """An immediate death by day; a `death_save` hook may still save (a Шулер, A77)."""
        if self.saved_from_death(nick, "day", order):
            return
        self.lost_vote.add(nick)
        self.bury(nick, source, [source], [order], lives=0)

    # --- D3 ------------------------------------------------------------------------------
    def execute(self, condemned: str) -> None:
        """D3: an acquittal (Взятка), a save from death (a Шулер), or the Кладбище."""
        for acquit in registry.hooks_of("acquit"):
            if acquit.fn(self, condemned):
                return
        if self.saved_from_death(condemned, "execution"):
            return
        player = self.p(condemned)
        cause = self.cause("§4.3 казнь по итогам голосования",
                           *[b.order for b in self.ballots.values() if b.target == condemned])
        self.emit(ev.Executed(str(self.phase), cause, condemned))
        lives = 0 if self.rulings["executed_lives"] == "zero" else player.lives
        self.bury(condemned, "§4.3 казнь", [VOTE], cause.orders, lives=lives)

    # --- D4 / D5 -------------------------------------------------------------------------
    def end_of_day(self) -> None:
        """D4: the abilities' end-of-day hooks (Темница ends, A72), thresholds; D5: the
        win check."""
        self.step("D4")
        self.thresholds()
        self.status_changes()
        self.check_win()


def resolve_day(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    return Day(state, phase, list(orders)).run()
