"""Суккуб (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities.spec import FULL, N, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import attack, night_step
from engine.api import NightAPI
from engine.ruling_rows import choice
from engine.actions import Action

SPECS = (
    _A("Очарование", RoleKind.SECRET, ("Суккуб",), N, "Очарование - в Полнолуние может очаровать персонажа, из-за чего все его действия в эту ночь перенаправляются на выбранного Суккубом человека (включая проверки роли и анонимные сообщения).",
       moons=FULL, target=TargetRule.PAIR, fields=(Field.TARGETS,),
       slang=("соблазнить", "соблазнять", "охмурить", "охмурять")),
    _A("Ревность", RoleKind.SECRET, ("Суккуб",), N, "Ревность - если на Кладбище находятся либо Бес и Гончая Ада, либо Демонолог, вместо Очарования можно нанести единицу урона цели.",
       moons=FULL, attack_rank=8, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       moons_ruling="jealousy_moon"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Очарование", Channel.PM, "кого (ник), затем на кого перенаправить: «Очарование: Аня → Боря»",
          verbs=("очаровывать", "очаровать", "соблазнить", "соблазнять"),
          examples=(("Очарование: Аня → Боря", {"targets": ["Аня", "Боря"]}),)),
    Words("Ревность", Channel.PM, "ник или явная роль",
          verbs=("ревновать",),
          examples=(("Ревность: Гена", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "jealousy_moon", "A43", "Ревность's moon",
        "Ревность Суккуба: «вместо Очарования можно нанести единицу урона цели». В какие ночи?",
        ("full_moon", "только в Полнолуние, вместо Очарования этой ночи"),
        ("any_night", "в любую ночь"),
    ),
)


@night_step("N4", "d", ability="Очарование")
def charm(night: NightAPI) -> None:
    """Очарование: «все его действия в эту ночь перенаправляются на выбранного Суккубом
    человека (включая проверки роли и анонимные сообщения)» (A44)."""
    # N4 (c), before this: Чары on the Суккуб voids her orders (engine/abilities/gypsy.py)
    for charm in night.live_actions("Очарование"):
        charmed, destination = charm.targets[0], charm.targets[1]
        for action in night.actions_of(charmed):
            if action is not charm and action.targets:
                night.redirect(action, destination, "Очарование", charm.order)
        night.redirect_standing(charmed, destination, "Очарование", charm.order)


ONE_ACTION_PER_NIGHT = {"Суккуб": frozenset({"Очарование", "Ревность"})}   # «вместо Очарования»


@night_step("N5", "c", ability="Ревность")
def jealousy_condition(night: NightAPI) -> None:
    """«если на Кладбище находятся либо Бес и Гончая Ада, либо Демонолог»: judged on S0;
    otherwise it fails silently."""
    for jealousy in night.live_actions("Ревность"):
        if not ((night.was_dead("Бес") and night.was_dead("Гончая Ада")) or night.was_dead("Демонолог")):
            jealousy.failed = True
            night.emit(ev.Fizzled(str(night.phase), night.cause("Ревность", jealousy.order),
                                  "Ревность недоступна: условие не выполнено", jealousy.user, "Ревность",
                                  "на Кладбище нет ни Беса с Гончей Ада, ни Демонолога"))


@attack("Ревность")
def jealousy_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«можно нанести единицу урона цели» (rank 8)."""
    return action.rank, 1
