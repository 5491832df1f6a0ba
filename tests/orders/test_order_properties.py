"""Properties of the order parser (hypothesis): it never crashes, and an order written
the way the memo teaches (`render`) parses back to the same order."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.abilities import ABILITIES, Field, RoleKind, TargetRule
from engine.names import CARDS, OPEN_ROLES, SECRET_ROLES
from engine.orders import Order, Command
from scraper.orders import ParseSettings, Roster, parse_text
from scraper.orders.memo import render
from scraper.orders.vocabulary import Channel, channel_of

# Every player holds some role so that any ability has a holder; nicknames with
# spaces, digits, Latin letters and ordinary words.
PLAYERS = {
    "Лис": {"open": "Мэр", "secret": "Бес"},
    "Мастер": {"open": "Вор", "secret": "Зомби"},
    "Тёмный Лорд": {"open": "Лекарь", "secret": "Мастер карт"},
    "Vasya99": {"open": "Богач", "secret": "Лич"},
    "Петя": {"open": "Сыщик", "secret": "Гончая Ада"},
    "Аня": {"open": "Ведьма", "secret": "Стражник"},
    "Кот Бегемот": {"open": "Астролог", "secret": "Начальник стражи"},
    "Ёжик": {"open": "Оракул", "secret": "Инквизитор"},
    "Бабушка": {"open": "Цыганка", "secret": "Дознаватель"},
    "Ecko": {"open": "Священник", "secret": "Суккуб"},
    "Граф_Дракула": {"open": "Дворянин", "secret": "Демонолог"},
    "Вера": {"open": "Бандит", "secret": "Призрак"},
    "Роза 7": {"open": "Бунтарь", "secret": "Некромант"},
    "Оля": {"open": "Кузнец", "secret": "Тварь"},
    "Дима": {"open": "Сплетник", "secret": "Мирный житель"},
    "Gena": {"open": "Оборотень", "secret": "Мирный житель"},
}
ROSTER = Roster.from_mapping(PLAYERS)
NICKS = sorted(PLAYERS)
ORDERABLE = [s for s in ABILITIES if s.orderable]
ROLE_COMMANDS = [s for s in ABILITIES if s.orderable and (s.kind == RoleKind.OPEN or s.name == "Голосование")
                 and Field.TARGET in s.fields]
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",), blacklist_characters="«»\"“”„\n\r"),
               min_size=1, max_size=30).map(str.strip).filter(bool)


def _holder(spec) -> str:
    if not spec.roles:
        return "Петя"
    for nick, roles in PLAYERS.items():
        if roles["open"] in spec.roles or roles["secret"] in spec.roles:
            return nick
    raise AssertionError(spec.name)


def _others(by: str):
    return st.sampled_from([n for n in NICKS if n != by])


@st.composite
def orders(draw) -> Order:
    spec = draw(st.sampled_from(ORDERABLE))
    by = _holder(spec)
    name = spec.name
    self_ok = spec.target in (TargetRule.ANY_LIVING, TargetRule.LIVING_IN_LAZARET, TargetRule.CARD)
    pick = st.sampled_from(NICKS) if self_ok else _others(by)
    if name == "Голосование":
        return Order(by, name, target=draw(st.one_of(st.none(), _others(by))))
    if name == "Голубиная почта":
        return Order.make(by, name, to=draw(_others(by)), text=draw(TEXT))
    if name == "Операция":
        return Order.make(by, name, target=draw(pick), mode=draw(st.sampled_from(["heal", "kill"])))
    if name == "Компромат":
        return draw(st.one_of(st.just(Order.make(by, name, save=True)),
                              _others(by).map(lambda t: Order(by, name, target=t))))
    if name == "Взятка":
        return Order(by, name, target=draw(st.one_of(st.none(), st.sampled_from(NICKS))))
    if name == "Sacrifice!":
        return Order.make(by, name, target=draw(pick), resummon=draw(st.one_of(st.none(), st.sampled_from(NICKS))))
    if name == "Пожирай":
        return Order.make(by, name, target=draw(pick), swap_mask=draw(st.booleans()))
    if name == "Зомбирование":
        if draw(st.booleans()):
            return Order.make(by, name, signal=True)
        cmd = draw(st.sampled_from(ROLE_COMMANDS))
        mode = draw(st.sampled_from(["heal", "kill"])) if cmd.name == "Операция" else None
        return Order.make(by, name, target=draw(_others(by)),
                     command=Command(cmd.name, draw(st.sampled_from(OPEN_ROLES)), mode))
    if name == "Король Пик":
        if draw(st.booleans()):
            return Order(by, name)
        cmd = draw(st.sampled_from(ROLE_COMMANDS))
        mode = draw(st.sampled_from(["heal", "kill"])) if cmd.name == "Операция" else None
        return Order.make(by, name, command=Command(cmd.name, draw(st.sampled_from(NICKS)), mode))
    if name == "Кинуть карты":
        card = draw(st.sampled_from(sorted(CARDS)))
        as_card = draw(st.sampled_from(sorted(c for c in CARDS if c != "Джокер"))) if card == "Джокер" else None
        acting = as_card or card
        roles = tuple(draw(st.lists(st.sampled_from(SECRET_ROLES), min_size=1, max_size=3, unique=True))) \
            if acting == "Четверка Бубен" else ()
        if acting == "Валет Пик":
            pair = draw(st.lists(st.sampled_from(NICKS), min_size=2, max_size=2, unique=True))
            return Order.make(by, name, card=card, as_card=as_card, targets=tuple(pair))
        return Order.make(by, name, card=card, as_card=as_card, target=draw(st.sampled_from(NICKS)), roles=roles)
    if name == "Тасовать карты":
        return Order.make(by, name, cards=tuple(draw(st.lists(st.sampled_from(sorted(CARDS)), min_size=4,
                                                         max_size=4, unique=True))))
    if name == "Раскрыть карты":
        nicks = draw(st.lists(st.sampled_from(NICKS), min_size=1, max_size=5, unique=True))
        return Order.make(by, name, reveal_list=tuple((n, draw(st.sampled_from(SECRET_ROLES))) for n in nicks))
    if Field.TARGETS in spec.fields:
        pool = [n for n in NICKS if n != by]
        pair = draw(st.lists(st.sampled_from(pool), min_size=2, max_size=2, unique=True))
        return Order(by, name, targets=tuple(pair))
    if Field.TARGET in spec.fields:
        return Order(by, name, target=draw(pick))
    return Order(by, name)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(orders())
def test_rendered_order_parses_back(order):
    text = render(order)
    private = channel_of(order.ability) == Channel.PM
    result = parse_text(text, ROSTER, author=order.by, private=private)
    assert result.unresolved == (), (text, result.unresolved)
    assert result.orders == (order,), text


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200), st.sampled_from([None, "Петя", "Незнакомец"]), st.booleans())
def test_parser_never_crashes(text, author, private):
    result = parse_text(text, ROSTER, author=author, private=private)
    for item in result.unresolved:
        assert item.reason and item.text is not None


WORDS = st.sampled_from(["Голосую", "против", "за", "Мэра", "Лиса", "кусаю", "Кража", ":", "—", "Петю",
                         "Кидаю", "Джокер", "как", "Рок", "на", "себя", "Зомбирую", "обворуй", "Голубь",
                         "«", "»", "##vote", "[b]", "[/b]", "Sacrifice!", "сигнал", "\n", ".", "?", "не",
                         "Раскрыть карты", "Лич", "Тёмного", "Лорда", "Vasya99", "Шулер", "Операция",
                         "убить", "Компромат", "копилку", "Влияние", "голосует", "Король Пик"])


@settings(max_examples=300, deadline=None)
@given(st.lists(WORDS, max_size=14).map(" ".join), st.sampled_from([None, "Петя", "Тёмный Лорд", "Vasya99"]),
       st.booleans(), st.sampled_from([ParseSettings(), ParseSettings(orders_outside_comment=False),
                                       ParseSettings.from_mapping({"vote_emphasis": "bold",
                                                                   "vote_forms": ["ru", "hash", "bold_name"]})]))
def test_parser_never_crashes_on_order_like_text(text, author, private, parse_settings):
    result = parse_text(text, ROSTER, parse_settings, author=author, private=private)
    for order in result.orders:
        assert order.by == (author if author in PLAYERS else "")
        if order.by:
            assert Order.parse(str(order)) == order


@pytest.mark.parametrize("message", ["[COLOR]", "[b]x[/b]", "[color=red]a[/color] b", "x [/b] y"])
def test_pigeon_message_keeps_bbcode_like_text(message):
    """A quoted message is kept as written: BBCode inside «…» is not emphasis (found by the
    round-trip property above with «[COLOR]»)."""
    order = Order.make("Лис", "Голубиная почта", to="Gena", text=message)
    result = parse_text(render(order), ROSTER, author="Лис", private=True)
    assert result.orders == (order,)
