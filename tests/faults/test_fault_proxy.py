"""Nothing lost, nothing twice, under the faults of the network and the forum (issue 14).

gorod talks to the real Spirit forum of `make test` through the fault-injecting proxy of
proxy.py. Each scenario breaks one answer — before or after the forum handled the
request — while gorod reads the thread, reads the PMs, posts or sends a PM; the worker
then runs its rounds as it would. What counts is read back FROM THE FORUM ITSELF, not
through the proxy and not from gorod's store: every order the players wrote there became
an order, and every approved draft appears on the forum exactly once.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gorod.loop import approve, cycle, deal, resolve_phase
from gorod.loop.forum import SiteForum, plain
from gorod.loop.game import Game
from gorod.store import Store
from config.game import load_game
from config.profiles import load_profile
from scraper.http import HttpSettings
from scraper.poll import PmPoller

sys.path.insert(0, str(Path(__file__).resolve().parent))
from livegame import REPLY, SEND_PM, THREAD, behind, forum_seed, pms_of, shown, spirit, thread_posts, write_config  # noqa: E402
from proxy import Fault, FaultProxy  # noqa: E402

STALL, TIMEOUT = 6.0, 4.0   # a loaded machine answers slowly: a timeout must be the stall, not the load
CONVERSATION = r"^/topic/private/\d+/"
INBOX = r"^/topic/private/(\?.*)?$"


@pytest.fixture
def forum(monkeypatch):
    return spirit(monkeypatch)


@pytest.fixture
def proxy(forum):
    p = FaultProxy(forum.url, stall=STALL)
    p.start()
    yield p
    p.stop()


def open_game(forum, proxy, tmp_path: Path) -> Game:
    path = write_config(forum, proxy, tmp_path)
    settings = HttpSettings(min_interval=0, timeout=TIMEOUT, retries=2, backoff=0.2, max_backoff=1.0)
    return Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=behind,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=settings))


def rounds(game: Game, n: int = 3, **kwargs) -> list:
    """The worker's rounds; none may raise (the worker never ends on a fault)."""
    return [cycle(game, **kwargs) for _ in range(n)]


# ================================================================ writes
WRITE_FAULTS = [
    ("502", True), ("502", False), ("reset", True), ("reset", False), ("stall", True), ("stall", False),
    ("truncate", True), ("429", False),
]


def _ids(params):
    return [f"{kind}-{'after' if after else 'before'}-save" for kind, after in params]


@pytest.mark.parametrize("kind, after", WRITE_FAULTS, ids=_ids(WRITE_FAULTS))
def test_the_news_post_appears_once(forum, proxy, tmp_path, kind, after):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    resolve_phase(game)                                   # night 1 ends: its news post is drafted
    [news] = [d for d in game.records.drafts(["pending"]) if d.kind == "news"]
    approve(game, news.id)
    proxy.add(Fault("POST", REPLY, kind, after=after))
    rounds(game, 3, read=False)
    assert [h for h in proxy.log if h[2] == kind], "the fault was not hit"
    gm = [p for p in thread_posts(forum)[len(forum_seed.TOPIC_POSTS):] if p.author == "gm"]
    assert [plain(p.text) for p in gm] == [shown(news.body)]          # on the forum, once
    assert game.records.draft(news.id).state == "posted"


@pytest.mark.parametrize("kind, after", WRITE_FAULTS, ids=_ids(WRITE_FAULTS))
def test_a_pm_appears_once(forum, proxy, tmp_path, kind, after):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    drafts = {d.audience: d for d in game.records.drafts(["pending"])}
    approve(game, drafts["alice"].id)
    approve(game, drafts["bob"].id)
    proxy.add(Fault("POST", SEND_PM, kind, after=after))
    rounds(game, 3, read=False)
    assert [h for h in proxy.log if h[2] == kind], "the fault was not hit"
    for nick in ("alice", "bob"):
        draft = drafts[nick]
        got = [m for m in pms_of(forum, nick) if m.sender == "gm" and m.subject == draft.title]   # one PM per recipient and title
        assert [plain(m.text) for m in got] == [shown(draft.body)], nick
        assert game.records.draft(draft.id).state == "posted"


# ================================================================ reads
READ_FAULTS = [
    ("502", False), ("reset", False), ("stall", False), ("truncate", True), ("429", False),
    ("login200", False), ("login302", False), ("layout", True),
]


def _night_orders(forum) -> None:
    """Three players send their night orders to the GM, on the forum itself."""
    for nick, text in (("dave", "Нападение на grace"), ("heidi", "Дознание: alice и bob"),
                       ("carol", "Исповедую erin")):
        forum.writer(nick).send_pm(["gm"], "Ночь 1", text)


def _every_pm_read(forum, game) -> None:
    sent = {m.sender for m in pms_of(forum, "gm") if m.sender != "gm" and m.subject == "Ночь 1"}
    assert sent == {"dave", "heidi", "carol"}
    assert {o.by for o in game.records.orders("night 1")} == sent


@pytest.mark.parametrize("kind, after", READ_FAULTS, ids=_ids(READ_FAULTS))
def test_every_pm_order_is_read_through_a_fault_on_a_conversation(forum, proxy, tmp_path, kind, after):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    _night_orders(forum)
    proxy.add(Fault("GET", CONVERSATION, kind, after=after, times=1))
    reports = rounds(game, 3, post=False)
    assert [h for h in proxy.log if h[2] == kind], "the fault was not hit"
    _every_pm_read(forum, game)
    if kind == "layout":   # no reread helps a new theme: the GM is told, in Russian, who wrote
        alarms = [n.text for n in game.records.notices() if "не прочитаны: " in n.text]
        senders = {"dave", "heidi", "carol"} | {sender for sender, _title, _body in forum_seed.PMS}   # the seeded one too
        assert any(t.startswith(tuple(f"ЛС от {nick} не прочитаны: " for nick in senders)) for t in alarms), alarms
        assert reports[0].errors


@pytest.mark.parametrize("kind, after", READ_FAULTS, ids=_ids(READ_FAULTS))
def test_every_pm_order_is_read_through_a_fault_on_the_inbox(forum, proxy, tmp_path, kind, after):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    cycle(game, post=False)          # the inbox known (empty) before the orders come
    _night_orders(forum)
    proxy.add(Fault("GET", INBOX, kind, after=after, times=1))
    reports = rounds(game, 3, post=False)
    assert [h for h in proxy.log if h[2] == kind], "the fault was not hit"
    _every_pm_read(forum, game)
    if kind == "layout":   # an inbox in a new theme lists nothing: a failed read, not "no messages"
        assert reports[0].errors
        assert any(n.text.startswith("ЛС (список входящих) не прочитаны: страница не похожа на список ЛС, каким "
                                     "его описывает профиль 'spirit'") for n in game.records.notices())


def test_an_empty_inbox_on_the_real_forum_reads_as_empty(forum):
    """frank has no PM: Spirit's empty list («There are no topics here, yet») is an empty inbox."""
    poller = PmPoller(forum.client("frank"), load_profile("spirit"), Store(":memory:"))
    assert list(poller.poll()) == []


def test_a_login_page_that_stays_is_an_alarm_not_silence(forum, proxy, tmp_path):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    _night_orders(forum)
    proxy.add(Fault("GET", CONVERSATION, "login200", times=4))     # the relogin does not help
    report = cycle(game, post=False)
    assert report.errors and game.records.orders("night 1") == []
    [alarm] = [n for n in game.records.notices() if "не прочитаны" in n.text]
    assert alarm.text.startswith("ЛС «") and "не прочитаны: форум показал страницу входа" in alarm.text
    proxy.clear()
    rounds(game, 1, post=False)
    _every_pm_read(forum, game)


@pytest.mark.parametrize("kind, after", READ_FAULTS, ids=_ids(READ_FAULTS))
def test_every_vote_in_the_thread_is_read_through_a_fault(forum, proxy, tmp_path, kind, after):
    game = open_game(forum, proxy, tmp_path)
    deal(game)
    cycle(game, post=False)
    resolve_phase(game)                                   # day 1: votes in the thread
    voters = ("alice", "bob", "erin")
    for nick in voters:
        forum.writer(nick).reply(forum.topic_id, "Голосую против **dave**.")
    proxy.add(Fault("GET", THREAD, kind, after=after, times=1))
    rounds(game, 3, post=False)
    assert [h for h in proxy.log if h[2] == kind], "the fault was not hit"
    on_forum = {p.author for p in thread_posts(forum) if "Голосую против" in p.text}
    assert on_forum == set(voters)
    assert {o.by for o in game.records.orders("day 1")} == on_forum
    # the thread's pages gorod keeps are the thread's, never the login page
    pages = game.forum.thread.posts.pages(game.forum.thread.key)
    assert all("/topic/" in state.url and "login" not in state.url for state in pages.values())
