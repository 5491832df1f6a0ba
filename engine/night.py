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
from dataclasses import replace
from typing import Any, Callable, Iterable, Mapping, Sequence

from engine import events as ev
from engine.abilities import ONE_ACTION_PER_NIGHT, AbilitySpec, ability, registry, registry_index
from engine.actions import Action, Attack, Snapshot, ThrownCard
from engine.api import Refused
from engine.context import PhaseContext
from engine.orders import Order
from engine.phase import PhaseId
from engine.reasons import Reason
from engine.state import GameState

class Night(PhaseContext):
    """The night being resolved; the abilities reach it as an `engine.api.NightAPI`."""

    def __init__(self, state: GameState, phase: PhaseId, orders: list[Order]):
        super().__init__(state, phase)
        self.moon = phase.moon
        self._orders = self.take_answers(orders)
        self._actions: list[Action] = []
        self._attacks: list[Attack] = []
        self._cards: list[ThrownCard] = []   # the cards acting tonight, set by the deck's N0 hook
        self._killed: dict[str, tuple[str, Order | None]] = {}
        self._dying: set[str] = set()
        self._damage: dict[str, int] = defaultdict(int)
        self._attack_damage: dict[str, int] = defaultdict(int)   # N13 (a): from attacks only
        self._dealt_by: dict[str, list[str]] = defaultdict(list)
        self._damage_orders: dict[str, list[Order]] = defaultdict(list)   # for the trace
        self._heals: dict[str, int] = defaultdict(int)
        self._reveal_as: dict[str, str] = {}
        self._s0: Snapshot | None = None
        self._deferred: list[tuple[Order, AbilitySpec]] = []   # orders judged at the end of N2
        self._announced: set[int] = set()   # actions already announced (Лицо толпы)

    # --- what the abilities read (engine.api.NightAPI) ----------------------------------
    @property
    def s0(self) -> Snapshot:
        assert self._s0 is not None, "S0 is taken at N0"
        return self._s0

    @property
    def actions(self) -> Sequence[Action]:
        return tuple(self._actions)

    @property
    def attacks(self) -> Sequence[Attack]:
        return tuple(self._attacks)

    @property
    def cards(self) -> Sequence[ThrownCard]:
        return tuple(self._cards)

    def set_cards(self, cards: Iterable[ThrownCard]) -> None:
        self._cards = list(cards)

    def add_attack(self, attack: Attack) -> None:
        self._attacks.append(attack)

    def defer(self, order: Order, spec: AbilitySpec) -> None:
        self._deferred.append((order, spec))

    def deferred(self) -> list[tuple[Order, AbilitySpec]]:
        return list(self._deferred)

    def mark_announced(self, action: Action) -> None:
        self._announced.add(id(action))

    def damage_to(self, nick: str) -> int:
        return self._damage.get(nick, 0)

    def attack_damage_to(self, nick: str) -> int:
        return self._attack_damage.get(nick, 0)

    def block_damage(self, nick: str, amount: int = 1) -> None:
        self._damage[nick] -= amount

    def dealt(self, nick: str, source: str, order: Order | None = None) -> None:
        """`source` counts among what dealt `nick` damage tonight (Расследование, A61)."""
        self._dealt_by[nick].append(source)
        if order is not None:
            self._damage_orders[nick].append(order)

    def relates(self, nick: str, order: Order) -> None:
        """`order` is among the causes of what befalls `nick` tonight (the trace of a death)."""
        self._damage_orders[nick].append(order)

    def heal_at_dawn(self, nick: str, amount: int = 1) -> None:
        """+`amount` lives at N14, each capped (A74)."""
        self._heals[nick] += amount

    def kill(self, nick: str, source: str, order: Order | None, *, replace: bool = True) -> None:
        """`nick` dies at N17 whatever his lives («убивает»); `replace=False` keeps an
        earlier kill's cause."""
        if replace or nick not in self._killed:
            self._killed[nick] = (source, order)

    def killed(self, nick: str) -> bool:
        return nick in self._killed

    def dying(self, nick: str) -> bool:
        return nick in self._dying

    def spare(self, nick: str) -> None:
        """`nick` does not die after all (N18: a Тварь that ate)."""
        self._dying.discard(nick)

    def reveal_dead_as(self, nick: str, role: str) -> None:
        self._reveal_as[nick] = role

    def redirect_standing(self, nick: str, to: str, rule: str, cause: Order | None) -> None:
        """The standing orders written tonight (Преемственность's heir, A52) are his orders
        too: their target goes where his other orders go (N4 b, d)."""
        for order in self.standing_orders():
            if order.by == nick and order.target is not None:
                self.set_standing(replace(order, target=to))
                self.emit(ev.Redirected(str(self.phase), self.cause(rule, cause, order),
                                        f"{order.ability} игрока {nick} перенаправлена на {to} ({rule})",
                                        nick, order.ability, to, rule))

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
        hooks += [(h.sub, h.fn) for h in registry.NIGHT_STEP.at(code)]
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
        self._s0 = Snapshot(
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
        for order in list(self._orders):
            if order.ability not in anytime:
                continue
            self._orders.remove(order)
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
        for raw in self._orders:
            order, spec = self.shape(raw)
            if spec.name in anytime:
                # queued_with_night (A24 b): an action of the night like any other (Чары,
                # Очарование and Дама Червей act on it); its module resolves it at N21
                self.accept(order, spec)
                continue
            intake = registry.INTAKE.first(spec.name)
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
            self.set_standing(order)
            return True
        self.spend(order, spec)
        accepted = registry.ACCEPTED.first(spec.name)
        if accepted and accepted(self, order, spec):
            return True   # acted at once (the «минус первый» day throw)
        targets = list(order.all_targets)
        self._actions.append(Action(order, spec, targets, seq=len(self._actions) + 1))
        return True

    def night_refusal(self, order: Order, spec: AbilitySpec) -> Refused | None:
        """The common refusals on the start-of-night state, then «одну из следующих
        способностей» (A23), then the ability's own (its module's `refusal` hooks)."""
        skip_phase = any(hook(self) for hook in registry.PHASE_EXEMPT.of(spec.name))
        refused = self.refusal(order, spec, snapshot=self.s0, skip_phase=skip_phase)
        if refused:
            return refused
        user = self.p(order.by)
        mine = self.own_actions(user.nick)
        group = ONE_ACTION_PER_NIGHT.get(user.secret_role, frozenset())
        if (self.rulings["one_action_per_night"] and spec.name in group
                and any(a.name in group for a in mine)):
            return Reason.ONE_ACTION_PER_NIGHT, None
        for hook in registry.REFUSAL.of(spec.name) + registry.NIGHT_REFUSAL.of(spec.name):
            refused = hook(self, order, spec)
            if refused:
                return refused
        return None

    def add_automatic(self, order: Order, *, shielded: bool = False) -> None:
        """An action nobody ordered tonight (Гон): not subject to the user's refusals."""
        spec = ability(order.ability)
        self._actions.append(Action(order, spec, list(order.all_targets), auto=True, shielded=shielded))

    def own_actions(self, nick: str) -> list[Action]:
        """The player's accepted orders of tonight so far (not the automatic Гон)."""
        return [a for a in self._actions if a.user == nick and not a.auto]

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
        for action in self._actions:
            if not action.spec.is_attack or not action.live or not action.targets:
                continue
            rank: int = action.rank
            damage: int | None = 1
            own = registry.ATTACK.first(action.name)
            if own:
                rank, damage = own(self, action)
            attack = Attack(action, rank, damage, action.targets[0])
            if action.blocked:
                attack.blocked_by = action.blocked
            self._attacks.append(attack)
        for attack in self._attacks:
            self.cancel(attack)

    def cancel(self, attack: Attack) -> None:
        """N7: a recipient's own ability cancels the attack and its attacker is told why
        (Без души, Aura of darkness: `registry.cancel` hooks); re-applied on every move."""
        if not attack.live or attack.action.shielded:
            return
        recipient = self.p(attack.recipient)
        if recipient.dead or recipient.left:
            return
        for hook in registry.CANCEL.hooks():
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
        ordered = sorted((a for a in self._attacks if a.live), key=lambda a: registry.lateness(a.name))
        for attack in ordered:
            amount = self.damage_of(attack)
            if amount == 0:
                landed = registry.NO_DAMAGE.first(attack.name)
                if landed:
                    landed(self, attack)   # Касание смерти's open-role block
                    continue
            self.add_damage(attack.recipient, amount, attack.name, attack.action.order)
            self._attack_damage[attack.recipient] += amount

    def damage_of(self, attack: Attack) -> int:
        if attack.damage is not None:
            return attack.damage
        late = registry.LATE_DAMAGE.first(attack.name)
        assert late is not None, f"{attack.name}: no damage and no late_damage hook"
        return late(self, attack)

    def add_damage(self, nick: str, amount: int, source: str, order: Order | None) -> None:
        if amount <= 0:
            return
        self._damage[nick] += amount
        self._dealt_by[nick].append(source)
        if order is not None:
            self._damage_orders[nick].append(order)

    def apply_lives(self) -> None:
        """N14: «lives −= damage; then heals, each capped at max» (A74)."""
        order = ("damage", "heal") if self.rulings["heal_after_damage"] else ("heal", "damage")
        for kind in order:
            for player in self.players():
                if not player.alive:
                    continue
                if kind == "damage":
                    player.lives -= self._damage.get(player.nick, 0)
                else:
                    for _ in range(self._heals.get(player.nick, 0)):
                        self.heal(player)

    # --- N17 – N19: deaths ---------------------------------------------------------------
    def deaths(self) -> None:
        """N17: dying = lives ≤ 0 plus the killed; a `death_save` hook may save (a Шулер,
        A77), not from what «Не спасает ничего» (the killer's module says, `unsaveable`)."""
        for player in self.players():
            if player.alive and (player.lives <= 0 or player.nick in self._killed):
                self._dying.add(player.nick)
        for nick in sorted(self._dying, key=self.state.order_index):
            killer = self._killed.get(nick, (None, None))[0]
            if killer and any(hook(self) for hook in registry.UNSAVEABLE.of(killer)):
                continue
            if self.saved_from_death(nick, "night"):
                self._killed.pop(nick, None)
                self._dying.discard(nick)

    def bury_the_dead(self) -> None:
        """N19: Dying → Кладбище; the role is revealed; triggers fire."""
        dead = sorted(self._dying, key=self.state.order_index)
        for nick in dead:
            player = self.p(nick)
            killer, order = self._killed.get(nick, (None, None))
            sources = self.killers_of(nick, killer)
            related = list(dict.fromkeys(self._damage_orders.get(nick, [])))
            self.bury(nick, "N19 смерть", sources, [order, *related],
                      reveal_as=self._reveal_as.get(nick),
                      lives=0 if killer else min(player.lives, 0), triggers=False)
        # the deaths are simultaneous: an heir dying this night cannot inherit (A40, A54)
        for nick in dead:
            self.after_removal(nick, by_arrest=False)

    def killers_of(self, nick: str, killer: str | None) -> list[str]:
        """Расследование's answer: what dealt damage, then what killed outright (A61)."""
        ranks = {a.name: a.rank for a in self._attacks}
        damaging = sorted(dict.fromkeys(self._dealt_by.get(nick, [])),
                          key=lambda name: (ranks.get(name, 99), registry_index(name)))
        if self.rulings["investigation_lists"] == "all_applied":
            applied = [a.name for a in self._actions if nick in a.targets and a.live]
            damaging = list(dict.fromkeys(damaging + applied))
        if killer and killer not in damaging:
            damaging.append(killer)
        return damaging

    # --- N21 -----------------------------------------------------------------------------
    def information(self) -> None:
        """N21 (a): what each player learns this morning, on the final state, in the order
        of the orders (each information ability's module: `registry.info`)."""
        for action in self._actions:
            handler = registry.INFO.first(action.name)
            if handler:
                handler(self, action)

    # --- N22 -----------------------------------------------------------------------------
    def announce_unstated_uses(self) -> None:
        """N22 (g): `unstated_publicity: public` (A21 b) for what was not announced yet."""
        for action in self._actions:
            if not action.void and not action.auto and id(action) not in self._announced:
                self.announce_unstated(action.order, action.spec,
                                       action.targets[0] if action.targets else None)

    # --- N23 -----------------------------------------------------------------------------
    def refund_failures(self) -> None:
        """`use_spent_on_failure: false` (A20 b): a use is spent only if it had an effect."""
        if self.rulings["use_spent_on_failure"]:
            return
        landed = {id(a.action) for a in self._attacks if a.live}
        for action in self._actions:
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
        return [a for a in self._actions if a.user == nick]

    def live_actions(self, name: str) -> list[Action]:
        return [a for a in self._actions if a.name == name and a.live]

    def cards_as(self, effect: str) -> list[ThrownCard]:
        return [c for c in self._cards if c.acts_as == effect]

    def live_attacks_on(self, nick: str) -> list[Attack]:
        """Live attacks headed for `nick` that protections may act on (a Гон under
        `hunt_blockable: false` is beyond them)."""
        return [a for a in self._attacks if a.live and a.recipient == nick and not a.action.shielded]

    def strength_key(self, attack: Attack) -> tuple[int, int, int]:
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
    "N22": (("g", Night.announce_unstated_uses),),
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
    return list(dict.fromkeys(h.ability for h in registry.NIGHT_STEP.at(code)))


def night_steps(rulings: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    order = PROTECTION_ORDERS[rulings["protection_order"]]
    by_code = {row[0]: row for row in NIGHT_STEPS}
    steps = [row for row in NIGHT_STEPS if row[0] not in order]
    at = next(i for i, row in enumerate(NIGHT_STEPS) if row[0] == "N8")
    return tuple(steps[:at] + [by_code[c] for c in order] + steps[at:])


def resolve_night(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    """Resolve night `phase` on `state` (a working copy, changed in place)."""
    return Night(state, phase, list(orders)).run()
