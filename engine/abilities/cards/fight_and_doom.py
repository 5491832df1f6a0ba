"""Четверка Крестей (Грызня) and Двойка Червей (Рок): the two cards that act on the lives
left at the end of the night (N16).

One module for the two: they act at the same step on the same count, and which of them
sees the other's result is one ruling of both (A76 `gryznya_rok`).
"""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import CARD_REFUSAL, card, night_step
from engine.api import NightAPI, PhaseAPI, Refused, THROW
from engine.reasons import Reason
from engine.ruling_rows import choice
from engine.orders import Order
from engine.state import PlayerState

FIGHT = card(CardSpec("Четверка Крестей", "Четверка Крестей (Грызня) - если к концу ночи у цели осталось больше одной жизни, то теряет все жизни, кроме одной. Брошенная на Зомби, позволяет Мастеру узнать его Тайную роль.", bonus="Зомби"))
DOOM = card(CardSpec("Двойка Червей", "Двойка Червей (Рок) - бросается только на цели, не находящиеся в Госпитале. Если к концу ночи у цели осталась единица здоровья, она умирает. Брошенная на Беса, позволяет Мастеру карт узнать его Тайную роль.", bonus="Бес"))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "gryznya_rok", "A76", "Грызня and Рок together (Джокер)",
        "Грызня (Четверка Крестей) и Рок (Двойка Червей, через Джокера) на одной цели. Как считать?",
        ("simultaneous_after_swap", "обе смотрят на жизни после Подмены одновременно: 2 жизни → "
                                    "Грызня → 1, Рок не срабатывает"),
        ("sequential_deck_order", "по очереди в порядке колоды: цель умирает"),
    ),
)


@CARD_REFUSAL("Двойка Червей")
def not_in_hospital(ctx: PhaseAPI, order: Order, effect: str, master: PlayerState) -> Refused | None:
    """«бросается только на цели, не находящиеся в Госпитале» (A2: the Госпиталь is the
    Лазарет under `gospital_is_lazaret`)."""
    if ctx.rulings["gospital_is_lazaret"] and ctx.p(order.target_nick).lazaret:
        return Reason.TARGET_IN_LAZARET, order.target
    return None


@night_step("N16", ability=THROW)
def fight_and_doom(night: NightAPI) -> None:
    """N16: Четверка Крестей «если к концу ночи у цели осталось больше одной жизни, то
    теряет все жизни, кроме одной»; Двойка Червей «Если к концу ночи у цели осталась
    единица здоровья, она умирает.» (A76)"""
    fights = night.cards_as("Четверка Крестей")
    dooms = night.cards_as("Двойка Червей")
    lives = {n: p.lives for n, p in night.state.players.items()}
    sequential = night.rulings["gryznya_rok"] == "sequential_deck_order"
    for thrown in fights:
        player = night.p(thrown.targets[0])
        if player.alive and player.lives > 1:
            player.lives = 1
            night.dealt(player.nick, "Четверка Крестей")
    for thrown in dooms:
        player = night.p(thrown.targets[0])
        seen = player.lives if sequential else lives[player.nick]
        if player.alive and seen == 1:
            night.kill(player.nick, "Двойка Червей", thrown.order, replace=False)
