"""The adapter from the scraper's post model: open text, emphasis and private pieces."""
from __future__ import annotations

from scraper.model import Emphasis, Post, PrivateMessage
from scraper.orders import ParseSettings, Roster, parse_message, parse_post
from scraper.orders.result import order_json

ROSTER = Roster.from_mapping({"Лис": {"open": "Мэр", "secret": "Бес"},
                              "Петя": {"open": "Вор", "secret": "Гончая Ада"}})


def test_post_with_bold_vote_and_private_order():
    post = Post(id="7", author="Петя", posted_at=None, text="Голосую против Мэра",
                quotes=("Голосую против Пети",), secret=("Кусаю Лиса",),
                emphasis=(Emphasis("Голосую против Мэра", bold=True),))
    result = parse_post(post, ROSTER, ParseSettings.from_mapping({"vote_emphasis": "bold"}))
    assert [order_json(o) for o in result.orders] == [
        {"by": "Петя", "ability": "Голосование", "target": "Лис"},
        {"by": "Петя", "ability": "Укус", "target": "Лис"}]
    assert result.unresolved == ()


def test_quoted_vote_is_not_a_vote():
    post = Post(id="8", author="Лис", posted_at=None, text="Ну и зачем?", quotes=("Голосую против Мэра",))
    assert parse_post(post, ROSTER).orders == ()


def test_private_message():
    pm = PrivateMessage(id="1", conversation_id="c", sender="Петя", subject="ночь 1", sent_at=None,
                        text="Обворовываю Мэра")
    result = parse_message(pm, ROSTER)
    assert [order_json(o) for o in result.orders] == [{"by": "Петя", "ability": "Кража", "target": "Лис"}]
