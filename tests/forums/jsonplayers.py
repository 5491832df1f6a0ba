"""Players on the JSON-API forums (Misago, NodeBB), for the conformance suite.

What a player does there that gorod never does (open a topic, press the quote button, edit a
post) is a JSON request of the forum's own UI, sent with the player's logged-in client and the
profile's `api:` (its CSRF token); what the forum recorded is read from its database
(PostgreSQL for Misago, Redis for NodeBB), as the board's admin would.
"""
from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from config.profile_api import ApiCall
from scraper.api import Answer, JsonApi


@dataclass(frozen=True)
class Done:
    """What an edit answered, shaped as the suite reads a form's answer."""

    status: int
    location: str | None = None


def _api(board, user: str) -> JsonApi:
    client = board.client(user)
    if not client.logged_in:
        client.login()
    return JsonApi(client, board.profile.api, board.profile.name)


def _ok(answer: Answer, what: str) -> Answer:
    assert not answer.refused, f"{what}: HTTP {answer.status}: {answer.text[:300]}"
    return answer


class MisagoPlayers:
    def new_topic(self, board, user: str, subject: str, text: str) -> str:
        api = _api(board, user)
        index = api.client.get("/")
        category = re.search(rb'href="/c/[^/"]+/(\d+)/"', index.content)
        assert category, f"{board.url}: no category link on the index"
        answer = _ok(api.call(ApiCall("{base}/api/threads/", body={
            "category": int(category.group(1)), "title": subject, "post": text}), {}), "new thread")
        return str(answer.data["id"])

    def quote_text(self, board, user: str, topic: str, post: str) -> str:
        """What the quote button inserts: [quote="@author"] around the post's text (0.39's
        reply-editor GET is gone; the post's text comes from the thread's posts API)."""
        import lxml.html
        api = _api(board, user)
        page, found = 1, None
        while found is None and page < 20:
            answer = _ok(api.call(ApiCall("{base}/api/threads/{thread}/posts/?page={page}", method="GET"),
                                  {"thread": topic, "page": page}), "quote")
            found = next((p for p in answer.data["post_set"]["results"] if str(p["id"]) == post), None)
            if not answer.data["post_set"].get("next"):
                break
            page += 1
        assert found is not None, f"post {post} not in thread {topic}"
        text = lxml.html.fromstring(found["content"]).text_content().strip()
        return f'[quote="@{found["poster_name"]}"]\n{text}\n[/quote]'

    def edit(self, board, user: str, topic: str, post: str, text: str) -> Done:
        api = _api(board, user)
        answer = _ok(api.call(ApiCall("{base}/api/threads/{thread}/posts/{post}/", method="PUT",
                                      body={"post": text}), {"thread": topic, "post": post}), "edit")
        return Done(answer.status)

    @staticmethod
    def pm_reply(board, user: str, thread, text: str) -> Done:
        """A reply in a private thread: its own posts API (/api/threads/<id>/posts/ answers 404 there),
        sent again past Misago's flood guard (3 s between a member's posts, always on)."""
        import time
        call = ApiCall("{base}/api/private-threads/{thread}/posts/", body={"post": text})
        for _ in range(3):
            answer = _api(board, user).call(call, {"thread": thread})
            if not (answer.refused and "quickly" in answer.text):
                break
            time.sleep(3.5)
        return Done(_ok(answer, "private thread reply").status)


class NodebbPlayers:
    category = 2   # «General Discussion» of a fresh NodeBB

    def new_topic(self, board, user: str, subject: str, text: str) -> str:
        api = _api(board, user)
        answer = _ok(api.call(ApiCall("{base}/api/v3/topics", body={
            "cid": self.category, "title": subject, "content": text}), {}), "new topic")
        return str(answer.data["response"]["tid"])

    def quote_text(self, board, user: str, topic: str, post: str) -> str:
        """The quote button: the post's raw markdown, each line quoted under «@author said:»."""
        api = _api(board, user)
        raw = _ok(api.call(ApiCall("{base}/api/v3/posts/{post}/raw", method="GET"), {"post": post}), "quote")
        who = _ok(api.call(ApiCall("{base}/api/v3/posts/{post}/summary", method="GET"), {"post": post}), "quote")
        author = who.data["response"]["user"]["username"]
        lines = [f"@{author} said:"] + raw.data["response"]["content"].splitlines()
        return "\n".join("> " + line for line in lines)

    def edit(self, board, user: str, topic: str, post: str, text: str) -> Done:
        api = _api(board, user)
        answer = _ok(api.call(ApiCall("{base}/api/v3/posts/{post}", method="PUT", body={"content": text}),
                              {"post": post}), "edit")
        return Done(answer.status)

    @staticmethod
    def pm_reply(board, user: str, room, text: str) -> Done:
        """A message in a chat room (the room's own send box: POST /api/v3/chats/<room>)."""
        answer = _ok(_api(board, user).call(ApiCall("{base}/api/v3/chats/{room}", body={"message": text}),
                                            {"room": room}), "chat message")
        return Done(answer.status)


# -- the forums' own records ------------------------------------------------------------------------
def misago_times(forum_dir: Path, topic: str) -> dict:
    """{post id: (posted, edited or None)} from Misago's PostgreSQL (the install's private cluster)."""
    port = (forum_dir / "pg" / "data" / "postmaster.pid").read_text().splitlines()[3].strip()
    sql = ("SELECT id, extract(epoch FROM posted_on), CASE WHEN edits > 0 THEN extract(epoch FROM updated_on) END "
           f"FROM misago_threads_post WHERE thread_id = {int(topic)} AND NOT is_event")
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "misago", "-tA", "-F", "|",
                          "-c", sql], capture_output=True, text=True, check=True).stdout
    rows = [line.split("|") for line in out.splitlines() if line]
    return {pid: (float(posted), float(edited) if edited else None) for pid, posted, edited in rows}


def nodebb_times(forum_dir: Path, topic: str) -> dict:
    """{post id: (posted, edited or None)} from NodeBB's Redis (its port in the install's redis.conf)."""
    port = re.search(r"^port (\d+)", (forum_dir / "redis.conf").read_text(), re.M).group(1)

    def redis(*args: str) -> list[str]:
        out = subprocess.run(["redis-cli", "-p", port, *args], capture_output=True, text=True, check=True).stdout
        return out.splitlines()
    pids = redis("hget", f"topic:{int(topic)}", "mainPid") + redis("zrange", f"tid:{int(topic)}:posts", "0", "-1")
    times = {}
    for pid in dict.fromkeys(p for p in pids if p):
        posted, edited = redis("hmget", f"post:{pid}", "timestamp", "edited")
        times[pid] = (int(posted) / 1000, int(edited) / 1000 if edited and edited != "0" else None)
    return times


def _nodebb_flood(forum_dir: Path, seconds: int) -> None:
    """NodeBB's flood guards (the install turned them off): `seconds` between a user's posts
    and between chat messages, set through the admin API (NodeBB caches its settings: a write
    to Redis alone would not be seen)."""
    import json
    import os
    from config.profiles import load_profile
    from scraper.http import HttpClient, HttpSettings
    config = json.loads(next(forum_dir.glob("NodeBB-*/config.json")).read_text())
    os.environ.setdefault("GOROD_TEST_NODEBB_ADMIN", os.environ.get("LAB_PASSWORD", "GorodLab!2718"))
    client = HttpClient.for_profile(load_profile("nodebb"), config["url"], username="gm",
                                    password_env="GOROD_TEST_NODEBB_ADMIN", settings=HttpSettings(min_interval=0))
    client.login()
    api = JsonApi(client, client.login_form.api_rules, "nodebb")
    for setting, value in (("postDelay", seconds), ("newbiePostDelay", seconds),
                           ("chatMessageDelay", seconds * 1000), ("newbieChatMessageDelay", seconds * 1000)):
        _ok(api.call(ApiCall("{base}/api/v3/admin/settings/{setting}", method="PUT", body={"value": value}),
                     {"setting": setting}), f"admin setting {setting}")


def _misago_flood(forum_dir: Path, seconds: int) -> None:
    """Misago's flood guard is always on: 3 s between a member's posts (MIN_POSTING_INTERVAL
    of misago/threads/api/postingendpoint/floodprotection.py, not a setting)."""


def _engines() -> dict:
    from engines import Engine, Markup
    return {e.name: e for e in (
        Engine(
            name="misago", profile="misago", per_page=22,   # 18 a page, a last page of up to 6 joins the one before
            thread_url="/t/-/{thread}/", db_times=misago_times, player=MisagoPlayers(), flood=_misago_flood,
            pm_reply=MisagoPlayers.pm_reply,
            markup=Markup(bold="**{}**", orange=None, strike="~~{}~~", spoiler="[spoiler]{}[/spoiler]"),
            time_precision=0, edit_precision=0,             # exact: microseconds in <time> and the page's JSON
        ),
        Engine(
            name="nodebb", profile="nodebb", per_page=10,
            thread_url="/topic/{thread}", db_times=nodebb_times, player=NodebbPlayers(), flood=_nodebb_flood,
            pm_reply=NodebbPlayers.pm_reply,
            markup=Markup(bold="**{}**", orange=None, strike="~~{}~~", spoiler=None),   # stock: no spoiler plugin
            time_precision=0, edit_precision=0,             # exact: epoch ms
        ),
    )}


JSON_ENGINES = _engines()
