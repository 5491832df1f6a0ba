"""The game config: one YAML file per game, validated into a `GameConfig`.

```yaml
title: Город N — осень 2026
forum:
  profile: mybbru                  # a profile's name (yours first: profiles/ beside this file, then
                                   # GOROD_PROFILES; then config/profiles/) or a path from this folder
  base_url: https://mafia.rusff.me
  thread_url: https://mafia.rusff.me/viewtopic.php?id=123
  gm_user: Мастер
  password_env: GOROD_GM_PASSWORD  # the name of the environment variable, never the password
  password_file: null              # or a file holding it, readable only by its owner (chmod 600)
  min_interval: 1.0                # seconds between two requests to the forum (be polite)
players:                           # nickname: {open, secret} (the scenario format), gender optional
  Аня: {open: Мэр, secret: Мирный житель, gender: ж}   # ж/м (женский/мужской): «казнена», «отправилась»
setup:                             # masks and the Мастер карт's hand (the scenario format)
  Вера: {mask: Мирный житель}
schedule:                          # Moscow time by default (the rules)
  timezone: Europe/Moscow
  night_starts: "22:00"
  day_starts: "10:00"
  max_day_hours: 48                # «Максимальная длительность игровых суток – два реальных дня»
  resolve_minutes: 30              # the «резолв» announcement is drafted this long before a deadline
poll_interval: 300                 # seconds between polls
rulings: {}                        # SPEC §11 options (gorod rulings)
parsing: {}                        # order parsing settings (scraper/orders/settings.py)
templates: null                    # a folder of the GM's own draft templates
style: terse                       # the drafts' news lines: terse (short mechanical comment) or full (whole sentences)
seed: 0                            # the seed of the secret-role deal
secret_roles: []                   # the deal's pool of secret roles (empty: the 15 roles, then Мирный житель)
receipts: false                    # draft a receipt to each order's author («ваша заявка прочитана как …»)
store: null                        # the game's SQLite file (default: gorod.sqlite3 beside this file)
```

Every error names the file and the key path (`game.yaml: schedule.night_starts: ...`).
Only `yaml.safe_load` is used.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from config.profiles import locate_profile
from engine.morph import Gender
from engine.names import canon_open_role, canon_secret_role
from engine.rulings import Rulings, RulingsError
from engine.setup import Seat


class GameConfigError(ValueError):
    """A game config that cannot be used; the message names the file and key path."""


@dataclass(frozen=True)
class ForumConfig:
    profile: str = "auto"
    base_url: str | None = None
    thread_url: str | None = None
    gm_user: str | None = None
    password_env: str | None = None
    password_file: str | None = None
    min_interval: float = 1.0


@dataclass(frozen=True)
class Schedule:
    timezone: str = "Europe/Moscow"
    night_starts: str = "22:00"
    day_starts: str = "10:00"
    max_day_hours: int = 48
    resolve_minutes: int = 30

    @property
    def zone(self) -> ZoneInfo:
        return ZoneInfo(self.timezone)


@dataclass(frozen=True)
class GameConfig:
    path: str
    title: str
    forum: ForumConfig
    seats: tuple[Seat, ...]
    setup: Mapping[str, Any]
    schedule: Schedule
    poll_interval: int
    rulings: Rulings
    parsing: Mapping[str, Any]
    templates: str | None
    seed: int
    extra: Mapping[str, Any] = field(default_factory=dict)
    secret_roles: tuple[str, ...] = ()
    receipts: bool = False
    store: str | None = None
    genders: Mapping[str, Gender] = field(default_factory=dict)
    style: str = "terse"

    @property
    def players(self) -> dict[str, tuple[str, str]]:
        return {s.nick: (s.open_role, s.secret_role) for s in self.seats}


TOP_KEYS = {"title", "forum", "players", "setup", "schedule", "poll_interval", "rulings",
            "parsing", "templates", "seed", "secret_roles", "receipts", "store", "style"}
# The drafts' styles (publisher/templates/<style>/), with the Russian words accepted for each.
DRAFT_STYLES = {"terse": ("terse", "краткий", "кратко", "коротко"),
                "full": ("full", "подробный", "подробно", "полный")}
# A player's `gender:`, Russian or English.
GENDER_WORDS = {
    Gender.FEMALE: ("ж", "жен", "женский", "женщина", "девушка", "f", "female", "woman"),
    Gender.MALE: ("м", "муж", "мужской", "мужчина", "парень", "m", "male", "man"),
}
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")


def load_game(path: str | Path, *, extra_keys: frozenset[str] = frozenset()) -> GameConfig:
    """Read and validate a game config. `extra_keys` are top-level sections other parts
    own (kept, unvalidated, in `GameConfig.extra`)."""
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise GameConfigError(f"{where}: cannot read: {exc.strerror}") from None
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise GameConfigError(f"{where}: malformed YAML: {exc}") from None
    return game_from_mapping(data, where, extra_keys=extra_keys)


def game_from_mapping(data: Any, where: str = "game", *,
                      extra_keys: frozenset[str] = frozenset()) -> GameConfig:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise GameConfigError(f"{where}: expected a mapping at the top level")
    unknown = sorted(set(map(str, data)) - TOP_KEYS - set(extra_keys))
    if unknown:
        raise GameConfigError(f"{where}: {unknown[0]}: unknown key (known: {', '.join(sorted(TOP_KEYS))})")
    try:
        rulings = Rulings.from_mapping(data.get("rulings") or {}, where=f"{where}: rulings")
    except RulingsError as exc:
        raise GameConfigError(str(exc)) from None
    parsing = data.get("parsing") or {}
    if not isinstance(parsing, Mapping):
        raise GameConfigError(f"{where}: parsing: must be a mapping")
    templates = data.get("templates")
    if templates is not None and not isinstance(templates, str):
        raise GameConfigError(f"{where}: templates: must be a folder path")
    return GameConfig(
        path=where,
        title=str(data.get("title") or ""),
        forum=_forum(data.get("forum"), where, Path(where).parent),
        seats=seats_from_mapping(data.get("players"), where),
        setup=_setup(data.get("setup"), where),
        schedule=_schedule(data.get("schedule"), where),
        poll_interval=_int(data.get("poll_interval", 300), f"{where}: poll_interval", minimum=10),
        rulings=rulings,
        parsing=parsing,
        templates=templates,
        seed=_int(data.get("seed", 0), f"{where}: seed", minimum=0),
        extra={k: data[k] for k in extra_keys if k in data},
        secret_roles=_secret_roles(data.get("secret_roles"), where),
        receipts=_bool(data.get("receipts", False), f"{where}: receipts"),
        store=_optional_str(data.get("store"), f"{where}: store"),
        genders=genders_from_mapping(data.get("players"), where),
        style=_style(data.get("style"), where),
    )


def _forum(raw: Any, where: str, game_dir: Path) -> ForumConfig:
    if raw is None:
        return ForumConfig()
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: forum: must be a mapping")
    known = {"profile", "base_url", "thread_url", "gm_user", "password_env", "password_file", "min_interval"}
    for key in raw:
        if key not in known:
            raise GameConfigError(f"{where}: forum.{key}: unknown key (known: {', '.join(sorted(known))})")
    for key in ("base_url", "thread_url"):
        value = raw.get(key)
        if value is not None and not re.match(r"^https?://", str(value)):
            raise GameConfigError(f"{where}: forum.{key}: must be an http(s) URL, got {value!r}")
    env = raw.get("password_env")
    if env is not None and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", str(env)):
        raise GameConfigError(f"{where}: forum.password_env: the NAME of an environment variable, "
                              f"got {env!r}")
    values = {k: (None if v is None else str(v)) for k, v in raw.items() if k != "min_interval"}
    if "min_interval" in raw:
        interval = raw["min_interval"]
        if isinstance(interval, bool) or not isinstance(interval, (int, float)) or interval < 0:
            raise GameConfigError(f"{where}: forum.min_interval: expected seconds (a number ≥ 0), got {interval!r}")
        values["min_interval"] = float(interval)
    if values.get("profile"):   # a GM's own profile: found from the game file's folder
        values["profile"] = locate_profile(values["profile"], game_dir)
    return ForumConfig(**values)


def seats_from_mapping(raw: Any, where: str, *, need_secret: bool = False) -> tuple[Seat, ...]:
    """The `players:` mapping (nickname: {open, secret}) of a game or a scenario, validated:
    known roles, each open role held once («каждой явной роли может быть только один
    представитель»). Before the deal a game may leave `secret` out; a scenario may not."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: players: must be a mapping of nickname: {{open, secret}}")
    seats = []
    taken: dict[str, str] = {}
    for nick, roles in raw.items():
        path = f"{where}: players.{nick}"
        if not isinstance(roles, Mapping):
            raise GameConfigError(f"{path}: must be a mapping with 'open' and 'secret'")
        open_role = roles.get("open")
        secret = roles.get("secret")
        if open_role is None or canon_open_role(str(open_role)) is None:
            raise GameConfigError(f"{path}.open: unknown open role {open_role!r}")
        canon = canon_open_role(str(open_role))
        if canon in taken:
            raise GameConfigError(f"{path}.open: {canon} is already held by {taken[canon]}")
        taken[canon] = str(nick)
        if secret is None and need_secret:
            raise GameConfigError(f"{path}: needs 'open' and 'secret'")
        if secret is not None and canon_secret_role(str(secret)) is None:
            raise GameConfigError(f"{path}.secret: unknown secret role {secret!r}")
        seats.append(Seat(str(nick), canon, canon_secret_role(str(secret)) if secret else ""))
    return tuple(seats)


def genders_from_mapping(raw: Any, where: str) -> dict[str, Gender]:
    """Each player's `gender:` (ж/м, женский/мужской, …): what the drafts' verbs agree with.
    A player without one gets the dictionary's gender of his name, else a neutral wording."""
    out: dict[str, Gender] = {}
    for nick, roles in (raw or {}).items() if isinstance(raw, Mapping) else ():
        if not isinstance(roles, Mapping) or roles.get("gender") is None:
            continue
        value = str(roles["gender"]).strip().lower().rstrip(".")
        found = next((g for g, words in GENDER_WORDS.items() if value in words), None)
        if found is None:
            raise GameConfigError(f"{where}: players.{nick}.gender: непонятный пол {roles['gender']!r}: "
                                  "напишите «ж» или «м» (женский, мужской)")
        out[str(nick)] = found
    return out


def _style(raw: Any, where: str) -> str:
    if raw is None:
        return "terse"
    value = str(raw).strip().lower()
    found = next((style for style, words in DRAFT_STYLES.items() if value in words), None)
    if found is None:
        raise GameConfigError(f"{where}: style: неизвестный стиль черновиков {raw!r}: напишите terse "
                              "(краткий игромеханический комментарий) или full (подробный текст мастера)")
    return found


def _setup(raw: Any, where: str) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: setup: must be a mapping of nickname: {{mask, hand}}")
    return dict(raw)


def _schedule(raw: Any, where: str) -> Schedule:
    if raw is None:
        return Schedule()
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: schedule: must be a mapping")
    known = {"timezone", "night_starts", "day_starts", "max_day_hours", "resolve_minutes"}
    for key in raw:
        if key not in known:
            raise GameConfigError(f"{where}: schedule.{key}: unknown key (known: {', '.join(sorted(known))})")
    values = {}
    if "timezone" in raw:
        try:
            ZoneInfo(str(raw["timezone"]))
        except (ZoneInfoNotFoundError, ValueError):
            raise GameConfigError(f"{where}: schedule.timezone: unknown time zone {raw['timezone']!r}") from None
        values["timezone"] = str(raw["timezone"])
    for key in ("night_starts", "day_starts"):
        if key in raw:
            text = str(raw[key])
            if isinstance(raw[key], int):   # YAML reads 22:00 as a sexagesimal int
                text = f"{raw[key] // 60:02d}:{raw[key] % 60:02d}"
            if not _TIME.match(text):
                raise GameConfigError(f"{where}: schedule.{key}: expected HH:MM, got {raw[key]!r}")
            values[key] = text
    if "max_day_hours" in raw:
        values["max_day_hours"] = _int(raw["max_day_hours"], f"{where}: schedule.max_day_hours", minimum=1)
    if "resolve_minutes" in raw:
        values["resolve_minutes"] = _int(raw["resolve_minutes"], f"{where}: schedule.resolve_minutes", minimum=0)
    return Schedule(**values)


def _int(value: Any, path: str, *, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameConfigError(f"{path}: expected a whole number, got {value!r}")
    if value < minimum:
        raise GameConfigError(f"{path}: must be at least {minimum}, got {value}")
    return value


def _secret_roles(raw: Any, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameConfigError(f"{where}: secret_roles: must be a list of secret roles")
    out = []
    for i, name in enumerate(raw):
        canon = canon_secret_role(str(name))
        if canon is None:
            raise GameConfigError(f"{where}: secret_roles[{i}]: unknown secret role {name!r}")
        out.append(canon)
    return tuple(out)


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise GameConfigError(f"{path}: expected true or false, got {value!r}")
    return value


def _optional_str(value: Any, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise GameConfigError(f"{path}: expected a file path, got {value!r}")
    return value
