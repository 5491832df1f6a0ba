"""Save a GM's PM list of more than one page from a live forum, with what the forum's own
records say it holds, for the offline test tests/scraper/test_inbox_pages.py (run by hand,
with the lab's environment: source /work/lab/env.sh):

    python tests/forums/capture_inbox.py ENGINE OUT_DIR
    python tests/forums/capture_inbox.py ENGINE OUT_DIR --oldest-first GM     (phpBB, MyBB, SMF)

The list is filled past its first page by players' PMs (tests/forums/pmpages.py; phpBB: a GM
of its own, the admin's folder being full); then OUT_DIR/ENGINE/ gets every page of it as
the GM sees it (before-N.html, or .json for a JSON list), then page 1 again after one more
PM from a player (after-1), and, where the suite can reply inside a conversation
(`Engine.pm_reply`), page 1 after the GM's answer in the conversation at the list's bottom
(reply-1).
inbox.json holds each saved page's URL and file, and the oracle: the rows the forum's
database lists for the GM at each step (never gorod's own reading).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engines import ENGINES, _mariadb, _sqlite  # noqa: E402
from liveboard import Board  # noqa: E402
from pmpages import fill_past_one_page, inbox_owner, list_pages  # noqa: E402


def _psql(forum_dir: Path, sql: str) -> list[list[str]]:
    port = (forum_dir / "pg" / "data" / "postmaster.pid").read_text().splitlines()[3].strip()
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "misago", "-tA", "-F", "|",
                          "-c", sql], capture_output=True, text=True, check=True).stdout
    return [line.split("|") for line in out.splitlines() if line]


def _redis(forum_dir: Path, *args: str) -> list[str]:
    port = re.search(r"^port (\d+)", (forum_dir / "redis.conf").read_text(), re.M).group(1)
    out = subprocess.run(["redis-cli", "-p", port, *args], capture_output=True, text=True, check=True).stdout
    return [line for line in out.splitlines() if line]


def _q(name: str) -> str:
    return name.replace("'", "''")


# the GM's rows as the forum's database holds them: {row id: its message count (None: a row is a message)}
ORACLES = {
    "phpbb": lambda d, gm: {str(i): None for (i,) in _sqlite(
        d / "forum.sqlite3", "SELECT t.msg_id FROM phpbb_privmsgs_to t JOIN phpbb_users u ON u.user_id = t.user_id "
        "WHERE u.username = ? AND t.folder_id = 0", gm)},
    "mybb": lambda d, gm: {i: None for (i,) in _mariadb(
        d, "mybb", f"SELECT p.pmid FROM mybb_privatemessages p JOIN mybb_users u ON u.uid = p.uid "
                   f"WHERE u.username = '{_q(gm)}' AND p.folder = 1")},
    "smf": lambda d, gm: {i: None for (i,) in _mariadb(
        d, "smf", f"SELECT r.id_pm FROM smf_pm_recipients r JOIN smf_members m ON m.id_member = r.id_member "
                  f"WHERE m.member_name = '{_q(gm)}' AND r.deleted = 0 AND r.in_inbox = 1")},
    # a dialog's «Ответов» column: its replies (messages but the first)
    "fluxbb": lambda d, gm: {str(i): n for i, n in _sqlite(
        d / "forum.sqlite", "SELECT id, replies FROM fx_pms_new_topics WHERE (starter = ? AND topic_st IN (0, 1)) "
        "OR (to_user = ? AND topic_to IN (0, 1))", gm, gm)},
    "misago": lambda d, gm: {i: int(n) for i, n in _psql(
        d, "SELECT t.id, t.replies FROM misago_threads_threadparticipant p JOIN misago_users_user u ON u.id = p.user_id "
           f"JOIN misago_threads_thread t ON t.id = p.thread_id WHERE u.username = '{_q(gm)}'")},
    "nodebb": lambda d, gm: {room: int(_redis(d, "zcard", f"chat:room:{room}:mids")[0] or 0)
                             for room in _redis(d, "zrevrange", f"uid:{_redis(d, 'zscore', 'username:uid', gm)[0]}:chat:rooms",
                                                "0", "-1")},
    "spirit": lambda db, gm: {str(i): n for i, n in _sqlite(
        db, "SELECT t.id, t.comment_count FROM spirit_topic_private_topicprivate p JOIN spirit_topic_topic t "
            "ON t.id = p.topic_id JOIN auth_user u ON u.id = p.user_id WHERE u.username = ?", gm)},
}


# the same list the oldest first, where the forum sorts it so on request: (its first page, a
# board whose GM's list already has pages, the GM)
OLDEST_FIRST = {
    "phpbb": "/ucp.php?i=pm&folder=inbox&sk=t&sd=a",
    "mybb": "/private.php?fid=0&sortby=dateline&order=asc",
    "smf": "/index.php?action=pm;f=inbox;sort=date;start=0",
}


def save_oldest_first(engine_name: str, out: Path, gm: str) -> None:
    """`gm`'s list sorted the oldest first (OLDEST_FIRST), every page, with the forum's rows:
    OUT_DIR/ENGINE-oldest/ (python capture_inbox.py ENGINE OUT_DIR --oldest-first GM)."""
    board = board_for(engine_name)
    folder = out / f"{engine_name}-oldest"
    folder.mkdir(parents=True, exist_ok=True)
    client = board.client(gm)
    from scraper.inbox import extract_inbox
    url, saved, seen = client.url(OLDEST_FIRST[engine_name]), [], set()
    while url and url not in seen:
        seen.add(url)
        fetched = client.get(url, auth=True)
        name = f"oldest-{len(saved) + 1}.html"
        (folder / name).write_bytes(fetched.content)
        saved.append({"step": "oldest", "page": len(saved) + 1, "url": fetched.url, "file": name})
        url = extract_inbox(fetched.content, board.profile, fetched.url).next_url
    data = {"engine": engine_name, "profile": board.profile.name, "gm": gm, "url": board.url, "pages": saved,
            "rows": {"oldest": ORACLES[engine_name](board.forum_dir, gm)}}
    (folder / "inbox.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{engine_name}: {gm}: {len(saved)} pages the oldest first -> {folder}")


def board_for(engine_name: str) -> Board:
    engine = ENGINES[engine_name]
    if engine.live is not None:
        status, records = engine.live()
        return Board(engine, status, records.parent, records)
    from forumlab import live_engine
    return Board(engine, live_engine(engine_name), Path(os.environ["GOROD_FORUMS_HOME"]))


def main(engine_name: str, out: Path) -> None:
    board = board_for(engine_name)
    folder = out / engine_name
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "json" if board.profile.pm_json is not None else "html"
    oracle = ORACLES[engine_name]
    gm = inbox_owner(board)
    stamp = str(int(time.time()))
    sent = fill_past_one_page(board, gm, stamp)
    saved: list[dict] = []

    def save(step: str, pages) -> None:
        for n, page in enumerate(pages, 1):
            name = f"{step}-{n}.{suffix}"
            (folder / name).write_bytes(page.fetched.content)
            saved.append({"step": step, "page": n, "url": page.fetched.url, "file": name})

    before = list_pages(board, gm)
    save("before", before)
    rows = {"before": oracle(board.forum_dir, gm)}
    sender = board.players[1]
    new = board.writer(sender).send_pm([gm], f"Новое ЛС {stamp}", "Новое письмо, когда в списке уже две страницы.")
    save("after", list_pages(board, gm, limit=1))
    rows["after"] = oracle(board.forum_dir, gm)
    replied = None
    if board.engine.pm_reply is not None:   # the GM answers in the conversation at the list's bottom
        oldest = before[-1].inbox.entries[-1] if before[-1].inbox.entries else before[-2].inbox.entries[-1]
        board.engine.pm_reply(board, gm, oldest.id, "Ответ внутри самой старой переписки.")
        replied = oldest.id
        save("reply", list_pages(board, gm, limit=1))
        rows["reply"] = oracle(board.forum_dir, gm)
    data = {"engine": engine_name, "profile": board.profile.name, "gm": gm, "url": board.url,
            "filled": len(sent), "new": str(new.id) if new.id else None, "replied": replied,
            "pages": saved, "rows": rows}
    (folder / "inbox.json").write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{engine_name}: {gm}: {len(before)} pages, {len(sent)} PMs sent to fill, "
          f"{len(rows['before'])} rows in the database -> {folder}")


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[3] == "--oldest-first":
        save_oldest_first(sys.argv[1], Path(sys.argv[2]), sys.argv[4])
    else:
        main(sys.argv[1], Path(sys.argv[2]))
