"""Четверка Бубен (Догадка): «да» or «нет»: is the target's role one of the roles listed."""
from __future__ import annotations

from engine.abilities.spec import CardSpec
from engine.abilities.registry import CARD_INFO, card
from engine.api import NightAPI
from engine.actions import ThrownCard

CARD = card(CardSpec("Четверка Бубен", "Четверка Бубен (Догадка) - вместе с броском пишет мастеру список из любого количества Тайных ролей. Если роль цели совпадает хотя бы с одним пунктом из списка, то получает ответ «да», иначе «нет». Брошенная на Дознавателя, позволяет Мастеру карт узнать его Тайную роль.", bonus="Дознаватель", needs_roles=True))


@CARD_INFO("Четверка Бубен")
def guess(night: NightAPI, thrown: ThrownCard) -> None:
    """«Если роль цели совпадает хотя бы с одним пунктом из списка, то получает ответ «да»,
    иначе «нет».»"""
    target = thrown.targets[0]
    night.learn(thrown.by, "Четверка Бубен", thrown.order, about=target,
                answer=night.apparent(target) in thrown.roles)
