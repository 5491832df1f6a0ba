"""The Мастер карт's deck (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): what each
card does when it acts. Cards are thrown with Кинуть карты (engine/abilities/card_master.py).
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities.registry import day_step, night_step, on, vote_weight
from engine.abilities.spec import RoleKind
from engine.names import CIVILIAN
from engine.orders import Order, OrderError
from engine.phase import PhaseId, PhaseKind
from engine.reasons import Reason
from engine.state import Puppet, Shift, ShulerWindow

# Which card names which role with its bonus («Брошенная на X, позволяет Мастеру
# узнать его Тайную роль»); Туз Крестей has the Тварь clause instead (A4).
CARD_BONUS: dict[str, str] = {
    "Король Пик": "Лич", "Четверка Крестей": "Зомби", "Валет Крестей": "Призрак",
    "Валет Пик": "Некромант", "Король Червей": "Демонолог", "Двойка Червей": "Бес",
    "Дама Червей": "Суккуб", "Тройка Бубен": "Гончая Ада", "Валет Бубен": "Начальник стражи",
    "Шестерка Бубен": "Стражник", "Туз Бубен": "Инквизитор", "Четверка Бубен": "Дознаватель",
    "Пятерка Бубен": CIVILIAN, "Пятерка Крестей": CIVILIAN,
}
# «Не может бросаться на себя» (Король Червей), «Не может кидать на себя» (Валет Бубен),
# «Нельзя кинуть на себя» (Туз Крестей)
CARDS_NOT_ON_SELF = frozenset({"Король Червей", "Валет Бубен", "Туз Крестей"})
# «Джокер (Козырь) - можно использовать как любую карту из колоды»: the card it acts as
JOKER = "Джокер"


# --- the throw (Кинуть карты, engine/abilities/card_master.py) ---------------------------

def effect_of(order: Order) -> str:
    return order.as_card if order.card == JOKER else order.card


def targets_of(order: Order, effect: str) -> tuple[str, ...]:
    """«Валет Пик (Подмена) - эта карта кидается сразу на две цели»; the others on one."""
    return tuple(order.targets) if effect == "Валет Пик" else (order.target,)


def card_shape(order: Order, effect: str) -> None:
    if effect == "Валет Пик":
        if len(order.targets) != 2:
            raise OrderError("Валет Пик needs 'targets' with two players")
    elif order.target is None:
        raise OrderError(f"{effect} needs 'target'")
    if effect == "Четверка Бубен" and not order.roles:
        raise OrderError("Четверка Бубен needs 'roles'")


def target_refusal(ctx, order: Order, effect: str, master):
    """Each card's own target rule (§6.4); the targets must be alive."""
    targets = targets_of(order, effect)
    for nick in targets:
        if not ctx.p(nick).alive:
            # Валет Пик: «Они обе не должны находиться на Кладбище» is the card's own rule
            return (Reason.CARD_TARGET if effect == "Валет Пик" else Reason.TARGET_DEAD), nick
    if effect in CARDS_NOT_ON_SELF and order.target == master.nick:
        return Reason.CARD_TARGET, order.target
    if effect == "Валет Пик" and targets[0] == targets[1]:
        return Reason.CARD_TARGET, targets[0]
    if effect == "Двойка Червей" and ctx.rulings["gospital_is_lazaret"] \
            and ctx.p(order.target).lazaret:
        return Reason.TARGET_IN_LAZARET, order.target   # «не находящиеся в Госпитале» (A2)
    return None


def on_throw(ctx, card) -> None:
    """What a card does from the moment it is thrown."""
    effect, master, order = card.acts_as, card.by, card.order
    if effect == "Король Пик":   # «в любой день, начиная с момента броска этой карты»
        ctx.state.puppets.append(Puppet(master, order.target, False, order))
    if effect == "Туз Бубен" and ctx.rulings["silence_starts"] == "immediate":
        ctx.p(order.target).silenced = True   # A81 b: from the throw
    if effect in ("Пятерка Бубен", "Пятерка Крестей"):
        night = PhaseId(card.night, PhaseKind.NIGHT)
        if ctx.rulings["shuler_window"] == "next_night_and_day":
            phases = (night, night.next())   # «в течение суток (ночь, день)»
        else:
            phases = (ctx.phase, night) if not ctx.phase.is_night else (night,)
        ctx.p(order.target).shuler.append(ShulerWindow(effect, phases, master))
    if ctx.rulings["card_bonus_timing"] == "at_throw":
        card_bonus_now(ctx, card)


# --- the night a card acts ---------------------------------------------------------------

@night_step("N0", "e", ability="Кинуть карты")
def cards_need_master(night) -> None:
    """A33 (2) b: under `thrown_card_survives_master: false` a thrown card needs its
    Мастер карт alive."""
    if not night.rulings["thrown_card_survives_master"]:
        night.cards = [c for c in night.cards if not night.p(c.by).dead]


@night_step("N0", "g", ability="Кинуть карты")
def first_morning(night) -> None:
    """The «минус первый» day's morning is the start of the game (Король Червей, A69)."""
    if night.n == 1:
        night.state.mornings.setdefault(0, {n: _snapshot(p) for n, p in night.state.players.items()})


@day_step("D0", "a", ability="Кинуть карты")
def remember_morning(day) -> None:
    """Король Червей rolls back to «то, что было прошлым утром» (A69): each morning is kept."""
    day.state.mornings[day.n] = {
        nick: {"lives": p.lives, "lazaret": p.lazaret, "prison": p.prison}
        for nick, p in day.state.players.items()
    }
    for old in [d for d in day.state.mornings if d < day.n - 1]:
        del day.state.mornings[old]


@night_step("N2", "x", ability="Кинуть карты")
def activate_cards(night) -> None:
    """Cards acting from tonight for the rest of the game (after the day −1 throw,
    which is an order of this night): Туз Крестей «до конца игры»."""
    for card in night.cards:
        if card.acts_as == "Туз Крестей":
            night.state.paranoia.append((card.by, card.targets[0]))


@night_step("N4", "a", ability="Кинуть карты")
def club_jack(night) -> None:
    """Валет Крестей: «все атаки цели блокируются, вне зависимости от того, в кого они
    были направлены. Валет блокирует атаки прежде каких-либо способностей ролей.»"""
    for card in night.cards_as("Валет Крестей"):
        for action in night.actions_of(card.targets[0]):
            if action.spec.is_attack and not action.shielded:
                action.blocked = "Валет Крестей"
                night.emit(ev.Blocked(str(night.phase), night.cause("Валет Крестей", card.order, action.order),
                                      f"{action.name} игрока {action.user} заблокирована Валетом Крестей",
                                      action.user, action.name, "Валет Крестей"))



@night_step("N4", "b", ability="Кинуть карты")
def queen_of_hearts(night) -> None:
    """Дама Червей: «все ночные действия … (за исключением атак) перенаправляются на
    Мастера карт (включая проверки роли и анонимные сообщения)»."""
    for card in night.cards_as("Дама Червей"):
        for action in night.actions_of(card.targets[0]):
            if not action.spec.is_attack and action.targets:
                night.redirect(action, card.by, "Дама Червей", card.order)


@night_step("N8", ability="Кинуть карты")
def master_transfers(night) -> None:
    """N8: «все нападения на Мастера карт "уходят" в защищаемую Вальтом цель»;
    «самая мощная атака на Мастера карт "уходит" в защищаемую Шестеркой цель»."""
    aegis = night.cards_as("Валет Бубен")
    shields = night.cards_as("Шестерка Бубен")
    for card in aegis:
        for attack in night.live_attacks_on(card.by):
            night.move(attack, card.targets[0], "aegis", "Валет Бубен", card.order)
    if aegis:
        return
    for card in shields:
        if card.targets[0] == card.by and night.rulings["shield_self"] == "protects":
            continue   # A83 b: on himself the Шестерка simply protects him (N10)
        strongest = night.strongest(night.live_attacks_on(card.by))
        if strongest:
            night.move(strongest, card.targets[0], "shield", "Шестерка Бубен", card.order)


@night_step("N10", ability="Кинуть карты")
def card_protections(night) -> None:
    """N10: Валет Бубен «охраняет цель от любых нападений», Шестерка Бубен «защищает цель
    от самой мощной атаки»; attacks that came through them are not stopped."""
    for card in night.cards_as("Валет Бубен"):
        for attack in night.live_attacks_on(card.targets[0]):
            if "aegis" not in attack.flags:
                attack.blocked_by = "Валет Бубен"
    for card in night.cards_as("Шестерка Бубен"):
        target = card.targets[0]
        if target == card.by:
            # A83: literally the strongest attack "уходит" to himself, unprotected
            protects = night.rulings["shield_self"] == "protects"
            candidates = night.live_attacks_on(target) if protects else []
        else:
            candidates = [a for a in night.live_attacks_on(target) if "shield" not in a.flags]
        strongest = night.strongest(candidates)
        if strongest:
            strongest.blocked_by = "Шестерка Бубен"


@night_step("N15", ability="Кинуть карты")
def swap_lives(night, after_deaths: bool = False) -> None:
    """N15 Валет Пик: «В конце ночи количество жизней целей меняется местами (новое
    здоровье может быть выше максимума)» (A75); under `swap_before_death: false` after
    the deaths, between the living only."""
    if after_deaths == night.rulings["swap_before_death"]:
        return
    for card in night.cards_as("Валет Пик"):
        a, b = (night.p(n) for n in card.targets)
        if a.nick in night.killed or b.nick in night.killed or not (a.alive and b.alive):
            continue
        for loser, winner in ((a, b), (b, a)):
            if winner.lives < loser.lives:   # it took lives from `loser` (A61: cards count)
                night.dealt_by[loser.nick].append("Валет Пик")
        a.lives, b.lives = b.lives, a.lives
        for player in (a, b):
            if card.order is not None:
                night.damage_orders[player.nick].append(card.order)
        night.trace(f"Валет Пик меняет жизни {a.nick} и {b.nick}", "Валет Пик", card.order)


@night_step("N16", ability="Кинуть карты")
def fight_and_doom(night) -> None:
    """N16: Четверка Крестей «если к концу ночи у цели осталось больше одной жизни, то
    теряет все жизни, кроме одной»; Двойка Червей «Если к концу ночи у цели осталась
    единица здоровья, она умирает.» (A76)"""
    fights = night.cards_as("Четверка Крестей")
    dooms = night.cards_as("Двойка Червей")
    lives = {n: p.lives for n, p in night.state.players.items()}
    sequential = night.rulings["gryznya_rok"] == "sequential_deck_order"
    for card in fights:
        player = night.p(card.targets[0])
        if player.alive and player.lives > 1:
            player.lives = 1
            night.dealt_by[player.nick].append("Четверка Крестей")
    for card in dooms:
        player = night.p(card.targets[0])
        seen = player.lives if sequential else lives[player.nick]
        if player.alive and seen == 1:
            night.killed.setdefault(player.nick, ("Двойка Червей", card.order))


@night_step("N20", "c", ability="Кинуть карты")
def shift_states(night) -> None:
    """Король Червей: «утром состояние (уровень здоровья и статусы) цели откатывается к
    тому, что было прошлым утром. Следующим утром цель возвращается к тому состоянию,
    в котором была в конце ночи до действия карты.» (A69)"""
    for shift in list(night.state.shifts):
        if shift.restore_at_night != night.n:
            continue
        night.state.shifts.remove(shift)
        target = night.p(shift.target)
        if target.dead and night.rulings["shift_window_death_final"]:
            continue
        if night.rulings["shift_semantics"] == "add_changes" and not target.dead:
            # A69 b: what happened in between is added on top of S1
            saved = dict(shift.saved)
            saved["lives"] += target.lives - shift.rolled_lives
            if target.prison != shift.rolled_prison:
                saved["prison"] = target.prison
            _restore(target, saved)
            if target.lives <= 0:
                night.bury(target.nick, "Король Червей", ["Король Червей"], [shift.order], lives=target.lives)
            continue
        _restore(target, shift.saved)
        night.trace(f"Король Червей: {target.nick} возвращается в прежнее состояние",
                   "Король Червей", shift.order)
    for card in night.cards_as("Король Червей"):
        target = night.p(card.targets[0])
        if target.nick in night.dying and not night.rulings["shift_undoes_death"]:
            continue
        morning = night.state.mornings.get(night.n - 1, {}).get(target.nick)
        if morning is None:
            continue
        saved = _snapshot(target)
        if target.dead and night.rulings["shift_undoes_death"]:
            target.dead = False
        _restore(target, morning)
        night.state.shifts.append(Shift(target.nick, night.n + 1, saved, card.order,
                                       rolled_lives=target.lives, rolled_prison=target.prison))
        night.trace(f"Король Червей откатывает {target.nick} к прошлому утру",
                   "Король Червей", card.order)


@night_step("N21", "b", ability="Кинуть карты")
def card_information(night) -> None:
    """Тройка Бубен, Четверка Бубен, the bonus reveals, Туз Крестей on the Тварь."""
    for card in night.cards:
        target = night.p(card.targets[0])
        master = card.by
        if card.acts_as == "Тройка Бубен":
            used = [a.name for a in night.actions if a.live and target.nick in a.targets
                    and a.spec.kind is not RoleKind.COMMON]
            night.learn(master, "Тройка Бубен", card.order, about=target.nick,
                       abilities=sorted(set(used), key=_registry_index))
        if card.acts_as == "Четверка Бубен":
            answer = night.apparent(target.nick) in card.roles
            night.learn(master, "Четверка Бубен", card.order, about=target.nick, answer=answer)
        if card.acts_as == "Туз Крестей" and target.secret_role == "Тварь":
            if night.rulings["paranoia_tvar_clause"] == "tvar_benefits":
                night.learn(target.nick, "Туз Крестей", card.order, about=master,
                           open=night.p(master).shown_open_role())
            else:   # A4 b: «Твари» read as «Мастеру»: the bonus of the other cards
                night.learn(master, "Туз Крестей: бонус", card.order, about=target.nick,
                           secret=night.apparent(target.nick))
        card_bonus(night, card)


def card_bonus(night, card) -> None:
    if night.rulings["card_bonus_timing"] == "acting_night":
        card_bonus_now(night, card)


def card_bonus_now(ctx, card) -> None:
    """«Брошенная на X, позволяет Мастеру узнать его Тайную роль» (A82)."""
    effect = card.acts_as
    if card.card == "Джокер" and not ctx.rulings["joker_carries_bonus"]:
        return
    role = CARD_BONUS.get(effect)
    if role is None or (effect == "Пятерка Крестей" and not ctx.rulings["shuler_bonus_both"]):
        return
    for nick in card.targets:
        seen = ctx.apparent(nick) if ctx.rulings["card_bonus_uses_mask"] else ctx.p(nick).secret_role
        if seen == role:
            ctx.learn(card.by, f"{effect}: бонус", card.order, about=nick, secret=role)


@night_step("N19", "c", ability="Кинуть карты")
def swap_after_deaths(night) -> None:
    """`swap_before_death: false` (A75 b): Валет Пик after the deaths."""
    if not night.rulings["swap_before_death"]:
        swap_lives(night, after_deaths=True)


@night_step("N22", "c", ability="Кинуть карты")
def silence(night) -> None:
    """Туз Бубен: «Он не имеет права голоса на Дневном Вече до конца игры.» (A81)"""
    for card in night.cards_as("Туз Бубен"):
        night.p(card.targets[0]).silenced = True


@on("no_vote", "Кинуть карты", label="Туз Бубен: голоса нет")
def silenced_vote(day, player) -> bool:
    """Туз Бубен: «не имеет права голоса … Мэра лишает только одного голоса»."""
    from engine.abilities.mayor import despotiya
    return player.silenced and not despotiya(day, player)


@vote_weight("b", ability="Кинуть карты", label="Туз Бубен: на один голос меньше")
def silenced_weight(day, voter, target, ballot, w: int) -> int:
    """«Мэра лишает только одного голоса.»"""
    return w - 1 if voter.silenced else w


def _registry_index(name: str) -> int:
    from engine.abilities.registry import registry_index
    return registry_index(name)


def _snapshot(player) -> dict:
    return {"lives": player.lives, "lazaret": player.lazaret, "prison": player.prison,
            "dead": player.dead}


def _restore(player, saved: dict) -> None:
    """«уровень здоровья и статусы»: lives, Лазарет, Тюрьма and the Кладбище."""
    player.lives = saved["lives"]
    player.lazaret = saved["lazaret"]
    player.prison = saved["prison"]
    player.dead = saved.get("dead", False)
