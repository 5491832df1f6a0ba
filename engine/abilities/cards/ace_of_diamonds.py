"""Туз Бубен (Немота): the target has no vote at the Дневное Вече for the rest of the game."""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import CardSpec
from engine.abilities.registry import NO_VOTE, ON_THROW, card, night_step, vote_weight
from engine.api import DayAPI, NightAPI, PhaseAPI, THROW
from engine.ruling_rows import choice
from engine.actions import Ballot, ThrownCard
from engine.state import PlayerState

CARD = card(CardSpec("Туз Бубен", "Туз Бубен (Немота) - затыкает рот игроку. Он не имеет права голоса на Дневном Вече до конца игры. Мэра лишает только одного голоса. Брошенная на Инквизитора, позволяет Мастеру Карт узнать его Тайную роль.", bonus="Инквизитор"))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "silence_starts", "A81", "Туз Бубен's start and the Мэр",
        "Туз Бубен (Немота) «затыкает рот игроку до конца игры». С какого дня?",
        ("next_day", "карта действует с ночи после броска: день броска не затронут"),
        ("immediate", "уже в день броска"),
    ),
)


@dataclass(frozen=True)
class Silenced:
    """Туз Бубен's memory across phases (its state slot): who has no vote to the end."""
    players: frozenset[str] = frozenset()

    def gm_tags(self, nick: str) -> tuple[str, ...]:
        """What the GM's console shows beside the player's status."""
        return ("Туз Бубен",) if nick in self.players else ()


def silence_player(ctx: PhaseAPI, nick: str) -> None:
    ctx.state.put(Silenced(ctx.state.of(Silenced).players | {nick}))


@ON_THROW("Туз Бубен")
def silent_at_once(ctx: PhaseAPI, thrown: ThrownCard) -> None:
    """«затыкает рот игроку. Он не имеет права голоса на Дневном Вече до конца игры.»
    A81 b: under `silence_starts: immediate` from the throw."""
    if ctx.rulings["silence_starts"] == "immediate":
        silence_player(ctx, thrown.targets[0])


@night_step("N22", "c", ability=THROW)
def silence(night: NightAPI) -> None:
    """Туз Бубен: «Он не имеет права голоса на Дневном Вече до конца игры.» (A81)"""
    for thrown in night.cards_as("Туз Бубен"):
        silence_player(night, thrown.targets[0])


@NO_VOTE(THROW, label="Туз Бубен: голоса нет")
def silenced_vote(day: DayAPI, player: PlayerState) -> bool:
    """Туз Бубен: «не имеет права голоса … Мэра лишает только одного голоса»."""
    return player.nick in day.state.of(Silenced).players and day.weight_before(player, "b") < 2


@vote_weight("b", ability=THROW, label="Туз Бубен: на один голос меньше")
def silenced_weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None, w: int) -> int:
    """«Мэра лишает только одного голоса.»"""
    return w - 1 if voter.nick in day.state.of(Silenced).players else w
