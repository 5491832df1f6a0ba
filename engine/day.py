"""Day resolution: «Способности, применяемые днем … резолвятся сразу в том порядке, в
котором были применены», then the vote (SPEC.md §8, §4.3).

Steps: D0 the day's marks, D1 orders one by one, D2 tally, D3 execution, D4
statuses, D5 win check. This module is the skeleton; what each ability does by day
is its module's `day_effect` (engine/abilities/), its refusals are its `refusal`
hooks, and the vote protocol (who may vote, weights, the tally) is the one module's
`vote_protocol` hook (an `engine.api.VoteProtocol`).
"""
from __future__ import annotations

from typing import Callable, Mapping

from engine import events as ev
from engine.abilities import AbilitySpec, RoleKind, When, registry
from engine.abilities import ability
from engine.actions import Action, Attack, Ballot
from engine.context import PhaseContext
from engine.reasons import Reason
from engine.orders import Order
from engine.phase import PhaseId
from engine.state import GameState, PlayerState
from engine.api import Refused

__all__ = ["Ballot", "Day", "resolve_day"]


class Day(PhaseContext):
    # SPEC §8: D0 marks, D1 orders one by one, D2 tally, D3 execution, D4 statuses,
    # D5 win check; the abilities hook into D0, D3 and D4 (`registry.day_step`).
    STEPS = ("D0", "D1", "D2", "D3", "D4", "D5")

    def __init__(self, state: GameState, phase: PhaseId, orders: list[Order]):
        super().__init__(state, phase)
        self._orders = self.take_answers(orders)
        self._ballots: dict[str, Ballot] = {}
        self._lost_vote: set[str] = set()        # «теряет способность голосовать в течение дня»
        self._controlled: dict[str, str] = {}    # voter -> controller (Влияние etc.)
        self._wounds: dict[str, list[tuple[str, Order]]] = {}   # attacks by day: victim -> (ability, order)
        self._voting = registry.the_vote_protocol()

    # --- the ballots (engine.api.DayAPI; the rules of them are `self._voting`'s) ---------
    def ballots(self) -> Mapping[str, Ballot]:
        return dict(self._ballots)

    def cast(self, voter: str, ballot: Ballot) -> None:
        self._ballots[voter] = ballot
        for hook in registry.BALLOT_CAST.fns():
            hook(self, voter)

    def drop_ballot(self, voter: str) -> Ballot | None:
        return self._ballots.pop(voter, None)

    def controller_of(self, voter: str) -> str | None:
        return self._controlled.get(voter)

    def set_controller(self, voter: str, controller: str) -> None:
        self._controlled[voter] = controller

    def lose_vote(self, nick: str) -> None:
        self._lost_vote.add(nick)

    def vote_lost(self, nick: str) -> bool:
        return nick in self._lost_vote

    def dictate(self, voter: str, target: str, controller: str, order: Order) -> None:
        self._voting.dictate(self, voter, target, controller, order)

    def replace_ballot(self, voter: str, by_order: Order, *, remove: bool = False) -> None:
        self._voting.replace_ballot(self, voter, by_order, remove)

    def own_vote_refusal(self, order: Order, controller: str | None) -> Refused | None:
        return self._voting.own_vote_refusal(self, order, controller)

    def vote_weight(self, voter: PlayerState, target: str, ballot: Ballot | None = None) -> int:
        return self._voting.weight(self, voter, target, ballot)

    def weight_before(self, voter: PlayerState, sub: str) -> int:
        return self._voting.weight_before(self, voter, sub)

    def add_votes(self, target: str, votes: int, ability: str, by: str, text: str,
                  order: Order | None = None) -> None:
        self._voting.added_votes(self, target, votes, ability, by, text, order)

    # --- night attacks by day (`unstated_phase: any`, SPEC A22 b) -----------------------
    def attack_by_day(self, order: Order, amount: int) -> bool:
        """«Способности, применяемые днем … резолвятся сразу»: an attack by day is cancelled
        by the target's phase-free passive (Без души, Aura of darkness: the `cancel` hooks; its
        attacker is told why), else deals `amount` at once; the night's defences («каждую
        ночь», «всю ночь») do not act by day. False if cancelled."""
        target = self.p(order.target_nick)
        spec = ability(order.ability)
        record = Attack(Action(order, spec, [target.nick]), spec.attack_rank or 0, amount, target.nick)
        for hook in registry.CANCEL.hooks():
            code = hook.fn(self, record)
            if code is not None:
                self.notice(order.by, code, hook.ability, order, about=target.nick)
                self.trace(f"{order.ability} игрока {order.by} по {target.nick} отменена ({hook.ability})",
                           hook.ability, order)
                return False
        target.lives -= amount
        self._wounds.setdefault(target.nick, []).append((order.ability, order))
        self.trace(f"{order.ability}: {target.nick} −{amount} (днём, unstated_phase: any)", order.ability, order)
        return True

    def wounded_die(self) -> None:
        """«Если с нулем или меньше - на Кладбище.»: at the end of the day (A11), those whom an
        attack by day left at 0 or below; a Шулер may save (A77); a killer's reward (`day_kill`
        hooks: Пожирай) before the reveal."""
        for nick, dealt in self._wounds.items():
            player = self.p(nick)
            if not player.alive or player.lives > 0:
                continue
            if self.saved_from_death(nick, "day", dealt[-1][1]):
                continue
            reveal_as = None
            for source, order in dealt:
                reward = registry.DAY_KILL.first(source)
                if reward:
                    reveal_as = reward(self, nick, order) or reveal_as
            self.bury(nick, "урон днём", list(dict.fromkeys(s for s, _ in dealt)), [o for _, o in dealt],
                      reveal_as=reveal_as, lives=min(player.lives, 0))

    # ------------------------------------------------------------------------------------
    def run(self) -> list[ev.Event]:
        self.step("D0")
        for order in self._orders:
            if self.state.game_over:
                break
            self.resolve_order(order)
        if not self.state.game_over:
            condemned = self._voting.tally(self)
            if condemned:
                self.execute(condemned)
        self.step("D3")
        self.end_of_day()
        return self.events

    def step(self, code: str) -> None:
        """The abilities' hooks registered for a step of the day, in sub-step order."""
        for hook in registry.DAY_STEP.at(code):
            hook.fn(self)

    # --- D1 ------------------------------------------------------------------------------
    def resolve_order(self, raw: Order, *, controller: str | None = None,
                      on_failure: Callable[[], None] | None = None) -> bool:
        order, spec = self.shape(raw)
        refused = self.day_refusal(order, spec, controller=controller)
        if refused:
            if on_failure:
                on_failure()
            else:
                self.reject(order, *refused)
            return False
        if spec.when is When.TRIGGER:
            self.set_standing(order)
            self.emit(ev.Accepted(str(self.phase), self.cause("принята", order), order))
            return True
        done: bool | None
        handler = registry.DAY_EFFECT.first(spec.name)
        if handler is not None:
            done = handler(self, order, spec, controller)
        else:
            anytime = registry.ANYTIME.first(spec.name)
            if anytime is None:
                raise AssertionError(f"no day effect for {spec.name}")
            self.spend(order, spec)   # «в любой момент»: at once, as by night (N1)
            done = None
            anytime(self, order)
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

    def day_refusal(self, order: Order, spec: AbilitySpec, *, controller: str | None) -> Refused | None:
        """The refusals of §3.3 by day: the ability's first ones (a prisoner's vote), the
        common ones, the blocks other abilities put on the user (Кража, Король Пик …),
        then the ability's own."""
        if not self.judging(order, spec).day_rules:   # an order that is no use (a zombie signal)
            return self.refusal(order, spec, skip_limits=True)
        for hook in registry.DAY_FIRST_REFUSAL.of(spec.name):
            refused = hook(self, order, spec, controller)
            if refused:
                return refused
        refused = self.refusal(order, spec)
        if refused:
            return refused
        if spec.kind is RoleKind.OPEN and self.open_role_blocked(order.by):
            return Reason.OPEN_ROLE_BLOCKED, None
        for block in registry.DAY_BLOCK.fns():
            refused = block(self, order, spec, controller)
            if refused:
                return refused
        for own in registry.REFUSAL.of(spec.name):
            refused = own(self, order, spec)
            if refused:
                return refused
        for hook in registry.DAY_REFUSAL.of(spec.name):
            refused = hook(self, order, spec, controller)
            if refused:
                return refused
        return None

    def open_role_blocked(self, nick: str) -> bool:
        """Open-role abilities are blocked today (Кража, Касание смерти, Обвинение: the
        `open_block` hooks of their modules)."""
        return any(block(self, nick) for block in registry.OPEN_BLOCK.fns())

    def can_vote(self, player: PlayerState) -> bool:
        """Who may vote today (the vote protocol's `can_vote`)."""
        return self._voting.can_vote(self, player)

    def kill(self, nick: str, source: str, order: Order | None) -> None:
        """An immediate death by day; a `death_save` hook may still save (a Шулер, A77)."""
        if self.saved_from_death(nick, "day", order):
            return
        self._lost_vote.add(nick)
        self.bury(nick, source, [source], [order], lives=0)

    # --- D3 ------------------------------------------------------------------------------
    def execute(self, condemned: str) -> None:
        """D3: an acquittal (Взятка), a save from death (a Шулер), or the Кладбище."""
        for acquit in registry.ACQUIT.fns():
            if acquit(self, condemned):
                return
        if self.saved_from_death(condemned, "execution"):
            return
        player = self.p(condemned)
        cause = self.cause("§4.3 казнь по итогам голосования",
                           *[b.order for b in self._ballots.values() if b.target == condemned])
        self.emit(ev.Executed(str(self.phase), cause, condemned))
        lives = 0 if self.rulings["executed_lives"] == "zero" else player.lives
        self.bury(condemned, "§4.3 казнь", [self._voting.ability], cause.orders, lives=lives)

    # --- D4 / D5 -------------------------------------------------------------------------
    def end_of_day(self) -> None:
        """D4: the abilities' end-of-day hooks (Темница ends, A72), thresholds; D5: the
        win check."""
        self.wounded_die()   # before the abilities' D4 hooks (Темница ends), as A11 counts lives
        self.step("D4")
        self.thresholds()
        self.status_changes()
        self.check_win()


def resolve_day(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    return Day(state, phase, list(orders)).run()
