"""The `replay:` section of a game config: how gorod reads an archived game.

```yaml
replay:
  host: Мастер                 # the GM's forum name (default: forum.gm_user)
  gm_text:                     # what of a GM post has game-mechanical force (rules: «текст
    colors: [orange, "#ff9900"]  #   комментария (рыжий цвет текста)»): fragments in these
    bold: false                #   colours, and/or bold fragments (a forum without colours),
    label: null                #   and/or the lines after a label line («Комментарий:»)
  phase_header: '^\\W*(ночь|день)\\s+(\\d+)'   # a GM line that opens a phase (regex, any case)
  resolve_marker: 'резолв'     # a GM line that starts the «резолв» (no orders after it)
  boundaries: announcements    # or: schedule (the config's schedule, from `first_night`)
  first_night: "2026-11-01 22:00"   # with boundaries: schedule; schedule.timezone applies
```

Every error names the file and the key path (`game.yaml: replay.gm_text.colors[1]: …`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Mapping

from config.game import GameConfig, GameConfigError

# «рыжий цвет текста»: the spellings forums write for orange
DEFAULT_COLORS = ("orange", "darkorange", "#ffa500", "#ff8c00", "#ff9900", "#f90", "#fa0",
                  "#ff6600", "#f60", "#ff7f00", "#e67e22", "rgb(255, 165, 0)", "rgb(255, 140, 0)")
DEFAULT_HEADER = r"^\W*(ночь|день|night|day)\s+(\d+)\b"
DEFAULT_RESOLVE = r"\bрезолв"
SECTION = "replay"


@dataclass(frozen=True)
class GmText:
    colors: tuple[str, ...] = DEFAULT_COLORS
    bold: bool = False
    label: str | None = None


@dataclass(frozen=True)
class ReplaySettings:
    host: str | None = None
    gm_text: GmText = GmText()
    phase_header: re.Pattern = re.compile(DEFAULT_HEADER, re.IGNORECASE | re.MULTILINE)
    resolve_marker: re.Pattern = re.compile(DEFAULT_RESOLVE, re.IGNORECASE | re.MULTILINE)
    boundaries: str = "announcements"
    first_night: datetime | None = None


def replay_settings(game: GameConfig) -> ReplaySettings:
    """The validated `replay:` section of a game loaded with `extra_keys={"replay"}`."""
    raw = game.extra.get(SECTION)
    where = f"{game.path}: {SECTION}"
    if raw is None:
        raw = {}
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: нужен словарь ключей")
    known = {"host", "gm_text", "phase_header", "resolve_marker", "boundaries", "first_night"}
    for key in raw:
        if key not in known:
            raise GameConfigError(f"{where}.{key}: неизвестный ключ (известны: {', '.join(sorted(known))})")
    host = raw.get("host", game.forum.gm_user)
    values: dict[str, Any] = {"host": None if host is None else str(host)}
    values["gm_text"] = _gm_text(raw.get("gm_text"), f"{where}.gm_text")
    for key in ("phase_header", "resolve_marker"):
        if key in raw:
            try:
                values[key] = re.compile(str(raw[key]), re.IGNORECASE | re.MULTILINE)
            except re.error as exc:
                raise GameConfigError(f"{where}.{key}: это не регулярное выражение (ошибка в позиции {exc.pos}: «{exc.msg}»)") from None
    if "phase_header" in values and values["phase_header"].groups < 2:
        raise GameConfigError(f"{where}.phase_header: нужны две группы: вид фазы (ночь/день) и её номер")
    boundaries = str(raw.get("boundaries", "announcements"))
    if boundaries not in ("announcements", "schedule"):
        raise GameConfigError(f"{where}.boundaries: нужно announcements или schedule, а не {boundaries!r}")
    values["boundaries"] = boundaries
    first = raw.get("first_night")
    if first is not None:
        try:
            moment = first if isinstance(first, datetime) else datetime.fromisoformat(str(first))
        except ValueError:
            raise GameConfigError(f"{where}.first_night: нужны дата и время ГГГГ-ММ-ДД ЧЧ:ММ, а не {first!r}") from None
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=game.schedule.zone)
        values["first_night"] = moment
    elif boundaries == "schedule":
        raise GameConfigError(f"{where}.first_night: нужно при boundaries: schedule (когда началась первая ночь)")
    return ReplaySettings(**values)


def _gm_text(raw: Any, where: str) -> GmText:
    if raw is None:
        return GmText()
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: нужен словарь с ключами colors, bold, label")
    for key in raw:
        if key not in ("colors", "bold", "label"):
            raise GameConfigError(f"{where}.{key}: неизвестный ключ (известны: bold, colors, label)")
    colors = raw.get("colors", list(DEFAULT_COLORS))
    if colors is None:
        colors = []
    if not isinstance(colors, list):
        raise GameConfigError(f"{where}.colors: нужен список цветов")
    for i, c in enumerate(colors):
        if not isinstance(c, str) or not c.strip():
            raise GameConfigError(f"{where}.colors[{i}]: нужно название цвета или #rrggbb, а не {c!r}")
    bold = raw.get("bold", False)
    if not isinstance(bold, bool):
        raise GameConfigError(f"{where}.bold: нужно true или false, а не {bold!r}")
    label = raw.get("label")
    if label is not None and (not isinstance(label, str) or not label.strip()):
        raise GameConfigError(f"{where}.label: нужно непустое слово")
    if not colors and not bold and not label:
        raise GameConfigError(f"{where}: так ничто не сочтётся механическим текстом ведущего "
                              "(укажите colors, bold: true или label)")
    return GmText(tuple(c.strip().lower() for c in colors), bold, label.strip() if label else None)
