"""Тройка Бубен (Чутье): the Мастер карт learns every ability used on the target tonight."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.spec import RoleKind
from engine.abilities.registry import CARD_INFO, card
from engine.api import NightAPI
from engine.actions import ThrownCard

CARD = card(CardSpec("Тройка Бубен", "Тройка Бубен (Чутье) - Мастер карт узнает обо всех способностях, примененных к цели этой ночью. Брошенная на Гончую Ада, позволяет узнать её Тайную роль.", bonus="Гончая Ада"))


@CARD_INFO("Тройка Бубен")
def abilities_on_target(night: NightAPI, thrown: ThrownCard) -> None:
    """«Мастер карт узнает обо всех способностях, примененных к цели этой ночью»."""
    from engine.abilities.registry import registry_index

    target = thrown.targets[0]
    used = [a.name for a in night.actions if a.live and target in a.targets
            and a.spec.kind is not RoleKind.COMMON]
    night.learn(thrown.by, "Тройка Бубен", thrown.order, about=target,
                abilities=sorted(set(used), key=registry_index))
