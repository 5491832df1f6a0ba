"""The console's body limit holds for a chunked request too (issue 23: 30 MB sent with
`Transfer-Encoding: chunked` and the cookie and CSRF token was accepted and echoed into the
page). A real Werkzeug server on 127.0.0.1, a raw chunked POST."""
from __future__ import annotations

import http.client
import threading

import pytest
from werkzeug.serving import make_server

from gorod.web.guard import MAX_BODY
from gorod.web.security import csrf_token
from webdata import TOKEN

CSRF = csrf_token(TOKEN)


@pytest.fixture
def served(console, game):
    server = make_server("127.0.0.1", 0, console, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port
    server.shutdown()
    server.server_close()


def chunked_post(port: int, path: str, body: bytes) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.putrequest("POST", path, skip_host=True)
    conn.putheader("Host", f"127.0.0.1:{port}")
    conn.putheader("Cookie", f"gorod_console_{port}={TOKEN}")
    conn.putheader("Content-Type", "application/x-www-form-urlencoded")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    try:
        for at in range(0, len(body), 65536):
            piece = body[at:at + 65536]
            conn.send(b"%x\r\n%s\r\n" % (len(piece), piece))
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass                       # the server may close before the whole body is sent
    response = conn.getresponse()
    return response.status, response.read()


def test_a_chunked_body_over_the_limit_is_refused(served, game):
    text = b"x" * (3 * MAX_BODY)
    status, page = chunked_post(served, "/order/add", b"csrf=" + CSRF.encode() + b"&text=" + text)
    assert status == 413 and "Слишком большой запрос".encode() in page
    assert text[:MAX_BODY // 2] not in page
    assert game.records.orders() == []


def test_a_small_chunked_form_still_works(served, game):
    status, _page = chunked_post(served, "/notices/seen", b"csrf=" + CSRF.encode())
    assert status == 303
