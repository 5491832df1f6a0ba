"""The shape of a date as a forum writes it: a grammar of date pieces, for any forum.

    shape_of(text) -> tuple[str, ...]     the `DateReader` formats that read `text` (best first), or ()
    read_any(text, zone, now=None)        the time `text` says, by its own shape, or None

The text is cut into pieces: a weekday, a day (an ordinal «1st» too), a month name (Russian
in every case and short form, English; `scraper.dates.MONTHS`), a year, a numeric date
(28.11.2026, 11/28/2026, 2026-11-28), a clock (19:52, 7:54 PM, 10 a.m.), and between them
only what forums write there: commas, dashes, «г.», «года», «в», «at», «um», «à», «|». Any
other word, and the text is no date (an author's name, «Голосую против Пети», «Сообщений:
27»). A day and a month, or a numeric date, are required, or a relative day («Сегодня»,
«Вчера», «Today», «Yesterday») with a clock, or a relative time («5 минут назад», «2 hours
ago»). ISO 8601 is its own shape. Relative texts say no date form: their shape is RELATIVE.

Why a grammar of our own and not `dateparser` (measured in benchmarks/dates.py on the
held-out strings of tests/scraper/dates): both read the held-out shapes, but dateparser takes
a quarter of the non-dates for dates («Май», «12», «Сегодня», «5 минут»), is some hundred
times slower, and says no format: a profile must state the form it found, so that the
extractor reads every later page the same way, fast.
"""
from __future__ import annotations

import re
from datetime import datetime
from functools import lru_cache

from scraper.dates import MONTHS, RELATIVE_DAYS, DateReader, ago_delta

RELATIVE = "*relative*"     # the shape of «Сегодня, 14:21» and «5 минут назад»: no date form

WEEKDAYS = frozenset("""понедельник вторник среда среду четверг пятница пятницу суббота субботу воскресенье
    пн вт ср чт пт сб вс пнд втр срд чтв птн сбт вск monday tuesday wednesday thursday friday saturday sunday
    mon tue tues wed thu thur thurs fri sat sun""".split())
# words a forum writes between the pieces of a date
_GLUE = frozenset("г г. года в во at on of um à de le el the".split())
_PUNCT = re.compile(r"^[\s,;|@/·•–—\-]*$")
_AMPM = re.compile(r"(?i)^(?:[ap]\.?\s?m\.?)$")

_TOKEN = re.compile(r"""
    (?P<iso>\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)
  | (?P<ymd>\d{4})(?P<ys>[./-])(?P<ym>\d{1,2})(?P=ys)(?P<yd>\d{1,2})(?!\d)
  | (?P<a>\d{1,2})(?P<s>[./-])(?P<b>\d{1,2})(?P=s)(?P<y>\d{4}|\d{2})(?!\d)
  | (?P<clock>\d{1,2}:\d{2}(?::\d{2})?)(?:\s?(?P<ap>[AaPp]\.?\s?[Mm]\b\.?))?
  | (?P<hour>\d{1,2})\s?(?P<ap2>[AaPp]\.?\s?[Mm]\b\.?)
  | (?P<num>\d+)(?:st|nd|rd|th)?(?![\w:])
  | (?P<word>[^\W\d_]+\.?)
""", re.X)


def shape_of(text: str) -> tuple[str, ...]:
    raw = " ".join(str(text).split())
    if not raw or len(raw) > 80:
        return ()
    if _iso(raw):
        return ("iso",)
    if ago_delta(raw) is not None:
        return (RELATIVE,)
    pieces = _pieces(raw)
    if pieces is None:
        return ()
    kinds = [k for k, _ in pieces if k not in ("glue", "sep")]
    if "relday" in kinds:
        return (RELATIVE,) if kinds.count("relday") == 1 and "clock" in kinds and \
            not {"month", "year", "numdate", "day"} & set(kinds) else ()
    if not ("numdate" in kinds or ("month" in kinds and "day" in kinds)):
        return ()
    if kinds.count("month") > 1 or kinds.count("clock") > 1 or kinds.count("year") > 1 \
            or kinds.count("day") > 1 or kinds.count("numdate") > 1:
        return ()
    if "month" in kinds and "year" not in kinds:
        return ()       # «28 ноя 19:54»: no year, no date a profile can pin
    out = []
    for variant in _variants(pieces):
        fmt = "".join(variant)
        if fmt not in out and _reader(fmt).read(raw) is not None:
            out.append(fmt)
    return tuple(out)


def forms_with_clock(seconds: bool, ampm: bool) -> tuple[str, ...]:
    """Date forms forums write, with a clock of this shape: what a page whose every time is
    relative («Сегодня, 11:41») may show for an older post (the page does not say which)."""
    clock = ("%I:%M:%S %p" if seconds else "%I:%M %p") if ampm else ("%H:%M:%S" if seconds else "%H:%M")
    days = ("%d %B %Y", "%d %B %Y г.", "%d.%m.%Y", "%B %d, %Y", "%d %b, %Y", "%m/%d/%Y", "%m-%d-%Y", "%Y-%m-%d")
    return tuple(f"{d}{glue}{clock}" for d in days for glue in (", ", " ", " в ", " at "))


_PIECE_RX = {"d": r"\d{1,2}(?:st|nd|rd|th)?", "m": r"\d{1,2}", "Y": r"\d{4}", "y": r"\d{2}", "B": r"[^\W\d_]+\.?",
             "b": r"[^\W\d_]+\.?", "a": r"[^\W\d_]+\.?", "H": r"\d{1,2}", "I": r"\d{1,2}", "M": r"\d{2}",
             "S": r"\d{2}", "p": r"[AaPp]\.?\s?[Mm]\.?", "%": "%"}


def format_regex(fmt: str) -> str | None:
    """A regex matching what a format reads, as the page writes it (a month name, «7:54 pm»):
    for cutting a time out of a longer text («От: Мастер 24 ноября 2026 г. 17:29»)."""
    if fmt in ("iso", RELATIVE):
        return None
    out, i = [], 0
    while i < len(fmt):
        ch = fmt[i]
        if ch == "%" and i + 1 < len(fmt):
            piece = _PIECE_RX.get(fmt[i + 1])
            if piece is None:
                return None
            out.append(piece)
            i += 2
        elif ch.isspace():
            # (the space before AM/PM is often left out: «01:45PM», which the reader reads too)
            out.append(r"\s*" if fmt[i + 1:i + 3] == "%p" else r"\s+")
            i += 1
        else:
            out.append(re.escape(ch))
            i += 1
    return "".join(out)


@lru_cache(maxsize=512)
def _reader(fmt: str) -> DateReader:
    return DateReader((fmt,), "UTC")


def read_any(text: str, zone: str = "UTC", now: datetime | None = None) -> datetime | None:
    shape = shape_of(text)
    if not shape:
        return None
    return DateReader(tuple(f for f in shape if f != RELATIVE), zone).read(text, now)


def relative(text: str) -> bool:
    """A time said relative to now («Сегодня, 14:21», «5 минут назад»)."""
    return shape_of(text) == (RELATIVE,)


def _iso(raw: str) -> bool:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?", raw):
        return False
    try:
        datetime.fromisoformat(raw.replace("Z", "+00:00"))
        return True
    except ValueError:
        return False


def _pieces(raw: str):
    """(kind, format text) for each piece and each separator, or None when a word is no date's."""
    out, pos = [], 0
    for m in _TOKEN.finditer(raw):
        between = raw[pos:m.start()]
        if between:
            if not _PUNCT.match(between) or pos == 0:     # (a date opens with a piece of its own)
                return None
            out.append(("sep", between.replace("%", "%%")))
        pos = m.end()
        g = m.groupdict()
        if g["iso"]:
            return None
        if g["ymd"]:
            s = g["ys"]
            out.append(("numdate", (f"%Y{s}%m{s}%d",)))
        elif g["a"]:
            out.append(("numdate", _numeric(int(g["a"]), int(g["b"]), g["s"], len(g["y"]))))
        elif g["clock"]:
            seconds = g["clock"].count(":") == 2
            if g["ap"]:
                out.append(("clock", "%I:%M:%S %p" if seconds else "%I:%M %p"))
            else:
                out.append(("clock", "%H:%M:%S" if seconds else "%H:%M"))
        elif g["hour"]:
            out.append(("clock", "%I:%M %p"))       # «10 a.m.»: the reader writes it 10:00 AM
        elif g["num"]:
            n = g["num"]
            if len(n) == 4 and 1970 <= int(n) <= 2100:
                out.append(("year", "%Y"))
            elif len(n) <= 2 and 1 <= int(n) <= 31:
                out.append(("day", "%d"))
            else:
                return None
        else:
            word = g["word"].lower()
            bare = word.rstrip(".")
            if bare in MONTHS or word in MONTHS:
                out.append(("month", "%B"))
            elif bare in WEEKDAYS:
                out.append(("weekday", "%a"))
            elif bare in RELATIVE_DAYS:
                out.append(("relday", None))
            elif bare in ("noon", "midnight"):
                out.append(("clock", "%I:%M %p"))   # the reader writes them 12:00 PM and 12:00 AM
            elif word in _GLUE or bare in _GLUE:
                out.append(("glue", g["word"].replace("%", "%%")))
            else:
                return None
    if raw[pos:]:
        return None     # nor does it end with a separator («13.12.21, 14:42 |»: the date is before it)
    return out


def _numeric(a: int, b: int, sep: str, ylen: int) -> tuple[str, ...]:
    y = "%Y" if ylen == 4 else "%y"
    dm, md = f"%d{sep}%m{sep}{y}", f"%m{sep}%d{sep}{y}"
    if a > 12:
        return (dm,)
    if b > 12:
        return (md,)
    # both could be the month: a dot is written day first, a slash or a dash month first
    # (USA); the learner keeps the reading under which the thread's times go forward
    return (dm, md) if sep == "." else (md, dm)


def _variants(pieces) -> list[list[str]]:
    """Every format the pieces make (a numeric date may read day or month first)."""
    out: list[list[str]] = [[]]
    for kind, value in pieces:
        if kind == "numdate":
            out = [o + [v] for o in out for v in value]
        elif kind == "sep":
            out = [o + [value] for o in out]
        else:
            out = [o + [value] for o in out]
    return out


__all__ = ["RELATIVE", "WEEKDAYS", "format_regex", "forms_with_clock", "read_any", "relative", "shape_of"]
