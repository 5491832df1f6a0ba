"""`standing_orders: false` (A52 b, issue 27): «The loop and the console ask it». A phase end
that stops at a death shows the question in the console's «Игра» with its answers as
buttons; the GM answers for the player and the phase end goes on. In the test client and in
headless Chromium (Debian's /usr/bin/chromium, Playwright)."""
from __future__ import annotations

from datetime import timedelta

import pytest
import yaml

from engine.api import shown_open_role
from browserfix import TOKEN, browser, serve  # noqa: F401  (fixtures)
from gorod.loop import add_order, deal
from test_console import page, post


@pytest.fixture
def asked_game(game_path, open_game, clock):
    """Night 1 of the six-player game under `standing_orders: false`: erin arrests the Мэр alice."""
    data = yaml.safe_load(game_path.read_text(encoding="utf-8"))
    data["rulings"] = {"standing_orders": False}
    game_path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = open_game()
    deal(game)
    add_order(game, "{by: erin, ability: Арест, target: alice}")
    clock.now += timedelta(hours=1)
    return game


def _question(html: str) -> str:
    start = html.index('id="question"')
    return html[start:html.index("</article>", start)]


def test_the_phase_end_shows_the_question_with_its_answers_as_buttons(client, asked_game):
    response = post(client, "/phase/end", no_read="1")
    assert response.status_code == 303
    html = page(client)
    assert "фаза ждёт ответа alice" in html and "кому он передаёт Явную роль Мэра" in html
    box = _question(html)
    for nick in ("bob", "carol", "dave", "erin", "frank"):
        assert f'name="answer" value="{nick}"' in box, nick
    assert 'name="answer" value="false"' in box and ">Никого<" in box
    assert 'name="answer" value="alice"' not in box               # not himself
    assert "gorod order add" not in box
    assert str(asked_game.current().phase) == "night 1"          # still waiting


def test_the_gms_answer_resolves_the_night(client, asked_game, open_game):
    post(client, "/phase/end", no_read="1")
    response = post(client, "/question/answer", answer="bob", to="alice", ability="Преемственность")
    assert response.status_code == 303
    html = page(client)
    assert "Ответ за alice записан: bob" in html and "Ночь 1 разрешена" in html
    assert 'id="question"' not in html
    game = open_game()
    assert str(game.current().phase) == "day 1"
    players = game.fold()[0].players
    assert players["bob"].open_role == "Мэр"
    assert shown_open_role(game.fold()[0], players["alice"]) == "Мэр (бывший)"
    [row] = [o for o in game.records.phases()[0].orders if o.by == "alice"]
    assert row.answer == "bob"


def test_an_answer_to_a_question_no_longer_asked_is_refused(client, asked_game, open_game):
    post(client, "/phase/end", no_read="1")
    post(client, "/question/answer", answer="bob", to="carol", ability="Перерождение")
    html = page(client)
    assert "вопрос уже другой" in html
    assert str(open_game().current().phase) == "night 1"
    post(client, "/question/answer", answer="zed", to="alice", ability="Преемственность")
    assert "«zed» — не из ответов на вопрос" in page(client)
    assert str(open_game().current().phase) == "night 1"


def test_a_yes_no_question_has_yes_and_no(client, game_path, open_game, clock):
    data = yaml.safe_load(game_path.read_text(encoding="utf-8"))
    data["rulings"] = {"standing_orders": False}
    data["players"] = {"alice": {"open": "Вор", "secret": "Лич"}, "bob": {"open": "Оракул", "secret": "Некромант"},
                       "erin": {"open": "Бандит", "secret": "Начальник стражи"},
                       "dave": {"open": "Лекарь", "secret": "Бес"}}
    game_path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = open_game()
    deal(game)
    add_order(game, "{by: erin, ability: Арест, target: alice}")
    post(client, "/phase/end", no_read="1")
    box = _question(page(client))
    assert "принимает ли Некромант bob его роль" in box
    assert 'name="answer" value="true"' in box and ">Да<" in box and ">Нет<" in box
    post(client, "/question/answer", answer="true", to="bob", ability="Перерождение")
    assert open_game().fold()[0].players["bob"].secret_role == "Лич"


def test_in_chromium_the_gm_clicks_the_heir_and_the_night_is_resolved(browser, serve, asked_game,  # noqa: F811
                                                                       open_game):
    url = serve(open_game)
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="ru-RU")
    page_ = context.new_page()
    page_.on("dialog", lambda dialog: dialog.accept())          # «Ответ за alice: carol? Затем …»
    page_.goto(url + f"?token={TOKEN}")
    page_.locator("label", has_text="без чтения форума").locator("input").check()
    with page_.expect_navigation():
        page_.locator("button", has_text="Закончить фазу сейчас").click()
    question = page_.locator("#question")
    assert "фаза ждёт ответа alice" in question.inner_text()
    assert question.locator("button").count() == 6               # five players and «Никого»
    box = question.locator("button", has_text="carol").bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390    # in reach at phone width
    with page_.expect_navigation():
        question.locator("button", has_text="carol").click()
    result = page_.locator("#result").inner_text()
    assert "Ответ за alice записан: carol" in result and "Ночь 1 разрешена" in result, result
    assert page_.locator("#question").count() == 0
    assert open_game().fold()[0].players["carol"].open_role == "Мэр"
    context.close()


def test_an_answer_while_another_writer_holds_the_game_is_refused_and_stores_nothing(
        client, asked_game, open_game):
    post(client, "/phase/end", no_read="1")
    other = open_game()
    other.actor = "gorod run"
    with other.writing("разрешение фазы"):
        response = post(client, "/question/answer", answer="bob", to="alice", ability="Преемственность")
        assert response.status_code == 303
        html = page(client)
    assert "с игрой сейчас работает gorod run" in html and "ничего не сделано" in html
    game = open_game()
    assert str(game.current().phase) == "night 1"
    assert [o for o in game.records.orders(str(game.current().phase), status=None) if o.by == "alice"] == []
    post(client, "/question/answer", answer="bob", to="alice", ability="Преемственность")
    assert str(open_game().current().phase) == "day 1"     # free again: the answer is taken
