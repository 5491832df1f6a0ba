"""Дама Червей (Мираж): the target's night actions but attacks go to the Мастер карт (N4 b)."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import card, night_step
from engine.api import NightAPI, THROW

CARD = card(CardSpec("Дама Червей", "Дама Червей (Мираж) - все ночные действия человека, на которого была брошена карта (за исключением атак) перенаправляются на Мастера карт (включая проверки роли и анонимные сообщения). Брошенная на Суккуба, позволяет Мастеру узнать его Тайную роль.", bonus="Суккуб"))


@night_step("N4", "b", ability=THROW)
def queen_of_hearts(night: NightAPI) -> None:
    """Дама Червей: «все ночные действия … (за исключением атак) перенаправляются на
    Мастера карт (включая проверки роли и анонимные сообщения)»."""
    for thrown in night.cards_as("Дама Червей"):
        for action in night.actions_of(thrown.targets[0]):
            if not action.spec.is_attack and action.targets:
                night.redirect(action, thrown.by, "Дама Червей", thrown.order)
        night.redirect_standing(thrown.targets[0], thrown.by, "Дама Червей", thrown.order)
