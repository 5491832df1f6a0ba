"""Publishing on a MyBB.ru board (windows-1251, PunBB 1.2 forms), across a crash between
the forum taking a post and gorod recording it: after the restart the post is found on
the forum (the thread by the GM's name and the draft's words, the PM by its title in the
dialog list) and not sent again.

The game's drafts are made with the in-memory forum; the publishing process talks to a
`SiteForum` over the mybbru profile, its pages served with `responses` (the markup of
tests/scraper/test_write_engines.py, written from the engine's templates, not saved from
a real board).
"""
from __future__ import annotations

import html
import sys
from pathlib import Path

import pytest
import responses
from responses import matchers

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scraper"))

from test_write_engines import (
    MYBB,
    FakeTime,
    form_of,
    mybbru_dialogs,
    mybbru_form,
    mybbru_pm_form,
    mybbru_redirect,
    mybbru_topic,
)

from config.game import load_game
from config.profiles import load_profile
from gorod.loop import approve, cycle, deal, publish
from gorod.loop.crash import SimulatedCrash
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.store import Store
from scraper.http import HttpClient, HttpSettings, LoginForm

THREAD = MYBB + "/viewtopic.php?id=15"
GM = "Ведущий"


def mybbru_game(tmp_path, clock, fake) -> Game:
    """The same game and store, in a process that publishes to the MyBB.ru board."""
    client = HttpClient(MYBB, HttpSettings(min_interval=1.0, retries=2),
                        login=LoginForm(url="/login.php?action=in", username=GM, password_env="GOROD_TEST_NONE"),
                        clock=fake.clock, sleep=fake.sleep)
    client.logged_in = True
    store = Store(tmp_path / "gorod.sqlite3")
    forum = SiteForum(client, load_profile("mybbru"), store, THREAD, GM)
    return Game(load_game(tmp_path / "game.yaml"), store, now=clock, forum=forum)


@pytest.fixture
def drafted(make_game, clock, forum):
    """A dealt game past its first night: the start PMs and the news post are drafted."""
    forum.gm = GM
    game = make_game(forum={"profile": "mybbru", "base_url": MYBB, "thread_url": THREAD, "gm_user": GM,
                            "password_env": "GOROD_TEST_NONE"})
    deal(game)
    clock.at("10:00", 1)
    cycle(game)
    return game


@responses.activate
def test_a_news_post_taken_before_a_crash_is_found_on_the_board_not_sent_again(drafted, tmp_path, clock,
                                                                               monkeypatch):
    news = next(d for d in drafted.records.drafts() if d.kind == "news")
    approve(drafted, news.id)
    fake = FakeTime()
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15", body=mybbru_redirect(131))
    shown = html.escape(news.body).replace("\n", "<br />")
    responses.get(MYBB + "/viewtopic.php?pid=131", body=mybbru_topic([(131, GM, shown)]))
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "sent")
    with pytest.raises(SimulatedCrash):
        publish(mybbru_game(tmp_path, clock, fake))
    sent = form_of(next(c for c in responses.calls if c.request.method == "POST"), "cp1251")
    assert sent["req_message"] == news.body.strip("\n")
    monkeypatch.delenv("GOROD_CRASH_AT")

    # the restarted process looks at the thread's last page first (the profile's write.last_page:
    # no page is stored yet): the post is there, by the GM, with the draft's words
    responses.get(THREAD + "&action=last", body=mybbru_topic([(130, "alice", "голосую против bob"), (131, GM, shown)]))
    posts_before = len([c for c in responses.calls if c.request.method == "POST"])
    restarted = mybbru_game(tmp_path, clock, fake)
    report = publish(restarted)
    assert len(report.recovered) == 1 and news.id in report.posted and report.failed == {}
    assert len([c for c in responses.calls if c.request.method == "POST"]) == posts_before   # not sent again
    [row] = restarted.records.outbox(news.id)
    assert (row.state, row.forum_id) == ("confirmed", "131")


@responses.activate
def test_a_pm_taken_before_a_crash_is_found_in_the_dialog_list(drafted, tmp_path, clock, monkeypatch):
    start = next(d for d in drafted.records.drafts() if d.kind != "news")
    approve(drafted, start.id)
    fake = FakeTime()
    responses.get(MYBB + "/messages.php?action=new", body=mybbru_pm_form())
    responses.post(MYBB + "/messages.php?action=send", status=302, headers={"Location": MYBB + "/messages.php"})
    title = start.title   # no number: the dialog's words tell it from another with this title
    responses.get(MYBB + "/messages.php", body=mybbru_dialogs([(8, "Ночной ход"), (7, html.escape(title)),
                                                               (9, html.escape(title))]),
                  match=[matchers.query_string_matcher(None)])
    responses.get(MYBB + "/messages.php?dialog=7", body=mybbru_topic([(701, "Ведущий", "Другой игрок, другой текст.")]))
    responses.get(MYBB + "/messages.php?dialog=9", body=mybbru_topic([(901, "Ведущий", html.escape(start.body))]))
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "sent")
    with pytest.raises(SimulatedCrash):
        publish(mybbru_game(tmp_path, clock, fake))
    sent = form_of(next(c for c in responses.calls if c.request.method == "POST"), "cp1251")
    assert (sent["req_username"], sent["req_subject"]) == (start.audience, title)
    monkeypatch.delenv("GOROD_CRASH_AT")

    posts_before = len([c for c in responses.calls if c.request.method == "POST"])
    restarted = mybbru_game(tmp_path, clock, fake)
    report = publish(restarted)
    assert start.id in report.posted and len(report.recovered) == 1
    assert len([c for c in responses.calls if c.request.method == "POST"]) == posts_before
    assert restarted.records.outbox(start.id)[0].forum_id == "9"


def test_drafts_are_split_at_the_boards_cap_from_its_profile(tmp_path, clock):
    (tmp_path / "game.yaml").write_text("forum: {profile: mybbru}\n", encoding="utf-8")
    assert mybbru_game(tmp_path, clock, FakeTime()).forum.max_length == 65535
