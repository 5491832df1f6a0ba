"""Data shared by the loop's tests (a module of its own: test files import it by this
unique name, never `conftest`)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import yaml

# Nine players, secret roles fixed so the tests know who does what.
PLAYERS = {
    "alice": {"open": "Мэр", "secret": "Лич"},
    "bob": {"open": "Оракул", "secret": "Зомби"},
    "carol": {"open": "Священник", "secret": "Демонолог"},
    "dave": {"open": "Вор", "secret": "Бес"},
    "erin": {"open": "Бандит", "secret": "Начальник стражи"},
    "frank": {"open": "Лекарь", "secret": "Стражник"},
    "grace": {"open": "Сыщик", "secret": "Мирный житель"},
    "heidi": {"open": "Богач", "secret": "Дознаватель"},
    "мирон": {"open": "Цыганка", "secret": "Мирный житель"},
}


# Monday 30 Nov 2026, 12:00 in Moscow (09:00 UTC).
T0 = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


def game_yaml(tmp_path: Path, **extra) -> Path:
    data = {
        "title": "Город N: тест",
        "forum": {"profile": "spirit", "base_url": "http://forum.test", "thread_url": "http://forum.test/topic/1/x/",
                  "gm_user": "gm", "password_env": "GOROD_TEST_GM_PASSWORD"},
        "players": PLAYERS,
        "schedule": {"night_starts": "22:00", "day_starts": "10:00", "resolve_minutes": 30},
        "poll_interval": 60,
        "seed": 7,
        **extra,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@dataclass
class Clock:
    now: datetime = T0

    def __call__(self) -> datetime:
        return self.now

    def at(self, moscow_hhmm: str, day: int = 0) -> datetime:
        """Moscow wall time on day T0 + `day`."""
        hour, minute = map(int, moscow_hhmm.split(":"))
        self.now = datetime(2026, 11, 30, hour, minute, tzinfo=timezone(timedelta(hours=3))) + timedelta(days=day)
        return self.now
