"""Night resolution: «Все способности, применяемые ночью, резолвятся в конце ночи
одновременно.»

"Simultaneously" is the fixed sequence of steps of SPEC.md §7, listed once in
`NIGHT_STEPS` below. This module is the skeleton: the order of the steps, the
intake of orders (N1, N2) and the attack pipeline (records, moves, damage, deaths);
each ability's part of a step is a hook in its own module (engine/abilities/),
registered for that step and called here in the sub-step order it names. The order
in which orders were submitted matters only between the orders of one player (a
later order of his may be refused as a second use); across players it never does.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable, TypeVar

from engine import events as ev
from engine.abilities import ONE_ACTION_PER_NIGHT, AbilitySpec, ability, registry, registry_index
from engine.context import PhaseContext
from engine.orders import Order
from engine.phase import PhaseId
from engine.reasons import Reason
from engine.state import DayMarks, GameState

T = TypeVar("T")


@dataclass
class Snapshot:
    """S0: the state at the start of the night (N0 d)."""
    lives: dict[str, int]
    lazaret: dict[str, bool]
    prison: dict[str, bool]
    dead: dict[str, bool]
    demons_dead: int = 0    # Sacrifice!'s count, set by engine/abilities/demonologist.py

    def statuses_of(self, nick: str) -> dict[str, bool]:
        return {"lazaret": self.lazaret[nick], "prison": self.prison[nick], "dead": self.dead[nick]}


@dataclass
class Action:
    """An accepted night order while it resolves; `targets` follow redirects."""
    order: Order
    spec: AbilitySpec
    targets: list[str]
    void: bool = False      # Чары (and Очарование priority): «не применяет свои способности»
    failed: bool = False    # its own condition failed (Укус, Касание смерти, Ревность)
    blocked: str | None = None   # the card that blocks its attacks (Валет Крестей)
    auto: bool = False      # Гон
    seq: int = 0            # position in the submitted list (for `touch_restriction`)
    shielded: bool = False  # not subject to Чары / redirects / Валет Крестей (`hunt_blockable: false`)

    @property
    def user(self) -> str:
        return self.order.by

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def live(self) -> bool:
        return not (self.void or self.failed)


@dataclass
class Attack:
    """An attack record of §7: its recipient moves; it may be blocked or cancelled."""
    action: Action
    rank: int
    damage: int | None      # None: Касание смерти, decided at N13
    recipient: str
    flags: set[str] = field(default_factory=set)
    blocked_by: str | None = None
    cancelled_by: str | None = None

    @property
    def attacker(self) -> str:
        return self.action.user

    @property
    def name(self) -> str:
        return self.action.name

    @property
    def live(self) -> bool:
        return self.blocked_by is None and self.cancelled_by is None


class Night(PhaseContext):
    def __init__(self, state: GameState, phase: PhaseId, orders: list[Order]):
        super().__init__(state, phase)
        self.n = phase.number
        self.moon = phase.moon
        self.orders = self.take_answers(orders)
        self.actions: list[Action] = []
        self.attacks: list[Attack] = []
        self.cards = [c for c in state.thrown if c.night == self.n]
        self.killed: dict[str, tuple[str, Order | None]] = {}
        self.dying: set[str] = set()
        self.damage: dict[str, int] = defaultdict(int)
        self.attack_damage: dict[str, int] = defaultdict(int)   # N13 (a): from attacks only
        self.dealt_by: dict[str, list[str]] = defaultdict(list)
        self.damage_orders: dict[str, list[Order]] = defaultdict(list)   # for the trace
        self.heals: dict[str, int] = defaultdict(int)
        self.reveal_as: dict[str, str] = {}
        self.s0: Snapshot | None = None
        self.deferred: list[tuple[Order, AbilitySpec]] = []   # orders judged at the end of N2
        self.announced: set[int] = set()   # actions already announced (Лицо толпы)
        self.marks: DayMarks | None = None
        self._own: dict[type, object] = {}

    def own(self, kind: type[T]) -> T:
        """An ability module's own working data for this night: one value of its dataclass
        `kind`, made empty at the first use (the skeleton knows none of them)."""
        if kind not in self._own:
            self._own[kind] = kind()
        return self._own[kind]   # type: ignore[return-value]

    # ------------------------------------------------------------------------------------
    def run(self) -> list[ev.Event]:
        for code, _summary in night_steps(self.rulings):
            if self.state.game_over and code != "N23":
                break
            for step in self.steps_of(code):
                if self.state.game_over and code != "N23":
                    break
                step(self)
        return self.events

    def steps_of(self, code: str) -> list[Callable[["Night"], None]]:
        """The skeleton's own part of a step and the abilities' hooks, in sub-step order."""
        hooks = [(sub, fn) for sub, fn in SKELETON.get(code, ())]
        hooks += [(h.sub, h.fn) for h in registry.night_hooks(code)]
        rank = SUBSTEP_ORDERS.get((code, self.rulings[SUBSTEP_RULING[code]]), None) \
            if code in SUBSTEP_RULING else None
        if rank:
            unknown = [sub for sub, _fn in hooks if sub not in rank]
            assert not unknown, f"{code}: sub-steps {unknown} are not in SUBSTEP_ORDERS"
            hooks.sort(key=lambda h: rank.index(h[0]))
        else:
            hooks.sort(key=lambda h: h[0])
        return [fn for _sub, fn in hooks]

    # --- N0 ------------------------------------------------------------------------------
    def snapshot(self) -> None:
        """N0 (d): S0, the state at the start of the night."""
        players = self.state.players
        self.s0 = Snapshot(
            lives={n: p.lives for n, p in players.items()},
            lazaret={n: p.lazaret for n, p in players.items()},
            prison={n: p.in_prison for n, p in players.items()},
            dead={n: not p.alive for n, p in players.items()},
        )

    # --- N1 ------------------------------------------------------------------------------
    def anytime_orders(self) -> None:
        """N1: «в любой момент» orders written in this night resolve now, in list order,
        on the state at the start of the night (A24)."""
        if self.rulings["anytime_at_night"] != "immediate_on_start_state":
            return
        anytime = registry.anytime_effects()
        for order in list(self.orders):
            if order.ability not in anytime:
                continue
            self.orders.remove(order)
            self.resolve_anytime(order)
            if self.state.game_over:
                return

    def resolve_anytime(self, order: Order) -> None:
        order, spec = self.shape(order)
        refused = self.refusal(order, spec)
        if refused:
            self.reject(order, *refused)
            return
        self.spend(order, spec)
        self.emit(ev.Accepted(str(self.phase), self.cause("принята", order), order))
        registry.anytime_effects()[spec.name](self, order)

    # --- N2 ------------------------------------------------------------------------------
    def validate(self) -> None:
        """N2: refuse what the rules forbid now (§3.3); accepted orders spend their use."""
        anytime = registry.anytime_effects()
        for raw in self.orders:
            order, spec = self.shape(raw)
            if spec.name in anytime:
                # queued_with_night (A24 b): an action of the night like any other (Чары,
                # Очарование and Дама Червей act on it); its module resolves it at N21
                self.accept(order, spec)
                continue
            intake = registry.first("intake", spec.name)
            if intake and intake(self, order, spec):
                continue   # judged later in N2 by its module (a zombie signal)
            self.accept(order, spec)

    def accept(self, order: Order, spec: AbilitySpec, *, on_behalf_of: str | None = None) -> bool:
        refused = self.night_refusal(order, spec)
        if refused:
            if on_behalf_of is None:
                self.reject(order, *refused)
            return False
        self.emit(ev.Accepted(str(self.phase), self.cause("принята", order), order))
        if spec.when.value == "trigger":
            self.standing[(order.by, spec.name)] = order
            return True
        self.spend(order, spec)
        accepted = registry.first("accepted", spec.name)
        if accepted and accepted(self, order, spec):
            return True   # acted at once (the «минус первый» day throw)
        targets = list(order.all_targets)
        self.actions.append(Action(order, spec, targets, seq=len(self.actions) + 1))
        return True

    def night_refusal(self, order: Order, spec: AbilitySpec):
        """The common refusals on the start-of-night state, then «одну из следующих
        способностей» (A23), then the ability's own (its module's `refusal` hooks)."""
        skip_phase = bool(registry.first("phase_exempt", spec.name))
        refused = self.refusal(order, spec, snapshot=self.s0, skip_phase=skip_phase)
        if refused:
            return refused
        user = self.p(order.by)
        mine = self.own_actions(user.nick)
        group = ONE_ACTION_PER_NIGHT.get(user.secret_role, frozenset())
        if (self.rulings["one_action_per_night"] and spec.name in group
                and any(a.name in group for a in mine)):
            return Reason.ONE_ACTION_PER_NIGHT, None
        for hook in registry.refusals_of(spec.name, "night"):
            refused = hook(self, order, spec)
            if refused:
                return refused
        return None

    def add_automatic(self, order: Order, *, shielded: bool = False) -> None:
        """An action nobody ordered tonight (Гон): not subject to the user's refusals."""
        spec = ability(order.ability)
        self.actions.append(Action(order, spec, list(order.all_targets), auto=True, shielded=shielded))

    def own_actions(self, nick: str) -> list[Action]:
        """The player's accepted orders of tonight so far (not the automatic Гон)."""
        return [a for a in self.actions if a.user == nick and not a.auto]

    # --- N4 helpers ----------------------------------------------------------------------
    def redirect(self, action: Action, to: str, rule: str, cause: Order | None) -> None:
        if action.shielded:
            return
        if self.rulings["redirect_replaces"] == "all_targets":
            action.targets = [to for _ in action.targets]
        else:
            action.targets[0] = to
        fizzles = ""
        if not self.rulings["redirect_ignores_restrictions"] and to == action.user \
                and action.spec.target.value in ("other", "two_free", "dead"):
            fizzles = "перенаправлена на самого игрока"   # A44 (3) b: a redirect onto oneself fizzles
        if not self.p(to).alive:
            fizzles = f"перенаправлена на мёртвого {to}"   # «a redirect onto a dead player makes it fizzle» (A44 3)
        action.failed = action.failed or bool(fizzles)
        self.emit(ev.Redirected(str(self.phase), self.cause(rule, cause, action.order),
                                f"{action.name} игрока {action.user} перенаправлена на {to} ({rule})",
                                action.user, action.name, to, rule, fizzles))

    def void_orders_of(self, nick: str, cause: Action, why: str) -> None:
        """Every other order of `nick` tonight does nothing (Чары; A70 b victims)."""
        for action in self.actions_of(nick):
            if action is not cause:
                action.void = True
                self.emit(ev.Blocked(str(self.phase), self.cause(cause.name, cause.order, action.order),
                                     f"{action.name} игрока {action.user} не применяется{why}",
                                     action.user, action.name, cause.name))

    def was_dead(self, role: str) -> bool:
        """«если на Кладбище находятся …», judged on S0."""
        return any(p.secret_role == role and self.s0.dead[p.nick] for p in self.players())

    # --- N6 / N7: the attack records -----------------------------------------------------
    def build_attacks(self) -> None:
        """N6: one attack record per live attack order, rank and damage from §6.6 (each
        attack's module says its own, `registry.attack`)."""
        for action in self.actions:
            if not action.spec.is_attack or not action.live or not action.targets:
                continue
            rank, damage = action.spec.attack_rank, 1
            own = registry.first("attack", action.name)
            if own:
                rank, damage = own(self, action)
            attack = Attack(action, rank, damage, action.targets[0])
            if action.blocked:
                attack.blocked_by = action.blocked
            self.attacks.append(attack)
        for attack in self.attacks:
            self.cancel(attack)

    def cancel(self, attack: Attack) -> None:
        """N7: a recipient's own ability cancels the attack and its attacker is told why
        (Без души, Aura of darkness: `registry.cancel` hooks); re-applied on every move."""
        if not attack.live or attack.action.shielded:
            return
        recipient = self.p(attack.recipient)
        if recipient.dead or recipient.left:
            return
        for hook in registry.hooks_of("cancel"):
            code = hook.fn(self, attack)
            if code is None:
                continue
            attack.cancelled_by = hook.ability
            self.notice(attack.attacker, code, hook.ability, attack.action.order, about=recipient.nick)
            self.blocked(attack, hook.ability, f"{attack.name} игрока {attack.attacker} по {recipient.nick} "
                         f"отменена ({hook.ability})")
            return

    def blocked(self, attack: Attack, rule: str, text: str) -> None:
        """The GM told that an attack does nothing (a defence blocked or cancelled it)."""
        self.emit(ev.Blocked(str(self.phase), self.cause(rule, attack.action.order), text,
                             attack.attacker, attack.name, rule))

    def move(self, attack: Attack, to: str, flag: str, rule: str, cause: Order | None) -> None:
        """N8/N9: an attack changes recipient (a card, a guard), then N7 again."""
        self.emit(ev.Moved(str(self.phase), self.cause(rule, cause, attack.action.order),
                           f"{attack.name} игрока {attack.attacker} уходит с {attack.recipient} на {to} ({rule})",
                           attack.attacker, attack.name, attack.recipient, to, rule))
        attack.recipient = to
        attack.flags.add(flag)
        self.cancel(attack)

    # --- N13 / N14: damage and lives -----------------------------------------------------
    def attack_damage_step(self) -> None:
        """N13 (a): each live attack deals its damage to its recipient. Attacks whose damage
        is known only now (`registry.late_damage`) come last, in their `late` order."""
        ordered = sorted((a for a in self.attacks if a.live), key=lambda a: registry.lateness(a.name))
        for attack in ordered:
            amount = self.damage_of(attack)
            if amount == 0:
                landed = registry.first("no_damage", attack.name)
                if landed:
                    landed(self, attack)   # Касание смерти's open-role block
                    continue
            self.add_damage(attack.recipient, amount, attack.name, attack.action.order)
            self.attack_damage[attack.recipient] += amount

    def damage_of(self, attack: Attack) -> int:
        if attack.damage is not None:
            return attack.damage
        return registry.first("late_damage", attack.name)(self, attack)

    def add_damage(self, nick: str, amount: int, source: str, order: Order | None) -> None:
        if amount <= 0:
            return
        self.damage[nick] += amount
        self.dealt_by[nick].append(source)
        if order is not None:
            self.damage_orders[nick].append(order)

    def apply_lives(self) -> None:
        """N14: «lives −= damage; then heals, each capped at max» (A74)."""
        order = ("damage", "heal") if self.rulings["heal_after_damage"] else ("heal", "damage")
        for kind in order:
            for player in self.players():
                if not player.alive:
                    continue
                if kind == "damage":
                    player.lives -= self.damage.get(player.nick, 0)
                else:
                    for _ in range(self.heals.get(player.nick, 0)):
                        self.heal(player)

    # --- N17 – N19: deaths ---------------------------------------------------------------
    def deaths(self) -> None:
        """N17: dying = lives ≤ 0 plus the killed; a `death_save` hook may save (a Шулер,
        A77), not from what «Не спасает ничего» (the killer's module says, `unsaveable`)."""
        for player in self.players():
            if player.alive and (player.lives <= 0 or player.nick in self.killed):
                self.dying.add(player.nick)
        for nick in sorted(self.dying, key=self.state.order_index):
            killer = self.killed.get(nick, (None, None))[0]
            if killer and any(hook(self) for hook in registry.all_of("unsaveable", killer)):
                continue
            if self.saved_from_death(nick, "night"):
                self.killed.pop(nick, None)
                self.dying.discard(nick)

    def bury_the_dead(self) -> None:
        """N19: Dying → Кладбище; the role is revealed; triggers fire."""
        dead = sorted(self.dying, key=self.state.order_index)
        for nick in dead:
            player = self.p(nick)
            killer, order = self.killed.get(nick, (None, None))
            sources = self.killers_of(nick, killer)
            related = list(dict.fromkeys(self.damage_orders.get(nick, [])))
            self.bury(nick, "N19 смерть", sources, [order, *related],
                      reveal_as=self.reveal_as.get(nick),
                      lives=0 if killer else min(player.lives, 0), triggers=False)
        # the deaths are simultaneous: an heir dying this night cannot inherit (A40, A54)
        for nick in dead:
            self.after_removal(nick, by_arrest=False)

    def killers_of(self, nick: str, killer: str | None) -> list[str]:
        """Расследование's answer: what dealt damage, then what killed outright (A61)."""
        ranks = {a.name: a.rank for a in self.attacks}
        damaging = sorted(dict.fromkeys(self.dealt_by.get(nick, [])),
                          key=lambda name: (ranks.get(name, 99), registry_index(name)))
        if self.rulings["investigation_lists"] == "all_applied":
            applied = [a.name for a in self.actions if nick in a.targets and a.live]
            damaging = list(dict.fromkeys(damaging + applied))
        if killer and killer not in damaging:
            damaging.append(killer)
        return damaging

    # --- N21 -----------------------------------------------------------------------------
    def information(self) -> None:
        """N21 (a): what each player learns this morning, on the final state, in the order
        of the orders (each information ability's module: `registry.info`)."""
        for action in self.actions:
            handler = registry.first("info", action.name)
            if handler:
                handler(self, action)

    # --- N22 -----------------------------------------------------------------------------
    def open_next_day(self) -> None:
        """N22 (a): the marks of the coming day («Следующим днем …»), filled by the
        abilities' hooks of this step."""
        self.marks = DayMarks(day=self.n)
        self.state.marks = self.marks

    def announce_unstated_uses(self) -> None:
        """N22 (g): `unstated_publicity: public` (A21 b) for what was not announced yet."""
        for action in self.actions:
            if not action.void and not action.auto and id(action) not in self.announced:
                self.announce_unstated(action.order, action.spec,
                                       action.targets[0] if action.targets else None)

    # --- N23 -----------------------------------------------------------------------------
    def refund_failures(self) -> None:
        """`use_spent_on_failure: false` (A20 b): a use is spent only if it had an effect."""
        if self.rulings["use_spent_on_failure"]:
            return
        landed = {id(a.action) for a in self.attacks if a.live}
        for action in self.actions:
            no_effect = not action.live or (action.spec.is_attack and id(action) not in landed)
            uses = self.p(action.user).uses.get(action.name, [])
            if no_effect and not action.auto and self.phase in uses:
                uses.remove(self.phase)

    def win_check(self) -> None:
        """N23 (§5)."""
        self.refund_failures()
        self.status_changes()
        self.check_win()

    # --- helpers -------------------------------------------------------------------------
    def actions_of(self, nick: str) -> list[Action]:
        return [a for a in self.actions if a.user == nick]

    def live_actions(self, name: str) -> list[Action]:
        return [a for a in self.actions if a.name == name and a.live]

    def cards_as(self, effect: str):
        return [c for c in self.cards if c.acts_as == effect]

    def live_attacks_on(self, nick: str) -> list[Attack]:
        """Live attacks headed for `nick` that protections may act on (a Гон under
        `hunt_blockable: false` is beyond them)."""
        return [a for a in self.attacks if a.live and a.recipient == nick and not a.action.shielded]

    def strength_key(self, attack: Attack):
        """§6.6: by rank (A35), then more damage, then the attacker's place in the list."""
        damage = self.damage_of(attack)
        if self.rulings["strongest_by"] == "damage":
            return (-damage, attack.rank, self.state.order_index(attack.attacker))
        return (attack.rank, -damage, self.state.order_index(attack.attacker))

    def strongest(self, attacks: list[Attack], *, live_only: bool = True) -> Attack | None:
        pool = [a for a in attacks if a.live or not live_only]
        return min(pool, key=self.strength_key) if pool else None


# The one precedence table of the night (SPEC.md §7): the steps in order, with their
# titles there. N3 (mask drop) is evaluated at the end of N4, as the spec says ("evaluated
# after N4"); N7 is part of N6 and of every move. What acts at a step is the skeleton's
# part below and the hooks the abilities register for it (`registry.night_step`, listed by
# `acting_at`), in the order of their sub-step letters; the table names no ability.
NIGHT_STEPS: tuple[tuple[str, str], ...] = (
    ("N0", "start of night: moon, snapshot S0, what starts the night"),
    ("N1", "any-time orders, on the start-of-night state"),
    ("N2", "validation (§3.3): refusals, uses spent, orders judged later"),
    ("N4", "blocks and redirects of actions; N3 mask drop"),
    ("N5", "self-conditions of orders"),
    ("N6", "attack records; N7 faction cancellations"),
    ("N8", "master-card transfers"),
    ("N9", "guard transfers"),
    ("N10", "card protections"),
    ("N11", "curses"),
    ("N12", "own defences"),
    ("N13", "damage"),
    ("N14", "lives: damage, then heals"),
    ("N15", "lives swapped"),
    ("N16", "end-of-night lives"),
    ("N17", "deaths, and saves from them"),
    ("N18", "what a kill gives its killer"),
    ("N19", "death: the Кладбище, reveals, triggers"),
    ("N20", "statuses: prisons, rollbacks, thresholds"),
    ("N21", "information"),
    ("N22", "next day: its marks, what waits for the next night"),
    ("N23", "status announcements and the win check"),
)

# The skeleton's own part of each step, with its sub-step letter among the hooks.
SKELETON: dict[str, tuple[tuple[str, Callable[[Night], None]], ...]] = {
    "N0": (("c", Night.snapshot),),
    "N1": (("m", Night.anytime_orders),),
    "N2": (("m", Night.validate),),
    "N6": (("a", Night.build_attacks),),
    "N13": (("a", Night.attack_damage_step),),
    "N14": (("m", Night.apply_lives),),
    "N17": (("m", Night.deaths),),
    "N19": (("a", Night.bury_the_dead),),
    "N20": (("m", PhaseContext.thresholds),),
    "N21": (("a", Night.information),),
    "N22": (("a", Night.open_next_day), ("g", Night.announce_unstated_uses)),
    "N23": (("m", Night.win_check),),
}

# A44 `redirect_precedence`: Дама Червей (N4 b) before or after Очарование (N4 c–d).
SUBSTEP_RULING = {"N4": "redirect_precedence"}
SUBSTEP_ORDERS: dict[tuple[str, str], tuple[str, ...]] = {
    ("N4", "cards_then_charm"): ("a", "b", "c", "d", "e", "f", "g1", "g2", "h"),
    ("N4", "charm_then_cards"): ("a", "c", "d", "b", "e", "f", "g1", "g2", "h"),
}

# A73 `protection_order`: where several protections meet, the readings other than
# §7's order move the card protections (N10) or the own defences (N12) earlier.
PROTECTION_ORDERS: dict[str, tuple[str, ...]] = {
    "transfers_guards_cards_own_shield": ("N8", "N9", "N10", "N11", "N12"),
    "cards_before_guards": ("N8", "N10", "N9", "N11", "N12"),
    "own_defences_first": ("N12", "N8", "N9", "N10", "N11"),
}


def acting_at(code: str) -> list[str]:
    """The abilities whose hooks act at a step, in sub-step order (what the table leaves
    to the abilities' modules)."""
    return list(dict.fromkeys(h.ability for h in sorted(registry.night_hooks(code), key=lambda h: h.sub)))


def night_steps(rulings) -> tuple[tuple[str, str], ...]:
    order = PROTECTION_ORDERS[rulings["protection_order"]]
    by_code = {row[0]: row for row in NIGHT_STEPS}
    steps = [row for row in NIGHT_STEPS if row[0] not in order]
    at = next(i for i, row in enumerate(NIGHT_STEPS) if row[0] == "N8")
    return tuple(steps[:at] + [by_code[c] for c in order] + steps[at:])


def resolve_night(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    """Resolve night `phase` on `state` (a working copy, changed in place)."""
    return Night(state, phase, list(orders)).run()
