"""`gorod scrape` on saved pages: JSON and table output, clear errors, exit codes."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from gorod.cli import main

PAGES = Path(__file__).parent / "pages"
CORPUS = Path(os.environ.get("GOROD_SHARED", Path(__file__).resolve().parents[3] / "shared")) / "corpus"


def test_json_has_the_documented_keys(capsys):
    code = main(["scrape", "--json", "--now", "2023-11-18T12:00+03:00",
                 str(PAGES / "mybbru-topic-p3-cp1251.html"), str(PAGES / "mybbru-topic-p2-cp1251.html")])
    assert code == 0
    posts = json.loads(capsys.readouterr().out)
    assert [p["id"] for p in posts] == ["120", "121", "125", "130"]
    bob = posts[1]
    assert list(bob)[:7] == ["id", "author", "posted_at", "edited", "text", "quotes", "page"]
    assert bob["author"] == "Боб" and bob["edited"] is True and bob["page"] == 2
    assert bob["posted_at"] == "2023-11-17T11:50:00+03:00"
    assert bob["text"] == "Я мирный! Голосую против Карла"
    assert bob["quotes"] == ["Голосую против Боба"]
    assert posts[2]["posted_at"] == "2023-11-18T09:15:30+03:00"


def test_table_output(capsys):
    assert main(["scrape", "--profile", "spirit", str(PAGES / "spirit-topic-p2.html")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "3 posts from 1 page(s), profile spirit"
    assert out[1].split()[:4] == ["id", "page", "posted", "at"]
    assert out[3].startswith("58 ") and " bob " in out[3] and "*" in out[3]


def test_board_index_exits_nonzero_naming_file_profile_selector(capsys):
    if not CORPUS.is_dir():
        pytest.skip(f"the shared corpus is absent ({CORPUS})")
    code = main(["scrape", str(CORPUS / "forums/mybbru")])
    assert code == 1
    err = capsys.readouterr().err
    assert "cwklk-index-cp1251.html" in err and "'mybbru'" in err and "div.post" in err


def test_unknown_profile_and_missing_file(capsys, tmp_path):
    assert main(["scrape", "--profile", "nosuch", str(PAGES)]) == 2
    assert "нет такого профиля 'nosuch'" in capsys.readouterr().err
    assert main(["scrape", str(tmp_path / "missing.html")]) == 1
    assert "missing.html: no such file or folder" in capsys.readouterr().err
    assert main(["scrape", str(tmp_path)]) == 1
    assert "no saved pages" in capsys.readouterr().err


def test_bad_now_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["scrape", "--now", "yesterday", str(PAGES)])
    assert exc.value.code == 2


class _Forum:
    """A forum of two saved Spirit pages on 127.0.0.1 (page 2 links to page 3)."""

    def __init__(self):
        import http.server
        import threading

        page2 = (PAGES / "spirit-topic-p2.html").read_bytes()
        page3 = (page2.replace(b"Page 2 of 3", b"Page 3 of 3")
                 .replace(b'<a href="?page=3"><i class="fa fa-chevron-right"></i></a>', b"")
                 .replace(b'data-pk="61"', b'data-pk="70"'))
        routes = {"/topic/1/game/?page=2": page2, "/topic/1/game/?page=3": page3}
        self.requests: list[str] = []
        requests = self.requests

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802
                requests.append(self.path)
                body = routes.get(self.path)
                self.send_response(200 if body else 404)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.end_headers()
                self.wfile.write(body or b"not found")

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def forum():
    f = _Forum()
    yield f
    f.close()


def test_url_pages_followed_through_the_http_client(forum, capsys):
    code = main(["scrape", "--json", "--follow", "--interval", "0", f"{forum.url}/topic/1/game/?page=2"])
    assert code == 0, capsys.readouterr().err
    posts = json.loads(capsys.readouterr().out)
    assert [(p["id"], p["page"]) for p in posts] == [("57", 2), ("58", 2), ("61", 2), ("70", 3)]
    assert forum.requests == ["/topic/1/game/?page=2", "/topic/1/game/?page=3"]


def test_url_error_names_the_url(forum, capsys):
    assert main(["scrape", "--interval", "0", f"{forum.url}/topic/9/none/"]) == 1
    err = capsys.readouterr().err
    assert "/topic/9/none/" in err and "404" in err
