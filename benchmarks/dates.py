"""The date readers against held-out date strings: how many they read right, how many non-dates
they take for dates, and their CPU time (a ratio to the first reader, same run).

    python benchmarks/dates.py [FILE.tsv]

FILE (default tests/scraper/dates/heldout.tsv; tuned.tsv is the first held-out set, which the
grammar was written against): `text<TAB>expected local time`, read in Europe/Moscow with now =
2026-12-01 21:00 there; the FILE's `-not-dates.txt` beside it: strings that are no time. Readers: the shipped profiles' formats through `scraper.dates.DateReader` (what
the learner used before it had a grammar), `dateparser` when installed (not a dependency of gorod:
measured only), and `scraper.dategrammar.read_any` (the grammar) where it exists.
"""
from __future__ import annotations

import sys
import time
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ZONE = ZoneInfo("Europe/Moscow")
NOW = datetime(2026, 12, 1, 21, 0, tzinfo=ZONE)


def _rows(path: Path) -> list[list[str]]:
    return [line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def _shown(value, want: str) -> str | None:
    if value is None:
        return None
    value = value.astimezone(ZONE) if value.tzinfo else value
    return value.strftime("%Y-%m-%d %H:%M:%S" if want.count(":") == 2 else "%Y-%m-%d %H:%M")


def readers() -> dict:
    from config.profiles import engine_profiles
    from scraper.dates import DateReader
    known: dict[str, None] = {}
    for p in engine_profiles():
        for f in p.dates.formats:
            if f not in ("epoch", "epoch_ms"):
                known.setdefault(f, None)
    known.setdefault("iso", None)
    shipped = DateReader(tuple(known), "Europe/Moscow")
    out = {"shipped formats": lambda t: shipped.read(t, now=NOW)}
    try:
        import dateparser
        settings = {"RELATIVE_BASE": NOW.replace(tzinfo=None), "TIMEZONE": "Europe/Moscow",
                    "RETURN_AS_TIMEZONE_AWARE": True, "PREFER_DATES_FROM": "past"}
        out["dateparser"] = lambda t: dateparser.parse(t, languages=["ru", "en"], settings=settings)
    except ImportError:
        pass
    try:
        from scraper.dategrammar import read_any
        out["grammar"] = lambda t: read_any(t, "Europe/Moscow", now=NOW)
    except ImportError:
        pass
    return out


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    path = Path(argv[0]) if argv else ROOT / "tests/scraper/dates/heldout.tsv"
    rows = _rows(path)
    negatives = [r[0] for r in _rows(path.with_name(path.stem + "-not-dates.txt"))]
    base = None
    for name, read in readers().items():
        t0 = time.process_time()
        for _ in range(3):
            wrong = [(text, _shown(read(text), want), want) for text, want in rows if _shown(read(text), want) != want]
            false = [(text, read(text)) for text in negatives if read(text) is not None]
        spent = time.process_time() - t0
        base = base or spent
        print(f"{name:16} {len(rows) - len(wrong)}/{len(rows)} read right, {len(false)}/{len(negatives)} "
              f"non-dates taken for dates, time {spent / base:.1f}x the first reader's")
        for w in wrong:
            print(f"    wrong: {w}")
        for f in false:
            print(f"    false: {f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
