"""The order table of issue 5 (cases.yaml): each text and its expected parse.

Every row is one text; the whole list of orders and of unresolved items must be
as written (a row with neither must yield nothing: a vote in a quote is removed
by the scraper, a discussion that names a role is not an order).
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scraper.orders import ParseSettings, Roster, Span, parse_text
from scraper.orders.result import order_json

TABLE = yaml.safe_load((Path(__file__).with_name("cases.yaml")).read_text(encoding="utf-8"))


def _rows():
    for group in TABLE["groups"]:
        for n, case in enumerate(group["cases"]):
            yield pytest.param(group, case, id=f"{group['name'].split()[0]}-{n}")


def test_table_has_at_least_150_rows():
    assert sum(len(g["cases"]) for g in TABLE["groups"]) >= 150


def _expected_orders(case):
    out = []
    for order in case.get("orders", []):
        order = dict(order)
        order.setdefault("by", case.get("from"))
        out.append(order)
    return out


@pytest.mark.parametrize("group,case", list(_rows()))
def test_row(group, case):
    roster = Roster.from_mapping(group["players"])
    settings = ParseSettings.from_mapping(case.get("settings"))
    spans = [Span(e["text"], bool(e.get("bold")), e.get("color")) for e in case.get("emphasis", [])]
    result = parse_text(case["text"], roster, settings, author=case.get("from"),
                        private=bool(case.get("secret")), emphasis=spans)
    got_orders = [order_json(o) for o in result.orders]
    got_unresolved = [u.to_json() for u in result.unresolved]
    assert got_orders == _expected_orders(case), got_unresolved
    want = case.get("unresolved", [])
    assert [u["code"] for u in got_unresolved] == [w["code"] for w in want], got_unresolved
    for got, wanted in zip(got_unresolved, want):
        if "candidates" in wanted:
            assert got["candidates"] == wanted["candidates"]
        assert got["reason"] and got["text"] == case["text"] or got["text"] in case["text"]
