"""The pollers, offline: resuming, exactly once across restarts, edits, deletions, pages, PMs.

A fake Spirit (tests/scraper/fakespirit.py) serves pages written from Spirit's templates;
the store is a real SQLite file, reopened to simulate a restart.
"""
from itertools import islice

import pytest
import responses

from config.profiles import load_profile
from fakespirit import BASE, TOPIC, FakeSpirit
from gorod.store import Store
from scraper.errors import AuthRequired
from scraper.http import HttpClient, HttpSettings, LoginForm
from scraper.poll import Change, PmPoller, ThreadPoller, stream


@pytest.fixture
def rsps():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as r:
        yield r


@pytest.fixture
def profile():
    return load_profile("spirit")


@pytest.fixture
def db(tmp_path):
    return tmp_path / "gorod.sqlite3"


def poller(profile, db, **kw):
    client = HttpClient(BASE, HttpSettings(min_interval=0), sleep=lambda s: None)
    return ThreadPoller(client, profile, Store(db), TOPIC, **kw)


def seen(events):
    return [(e.change.value, e.post_id, e.version) for e in events]


def test_first_poll_reads_every_page_oldest_first(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    for i in range(7):
        forum.post(f"p{i}", f"пост {i}")
    p = poller(profile, db)
    events = list(p.poll())
    assert seen(events) == [("new", str(i), 1) for i in range(1, 8)]
    assert [e.post.page for e in events] == [1, 1, 1, 2, 2, 2, 3]
    assert p.last_requests == 3


def test_an_unchanged_thread_costs_one_request(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    for i in range(7):
        forum.post("alice", f"пост {i}")
    p = poller(profile, db)
    list(p.poll())
    forum.hits.clear()
    assert list(p.poll()) == []
    assert forum.hits == [f"{BASE}{TOPIC}?page=3"]


def test_a_304_costs_one_request_and_yields_nothing(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3, etags=True)
    forum.post("alice", "раз")
    forum.post("bob", "два")
    p = poller(profile, db)
    list(p.poll())
    forum.hits.clear()
    assert list(p.poll()) == []
    assert len(forum.hits) == 1
    assert rsps.calls[-1].response.status_code == 304
    forum.post("carol", "три")
    assert seen(p.poll()) == [("new", "3", 1)]


def test_new_posts_past_a_full_page_come_once_in_order(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    for i in range(3):
        forum.post("alice", f"пост {i}")
    p = poller(profile, db)
    list(p.poll())
    for i in range(3, 8):
        forum.post("bob", f"пост {i}")
    assert seen(p.poll()) == [("new", str(i), 1) for i in range(4, 9)]
    assert list(p.poll()) == []


def test_exactly_once_across_a_restart(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    for i in range(4):
        forum.post("alice", f"пост {i}")
    assert len(list(poller(profile, db).poll())) == 4
    # A restart: a new process, a fresh Store on the same file.
    forum.post("bob", "после перезапуска")
    forum.hits.clear()
    assert seen(poller(profile, db).poll()) == [("new", "5", 1)]
    assert forum.hits == [f"{BASE}{TOPIC}?page=2"]  # resumed at the last known page
    assert list(poller(profile, db).poll()) == []


def test_a_consumer_that_stops_midway_gets_the_rest_after_a_restart(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    for i in range(6):
        forum.post("alice", f"пост {i}")
    events = poller(profile, db).poll()
    first = list(islice(events, 2))
    events.close()  # the worker stopped (or broke out of its loop) after two posts
    rest = list(poller(profile, db).poll())
    assert seen(first) + seen(rest) == [("new", str(i), 1) for i in range(1, 7)]


def test_an_edit_is_a_new_version(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    forum.post("alice", "голосую против bob")
    vote = forum.post("bob", "голосую против alice")
    p = poller(profile, db)
    list(p.poll())
    vote.text, vote.edits = "голосую против carol", 1
    [event] = p.poll()
    assert (event.change, event.post_id, event.version) == (Change.EDITED, "2", 2)
    assert event.post.text == "голосую против carol" and event.post.edited
    assert event.last_seen["text"] == "голосую против alice"
    versions = Store(db).versions(p.key, "2")
    assert [v["data"]["text"] for v in versions] == ["голосую против alice", "голосую против carol"]
    assert list(p.poll()) == []


def test_a_deleted_post_is_noticed(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    forum.post("alice", "раз")
    gone = forum.post("bob", "два")
    p = poller(profile, db)
    list(p.poll())
    gone.deleted = True
    [event] = p.poll()
    assert (event.change, event.post_id, event.post) == (Change.DELETED, "2", None)
    assert event.last_seen["text"] == "два"
    assert list(p.poll()) == []


def test_deletions_on_an_engine_whose_pages_shift(rsps, profile, db):
    """Deleting post 2 moves post 4 from page 2 to page 1: moved is not deleted."""
    forum = FakeSpirit(rsps, per_page=3, shift_on_delete=True)
    posts = [forum.post("alice", f"пост {i}") for i in range(5)]
    p = poller(profile, db)
    list(p.poll())
    posts[1].deleted = True
    assert seen(p.poll()) == [("deleted", "2", 2)]
    posts[3].deleted = True
    posts[4].deleted = True  # page 2 is gone now: a 404 steps back
    assert seen(p.poll()) == [("deleted", "4", 2), ("deleted", "5", 2)]
    forum.post("bob", "новый")
    assert seen(p.poll()) == [("new", "6", 1)]


def test_rescan_notices_an_edit_on_an_old_page(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=2)
    first = forum.post("alice", "голос: bob")
    for i in range(4):
        forum.post("bob", f"пост {i}")
    p = poller(profile, db)
    list(p.poll())
    first.text, first.edits = "голос: carol", 1
    assert list(p.poll()) == []  # only the last page is read
    assert seen(p.poll(rescan=True)) == [("edited", "1", 2)]


def test_pms_new_conversations_replies_and_an_unchanged_inbox(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=2)
    old = forum.pm(None, "alice", "Проверяю bob.", subject="Ночной ход")
    client = HttpClient(BASE, HttpSettings(min_interval=0), sleep=lambda s: None)
    with pytest.raises(AuthRequired, match="needs the GM's login"):
        PmPoller(client, profile, Store(db))
    client.login_form = LoginForm("/user/login/", "gm", "GOROD_TEST_UNUSED")
    client.logged_in = True  # the fake forum asks nobody to log in
    pms = PmPoller(client, profile, Store(db))
    [first] = pms.poll()
    assert (first.change, first.message.sender, first.message.subject, first.message.text) == (
        Change.NEW, "alice", "Ночной ход", "Проверяю bob.")
    forum.hits.clear()
    assert list(pms.poll()) == []
    assert forum.hits == [f"{BASE}/topic/private/"]  # one request
    forum.pm(None, "bob", "Стреляю в carol.", subject="Выстрел")
    forum.pm(old, "gm", "Принято.")
    forum.pm(old, "alice", "И ещё: голосую против dave.")  # page 2 of the conversation
    # A restart between the polls: a fresh store on the same file.
    pms = PmPoller(client, profile, Store(db))
    got = [(e.message.conversation_id, e.message.sender, e.message.text) for e in pms.poll()]
    assert sorted(got) == sorted([
        ("101", "bob", "Стреляю в carol."),
        ("100", "gm", "Принято."),
        ("100", "alice", "И ещё: голосую против dave."),
    ])
    assert list(pms.poll()) == []


def test_stream_backs_off_while_nothing_is_new(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=3)
    forum.post("alice", "раз")
    sleeps = []
    events = list(stream(poller(profile, db), min_delay=30, max_delay=100, sleep=sleeps.append, passes=4))
    assert len(events) == 1
    assert sleeps == [30, 60, 100]


def test_read_pms_for_the_cli(rsps, profile, monkeypatch):
    from scraper.live import read_pms

    forum = FakeSpirit(rsps, per_page=2)
    forum.pm(None, "alice", "Проверяю bob.", subject="Ночной ход")
    rsps.get(f"{BASE}/user/login/", body='<form method="post"><input type="hidden" name="csrfmiddlewaretoken" '
             'value="t"><input name="username"><input type="password" name="password"></form>')
    rsps.post(f"{BASE}/user/login/", status=302, headers={"Location": "/user/"})
    monkeypatch.setenv("GOROD_TEST_GM", "pw")
    [message] = read_pms(profile, BASE, username="gm", password_env="GOROD_TEST_GM",
                         settings=HttpSettings(min_interval=0))
    assert (message.sender, message.subject, message.text) == ("alice", "Ночной ход", "Проверяю bob.")
    assert message.to_json()["sent_at"].endswith("+00:00")


def test_a_middle_page_whose_posts_were_all_deleted_does_not_end_the_thread(rsps, profile, db):
    forum = FakeSpirit(rsps, per_page=2)
    posts = [forum.post("alice", f"пост {i}") for i in range(6)]
    p = poller(profile, db)
    list(p.poll())
    posts[2].deleted = posts[3].deleted = True  # all of page 2 (placeholders stay)
    assert seen(p.poll(rescan=True)) == [("deleted", "3", 2), ("deleted", "4", 2)]
    assert list(p.poll(rescan=True)) == []
