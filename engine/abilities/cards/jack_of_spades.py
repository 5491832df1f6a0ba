"""Валет Пик (Подмена): two targets swap their lives at the end of the night (N15)."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import CARD_REFUSAL, card, night_step
from engine.api import NightAPI, PhaseAPI, Refused, THROW
from engine.reasons import Reason
from engine.ruling_rows import flag
from engine.orders import Order
from engine.state import PlayerState

# «Они обе не должны находиться на Кладбище» is the card's own rule: its code, not TARGET_DEAD
CARD = card(CardSpec("Валет Пик", "Валет Пик (Подмена) - эта карта кидается сразу на две цели. Они обе не должны находиться на Кладбище. В конце ночи количество жизней целей меняется местами (новое здоровье может быть выше максимума). Брошенная на Некроманта, позволяет Мастеру карт узнать его Тайную роль.", bonus="Некромант", targets=2, dead_target=Reason.CARD_TARGET))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "swap_before_death", "A75", "Валет Пик and a dying target",
        "Валет Пик (Подмена) меняет жизни двух целей «в конце ночи». До смертей или после?",
        yes="после урона, но до смертей: может спасти цель с нулём жизней и убить другую "
            "(убитых Аутодафе и Порчей не меняет)",
        no="после смертей: умершие не участвуют",
    ),
)


@CARD_REFUSAL("Валет Пик")
def two_targets(ctx: PhaseAPI, order: Order, effect: str, master: PlayerState) -> Refused | None:
    """«кидается сразу на две цели»: two different players."""
    targets = order.targets
    if targets[0] == targets[1]:
        return Reason.CARD_TARGET, targets[0]
    return None


@night_step("N15", ability=THROW)
def swap_before_deaths(night: NightAPI) -> None:
    """«В конце ночи количество жизней целей меняется местами» (N15)."""
    swap_lives(night)


def swap_lives(night: NightAPI, after_deaths: bool = False) -> None:
    """N15 Валет Пик: «В конце ночи количество жизней целей меняется местами (новое
    здоровье может быть выше максимума)» (A75); under `swap_before_death: false` after
    the deaths, between the living only."""
    if after_deaths == night.rulings["swap_before_death"]:
        return
    for thrown in night.cards_as("Валет Пик"):
        a, b = (night.p(n) for n in thrown.targets)
        if night.killed(a.nick) or night.killed(b.nick) or not (a.alive and b.alive):
            continue
        for loser, winner in ((a, b), (b, a)):
            if winner.lives < loser.lives:   # it took lives from `loser` (A61: cards count)
                night.dealt(loser.nick, "Валет Пик")
        a.lives, b.lives = b.lives, a.lives
        for player in (a, b):
            if thrown.order is not None:
                night.relates(player.nick, thrown.order)
        night.trace(f"Валет Пик меняет жизни {a.nick} и {b.nick}", "Валет Пик", thrown.order)


@night_step("N19", "c", ability=THROW)
def swap_after_deaths(night: NightAPI) -> None:
    """«В конце ночи количество жизней целей меняется местами»
    `swap_before_death: false` (A75 b): Валет Пик after the deaths."""
    if not night.rulings["swap_before_death"]:
        swap_lives(night, after_deaths=True)
