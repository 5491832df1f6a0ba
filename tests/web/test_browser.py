"""The GM's console in headless Chromium (Debian's /usr/bin/chromium driven by Playwright; no
browser is downloaded), against the real Spirit forum that `make test` starts
(tests/realforum/): open the console with the token, see an unresolved order and resolve
it, edit and approve a draft and see it posted on the forum; a request without the token
is refused; a post with `<script>` shows as text. Then `gorod web --demo` as a command, and
the README's screenshot of the demo game (written to docs/ with GOROD_UPDATE_SCREENSHOT=1).
"""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from http.cookiejar import CookieJar
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from config.profiles import load_profile
from gorod.loop import cycle, deal
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.store import Store
from scraper.http import HttpSettings
from scraper.poll import PmPoller

ROOT = Path(__file__).resolve().parents[2]
GM_ENV = "GOROD_TEST_GM_PASSWORD"
SCREENSHOT = ROOT / "docs" / "console.png"

_spec = importlib.util.spec_from_file_location("realforum_fixtures_web", ROOT / "tests" / "realforum" / "conftest.py")
sys.path.insert(0, str(ROOT / "tests" / "realforum"))
realforum = importlib.util.module_from_spec(_spec)
sys.modules["realforum_fixtures_web"] = realforum
_spec.loader.exec_module(realforum)
import forum_seed  # noqa: E402
from browserfix import TOKEN, browser, serve  # noqa: E402,F401  (fixtures)


@pytest.fixture
def forum(monkeypatch):
    return realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch)


def behind() -> datetime:
    """gorod's clock two minutes behind: Spirit shows post times to the minute."""
    return datetime.now(timezone.utc) - timedelta(minutes=2)


def write_config(forum, tmp_path: Path) -> Path:
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # no deadline in the test
    players = {"alice": ("Мэр", "Лич"), "bob": ("Оракул", "Зомби"), "carol": ("Священник", "Демонолог"),
               "dave": ("Вор", "Бес"), "erin": ("Бандит", "Начальник стражи"), "frank": ("Лекарь", "Стражник")}
    data = {"title": "Город N: консоль",
            "forum": {"profile": "spirit", "base_url": forum.url, "thread_url": forum.url + forum.topic_url,
                      "gm_user": "gm", "password_env": GM_ENV, "min_interval": 0},
            "players": {nick: {"open": o, "secret": s} for nick, (o, s) in players.items()},
            "schedule": {"night_starts": moscow, "day_starts": moscow}, "seed": 5}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def game_opener(path: Path):
    def open_game() -> Game:
        return Game(load_game(path), Store(path.parent / "gorod.sqlite3"), now=behind,
                    forum_factory=lambda g: SiteForum.from_config(g.config, g.store,
                                                                  settings=HttpSettings(min_interval=0)))
    return open_game


def test_the_gm_resolves_an_order_edits_and_approves_a_draft_and_it_is_posted(forum, tmp_path, monkeypatch,
                                                                              browser, serve):
    monkeypatch.setenv(GM_ENV, forum_seed.PASSWORDS["gm"])
    path = write_config(forum, tmp_path)
    open_game = game_opener(path)
    game = open_game()
    cycle(game, post=False)            # the seeded posts are read before the deal: no orders
    deal(game)
    [dave_pm] = [d for d in game.records.drafts(["pending"]) if d.audience == "dave"]
    game.store.close()
    url = serve(open_game)

    # the players write: an order gorod cannot read, and a post with a script in it
    forum.writer("dave").send_pm(["gm"], "Ночь 1", "Кража — Гриша")
    forum.writer("carol").reply(forum.topic_id, "Смотрите: <script>window.pwned = 1</script> голосую против Гриши")

    # ---- without the token: refused
    stranger = browser.new_context()
    response = stranger.new_page().goto(url)
    assert response.status == 403
    response = stranger.new_page().goto(url + "?token=wrong")
    assert response.status == 403 and "Доступ закрыт" in response.text()
    stranger.close()

    # ---- the GM opens the link gorod web printed
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.goto(url + f"?token={TOKEN}")
    assert page.url == url                                   # the token is gone from the address
    assert "Ночь 1" in page.locator("header").inner_text()
    page.get_by_role("button", name="Прочитать форум").click()
    page.wait_for_load_state()
    assert "Форум прочитан" in page.locator(".flash.ok").inner_text()

    # ---- the unresolved order, first in the orders; the GM writes what dave meant
    card = page.locator("article.unresolved", has_text="Кража — Гриша")
    card.wait_for()
    assert "dave" in card.inner_text() and "ЛС" in card.inner_text()
    card.locator("input[name=order]").fill("{by: dave, ability: Кража, target: frank}")
    card.get_by_role("button", name="Записать").click()
    page.wait_for_load_state()
    assert page.locator("article.unresolved", has_text="Кража — Гриша").count() == 0
    row = page.locator("table.orders tr", has_text="{by: dave, ability: Кража, target: frank}")
    assert "в силе" in row.inner_text()

    # ---- the script in carol's post is text, never run
    scripted = page.locator("article.unresolved", has_text="window.pwned")
    assert "<script>window.pwned = 1</script>" in scripted.first.inner_text()
    assert page.evaluate("() => window.pwned") is None

    # ---- dave's start PM: edit in place, approve, post
    draft = page.locator(f"#draft-{dave_pm.id}")
    draft.locator("details.edit summary").click()
    body = draft.locator("textarea[name=body]")
    body.fill(body.input_value().rstrip() + "\n\nУдачи в игре! — мастер")
    draft.get_by_role("button", name="Сохранить").click()
    page.wait_for_load_state()
    draft = page.locator(f"#draft-{dave_pm.id}")
    assert "исправлен" in draft.inner_text() and "Удачи в игре!" in draft.locator(".forum-view").inner_text()
    draft.get_by_role("button", name="Одобрить", exact=True).click()
    page.wait_for_load_state()
    assert "одобрен" in page.locator(f"#draft-{dave_pm.id}").inner_text()
    asked: list[str] = []     # the console asks first: what is sent cannot be taken back
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.get_by_role("button", name=re.compile(r"Отправить одобренные на форум")).click()
    page.wait_for_load_state()
    assert asked and "Отправлены на форум: #%d" % dave_pm.id in page.locator(".flash.ok").inner_text()
    page.locator("details.posted > summary").click()
    assert "часть 1/1: на форуме" in page.locator(f"#draft-{dave_pm.id}").inner_text()
    shots = Path(os.environ.get("GOROD_CONSOLE_SHOT_DIR", tmp_path))   # to look at the page by hand
    page.screenshot(path=str(shots / "console-realforum.png"), full_page=True)
    context.close()

    # ---- on the forum: dave has the edited PM, once
    poller = PmPoller(forum.client("dave"), load_profile("spirit"), Store(":memory:"))
    got = [e.message for e in poller.poll() if e.message is not None and e.message.sender == "gm"]
    mine = [m for m in got if m.subject == dave_pm.title and "Удачи в игре!" in m.text]
    assert len(mine) == 1 and "Удачи в игре!" in mine[0].text
    game = open_game()
    assert game.records.draft(dave_pm.id).state == "posted"
    assert {d.state for d in game.records.drafts(None) if d.id != dave_pm.id} == {"pending"}


def test_gorod_web_serves_the_demo_on_localhost_with_a_token_and_the_readme_screenshot(tmp_path, browser):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    env.pop("GOROD_WEB_TOKEN", None)
    proc = subprocess.Popen([sys.executable, "-m", "gorod", "web", "--demo", "--port", "0"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+/)\?token=(\S+)", line)
        assert match, line + proc.stderr.read() if proc.poll() is not None else line
        url, token = match.groups()
        # without the token, or with a wrong one: 403
        for bad in (url, url + "?token=x", url + "static/console.css"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(bad, timeout=10)
            assert refused.value.code == 403
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        with opener.open(url + "?token=" + token, timeout=30) as answer:
            assert answer.status == 200 and "Демо" in answer.read().decode()

        context = browser.new_context(viewport={"width": 1280, "height": 1700}, locale="ru-RU")
        page = context.new_page()
        page.goto(url + "?token=" + token)
        assert page.locator("article.unresolved").count() == 1
        assert page.locator("#tally table.votes tr").count() > 1
        assert re.search(r"осталось \d", page.locator("time.countdown").inner_text())   # the countdown runs
        shot = tmp_path / "console.png"
        page.screenshot(path=str(shot))
        context.close()
        assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
        if os.environ.get("GOROD_UPDATE_SCREENSHOT"):
            SCREENSHOT.parent.mkdir(exist_ok=True)
            shutil.copyfile(shot, SCREENSHOT)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
