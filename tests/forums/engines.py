"""What the conformance suite needs to know of each live engine, one entry per engine.

The suite (test_conformance.py) plays players through the forum's own forms and then reads
everything back with gorod's profile. Players' actions that gorod itself never does (open a
topic, press the quote button, edit a post) are described here per engine: the form's page,
its text field, the fixed fields a browser sends. The forum's own record of each post's time
(its database, read as the board's admin would) is what the times gorod reads are compared
with. Adding an engine is one `Engine(...)` entry in ENGINES.
"""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable


@dataclass(frozen=True)
class Markup:
    """How players write emphasis on this engine (None: the engine has no such markup)."""

    bold: str = "[b]{}[/b]"
    orange: str | None = "[color=orange]{}[/color]"
    strike: str | None = "[s]{}[/s]"
    spoiler: str | None = None


@dataclass(frozen=True)
class FormSpec:
    """A form players use: its page (a template over {thread}, {post}, {forum}), the form's
    selector, its text field, fixed fields (a submit button's name) and its minimum age."""

    url: str
    text: str
    form: str | None = None
    subject: str | None = None
    fields: dict = field(default_factory=dict)
    min_age: float = 0.0


@dataclass(frozen=True)
class Engine:
    name: str                    # forumlab's engine name (status.json, GOROD_FORUM_<NAME>_URL)
    profile: str                 # gorod's profile for it
    per_page: int                # posts a thread page shows (the board's setting)
    thread_url: str                            # {thread}: page 1
    db_times: Callable[[Path, str], dict]      # (forum dir, topic id) -> {post id: (posted, edited or None)}
                                               # (Spirit: its SQLite file instead of a forum dir)
    forum_id: int = 0
    new_topic: FormSpec | None = None          # {forum}: the board the game topic goes in
    quote: FormSpec | None = None              # the quote button's page for {post}: its textarea is prefilled
    edit: FormSpec | None = None               # the edit page of {post}
    topic_id: Callable[[str], str] | None = None   # the new topic's id from the answer's URL or page
    # players' actions where the forum has no HTML form for them (JSON forums): an object with
    # new_topic(board, user, subject, text) -> topic id, quote_text(board, user, topic, post) -> str,
    # edit(board, user, topic, post, text); used instead of the FormSpecs above
    player: object | None = None
    # the board's settings a GM sets before a game, as its admin would (forum dir -> None)
    prepare: Callable[[Path], None] | None = None
    # the board's flood guard on (seconds between a member's posts) or back off: (forum dir, seconds)
    flood: Callable[[Path, int], None] | None = None
    merges: bool = False         # a member's consecutive posts are glued into one
    # the answer to a new topic names its first post only: the topic id is read on the page it leads to
    topic_on_page: bool = False
    markup: Markup = Markup()
    time_precision: int = 60     # seconds: the forum shows minutes
    edit_precision: int = 60     # of the edit's time
    edit_time: bool = True       # the board shows when a post was edited (Spirit: only how often)
    # a forum started otherwise than by forumlab (Spirit, by tests/realforum/run.sh): () ->
    # (its Status, where its own records are: db_times' first argument), skipping when absent
    live: Callable[[], tuple] | None = None
    # a forum whose flood and double-post guards are settings of its server process, not of
    # its database (Spirit): () -> a second instance started with them on, as `live` says it;
    # the writing tests write there with the guards on (no `flood` hook to turn them on)
    guarded: Callable[[], tuple] | None = None
    # the flood guard counts a member's posts in fixed windows of this many seconds (Spirit:
    # 10): the suite puts two posts early in one window and checks the second was held back
    flood_window: int = 0
    # a reply inside a PM conversation, where the engine has one: (board, user, conversation id
    # as send_pm names it, text); None: the suite replies with a new conversation
    pm_reply: Callable[..., object] | None = None
    # a GM account of the test's own, registered as the board's admin would, where the board's
    # GM's PM folder fills with every test's PMs and then holds new ones back (phpBB: 50):
    # (board, name) -> name
    own_gm: Callable[..., str] | None = None


def _sqlite(path: Path, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(path) as db:
        return db.execute(sql, args).fetchall()


def _mariadb(forum_dir: Path, database: str, sql: str) -> list[list[str]]:
    out = subprocess.run(["mariadb", "--no-defaults", "-S", str(forum_dir / "mysql" / "mysql.sock"), "-uroot",
                          "-N", "-B", database, "-e", sql], capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in out.splitlines() if line]


def _phpbb_times(forum_dir: Path, topic: str) -> dict:
    rows = _sqlite(forum_dir / "forum.sqlite3",
                   "SELECT post_id, post_time, post_edit_time FROM phpbb_posts WHERE topic_id = ?", int(topic))
    return {str(pid): (posted, edited or None) for pid, posted, edited in rows}


def _mybb_times(forum_dir: Path, topic: str) -> dict:
    rows = _mariadb(forum_dir, "mybb", f"SELECT pid, dateline, edittime FROM mybb_posts WHERE tid = {int(topic)}")
    return {pid: (int(posted), int(edited) or None) for pid, posted, edited in rows}


def _smf_times(forum_dir: Path, topic: str) -> dict:
    rows = _mariadb(forum_dir, "smf", f"SELECT id_msg, poster_time, modified_time FROM smf_messages "
                                      f"WHERE id_topic = {int(topic)}")
    return {mid: (int(posted), int(edited) or None) for mid, posted, edited in rows}


def _smf_prepare(forum_dir: Path) -> None:
    # SMF shows no edit mark for an edit within edit_wait_time (90 s): a game wants every
    # edit seen (the settings are not cached: cache_enable = 0 in the installed Settings.php)
    _mariadb(forum_dir, "smf", "UPDATE smf_settings SET value = '0' WHERE variable = 'edit_wait_time'")


def _fluxbb_times(forum_dir: Path, topic: str) -> dict:
    rows = _sqlite(forum_dir / "forum.sqlite", "SELECT id, posted, edited FROM fx_posts WHERE topic_id = ?", int(topic))
    return {str(pid): (posted, edited or None) for pid, posted, edited in rows}


def _php(forum_dir: Path, code: str) -> None:
    subprocess.run(["php", "-r", code], cwd=forum_dir / "www", check=True, capture_output=True)


def _phpbb_flood(forum_dir: Path, seconds: int) -> None:
    with sqlite3.connect(forum_dir / "forum.sqlite3") as db:
        db.execute("UPDATE phpbb_config SET config_value = ? WHERE config_name = 'flood_interval'", (str(seconds),))
    for cached in (forum_dir / "www" / "cache" / "production").glob("data_global.php*"):
        cached.unlink()      # phpBB's cached copy of its config


def _mybb_flood(forum_dir: Path, seconds: int) -> None:
    _mariadb(forum_dir, "mybb", f"UPDATE mybb_settings SET value = '{int(seconds)}' WHERE name = 'postfloodsecs'; "
                                f"UPDATE mybb_settings SET value = '{1 if seconds else 0}' WHERE name = 'postfloodcheck'")
    _php(forum_dir, "$_SERVER['REQUEST_METHOD'] = 'GET'; define('IN_MYBB', 1); define('THIS_SCRIPT', 'x.php'); "
                    "require './inc/init.php'; rebuild_settings();")   # MyBB serves inc/settings.php


def _smf_flood(forum_dir: Path, seconds: int) -> None:
    _mariadb(forum_dir, "smf", f"UPDATE smf_settings SET value = '{int(seconds)}' WHERE variable = 'spamWaitTime'")


def _fluxbb_flood(forum_dir: Path, seconds: int) -> None:
    with sqlite3.connect(forum_dir / "forum.sqlite") as db:
        db.execute("UPDATE fx_groups SET g_post_flood = ? WHERE g_id = 4", (int(seconds),))
    for cached in (forum_dir / "www" / "cache").glob("cache_*.php"):
        cached.unlink()


def fresh_name(prefix: str = "gm") -> str:
    """A member name no other test took: the live parts of `make test` run at once, so the
    second alone (two parts starting in the same one) does not tell them apart; within
    phpBB's 20 characters."""
    return f"{prefix}{os.getpid()}{int(time.time()) % 10**8}"


def _registered(board, name: str) -> str:
    """`name` registered with the board's password by the engine's own seed script."""
    from gameforum import register
    register(board, [name])
    return name


def _fluxbb_pm_reply(board, user: str, conversation, text: str):
    """A reply inside a dialog: its «Добавить ответ» form (pmsnew.php?mdl=post&tid=N)."""
    answer = board.submit(user, FormSpec("/pmsnew.php?mdl=post&tid={thread}", "req_message", "form#post",
                                         fields={"submit": "Отправить"}, min_age=3.5), text, thread=conversation)
    assert answer.location or "refresh" in answer.text.lower(), f"{board.url}: the dialog's reply: {answer.status}"
    return answer


def _query_id(name: str) -> Callable[[str], str]:
    import re

    def topic_id(where: str) -> str:
        match = re.search(rf"[?&;]{name}=(\d+)", where)
        assert match, f"no {name}= in the answer: {' '.join(re.sub('<[^>]+>', ' ', where).split())[-300:]}"
        return match.group(1)
    return topic_id


ENGINES: dict[str, Engine] = {e.name: e for e in (
    Engine(
        name="phpbb", profile="phpbb3", per_page=10, forum_id=2,
        new_topic=FormSpec("/posting.php?mode=post&f={forum}", "message", "form#postform", subject="subject",
                           fields={"post": "Submit"}, min_age=2.5),
        quote=FormSpec("/posting.php?mode=quote&p={post}", "message", "form#postform"),
        edit=FormSpec("/posting.php?mode=edit&p={post}", "message", "form#postform", fields={"post": "Submit"},
                      min_age=2.5),
        topic_id=_query_id("t"), thread_url="/viewtopic.php?t={thread}", db_times=_phpbb_times,
        markup=Markup(strike=None), flood=_phpbb_flood,   # stock phpBB 3.3 has no [s] and no spoiler
        time_precision=1,             # <time datetime> has seconds; the edit notice minutes
        own_gm=_registered,           # pm_max_msgs: 50 a folder, then held (the admin's too)
    ),
    Engine(
        name="mybb", profile="mybb", per_page=20, forum_id=2,
        new_topic=FormSpec("/newthread.php?fid={forum}", "message", "form[name='input']", subject="subject",
                           fields={"submit": "Post Thread"}),
        quote=FormSpec("/newreply.php?tid={thread}&replyto={post}", "message", "form[name='input']"),
        edit=FormSpec("/editpost.php?pid={post}", "message", "form[name='input']",
                      fields={"submit": "Update Post"}),
        topic_id=_query_id("tid"), thread_url="/showthread.php?tid={thread}", db_times=_mybb_times,
        markup=Markup(), flood=_mybb_flood, merges=True,
    ),
    Engine(
        name="smf", profile="smf2", per_page=15, forum_id=1,
        new_topic=FormSpec("/index.php?action=post;board={forum}.0", "message", "form#postmodify",
                           subject="subject", fields={"post": "Post"}),
        quote=FormSpec("/index.php?action=post;quote={post};topic={thread}.0", "message", "form#postmodify"),
        edit=FormSpec("/index.php?action=post;msg={post};topic={thread}.0", "message", "form#postmodify",
                      fields={"post": "Save"}),
        topic_id=_query_id("topic"), thread_url="/index.php?topic={thread}.0", db_times=_smf_times,
        markup=Markup(), prepare=_smf_prepare, flood=_smf_flood,   # no stock spoiler
    ),
    Engine(
        name="fluxbb", profile="punbb", per_page=25, forum_id=1,
        new_topic=FormSpec("/post.php?fid={forum}", "req_message", "form#post", subject="req_subject",
                           fields={"submit": "Отправить"}),
        quote=FormSpec("/post.php?tid={thread}&qid={post}", "req_message", "form#post"),
        edit=FormSpec("/edit.php?id={post}", "req_message", "form#edit", fields={"submit": "Отправить"}),
        topic_id=_query_id("tid"), topic_on_page=True, thread_url="/viewtopic.php?id={thread}",
        db_times=_fluxbb_times, time_precision=1, edit_precision=1,
        markup=Markup(spoiler="[spoiler]{}[/spoiler]"), flood=_fluxbb_flood, merges=True,
        pm_reply=_fluxbb_pm_reply,
    ),
)}

# The JSON-API forums (Misago, NodeBB): their players act through JSON, see jsonplayers.py
from jsonplayers import JSON_ENGINES  # noqa: E402  (it imports Engine from here)
ENGINES.update(JSON_ENGINES)
# Spirit (tests/realforum/run.sh starts it): see spiritboard.py
from spiritboard import SPIRIT  # noqa: E402
ENGINES[SPIRIT.name] = SPIRIT


def status_users(status) -> dict:
    return json.loads(json.dumps(status.users))
