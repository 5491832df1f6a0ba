"""Save thread pages of the live PHP forums, with what the forum's own database says about
their posts, for the offline test tests/scraper/test_live_engine_pages.py (run by hand):

    GOROD_FORUMS_HOME=... GOROD_FORUM_PHPBB_URL=... python tests/forums/capture_pages.py ENGINE TOPIC OUT_DIR

writes OUT_DIR/ENGINE-tTOPIC-pN.html for each page of the topic (read anonymously, following
the profile's next link) and OUT_DIR/ENGINE-tTOPIC.json: per post its id, author, time (Unix)
and its own text's words as the database holds the message (quotes, spoilers and struck
parts dropped): an oracle that does not come from gorod's own reading.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engines import ENGINES, _mariadb, _sqlite  # noqa: E402
from forumlab import live_engine  # noqa: E402
from liveboard import Board  # noqa: E402
from scraper.write_lookup import own_words, words  # noqa: E402

MESSAGES = {
    "phpbb": lambda d, t: [(str(i), a, p, m) for i, a, p, m in _sqlite(
        d / "forum.sqlite3", "SELECT p.post_id, u.username, p.post_time, p.post_text FROM phpbb_posts p "
        "JOIN phpbb_users u ON u.user_id = p.poster_id WHERE p.topic_id = ? ORDER BY p.post_id", int(t))],
    "mybb": lambda d, t: [tuple(r) for r in _mariadb(d, "mybb", "SELECT pid, username, dateline, "
                          f"REPLACE(REPLACE(message, '\\n', ' '), '\\t', ' ') FROM mybb_posts WHERE tid = {int(t)} ORDER BY pid")],
    "smf": lambda d, t: [tuple(r) for r in _mariadb(d, "smf", "SELECT id_msg, poster_name, poster_time, "
                         f"REPLACE(REPLACE(body, '\\n', ' '), '\\t', ' ') FROM smf_messages WHERE id_topic = {int(t)} ORDER BY id_msg")],
    "fluxbb": lambda d, t: [(str(i), a, p, m) for i, a, p, m in _sqlite(
        d / "forum.sqlite", "SELECT id, poster, posted, message FROM fx_posts WHERE topic_id = ? ORDER BY id", int(t))],
}


def own_text_words(message: str) -> str:
    """The words of a stored message less its quotes, spoilers and struck parts (phpBB stores
    its s9e XML: the tags go, the BBCode markers inside them stay)."""
    message = re.sub(r"<br\s*/?>", " ", message)
    message = re.sub(r"<[^>]+>", "", message)
    message = re.sub(r"&[a-z]+;|&#\d+;", " ", message)
    return words(own_words(message))


def main(engine: str, topic: str, out: Path) -> None:
    import pytest  # live_engine skips/fails through pytest
    del pytest
    status = live_engine(engine)
    board = Board(ENGINES[engine], status, Path(os.environ["GOROD_FORUMS_HOME"]))
    out.mkdir(parents=True, exist_ok=True)
    client = board.client(None)
    url = board.thread_url(topic)
    pages = []
    while url and url not in pages:
        pages.append(url)
        page = client.get(url)
        (out / f"{engine}-t{topic}-p{len(pages)}.html").write_bytes(page.content)
        from scraper.extract import extract_posts
        url = extract_posts(page.content, board.profile, page.url, url=page.url).next_url
    posts = [{"id": i, "author": a, "time": int(p), "words": own_text_words(m)}
             for i, a, p, m in MESSAGES[engine](board.forum_dir, topic)]
    (out / f"{engine}-t{topic}.json").write_text(json.dumps(
        {"engine": engine, "profile": board.engine.profile, "pages": len(pages), "posts": posts},
        ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"{engine}: {len(pages)} pages, {len(posts)} posts -> {out}")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], Path(sys.argv[3]))
