"""The game file the parser reads: the scenario format's `players:` and a `parsing:` section."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from scraper.orders.names import Roster, RosterError
from scraper.orders.settings import ParseSettings, SettingsError


class GameFileError(ValueError):
    """A game file that cannot be read; the message names the file and the key path."""


@dataclass(frozen=True)
class Game:
    roster: Roster
    settings: ParseSettings
    rulings: Mapping[str, Any] = field(default_factory=dict)   # as written (the memo tells the readings' orders)


def load_game(path: str | Path) -> Game:
    import yaml

    from config.yamlfile import NotUtf8, load_unique, read_utf8

    try:
        data = load_unique(read_utf8(path))
    except NotUtf8 as exc:
        raise GameFileError(f"{path}: {exc}") from None
    except OSError as exc:
        raise GameFileError(f"{path}: файл не читается ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        raise GameFileError(f"{path}: не YAML ({exc})") from None
    if not isinstance(data, dict):
        raise GameFileError(f"{path}: нужен словарь с ключом players:")
    if "players" not in data:
        raise GameFileError(f"{path}: players: нет ключа (ник: {{open, secret}})")
    try:
        rulings = data.get("rulings") if isinstance(data.get("rulings"), dict) else {}
        return Game(Roster.from_mapping(data["players"]), ParseSettings.from_mapping(data.get("parsing")), rulings)
    except (RosterError, SettingsError) as exc:
        raise GameFileError(f"{path}: {exc}") from None
