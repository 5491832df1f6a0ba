"""Гончая Ада (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine import events as ev
from engine.abilities.spec import N, P, AbilitySpec as _A, Cooldown, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import attack, night_step
from engine.api import NightAPI
from engine.ruling_rows import choice, flag
from engine.names import Faction
from engine.orders import Order
from engine.actions import Action

SPECS = (
    _A("Укус", RoleKind.SECRET, ("Гончая Ада",), N, "Укус - в наносит единицу урона цели. Не может применяться на цель, которую в эту же ночь выбирали другие Демоны. Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=4, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       moons_ruling="hound_bite_phase",
       slang=("кусь", "загрызть", "цапнуть", "цапать")),
    _A("Гон", RoleKind.SECRET, ("Гончая Ада",), P, "Гон(Л) - если наутро после Укуса жертва осталась жива, следующей ночью Гончая автоматически проводит еще одну атаку (не Укус), нанося единицу урона.",
       keeps="Л", attack_rank=4),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Укус", Channel.PM, "ник или явная роль",
          verbs=("кусать", "укусить", "покусать", "грызть"),
          examples=(("Кусаю Веру", {"target": "Вера"}), ("Укус — Богач", {"target": "Гена"}))),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "hound_bite_phase", "A1", "Укус has a missing word",
        "В тексте Укуса Гончей Ада пропущено слово: «Укус - в наносит единицу урона цели». "
        "В какие ночи можно кусать?",
        ("any_night", "«в любую ночь», как Нападение и Bra-a-a-ains; перезарядка одна ночь"),
        ("new_moon", "только в Новолуние"),
        ("half_moon", "только в Полулуние"),
        ("full_moon", "только в Полнолуние"),
    ),
    choice(
        "hunt_victim_alive", "A42", "Гончая Ада's Укус and Гон",
        "Гон: «если наутро после Укуса жертва осталась жива». Что значит «жива»?",
        ("not_on_graveyard", "не на Кладбище (Лазарет и Тюрьма — жива)"),
        ("not_on_graveyard_or_prison", "не на Кладбище и не в Тюрьме"),
    ),
    choice(
        "hunt_unlock_check", "A42", "Гончая Ада's Укус and Гон",
        "Гон открывается, «если на Кладбище находятся либо Суккуб и Бес, либо Демонолог». Когда "
        "должно выполняться условие?",
        ("hunt_night", "в ночь Гона"),
        ("bite_night", "уже в ночь Укуса"),
    ),
    flag(
        "hunt_blockable", "A42", "Гончая Ада's Укус and Гон",
        "Гон — автоматическая атака. Действуют ли на неё Чары, Очарование, Валет Крестей, стражи и защиты?",
        yes="да, как на любое действие Гончей",
        no="нет: Гон происходит всегда",
    ),
)


@dataclass(frozen=True)
class Hunt:
    """A Укус that may be followed by Гон the next night (A42)."""
    hound: str
    victim: str
    night: int
    order: Order
    unlocked: bool = False   # Гон's condition on the night of the Укус (A42 3 b)


@dataclass(frozen=True)
class Hunting:
    """The Гончая Ада's memory across phases (its state slot): last night's Укус, if any."""
    hunt: Hunt | None = None


@night_step("N0", "f", ability="Гон")
def create_hunt(night: NightAPI) -> None:
    """Гон: «если наутро после Укуса жертва осталась жива, следующей ночью Гончая
    автоматически проводит еще одну атаку (не Укус)» (A42)."""
    hunt = night.state.of(Hunting).hunt
    night.state.put(Hunting())
    if hunt is None or hunt.night != night.n - 1:
        return
    hound, victim = night.p(hunt.hound), night.p(hunt.victim)
    if hound.secret_role != "Гончая Ада" or hound.dead or hound.in_prison:
        return
    if victim.dead or (night.rulings["hunt_victim_alive"] == "not_on_graveyard_or_prison"
                       and victim.in_prison):
        return
    unlocked = hunt_unlocked(night) if night.rulings["hunt_unlock_check"] == "hunt_night" \
        else hunt.unlocked
    if not unlocked:
        return
    order = Order(by=hound.nick, ability="Гон", target=victim.nick)
    night.add_automatic(order, shielded=not night.rulings["hunt_blockable"])
    night.trace(f"Гон: {hound.nick} снова атакует {victim.nick}", "Гон", hunt.order)


def hunt_unlocked(night: NightAPI) -> bool:
    """«Если на Кладбище находятся либо Суккуб и Бес, либо Демонолог, открывается
    способность Гон»."""
    return (night.on_graveyard("Суккуб") and night.on_graveyard("Бес")) or night.on_graveyard("Демонолог")



@dataclass
class BiteNight:
    """Whether Гон was unlocked at the start of the night of the Укус (A42 3 b)."""
    unlocked: bool = False


@night_step("N0", "f", ability="Укус")
def bite_night_unlock(night: NightAPI) -> None:
    """«наносит единицу урона цели»
    Whether Гон is unlocked on the night of the Укус (A42 `hunt_unlock_check`)."""
    night.own(BiteNight).unlocked = hunt_unlocked(night)


@night_step("N5", "a", ability="Укус")
def bite_condition(night: NightAPI) -> None:
    """«Не может применяться на цель, которую в эту же ночь выбирали другие Демоны»:
    otherwise it fails silently (A42, §9)."""
    for bite in [a for a in night.actions if a.name == "Укус" and a.live]:
        chosen = {bite.order.target}
        if not night.rulings["redirect_ignores_restrictions"]:
            chosen.add(bite.targets[0])   # A44 (3) b: the rule holds on the new target too
        for other in night.actions:
            if (other.user != bite.user and not other.auto
                    and night.p(other.user).faction is Faction.DEMONS
                    and chosen & set(other.order.all_targets)):
                bite.failed = True
                night.emit(ev.Fizzled(str(night.phase), night.cause("Укус", bite.order, other.order),
                                      "Укус не сработал: цель уже выбирали другие Демоны",
                                      bite.user, "Укус", "цель уже выбирали другие Демоны"))
                break


@night_step("N22", "e", ability="Гон")
def schedule_hunt(night: NightAPI) -> None:
    """«если наутро после Укуса жертва осталась жива, следующей ночью Гончая
    автоматически проводит еще одну атаку»: remembered for the next night."""
    for bite in night.live_actions("Укус"):
        victim = night.p(bite.targets[0])
        if victim.alive:
            night.state.put(Hunting(Hunt(bite.user, victim.nick, night.n, bite.order,
                                         unlocked=night.own(BiteNight).unlocked)))


@attack("Укус")
def bite_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«наносит единицу урона цели» (rank 4)"""
    return action.rank, 1


@attack("Гон")
def hunt_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«проводит еще одну атаку (не Укус), нанося единицу урона» (rank 4)."""
    return action.rank, 1
