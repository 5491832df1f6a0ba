"""What both resolvers share: the working state of one phase, validation of an
order, and the effects that happen the same way by day and by night (deaths and
their triggers, role checks, card throws, the Мастер карт's reveal).
"""
from __future__ import annotations

from typing import Iterable

from engine import events as ev
from engine.abilities import AbilitySpec, RoleKind, TargetRule, When, find_ability
from engine.names import CIVILIAN, Faction, canon_open_role
from engine.orders import Order, OrderError
from engine.phase import PhaseId, PhaseKind
from engine.reasons import Reason, message
from engine.state import (
    GameState, PlayerState, Puppet, ShulerWindow, ThrownCard, ZombieImplant,
    apparent_faction,
)
from engine.validate import (
    check_shape, holds_now, limit_refusal, max_lives, phase_refusal,
    status_refusal, target_refusal,
)
from engine.win import outcome

# Which card names which role with its bonus («Брошенная на X, позволяет Мастеру
# узнать его Тайную роль»); Туз Крестей has the Тварь clause instead (A4).
CARD_BONUS: dict[str, str] = {
    "Король Пик": "Лич", "Четверка Крестей": "Зомби", "Валет Крестей": "Призрак",
    "Валет Пик": "Некромант", "Король Червей": "Демонолог", "Двойка Червей": "Бес",
    "Дама Червей": "Суккуб", "Тройка Бубен": "Гончая Ада", "Валет Бубен": "Начальник стражи",
    "Шестерка Бубен": "Стражник", "Туз Бубен": "Инквизитор", "Четверка Бубен": "Дознаватель",
    "Пятерка Бубен": CIVILIAN, "Пятерка Крестей": CIVILIAN,
}
CARDS_NOT_ON_SELF = frozenset({"Король Червей", "Валет Бубен", "Туз Крестей"})


class PhaseContext:
    """The working copy of the state while one phase resolves, and its event list."""

    def __init__(self, state: GameState, phase: PhaseId):
        self.state = state
        self.phase = phase
        self.rulings = state.rulings
        self.events: list[ev.Event] = []
        # standing orders (A52): (nick, ability) -> order; Преемственность, Перерождение,
        # Божественное благословление under `blessing_auto: false`
        self.standing: dict[tuple[str, str], Order] = {}
        self.status_before = {n: self.status_of(p) for n, p in state.players.items()}

    def status_of(self, player: PlayerState) -> str:
        return player.status(self.rulings["status_precedence"]).value

    # --- events -------------------------------------------------------------------------
    def cause(self, rule: str, *orders: Order | None) -> ev.Cause:
        return ev.Cause(rule, tuple(o for o in orders if o is not None))

    def emit(self, event: ev.Event) -> None:
        self.events.append(event)

    def trace(self, text: str, rule: str = "", *orders: Order | None) -> None:
        self.emit(ev.Trace(str(self.phase), self.cause(rule or text, *orders), text))

    def learn(self, to: str, rule: str, order: Order | None = None, **fact) -> None:
        self.emit(ev.Learned(str(self.phase), self.cause(rule, order), to, ev.fact(**fact)))

    def notice(self, to: str, code: str, rule: str, order: Order | None = None,
               about: str | None = None) -> None:
        items = {"notice": code}
        if about is not None:
            items["about"] = about
        self.learn(to, rule, order, **items)

    def announce(self, ability_name: str, rule: str, order: Order | None = None,
                 by: str | None = None, target: str | None = None) -> None:
        self.emit(ev.Announced(str(self.phase), self.cause(rule, order), ability_name, by, target))

    def announce_unstated(self, order: Order, spec: AbilitySpec, target: str | None) -> None:
        """`unstated_publicity: public` (A21 b): abilities whose publicity the text does
        not state are announced (who, what, on whom)."""
        if (self.rulings["unstated_publicity"] == "public" and not spec.public
                and not spec.stated_secret and spec.kind is not RoleKind.COMMON):
            self.announce(spec.name, "A21 публичность", order, by=order.by, target=target)

    def reject(self, order: Order, reason: Reason, target: str | None = None) -> None:
        self.emit(ev.Rejected(str(self.phase), self.cause(f"§3.3 {reason.value}", order),
                              order, reason, message(reason, order.ability, target)))

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

    def refusal(self, order: Order, spec: AbilitySpec, *, snapshot=None,
                skip_limits: bool = False, skip_phase: bool = False) -> tuple[Reason, str | None] | None:
        """The §3.3 reason an order is refused now, or None (SPEC §7 N2, §8 D1)."""
        user = self.p(order.by)
        statuses = {} if snapshot is None else snapshot.statuses_of(user.nick)
        if spec.name == "Зомбирование" and order.signal and not self.rulings["zombie_signal_needs_usable"]:
            statuses = {}
        else:
            reason = status_refusal(user, spec, self.rulings, **statuses)
            if reason:
                return reason, None
        if not holds_now(user, spec):
            return Reason.ROLE_LOST, None
        if not skip_phase and spec.when is not When.TRIGGER \
                and not (spec.name == "Зомбирование" and order.signal):
            reason = phase_refusal(spec, self.phase, self.rulings)
            if reason:
                return reason, None
        if (self.phase.is_night and user.revived_night == self.phase.number
                and self.rulings["revived_act_next_night"]):
            return Reason.REVIVED_THIS_NIGHT, None
        if not skip_limits and spec.when is not When.TRIGGER and not order.signal:
            reason = limit_refusal(user, spec, self.phase, self.rulings)
            if reason:
                return reason, None
        return target_refusal(self.state, user, spec, order, self.rulings)

    def spend(self, order: Order, spec: AbilitySpec) -> None:
        self.p(order.by).uses_of(spec.name).append(self.phase)

    # --- information --------------------------------------------------------------------
    def apparent(self, nick: str) -> str:
        player = self.p(nick)
        if player.secret_role == "Инквизитор" and not self.rulings["inquiry_uses_mask"]:
            return player.secret_role
        return player.apparent_role()

    def same_side(self, a: str, b: str) -> bool:
        """Дознание: «на одной ли стороне они находятся» (A48)."""
        fa = apparent_faction(self.p(a)) if self.rulings["inquiry_uses_mask"] else self.p(a).faction
        fb = apparent_faction(self.p(b)) if self.rulings["inquiry_uses_mask"] else self.p(b).faction
        if fa is Faction.NEUTRAL and fb is Faction.NEUTRAL:
            return bool(self.rulings["inquiry_neutrals_same_side"])
        return fa is fb

    def prophecy(self, order: Order) -> None:
        """Пророчество: «в любой момент может узнать Тайную роль другого персонажа»."""
        self.learn(order.by, "Пророчество", order, about=order.target,
                   secret=self.apparent(order.target))

    def investigation(self, order: Order) -> None:
        """Расследование: «тайно узнавая способность, которая отправила персонажа на
        Кладбище» (A61); the use is public."""
        record = self.state.deaths.get(order.target)
        killed_by = list(record.killed_by) if record else []
        mode = self.rulings["investigation_lists"]
        if mode == "fatal_only" and killed_by:
            killed_by = killed_by[-1:]
        self.announce("Расследование", "Расследование (публично)", order, by=order.by,
                      target=order.target)
        self.learn(order.by, "Расследование", order, about=order.target, killed_by=killed_by)

    # --- deaths -------------------------------------------------------------------------
    def shuler_window(self, nick: str) -> ShulerWindow | None:
        """A Пятерка covering this phase: the night after the throw and that day (A77)."""
        for window in self.p(nick).shuler:
            if self.phase in window.phases:
                return window
        return None

    def bury(self, nick: str, rule: str, killed_by: Iterable[str], orders: Iterable[Order] = (),
             *, reveal_as: str | None = None, lives: int | None = None, triggers: bool = True) -> None:
        """«Как только персонаж попадает на Кладбище, его тайная роль публично раскрывается.»"""
        from engine.state import DeathRecord

        player = self.p(nick)
        orders = tuple(o for o in orders if o is not None)
        player.dead = True
        player.lazaret = False
        if lives is not None:
            player.lives = lives
        cause = ev.Cause(rule, orders)
        self.emit(ev.Died(str(self.phase), cause, nick))
        self.emit(ev.Revealed(str(self.phase), cause, nick, reveal_as or self.apparent(nick)))
        self.state.deaths[nick] = DeathRecord(self.phase, tuple(killed_by))
        if triggers:
            self.after_removal(nick, by_arrest=False)

    def after_removal(self, nick: str, *, by_arrest: bool) -> None:
        """Triggers at a death or an Арест (SPEC A52): Перерождение, Преемственность;
        Король Пик stops when the Мастер карт dies."""
        player = self.p(nick)
        if player.secret_role == "Лич":
            self._rebirth(player)
        if player.open_role == "Мэр":
            self._succession(player)
        if not by_arrest:
            self.state.puppets = [pp for pp in self.state.puppets if pp.master != nick]

    def _rebirth(self, lich: PlayerState) -> None:
        """Перерождение: «в случае смерти или посадки в Тюрьму пожизненно Лича может принять
        его роль в тот же момент» (A40)."""
        for heir in self.players():
            if heir.secret_role != "Некромант" or not heir.alive or heir is lich:
                continue
            standing = self.standing.get((heir.nick, "Перерождение"))
            wants = standing is not None
            if self.rulings["rebirth_requires_order"] and not wants:
                continue
            heir.secret_role = "Лич"
            heir.held_roles.add("Лич")
            heir.uses_of("Перерождение").append(self.phase)
            if self.rulings["rebirth_inherits_uses"]:
                for name in ("Зомбирование",):
                    heir.uses_of(name).extend(lich.uses.get(name, []))
                if self.state.zombie and self.state.zombie.lich == lich.nick:
                    self.state.zombie.lich = heir.nick
            elif self.state.zombie and self.state.zombie.lich == lich.nick:
                self.state.zombie = None
            self.cap_lives(heir)
            self.trace(f"{heir.nick} принимает роль Лича (Перерождение)", "Перерождение", standing)
            return

    def _succession(self, mayor: PlayerState) -> None:
        """Преемственность: «умирая или отправляясь в тюрьму бессрочно, может передать свою
        Явную роль любому другому человеку (тот теряет свою старую роль)» (A54)."""
        order = self.standing.get((mayor.nick, "Преемственность"))
        if order is None:
            return
        heir = self.p(order.target)
        if heir.dead or heir.left or heir.open_role == "Бунтарь" or (
                heir.in_prison and self.rulings["succession_heir"] == "living_not_prisoner"):
            self.trace(f"Преемственность не сработала: {heir.nick} не может стать Мэром",
                       "Преемственность", order)
            return
        old = heir.open_role
        heir.open_role = "Мэр"
        heir.held_roles.add("Мэр")
        heir.saved_votes = 0
        # «тот теряет свою старую роль»: with it, the uses of its abilities
        heir.uses = {k: v for k, v in heir.uses.items()
                     if getattr(find_ability(k), "kind", None) is not RoleKind.OPEN}
        mayor.open_role = None
        mayor.former_mayor = True
        mayor.uses_of("Преемственность").append(self.phase)
        self.cap_lives(heir)
        cause = self.cause("Преемственность", order)
        self.emit(ev.OpenRoleChanged(str(self.phase), cause, mayor.nick, "Мэр", "Мэр (бывший)"))
        self.emit(ev.OpenRoleChanged(str(self.phase), cause, heir.nick, old, "Мэр"))
        self.announce("Преемственность", "Преемственность", order, by=mayor.nick, target=heir.nick)

    def cap_lives(self, player: PlayerState) -> None:
        """After a change of roles the cap is the new maximum (A10 `heal_cap`)."""
        if self.rulings["heal_cap"] == "current_max":
            player.lives = min(player.lives, self.max_lives(player))

    # --- statuses -----------------------------------------------------------------------
    def thresholds(self) -> None:
        """«Если в конце фазы персонаж остается с одной жизнью, то он попадает в Лазарет»;
        Превзмогай; Божественное благословление (A51)."""
        for player in self.players():
            if not player.alive:
                continue
            if player.lives >= 2:
                player.lazaret = False
            elif player.lives == 1 and not player.lazaret:
                if player.secret_role == "Тварь":
                    continue   # «Превзмогай - Тварь не попадает в Лазарет.»
                robbed = (not self.phase.is_night and player.nick in self.state.marks.robbed
                          and self.rulings["theft_blocks"] == "open_incl_passives_and_vote")
                wants = self.rulings["blessing_auto"] or \
                    (player.nick, "Божественное благословление") in self.standing
                if (player.open_role == "Священник" and not player.blessing_used and not robbed
                        and wants and not player.in_prison):
                    player.blessing_used = True
                    player.uses_of("Божественное благословление").append(self.phase)
                    player.lives += 1
                    self.announce("Божественное благословление", "Божественное благословление",
                                  by=player.nick, target=player.nick)
                    continue
                player.lazaret = True

    def status_changes(self) -> None:
        """«Все случаи получения или потери любым персонажем любого их этих статусов
        объявляются публично»."""
        for nick, player in self.state.players.items():
            after = self.status_of(player)
            before = self.status_before[nick]
            if after != before:
                self.emit(ev.StatusChanged(str(self.phase), self.cause("§2.2 статусы"),
                                           nick, before, after))

    # --- the Мастер карт ------------------------------------------------------------------
    def reveal_cards(self, order: Order) -> None:
        """Раскрыть карты: «Если список верный, то Мастер карт единолично побеждает. В
        противном случае он покидает игру навсегда.» (A63)"""
        master = self.p(order.by)
        claimed = dict(order.reveal_list)
        scope = self.rulings["reveal_list_scope"]
        expected = {}
        for player in self.players():
            if player.nick == master.nick and scope != "all_players":
                continue
            if scope == "living_others" and not player.alive:
                continue
            expected[player.nick] = player.secret_role if self.rulings["reveal_real_roles"] \
                else self.apparent(player.nick)
        own = claimed.pop(master.nick, None)
        own_ok = own is None or own == master.secret_role
        if scope == "all_players":
            own_ok = own == master.secret_role
            expected.pop(master.nick, None)
        correct = own_ok and all(claimed.get(n) == r for n, r in expected.items()) \
            and set(claimed) <= set(expected)
        self.announce("Раскрыть карты", "Раскрыть карты", order, by=master.nick)
        beast = any(p.active and p.secret_role == "Тварь" for p in self.players())
        if correct and beast and self.rulings["irritate_blocks"] == "factions_and_master":
            # A32 (1) b: «пока Тварь жива … не могут победить» covers the Мастер карт too
            self.trace("Раскрыть карты: список верен, но Тварь жива (Раздражай)", "Раздражай", order)
            return
        if correct and (not master.in_prison or self.rulings["reveal_from_prison_wins"]):
            self.end_game(master.nick, "Раскрыть карты: список верен", order)
            return
        master.left = True
        cause = self.cause("Раскрыть карты: список неверен", order)
        self.emit(ev.Left(str(self.phase), cause, master.nick))
        self.emit(ev.Revealed(str(self.phase), cause, master.nick, master.secret_role))
        if self.rulings["failed_reveal_is_death"]:
            # «После смерти Мастер карт эффект спадает» (A63 3: leaving counts as death)
            self.state.puppets = [pp for pp in self.state.puppets if pp.master != master.nick]

    def throw_refusal(self, order: Order) -> tuple[Reason, str | None] | None:
        """Кинуть карты: the card must be in hand; each card's own target rule (§6.4)."""
        master = self.p(order.by)
        if order.card not in master.hand:
            return Reason.NOT_IN_HAND, None
        effect = order.as_card if order.card == "Джокер" else order.card
        if order.card == "Джокер" and (effect == "Джокер" or not self.rulings["joker_any_card"]
                                        and effect in master.hand):
            return Reason.CARD_TARGET, None   # A68 b: only a card not in the hand
        targets = order.targets if effect == "Валет Пик" else (order.target,)
        for nick in targets:
            if not self.p(nick).alive:
                # Валет Пик: «Они обе не должны находиться на Кладбище» is the card's own rule
                return (Reason.CARD_TARGET if effect == "Валет Пик" else Reason.TARGET_DEAD), nick
        if effect in CARDS_NOT_ON_SELF and order.target == master.nick:
            return Reason.CARD_TARGET, order.target
        if effect == "Валет Пик" and targets[0] == targets[1]:
            return Reason.CARD_TARGET, targets[0]
        if effect == "Двойка Червей" and self.rulings["gospital_is_lazaret"] \
                and self.p(order.target).lazaret:
            return Reason.TARGET_IN_LAZARET, order.target
        return None

    def throw(self, order: Order, acts_in_night: int) -> None:
        """«Карта подействует ночью, после чего теряется.»"""
        master = self.p(order.by)
        master.hand.remove(order.card)
        self.state.used_cards.append(order.card)
        effect = order.as_card if order.card == "Джокер" else order.card
        targets = order.targets if effect == "Валет Пик" else (order.target,)
        card = ThrownCard(order.card, effect, master.nick, tuple(targets), order.roles,
                          self.phase, acts_in_night, order)
        self.state.thrown.append(card)
        if effect == "Король Пик":
            self.state.puppets.append(Puppet(master.nick, order.target, False, order))
        if effect == "Туз Бубен" and self.rulings["silence_starts"] == "immediate":
            self.p(order.target).silenced = True   # A81 b: from the throw
        if effect in ("Пятерка Бубен", "Пятерка Крестей"):
            night = PhaseId(acts_in_night, PhaseKind.NIGHT)
            if self.rulings["shuler_window"] == "next_night_and_day":
                phases = (night, night.next())   # «в течение суток (ночь, день)»
            else:
                phases = (self.phase, night) if not self.phase.is_night else (night,)
            self.p(order.target).shuler.append(ShulerWindow(effect, phases, master.nick))
        if self.rulings["card_bonus_timing"] == "at_throw":
            self.card_bonus_now(card)
        self.trace(f"{master.nick} бросает карту {order.card}"
                   + (f" как {effect}" if effect != order.card else "")
                   + f" на {', '.join(targets)}", "Кинуть карты", order)

    def card_bonus_now(self, card) -> None:
        """«Брошенная на X, позволяет Мастеру узнать его Тайную роль» (A82)."""
        effect = card.acts_as
        if card.card == "Джокер" and not self.rulings["joker_carries_bonus"]:
            return
        role = CARD_BONUS.get(effect)
        if role is None or (effect == "Пятерка Крестей" and not self.rulings["shuler_bonus_both"]):
            return
        for nick in card.targets:
            seen = self.apparent(nick) if self.rulings["card_bonus_uses_mask"] else self.p(nick).secret_role
            if seen == role:
                self.learn(card.by, f"{effect}: бонус", card.order, about=nick, secret=role)

    # --- Зомбирование --------------------------------------------------------------------
    def command_refusal(self, order: Order) -> Reason | None:
        """«Формат приказа: [Публичное действие Явной роли], [Цель]. … Цель должна быть
        указана явно, по Явной роли.» (§6.5, A66)"""
        zombie = self.p(order.target)
        cmd = order.command
        spec = find_ability(cmd.ability)
        if spec is None or cmd.target is None or canon_open_role(cmd.target) is None:
            return Reason.INVALID_COMMAND
        if spec.name == "Голосование":
            return None
        if spec.kind is not RoleKind.OPEN or not spec.orderable or spec.when is When.TRIGGER:
            return Reason.INVALID_COMMAND
        if spec.target in (TargetRule.NONE, TargetRule.PAIR, TargetRule.OTHER_DEAD):
            return Reason.INVALID_COMMAND
        scope = self.rulings["zombie_command_scope"]
        if scope != "any_open_role" and zombie.open_role not in spec.roles:
            return Reason.INVALID_COMMAND
        if scope == "public_open_role_or_vote" and not spec.public:
            return Reason.INVALID_COMMAND
        if spec.name == "Операция" and cmd.mode not in ("heal", "kill"):
            return Reason.INVALID_COMMAND
        return None

    def implant(self, order: Order, target: str) -> None:
        holder = self.state.holder_of_open(order.command.target)
        self.state.zombie = ZombieImplant(order.by, target, order.command, order,
                                          holder_at_implant=holder.nick if holder else None)
        self.trace(f"{order.by} зомбирует {target}: {order.command.ability} → {order.command.target}",
                   "Зомбирование", order)

    def zombie_order(self, signal: Order) -> Order | None:
        """The command as an order of the zombified player (§6.5 point 3); None if there
        is no command to fire. A command whose target role has no holder is returned
        without a target: it cannot run."""
        implant = self.state.zombie
        if implant is None or implant.fired or implant.lich != signal.by:
            return None
        implant.fired = True
        if self.rulings["zombie_target_by_open_role_at_execution"]:
            holder = self.state.holder_of_open(implant.command.target)
            nick = holder.nick if holder else None
        else:
            nick = implant.holder_at_implant
        return Order(by=implant.target, ability=implant.command.ability, target=nick,
                     mode=implant.command.mode)

    def zombie_failed(self, lich: str, order: Order | None) -> None:
        """«Лич узнает о несрабатывании приказа, но не может знать, по какой причине.»"""
        self.notice(lich, "zombie_command_failed", "Зомбирование", order)

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
