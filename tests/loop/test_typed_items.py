"""Unresolved items and notices go into the store and come back through one typed path:
the parser's `Unresolved` (its code with it) and `NoticeKind`, never dicts of strings."""
from __future__ import annotations

import pytest

from engine.phase import PhaseId
from gorod.loop.records import (
    NoticeKind, NoticeRow, NoticeSeen, Records, UnresolvedRow, UnresolvedStatus,
)
from gorod.store import MIGRATIONS, Store
from scraper.orders.result import MESSAGES, Reason, Unresolved


def _records(tmp_path, migrations=None) -> Records:
    return Records(Store(tmp_path / "game.sqlite3", migrations))


def test_an_unresolved_item_comes_back_as_the_parsers_item(tmp_path):
    records = _records(tmp_path)
    asked = Unresolved("кусаю Геню", Reason.LOW_CONFIDENCE, candidates=("Гена", "Женя"), ability="Укус")
    item_id = records.add_unresolved("night 2", "Боря", asked, source_kind="pm", source_id="4/9",
                                     source_version=1, item=0)
    assert records.add_unresolved(PhaseId.parse("night 2"), "Боря", asked, source_kind="pm", source_id="4/9",
                                  source_version=1, item=0) is None          # the same item once
    [row] = records.unresolved()
    assert isinstance(row, UnresolvedRow) and row.id == item_id
    assert row.asked == asked                                  # code, reason, candidates, ability
    assert row.code is Reason.LOW_CONFIDENCE and row.reason == MESSAGES[Reason.LOW_CONFIDENCE]
    assert (row.phase, row.status, row.candidates) == (PhaseId.parse("night 2"), UnresolvedStatus.OPEN,
                                                      ("Гена", "Женя"))
    assert row.to_json()["code"] == "low_confidence" and row.to_json()["candidates"] == ["Гена", "Женя"]
    assert records.close_unresolved(item_id)
    assert records.unresolved() == [] and records.unresolved(open_only=False)[0].status is UnresolvedStatus.DONE


def test_an_item_stored_before_codes_were_gets_its_code_from_its_reason(tmp_path):
    old = Store(tmp_path / "game.sqlite3", MIGRATIONS[:3])
    detailed = f"{MESSAGES[Reason.MISSING_ARGUMENT]}: нет второй цели"
    with old.transaction() as db:
        for n, reason in enumerate((MESSAGES[Reason.VOTE_AT_NIGHT], detailed, "что-то своё")):
            db.execute("INSERT INTO unresolved (phase, author, source_kind, source_id, source_version, item, text, "
                       "reason, candidates, created_at) VALUES ('day 1', 'dave', 'post', '12', 1, ?, 'т', ?, '[]', "
                       "'now')", (n, reason))
    old.close()
    rows = _records(tmp_path).unresolved()
    assert [r.code for r in rows] == [Reason.VOTE_AT_NIGHT, Reason.MISSING_ARGUMENT, Reason.ORDER_LIKE]
    assert [r.reason for r in rows][1:] == [detailed, "что-то своё"]       # the GM's text as stored


def test_a_notice_comes_back_with_its_kind_and_state_as_values(tmp_path):
    records = _records(tmp_path)
    assert records.notice("vote-complete:day 1", NoticeKind.VOTE_COMPLETE, "все проголосовали",
                          PhaseId.parse("day 1"))
    assert records.notice("drift:night 1", NoticeKind.DRIFT, "правила изменились")
    first, second = records.notices()
    assert isinstance(first, NoticeRow)
    assert (first.kind, first.phase, first.state, first.seen) == (
        NoticeKind.VOTE_COMPLETE, "day 1", NoticeSeen.UNREAD, False)
    assert second.phase is None and second.to_json()["phase"] is None
    records.clear_notices("vote-complete:")
    assert records.notices()[0].state is NoticeSeen.GONE
    assert records.mark_notices_seen([second.id]) == 1 and records.notices()[1].state is NoticeSeen.READ
    with pytest.raises(ValueError):
        records.notice("x", "no such kind", "…")                          # a kind is one of NoticeKind
