"""Russian grammar the drafts need: plural forms of numerals (1 жизнь, 2 жизни, 5 жизней)."""
from __future__ import annotations


def plural(n: int, one: str, few: str, many: str) -> str:
    """The form of a noun after the number n: plural(21, "жизнь", "жизни", "жизней") -> "жизнь"."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def count(n: int, one: str, few: str, many: str) -> str:
    return f"{n} {plural(n, one, few, many)}"


def lives(n: int) -> str:
    return count(n, "жизнь", "жизни", "жизней")


def votes(n: int) -> str:
    return count(n, "голос", "голоса", "голосов")


def join(names) -> str:
    """«Аня, Боря и Вера»."""
    names = list(names)
    if not names:
        return ""
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " и " + names[-1]
