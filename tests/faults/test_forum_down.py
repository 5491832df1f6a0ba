"""A forum that is down, said plainly and quickly (issue 26, item 5): a read of a forum that
refuses connections (a closed port on 127.0.0.1) gives the GM one Russian alarm naming the
forum and what failed, never the exception's text; the thread is tried twice and the PM list
not at all (the same forum), so one read fails within seconds; the alarm goes with the first
read that reads, a phase end's included."""
from __future__ import annotations

import socket
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "loop"))
from fakeforum import FakeForum  # noqa: E402
from loopdata import game_yaml  # noqa: E402

from config.game import load_game  # noqa: E402
from gorod.loop import cycle, deal, end_now  # noqa: E402
from gorod.loop.forum import SiteForum  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.store import Store  # noqa: E402
from scraper.errors import ForumUnavailable, failure_in_russian  # noqa: E402
from scraper.http import HttpClient, HttpSettings  # noqa: E402


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_a_refused_connection_is_named_in_russian_without_the_exception(monkeypatch):
    port = closed_port()
    client = HttpClient(f"http://127.0.0.1:{port}", HttpSettings(min_interval=0), sleep=lambda s: None)
    with pytest.raises(ForumUnavailable) as caught:
        client.get("/topic/1/")
    assert caught.value.kind == "refused" and client.requests_sent == 2     # one retry, not four
    text = failure_in_russian(caught.value)
    assert f"форум 127.0.0.1:{port} не принимает соединений (соединение отклонено" in text
    for english in ("Error", "Failed", "HTTPConnection", "Max retries", "connec"):
        assert english not in text


def test_an_http_error_past_the_retries_names_its_code(rsps):
    rsps.add(rsps.GET, "http://127.0.0.1:9/x", status=503)
    client = HttpClient("http://127.0.0.1:9", HttpSettings(min_interval=0, retries=1), sleep=lambda s: None)
    with pytest.raises(ForumUnavailable) as caught:
        client.get("/x")
    assert failure_in_russian(caught.value).startswith("форум 127.0.0.1:9 ответил ошибкой HTTP 503; попыток: 2.")


def test_one_read_of_a_refusing_forum_is_one_alarm_and_the_pms_are_not_tried(tmp_path, monkeypatch):
    monkeypatch.setenv("GOROD_TEST_GM_PASSWORD", "x")
    port = closed_port()
    path = game_yaml(tmp_path, forum={"profile": "spirit", "base_url": f"http://127.0.0.1:{port}",
                                       "thread_url": f"http://127.0.0.1:{port}/topic/1/x/", "gm_user": "gm",
                                       "password_env": "GOROD_TEST_GM_PASSWORD"})
    sent = []

    def forum(game):
        site = SiteForum.from_config(game.config, game.store, settings=HttpSettings(min_interval=0))
        for client in {id(c): c for c in _clients(site)}.values():
            client.sleep = lambda s: None
            sent.append(client)
        return site
    game = Game(load_game(path), Store(tmp_path / "g.sqlite3"), forum_factory=forum)
    report = cycle(game, post=False)
    [alarm] = report.poll.failed
    assert alarm.startswith(f"посты темы не прочитаны: форум 127.0.0.1:{port} не принимает соединений")
    assert "Error" not in alarm and "Failed" not in alarm
    assert sum(c.requests_sent for c in sent) == 2          # the thread twice; the PM list never
    assert game.records.get("read_error")["text"] == alarm
    assert game.records.get("last_read") is None


def _clients(site) -> list:
    """The HTTP clients a SiteForum reads with (its thread's and its inbox's)."""
    found = []
    for value in vars(site).values():
        if isinstance(value, HttpClient):
            found.append(value)
        for inner in (vars(value).values() if hasattr(value, "__dict__") else ()):
            if isinstance(inner, HttpClient):
                found.append(inner)
    return found


def test_the_alarm_goes_with_a_phase_ends_read(tmp_path):
    forum = FakeForum()
    game = Game(load_game(game_yaml(tmp_path)), Store(tmp_path / "g.sqlite3"), forum=forum)
    deal(game)
    game.records.put("read_error", {"since": "2026-11-30T09:00:00+00:00", "text": "посты темы не прочитаны: …"})
    end_now(game, read=True, confirmed=True)                # the phase end reads the forum first
    assert game.records.get("read_error") is None and game.records.get("last_read")
