"""Day resolution: «Способности, применяемые днем … резолвятся сразу в том порядке, в
котором были применены», then the vote (SPEC.md §8, §4.3).

Steps: D0 the day's marks, D1 orders one by one, D2 tally, D3 execution, D4
statuses, D5 win check.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.abilities import AbilitySpec, RoleKind, When, ability
from engine.context import PhaseContext
from engine.orders import Order
from engine.phase import PhaseId
from engine.reasons import Reason
from engine.state import GameState, PlayerState


@dataclass
class Ballot:
    """One player's vote for the day: the target and who set it."""
    target: str
    order: Order
    controlled_by: str | None = None   # Влияние, Король Пик, a zombie command


@dataclass
class Tally:
    votes: dict[str, int] = field(default_factory=dict)
    lines: list[str] = field(default_factory=list)


class Day(PhaseContext):
    def __init__(self, state: GameState, phase: PhaseId, orders: list[Order]):
        super().__init__(state, phase)
        self.n = phase.number
        self.orders = orders
        self.ballots: dict[str, Ballot] = {}
        self.lost_vote: set[str] = set()        # «теряет способность голосовать в течение дня»
        self.controlled: dict[str, str] = {}    # voter -> controller (Влияние etc.)
        self.saved_today: set[str] = set()      # Компромат save
        self.spends: dict[str, tuple[str, Order]] = {}   # Сплетник -> spend target
        self.miting: set[str] = set()
        self.bribes: list[Order] = []
        self.deferred_kills: list[tuple[str, Order]] = []
        self.votes: dict[str, int] = {}          # the tally (D2), for the trace
        if state.marks.day != self.n:
            from engine.state import DayMarks
            state.marks = DayMarks(day=self.n)
        self.marks = state.marks

    def run(self) -> list[ev.Event]:
        self.start_of_day()
        for order in self.orders:
            if self.state.game_over:
                break
            self.resolve_order(order)
        if not self.state.game_over:
            condemned = self.tally()
            if condemned:
                self.execute(condemned)
        for nick, order in self.deferred_kills:   # `operation_kill_immediate: false` (A56 b)
            if self.p(nick).alive:
                self.kill(nick, "Операция", order)
        self.end_of_day()
        return self.events

    # --- D0 ------------------------------------------------------------------------------
    def start_of_day(self) -> None:
        """D0: the marks of the night before hold today; the morning is remembered
        (Король Червей rolls back to it, A69)."""
        self.state.mornings[self.n] = {
            nick: {"lives": p.lives, "lazaret": p.lazaret, "prison": p.prison}
            for nick, p in self.state.players.items()
        }
        for old in [d for d in self.state.mornings if d < self.n - 1]:
            del self.state.mornings[old]
        for controlled, (vote_target, noble, order) in self.marks.influence.items():
            target = self.p(controlled)
            if self.can_vote(target) and self.p(noble).alive and self.p(vote_target).alive:
                self.dictate(controlled, vote_target, noble, order)

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
            return True
        handler = DAY_HANDLERS.get(spec.name)
        if handler is None:
            raise AssertionError(f"no day handler for {spec.name}")
        done = handler(self, order, spec, controller)
        if done is not False:
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
        if spec.name == "Зомбирование" and order.signal:
            return self.refusal(order, spec, skip_limits=True)
        user = self.p(order.by)
        if (spec.name == "Голосование" and user.alive and user.in_prison
                and self.rulings["prison_loses_common"]):
            return Reason.CANNOT_VOTE, None   # §3.3 cannot_vote: «(Кража, Смена пола, Туз Бубен, Тюрьма, …)»
        refused = self.refusal(order, spec, skip_limits=spec.name in ("Голосование", "Компромат"))
        if refused:
            return refused
        user = self.p(order.by)
        marks = self.marks
        is_open = spec.kind is RoleKind.OPEN
        if is_open and (user.nick in marks.robbed or user.nick in marks.touched
                        or user.nick in marks.accused):
            # Кража / Касание смерти / Обвинение: «не может применять способности Явной роли»
            return Reason.OPEN_ROLE_BLOCKED, None
        day_action = spec.name == "Голосование" or is_open
        if controller is None and day_action and self.puppet_master(user.nick):
            return Reason.VOTE_CONTROLLED, None
        if spec.name in ("Голосование",) or (spec.name == "Компромат" and order.save):
            if controller is None and user.nick in self.controlled:
                return Reason.VOTE_CONTROLLED, None
            if not self.can_vote(user):
                return Reason.CANNOT_VOTE, None
        if spec.name == "Компромат" and not order.save and user.saved_votes <= 0:
            return Reason.NO_SAVED_VOTES, None
        if spec.name == "Митинг" and self.rulings["miting_needs_vote"] and not self.can_vote(user):
            return Reason.CANNOT_VOTE, None
        if spec.name == "Влияние":
            return self.influence_refusal(order)
        if spec.name == "Взятка" and order.target and order.target in marks.accused:
            return Reason.CANNOT_ACQUIT, order.target
        if spec.name == "Кинуть карты":
            return self.throw_refusal(order)
        if spec.name == "Король Пик":
            return self.puppet_refusal(order)
        if spec.name == "Зомбирование":
            return Reason.WRONG_PHASE, None   # the implant is a night ability
        return None

    def can_vote(self, player: PlayerState) -> bool:
        """Who has Голосование today (§4.3 weight 0 cases)."""
        if not player.alive or player.in_prison and self.rulings["prison_loses_common"]:
            return False
        if player.nick in self.lost_vote or player.nick in self.marks.sex_changed:
            return False
        if player.nick in self.marks.robbed:
            return False
        if player.silenced and self.base_weight(player) <= 1:
            return False
        return True

    def despotiya(self, player: PlayerState) -> bool:
        """Деспотия, unless open-role abilities are blocked today (A59)."""
        if player.open_role != "Мэр":
            return False
        if player.nick in self.marks.robbed and self.rulings["theft_blocks"] == "open_incl_passives_and_vote":
            return False
        blocked = (player.nick in self.marks.robbed or player.nick in self.marks.touched
                   or player.nick in self.marks.accused)
        return not (blocked and self.rulings["open_block_despotiya"])

    def base_weight(self, player: PlayerState) -> int:
        return 2 if self.despotiya(player) else 1

    def puppet_master(self, nick: str) -> str | None:
        for puppet in self.state.puppets:
            if puppet.target == nick and puppet.revealed and self.p(puppet.master).alive:
                return puppet.master
        return None

    # --- handlers ------------------------------------------------------------------------
    def vote(self, order: Order, spec, controller) -> None:
        """«Цель можно менять неограниченное количество раз, будет учитываться только
        последний.» A vote without a target withdraws the vote."""
        if order.target is None:
            self.ballots.pop(order.by, None)
            self.trace(f"{order.by} снимает голос", "Голосование", order)
            return
        self.ballots[order.by] = Ballot(order.target, order, controller)
        self.saved_today.discard(order.by)
        self.trace(f"{order.by} голосует против {order.target}", "Голосование", order)

    def gossip(self, order: Order, spec, controller) -> None:
        """Компромат: save today's vote «в копилку», or spend the saved votes (A30)."""
        if order.save:
            self.ballots.pop(order.by, None)
            self.saved_today.add(order.by)
            self.spend(order, spec)
            self.trace(f"{order.by} откладывает голос в копилку", "Компромат", order)
        else:
            self.spends[order.by] = (order.target, order)
            self.trace(f"{order.by} тратит голоса из копилки против {order.target}", "Компромат", order)

    def influence_refusal(self, order: Order):
        controlled, vote_target = order.targets
        user = self.p(order.by)
        if controlled == user.nick:
            return Reason.TARGET_SELF, controlled
        target = self.p(controlled)
        if not target.alive:
            return Reason.TARGET_DEAD, controlled
        if not self.can_vote(target):
            return Reason.CANNOT_VOTE, controlled
        if vote_target == controlled:
            return Reason.TARGET_SELF, vote_target
        last = self.state.influence_log.get(user.nick)
        if last and last[0] == controlled:
            repeat = self.rulings["influence_repeat"]
            if repeat == "consecutive_uses" or last[1] == self.n - 1:
                return Reason.TARGET_REPEATED, controlled
        return None

    def influence(self, order: Order, spec, controller) -> None:
        """Влияние: «может диктовать голоса другого персонажа. У Мэра забирает оба голоса.»"""
        controlled, vote_target = order.targets
        self.spend(order, spec)
        self.state.influence_log[order.by] = (controlled, self.n)
        self.dictate(controlled, vote_target, order.by, order)

    def dictate(self, voter: str, target: str, controller: str, order: Order) -> None:
        if (self.rulings["vote_control_precedence"] == "first_applied"
                and voter in self.controlled and self.controlled[voter] != controller):
            self.trace(f"голос {voter} уже продиктован {self.controlled[voter]}", "A80", order)
            return
        self.controlled[voter] = controller
        self.ballots[voter] = Ballot(target, order, controller)
        self.saved_today.discard(voter)
        self.trace(f"голос {voter} продиктован {controller}: против {target}", order.ability, order)

    def rally(self, order: Order, spec, controller) -> None:
        """Митинг: «получает три голоса против себя, но этим днем голос Бунтаря считается за
        пять»."""
        self.spend(order, spec)
        self.miting.add(order.by)
        self.announce("Митинг", "Митинг", order, by=order.by)

    def sex_change(self, order: Order, spec, controller) -> None:
        """Смена пола: «Этим днем он не может голосовать.»"""
        self.spend(order, spec)
        self.marks.sex_changed.add(order.target)
        self.lost_vote.add(order.target)
        self.announce("Смена пола", "Смена пола", order, by=order.by, target=order.target)

    def beat_up(self, order: Order, spec, controller) -> None:
        """Поймать в подворотне: «отнимая у него все жизни кроме одной»."""
        self.spend(order, spec)
        target = self.p(order.target)
        target.lives = min(target.lives, 1)
        self.announce("Поймать в подворотне", "Поймать в подворотне", order, by=order.by,
                      target=order.target)

    def operation(self, order: Order, spec, controller) -> None:
        """Операция: «вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете» (A56)."""
        self.spend(order, spec)
        target = self.p(order.target)
        if order.mode == "heal":
            self.heal(target)
            self.trace(f"Операция: {target.nick} +1 жизнь", "Операция", order)
            return
        if self.rulings["operation_kill_immediate"]:
            self.kill(target.nick, "Операция", order)
        else:
            self.deferred_kills.append((target.nick, order))   # A56 (1) b: at the end of the day

    def kill(self, nick: str, source: str, order: Order) -> None:
        """An immediate death by day; a Шулер may still save (A77)."""
        window = self.shuler_window(nick)
        if window is not None:
            self.p(nick).shuler.remove(window)
            self.p(nick).lives = 1
            self.trace(f"{window.card} спасает {nick}", window.card, order)
            return
        self.lost_vote.add(nick)
        self.bury(nick, source, [source], [order], lives=0)

    def prophecy_order(self, order: Order, spec, controller) -> None:
        self.spend(order, spec)
        self.prophecy(order)

    def investigation_order(self, order: Order, spec, controller) -> None:
        self.spend(order, spec)
        self.investigation(order)

    def throw_card(self, order: Order, spec, controller) -> None:
        self.spend(order, spec)
        self.throw(order, acts_in_night=self.n + 1)

    def puppet_refusal(self, order: Order):
        for puppet in self.state.puppets:
            if puppet.master == order.by:
                if order.command is not None and not puppet.revealed:
                    return Reason.VOTE_CONTROLLED, None
                return None
        return Reason.NOT_IN_HAND, None

    def puppet(self, order: Order, spec, controller) -> None:
        """Король Пик: «Мастер карт может публично раскрыть свою роль. После этого все
        дневные действия цели … полностью контролируются Мастером.»"""
        puppet = next(pp for pp in self.state.puppets if pp.master == order.by)
        if order.command is None:
            if not puppet.revealed:
                puppet.revealed = True
                cause = self.cause("Король Пик", order)
                self.emit(ev.Revealed(str(self.phase), cause, order.by, self.p(order.by).secret_role))
                self.announce("Король Пик", "Король Пик", order, by=order.by, target=puppet.target)
            return
        command = Order(by=puppet.target, ability=order.command.ability,
                        target=order.command.target, mode=order.command.mode)
        if command.ability == "Голосование":
            cmd, cmd_spec = self.shape(command)
            refused = self.day_refusal(cmd, cmd_spec, controller=order.by)
            if refused:
                self.reject(order, *refused)
                return False
            self.dictate(puppet.target, cmd.target, order.by, order)
            return
        return self.resolve_order(command, controller=order.by,
                                  on_failure=lambda: self.reject(order, Reason.VOTE_CONTROLLED))

    def reveal(self, order: Order, spec, controller) -> None:
        self.spend(order, spec)
        self.reveal_cards(order)
        self.check_win()

    def bribe(self, order: Order, spec, controller) -> None:
        """Взятка is ordered by day and acts at the tally (A55)."""
        self.bribes.append(order)
        self.trace(f"{order.by} готовит Взятку" + (f" для {order.target}" if order.target else ""),
                   "Взятка", order)
        if not self.rulings["bribe_spent_only_if_used"]:
            self.spend(order, spec)

    def pigeon(self, order: Order, spec, controller) -> None:
        """Голубиная почта by day (`pigeon_phase: any`): delivered at once."""
        self.spend(order, spec)
        self.learn(order.to, "Голубиная почта", order, message=order.text)

    def zombie_signal(self, order: Order, spec, controller) -> None:
        """The Лич's signal by day: the command runs now as the zombified player's order."""
        implant = self.state.zombie
        if implant is None or implant.lich != order.by:
            self.reject(order, Reason.INVALID_COMMAND)
            return False
        if implant.fired:
            self.reject(order, Reason.USED_UP)
            return False
        command = self.zombie_order(order)
        failed = lambda: self.zombie_failed(order.by, order)
        if command is None or command.target is None:
            failed()
            return
        if command.ability == "Голосование":
            cmd, cmd_spec = self.shape(command)
            if self.day_refusal(cmd, cmd_spec, controller=order.by):
                failed()
                return
            self.dictate(command.by, command.target, order.by, order)
            return
        try:
            done = self.resolve_order(command, controller=order.by, on_failure=failed)
        except Exception:
            failed()
            return
        cmd_spec = ability(command.ability)
        if done and not cmd_spec.public:
            # A66 (5): the action itself is public when executed
            self.announce(cmd_spec.name, "Зомбирование: приказ выполнен", command,
                          target=command.target)

    # --- D2 / D3 -------------------------------------------------------------------------
    def weight(self, voter: PlayerState, target: str) -> int:
        """Vote weight (§4.3)."""
        if not self.can_vote(voter) and self.rulings["vote_void_on_loss"]:
            return 0
        w = self.base_weight(voter)
        if voter.silenced:
            w -= 1       # «Мэра лишает только одного голоса.»
        if voter.open_role == "Бунтарь" and voter.nick in self.miting:
            w = 5        # «этим днем голос Бунтаря считается за пять»
        if self.marks.accused.get(target) == voter.nick:
            # «голос Инквизитора против этого персонажа считается за три (в любом случае)»
            w = 3 if self.rulings["accusation_vote_fixed_three"] else w + 2
        return max(w, 0)

    def tally(self) -> str | None:
        """D2: «В конце дня персонаж, набравший больше всего голосов, попадает на Кладбище.
        Если таких персонажей более одного, не умирает никто.»"""
        votes: dict[str, int] = {}
        for voter_nick, ballot in self.ballots.items():
            voter = self.p(voter_nick)
            if not self.p(ballot.target).alive:
                continue   # the target died during the day (Операция): nothing to execute
            weight = self.weight(voter, ballot.target)
            if ballot.controlled_by and ballot.order.ability == "Влияние":
                mode = self.rulings["influence_weight"]
                if mode == "single_vote":
                    weight = min(weight, 1)
                elif mode == "added_to_own" and not self.can_vote(self.p(ballot.controlled_by)):
                    weight = 0   # the Дворянин casts the taken votes himself (A28 b)
            if weight:
                votes[ballot.target] = votes.get(ballot.target, 0) + weight
            self.trace(f"голос {voter_nick} против {ballot.target}: вес {weight}", "§4.3", ballot.order)
        for rebel in self.miting:
            counted = rebel in self.ballots and self.weight(self.p(rebel), self.ballots[rebel].target) > 0
            if self.rulings["miting_votes_persist"] or counted:
                votes[rebel] = votes.get(rebel, 0) + 3   # «получает три голоса против себя»
        for gossip, (target, order) in self.spends.items():
            player = self.p(gossip)
            if not self.can_vote(player):
                # «его голос не учитывается»: the spent votes don't count either (A30 4)
                if not self.rulings["gossip_refund_if_void"]:
                    player.saved_votes = 0
                continue
            if self.rulings["gossip_saved_follow_regular"] and gossip in self.ballots:
                target = self.ballots[gossip].target
            votes[target] = votes.get(target, 0) + player.saved_votes
            self.trace(f"{gossip}: {player.saved_votes} голос(а) из копилки против {target}",
                       "Компромат", order)
            player.saved_votes = 0
        for gossip in self.saved_today:
            player = self.p(gossip)
            if self.can_vote(player):
                player.saved_votes += 1
        self.votes = votes
        if not votes:
            return None
        top = max(votes.values())
        leaders = [n for n, v in votes.items() if v == top]
        if len(leaders) != 1 or top < int(self.rulings["execution_min_votes"]):
            self.trace(f"итог голосования: {votes}; казни нет", "§4.3")
            self.emit(ev.NoExecution(str(self.phase), self.cause("§4.3 казни нет"), tuple((n, top) for n in leaders)))
            return None
        self.trace(f"итог голосования: {votes}; приговорён {leaders[0]}", "§4.3")
        return leaders[0]

    def execute(self, condemned: str) -> None:
        """D3: Взятка, Шулер, or the Кладбище."""
        for bribe in self.bribes:
            rich = self.p(bribe.by)
            if not rich.alive or (bribe.target and bribe.target != condemned):
                continue
            if condemned in self.marks.accused:
                continue   # «не может … быть оправдан Богачом»
            if self.rulings["bribe_spent_only_if_used"]:
                rich.uses_of("Взятка").append(self.phase)
            self.trace(f"{rich.nick} оправдывает {condemned} (Взятка)", "Взятка", bribe)
            return
        window = self.shuler_window(condemned)
        if window is not None and self.rulings["shuler_saves_execution"]:
            player = self.p(condemned)
            player.shuler.remove(window)
            player.lives = 1
            self.trace(f"{window.card} спасает {condemned} от казни", window.card)
            return
        player = self.p(condemned)
        cause = self.cause("§4.3 казнь по итогам голосования",
                           *[b.order for b in self.ballots.values() if b.target == condemned])
        self.emit(ev.Executed(str(self.phase), cause, condemned))
        lives = 0 if self.rulings["executed_lives"] == "zero" else player.lives
        self.bury(condemned, "§4.3 казнь", ["Голосование"], cause.orders, lives=lives)

    # --- D4 / D5 -------------------------------------------------------------------------
    def end_of_day(self) -> None:
        """D4: thresholds, Темница ends (A72); D5: the win check."""
        for player in self.players():
            prison = player.prison
            if prison and not prison.for_life and prison.release_after == self.phase \
                    and self.rulings["dungeon_release"] == "end_of_second_day":
                player.prison = None
        self.thresholds()
        self.status_changes()
        self.check_win()


DAY_HANDLERS = {
    "Голосование": Day.vote,
    "Компромат": Day.gossip,
    "Влияние": Day.influence,
    "Митинг": Day.rally,
    "Смена пола": Day.sex_change,
    "Поймать в подворотне": Day.beat_up,
    "Операция": Day.operation,
    "Пророчество": Day.prophecy_order,
    "Расследование": Day.investigation_order,
    "Кинуть карты": Day.throw_card,
    "Король Пик": Day.puppet,
    "Раскрыть карты": Day.reveal,
    "Взятка": Day.bribe,
    "Голубиная почта": Day.pigeon,
    "Зомбирование": Day.zombie_signal,
}


def resolve_day(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    return Day(state, phase, list(orders)).run()
