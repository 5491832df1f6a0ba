"""The parser's work grows with the text's length, whatever its shape (issue 23: some 100 KB
texts cost 3–20 s of CPU). Not a timed test: it counts the lines of scraper/orders/ the
interpreter runs (beyond what a one-clause text costs) and the characters its quote scanner visits, for a shape at two lengths; linear work grows 4
times for 4 times the text, the quadratic shapes found by benchmarks/orders_shapes.py grew
16 times. (The CPU ratios themselves: `python benchmarks/orders_shapes.py`.)"""
from __future__ import annotations

from pathlib import Path

import pytest

import scraper.orders.text as text_module
from scraper.orders import Roster, parse_text

PLAYERS = {"Лис": {"open": "Мэр", "secret": "Бес"}, "Маша": {"open": "Вор", "secret": "Гончая Ада"},
           "Петя": {"open": "Лекарь", "secret": "Начальник стражи"}}
ROSTER = Roster.from_mapping(PLAYERS)


def _clear_memos() -> None:
    import importlib
    import pkgutil

    import scraper.orders as package
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"scraper.orders.{info.name}")
        for value in list(vars(module).values()):
            getattr(value, "cache_clear", lambda: None)()


def work(text: str) -> int:
    """Lines of scraper/orders/ the interpreter ran while parsing `text` once, every memo of
    the package emptied first: the parser's work, whatever its functions are called (a loop
    over the text inside one function counts too)."""
    import sys

    count = 0
    folder = str(Path(parse_module_file()).parent)

    def local(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename.startswith(folder) else None
    _clear_memos()
    sys.settrace(tracer)
    try:
        parse_text(text, ROSTER, author="Маша")
    finally:
        sys.settrace(None)
    return count


def parse_module_file() -> str:
    import scraper.orders.parse
    return scraper.orders.parse.__file__


# each repeat numbered, so that no memo of a repeated clause hides the work
@pytest.mark.parametrize("unit", ["голосую против {i} ", "Голосую против Кузькиной {i} ", "Кусаю Лиса {i}, бью Машу; "])
def test_a_sentence_of_many_orders_is_read_in_linear_work(unit):
    base = work(unit.format(i=0))    # what any text costs (the roster's forms, the memos refilled)
    small = work("".join(unit.format(i=i) for i in range(100))) - base
    large = work("".join(unit.format(i=i) for i in range(400))) - base
    assert small >= 1000, small     # the count sees the parser's work at all
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
