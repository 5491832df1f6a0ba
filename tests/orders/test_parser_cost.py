"""The parser's work grows with the text's length, whatever its shape (issue 23: some 100 KB
texts cost 3–20 s of CPU). Not a timed test: it counts the words the parser tokenizes and
the characters its quote scanner visits, for a shape at two lengths; linear work grows 4
times for 4 times the text, the quadratic shapes found by benchmarks/orders_shapes.py grew
16 times. (The CPU ratios themselves: `python benchmarks/orders_shapes.py`.)"""
from __future__ import annotations

import pytest

import scraper.orders.parse as parse_module
import scraper.orders.text as text_module
from scraper.orders import Roster, parse_text

PLAYERS = {"Лис": {"open": "Мэр", "secret": "Бес"}, "Маша": {"open": "Вор", "secret": "Гончая Ада"},
           "Петя": {"open": "Лекарь", "secret": "Начальник стражи"}}
ROSTER = Roster.from_mapping(PLAYERS)


def tokenized(monkeypatch, text: str) -> int:
    """Words the parser's tokenizer produced while parsing `text` once."""
    count = 0
    real = text_module.tokens

    def counting(s: str):
        nonlocal count
        out = real(s)
        count += len(out)
        return out
    for module in (parse_module, text_module):
        monkeypatch.setattr(module, "tokens", counting)
    getattr(parse_module._defers, "cache_clear", lambda: None)()
    parse_text(text, ROSTER, author="Маша")
    return count


@pytest.mark.parametrize("unit", ["голосую против ", "Голосую против Кузькиной ", "Кусаю Лиса, бью Машу; "])
def test_a_sentence_of_many_orders_is_tokenized_in_linear_work(monkeypatch, unit):
    small = tokenized(monkeypatch, unit * 100)
    large = tokenized(monkeypatch, unit * 400)
    assert large <= 5 * small, (small, large)


def test_unclosed_quotes_are_scanned_in_linear_work(monkeypatch):
    visited = 0
    real_find = str.find

    class Counting(str):
        def find(self, sub, start=0, *args):
            nonlocal visited
            found = real_find(self, sub, start, *args)
            visited += (found if found != -1 else len(self)) - start
            return found
    for n in (1000, 4000):
        visited = 0
        text_module._quoted_runs(Counting("«Лис " * n))
        assert visited <= 2 * len("«Лис " * n)
    assert text_module._quoted_runs("«a» b «c") == [(0, 3)]
