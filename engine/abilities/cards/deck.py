"""The deck of the Мастер карт (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): what
every card shares. Each card's own rule is in its module beside this one, registered here.

A card's row (`CardSpec`) says what the text says of all cards alike: its sentence, the
role whose «Брошенная на X, позволяет Мастеру узнать его Тайную роль» bonus it carries,
«не может бросаться на себя», how many targets. What a card does is in its hooks: the
night steps it acts at (registered like any ability's, for «Кинуть карты», the order that
throws it), and the deck's own hook kinds below, which `engine/abilities/card_master.py`'s
throw and the N21 information call.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from engine.abilities.registry import night_step
from engine.orders import Order, OrderError
from engine.reasons import Reason

THROW = "Кинуть карты"   # the order that throws a card: the ability every card hook serves


@dataclass(frozen=True)
class CardSpec:
    name: str                        # as in engine.names.CARDS
    rule: str                        # its sentence of rules-ru.txt «Колода для Мастера карт»
    bonus: str | None = None         # «Брошенная на X, позволяет Мастеру узнать его Тайную роль»
    bonus_ruling: str = ""           # the bonus holds only if this ruling is true
    on_self: bool = True             # False: «Не может бросаться на себя»
    targets: int = 1                 # «эта карта кидается сразу на две цели» (Валет Пик)
    dead_target: Reason = Reason.TARGET_DEAD   # the code for a target on the Кладбище
    needs_roles: bool = False        # «вместе с броском пишет мастеру список … Тайных ролей»
    stands_for_any: bool = False     # «можно использовать как любую карту из колоды» (Джокер)


DECK: dict[str, CardSpec] = {}
# The card hooks, by card name (each card's module registers its own):
ON_THROW: dict[str, Callable] = {}        # fn(ctx, card): from the moment it is thrown
REFUSALS: dict[str, list[Callable]] = {}  # fn(ctx, order, effect, master) -> (Reason, nick) | None
AS_THROWN: dict[str, Callable] = {}       # fn(ctx, order, effect, master): the card as named in hand
INFO: dict[str, Callable] = {}            # fn(night, card): what it tells at N21 of its night


def card(spec: CardSpec) -> CardSpec:
    """Register a card's row (each card's module, as it loads)."""
    DECK[spec.name] = spec
    return spec


def on_throw(name: str):
    def wrap(fn):
        ON_THROW[name] = fn
        return fn
    return wrap


def card_refusal(name: str):
    """The card's own target rule beyond the deck's (alive, not on oneself)."""
    def wrap(fn):
        REFUSALS.setdefault(name, []).append(fn)
        return fn
    return wrap


def as_thrown(name: str):
    """A rule of the card as it leaves the hand, before its effect is judged (a Джокер)."""
    def wrap(fn):
        AS_THROWN[name] = fn
        return fn
    return wrap


def card_info(name: str):
    def wrap(fn):
        INFO[name] = fn
        return fn
    return wrap


# --- the throw (Кинуть карты, engine/abilities/card_master.py) ---------------------------

def effect_of(order: Order) -> str:
    """The card whose effect acts: the card itself, or the one a Джокер stands for."""
    return order.as_card if DECK[order.card].stands_for_any else order.card


def targets_of(order: Order, effect: str) -> tuple[str, ...]:
    return tuple(order.targets) if DECK[effect].targets == 2 else (order.target,)


def card_shape(order: Order, effect: str) -> None:
    spec = DECK[effect]
    if spec.targets == 2:
        if len(order.targets) != 2:
            raise OrderError(f"{effect}: нужны два игрока (поле targets)")
    elif order.target is None:
        raise OrderError(f"{effect}: нужна цель (поле target)")
    if spec.needs_roles and not order.roles:
        raise OrderError(f"{effect}: нужны роли (поле roles)")


def throw_refusal(ctx, order: Order, master):
    """The card as thrown, then its effect's target rule (§6.4): the targets alive, not on
    oneself where the card forbids it, then the card's own rules."""
    effect = effect_of(order)
    own = AS_THROWN.get(order.card)
    refused = own(ctx, order, effect, master) if own else None
    if refused:
        return refused
    spec = DECK[effect]
    for nick in targets_of(order, effect):
        if not ctx.p(nick).alive:
            return spec.dead_target, nick
    if not spec.on_self and order.target == master.nick:
        return Reason.CARD_TARGET, order.target
    for rule in REFUSALS.get(effect, ()):
        refused = rule(ctx, order, effect, master)
        if refused:
            return refused
    return None


def thrown(ctx, card) -> None:
    """What a card does from the moment it is thrown; its bonus, when told at the throw."""
    effect = ON_THROW.get(card.acts_as)
    if effect:
        effect(ctx, card)
    if ctx.rulings["card_bonus_timing"] == "at_throw":
        card_bonus_now(ctx, card)


# --- the night a card acts ---------------------------------------------------------------

@night_step("N0", "e", ability=THROW)
def cards_need_master(night) -> None:
    """«Карта подействует ночью, после чего теряется.»
    A33 (2) b: under `thrown_card_survives_master: false` a thrown card needs its
    Мастер карт alive."""
    if not night.rulings["thrown_card_survives_master"]:
        night.cards = [c for c in night.cards if not night.p(c.by).dead]


@night_step("N22", "z", ability=THROW)
def thrown_cards_gone(night) -> None:
    """N22 (z): «Карта подействует ночью, после чего теряется.»"""
    night.state.thrown = [c for c in night.state.thrown if c.night > night.n]


@night_step("N21", "b", ability=THROW)
def card_information(night) -> None:
    """«Карта подействует ночью, после чего теряется.»
    N21: what each card acting tonight tells (its `card_info` hook), then its bonus, in
    the order the cards were thrown."""
    for thrown_card in night.cards:
        info = INFO.get(thrown_card.acts_as)
        if info:
            info(night, thrown_card)
        if night.rulings["card_bonus_timing"] == "acting_night":
            card_bonus_now(night, thrown_card)


def card_bonus_now(ctx, card) -> None:
    """«Брошенная на X, позволяет Мастеру узнать его Тайную роль» (A82): the bonus of the
    card that acts, if the rulings of the card thrown and of its effect let it."""
    effect = card.acts_as
    for name in dict.fromkeys((card.card, effect)):
        ruling = DECK[name].bonus_ruling
        if ruling and not ctx.rulings[ruling]:
            return
    role = DECK[effect].bonus
    if role is None:
        return
    for nick in card.targets:
        seen = ctx.apparent(nick) if ctx.rulings["card_bonus_uses_mask"] else ctx.p(nick).secret_role
        if seen == role:
            ctx.learn(card.by, f"{effect}: бонус", card.order, about=nick, secret=role)
