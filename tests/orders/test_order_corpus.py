"""The real vote strings of ../shared/corpus/games/ (TeamLiquid EDN, mtgsalvation HTML).

- Each corpus row of cases.yaml occurs verbatim in its file (they are real strings).
- Every `##vote` line of the TeamLiquid threads, parsed with that thread's roster, gives
  exactly one vote or one unresolved item: never silence, never two readings.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from scraper.orders import ParseSettings, Roster, parse_text

TABLE = yaml.safe_load(Path(__file__).with_name("cases.yaml").read_text(encoding="utf-8"))
CORPUS_GROUPS = [g for g in TABLE["groups"] if g.get("corpus")]


def _games(shared: Path) -> Path:
    path = shared / "corpus" / "games"
    if not path.is_dir():
        pytest.skip("../shared/corpus/games is absent")
    return path


@pytest.mark.parametrize("group", CORPUS_GROUPS, ids=[g["corpus"] for g in CORPUS_GROUPS])
def test_corpus_rows_are_real(shared, group):
    raw = (_games(shared) / group["corpus"]).read_text(encoding="utf-8", errors="replace")
    for case in group["cases"]:
        assert case["text"] in raw, case["text"]
        if case.get("from"):
            assert case["from"] in raw


_VOTE = re.compile(r"##\s*(?:un)?vote[^\"\\\n<]*", re.IGNORECASE)


@pytest.mark.parametrize("group", [g for g in CORPUS_GROUPS if g["corpus"].endswith(".edn")],
                         ids=lambda g: g["corpus"])
def test_every_hash_vote_gives_one_reading(shared, group):
    raw = (_games(shared) / group["corpus"]).read_text(encoding="utf-8", errors="replace")
    roster = Roster.from_mapping(group["players"])
    votes = sorted(set(m.group().strip() for m in _VOTE.finditer(raw)))
    assert len(votes) > 20
    author = next(iter(group["players"]))
    resolved = 0
    for text in votes:
        result = parse_text(text, roster, ParseSettings(), author=author)
        assert len(result.orders) + len(result.unresolved) == 1, (text, result)
        resolved += len(result.orders)
    assert resolved >= len(votes) // 2
