"""The browser tests' fixtures: headless Chromium (Debian's /usr/bin/chromium driven by
Playwright; no browser is downloaded) and a console served on 127.0.0.1 in a thread."""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from gorod.web import Console

CHROMIUM = "/usr/bin/chromium"
# As root, in a closed network: no sandbox, no GPU, none of Chromium's own connections.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TOKEN = "browser-test-token"


def _required() -> bool:
    """In `make test` (the forum is up) or CI a missing browser is a failure, not a skip."""
    return bool(os.environ.get("GOROD_REALFORUM_URL") or os.environ.get("CI"))


@pytest.fixture(scope="module")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if _required():
            pytest.fail("the playwright package is missing: make test installs it ('.[test]')")
        pytest.skip("no playwright: run `make test`")
    if not Path(CHROMIUM).exists():
        if _required():
            pytest.fail(f"{CHROMIUM} is missing: make test installs Debian's chromium")
        pytest.skip(f"no {CHROMIUM}: run `make test`")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def serve():
    """serve(open_game) -> the console's URL, on 127.0.0.1 in a thread of this process."""
    from werkzeug.serving import make_server

    servers = []

    def start(open_game) -> str:
        server = make_server("127.0.0.1", 0, Console(open_game, TOKEN), threaded=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_port}/"
    yield start
    for server in servers:
        server.shutdown()
        server.server_close()
