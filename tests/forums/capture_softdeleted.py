"""Save the live phpBB's thread page 1 as its moderator sees it, two of its posts soft-deleted,
for the offline test tests/scraper/test_skipped_posts.py (pages/skipped/; run by hand, under tests/realforum/run.sh):

    GOROD_FORUMS_HOME=... GOROD_FORUM_PHPBB_URL=... python tests/forums/capture_softdeleted.py OUT.html

A topic by the GM (the installer's founder, a global moderator) with 14 replies (phpBB's
submit_post(): pages 1 and 2), its 4th and 7th posts soft-deleted through posting.php's
delete form; page 1 read with the GM's session, its session ids blanked. Prints the ids."""
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
from test_softdelete_live import replies, soft_delete  # noqa: E402


def main(out: str) -> None:
    board = Board(ENGINES["phpbb"], live_engine("phpbb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    topic = board.new_topic(board.gm, f"Город N: удалённые посты {int(time.time())}", "Игра начинается.")
    ids = replies(board, topic, [f"{board.players[i % 4]}:Пост {i + 2}" for i in range(14)])
    deleted = [ids[2], ids[5]]                       # posts 4 and 7 of the thread
    for post in deleted:
        soft_delete(board, post)
    page = board.client(board.gm).get(board.thread_url(topic), auth=True).text
    page = re.sub(r"\b(sid|sess)=[0-9a-f]{32}", r"\1=0", page)
    page = re.sub(r'(name="(?:sid|sess|form_token|creation_time)" value=")[^"]*', r"\g<1>0", page)
    Path(out).write_text(page, encoding="utf-8")
    print({"topic": topic, "posts": ids, "soft_deleted": deleted})


if __name__ == "__main__":
    main(sys.argv[1])
