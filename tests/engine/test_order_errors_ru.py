"""Every OrderError the GM can see is Russian and names the field (issues 14, 16): the
messages of engine/orders.py, engine/validate.py and the abilities' `shape` hooks.

The scan reads each `OrderError(...)` built in the product code: its literal words must hold
Russian, and any Latin word in them must be a FORMAT.md field or value the GM writes."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from engine.abilities import ABILITIES
from engine.orders import Order, OrderError
from engine.rulings import SPECS, Rulings
from engine.setup import Seat, new_game
from engine.validate import MISSING_RU, check_shape

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("engine", "config", "scraper", "publisher", "gorod")
# FORMAT.md's order fields and values: written in Latin letters by the GM, so named as they are
FIELDS = {"by", "ability", "target", "targets", "to", "text", "mode", "heal", "kill", "card", "as",
          "cards", "roles", "list", "command", "signal", "save", "swap_mask", "resummon", "votes", "answer",
          "true", "false"}
# The game file's `rulings:` keys and readings, named as the GM writes them
RULING_WORDS = {"rulings"} | {spec.key for spec in SPECS} | {
    word for spec in SPECS for reading in spec.readings if isinstance(reading, str)
    for word in re.findall(r"[A-Za-z_]+", reading)}


def _messages() -> list[tuple[str, str]]:
    """(file:line, the message's literal text with each {placeholder} as «…»); a missing
    field's words (engine.validate.MISSING_RU, each ability's `Args`: `arg(missing=…)`) too."""
    out = [(f"engine/validate.py:MISSING_RU[{field.value}]", text) for field, text in MISSING_RU.items()]
    out += [(f"{spec.args.__module__}:{spec.args.__name__}.{key}", spec.args.missing_text(key))
            for spec in ABILITIES if spec.args is not None for key in spec.args.keys()
            if spec.args.missing_text(key)]
    for path in (p for part in PRODUCT for p in sorted((ROOT / part).rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "OrderError" and node.args):
                continue
            parts = []
            for arg in ast.walk(node.args[0]):
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    parts.append(arg.value)
            out.append((f"{path.relative_to(ROOT)}:{node.lineno}", " … ".join(parts)))
    return out


def test_the_scan_sees_the_order_errors():
    found = _messages()
    assert len(found) >= 35, found
    assert {where.split(":")[0] for where, _ in found} >= {"engine/orders.py", "engine/validate.py"}


@pytest.mark.parametrize("where,text", _messages())
def test_every_order_error_is_russian(where, text):
    words = re.findall(r"[A-Za-z_]+", text)
    if not re.search(r"[A-Za-z]", text) and not re.search(r"[а-яё]", text, re.I):
        return   # only joins what is said elsewhere («{phase}: {order}: {exc}»)
    assert re.search(r"[а-яё]", text, re.I), f"{where}: {text!r} has no Russian"
    foreign = [w for w in words if w not in FIELDS and w not in RULING_WORDS]
    assert not foreign, f"{where}: {text!r}: English words {foreign}"


SEATS = [Seat("Аня", "Мэр", "Мирный житель"), Seat("Боря", "Вор", "Бес"), Seat("Вера", "Оракул", "Лич")]


@pytest.mark.parametrize("order,says", [
    ("{by: Боря, ability: Полёт, target: Аня}", "неизвестная способность «Полёт» (поле ability)"),
    ("{by: Вася, ability: Нападение, target: Аня}", "неизвестный игрок «Вася» (поле by)"),
    ("{by: Боря, ability: Нападение, target: Петя}", "неизвестный игрок «Петя» (поле target)"),
    ("{by: Боря, ability: Нападение}", "Нападение: нужна цель (поле target)"),
    ("{by: Вера, ability: Зомбирование, target: Аня}", "(поле command)"),
    ("{by: Аня, ability: Деспотия}", "(поле ability)"),
])
def test_a_malformed_order_is_told_in_russian_naming_the_field(order, says):
    state, _ = new_game(SEATS, None, Rulings.from_mapping({}))
    with pytest.raises(OrderError) as caught:
        check_shape(state, Order.parse(order))
    assert says in str(caught.value)


@pytest.mark.parametrize("text,says", [
    ("{by: Аня, ability: Нападение, command: Боря}", "поле command"),
    ("{by: Аня, ability: Нападение, victim: Боря}", "неизвестное поле «victim»"),
    ("{ability: Нападение}", "нет поля by"),
    ("{by: Аня, ability: Нападение, save: да}", "поле save должно быть true или false"),
    ("{by: Аня", "не заявка"),
    ("Нападение на Борю", "заявка — это поля"),
])
def test_an_unreadable_order_is_told_in_russian(text, says):
    with pytest.raises(OrderError) as caught:
        Order.parse(text)
    assert says in str(caught.value)
