"""The console where the GM looks (issue 26, item 4), in headless Chromium at 1280 and 390 px:
the sticky header is at most about 15 % of the screen, a section opened by its link is not
under it, every action's result (or refusal) is in view after the action, the tables reflow
at phone width (no cell out of reach, no sideways scroll), and no CLI command is suggested."""
from __future__ import annotations

import re
from datetime import timedelta

import pytest
import yaml

from browserfix import TOKEN, browser, serve  # noqa: F401  (fixtures)
from gorod.loop import cycle, deal

WIDTHS = {"desktop": (1280, 800), "phone": (390, 844)}


@pytest.fixture
def day_game(game_path, open_game, forum, clock):
    """Day 1 of the six-player game, receipts on: votes in the thread, their receipts."""
    data = yaml.safe_load(game_path.read_text(encoding="utf-8"))
    data["receipts"] = True
    game_path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = open_game()
    deal(game)
    clock.now += timedelta(days=1)           # past night 1's deadline
    cycle(game, post=False)
    for voter, target in (("alice", "dave"), ("bob", "dave"), ("carol", "alice"), ("erin", "dave"),
                          ("frank", "carol")):
        forum.post(voter, f"Голосую против {target}", clock.now)
    cycle(game, post=False)
    assert str(game.current().phase) == "day 1" and len(game.records.orders("day 1")) == 5
    return game


def in_view(page, selector: str) -> dict:
    return page.evaluate("""(sel) => {
        const el = document.querySelector(sel), header = document.querySelector('header');
        if (!el) return null;
        const r = el.getBoundingClientRect(), h = header.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, right: r.right, headerBottom: h.bottom,
                height: innerHeight, width: innerWidth, scrollWidth: document.documentElement.scrollWidth};
    }""", selector)


def assert_in_view(box: dict | None, what: str) -> None:
    assert box is not None, f"{what}: not on the page"
    assert box["top"] >= box["headerBottom"] - 1, f"{what} is under the sticky header: {box}"
    assert box["top"] < box["height"], f"{what} is below the screen: {box}"


def click(page, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).first.click()


@pytest.mark.parametrize("size", WIDTHS, ids=list(WIDTHS))
def test_the_console_at_the_gms_screen(size, browser, serve, day_game, open_game):   # noqa: F811
    width, height = WIDTHS[size]
    url = serve(open_game)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="ru-RU")
    page = context.new_page()
    page.goto(url + f"?token={TOKEN}")
    header = in_view(page, "header")
    assert header["bottom"] - header["top"] <= 0.15 * height + 1, f"the header takes {header}"

    # a section opened by its link: its heading is below the header
    page.click('nav a[href="#drafts"]')
    page.wait_for_timeout(200)
    assert_in_view(in_view(page, "#drafts h2"), "the drafts' heading")

    # at phone width the tables reflow: nothing sideways, the last order's «Снять» in reach
    box = in_view(page, "table.orders tr:last-child button")
    assert box["scrollWidth"] <= width + 1, f"the page scrolls sideways: {box}"
    assert box["right"] <= width, f"«Снять» is out of reach: {box}"
    players = in_view(page, "table.players tr:last-child td:last-child")
    assert players["right"] <= width, players

    # an action far down the page: its result is in view after it
    click(page, "table.orders tr:last-child button")
    assert "снята" in page.locator("#result").inner_text()
    assert_in_view(in_view(page, "#result"), "the result of «Снять»")

    # a refusal, with what to do as buttons, not commands: approve the receipt gorod withdrew
    # when that order was dropped (frank's, the last one)
    [withdrawn] = [d for d in open_game().records.drafts(["rejected"]) if d.kind == "receipt"]
    assert withdrawn.audience == "frank"
    page.goto(url + f"#draft-{withdrawn.id}")
    click(page, f"#draft-{withdrawn.id} form[action$='/approve'] button")
    result = page.locator("#result")
    assert "gorod отозвал этот приём" in result.inner_text()
    assert result.locator("button", has_text="несмотря на это").count() == 1
    assert_in_view(in_view(page, "#result"), "the refusal")
    text = page.locator("body").inner_text()
    assert not re.search(r"gorod [a-z]", text), re.findall(r".{40}gorod [a-z].{20}", text)
    assert "--force" not in text
    context.close()


def press(page, selector: str, answer: str) -> str:
    """Click a button that asks first, answering its question with `answer` ("accept" or
    "dismiss"); the question's text (empty when it asked nothing)."""
    asked: list[str] = []

    def on_dialog(dialog) -> None:
        asked.append(dialog.message)
        getattr(dialog, answer)()
    page.once("dialog", on_dialog)
    if answer == "accept":
        click(page, selector)
    else:
        page.locator(selector).first.click()
        page.wait_for_timeout(300)       # a form sent anyway would have left the page by now
    return asked[0] if asked else ""


def test_the_buttons_that_post_or_approve_everything_ask_first(browser, serve, day_game, open_game, forum):   # noqa: F811
    """«Одобрить все» and «Отправить одобренные» act on every draft at once: each asks
    first, and a «Отмена» leaves everything as it was."""
    url = serve(open_game)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="ru-RU")
    page = context.new_page()
    page.goto(url + f"?token={TOKEN}")
    pending = len(open_game().records.drafts(["pending"]))
    assert pending > 0
    approve_all = "form[action='/drafts/approve-all'] button"

    assert press(page, approve_all, "dismiss") == f"Одобрить все ждущие черновики ({pending})?"
    assert open_game().records.drafts(["approved"]) == [] and page.url.startswith(url)
    press(page, approve_all, "accept")
    assert len(open_game().records.drafts(["approved"])) == pending

    send = "form[action='/publish'] button"
    asked = press(page, send, "dismiss")
    assert asked == f"Отправить на форум одобренные черновики ({pending})? Их сразу увидят игроки.", asked
    assert forum.sent_pms == [] and forum.gm_posts() == []
    assert len(open_game().records.drafts(["approved"])) == pending
    press(page, send, "accept")
    assert "Отправлены на форум:" in page.locator("#result").inner_text()
    assert open_game().records.drafts(["approved"]) == [] and len(forum.sent_pms) + len(forum.gm_posts()) > 0
    context.close()
