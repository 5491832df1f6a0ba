"""Seeded random games of «Город N», for property tests and the engine benchmark.

Test code, not product: it lives in tests/ and nothing under gorod/ imports it.

Every living player gives orders every phase, drawn from the abilities of the roles
he holds with random targets; the engine refuses what the rules forbid, which is
part of what is exercised. All randomness comes from `random.Random(seed)`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.abilities import Field, TargetRule, When, abilities_of_role, ability, card_master
from engine.names import CARDS, OPEN_ROLES, SECRET_ROLES
from engine.orders import Order, Command
from engine.phase import FIRST_PHASE, PhaseId
from engine.resolve import Resolution, resolve
from engine.rulings import Rulings
from engine.setup import Seat, new_game
from engine.state import GameState

# 16 secret slots: 15 names, the Мирный житель twice.
SECRET_SLOTS = tuple(SECRET_ROLES) + ("Мирный житель",)
NICKS = ("Аня", "Боря", "Вера", "Гена", "Дима", "Ева", "Жора", "Зоя", "Игорь", "Катя",
         "Лёва", "Маша", "Нина", "Олег", "Петя", "Рита")


@dataclass
class RandomGame:
    seed: int
    players: int = 16
    seats: list[Seat] = field(default_factory=list)
    setup: dict = field(default_factory=dict)

    def __post_init__(self):
        rng = random.Random(self.seed)
        opens = list(OPEN_ROLES)
        secrets = list(SECRET_SLOTS)
        rng.shuffle(opens)
        rng.shuffle(secrets)
        self.seats = [Seat(NICKS[i], opens[i], secrets[i]) for i in range(self.players)]
        for seat in self.seats:
            if seat.secret_role == "Тварь" and rng.random() < 0.7:
                self.setup[seat.nick] = {"mask": rng.choice([r for r in SECRET_ROLES if r != "Тварь"])}
            if seat.secret_role == "Инквизитор" and rng.random() < 0.7:
                self.setup[seat.nick] = {"mask": rng.choice([r for r in SECRET_ROLES if r != "Инквизитор"])}
            if seat.secret_role == "Мастер карт":
                self.setup[seat.nick] = {"hand": rng.sample(list(CARDS), 4)}

    def start(self, rulings: Rulings | None = None) -> GameState:
        state, _events = new_game(self.seats, self.setup, rulings or Rulings.defaults(), seed=self.seed)
        return state


def random_orders(state: GameState, phase: PhaseId, rng: random.Random) -> list[Order]:
    """Orders of every living player for `phase` (shape-valid; legality is the engine's)."""
    orders: list[Order] = []
    nicks = list(state.players)
    living = [n for n, p in state.players.items() if p.alive] or nicks
    for nick, player in state.players.items():
        if not player.alive:
            continue
        specs = [ability("Голосование"), ability("Голубиная почта")]
        for role in (player.open_role, player.secret_role):
            if role:
                specs.extend(abilities_of_role(role))
        for spec in specs:
            if not spec.orderable:
                continue
            if spec.when is When.NIGHT and not phase.is_night and spec.name != "Кинуть карты":
                continue
            if spec.when is When.DAY and phase.is_night and not (spec.name == "Кинуть карты" and phase.number == 1):
                continue
            chance = 0.9 if spec.name == "Голосование" else 0.15 if spec.name == "Голубиная почта" else 0.5
            if rng.random() > chance:
                continue
            order = _make_order(state, player, spec, phase, rng, living, nicks)
            if order is not None:
                orders.append(order)
    return orders


def _make_order(state, player, spec, phase, rng, living, nicks) -> Order | None:
    pick = lambda pool=living: rng.choice(pool)
    name = spec.name
    by = player.nick
    if name == "Голосование":
        return Order(by, name, target=pick())
    if name == "Голубиная почта":
        return Order.make(by, name, to=pick(), text=f"привет от {rng.randint(1, 99)}")
    if name == "Компромат":
        return Order.make(by, name, save=True) if rng.random() < 0.5 else Order(by, name, target=pick())
    if name == "Взятка":
        return Order(by, name, target=pick()) if rng.random() < 0.5 else Order(by, name)
    if name == "Митинг":
        return Order(by, name)
    if name == "Операция":
        return Order.make(by, name, target=pick(), mode=rng.choice(["heal", "kill"]))
    if name == "Расследование":
        return Order(by, name, target=pick(nicks))
    if name in ("Преемственность",):
        return Order(by, name, target=pick())
    if name == "Перерождение":
        return Order(by, name)
    if name == "Зомбирование":
        if rng.random() < 0.5:
            return Order.make(by, name, signal=True)
        target = state.players[pick()]
        role = target.open_role or "Мэр"
        options = [s for s in abilities_of_role(role) if s.orderable and s.target not in
                   (TargetRule.NONE, TargetRule.PAIR)] or [ability("Голосование")]
        cmd = rng.choice(options + [ability("Голосование")])
        return Order.make(by, name, target=target.nick,
                     command=Command(cmd.name, rng.choice(OPEN_ROLES),
                                           "heal" if cmd.name == "Операция" else None))
    if name == "Кинуть карты":
        hand = state.of(card_master.Deck).hand(player.nick)
        if not hand:
            return None
        card = rng.choice(hand)
        effect = rng.choice([c for c in CARDS if c != "Джокер"]) if card == "Джокер" else card
        kwargs = {"as_card": effect} if card == "Джокер" else {}
        if effect == "Валет Пик":
            return Order.make(by, name, card=card, targets=tuple(rng.sample(living, 2)) if len(living) > 1
                         else (living[0], living[0]), **kwargs)
        if effect == "Четверка Бубен":
            return Order.make(by, name, card=card, target=pick(), roles=tuple(rng.sample(SECRET_ROLES, 3)), **kwargs)
        return Order.make(by, name, card=card, target=pick(), **kwargs)
    if name == "Тасовать карты":
        deck = [c for c in CARDS if c not in state.of(card_master.Deck).used]
        return Order.make(by, name, cards=tuple(rng.sample(deck, min(4, len(deck))))) if deck else None
    if name == "Раскрыть карты":
        if rng.random() < 0.9:
            return None
        truthful = rng.random() < 0.5
        listing = {n: (p.secret_role if truthful else rng.choice(SECRET_ROLES))
                   for n, p in state.players.items() if n != by}
        return Order.make(by, name, reveal_list=tuple(listing.items()))
    if name == "Король Пик":
        if rng.random() < 0.5:
            return Order(by, name)
        return Order.make(by, name, command=Command("Голосование", pick()))
    if name == "Sacrifice!":
        return Order.make(by, name, target=pick(), resummon=pick(nicks) if rng.random() < 0.5 else None)
    if name == "Пожирай":
        return Order.make(by, name, target=pick(), swap_mask=rng.random() < 0.5)
    if Field.TARGETS in spec.fields:
        if len(living) < 2:
            return None
        return Order(by, name, targets=tuple(rng.sample(living, 2)))
    if Field.TARGET in spec.fields:
        return Order(by, name, target=pick())
    return None


def play(seed: int, phases: int = 20, rulings: Rulings | None = None,
         on_phase=None) -> tuple[GameState, list[Resolution]]:
    """Play a seeded random game for up to `phases` phases (or until it ends)."""
    game = RandomGame(seed)
    state = game.start(rulings)
    rng = random.Random(seed * 7919 + 1)
    phase = FIRST_PHASE
    results: list[Resolution] = []
    for _ in range(phases):
        orders = random_orders(state, phase, rng)
        result = resolve(state, phase, orders)
        if on_phase is not None:
            on_phase(phase, state, orders, result)
        results.append(result)
        state = result.state
        if state.game_over:
            break
        phase = phase.next()
    return state, results
