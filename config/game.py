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
vote_count:                        # public vote counts drafted by day (off when absent; `gorod count` any time)
  every_hours: 6                   # every 6 hours from the day's start
  before_deadline_hours: [2]       # and 2 hours before the deadline
store: null                        # the game's SQLite file (default: gorod.sqlite3 beside this file)
```

Validated whole at load: every key and value, the file's encoding (UTF-8), keys given
twice, numbers within sane ranges, the profile's name, the templates folder. Every error
is one Russian sentence naming the file and the key path (`game.yaml: schedule.night_starts:
...`); the commands print it and exit 2. Only `yaml.safe_load`'s constructors are used
(`config.yamlfile`, which also refuses a repeated key). Sections other parts read whole
(`parsing:` by the order parser, `replay:` by the replay, the templates themselves) are
checked by `gorod.loop.game.check_sections` when a game is opened.
"""
from __future__ import annotations

import difflib
import math
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from config.profiles import locate_profile
from engine.morph import Gender
from config.yamlfile import NotUtf8, load_unique, utf8_text, value_kind, yaml_problem
from engine.names import OPEN_ROLES, SECRET_ROLES, canon_open_role, canon_secret_role
from engine.reading_fields import problems as reading_field_problems
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
class VoteCountSchedule:
    """When the worker drafts a public vote count by day (`vote_count:`): every
    `every_hours` from the day's start, and `before_deadline_hours` before its deadline.
    Off (neither) by default."""
    every_hours: float | None = None
    before_deadline_hours: tuple[float, ...] = ()

    @property
    def on(self) -> bool:
        return self.every_hours is not None or bool(self.before_deadline_hours)


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
    vote_count: VoteCountSchedule = field(default_factory=VoteCountSchedule)

    @property
    def players(self) -> dict[str, tuple[str, str]]:
        return {s.nick: (s.open_role, s.secret_role) for s in self.seats}


TOP_KEYS = {"title", "forum", "players", "setup", "schedule", "poll_interval", "rulings",
            "parsing", "templates", "seed", "secret_roles", "receipts", "store", "style", "replay",
            "vote_count"}
# The drafts' styles (publisher/templates/<style>/), with the Russian words accepted for each.
DRAFT_STYLES = {"terse": ("terse", "краткий", "кратко", "коротко"),
                "full": ("full", "подробный", "подробно", "полный")}
# A player's `gender:`, Russian or English.
GENDER_WORDS = {
    Gender.FEMALE: ("ж", "жен", "женский", "женщина", "девушка", "f", "female", "woman"),
    Gender.MALE: ("м", "муж", "мужской", "мужчина", "парень", "m", "male", "man"),
}
# sections kept whole in `GameConfig.extra` for the part that reads them
EXTRA_SECTIONS = frozenset({"replay"})
_TIME = re.compile(r"^([01]?\d|2[0-3]):([0-5]\d)$")
# sane ranges: a value outside is a typo, not a wish (2**63 seconds between polls)
POLL_INTERVAL = (10, 86_400)
MIN_INTERVAL = (0.0, 3_600.0)
MAX_DAY_HOURS = (1, 24 * 30)
RESOLVE_MINUTES = (0, 24 * 60)
VOTE_COUNT_HOURS = (0.1, 24.0 * 30)   # from six minutes to the longest day
SEED = (0, 2**63 - 1)     # SQLite's integers


def load_game(path: str | Path, *, extra_keys: frozenset[str] = frozenset()) -> GameConfig:
    """Read and validate a game config. `extra_keys` are top-level sections other parts
    own (kept, unvalidated, in `GameConfig.extra`)."""
    where = str(path)
    try:
        raw = Path(path).read_bytes()
    except FileNotFoundError:
        raise GameConfigError(f"{where}: файл игры не найден (укажите --game ФАЙЛ или переменную "
                              "GOROD_GAME; без них берётся ./game.yaml; новый: gorod init game.yaml)") from None
    except IsADirectoryError:
        raise GameConfigError(f"{where}: это папка, а не файл игры (укажите --game ФАЙЛ.yaml)") from None
    except PermissionError:
        raise GameConfigError(f"{where}: нет прав на чтение файла игры") from None
    except OSError as exc:
        raise GameConfigError(f"{where}: не удаётся прочитать файл (ошибка ОС {exc.errno})") from None
    try:
        text = utf8_text(raw)
    except NotUtf8 as exc:
        raise GameConfigError(f"{where}: {exc}") from None
    try:
        data = load_unique(text)
    except yaml.YAMLError as exc:
        raise GameConfigError(f"{where}: ошибка в YAML: {yaml_problem(exc)}") from None
    game = game_from_mapping(data, where, extra_keys=extra_keys)
    _check_templates(game)
    return game


def game_from_mapping(data: Any, where: str = "game", *,
                      extra_keys: frozenset[str] = frozenset()) -> GameConfig:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise GameConfigError(f"{where}: на верхнем уровне нужен словарь ключей (title:, forum:, players: ...)")
    for key in data:
        if not isinstance(key, str):
            raise GameConfigError(f"{where}: {key!r}: ключ должен быть словом")
    unknown = sorted(set(data) - TOP_KEYS - set(extra_keys))
    if unknown:
        raise GameConfigError(f"{where}: " + "; ".join(f"{key}: неизвестный ключ{_maybe(key, TOP_KEYS)}" for key in unknown)
                              + f" (известны: {', '.join(sorted(TOP_KEYS))})")
    try:
        rulings = Rulings.from_mapping(_mapping(data.get("rulings"), f"{where}: rulings") or {},
                                       where=f"{where}: rulings")
    except RulingsError as exc:
        raise GameConfigError(str(exc)) from None
    parsing = _mapping(data.get("parsing"), f"{where}: parsing") or {}
    templates = data.get("templates")
    if templates is not None and (not isinstance(templates, str) or not templates.strip()):
        raise GameConfigError(f"{where}: templates: нужен путь к папке шаблонов, а не {templates!r}")
    title = data.get("title")
    if title is not None and not isinstance(title, (str, int, float)):
        raise GameConfigError(f"{where}: title: нужна строка, а не {type(title).__name__}")
    for key in EXTRA_SECTIONS | set(extra_keys):
        _mapping(data.get(key), f"{where}: {key}")
    return GameConfig(
        path=where,
        title=str(title or ""),
        forum=_forum(data.get("forum"), where, Path(where).parent),
        seats=seats_from_mapping(data.get("players"), where),
        setup=_setup(data.get("setup"), where, rulings),
        schedule=_schedule(data.get("schedule"), where),
        poll_interval=_int(data.get("poll_interval", 300), f"{where}: poll_interval", *POLL_INTERVAL),
        rulings=rulings,
        parsing=parsing,
        templates=templates,
        seed=_int(data.get("seed", 0), f"{where}: seed", *SEED),
        extra={k: data[k] for k in EXTRA_SECTIONS | set(extra_keys) if k in data},
        secret_roles=_secret_roles(data.get("secret_roles"), where),
        receipts=_bool(data.get("receipts", False), f"{where}: receipts"),
        store=_optional_str(data.get("store"), f"{where}: store"),
        genders=genders_from_mapping(data.get("players"), where),
        style=_style(data.get("style"), where),
        vote_count=_vote_count(data.get("vote_count"), where),
    )


def templates_folder(game: GameConfig) -> Path | None:
    """The GM's templates folder, relative to the config file when not absolute."""
    if not game.templates:
        return None
    path = Path(game.templates).expanduser()
    if not path.is_absolute() and Path(game.path).exists():
        path = Path(game.path).resolve().parent / path
    return path


def _check_templates(game: GameConfig) -> None:
    folder = templates_folder(game)
    if folder is not None and not folder.is_dir():
        what = "это файл, а не папка" if folder.exists() else "такой папки нет"
        raise GameConfigError(f"{game.path}: templates: {folder}: {what}")


def _mapping(raw: Any, path: str) -> Mapping[str, Any] | None:
    if raw is not None and not isinstance(raw, Mapping):
        raise GameConfigError(f"{path}: нужен словарь ключей, а не {value_kind(raw)}")
    return raw


FORUM_KEYS = {"profile", "base_url", "thread_url", "gm_user", "password_env", "password_file", "min_interval"}


def _forum(raw: Any, where: str, game_dir: Path) -> ForumConfig:
    if raw is None:
        return ForumConfig()
    _mapping(raw, f"{where}: forum")
    for key in raw:
        if key not in FORUM_KEYS:
            raise GameConfigError(f"{where}: forum.{key}: неизвестный ключ{_maybe(key, FORUM_KEYS)} (известны: "
                                  f"{', '.join(sorted(FORUM_KEYS))})")
    values: dict[str, Any] = {}
    for key in FORUM_KEYS - {"min_interval"}:
        value = raw.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, (str, int, float)):
            raise GameConfigError(f"{where}: forum.{key}: нужна строка, а не {value_kind(value)}")
        values[key] = str(value)
    for key in ("base_url", "thread_url"):
        value = values.get(key)
        if value is not None and not re.match(r"^https?://[^\s/]+", value):
            raise GameConfigError(f"{where}: forum.{key}: нужен адрес http:// или https://, а не {value!r}")
    env = values.get("password_env")
    if env is not None and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", env):
        raise GameConfigError(f"{where}: forum.password_env: нужно ИМЯ переменной окружения (не сам пароль), а не {env!r}")
    if values.get("profile"):   # a GM's own profile: found from the game file's folder
        values["profile"] = locate_profile(values["profile"], game_dir)
    if "profile" in values and values["profile"] != "auto":
        _check_profile(values["profile"], where, game_dir)
    if "min_interval" in raw:
        values["min_interval"] = _number(raw["min_interval"], f"{where}: forum.min_interval", *MIN_INTERVAL)
    return ForumConfig(**values)


def _check_profile(name: str, where: str, game_dir: Path) -> None:
    from config.profiles import ProfileError, load_profile

    try:
        load_profile(name, game_dir)
    except (ProfileError, OSError, UnicodeError, yaml.YAMLError) as exc:
        raise GameConfigError(f"{where}: forum.profile: {_profile_problem(name, exc)}") from None


def _profile_problem(name: str, exc: Exception) -> str:
    """Why the named profile does not load, in the GM's words; a fault inside a profile file
    is quoted as the profile validator names it (its key path in that file)."""
    from config.profiles import ProfileNotFound, profile_names

    text = str(exc)
    if isinstance(exc, ProfileNotFound) and not exc.is_path:
        return (f"нет такого профиля {name!r}; есть: {', '.join(profile_names())} "
                f"(или путь к своему файлу профиля, README «Your forum»)")
    if isinstance(exc, ProfileNotFound):
        return f"нет файла профиля {name!r}"
    if "не в кодировке UTF-8" in text:
        return text
    if isinstance(exc, (OSError, UnicodeError)):
        return f"файл профиля {name!r} не читается ({type(exc).__name__})"
    return f"в файле профиля {name!r} ошибка: «{text}»"


def seats_from_mapping(raw: Any, where: str, *, need_secret: bool = False) -> tuple[Seat, ...]:
    """The `players:` mapping (nickname: {open, secret}) of a game or a scenario, validated:
    known roles, each open role held once («каждой явной роли может быть только один
    представитель»). Before the deal a game may leave `secret` out; a scenario may not."""
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: players: нужен словарь ник: {{open, secret}}")
    seats = []
    taken: dict[str, str] = {}
    for nick, roles in raw.items():
        path = f"{where}: players.{nick}"
        if isinstance(nick, bool) or not isinstance(nick, (str, int)) or not str(nick).strip():
            raise GameConfigError(f"{path}: ник должен быть непустой строкой")
        if not isinstance(roles, Mapping):
            raise GameConfigError(f"{path}: нужен словарь с ключами open и secret")
        extra = sorted(str(k) for k in roles if k not in ("open", "secret", "gender"))
        if extra:
            raise GameConfigError(f"{path}.{extra[0]}: неизвестный ключ (известны: open, secret, gender)")
        open_role = roles.get("open")
        secret = roles.get("secret")
        if open_role is None or not isinstance(open_role, str) or canon_open_role(open_role) is None:
            raise GameConfigError(f"{path}.open: неизвестная явная роль «{open_role}»{_maybe(open_role, OPEN_ROLES)}")
        canon = canon_open_role(open_role)
        if canon in taken:
            raise GameConfigError(f"{path}.open: роль {canon} уже у {taken[canon]}")
        taken[canon] = str(nick)
        if secret is None and need_secret:
            raise GameConfigError(f"{path}: нужны open и secret")
        if secret is not None and (not isinstance(secret, str) or canon_secret_role(secret) is None):
            raise GameConfigError(f"{path}.secret: неизвестная тайная роль «{secret}»{_maybe(secret, SECRET_ROLES)}")
        seats.append(Seat(str(nick), canon, canon_secret_role(secret) if secret else ""))
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


def _setup(raw: Any, where: str, rulings: Rulings) -> Mapping[str, Any]:
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: setup: нужен словарь ник: {{mask, hand}}")
    for nick, choice in raw.items():
        if choice is not None and not isinstance(choice, Mapping):
            raise GameConfigError(f"{where}: setup.{nick}: нужен словарь {{mask: ..., hand: [...]}}, "
                                  f"а не {value_kind(choice)}")
    misplaced = reading_field_problems(rulings, raw, [])
    if misplaced:   # a field of a reading the game did not choose (engine/reading_fields.py)
        raise GameConfigError("; ".join(f"{where}: {line}" for line in misplaced))
    return dict(raw)


SCHEDULE_KEYS = {"timezone", "night_starts", "day_starts", "max_day_hours", "resolve_minutes"}


def _schedule(raw: Any, where: str) -> Schedule:
    if raw is None:
        return Schedule()
    _mapping(raw, f"{where}: schedule")
    for key in raw:
        if key not in SCHEDULE_KEYS:
            raise GameConfigError(f"{where}: schedule.{key}: неизвестный ключ{_maybe(key, SCHEDULE_KEYS)} (известны: "
                                  f"{', '.join(sorted(SCHEDULE_KEYS))})")
    values = {}
    if "timezone" in raw:
        try:
            ZoneInfo(str(raw["timezone"]))
        except (ZoneInfoNotFoundError, ValueError, OSError):
            raise GameConfigError(f"{where}: schedule.timezone: неизвестный часовой пояс {raw['timezone']!r} (например Europe/Moscow)") from None
        values["timezone"] = str(raw["timezone"])
    for key in ("night_starts", "day_starts"):
        if key in raw:
            text = str(raw[key])
            if isinstance(raw[key], int) and not isinstance(raw[key], bool):   # YAML reads 22:00 as sexagesimal
                text = f"{raw[key] // 60:02d}:{raw[key] % 60:02d}"
            if not _TIME.match(text):
                raise GameConfigError(f"{where}: schedule.{key}: нужно время ЧЧ:ММ, а не {raw[key]!r}")
            values[key] = text
    if "max_day_hours" in raw:
        values["max_day_hours"] = _int(raw["max_day_hours"], f"{where}: schedule.max_day_hours", *MAX_DAY_HOURS)
    if "resolve_minutes" in raw:
        values["resolve_minutes"] = _int(raw["resolve_minutes"], f"{where}: schedule.resolve_minutes",
                                         *RESOLVE_MINUTES)
    return Schedule(**values)


VOTE_COUNT_KEYS = {"every_hours", "before_deadline_hours"}


def _vote_count(raw: Any, where: str) -> VoteCountSchedule:
    if raw is None:
        return VoteCountSchedule()
    _mapping(raw, f"{where}: vote_count")
    for key in raw:
        if key not in VOTE_COUNT_KEYS:
            raise GameConfigError(f"{where}: vote_count.{key}: неизвестный ключ{_maybe(key, VOTE_COUNT_KEYS)} "
                                  f"(известны: {', '.join(sorted(VOTE_COUNT_KEYS))})")
    every = raw.get("every_hours")
    if every is not None:
        every = _hours(every, f"{where}: vote_count.every_hours")
    before = raw.get("before_deadline_hours")
    if before is None:
        before = []
    if not isinstance(before, list):
        raise GameConfigError(f"{where}: vote_count.before_deadline_hours: нужен список часов до срока "
                              f"([2] или [6, 1]), а не {value_kind(before)}")
    hours = []
    for i, value in enumerate(before):
        hour = _hours(value, f"{where}: vote_count.before_deadline_hours[{i}]")
        if hour in hours:
            raise GameConfigError(f"{where}: vote_count.before_deadline_hours[{i}]: {value!r} уже есть в списке")
        hours.append(hour)
    return VoteCountSchedule(every, tuple(sorted(hours, reverse=True)))


def _hours(value: Any, path: str) -> float:
    low, high = VOTE_COUNT_HOURS
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise GameConfigError(f"{path}: нужно число часов, а не {value!r}")
    if not low <= value <= high:
        raise GameConfigError(f"{path}: нужно число часов от {low:g} до {high:g}, а не {value!r}")
    return float(value)


def _int(value: Any, path: str, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise GameConfigError(f"{path}: нужно целое число, а не {value!r}")
    if value < minimum:
        raise GameConfigError(f"{path}: не меньше {minimum}, а не {value}")
    if value > maximum:
        raise GameConfigError(f"{path}: не больше {maximum}, а не {value}")
    return value


def _number(value: Any, path: str, minimum: float, maximum: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise GameConfigError(f"{path}: нужно число секунд, а не {value!r}")
    if not minimum <= value <= maximum:
        raise GameConfigError(f"{path}: нужно число от {minimum:g} до {maximum:g}, а не {value!r}")
    return float(value)


def _secret_roles(raw: Any, where: str) -> tuple[str, ...]:
    if raw is None:
        return ()
    if not isinstance(raw, list):
        raise GameConfigError(f"{where}: secret_roles: нужен список тайных ролей")
    out = []
    for i, name in enumerate(raw):
        canon = canon_secret_role(name) if isinstance(name, str) else None
        if canon is None:
            raise GameConfigError(f"{where}: secret_roles[{i}]: неизвестная тайная роль {name!r}")
        out.append(canon)
    return tuple(out)


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise GameConfigError(f"{path}: нужно true или false, а не {value!r}")
    return value


def _optional_str(value: Any, path: str) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not value.strip():
        raise GameConfigError(f"{path}: нужен путь к файлу, а не {value!r}")
    return value


def _maybe(word: Any, known) -> str:
    """«; может быть: X» — the nearest known names to a misspelled one, or nothing."""
    near = difflib.get_close_matches(str(word), sorted(known), n=2, cutoff=0.6) if isinstance(word, str) else []
    return f"; может быть: {', '.join(near)}" if near else ""
