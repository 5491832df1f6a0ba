"""Draft keys are typed values with the text the store keeps: each form reads back as
itself, and a key of another form reads as None (its maker reads it)."""
from __future__ import annotations

import pytest

from publisher.keys import PhaseKey, SourceKey, StartKey, parse_key


@pytest.mark.parametrize("key", [
    SourceKey("late", "post", "123", 2),
    SourceKey("receipt", "pm", "55", 1),
    SourceKey("receipt", "gm", "gm:4", 1),          # a GM's entry: its id holds a colon
    PhaseKey("receipt", "day 1", 2, "Аня"),
    PhaseKey("now", "night 3", 1, "Вася Пупкин"),
    PhaseKey("count", "day 2", 1),
    StartKey("Аня"),
])
def test_a_key_reads_back_as_itself(key):
    assert parse_key(str(key)) == key


def test_the_store_keeps_the_text_it_always_had():
    assert str(SourceKey("late", "post", "123", 2)) == "late:post:123:2"
    assert str(PhaseKey("receipt", "day 1", 2, "Аня")) == "receipt:day 1:Аня:2"
    assert str(PhaseKey("count", "day 2", 1)) == "count:day 2:1"


@pytest.mark.parametrize("text", ["question:day 1:Аня:Преемственность", "resolve:day 1:2026-01-01T00:00",
                                  "receipt:post:12", "now:day 1", ""])
def test_another_form_is_none(text):
    assert parse_key(text) is None
