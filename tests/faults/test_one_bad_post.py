"""One bad post never stops the game (issue 14), offline.

A post whose time the profile cannot read (or whose author or body is missing) while the
other posts of its page read is a notice for the GM naming the post; the others are
stored, the bad one is read again every pass and taken once it reads. A page none of
whose posts reads is still a failed read: nothing of it is recorded.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from config.profiles import load_profile
from gorod.loop import cycle, deal
from gorod.store import Store
from scraper.decode import parse_html
from scraper.errors import DateFormatError, LayoutChanged
from scraper.extract import extract_from_tree
from scraper.poll import Change, PmPoller, ThreadPoller

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scraper"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "loop"))
from fakespirit import BASE, TOPIC, FakeSpirit, gm_client, render_page  # noqa: E402

BAD = "когда-то вечером"                      # no format of the Spirit profile reads it
NIGHT = "Nov. 30, 2026, 10:00 a.m."           # 13:00 in Moscow on the first night (tests/loop's clock)


def changes(events) -> list[tuple[str, str]]:
    return [(e.change.value, getattr(e, "post_id", None) or e.message_id) for e in events]


def test_a_post_with_an_unreadable_time_is_told_and_the_rest_of_its_page_is_read(rsps, tmp_path):
    forum = FakeSpirit(rsps, per_page=3)
    forum.post("alice", "раз")
    bad = forum.post("bob", "два")
    bad.time = BAD
    forum.post("carol", "три")
    poller = ThreadPoller(gm_client(), load_profile("spirit"), Store(tmp_path / "g.sqlite3"), TOPIC)
    events = list(poller.poll())
    assert changes(events) == [("new", "1"), ("new", "3"), ("unreadable", "2")]
    u = events[-1].unreadable
    assert (u.id, u.author, u.place) == ("2", "bob", 2) and u.source.startswith(BASE + TOPIC)
    assert f"«{BAD}»" in u.problem and "dates.formats" in u.problem
    # read again each pass, never recorded; the others are not handed out twice
    assert changes(poller.poll()) == [("unreadable", "2")]
    bad.time = "Nov. 29, 2026, 10:31 p.m."    # the GM fixed the profile (here: the page)
    assert changes(poller.poll()) == [("new", "2")]
    assert list(poller.poll()) == []


def test_a_bad_post_on_an_earlier_page_is_read_again_while_the_thread_goes_on(rsps, tmp_path):
    forum = FakeSpirit(rsps, per_page=2)
    forum.post("alice", "раз")
    bad = forum.post("bob", "два")
    bad.time = BAD
    forum.post("carol", "три")
    forum.post("dave", "четыре")
    poller = ThreadPoller(gm_client(), load_profile("spirit"), Store(tmp_path / "g.sqlite3"), TOPIC)
    assert changes(poller.poll()) == [("new", "1"), ("new", "3"), ("new", "4"), ("unreadable", "2")]
    forum.post("erin", "пять")                # page 3
    assert changes(poller.poll()) == [("new", "5"), ("unreadable", "2")]
    bad.time = "Nov. 29, 2026, 10:31 p.m."
    assert changes(poller.poll()) == [("new", "2")]
    forum.post("frank", "шесть")
    assert changes(poller.poll()) == [("new", "6")]   # back to reading from the last page


def test_a_page_none_of_whose_posts_reads_is_a_failed_read(rsps, tmp_path):
    forum = FakeSpirit(rsps, per_page=3)
    posts = [forum.post(nick, "текст") for nick in ("alice", "bob")]
    for p in posts:
        p.time = BAD
    store = Store(tmp_path / "g.sqlite3")
    poller = ThreadPoller(gm_client(), load_profile("spirit"), store, TOPIC)
    with pytest.raises(DateFormatError):
        list(poller.poll())
    assert store.pages(poller.key) == {} and store.known_posts(poller.key) == {}   # no high-water mark
    for p in posts:
        p.time = "Nov. 29, 2026, 10:31 p.m."
    assert changes(poller.poll()) == [("new", "1"), ("new", "2")]


def test_a_new_layout_fails_the_page_as_a_whole():
    forum_page = render_page([_post(1, "alice"), _post(2, "bob")], 1, 1, 1)
    renamed = forum_page.replace("comment__info__username__link", "user-link")   # no author in any post
    profile = load_profile("spirit")
    with pytest.raises(LayoutChanged, match="no author"):
        extract_from_tree(parse_html(renamed.encode()), profile, "p.html", per_post=True)
    # the same page read post by post where one post lacks its author: that one is told
    one = forum_page.replace('class="comment__info__username__link" href="/user/9/bob/"', 'href="/user/9/bob/"')
    page = extract_from_tree(parse_html(one.encode()), profile, "p.html", per_post=True)
    assert [p.id for p in page.posts] == ["1"]
    [u] = page.unreadable
    assert (u.id, u.author, u.place) == ("2", None, 2) and u.problem.startswith("нет автора")
    with pytest.raises(LayoutChanged):        # a saved page read whole: any post's error is the page's
        extract_from_tree(parse_html(one.encode()), profile, "p.html")


def _post(pk, author):
    from fakespirit import FakePost
    return FakePost(pk, author, "текст")


def test_a_pm_with_an_unreadable_time_does_not_hide_its_conversation(rsps, tmp_path):
    forum = FakeSpirit(rsps, per_page=5)
    conv = forum.pm(None, "alice", "Проверяю bob.", subject="Ночь 1")
    forum.pm(conv, "alice", "И ещё одно.")
    conv.posts[1].time = BAD
    pms = PmPoller(gm_client(), load_profile("spirit"), Store(tmp_path / "g.sqlite3"))
    assert changes(pms.poll()) == [("new", "1"), ("unreadable", "2")]
    # the inbox's count (2) is not recorded while a message did not read: read again
    assert changes(pms.poll()) == [("unreadable", "2")]
    conv.posts[1].time = NIGHT
    assert changes(pms.poll()) == [("new", "2")]
    assert list(pms.poll()) == []


# ---------------------------------------------------------------- the game goes on

class SpiritPms:
    """The loop's fake forum, its PMs read by the real PM poller from the fake Spirit."""

    def __init__(self, forum, poller):
        self.forum, self.poller = forum, poller

    def __getattr__(self, name):
        return getattr(self.forum, name)

    def poll_pms(self, *, rescan=False):
        return self.poller.poll(rescan=rescan)


def test_the_round_stores_the_other_orders_and_tells_the_gm_which_post(rsps, tmp_path):
    from config.game import load_game
    from fakeforum import FakeForum
    from gorod.loop.game import Game
    from loopdata import Clock, game_yaml

    clock, forum = Clock(), FakeForum()

    spirit = FakeSpirit(rsps, per_page=5)
    for nick, text in (("dave", "Кража — grace"), ("carol", "Исповедую erin"), ("heidi", "Дознание: alice и bob")):
        conv = spirit.pm(None, nick, text, subject="Ночь 1")
        conv.posts[0].time = NIGHT
    carol = next(c for c in spirit.conversations if c.posts[0].author == "carol")
    carol.posts[0].time = BAD
    store = Store(tmp_path / "gorod.sqlite3")
    game = Game(load_game(game_yaml(tmp_path)), store, now=clock,
                forum=SpiritPms(forum, PmPoller(gm_client(), load_profile("spirit"), store)))
    deal(game)
    clock.at("13:30")
    # the conversation of carol reads (no message of it does): one bad message, not the round
    carol.posts.append(type(carol.posts[0])(99, "carol", "Передумала: исповедую frank"))
    carol.posts[-1].time = NIGHT
    report = cycle(game, post=False)
    assert not report.errors
    assert {o.by for o in game.records.orders("night 1")} == {"dave", "heidi", "carol"}
    [notice] = [n for n in game.records.notices() if n.key.startswith("unreadable:")]
    assert notice.text.startswith(f"сообщение в ЛС {carol.posts[0].pk} от carol (№1 на странице {BASE}/topic/private/")
    assert f"не прочитано: время «{BAD}» не читается" in notice.text
    cycle(game, post=False)                                   # read again, told once
    assert len([n for n in game.records.notices() if n.key.startswith("unreadable:")]) == 1
    carol.posts[0].time = NIGHT
    cycle(game, post=False)
    assert [o.text for o in game.records.orders("night 1") if o.by == "carol"] == [
        "{by: carol, ability: Исповедь, target: frank}", "{by: carol, ability: Исповедь, target: erin}"]
    assert not [n for n in game.records.notices(unseen_only=True) if n.key.startswith("unreadable:")]
