"""Night resolution: «Все способности, применяемые ночью, резолвятся в конце ночи
одновременно.»

"Simultaneously" is the fixed sequence of steps of SPEC.md §7, listed once in
`NIGHT_STEPS` below; each step reads the state the earlier steps left and cites
the rule it follows. The order in which orders were submitted matters only
between the orders of one player (a later order of his may be refused as a
second use); across players it never does.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Callable

from engine import events as ev
from engine.abilities import ABILITIES, AbilitySpec, ONE_ACTION_PER_NIGHT, RoleKind, ability
from engine.context import PhaseContext
from engine.names import CARDS, CIVILIAN, Faction, Moon
from engine.orders import Order
from engine.phase import PhaseId, PhaseKind
from engine.reasons import Reason
from engine.state import DayMarks, GameState, Hunt, Prison, Shift

GANG_LEADER_SHIELDS = {"Лич": (Faction.DEMONS, "attack_cancelled_no_soul", "Без души"),
                       "Демонолог": (Faction.UNDEAD, "attack_cancelled_aura", "Aura of darkness")}
INFO_DEFAULT_ORDER = ("Составить гороскоп", "Исповедь", "Дозор", "Дознание", "Пытка",
                      "Расследование")


@dataclass
class Snapshot:
    """S0: the state at the start of the night (N0 d)."""
    lives: dict[str, int]
    lazaret: dict[str, bool]
    prison: dict[str, bool]
    dead: dict[str, bool]
    demons_dead: int

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
    blocked: bool = False   # Валет Крестей
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
        self.orders = orders
        self.actions: list[Action] = []
        self.attacks: list[Attack] = []
        self.cards = [c for c in state.thrown if c.night == self.n]
        self.killed: dict[str, tuple[str, Order | None]] = {}
        self.dying: set[str] = set()
        self.damage: dict[str, int] = defaultdict(int)
        self.dealt_by: dict[str, list[str]] = defaultdict(list)
        self.damage_orders: dict[str, list[Order]] = defaultdict(list)   # for the trace
        self.heals: dict[str, int] = defaultdict(int)
        self.touched: set[str] = set()
        self.reveal_as: dict[str, str] = {}
        self.s0: Snapshot | None = None
        self.mask_drop_late: list[str] = []
        self.zombie_actions: list[tuple[Order, Order]] = []   # (the Лич's signal, its command)

    # ------------------------------------------------------------------------------------
    def run(self) -> list[ev.Event]:
        for code, step, _summary in night_steps(self.rulings):
            if self.state.game_over and code not in ("N23",):
                break
            step(self)
        return self.events

    # --- N0 ------------------------------------------------------------------------------
    def start_of_night(self) -> None:
        """N0: moon, Армия тьмы, the snapshot S0, Гон, cards acting tonight."""
        if self.rulings["dungeon_release"] == "start_of_next_night":
            for player in self.players():
                prison = player.prison
                if prison and not prison.for_life and prison.release_after.number < self.n:
                    player.prison = None
        if self.moon is Moon.NEW and self.rulings["army_timing"] == "night_start":
            self.army_of_darkness()
        players = self.state.players
        scope = self.rulings["sacrifice_count_scope"]
        demons_dead = sum(1 for p in players.values() if p.faction is Faction.DEMONS
                          and (p.dead or (scope == "d_on_graveyard_or_prison" and p.in_prison)))
        self.s0 = Snapshot(
            lives={n: p.lives for n, p in players.items()},
            lazaret={n: p.lazaret for n, p in players.items()},
            prison={n: p.in_prison for n, p in players.items()},
            dead={n: not p.alive for n, p in players.items()},
            demons_dead=demons_dead,
        )
        if not self.rulings["thrown_card_survives_master"]:
            # A33 (2) b: a thrown card needs its Мастер карт alive
            self.cards = [c for c in self.cards if not self.p(c.by).dead]
        self.create_hunt()
        self.bite_night_unlock = self.hunt_unlocked()
        if self.n == 1:
            # the «минус первый» day's morning is the start of the game (Король Червей, A69)
            self.state.mornings.setdefault(0, {n: _snapshot(p) for n, p in self.state.players.items()})

    def army_of_darkness(self) -> None:
        """«пока Лич не на Кладбище и не в Тюрьме, Зомби, Призрак и Некромант возрождаются
        каждое Новолуние с полным здоровьем. Действовать в ту же ночь они не могут.» (A39)"""
        if not any(p.secret_role == "Лич" and p.alive and not p.in_prison for p in self.players()):
            return
        for player in self.players():
            if player.secret_role not in ("Зомби", "Призрак", "Некромант") or player.left:
                continue
            if player.dead or self.rulings["army_heals_living"]:
                was_dead = player.dead
                player.dead = False
                player.lazaret = False
                player.prison = None
                player.lives = max(player.lives, self.max_lives(player))
                if was_dead:
                    player.revived_night = self.n
                    self.trace(f"{player.nick} возрождается (Армия тьмы)", "Армия тьмы")

    def create_hunt(self) -> None:
        """Гон: «если наутро после Укуса жертва осталась жива, следующей ночью Гончая
        автоматически проводит еще одну атаку (не Укус)» (A42)."""
        hunt, self.state.hunt = self.state.hunt, None
        if hunt is None or hunt.night != self.n - 1:
            return
        hound, victim = self.p(hunt.hound), self.p(hunt.victim)
        if hound.secret_role != "Гончая Ада" or hound.dead or hound.in_prison:
            return
        if victim.dead or (self.rulings["hunt_victim_alive"] == "not_on_graveyard_or_prison"
                           and victim.in_prison):
            return
        unlocked = self.hunt_unlocked() if self.rulings["hunt_unlock_check"] == "hunt_night" \
            else hunt.unlocked
        if not unlocked:
            return
        order = Order(by=hound.nick, ability="Гон", target=victim.nick)
        self.actions.append(Action(order, ability("Гон"), [victim.nick], auto=True,
                                   shielded=not self.rulings["hunt_blockable"]))
        self.trace(f"Гон: {hound.nick} снова атакует {victim.nick}", "Гон", hunt.order)

    def hunt_unlocked(self) -> bool:
        """«Если на Кладбище находятся либо Суккуб и Бес, либо Демонолог, открывается
        способность Гон»."""
        return (self.on_graveyard("Суккуб") and self.on_graveyard("Бес")) or self.on_graveyard("Демонолог")

    # --- N1 ------------------------------------------------------------------------------
    def anytime_orders(self) -> None:
        """N1: «в любой момент» orders written in this night resolve now, in list order,
        on the state at the start of the night (A24)."""
        if self.rulings["anytime_at_night"] != "immediate_on_start_state":
            return
        for order in list(self.orders):
            if order.ability not in ("Пророчество", "Раскрыть карты"):
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
        if spec.name == "Пророчество":
            self.prophecy(order)
        else:
            self.reveal_cards(order)

    # --- N2 ------------------------------------------------------------------------------
    def validate(self) -> None:
        """N2: refuse what the rules forbid now (§3.3); accepted orders spend their use."""
        signals = []
        for raw in self.orders:
            order, spec = self.shape(raw)
            if spec.name in ("Пророчество", "Раскрыть карты"):
                self.resolve_anytime(order)   # queued_with_night (A24 b)
                continue
            if spec.name == "Зомбирование" and order.signal:
                signals.append((order, spec))
                continue
            self.accept(order, spec)
        self.activate_cards()
        # A signalled zombie command is judged after the zombified player's own orders,
        # so the result does not depend on who wrote first; if it collides with one of
        # his own orders it cannot run, and the Лич is told only that it failed (§6.5).
        for order, spec in signals:
            self.zombie_signal(order, spec)

    def accept(self, order: Order, spec: AbilitySpec, *, on_behalf_of: str | None = None) -> bool:
        refused = self.night_refusal(order, spec)
        if refused:
            if on_behalf_of is None:
                self.reject(order, *refused)
            return False
        if spec.when.value == "trigger":
            self.standing[(order.by, spec.name)] = order
            return True
        self.spend(order, spec)
        if spec.name == "Кинуть карты":   # the «минус первый» day throw (A65)
            self.throw(order, acts_in_night=self.n)
            self.cards = [c for c in self.state.thrown if c.night == self.n]
            return True
        targets = list(order.all_targets)
        self.actions.append(Action(order, spec, targets, seq=len(self.actions) + 1))
        return True

    def night_refusal(self, order: Order, spec: AbilitySpec):
        minus_first_day = spec.name == "Кинуть карты"   # judged below (A65)
        refused = self.refusal(order, spec, snapshot=self.s0, skip_phase=minus_first_day)
        if refused:
            return refused
        user = self.p(order.by)
        mine = [a for a in self.actions if a.user == user.nick and not a.auto]
        group = ONE_ACTION_PER_NIGHT.get(user.secret_role, frozenset())
        if (self.rulings["one_action_per_night"] and spec.name in group
                and any(a.name in group for a in mine)):
            return Reason.ONE_ACTION_PER_NIGHT, None
        pair = {"Аутодафе", "Обвинение в ведьмовстве"}
        if spec.name in pair and any(a.name in pair - {spec.name} for a in mine):
            return Reason.SAME_NIGHT_AS_AUTODAFE, None
        if spec.name == "Зомбирование":
            reason = self.command_refusal(order)
            if reason:
                return reason, None
        if spec.name == "Кинуть карты":
            if self.n != 1 or self.rulings["minus_first_day_throw"] != "night1_orders":
                return Reason.WRONG_PHASE, None
            return self.throw_refusal(order)
        if spec.name == "Тасовать карты":
            return self.shuffle_refusal(order)
        if spec.name == "Влияние":
            controlled, vote_target = order.targets
            if controlled == order.by or vote_target == controlled:
                return Reason.TARGET_SELF, controlled
            last = self.state.influence_log.get(order.by)
            if last and last[0] == controlled and (
                    self.rulings["influence_repeat"] == "consecutive_uses" or last[1] == self.n - 1):
                return Reason.TARGET_REPEATED, controlled
        if spec.name == "На страже" and order.target == order.by \
                and self.rulings["guard_self"] == "rejected":
            return Reason.TARGET_SELF, order.target
        if spec.name == "Переливание жизни" and order.target == order.by \
                and self.rulings["transfusion_self"] == "rejected":
            return Reason.TARGET_SELF, order.target
        return None

    def activate_cards(self) -> None:
        """Cards acting from tonight for the rest of the game (after the day −1 throw,
        which is an order of this night): Туз Крестей «до конца игры»."""
        for card in self.cards:
            if card.acts_as == "Туз Крестей":
                self.state.paranoia.append((card.by, card.targets[0]))

    def zombie_signal(self, order: Order, spec: AbilitySpec) -> None:
        """The Лич's signal: the command runs as the zombified player's night order (§6.5)."""
        refused = self.refusal(order, spec, snapshot=self.s0)
        if refused:
            self.reject(order, *refused)
            return
        if self.state.zombie is None or self.state.zombie.lich != order.by:
            self.reject(order, Reason.INVALID_COMMAND)
            return
        if self.state.zombie.fired:
            self.reject(order, Reason.USED_UP)
            return
        command = self.zombie_order(order)
        accepted = False
        if command is not None and command.target is not None:
            try:
                command, cmd_spec = self.shape(command)
                accepted = self.accept(command, cmd_spec, on_behalf_of=order.by)
            except Exception:   # a command that cannot even be read cannot run
                accepted = False
        if accepted:
            self.zombie_actions.append((order, command))
            self.trace(f"приказ зомби выполняется: {command}", "Зомбирование", order)
        else:
            self.zombie_failed(order.by, order)

    def shuffle_refusal(self, order: Order):
        """Тасовать карты: four cards from the deck, the hand returned to it (A64)."""
        deck = [c for c in CARDS if c not in self.state.used_cards]
        if self.rulings["shuffle_from_deck"] == "full_deck":
            deck = list(CARDS)
        if len(set(order.cards)) != len(order.cards) or len(order.cards) != min(4, len(deck)):
            return Reason.CARD_TARGET, None   # «выбирает любые четыре из оставшихся в колоде» (A64)
        if any(c not in deck for c in order.cards):
            return Reason.NOT_IN_HAND, None
        return None

    # --- N3 / N4 --------------------------------------------------------------------------
    def blocks_and_redirects(self) -> None:
        """N4: Валет Крестей; Дама Червей; Чары against the Суккуб; Очарование; Чары."""
        for card in self.cards_as("Валет Крестей"):
            # «Валет блокирует атаки прежде каких-либо способностей ролей.»
            for action in self.actions_of(card.targets[0]):
                if action.spec.is_attack and not action.shielded:
                    action.blocked = True
                    self.trace(f"{action.name} игрока {action.user} заблокирована Валетом Крестей",
                               "Валет Крестей", card.order, action.order)
        if self.rulings["redirect_precedence"] == "cards_then_charm":
            self.queen_of_hearts()
            self.charm()
        else:
            self.charm()
            self.queen_of_hearts()
        self.chary()
        if self.rulings["prison_starts"] == "immediate":
            self.jail_now()
        if not self.rulings["night_victims_act"]:
            self.victims_do_not_act()
        self.drop_masks()

    def queen_of_hearts(self) -> None:
        """Дама Червей: «все ночные действия … (за исключением атак) перенаправляются на
        Мастера карт (включая проверки роли и анонимные сообщения)»."""
        for card in self.cards_as("Дама Червей"):
            for action in self.actions_of(card.targets[0]):
                if not action.spec.is_attack and action.targets:
                    self.redirect(action, card.by, "Дама Червей", card.order)

    def charm(self) -> None:
        """Очарование: «все его действия в эту ночь перенаправляются на выбранного Суккубом
        человека (включая проверки роли и анонимные сообщения)» (A44)."""
        if self.rulings["chary_beats_charm"]:
            for chary in self.live_actions("Чары"):
                target = self.p(chary.targets[0])
                if target.secret_role == "Суккуб":   # N4c: Чары wins (A45)
                    for action in self.actions_of(target.nick):
                        action.void = True
        for charm in self.live_actions("Очарование"):
            charmed, destination = charm.targets[0], charm.targets[1]
            for action in self.actions_of(charmed):
                if action is not charm and action.targets:
                    self.redirect(action, destination, "Очарование", charm.order)

    def chary(self) -> None:
        """Чары: «В эту ночь тот не применяет свои способности, но не знает этого.»"""
        for chary in self.live_actions("Чары"):
            for action in self.actions_of(chary.targets[0]):
                if action is not chary and not action.shielded:
                    action.void = True
                    self.trace(f"{action.name} игрока {action.user} не применяется (Чары)",
                               "Чары", chary.order, action.order)

    def jail_now(self) -> None:
        """`prison_starts: immediate` (A71 b): Арест / Темница act before the target's
        own orders, which are void unless their ability survives Тюрьма (Т)."""
        for jail in self.live_actions("Арест") + self.live_actions("Темница"):
            for action in self.actions_of(jail.targets[0]):
                if action is not jail and "Т" not in action.spec.keeps:
                    action.void = True

    def victims_do_not_act(self) -> None:
        """`night_victims_act: false` (A70 b): a player burnt by Аутодафе or jailed tonight
        does not act tonight. (Deaths by damage are known only at the end of the night;
        a Порча victim's attacks are stopped at N11.)"""
        for fate in self.live_actions("Аутодафе") + self.live_actions("Арест") + self.live_actions("Темница"):
            for action in self.actions_of(fate.targets[0]):
                if action is not fate:
                    action.void = True
                    self.trace(f"{action.name} игрока {action.user} не применяется: он выбывает этой ночью",
                               fate.name, fate.order, action.order)

    def redirect(self, action: Action, to: str, rule: str, cause: Order | None) -> None:
        if action.shielded:
            return
        if self.rulings["redirect_replaces"] == "all_targets":
            action.targets = [to for _ in action.targets]
        else:
            action.targets[0] = to
        self.trace(f"{action.name} игрока {action.user} перенаправлена на {to} ({rule})",
                   rule, cause, action.order)
        if not self.rulings["redirect_ignores_restrictions"] and to == action.user \
                and action.spec.target.value in ("other", "two_free", "dead"):
            action.failed = True   # A44 (3) b: a redirect onto oneself fizzles
        if not self.p(to).alive:
            action.failed = True   # «a redirect onto a dead player makes it fizzle» (A44 3)

    def drop_masks(self) -> None:
        """N3: «Применение любых других способностей Тайной роли снимет маску» (A31)."""
        for action in self.actions:
            user = self.p(action.user)
            if (user.secret_role == "Инквизитор" and user.mask and action.live
                    and action.spec.kind is RoleKind.SECRET):
                if self.rulings["inquisitor_mask_drop"] == "same_night":
                    user.mask = None
                else:
                    self.mask_drop_late.append(user.nick)

    # --- N5 ------------------------------------------------------------------------------
    def self_conditions(self) -> None:
        """N5: Укус and Касание смерти fail on their own conditions (A38, A42)."""
        for bite in [a for a in self.actions if a.name == "Укус" and a.live]:
            chosen = {bite.order.target}
            if not self.rulings["redirect_ignores_restrictions"]:
                chosen.add(bite.targets[0])   # A44 (3) b: the rule holds on the new target too
            for other in self.actions:
                if (other.user != bite.user and not other.auto
                        and self.p(other.user).faction is Faction.DEMONS
                        and chosen & set(other.order.all_targets)):
                    bite.failed = True
                    self.trace("Укус не сработал: цель уже выбирали другие Демоны",
                               "Укус", bite.order, other.order)
                    break
        for touch in [a for a in self.actions if a.name == "Касание смерти" and a.live]:
            target = touch.targets[0]
            for other in self.actions:
                if other is touch or other.void or not other.targets:
                    continue
                if self.p(other.user).faction is not Faction.UNDEAD:
                    continue
                if self.rulings["touch_restriction"] == "earlier_orders_only" and other.seq > touch.seq:
                    continue
                if target in other.targets:
                    touch.failed = True
                    self.trace(f"Касание смерти не сработало: {target} уже цель Нежити",
                               "Касание смерти", touch.order, other.order)
                    break
        for jealousy in self.live_actions("Ревность"):
            # «если на Кладбище находятся либо Бес и Гончая Ада, либо Демонолог»
            if not ((self.was_dead("Бес") and self.was_dead("Гончая Ада")) or self.was_dead("Демонолог")):
                jealousy.failed = True
                self.trace("Ревность недоступна: условие не выполнено", "Ревность", jealousy.order)

    def was_dead(self, role: str) -> bool:
        return any(p.secret_role == role and self.s0.dead[p.nick] for p in self.players())

    # --- N6 ------------------------------------------------------------------------------
    def build_attacks(self) -> None:
        """N6: one attack record per live attack order, rank and damage from §6.6."""
        cornered = (self.was_dead("Суккуб") and self.was_dead("Гончая Ада")) or self.was_dead("Демонолог")
        for action in self.actions:
            if not action.spec.is_attack or not action.live or not action.targets:
                continue
            rank, damage = action.spec.attack_rank, 1
            if action.name == "Пожирай":
                damage = 2
            elif action.name == "Sacrifice!":
                damage = self.s0.demons_dead
                if self.rulings["sacrifice_count_scope"] == "end_of_night":
                    damage = None   # counted at N13, after the night's other damage (A7 c)
            elif action.name == "Нападение" and cornered:
                rank, damage = 3, 2   # «Загнанный в угол … Нападение наносит две единицы урона»
            elif action.name == "Касание смерти":
                damage = None
            attack = Attack(action, rank, damage, action.targets[0])
            if action.blocked:
                attack.blocked_by = "Валет Крестей"
            self.attacks.append(attack)
        for attack in self.attacks:
            self.cancel(attack)
        for action in self.live_actions("Аутодафе"):
            # «Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.»
            self.killed[action.targets[0]] = ("Аутодафе", action.order)

    def cancel(self, attack: Attack) -> None:
        """N7: «Демоны не могут атаковать Лича и отменяют свои атаки по нему. Они знают, из-за
        чего была отменена атака.»; Aura of darkness likewise for the Нежить."""
        if not attack.live or attack.action.shielded:
            return
        recipient = self.p(attack.recipient)
        shield = GANG_LEADER_SHIELDS.get(recipient.secret_role)
        if shield is None or recipient.dead or recipient.left:
            return
        faction, code, name = shield
        if self.p(attack.attacker).faction is not faction:
            return
        if self.passives_off(recipient.nick):
            return
        attack.cancelled_by = name
        self.notice(attack.attacker, code, name, attack.action.order, about=recipient.nick)
        self.trace(f"{attack.name} игрока {attack.attacker} по {recipient.nick} отменена ({name})",
                   name, attack.action.order)

    def passives_off(self, nick: str) -> bool:
        """Чары and passives (A45 `chary_blocks_passives`)."""
        if not self.rulings["chary_blocks_passives"]:
            return False
        return any(a.targets and a.targets[0] == nick for a in self.live_actions("Чары"))

    # --- N8 – N10 ------------------------------------------------------------------------
    def master_transfers(self) -> None:
        """N8: «все нападения на Мастера карт "уходят" в защищаемую Вальтом цель»;
        «самая мощная атака на Мастера карт "уходит" в защищаемую Шестеркой цель»."""
        aegis = self.cards_as("Валет Бубен")
        shields = self.cards_as("Шестерка Бубен")
        for card in aegis:
            for attack in self.live_attacks_on(card.by):
                self.move(attack, card.targets[0], "aegis", "Валет Бубен", card.order)
        if aegis:
            return
        for card in shields:
            if card.targets[0] == card.by and self.rulings["shield_self"] == "protects":
                continue   # A83 b: on himself the Шестерка simply protects him (N10)
            strongest = self.strongest(self.live_attacks_on(card.by))
            if strongest:
                self.move(strongest, card.targets[0], "shield", "Шестерка Бубен", card.order)

    def guard_transfers(self) -> None:
        """N9: На страже: «принимая на себя все нападения на человека (получая урон весь
        вместо него)» (A34)."""
        guards: dict[str, list[Action]] = defaultdict(list)
        for action in self.live_actions("На страже"):
            guarded = action.targets[0]
            if guarded != action.user:    # guarding oneself does nothing (A34 3)
                guards[guarded].append(action)
        if not guards:
            return
        hops = 0
        while True:
            moved = False
            start = [(a, a.recipient) for a in self.attacks if a.live and not a.action.shielded]
            for guarded, posts in guards.items():
                on_guarded = [a for a, r in start if r == guarded and "guarded" not in a.flags]
                if self.rulings["guard_chain"] == "follow_chain":
                    on_guarded = [a for a, r in start if r == guarded and guarded not in a.flags]
                if self.rulings["guard_chain"] == "follow_chain":
                    # a chain stops before it returns to someone the attack already left
                    on_guarded = [a for a in on_guarded
                                  if not any(p.user in a.flags for p in posts)]
                if not on_guarded:
                    continue
                self.assign_to_guards(guarded, posts, on_guarded)
                moved = True
            hops += 1
            if self.rulings["guard_chain"] != "follow_chain" or not moved or hops > len(self.state.players):
                break

    def assign_to_guards(self, guarded: str, posts: list[Action], attacks: list[Attack]) -> None:
        mode = self.rulings["double_guard"]
        posts = sorted(posts, key=lambda a: self.state.order_index(a.user))
        if len(posts) > 1 and mode in ("chief_takes_all", "guard_takes_all"):
            wanted = "Начальник стражи" if mode == "chief_takes_all" else "Стражник"
            chosen = [a for a in posts if self.p(a.user).secret_role == wanted] or posts[:1]
            posts = chosen[:1]
        if len(posts) > 1 and mode == "both_take_all":
            for attack in list(attacks):
                for post in posts[1:]:
                    twin = Attack(attack.action, attack.rank, attack.damage, attack.recipient,
                                  set(attack.flags))
                    self.attacks.append(twin)
                    self.guard_move(twin, post, guarded)
                self.guard_move(attack, posts[0], guarded)
            return
        ordered = sorted(attacks, key=self.strength_key)
        for i, attack in enumerate(ordered):
            self.guard_move(attack, posts[i % len(posts)], guarded)

    def guard_move(self, attack: Attack, post: Action, guarded: str) -> None:
        attack.flags.add("guarded")
        attack.flags.add(guarded)
        self.move(attack, post.user, "guarded", "На страже", post.order)

    def move(self, attack: Attack, to: str, flag: str, rule: str, cause: Order | None) -> None:
        self.trace(f"{attack.name} игрока {attack.attacker} уходит с {attack.recipient} на {to} ({rule})",
                   rule, cause, attack.action.order)
        attack.recipient = to
        attack.flags.add(flag)
        self.cancel(attack)

    def card_protections(self) -> None:
        """N10: Валет Бубен «охраняет цель от любых нападений», Шестерка Бубен «защищает цель
        от самой мощной атаки»; attacks that came through them are not stopped."""
        for card in self.cards_as("Валет Бубен"):
            for attack in self.live_attacks_on(card.targets[0]):
                if "aegis" not in attack.flags:
                    attack.blocked_by = "Валет Бубен"
        for card in self.cards_as("Шестерка Бубен"):
            target = card.targets[0]
            if target == card.by:
                # A83: literally the strongest attack "уходит" to himself, unprotected
                protects = self.rulings["shield_self"] == "protects"
                candidates = self.live_attacks_on(target) if protects else []
            else:
                candidates = [a for a in self.live_attacks_on(target) if "shield" not in a.flags]
            strongest = self.strongest(candidates)
            if strongest:
                strongest.blocked_by = "Шестерка Бубен"

    # --- N11 -----------------------------------------------------------------------------
    def curses(self) -> None:
        """N11 Порча: «Если этой ночью персонажа кто-либо атакует (кроме самой Ведьмы), он
        умирает мгновенно, даже если атака была заблокирована способностями цели. Если
        атака была заблокирована/перенаправлена способностями другого человека, Порча не
        срабатывает.» (A37)"""
        for curse in self.live_actions("Порча"):
            cursed, witch = curse.targets[0], curse.user
            for attack in self.attacks:
                if attack.recipient != cursed or attack.attacker == witch:
                    continue
                own_cancel = (attack.cancelled_by is not None and attack.blocked_by is None
                              and self.rulings["curse_fires_on_faction_cancel"])
                # «даже если атака была заблокирована способностями цели»
                own_block = attack.blocked_by in ("Бестелесность", "Protective circle")
                if attack.live or own_cancel or own_block:
                    self.killed.setdefault(cursed, ("Порча", curse.order))
                    if not self.rulings["night_victims_act"]:
                        for own in self.attacks:
                            if own.attacker == cursed and own.live:
                                own.blocked_by = "Порча"
                    self.trace(f"Порча срабатывает: {cursed} атакован ({attack.name})", "Порча",
                               curse.order, attack.action.order)
                    break

    # --- N12 -----------------------------------------------------------------------------
    def own_defences(self) -> None:
        """N12: Бестелесность and Protective circle block the strongest attack."""
        for ghost in self.players():
            if ghost.secret_role != "Призрак" or not ghost.alive or ghost.in_prison:
                continue
            if self.passives_off(ghost.nick):
                continue
            strongest = self.strongest(self.live_attacks_on(ghost.nick))
            if strongest:   # «каждую ночь блокирует одну атаку … блокируется самая сильная»
                strongest.blocked_by = "Бестелесность"
                self.trace(f"Бестелесность блокирует {strongest.name} игрока {strongest.attacker}",
                           "Бестелесность", strongest.action.order)
        for demonologist in self.players():
            if demonologist.secret_role != "Демонолог" or not demonologist.alive \
                    or demonologist.in_prison or not self.circle_ready(demonologist):
                continue
            if self.passives_off(demonologist.nick):
                continue
            strongest = self.strongest(self.live_attacks_on(demonologist.nick))
            if strongest:   # «блокирует самую сильную атаку ночью, но после этого исчезает»
                strongest.blocked_by = "Protective circle"
                demonologist.circle_consumed_night = self.n
                self.notice(demonologist.nick, "circle_gone", "Protective circle")
                self.trace(f"Protective circle блокирует {strongest.name} игрока {strongest.attacker}",
                           "Protective circle", strongest.action.order)

    def circle_ready(self, player) -> bool:
        """«Восстанавливается через цикл ночей» (A19)."""
        consumed = player.circle_consumed_night
        if consumed is None:
            return True
        mode = self.rulings["circle_recharge_nights"]
        if mode == "next_cycle":
            return (self.n - 1) // 3 > (consumed - 1) // 3
        return self.n >= consumed + int(mode)

    # --- N13 / N14 -----------------------------------------------------------------------
    def deal_damage(self) -> None:
        """N13: attacks, Пытка, Переливание жизни, then Щит душ (A36)."""
        attack_damage: dict[str, int] = defaultdict(int)
        # Касание смерти last: under `touch_lazaret_check: after_damage` it looks at the
        # Лазарет after the other attacks of the night (A38 1).
        ordered = sorted((a for a in self.attacks if a.live),
                         key=lambda a: (a.name == "Sacrifice!", a.name == "Касание смерти"))
        for attack in ordered:
            amount = self.damage_of(attack)
            if attack.name == "Касание смерти" and amount == 0:
                # «иначе цель не может использовать способности Явной роли следующим днем
                # (и знает об этом)»
                self.touched.add(attack.recipient)
                self.notice(attack.recipient, "open_role_blocked", "Касание смерти",
                            attack.action.order, about=attack.recipient)
                continue
            self.add_damage(attack.recipient, amount, attack.name, attack.action.order)
            attack_damage[attack.recipient] += amount
        for torture in self.live_actions("Пытка"):
            self.add_damage(torture.targets[0], 1, "Пытка", torture.order)
        for transfusion in self.live_actions("Переливание жизни"):
            self.add_damage(transfusion.user, 1, "Переливание жизни", transfusion.order)
            self.heals[transfusion.targets[0]] += 1
        self.soul_shield(attack_damage)

    def damage_of(self, attack: Attack) -> int:
        if attack.damage is not None:
            return attack.damage
        if attack.name == "Sacrifice!":   # `sacrifice_count_scope: end_of_night`
            return self.s0.demons_dead + sum(
                1 for p in self.players()
                if p.faction is Faction.DEMONS and not self.s0.dead[p.nick]
                and (p.nick in self.killed or self.s0.lives[p.nick] - self.damage.get(p.nick, 0) <= 0))
        # Касание смерти: «если цель в Лазарете, наносит единицу урона» (A38)
        nick = attack.recipient
        if self.s0.lazaret.get(nick):
            return 1
        if self.rulings["touch_lazaret_check"] == "after_damage":
            return 1 if self.s0.lives[nick] - self.damage.get(nick, 0) == 1 else 0
        return 0

    def add_damage(self, nick: str, amount: int, source: str, order: Order | None) -> None:
        if amount <= 0:
            return
        self.damage[nick] += amount
        self.dealt_by[nick].append(source)
        if order is not None:
            self.damage_orders[nick].append(order)

    def soul_shield(self, attack_damage: dict[str, int]) -> None:
        """Щит душ: «блокирует единицу урона каждую ночь и наносит единицу урона тому, кто
        этой ночью сыграл самую сильную атаку по Личу»."""
        for lich in self.players():
            if lich.secret_role != "Лич" or self.s0.dead[lich.nick]:
                continue
            if self.s0.lazaret[lich.nick] or self.s0.prison[lich.nick] or self.passives_off(lich.nick):
                continue
            if self.damage[lich.nick] > 0:
                blockable = self.damage[lich.nick]
                if self.rulings["soul_shield_blocks"] == "attacks_only":
                    blockable = attack_damage.get(lich.nick, 0)
                if blockable > 0:
                    self.damage[lich.nick] -= 1
                    self.trace(f"Щит душ блокирует единицу урона по {lich.nick}", "Щит душ")
            landed = [a for a in self.attacks if a.live and a.recipient == lich.nick]
            if self.rulings["soul_shield_reflects_cancelled"]:
                landed = [a for a in self.attacks
                          if a.recipient == lich.nick or a.action.order.target == lich.nick]
            strongest = self.strongest(landed, live_only=False)
            if strongest and strongest.attacker != lich.nick:
                self.add_damage(strongest.attacker, 1, "Щит душ", strongest.action.order)
                self.trace(f"Щит душ наносит единицу урона {strongest.attacker}", "Щит душ",
                           strongest.action.order)

    def apply_lives(self) -> None:
        """N14: «lives −= damage; then heals, each capped at max» (A74); Регенерация."""
        if self.moon is Moon.FULL:
            for wolf in self.players():
                # «Регенерация - каждое Полнолуние восстанавливает одну жизнь.»
                if wolf.open_role == "Оборотень" and wolf.alive and not wolf.in_prison:
                    self.heals[wolf.nick] += 1
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

    # --- N15 – N16 -----------------------------------------------------------------------
    def swap_lives(self, after_deaths: bool = False) -> None:
        """N15 Валет Пик: «В конце ночи количество жизней целей меняется местами (новое
        здоровье может быть выше максимума)» (A75); under `swap_before_death: false` after
        the deaths, between the living only."""
        if after_deaths == self.rulings["swap_before_death"]:
            return
        for card in self.cards_as("Валет Пик"):
            a, b = (self.p(n) for n in card.targets)
            if a.nick in self.killed or b.nick in self.killed or not (a.alive and b.alive):
                continue
            for loser, winner in ((a, b), (b, a)):
                if winner.lives < loser.lives:   # it took lives from `loser` (A61: cards count)
                    self.dealt_by[loser.nick].append("Валет Пик")
            a.lives, b.lives = b.lives, a.lives
            for player in (a, b):
                if card.order is not None:
                    self.damage_orders[player.nick].append(card.order)
            self.trace(f"Валет Пик меняет жизни {a.nick} и {b.nick}", "Валет Пик", card.order)

    def fight_and_doom(self) -> None:
        """N16: Четверка Крестей «если к концу ночи у цели осталось больше одной жизни, то
        теряет все жизни, кроме одной»; Двойка Червей «Если к концу ночи у цели осталась
        единица здоровья, она умирает.» (A76)"""
        fights = self.cards_as("Четверка Крестей")
        dooms = self.cards_as("Двойка Червей")
        lives = {n: p.lives for n, p in self.state.players.items()}
        sequential = self.rulings["gryznya_rok"] == "sequential_deck_order"
        for card in fights:
            player = self.p(card.targets[0])
            if player.alive and player.lives > 1:
                player.lives = 1
                self.dealt_by[player.nick].append("Четверка Крестей")
        for card in dooms:
            player = self.p(card.targets[0])
            seen = player.lives if sequential else lives[player.nick]
            if player.alive and seen == 1:
                self.killed.setdefault(player.nick, ("Двойка Червей", card.order))

    # --- N17 – N19 -----------------------------------------------------------------------
    def deaths(self) -> None:
        """N17: dying = lives ≤ 0 plus the killed; a Шулер saves (A77)."""
        for player in self.players():
            if player.alive and (player.lives <= 0 or player.nick in self.killed):
                self.dying.add(player.nick)
        for nick in sorted(self.dying, key=self.state.order_index):
            killer = self.killed.get(nick, (None, None))[0]
            if killer == "Аутодафе":
                continue   # «Не спасает ничего.»
            if killer == "Порча" and not self.rulings["curse_kill_shuler_saves"]:
                continue
            window = self.shuler_window(nick)
            if window is None:
                continue
            player = self.p(nick)
            player.shuler.remove(window)
            player.lives = 1
            self.killed.pop(nick, None)
            self.dying.discard(nick)
            self.trace(f"{window.card} спасает {nick}: вместо смерти остаётся одна жизнь", window.card)

    def devour(self) -> None:
        """N18 Пожирай: «Если та умирает, Тварь восстанавливает себе единицу здоровья и может
        сменить маску … (наутро объявится, что жертва была той роли, которая ранее была
        маской Твари)» (A32)."""
        for attack in self.attacks:
            if attack.name != "Пожирай" or not attack.live or attack.recipient not in self.dying:
                continue
            beast = self.p(attack.attacker)
            if beast.secret_role != "Тварь":
                continue
            if beast.lives < self.max_lives(beast):
                beast.lives += 1
            if (beast.nick in self.dying and beast.lives > 0 and beast.nick not in self.killed
                    and self.rulings["devour_heal_saves_tvar"]):
                self.dying.discard(beast.nick)
            wants = attack.action.order.swap_mask or self.rulings["devour_mask_swap_default"]
            victim = self.p(attack.recipient)
            if wants and beast.mask:
                self.reveal_as[victim.nick] = beast.mask
                beast.mask = victim.secret_role
                self.trace(f"Тварь {beast.nick} меняет маску на {victim.secret_role}", "Пожирай",
                           attack.action.order)

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
        self.resummon()
        if not self.rulings["swap_before_death"]:
            self.swap_lives(after_deaths=True)

    def killers_of(self, nick: str, killer: str | None) -> list[str]:
        """Расследование's answer: what dealt damage, then what killed outright (A61)."""
        ranks = {a.name: a.rank for a in self.attacks}
        damaging = sorted(dict.fromkeys(self.dealt_by.get(nick, [])),
                          key=lambda name: (ranks.get(name, 99), _registry_index(name)))
        if self.rulings["investigation_lists"] == "all_applied":
            applied = [a.name for a in self.actions if nick in a.targets and a.live]
            damaging = list(dict.fromkeys(damaging + applied))
        if killer and killer not in damaging:
            damaging.append(killer)
        return damaging

    def resummon(self) -> None:
        """Sacrifice!: «Если к концу ночи цель умирает, Демонолог может перепризвать любого из
        демонов, восстанавливая ему здоровье до максимума и снимая все статусы.» (A41)"""
        for action in self.live_actions("Sacrifice!"):
            if not action.order.resummon or action.targets[0] not in self.dying:
                continue
            demonologist = self.p(action.user)
            if demonologist.dead:
                continue
            demon = self.p(action.order.resummon)
            allowed = ("Бес", "Суккуб", "Гончая Ада")
            if self.rulings["resummon_scope"] == "any_demon":
                allowed += ("Демонолог",)
            if demon.secret_role not in allowed or demon.left:
                self.trace(f"перепризыв невозможен: {demon.nick}", "Sacrifice!", action.order)
                continue
            demon.dead = False
            demon.prison = None
            demon.lazaret = False
            demon.lives = self.max_lives(demon)
            if not self.rulings["resummon_acts_next_night"]:
                demon.revived_night = self.n + 1
            self.trace(f"Демонолог перепризывает {demon.nick}", "Sacrifice!", action.order)

    # --- N20 -----------------------------------------------------------------------------
    def statuses(self) -> None:
        """N20: Арест and Темница (A71, A72), Король Червей (A69), thresholds."""
        for action in self.live_actions("Арест"):
            target = self.p(action.targets[0])
            if target.alive:   # «отправить любого персонажа в Тюрьму пожизненно»
                target.prison = Prison(for_life=True)
                self.after_removal(target.nick, by_arrest=True)
        for action in self.live_actions("Темница"):
            target = self.p(action.targets[0])
            if target.alive and not (target.prison and target.prison.for_life):
                # «отправляет человека в Тюрьму на полтора дня (день, ночь, день)»
                target.prison = Prison(for_life=False,
                                       release_after=PhaseId(self.n + 1, PhaseKind.DAY))
        if self.rulings["army_timing"] == "morning_after" and self.moon is Moon.NEW:
            self.army_of_darkness()
        self.shift_states()
        self.thresholds()

    def shift_states(self) -> None:
        """Король Червей: «утром состояние (уровень здоровья и статусы) цели откатывается к
        тому, что было прошлым утром. Следующим утром цель возвращается к тому состоянию,
        в котором была в конце ночи до действия карты.» (A69)"""
        for shift in list(self.state.shifts):
            if shift.restore_at_night != self.n:
                continue
            self.state.shifts.remove(shift)
            target = self.p(shift.target)
            if target.dead and self.rulings["shift_window_death_final"]:
                continue
            if self.rulings["shift_semantics"] == "add_changes" and not target.dead:
                # A69 b: what happened in between is added on top of S1
                saved = dict(shift.saved)
                saved["lives"] += target.lives - shift.rolled_lives
                if target.prison != shift.rolled_prison:
                    saved["prison"] = target.prison
                _restore(target, saved)
                if target.lives <= 0:
                    self.bury(target.nick, "Король Червей", ["Король Червей"], [shift.order], lives=target.lives)
                continue
            _restore(target, shift.saved)
            self.trace(f"Король Червей: {target.nick} возвращается в прежнее состояние",
                       "Король Червей", shift.order)
        for card in self.cards_as("Король Червей"):
            target = self.p(card.targets[0])
            if target.nick in self.dying and not self.rulings["shift_undoes_death"]:
                continue
            morning = self.state.mornings.get(self.n - 1, {}).get(target.nick)
            if morning is None:
                continue
            saved = _snapshot(target)
            if target.dead and self.rulings["shift_undoes_death"]:
                target.dead = False
            _restore(target, morning)
            self.state.shifts.append(Shift(target.nick, self.n + 1, saved, card.order,
                                           rolled_lives=target.lives, rolled_prison=target.prison))
            self.trace(f"Король Червей откатывает {target.nick} к прошлому утру",
                       "Король Червей", card.order)

    # --- N21 -----------------------------------------------------------------------------
    def information(self) -> None:
        """N21: what each player learns this morning, on the final state."""
        for action in self.actions:
            handler = INFO_HANDLERS.get(action.name)
            if handler:
                handler(self, action)
        self.card_information()
        self.pigeons()
        for nick in self.mask_drop_late:
            self.p(nick).mask = None

    def horoscope(self, action: Action) -> None:
        """«Если ночью тот использовал способности Тайной роли, Астролог узнает его Тайную
        роль.» (A46)"""
        if not action.live:
            return
        target = action.targets[0]
        mode = self.rulings["horoscope_counts"]
        used = [a for a in self.actions if a.user == target and a.spec.kind is RoleKind.SECRET
                and not a.void]
        if mode == "effective_only":
            used = [a for a in used if a.live and not a.blocked]
        if used or (mode == "including_passives" and self.used_passive(target)):
            self.learn(action.user, "Составить гороскоп", action.order, about=target,
                       secret=self.apparent(target))

    def used_passive(self, nick: str) -> bool:
        blockers = {"Бестелесность", "Protective circle", "Без души", "Aura of darkness"}
        return any(a.blocked_by in blockers or a.cancelled_by in blockers
                   for a in self.attacks if a.recipient == nick)

    def confession(self, action: Action) -> None:
        """Исповедь: the priest learns the target's role, the target the priest's (A50)."""
        target = action.targets[0]
        if action.void:
            self.learn(action.user, "Исповедь (§9: не сработала)", action.order, about=target,
                       secret=CIVILIAN)
            if self.rulings["confession_fail_target_learns"] == "priest_role":
                self.learn(target, "Исповедь", action.order, about=action.user,
                           secret=self.apparent(action.user))
            return
        self.learn(action.user, "Исповедь", action.order, about=target, secret=self.apparent(target))
        self.learn(target, "Исповедь", action.order, about=action.user,
                   secret=self.apparent(action.user))

    def watch(self, action: Action) -> None:
        """Дозор: «узнает, кто применял на этого персонажа какие-либо ночные способности, но не
        узнает, какие именно» (A47)."""
        target = action.targets[0]
        visitors: list[str] = []
        if action.live:
            for other in self.actions:
                if other is action or other.void or other.user == action.user:
                    continue   # «кто применял»: accepted, non-void orders (A47)
                if other.name == "Голубиная почта" and not self.rulings["watch_counts_pigeon"]:
                    continue
                if target in other.targets and other.user not in visitors:
                    visitors.append(other.user)
            if self.rulings["watch_counts_cards"]:
                for card in self.cards:
                    if target in card.targets and card.by not in visitors:
                        visitors.append(card.by)
        visitors.sort(key=self.state.order_index)
        self.learn(action.user, "Дозор", action.order, about=target, visitors=visitors)

    def inquiry(self, action: Action) -> None:
        """Дознание: «сравнить, на одной ли стороне они находятся»; when it fails, both are
        treated as Мирный житель (§9) → same side."""
        first, second = action.targets[0], action.targets[1]
        same = True if not action.live else self.same_side(first, second)
        self.learn(action.user, "Дознание", action.order, about=[first, second], same_side=same)

    def torture(self, action: Action) -> None:
        """Пытка: «если наутро она не умирает, узнает её Тайную роль» (A49)."""
        target = action.targets[0]
        if action.void:
            if self.rulings["torture_fail_reports_civilian"]:
                self.learn(action.user, "Пытка (§9: не сработала)", action.order, about=target,
                           secret=CIVILIAN)
            return
        if not self.p(target).dead:
            self.learn(action.user, "Пытка", action.order, about=target, secret=self.apparent(target))

    def night_investigation(self, action: Action) -> None:
        if action.void:
            self.learn(action.user, "Расследование (§9: не сработало)", action.order,
                       about=action.targets[0], killed_by=[])
            return
        self.investigation(action.order.with_target(action.targets[0]))

    def card_information(self) -> None:
        """Тройка Бубен, Четверка Бубен, the bonus reveals, Туз Крестей on the Тварь."""
        for card in self.cards:
            target = self.p(card.targets[0])
            master = card.by
            if card.acts_as == "Тройка Бубен":
                used = [a.name for a in self.actions if a.live and target.nick in a.targets
                        and a.spec.kind is not RoleKind.COMMON]
                self.learn(master, "Тройка Бубен", card.order, about=target.nick,
                           abilities=sorted(set(used), key=_registry_index))
            if card.acts_as == "Четверка Бубен":
                answer = self.apparent(target.nick) in card.roles
                self.learn(master, "Четверка Бубен", card.order, about=target.nick, answer=answer)
            if card.acts_as == "Туз Крестей" and target.secret_role == "Тварь":
                if self.rulings["paranoia_tvar_clause"] == "tvar_benefits":
                    self.learn(target.nick, "Туз Крестей", card.order, about=master,
                               open=self.p(master).shown_open_role())
                else:   # A4 b: «Твари» read as «Мастеру»: the bonus of the other cards
                    self.learn(master, "Туз Крестей: бонус", card.order, about=target.nick,
                               secret=self.apparent(target.nick))
            self.card_bonus(card)

    def card_bonus(self, card) -> None:
        if self.rulings["card_bonus_timing"] == "acting_night":
            self.card_bonus_now(card)

    def pigeons(self) -> None:
        """Голубиная почта: the message reaches its (possibly redirected) recipient without
        a sender; Туз Крестей shows the Мастер карт all mail of its target."""
        for action in self.live_actions("Голубиная почта"):
            recipient = action.targets[0]
            if self.s0.dead.get(recipient):
                continue   # redirected onto someone already dead: fizzles (A44 3)
            self.learn(recipient, "Голубиная почта", action.order, message=action.order.text)
            for master, watched in self.state.paranoia:
                if watched in (action.user, recipient) and self.p(master).alive:
                    self.emit(ev.Learned(str(self.phase), self.cause("Туз Крестей", action.order),
                                         master, ev.fact(**{"from": action.user, "about": recipient,
                                                            "message": action.order.text})))

    # --- N22 -----------------------------------------------------------------------------
    def next_day(self) -> None:
        """N22: what holds on the next day; Гон; Туз Бубен; Лицо толпы; the zombie implant."""
        marks = DayMarks(day=self.n)
        for action in self.live_actions("Кража"):
            marks.robbed.add(action.targets[0])   # «Следующим днем она не может … голосовать»
        marks.touched |= self.touched
        for action in self.live_actions("Обвинение в ведьмовстве"):
            marks.accused[action.targets[0]] = action.user
        for action in self.live_actions("Влияние"):
            # `influence_phase: any`: a night Влияние dictates the vote of the coming day
            controlled, vote_target = action.targets[0], action.targets[1]
            marks.influence[controlled] = (vote_target, action.user, action.order)
            self.state.influence_log[action.user] = (controlled, self.n)
        self.state.marks = marks
        for card in self.cards_as("Туз Бубен"):
            self.p(card.targets[0]).silenced = True   # «до конца игры» (A81)
        for action in self.live_actions("Зомбирование"):
            if not action.order.signal:
                self.implant(action.order, action.targets[0])
        for bite in self.live_actions("Укус"):
            victim = self.p(bite.targets[0])
            if victim.alive:
                self.state.hunt = Hunt(bite.user, victim.nick, self.n, bite.order,
                                       unlocked=self.bite_night_unlock)
        for action in self.actions:
            user = self.p(action.user)
            if user.secret_role == "Инквизитор" and action.spec.kind is RoleKind.SECRET \
                    and not action.void:
                # «о применении всех способностей Тайной роли Инквизитора публично
                # объявляется следующим утром» (A78)
                by = action.user if self.rulings["face_of_crowd_names_user"] else None
                self.announce(action.name, "Лицо толпы", action.order, by=by,
                              target=action.targets[0] if action.targets else None)
        for action in self.actions:
            if not action.void and not action.auto and not (
                    self.p(action.user).secret_role == "Инквизитор" and action.spec.kind is RoleKind.SECRET):
                self.announce_unstated(action.order, action.spec,
                                       action.targets[0] if action.targets else None)
        for signal, command in self.zombie_actions:
            action = next((a for a in self.actions if a.order is command), None)
            if action is None or not action.live:
                # «Лич узнает о несрабатывании приказа, но не может знать, по какой причине.»
                self.zombie_failed(signal.by, signal)
            elif not action.spec.public and action.name != "Голосование":
                # A66 (5): the action itself is public when executed
                self.announce(action.name, "Зомбирование: приказ выполнен", command,
                              target=action.targets[0] if action.targets else None)
        for action in self.live_actions("Тасовать карты"):
            master = self.p(action.user)
            master.hand = list(action.order.cards)
        self.state.thrown = [c for c in self.state.thrown if c.night > self.n]
        for nick in list(self.state.players):
            player = self.p(nick)
            player.shuler = [w for w in player.shuler if max(w.phases) > self.phase]

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


_REGISTRY_ORDER = {spec.name: i for i, spec in enumerate(ABILITIES)}


def _registry_index(name: str) -> int:
    """A stable order for lists of ability names (the registry's)."""
    return _REGISTRY_ORDER.get(name, len(_REGISTRY_ORDER))


def _snapshot(player) -> dict:
    return {"lives": player.lives, "lazaret": player.lazaret, "prison": player.prison,
            "dead": player.dead}


def _restore(player, saved: dict) -> None:
    """«уровень здоровья и статусы»: lives, Лазарет, Тюрьма and the Кладбище."""
    player.lives = saved["lives"]
    player.lazaret = saved["lazaret"]
    player.prison = saved["prison"]
    player.dead = saved.get("dead", False)


INFO_HANDLERS: dict[str, Callable[[Night, Action], None]] = {
    "Составить гороскоп": Night.horoscope,
    "Исповедь": Night.confession,
    "Дозор": Night.watch,
    "Дознание": Night.inquiry,
    "Пытка": Night.torture,
    "Расследование": Night.night_investigation,
}

# The one precedence table of the night (SPEC.md §7). N3 (mask drop) is evaluated
# at the end of N4, as the spec says ("evaluated after N4").
NIGHT_STEPS: tuple[tuple[str, Callable[[Night], None], str], ...] = (
    ("N0", Night.start_of_night, "moon, Армия тьмы, snapshot S0, Гон, cards acting tonight"),
    ("N1", Night.anytime_orders, "«в любой момент» orders on the start-of-night state"),
    ("N2", Night.validate, "refuse forbidden orders (§3.3); spend uses"),
    ("N4", Night.blocks_and_redirects, "Валет Крестей, Дама Червей, Чары vs Суккуб, Очарование, Чары; N3 masks"),
    ("N5", Night.self_conditions, "Укус and Касание смерти conditions"),
    ("N6", Night.build_attacks, "attack records; N7 Без души / Aura cancellations"),
    ("N8", Night.master_transfers, "Валет Бубен / Шестерка Бубен transfers from the Мастер карт"),
    ("N9", Night.guard_transfers, "На страже"),
    ("N10", Night.card_protections, "Валет Бубен / Шестерка Бубен protections"),
    ("N11", Night.curses, "Порча"),
    ("N12", Night.own_defences, "Бестелесность, Protective circle"),
    ("N13", Night.deal_damage, "damage, Пытка, Переливание жизни, Щит душ"),
    ("N14", Night.apply_lives, "lives − damage, then heals; Регенерация"),
    ("N15", Night.swap_lives, "Валет Пик"),
    ("N16", Night.fight_and_doom, "Четверка Крестей, Двойка Червей"),
    ("N17", Night.deaths, "who dies; Шулер"),
    ("N18", Night.devour, "Пожирай heal and mask"),
    ("N19", Night.bury_the_dead, "Кладбище, reveals, triggers, Sacrifice! resummon"),
    ("N20", Night.statuses, "Арест, Темница, Король Червей, thresholds"),
    ("N21", Night.information, "information results"),
    ("N22", Night.next_day, "marks for the next day, Гон, Лицо толпы"),
    ("N23", Night.win_check, "status announcements and the win check"),
)


# A73 `protection_order`: where several protections meet, the readings other than
# §7's order move the card protections (N10) or the own defences (N12) earlier.
PROTECTION_ORDERS: dict[str, tuple[str, ...]] = {
    "transfers_guards_cards_own_shield": ("N8", "N9", "N10", "N11", "N12"),
    "cards_before_guards": ("N8", "N10", "N9", "N11", "N12"),
    "own_defences_first": ("N12", "N8", "N9", "N10", "N11"),
}


def night_steps(rulings) -> tuple[tuple[str, Callable[[Night], None], str], ...]:
    order = PROTECTION_ORDERS[rulings["protection_order"]]
    by_code = {code: row for row in NIGHT_STEPS for code in [row[0]]}
    steps = [row for row in NIGHT_STEPS if row[0] not in order]
    at = next(i for i, row in enumerate(NIGHT_STEPS) if row[0] == "N8")
    return tuple(steps[:at] + [by_code[c] for c in order] + steps[at:])


def resolve_night(state: GameState, phase: PhaseId, orders: list[Order]) -> list[ev.Event]:
    """Resolve night `phase` on `state` (a working copy, changed in place)."""
    return Night(state, phase, list(orders)).run()
