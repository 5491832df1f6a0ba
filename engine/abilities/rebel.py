"""Бунтарь (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Freq, P, RoleKind
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import NOT_HEIR, TALLY, day_effect, day_refusal, vote_weight
from engine.api import DayAPI, Refused
from engine.ruling_rows import flag
from engine.orders import Order
from engine.reasons import Reason
from engine.actions import Ballot
from engine.state import PlayerState

SPECS = (
    _A("Митинг", RoleKind.OPEN, ("Бунтарь",), D, "Митинг - раз за цикл ночей получает три голоса против себя, но этим днем голос Бунтаря считается за пять.",
       freq=Freq.PER_CYCLE, public=True),
    _A("Анархизм", RoleKind.OPEN, ("Бунтарь",), P, "Анархизм - не может стать Мэром."),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Митинг", Channel.POST, "без цели",
          verbs=("митинговать",),
          examples=(("Объявляю митинг", {}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "miting_votes_persist", "A53", "Бунтарь's three votes against himself",
        "Митинг: «получает три голоса против себя». Остаются ли они, если Бунтарь не голосует или "
        "теряет голос?",
        yes="да, +3 против него остаются",
        no="нет, пропадают вместе с его голосом",
    ),
    flag(
        "miting_needs_vote", "A53", "Бунтарь's three votes against himself",
        "Может ли Бунтарь, лишённый голоса (Смена пола), провести Митинг?",
        yes="нет: Митинг требует права голоса",
        no="да: он получает только +3 против себя",
        default=False,
    ),
)


@day_effect("Митинг")
def rally(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Митинг: «получает три голоса против себя, но этим днем голос Бунтаря считается за
    пять»."""
    day.spend(order, spec)
    day.own(Rally).rebels.add(order.by)
    day.announce("Митинг", "Митинг", order, by=order.by)


@day_refusal("Митинг")
def rally_refusal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«этим днем голос Бунтаря считается за пять»
    `miting_needs_vote`: a Бунтарь without a vote today cannot hold a Митинг."""
    if day.rulings["miting_needs_vote"] and not day.can_vote(day.p(order.by)):
        return Reason.CANNOT_VOTE, None
    return None


@vote_weight("c", ability="Митинг", label="Митинг: голос Бунтаря за пять")
def rally_weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None, w: int) -> int:
    """«но этим днем голос Бунтаря считается за пять»."""
    return 5 if voter.open_role == "Бунтарь" and voter.nick in day.own(Rally).rebels else w


@TALLY("Митинг", sub="a")
def rally_votes(day: DayAPI, votes: dict[str, int]) -> None:
    """«получает три голоса против себя», even if his own vote is void (A53)."""
    for rebel in day.own(Rally).rebels:
        ballot = day.ballots().get(rebel)
        counted = ballot is not None and day.vote_weight(day.p(rebel), ballot.target) > 0
        if day.rulings["miting_votes_persist"] or counted:
            votes[rebel] = votes.get(rebel, 0) + 3
            day.add_votes(rebel, 3, "Митинг", rebel, f"Митинг: три голоса против {rebel}")


@dataclass
class Rally:
    """Today's Митинги: the Бунтари who hold one."""
    rebels: set[str] = field(default_factory=set)


@NOT_HEIR("Анархизм")
def anarchism(player: PlayerState) -> bool:
    """«Анархизм - не может стать Мэром.» (Преемственность, engine/abilities/mayor.py)"""
    return player.open_role == "Бунтарь"
