"""A profile's `dates.precision` must not be finer than what its engine's pages show.

gorod places an order shown in the minute of a phase boundary by when it first saw it
(gorod/loop/intake.py `_placed`); with `precision: second` on a board that shows minutes,
votes posted in the minute a day opened were refused as «опоздала: дана во время резолва»
(found on the live SMF 2.1.5: three of four day-1 votes). The saved live pages record what
each page shows (`precision`: 60 minutes, 1 seconds, 0 exact)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from config.profiles import load_profile

STATES = Path(__file__).parent / "pages" / "states"
PAGES = sorted(STATES.glob("*/*.json"))


@pytest.mark.parametrize("expected", PAGES, ids=[p.stem for p in PAGES])
def test_profile_precision_is_as_coarse_as_its_pages(expected: Path):
    want = json.loads(expected.read_text(encoding="utf-8"))
    profile = load_profile(want["profile"])
    assert profile.dates.precision_seconds >= want["precision"], (
        f"{expected.name}: the page shows times to {want['precision']} s, "
        f"profile {want['profile']!r} says dates.precision {profile.dates.precision!r}")
