"""Save live thread pages holding soft-deleted posts, for the offline test
tests/scraper/test_skipped_posts.py (pages/skipped/; run by hand, under tests/realforum/run.sh):

    GOROD_FORUMS_HOME=... GOROD_FORUM_PHPBB_URL=... python tests/forums/capture_softdeleted.py phpbb OUT_DIR
    GOROD_FORUMS_HOME=... GOROD_FORUM_MYBB_URL=... python tests/forums/capture_softdeleted.py mybb OUT_DIR
    (nodebb, misago: GOROD_FORUM_NODEBB_URL, GOROD_FORUM_MISAGO_URL)

phpBB: a topic by the GM (the installer's founder, a global moderator) with 14 replies (phpBB's
submit_post(): pages 1 and 2), its 4th and 7th posts soft-deleted through posting.php's delete
form; page 1 read with the GM's session (phpbb-3.3-moderator-softdeleted-p1.html).
MyBB: a topic by the GM (the admin, a super moderator) with 3 replies, the 2nd soft-deleted
through editpost.php's delete form; the page read by the GM and by a player
(mybb-1.8-moderator-softdeleted.html, mybb-1.8-member-softdeleted.html). NodeBB, Misago: the
same through their APIs (NodeBB's deletion, Misago's «hide»), read by the GM (the admin) and a
guest (nodebb-4.10-*.html, misago-0.39-*.html).
Session ids and form tokens are blanked. Prints the ids."""
from __future__ import annotations

import os
import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent.parent))

from engines import ENGINES  # noqa: E402
from forumlab import live_engine  # noqa: E402
from liveboard import Board  # noqa: E402
from test_softdelete_live import misago_hide, mybb_soft_delete, nodebb_soft_delete, replies, soft_delete  # noqa: E402


def blanked(page: str) -> str:
    page = re.sub(r"\b(sid|sess|my_post_key|logoutkey)=[0-9a-f]{32}", r"\1=0", page)
    page = re.sub(r'(name="(?:sid|sess|form_token|creation_time|my_post_key|posthash|_csrf|csrfmiddlewaretoken)" value=")[^"]*', r"\g<1>0", page)
    page = re.sub(r'("csrf_token":")[^"]*', r"\g<1>0", page)
    return re.sub(r'(my_post_key = ")[0-9a-f]+', r"\g<1>0", page)


def phpbb(out: Path) -> dict:
    board = Board(ENGINES["phpbb"], live_engine("phpbb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    topic = board.new_topic(board.gm, f"Город N: удалённые посты {int(time.time())}", "Игра начинается.")
    ids = replies(board, topic, [f"{board.players[i % 4]}:Пост {i + 2}" for i in range(14)])
    deleted = [ids[2], ids[5]]                       # posts 4 and 7 of the thread
    for post in deleted:
        soft_delete(board, post)
    page = board.client(board.gm).get(board.thread_url(topic), auth=True).text
    (out / "phpbb-3.3-moderator-softdeleted-p1.html").write_text(blanked(page), encoding="utf-8")
    return {"topic": topic, "posts": ids, "soft_deleted": deleted}


def three_replies(engine: str, version: str, delete, out: Path, *, member: bool) -> dict:
    """A topic by the GM with 3 replies, the 2nd deleted by the GM (`delete`); the page saved as
    the GM reads it and as a player (`member`) or a guest does."""
    board = Board(ENGINES[engine], live_engine(engine), Path(os.environ["GOROD_FORUMS_HOME"]))
    topic = board.new_topic(board.gm, f"Город N: удалённый пост {int(time.time())}", "Игра начинается.")
    ids = [str(board.writer(nick).reply(topic, f"Пост номер {i + 2}").id) for i, nick in enumerate(board.players[:3])]
    delete(board, topic, ids[1])
    for who, name in ((board.gm, "moderator"), (board.players[3], "member") if member else (None, "guest")):
        page = board.client(who).get(board.thread_url(topic), auth=who is not None).text
        (out / f"{engine}-{version}-{name}-softdeleted.html").write_text(blanked(page), encoding="utf-8")
    return {"topic": topic, "posts": ids, "soft_deleted": [ids[1]]}


def mybb(out: Path) -> dict:
    return three_replies("mybb", "1.8", lambda b, t, p: mybb_soft_delete(b, p), out, member=True)


def nodebb(out: Path) -> dict:
    return three_replies("nodebb", "4.10", nodebb_soft_delete, out, member=False)


def misago(out: Path) -> dict:
    return three_replies("misago", "0.39", misago_hide, out, member=False)


if __name__ == "__main__":
    print({"phpbb": phpbb, "mybb": mybb, "nodebb": nodebb, "misago": misago}[sys.argv[1]](Path(sys.argv[2])))
