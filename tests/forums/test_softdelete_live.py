"""A soft-deleted post is no live post. phpBB 3.1+: a moderator's soft deletion leaves the
post in the thread page a moderator reads (prosilver's viewtopic_body.html: its container
`div.post ... deleted`, its profile and content hidden, «This post was deleted by …»), and
gorod reads the thread as the GM, who is very often the moderator of his game's forum.
MyBB, NodeBB and Misago do the same (their tests below); SMF has no soft deletion (a removed
post leaves the topic, or moves to the recycle board's).

The lab's GM is phpBB's installer founder, a member of GLOBAL_MODERATORS (the installer's
default groups, checked below): a moderator of every forum, as a GM moderating his game's is.
A player's vote soft-deleted before gorod read it is never read; a vote gorod stored and the
moderator then soft-deletes is a deleted post to the store (its order stays in force and the
GM is told: gorod's behaviour for any deleted post, `gorod.loop.intake`). On phpBB both sit on
page 2 of three, full pages each (10 a page): the skipped containers count as present, so the
wholeness check (`scraper.wholeness`) raises no PartialPage. A guest's view is as before:
neither post in it."""
from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from config.profile_api import ApiCall
from engines import ENGINES, _mariadb
from forumlab import live_engine
from gorod.loop import cycle, deal, resolve_phase
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.loop.records import NoticeKind
from gorod.store import Store
from liveboard import Board
from scraper.http import HttpSettings
from scraper.write_form import find_form, send_form

pytestmark = pytest.mark.live_forum

ROLES = (("Мэр", "Мирный житель"), ("Оракул", "Бес"), ("Вор", "Стражник"), ("Бандит", "Зомби"))


def soft_delete(board: Board, post: str) -> None:
    """The moderator's soft deletion through phpBB's own form: posting.php?mode=delete, its
    confirm step with «delete_permanent» left unticked (a soft deletion: post_visibility 2)."""
    client = board.client(board.gm)
    page = client.get(f"/posting.php?mode=delete&p={post}", auth=True)
    form = find_form(page, selector="form#confirm", holding="delete_reason")
    answer = send_form(client, page, form, {"confirm": "Yes", "delete_reason": "не по правилам"})
    assert answer.status == 200, f"{page.url}: the delete form answered {answer.status}"
    assert _visibility(board, post) == 2, f"post {post} was not soft-deleted: {answer.text[-500:]}"


def replies(board: Board, topic: str, items: list[str]) -> list[str]:
    """Filler replies («NAME:TEXT» each) by phpBB's own submit_post() (phpbb_replies.php): the
    reply form takes one reply of a topic at a time, 2 s each (its minimum age)."""
    www = board.forum_dir / "www"
    shutil.copyfile(Path(__file__).with_name("phpbb_replies.php"), www / "gorod_replies.php")
    try:
        out = subprocess.run(["php", "gorod_replies.php", topic, *items], cwd=www, check=True,
                             capture_output=True, text=True, timeout=120).stdout
    finally:
        (www / "gorod_replies.php").unlink(missing_ok=True)
    last = out.splitlines()[-1] if out.strip() else ""
    assert last.startswith("["), "phpbb_replies.php: " + re.sub(r"(?s)<[^>]*>|\s+", " ", out)[-800:]
    ids = [str(i) for i in json.loads(last)]
    assert len(ids) == len(items), out
    return ids


def _forum_db(board: Board, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(board.forum_dir / "forum.sqlite3") as db:
        return db.execute(sql, args).fetchall()


def _visibility(board: Board, post: str) -> int:
    [(visibility,)] = _forum_db(board, "SELECT post_visibility FROM phpbb_posts WHERE post_id = ?", int(post))
    return visibility


def _game(board: Board, topic: str, players: list[str], tmp_path: Path) -> Game:
    """A game in the topic, its day 1 open (its boundaries an hour ago), read as the GM."""
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # boundaries an hour ago
    data = {
        "title": "Город N: удалённый пост",
        "forum": {"profile": board.engine.profile, "base_url": board.url, "thread_url": board.thread_url(topic),
                  "gm_user": board.gm, "password_env": board.password_env, "min_interval": 0},
        "players": {nick: {"open": o, "secret": s} for nick, (o, s) in zip(players, ROLES)},
        "schedule": {"night_starts": moscow, "day_starts": moscow},
        "seed": 5,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"),
                now=lambda: datetime.now(timezone.utc) - timedelta(minutes=2),   # the forum shows minutes
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=HttpSettings(min_interval=0)))
    cycle(game)
    deal(game)
    resolve_phase(game)                                       # night 1 ends: day 1 opens
    return game


def test_phpbb_a_soft_deleted_post_is_no_live_post_of_the_moderators_thread(tmp_path):
    board = Board(ENGINES["phpbb"], live_engine("phpbb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    groups = {g for (g,) in _forum_db(board, "SELECT g.group_name FROM phpbb_users u JOIN phpbb_user_group ug "
                                             "ON ug.user_id = u.user_id JOIN phpbb_groups g ON g.group_id = "
                                             "ug.group_id WHERE u.username = ?", board.gm)}
    assert "GLOBAL_MODERATORS" in groups, f"the GM {board.gm} moderates no forum: {groups}"
    mayor, oracle, thief, bandit = players = board.players[:4]
    topic = board.new_topic(board.gm, f"Город N: удалённый пост {int(time.time())}", "Игра начинается.")
    game = _game(board, topic, players, tmp_path)

    # 20 replies: posts 2..21, pages 1 and 2 full, page 3 holds the last; the two votes are posts
    # 14 and 15 (page 2), through the reply form, the fillers around them by phpBB's submit_post()
    fillers = [f"{players[i % 4]}:Флуд {i}" for i in range(18)]
    replies(board, topic, fillers[:12])
    stored_vote = str(board.writer(mayor).reply(topic, f"Голосую против {thief}").id)
    unseen_vote = str(board.writer(oracle).reply(topic, f"Голосую против {bandit}").id)
    replies(board, topic, fillers[12:])

    soft_delete(board, unseen_vote)                           # before gorod ever read it
    report = cycle(game)                                      # the worker's round: the GM reads the thread
    assert report.errors == [], report.to_json()
    assert [o.by for o in game.records.source_orders("post", stored_vote)] == [mayor]
    assert game.records.source_orders("post", unseen_vote) == []
    stored = dict(game.store.db.execute("SELECT post_id, deleted FROM posts WHERE thread LIKE 'topic:%'"))
    assert unseen_vote not in stored and stored[stored_vote] == 0 and len(stored) == 20, stored

    soft_delete(board, stored_vote)
    report = cycle(game, rescan=True)                         # the worker's rescan, from page 1 (RESCAN_EVERY)
    assert report.errors == [], report.to_json()
    stored = dict(game.store.db.execute("SELECT post_id, deleted FROM posts WHERE thread LIKE 'topic:%'"))
    assert stored[stored_vote] == 1 and unseen_vote not in stored and sum(stored.values()) == 1, stored
    # a deleted post's orders stay in force, and the GM is told (gorod.loop.intake._deleted)
    [order] = game.records.source_orders("post", stored_vote)
    assert order.status == "active" and order.by == mayor
    deleted = [n for n in game.records.notices() if n.kind is NoticeKind.DELETED and n.key.startswith("deleted:post:")]
    [notice] = deleted
    assert f"Пост {stored_vote} ({mayor}) удалён" in notice.text and f"#{order.id}" in notice.text, notice.text
    assert cycle(game, rescan=True).errors == []              # a later round: nothing more
    assert [n.id for n in game.records.notices() if n.key.startswith("deleted:post:")] == [notice.id]

    # the moderator's pages still hold both (as deleted), a guest's neither: as before
    gm_pages = "".join(board.client(board.gm).get(url, auth=True).text
                       for url in board.read_thread(topic, board.gm).pages)
    for post in (stored_vote, unseen_vote):
        assert re.search(rf'<div id="p{post}" class="post [^"]*\bdeleted\b', gm_pages), post
    guest = [p.id for p in board.read_thread(topic).posts]
    assert stored_vote not in guest and unseen_vote not in guest and len(guest) == 21 - 2, guest


def mybb_soft_delete(board: Board, post: str) -> None:
    """MyBB's moderator deletion: the «Delete Post» form of editpost.php (action=deletepost);
    a moderator with cansoftdeleteposts (a super moderator, the admin) soft-deletes (visible -1)."""
    client = board.client(board.gm)
    page = client.get(f"/editpost.php?pid={post}", auth=True)
    form = find_form(page, selector=None, holding="delete")
    answer = send_form(client, page, form, {"delete": "1"})
    assert answer.status in (200, 302), f"{page.url}: the delete form answered {answer.status}"
    [[visible]] = _mariadb(board.forum_dir, "mybb", f"SELECT visible FROM mybb_posts WHERE pid = {int(post)}")
    assert visible == "-1", f"post {post} was not soft-deleted (visible {visible})"


def deleted_votes(board: Board, delete, tmp_path: Path) -> tuple[str, str, str]:
    """Two players' votes in a fresh topic, one deleted by the moderator (`delete`) before the GM's
    game read the thread, the other after it did; (topic, the stored vote, the unseen one)."""
    mayor, oracle, thief, bandit = players = board.players[:4]
    topic = board.new_topic(board.gm, f"Город N: удалённый пост {int(time.time())}", "Игра начинается.")
    game = _game(board, topic, players, tmp_path)
    stored_vote = str(board.writer(mayor).reply(topic, f"Голосую против {thief}").id)
    unseen_vote = str(board.writer(oracle).reply(topic, f"Голосую против {bandit}").id)
    board.writer(thief).reply(topic, "Флуд, просто флуд")
    delete(board, topic, unseen_vote)
    report = cycle(game)
    assert report.errors == [], report.to_json()
    assert [o.by for o in game.records.source_orders("post", stored_vote)] == [mayor]
    assert game.records.source_orders("post", unseen_vote) == []
    delete(board, topic, stored_vote)
    report = cycle(game, rescan=True)
    assert report.errors == [], report.to_json()
    stored = dict(game.store.db.execute("SELECT post_id, deleted FROM posts WHERE thread LIKE 'topic:%'"))
    assert stored[stored_vote] == 1 and unseen_vote not in stored and sum(stored.values()) == 1, stored
    [order] = game.records.source_orders("post", stored_vote)   # a deleted post's orders stay (intake)
    assert order.status == "active"
    return topic, stored_vote, unseen_vote


def test_mybb_a_soft_deleted_post_is_no_live_post_of_the_moderators_thread(tmp_path):
    """MyBB 1.8 shows a soft-deleted post to a moderator as `div.post.unapproved_post.deleted_post`
    (its whole body; inc/functions_post.php, postbit templates) and to a member who may see the
    notice as `div.post.deleted_post_hidden` (no body): the GM (the board's admin, a super
    moderator) reads neither as a post."""
    board = Board(ENGINES["mybb"], live_engine("mybb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    topic, stored_vote, unseen_vote = deleted_votes(board, lambda b, t, p: mybb_soft_delete(b, p), tmp_path)
    gm_page = board.client(board.gm).get(board.thread_url(topic), auth=True).text
    for post in (stored_vote, unseen_vote):
        assert re.search(rf'<div class="post [^"]*\bdeleted_post\b[^"]*"[^>]*id="post_{post}"', gm_page), post
    thief = board.players[2]
    member = board.client(thief).get(board.thread_url(topic), auth=True).text   # a player: the notice only
    assert re.search(rf'<div class="post deleted_post_hidden" id="post_{unseen_vote}"', member), member[-500:]
    assert [p.id for p in board.read_thread(topic, thief).posts] == [p.id for p in board.read_thread(topic).posts]
    guest = [p.id for p in board.read_thread(topic).posts]
    assert stored_vote not in guest and unseen_vote not in guest and len(guest) == 2, guest


def nodebb_soft_delete(board: Board, topic: str, post: str) -> None:
    """NodeBB's «Delete» of the post menu (DELETE /api/v3/posts/<pid>/state: a soft deletion,
    the post kept, deleted 1; purging is DELETE /api/v3/posts/<pid>)."""
    from jsonplayers import _api, _ok
    _ok(_api(board, board.gm).call(ApiCall("{base}/api/v3/posts/{post}/state", method="DELETE"), {"post": post}),
        f"delete post {post}")


def misago_hide(board: Board, topic: str, post: str) -> None:
    """Misago's moderator «Hide» of a post (PATCH its API with is-hidden: Misago's soft deletion)."""
    from jsonplayers import _api, _ok
    _ok(_api(board, board.gm).call(ApiCall("{base}/api/threads/{thread}/posts/{post}/", method="PATCH",
                                           body=[{"op": "replace", "path": "is-hidden", "value": True}]),
                                   {"thread": topic, "post": post}), f"hide post {post}")


@pytest.mark.parametrize("engine,delete", [("nodebb", nodebb_soft_delete), ("misago", misago_hide)],
                         ids=["nodebb", "misago"])
def test_a_soft_deleted_post_is_no_live_post_on_a_json_forum(engine, delete, tmp_path):
    """NodeBB 4 keeps a deleted post in its topic, for everyone (harmony's topic.tpl: `li[component=post]`
    with the class "deleted"; its content to moderators and admins, a notice to others); Misago 0.39
    a hidden one (its post.html: `li.post.post-hidden` with a notice to those who may not see
    hidden posts; to a moderator the post whole, marked by its div.post-status-hidden)."""
    board = Board(ENGINES[engine], live_engine(engine), Path(os.environ["GOROD_FORUMS_HOME"]))
    topic, stored_vote, unseen_vote = deleted_votes(board, delete, tmp_path)
    guest = [p.id for p in board.read_thread(topic).posts]
    assert stored_vote not in guest and unseen_vote not in guest and len(guest) == 2, guest
