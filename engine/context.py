"""What both resolvers share: the working state of one phase, its events, validation
of an order, and what happens the same way by day and by night (deaths and their
triggers, role checks, thresholds). Abilities' own effects are in engine/abilities/.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Mapping, TypeVar

from engine import events as ev
from engine.abilities import AbilitySpec, RoleKind, When, registry
from engine.actions import Action, Snapshot
from engine.names import Status
from engine.api import Judging
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.reasons import Detail, Reason, message
from engine.state import GameState, PlayerState
from engine.validate import (
    apparent_role, check_shape, holds_now, limit_refusal, max_lives, phase_refusal,
    status_refusal, target_refusal,
)
from engine.win import outcome

T = TypeVar("T")


def refusal_detail(ctx: "PhaseContext", order: Order, reason: Reason) -> Detail | None:
    """Which case of `reason` the player is told («вы в Тюрьме», «раз за цикл ночей»): the
    reason code stays the same (SPEC §3.3), only its words name the case."""
    from engine.abilities import Freq, find_ability

    player = ctx.state.players.get(order.by)
    if player is None:
        return None
    if reason is Reason.USER_DEAD and player.left:
        return Detail.LEFT
    if reason is Reason.CANNOT_VOTE and player.alive and player.in_prison:
        return Detail.IN_PRISON
    spec = find_ability(order.ability)
    if reason is Reason.USED_UP and spec is not None:
        if spec.freq is Freq.PER_CYCLE:
            return Detail.PER_CYCLE
        if spec.freq is Freq.PER_DAY and not ctx.phase.is_night:
            return Detail.PER_DAY
        if spec.freq is Freq.PER_GAME and spec.uses == 1 and not spec.uses_ruling:
            return Detail.ONCE
    return None


@dataclass(frozen=True)
class Question:
    """What the engine asks at a trigger under `standing_orders: false` (A52 b): the phase
    stops there until `to` (the GM for him) answers with an order of the same phase,
    `{by: to, ability, answer}`."""
    phase: str
    to: str
    ability: str
    text: str                        # the question, in Russian
    options: tuple[str, ...] = ()    # the nicknames he may name (empty: a yes / no question)

    def answer_hint(self) -> str:
        what = "ник" if self.options else "true или false"
        return f"{{by: {self.to}, ability: {self.ability}, answer: {what}}}"


class PendingQuestion(Exception):
    """Raised where the engine needs an answer it was not given; `resolve` returns it."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.text)
        self.question = question


class PhaseContext:
    """The working copy of the state while one phase resolves, and its event list."""

    def __init__(self, state: GameState, phase: PhaseId):
        self.state = state
        self.phase = phase
        self.n = phase.number
        self.rulings: Mapping[str, Any] = state.rulings
        self.events: list[ev.Event] = []
        # standing orders (A52): (nick, ability) -> order; Преемственность, Перерождение,
        # Божественное благословление under `blessing_auto: false`
        self._standing: dict[tuple[str, str], Order] = {}
        # answers to the engine's questions (`standing_orders: false`): (nick, ability) -> order
        self._answers: dict[tuple[str, str], Order] = {}
        self._own: dict[type, object] = {}
        self.status_before = {n: self.status_of(p) for n, p in state.players.items()}

    def own(self, kind: type[T]) -> T:
        """An ability module's own working data for this phase: one value of its dataclass
        `kind`, made empty at the first use (the resolvers know none of them)."""
        if kind not in self._own:
            self._own[kind] = kind()
        value = self._own[kind]
        assert isinstance(value, kind)
        return value

    # --- standing orders (A52) ------------------------------------------------------------
    def standing(self, nick: str, ability: str) -> Order | None:
        return self._standing.get((nick, ability))

    def standing_orders(self) -> list[Order]:
        return list(self._standing.values())

    def set_standing(self, order: Order) -> None:
        self._standing[(order.by, order.ability)] = order

    def drop_standing(self, nick: str, ability: str) -> Order | None:
        return self._standing.pop((nick, ability), None)

    def status_of(self, player: PlayerState) -> str:
        return player.status(self.rulings["status_precedence"]).value

    # --- events -------------------------------------------------------------------------
    def cause(self, rule: str, *orders: Order | None) -> ev.Cause:
        return ev.Cause(rule, tuple(o for o in orders if o is not None))

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def trace(self, text: str, rule: str = "", *orders: Order | None) -> None:
        self.emit(ev.Trace(str(self.phase), self.cause(rule or text, *orders), text))

    def learn(self, to: str, rule: str, order: Order | None = None, **fact: Any) -> None:
        self.emit(ev.learned(str(self.phase), self.cause(rule, order), to, ev.fact(**fact)))

    def notice(self, to: str, code: ev.NoticeCode, rule: str, order: Order | None = None,
               about: str | None = None) -> None:
        """A player told of a failure (§9 point 1): a `Notice` with its code."""
        items: dict[str, str] = {"notice": ev.NoticeCode(code).value}   # the fact keeps the value (FORMAT.md)
        if about is not None:
            items["about"] = about
        self.learn(to, rule, order, **items)

    def announce(self, ability_name: str, rule: str, order: Order | None = None,
                 by: str | None = None, target: str | None = None, visited: str | None = None) -> None:
        self.emit(ev.Announced(str(self.phase), self.cause(rule, order), ability_name, by, target, visited))

    def announce_unstated(self, order: Order, spec: AbilitySpec, target: str | None) -> None:
        """`unstated_publicity: public` (A21 b): abilities whose publicity the text does
        not state are announced (who, what, on whom)."""
        if (self.rulings["unstated_publicity"] == "public" and not spec.public
                and not spec.stated_secret and spec.kind is not RoleKind.COMMON):
            self.announce(spec.name, "A21 публичность", order, by=order.by, target=target)

    def reject(self, order: Order, reason: Reason, target: str | None = None) -> None:
        self.emit(ev.Rejected(str(self.phase), self.cause(f"§3.3 {reason.value}", order),
                              order, reason, message(reason, order.ability, target, refusal_detail(self, order, reason))))

    # --- players ------------------------------------------------------------------------
    def p(self, nick: str) -> PlayerState:
        return self.state.players[nick]

    def players(self) -> Iterable[PlayerState]:
        return self.state.players.values()

    def max_lives(self, player: PlayerState) -> int:
        return max_lives(player, self.rulings)

    def role_holder(self, role: str, *, alive: bool = True) -> PlayerState | None:
        for player in self.players():
            if player.secret_role == role and (player.alive or not alive):
                return player
        return None

    def on_graveyard(self, role: str) -> bool:
        """«если на Кладбище находятся …»: some holder of the role is on the Кладбище."""
        return any(p.secret_role == role and p.dead for p in self.players())

    def heal(self, player: PlayerState, amount: int = 1) -> int:
        """+lives, never above the maximum (A10); lives already above it (Валет Пик) stay."""
        cap = self.max_lives(player)
        if self.rulings["heal_cap"] == "starting_lives":
            cap = player.start_lives
        if player.lives >= cap:
            return 0
        new = min(cap, player.lives + amount)
        gained, player.lives = new - player.lives, new
        return gained

    # --- validation ---------------------------------------------------------------------
    def shape(self, order: Order) -> tuple[Order, AbilitySpec]:
        try:
            return check_shape(self.state, order)
        except OrderError as exc:
            raise OrderError(f"{self.phase}: {order}: {exc}") from None

    def refusal(self, order: Order, spec: AbilitySpec, *, snapshot: Snapshot | None = None,
                skip_limits: bool = False, skip_phase: bool = False) -> tuple[Reason, str | None] | None:
        """The §3.3 reason an order is refused now, or None (SPEC §7 N2, §8 D1)."""
        user = self.p(order.by)
        form = self.judging(order, spec)
        statuses: dict[str, bool] = {} if snapshot is None else snapshot.statuses_of(user.nick)
        if form.statuses:
            reason = status_refusal(user, spec, self.rulings, **statuses)
            if reason:
                return reason, None
        if not holds_now(user, spec):
            return Reason.ROLE_LOST, None
        if not skip_phase and spec.when is not When.TRIGGER and form.phase:
            reason = phase_refusal(spec, self.phase, self.rulings)
            if reason:
                return reason, None
        for block in registry.ACT_BLOCK.fns():   # back from the Кладбище tonight (A39)
            reason = block(self, user)
            if reason:
                return reason, None
        if not skip_limits and spec.when is not When.TRIGGER and form.limits:
            reason = limit_refusal(user, spec, self.phase, self.rulings)
            if reason:
                return reason, None
        return target_refusal(self.state, user, spec, order, self.rulings) if form.targets else None

    def judging(self, order: Order, spec: AbilitySpec) -> Judging:
        """The common refusals the order goes through (its ability's `judged` hook)."""
        return next((form for judged in registry.JUDGED.of(spec.name) if (form := judged(self, order))),
                    Judging())

    def spend(self, order: Order, spec: AbilitySpec) -> None:
        self.p(order.by).uses_of(spec.name).append(self.phase)

    # --- information --------------------------------------------------------------------
    def apparent(self, nick: str) -> str:
        """The role a check shows: the mask, unless a `true_role` hook sees through it."""
        player = self.p(nick)
        if any(hook(self, player) for hook in registry.TRUE_ROLE.fns()):
            return player.secret_role
        return apparent_role(self.state, player)

    def passives_off(self, nick: str) -> bool:
        """The player's passive defences do not work now (tonight's Чары, A45)."""
        return any(hook(self, nick) for hook in registry.PASSIVES_OFF.fns())

    def live_actions(self, name: str) -> list[Action]:
        """The phase's live actions of `name` (none by day: the night's resolver has them)."""
        return []

    def open_passives_off(self, nick: str) -> bool:
        """The player's open-role passives do not work now (Кража under A59 b)."""
        return any(hook(self, nick) for hook in registry.OPEN_PASSIVES_OFF.fns())

    # --- deaths -------------------------------------------------------------------------
    def saved_from_death(self, nick: str, death: str, order: Order | None = None) -> bool:
        """A `death_save` hook keeps `nick` alive (a Шулер: cards/fives.py); `death` is
        "night", "day" or "execution"."""
        return any(hook(self, nick, death, order) for hook in registry.DEATH_SAVE.fns())

    def bury(self, nick: str, rule: str, killed_by: Iterable[str], orders: Iterable[Order | None] = (),
             *, reveal_as: str | None = None, lives: int | None = None, triggers: bool = True) -> None:
        """«Как только персонаж попадает на Кладбище, его тайная роль публично раскрывается.»"""
        from engine.state import DeathRecord

        player = self.p(nick)
        given = tuple(o for o in orders if o is not None)
        player.dead = True
        player.lazaret = False
        if lives is not None:
            player.lives = lives
        cause = ev.Cause(rule, given)
        self.emit(ev.Died(str(self.phase), cause, nick))
        self.emit(ev.Revealed(str(self.phase), cause, nick, reveal_as or self.apparent(nick)))
        self.state.deaths[nick] = DeathRecord(self.phase, tuple(killed_by))
        if triggers:
            self.after_removal(nick, by_arrest=False)

    def take_answers(self, orders: list[Order]) -> list[Order]:
        """The orders that answer the engine's questions (`answer:`) set aside: they are not
        resolved in their place but read when the question comes (A52 b); the rest."""
        from engine.abilities import find_ability

        rest = []
        for order in orders:
            if order.answer is None:
                rest.append(order)
                continue
            if self.rulings["standing_orders"]:
                raise OrderError(f"{order}: ответ (поле answer) даётся только при rulings.standing_orders: false")
            spec = find_ability(order.ability)
            self._answers[(order.by, spec.name if spec else order.ability)] = order
        return rest

    def choice_at_trigger(self, nick: str, ability: str, text: str,
                          options: Iterable[str] = ()) -> Order | None:
        """The choice of `nick` for `ability` at the moment of its trigger (A52). Under
        `standing_orders: true`, his standing order written in this phase, or None. Under
        `false` the choice is made now: his answer (an order of this phase with `answer`),
        or the phase stops here with the question (PendingQuestion)."""
        if self.rulings["standing_orders"]:
            return self.standing(nick, ability)
        answer = self._answers.get((nick, ability))
        if answer is None:
            raise PendingQuestion(Question(str(self.phase), nick, ability, text, tuple(options)))
        self.trace(f"ответ {nick} на вопрос «{text}»: {answer.answer}", ability, answer)
        return answer

    def after_removal(self, nick: str, *, by_arrest: bool) -> None:
        """Triggers at a death or an Арест (SPEC A52): the `trigger` hooks (Перерождение,
        Преемственность); at a death the `death` hooks (a Король Пик's effect ends)."""
        player = self.p(nick)
        for hook in registry.TRIGGER.fns():
            hook(self, player)
        if not by_arrest:
            self.died(player)

    def died(self, player: PlayerState) -> None:
        for hook in registry.DEATH.fns():
            hook(self, player)

    def pass_role(self, old: PlayerState, heir: PlayerState, role: str, *, keeps: bool) -> None:
        """`heir` takes `role` from `old` (Перерождение, Преемственность): each ability that
        keeps a memory of the role's holder moves it (`keeps`) or forgets it."""
        for hook in registry.ROLE_PASSED.fns():
            hook(self, old, heir, role, keeps)

    def lose_role(self, player: PlayerState, role: str | None) -> None:
        """`player` no longer holds `role` («тот теряет свою старую роль»): what the role's
        abilities kept for him goes with it."""
        if role is None:
            return
        for hook in registry.ROLE_LOST.fns():
            hook(self, player, role)

    def cap_lives(self, player: PlayerState) -> None:
        """After a change of roles the cap is the new maximum (A10 `heal_cap`)."""
        if self.rulings["heal_cap"] == "current_max":
            player.lives = min(player.lives, self.max_lives(player))

    # --- statuses -----------------------------------------------------------------------
    def thresholds(self) -> None:
        """«Если в конце фазы персонаж остается с одной жизнью, то он попадает в Лазарет»;
        unless an ability of his says otherwise (`lazaret` hooks: Превзмогай, Божественное
        благословление, A51)."""
        for player in self.players():
            if not player.alive:
                continue
            if player.lives >= 2:
                player.lazaret = False
            elif player.lives == 1 and not player.lazaret:
                if any(hook(self, player) for hook in registry.LAZARET.fns()):
                    continue
                player.lazaret = True

    def status_changes(self) -> None:
        """«Все случаи получения или потери любым персонажем любого их этих статусов
        объявляются публично»."""
        for nick, player in self.state.players.items():
            after = self.status_of(player)
            before = self.status_before[nick]
            if after != before:
                # «Арест - … в Тюрьму пожизненно»: the term is told with the status
                for_life = after == Status.PRISON.value and player.prison is not None and player.prison.for_life
                self.emit(ev.StatusChanged(str(self.phase), self.cause("§2.2 статусы"),
                                           nick, before, after, for_life))

    # --- the end ------------------------------------------------------------------------
    def end_game(self, winner: str | None, rule: str, order: Order | None = None) -> None:
        self.state.winner = winner
        self.state.game_over = True
        self.emit(ev.GameOver(str(self.phase), self.cause(rule, order), winner))

    def check_win(self) -> None:
        if self.state.game_over:
            return
        result = outcome(self.state)
        if result.game_over:
            self.end_game(result.winner, result.rule)
