"""The forums the end-to-end game (tests/loop/test_realforum_game.py) is played on: Spirit, and
the live phpBB and MyBB of tests/forums/forumlab.py. One small interface over each: the players'
writers, the game topic, an edit through the forum's own form, the thread and a player's inbox
read back over HTTP with the forum's profile, and how the forum's markup looks."""
from __future__ import annotations

import os
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from config.profiles import load_profile
from engines import ENGINES, fresh_name
from forumlab import engines_dir, live_engine
from gorod.store import Store
from liveboard import Board
from publisher.markup import BBCODE, MARKDOWN, Markup
from scraper.poll import PmPoller, ThreadPoller
from scraper.write import ForumWriter

GAME_ENGINES = ("spirit", "phpbb", "mybb")


@dataclass
class GameForum:
    name: str
    url: str
    gm: str
    gm_password: str
    profile_name: str
    topic_id: str
    topic_url: str             # absolute
    seeded_posts: int          # posts in the topic before the game
    markup: Markup
    title: str                 # the game's title: the GM's PM subjects start with it
    _writer: object
    _client: object
    _edit: object

    def writer(self, nick: str) -> ForumWriter:
        writer = self._writer(nick)
        if self.name != "spirit":
            # the board outlives one test: players' PM titles carry the game's stamp (MyBB refuses
            # the same subject and text to the same recipient for 5 hours)
            send = writer.send_pm
            writer.send_pm = lambda to, title, text: send(to, f"{title} ({self.title[-10:]})", text)
        return writer

    def edit(self, nick: str, post_id: int, text: str) -> None:
        self._edit(nick, post_id, text)

    def bold(self, text: str) -> str:
        return f"**{text}**" if self.markup is MARKDOWN else f"[b]{text}[/b]"

    def shown(self, body: str) -> str:
        from gorod.loop.forum import plain
        return plain(self.markup.strip(body))

    def thread_posts(self) -> list:
        poller = ThreadPoller(self._client(None), load_profile(self.profile_name), Store(":memory:"), self.topic_url)
        return [e.post for e in poller.poll() if e.post is not None]

    def inbox(self, nick: str) -> list:
        poller = PmPoller(self._client(nick), load_profile(self.profile_name), Store(":memory:"))
        return [e.message for e in poller.poll() if e.message is not None and e.message.sender == self.gm
                and e.message.subject.startswith(self.title)]


def spirit_game(forum) -> GameForum:
    """Spirit (tests/realforum), seeded afresh by its fixture."""
    import forum_seed

    def edit(nick, post_id, text):
        answer = forum.writer(nick).client.submit_form(f"/comment/{post_id}/update/", {"comment": text}, auth=True)
        assert answer.location, f"Spirit did not take the edit of {post_id}"
    return GameForum("spirit", forum.url, "gm", forum_seed.PASSWORDS["gm"], "spirit", str(forum.topic_id),
                     forum.url + forum.topic_url, len(forum_seed.TOPIC_POSTS), MARKDOWN, "Город N: тест",
                     forum.writer, lambda nick: forum.client(nick), edit)


def board_game(engine: str, players: list[str]) -> GameForum:
    """A live PHP forum with the game's players registered (the engine's own seed script, run
    again for the extra names) and a fresh game topic opened by the board's admin; the GM is
    the admin, or a GM of the game's own where the engine's entry says so (`Engine.own_gm`)."""
    status = live_engine(engine)
    board = Board(ENGINES[engine], status, Path(os.environ["GOROD_FORUMS_HOME"]))
    gm = board.gm
    if board.engine.own_gm is not None:   # phpBB: the admin's folder fills to 50, then holds PMs back
        gm = fresh_name()
        players = [*players, gm]
    register(board, players)
    title = f"Город N: тест {int(time.time())}"
    topic = board.new_topic(board.gm, title, "Набор закрыт, игра начинается. Ждите ролей в личных сообщениях.")

    def edit(nick, post_id, text):
        answer = board.edit(nick, topic, str(post_id), text)
        assert answer.location or answer.status == 200, f"{engine}: the edit of {post_id} answered {answer.status}"
    return GameForum(engine, board.url, gm, status.password, board.engine.profile, topic,
                     board.thread_url(topic), 1, BBCODE, title, board.writer, board.client, edit)


def register(board: Board, names: list[str]) -> None:
    """`names` registered on the board by its engine's own seed script, with the board's password."""
    src = engines_dir() / board.engine.name / "seed.php"
    www = board.forum_dir / "www"
    shutil.copyfile(src, www / "seed.php")
    try:
        subprocess.run(["php", "seed.php", board.status.password, *names], cwd=www, check=True,
                       capture_output=True, text=True, timeout=120)
    finally:
        (www / "seed.php").unlink(missing_ok=True)
