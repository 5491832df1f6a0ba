"""Reading forum times: month names in Russian and English, relative days, zones.

`DateReader(formats, zone, months=..., relative=...)` turns the text or
attribute a profile points at into a timezone-aware datetime:

- `formats` are `strptime` formats tried in order; `%B`/`%b` stand for a
  month *name* in any language the reader knows (Russian nominative, genitive
  and abbreviated forms, English full and abbreviated, "Sept."), so one
  format serves «5 марта 2024, 10:30» and "5 March 2024, 10:30".
- special formats: `iso` (ISO 8601, `Z` allowed), `epoch`, `epoch_ms`.
- relative days («сегодня», «вчера», "Today", "Yesterday", ...) are replaced by
  the date of `now` in the forum's zone, and the rest is read with
  `time_formats`.
- Django's "a.m."/"p.m.", "noon", "midnight" and "9 a.m." are understood.
- relative times («5 минут назад», «час назад», "2 hours ago", "an hour ago") are `now`
  less that much (`ago_delta`), whatever the formats.
- ordinals ("Dec 1st", "2nd December") are read as their numbers.
- A naive result gets the forum's zone (`zone`, an IANA name).

`read()` returns None when nothing fits; the caller raises the error, since it
knows the page and profile.
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

MONTHS: dict[str, int] = {}
_MONTH_FORMS = {
    1: "january jan январь января янв январе",
    2: "february feb февраль февраля фев февр феврале",
    3: "march mar март марта мар марте",
    4: "april apr апрель апреля апр апреле",
    5: "may май мая мае",
    6: "june jun июнь июня июн июне",
    7: "july jul июль июля июл июле",
    8: "august aug август августа авг августе",
    9: "september sep sept сентябрь сентября сен сент сентябре",
    10: "october oct октябрь октября окт октябре",
    11: "november nov ноябрь ноября ноя нояб ноябре",
    12: "december dec декабрь декабря дек декабре",
}
for _n, _forms in _MONTH_FORMS.items():
    for _f in _forms.split():
        MONTHS[_f] = _n

# days back from today
RELATIVE_DAYS: dict[str, int] = {
    "сегодня": 0, "today": 0, "вчера": 1, "yesterday": 1, "позавчера": 2,
}

DEFAULT_TIME_FORMATS = ("%H:%M", "%H:%M:%S", "%I:%M %p", "%I:%M:%S %p")

_AMPM = re.compile(r"(?:(?<=\d)|\b)\s?([ap])\.?\s?m\b\.?", re.I)     # «7:54pm» too
_HOUR_ONLY = re.compile(r"(?<![:\d])(\d{1,2})\s?(AM|PM)\b")
_SPACES = re.compile(r"\s+")
_NOON = re.compile(r"\bnoon\b", re.I)
_MIDNIGHT = re.compile(r"\bmidnight\b", re.I)
_LETTER = re.compile(r"[^\W\d_]")
_ORDINAL = re.compile(r"(?<=\d)(?:st|nd|rd|th)\b", re.I)
_SEEN_MAX = 4096  # distinct texts a reader remembers (then it starts over)


class DateReader:
    def __init__(
        self,
        formats: tuple[str, ...],
        zone: str = "UTC",
        months: dict[str, int] | None = None,
        relative: dict[str, int] | None = None,
        time_formats: tuple[str, ...] = DEFAULT_TIME_FORMATS,
    ) -> None:
        self.zone = ZoneInfo(zone)
        self.formats = tuple(formats)
        self._strp = tuple(_Format(_month_as_number(f)) for f in self.formats
                           if f not in ("iso", "epoch", "epoch_ms"))
        month_table = dict(MONTHS)
        month_table.update({k.lower(): v for k, v in (months or {}).items()})
        self._months = month_table
        names = sorted(month_table, key=len, reverse=True)
        self._month_re = re.compile(r"(?<!\w)" + _first_letters(names) + "(" + "|".join(map(re.escape, names))
                                    + r")\.?(?!\w)", re.I)
        rel = dict(RELATIVE_DAYS)
        rel.update({k.lower(): v for k, v in (relative or {}).items()})
        self._relative = rel
        words = sorted(rel, key=len, reverse=True)
        self._relative_re = re.compile(
            r"(?<!\w)" + _first_letters(words) + "(" + "|".join(map(re.escape, words)) + r")(?!\w)", re.I
        )
        self.time_formats = tuple(time_formats)
        self._time_strp = tuple(_Format(f) for f in self.time_formats)
        self._seen: dict[str, datetime] = {}  # text -> its absolute time (`read`)

    def read(self, text: str, now: datetime | None = None) -> datetime | None:
        """The time `text` says (see the module docstring), or None.

        Results that do not depend on `now` (all but «сегодня», "Yesterday", ...) are
        kept per distinct text: a poller reads the same page's times again and again."""
        key = str(text)  # a plain str: an lxml "smart" string would keep its page alive
        value = self._seen.get(key)
        if value is None:
            value, absolute = self._read(key, now)
            if value is not None and absolute:
                if len(self._seen) >= _SEEN_MAX:
                    self._seen.clear()
                self._seen[key] = value
        return value

    def _read(self, text: str, now: datetime | None) -> tuple[datetime | None, bool]:
        """`read` without the memory: the time and whether it is absolute (no `now` in it)."""
        raw = " ".join(text.split())
        if not raw:
            return None, True
        for fmt in self.formats:
            if fmt in ("iso", "epoch", "epoch_ms"):
                value = _special(fmt, raw)
                if value is not None:
                    # a Unix time has no zone of its own: show it in the forum's
                    return (value.astimezone(self.zone) if fmt != "iso" else self._aware(value)), True
        delta = ago_delta(raw) if _LETTER.search(raw) else None
        if delta is not None:
            return (now.astimezone(self.zone) if now else datetime.now(self.zone)) - delta, False
        norm = self._normalise(raw)
        rel = self._relative_re.search(norm) if _LETTER.search(norm) else None
        if rel:
            days = self._relative[rel.group(1).lower()]
            rest = (norm[: rel.start()] + " " + norm[rel.end():]).strip(" ,.-в").strip()
            rest = re.sub(r"^(в|at|,)\s+", "", rest)
            today = (now.astimezone(self.zone) if now else datetime.now(self.zone)).date()
            day = today - timedelta(days=days)
            for fmt in self._time_strp:
                t = fmt.parse(rest)
                if t is not None:
                    return datetime.combine(day, t.time(), self.zone), False
            return None, False
        for fmt in self._strp:
            value = fmt.parse(norm, self.zone)  # made in the forum's zone (no replace() after)
            if value is not None:
                return self._aware(value), True
        return None, True

    def _normalise(self, text: str) -> str:
        if not _LETTER.search(text):
            return text  # all digits and punctuation: nothing to translate
        s = self._month_re.sub(lambda m: str(self._months[m.group(1).lower()]), text)
        # each pattern below needs a letter that only its ASCII forms match, even under
        # re.I: a text without it is left as the pattern would leave it, at no regex cost
        if "n" in s or "N" in s:
            s = _NOON.sub("12:00 PM", s)
        if "m" in s or "M" in s:
            s = _MIDNIGHT.sub("12:00 AM", s)
            s = _AMPM.sub(lambda m: " " + m.group(1).upper() + "M", s)
        if "AM" in s or "PM" in s:
            s = _HOUR_ONLY.sub(r"\1:00 \2", s)
        if "t" in s or "d" in s or "T" in s or "D" in s:
            s = _ORDINAL.sub("", s)
        return s

    def _aware(self, value: datetime) -> datetime:
        if value.tzinfo is None:
            return value.replace(tzinfo=self.zone)
        return value


# «5 минут назад», «час назад», «2 hours ago», «an hour ago»: a number (or none: one) and a unit
_AGO = re.compile(r"(?i)^(?:less than\s+|менее\s+|меньше\s+)?(?:(\d+|an?|one|один|одну|одна|одно)\s+)?"
                  r"(sec|secs|seconds?|min|mins|minutes?|hours?|days?|weeks?|"
                  r"сек|секунд[уы]?|мин|минут[уы]?|минуты|час|часа|часов|день|дня|дней|недел[юиь]|недель)"
                  r"\.?\s+(?:ago|назад)$")
_NOW = re.compile(r"(?i)^(?:just now|только что|сейчас)$")
_AGO_UNIT = {"sec": 1, "сек": 1, "min": 60, "мин": 60, "hou": 3600, "час": 3600, "day": 86400, "ден": 86400,
             "дня": 86400, "дне": 86400, "wee": 604800, "нед": 604800}


def ago_delta(text: str) -> timedelta | None:
    """How long ago a relative time says («5 минут назад» -> 5 minutes), or None."""
    said = " ".join(text.split())
    if _NOW.match(said):
        return timedelta(0)
    m = _AGO.match(said)
    if m is None:
        return None
    count = int(m.group(1)) if m.group(1) and m.group(1).isdigit() else 1
    return timedelta(seconds=count * _AGO_UNIT[m.group(2).lower()[:3]])


def _first_letters(words: list[str]) -> str:
    """A lookahead on the words' first letters, put before an alternation of the words:
    it changes no match (under re.I the class folds case as the words do) but spares
    the regex engine trying all ~90 month names at every position of a date."""
    if not words or not all(words):
        return ""
    return "(?=[" + "".join(sorted({re.escape(w[0]) for w in words})) + "])"


_DIRECTIVES = {
    "Y": r"(?P<Y>\d{4})", "y": r"(?P<y>\d{2})", "m": r"(?P<m>\d{1,2})", "d": r"(?P<d>\d{1,2})",
    "H": r"(?P<H>\d{1,2})", "I": r"(?P<I>\d{1,2})", "M": r"(?P<M>\d{1,2})", "S": r"(?P<S>\d{1,2})",
    "p": r"(?P<p>[AP]M)", "a": r"[^\W\d_]+\.?", "A": r"[^\W\d_]+", "%": "%",
}


class _Format:
    """A strptime format compiled once to a regex (the directives forum dates use:
    %Y %y %m %d %H %I %M %S %p, and %a/%A for a weekday word in any language);
    other directives fall back to `datetime.strptime`. About 5x faster than strptime."""

    def __init__(self, fmt: str) -> None:
        self.fmt = fmt
        parts, used, i, ok = [], set(), 0, True
        while i < len(fmt):
            ch = fmt[i]
            if ch == "%" and i + 1 < len(fmt):
                name = fmt[i + 1]
                directive = _DIRECTIVES.get(name)
                if directive is None or name in used:  # unknown, or twice: let strptime judge
                    ok = False
                    break
                if directive.startswith("(?P<"):
                    used.add(name)
                parts.append(directive)
                i += 2
            elif ch.isspace():
                parts.append(r"\s+")
                i += 1
            else:
                parts.append(re.escape(ch))
                i += 1
        self.regex = re.compile("".join(parts), re.I) if ok else None

    def parse(self, text: str, tzinfo=None) -> datetime | None:
        """The time `text` says, naive, or in `tzinfo` when given and the format has no
        zone of its own (what `.replace(tzinfo=...)` on the naive value would give)."""
        if self.regex is None:
            try:
                return datetime.strptime(text, self.fmt)
            except ValueError:
                return None
        m = self.regex.fullmatch(text)
        if m is None:
            return None
        g = m.groupdict()
        if g.get("Y"):
            year = int(g["Y"])
        elif g.get("y"):
            year = int(g["y"]) + (2000 if int(g["y"]) < 69 else 1900)
        else:
            year = 1900
        hour = int(g["H"]) if g.get("H") else 0
        if g.get("I"):
            hour = int(g["I"]) % 12 + (12 if (g.get("p") or "").upper() == "PM" else 0)
        try:
            return datetime(year, int(g.get("m") or 1), int(g.get("d") or 1), hour,
                            int(g.get("M") or 0), int(g.get("S") or 0), tzinfo=tzinfo)
        except ValueError:
            return None


def _month_as_number(fmt: str) -> str:
    return fmt.replace("%B", "%m").replace("%b", "%m").replace("%h", "%m")


def _special(fmt: str, raw: str) -> datetime | None:
    try:
        if fmt == "iso":
            return datetime.fromisoformat(raw.replace("Z", "+00:00") if raw.endswith("Z") else raw)
        if fmt == "epoch":
            return datetime.fromtimestamp(int(raw), timezone.utc)
        if fmt == "epoch_ms":
            return datetime.fromtimestamp(int(raw) / 1000, timezone.utc)
    except (ValueError, OverflowError):
        return None
    return None


__all__ = ["DateReader", "MONTHS", "RELATIVE_DAYS", "ago_delta", "date"]
