"""Canonical names of «Город N» (SPEC.md §0): factions, roles, moons, statuses, cards.

Every name is the nominative spelling of rules-ru.txt; `canon()` folds case and
`ё` so that aliases and user input map to one canonical string.
"""
from __future__ import annotations

from typing import Iterable

from enum import Enum


def fold(text: str) -> str:
    """Case- and ё-insensitive key of a name (SPEC §0: «ё» = «е»)."""
    return " ".join(text.replace("ё", "е").replace("Ё", "Е").casefold().split())


class Faction(str, Enum):
    UNDEAD = "НЖ"
    DEMONS = "Д"
    LAW = "З"
    NEUTRAL = "Н"


class Moon(str, Enum):
    NEW = "Новолуние"
    HALF = "Полулуние"
    FULL = "Полнолуние"


def moon_of_night(number: int) -> Moon:
    """«Игра начинается с Новолуния, потом ночи меняются в указанном порядке.»"""
    return (Moon.NEW, Moon.HALF, Moon.FULL)[(number - 1) % 3]


def cycle_of(number: int) -> int:
    """The cycle of nights (1-based) that night or day `number` belongs to (SPEC §1.2)."""
    return (number - 1) // 3 + 1


class Status(str, Enum):
    NONE = "none"
    LAZARET = "Лазарет"
    PRISON = "Тюрьма"
    GRAVEYARD = "Кладбище"
    LEFT = "Выбыл"


OPEN_ROLES: tuple[str, ...] = (
    "Мэр", "Астролог", "Оракул", "Цыганка", "Священник", "Дворянин", "Сыщик", "Бандит",
    "Бунтарь", "Ведьма", "Кузнец", "Вор", "Оборотень", "Лекарь", "Сплетник", "Богач",
)
FORMER_MAYOR = "Мэр (бывший)"

SECRET_ROLE_FACTIONS: dict[str, Faction] = {
    "Лич": Faction.UNDEAD,
    "Зомби": Faction.UNDEAD,
    "Призрак": Faction.UNDEAD,
    "Некромант": Faction.UNDEAD,
    "Демонолог": Faction.DEMONS,
    "Бес": Faction.DEMONS,
    "Суккуб": Faction.DEMONS,
    "Гончая Ада": Faction.DEMONS,
    "Начальник стражи": Faction.LAW,
    "Стражник": Faction.LAW,
    "Инквизитор": Faction.LAW,
    "Дознаватель": Faction.LAW,
    "Мирный житель": Faction.LAW,
    "Тварь": Faction.NEUTRAL,
    "Мастер карт": Faction.NEUTRAL,
}
SECRET_ROLES: tuple[str, ...] = tuple(SECRET_ROLE_FACTIONS)
CIVILIAN = "Мирный житель"
# The two gangs' members that Мистическая связь / Знакомства по ту сторону name.
UNDEAD_SERVANTS = ("Зомби", "Призрак", "Некромант")
DEMON_SERVANTS = ("Бес", "Суккуб", "Гончая Ада")

# The deck (rules: «Колода для Мастера карт»), with nicknames; «Шулер» names two
# cards and is not accepted alone (SPEC §0).
CARDS: dict[str, str | None] = {
    "Король Пик": "Кукла",
    "Четверка Крестей": "Грызня",
    "Валет Крестей": "Покров",
    "Валет Пик": "Подмена",
    "Король Червей": "Сдвиг",
    "Двойка Червей": "Рок",
    "Дама Червей": "Мираж",
    "Тройка Бубен": "Чутье",
    "Валет Бубен": "Эгида",
    "Шестерка Бубен": "Щит",
    "Туз Бубен": "Немота",
    "Четверка Бубен": "Догадка",
    "Пятерка Бубен": None,
    "Пятерка Крестей": None,
    "Туз Крестей": "Паранойя",
    "Джокер": "Козырь",
}


def _index(names: Iterable[str], extra: dict[str, str] | None = None) -> dict[str, str]:
    table = {fold(n): n for n in names}
    for alias, name in (extra or {}).items():
        table[fold(alias)] = name
    return table


_OPEN = _index(OPEN_ROLES, {FORMER_MAYOR: FORMER_MAYOR})
_SECRET = _index(SECRET_ROLES)
_CARDS = _index(CARDS, {nick: card for card, nick in CARDS.items() if nick})


def canon_open_role(name: str) -> str | None:
    return _OPEN.get(fold(name))


def canon_secret_role(name: str) -> str | None:
    return _SECRET.get(fold(name))


def canon_card(name: str) -> str | None:
    return _CARDS.get(fold(name))


def faction_of(secret_role: str) -> Faction:
    return SECRET_ROLE_FACTIONS[secret_role]
