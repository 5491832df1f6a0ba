"""Валет Крестей (Покров): the target's attacks are blocked tonight (N4 a)."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import card, night_step
from engine.api import NightAPI, THROW
from engine import events as ev

CARD = card(CardSpec("Валет Крестей", "Валет Крестей (Покров) - следующей ночью все атаки цели блокируются, вне зависимости от того, в кого они были направлены. Валет блокирует атаки прежде каких-либо способностей ролей. Брошенная на Призрака, позволяет Мастеру узнать его Тайную роль.", bonus="Призрак"))


@night_step("N4", "a", ability=THROW)
def club_jack(night: NightAPI) -> None:
    """Валет Крестей: «все атаки цели блокируются, вне зависимости от того, в кого они
    были направлены. Валет блокирует атаки прежде каких-либо способностей ролей.»"""
    for thrown in night.cards_as("Валет Крестей"):
        for action in night.actions_of(thrown.targets[0]):
            if action.spec.is_attack and not action.shielded:
                action.blocked = "Валет Крестей"
                night.emit(ev.Blocked(str(night.phase), night.cause("Валет Крестей", thrown.order, action.order),
                                      f"{action.name} игрока {action.user} заблокирована Валетом Крестей",
                                      action.user, action.name, "Валет Крестей"))
