"""Limits on every request (issue 23: a page trickling bytes held one round for 117 s; a 100 MB
page was read whole and answered with an English message). A real server on 127.0.0.1
sends the answers: the deadline covers the whole request, its body included, and an answer
larger than the profile's `max_page_mb` is refused before or while it is read. Both are
Russian and name the URL."""
from __future__ import annotations

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from config.profiles import load_profile
from scraper.errors import TooLarge, TooSlow, WriteUncertain, failure_in_russian
from scraper.http import HttpClient, HttpSettings, settings_for

SENT: dict[str, int] = {}


class Hostile(BaseHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass

    def do_GET(self) -> None:
        SENT[self.path] = 0
        if self.path.startswith("/trickle"):
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            for _ in range(100000):       # a byte every 50 ms: each read is quick, the whole never
                try:
                    self.wfile.write(b"x")
                    self.wfile.flush()
                except OSError:
                    return
                SENT[self.path] += 1
                time.sleep(0.05)
        elif self.path.startswith("/announced"):
            self.send_response(200)
            self.send_header("Content-Length", str(100_000_000))
            self.end_headers()
        elif self.path.startswith("/chunked"):
            self.send_response(200)
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            block = b"y" * 65536
            for _ in range(1600):         # 100 MB if read whole
                try:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(block), block))
                except OSError:
                    return
                SENT[self.path] += len(block)
            self.wfile.write(b"0\r\n\r\n")

    do_POST = do_GET


@pytest.fixture(scope="module")
def server():
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Hostile)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


def client(base: str, **settings) -> HttpClient:
    return HttpClient(base, HttpSettings(min_interval=0, retries=0, timeout=5.0, **settings))


def test_a_trickling_page_ends_at_the_requests_deadline(server):
    with pytest.raises(TooSlow) as caught:
        client(server, deadline=1.0).get(server + "/trickle/1")
    assert SENT["/trickle/1"] < 100000                 # not read whole: stopped at the deadline
    told = failure_in_russian(caught.value)
    assert "слишком медленно" in told and server + "/trickle/1" in told


def test_a_trickling_answer_to_a_form_is_a_write_whose_answer_was_lost(server):
    with pytest.raises(WriteUncertain):
        client(server, deadline=1.0)._send("POST", server + "/trickle/2", data={"a": "b"})


def test_an_answer_announced_larger_than_the_limit_is_refused_unread(server):
    with pytest.raises(TooLarge) as caught:
        client(server, max_body=1_000_000).get(server + "/announced")
    told = failure_in_russian(caught.value)
    assert "больше предела 1 МБ" in told and "max_page_mb" in told and server + "/announced" in told


def test_a_chunked_answer_is_cut_at_the_limit(server):
    with pytest.raises(TooLarge):
        client(server, max_body=1_000_000).get(server + "/chunked")
    assert SENT["/chunked"] < 100_000_000


def test_the_limit_is_the_profiles_with_a_sane_default(tmp_path):
    assert load_profile("spirit").max_page_mb == 10.0
    assert settings_for(load_profile("spirit")).max_body == 10_000_000
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: spirit\nmax_page_mb: 2\n", encoding="utf-8")
    assert settings_for(load_profile(str(mine))).max_body == 2_000_000
    assert HttpSettings().deadline > HttpSettings().timeout
