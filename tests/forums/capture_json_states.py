"""The page states of capture_states.py on the JSON-API forums (Misago, NodeBB): a thread
written by players through the forum's own JSON UI calls and gorod's writer, then post times
moved in its database (weeks ago, yesterday, today, a minute ago) and the pages saved as a
guest, a logged-in player and the GM, each with its oracle: which posts a page shows, as the
forum's own JSON API pages them, and each post's author, time, edit and stored text from the
database.

    python tests/forums/capture_json_states.py ENGINE LAB_HOME OUT_DIR

Only the posts of the thread it writes are changed (the lab forums are shared).

    python tests/forums/capture_json_states.py misago-ru RU_BASE OUT_DIR

saves OUT_DIR/misago-guest-p2 again as misago-ru-p2 from RU_BASE: a second Misago server on the
same database started with LANGUAGE_CODE=ru (`manage.py runserver` in the lab's site folder, its
environment as install.sh sets it), read with Accept-Language: ru (Misago's Russian pack).
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engines import ENGINES  # noqa: E402
from forumlab import Status  # noqa: E402
from liveboard import Board  # noqa: E402
from pagestates import Stored, oracle  # noqa: E402
from capture_states import LONG  # noqa: E402
from config.profile_api import ApiCall  # noqa: E402
from jsonplayers import _api, _ok  # noqa: E402


def markdown_as_bbcode(text: str, nodebb: bool) -> str:
    """A stored Markdown message in the BBCode pagestates.oracle reads: `> ` blocks (NodeBB's
    quotes, their «@author said:» line is the quote's header) as [quote], ~~struck~~ as [s],
    a link as its text, an image as nothing."""
    text = re.sub(r"!\[[^\]]*\]\([^)]*\)", " ", text)
    if nodebb:
        text = blocks_of_quotes(text)
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"\*\*(.+?)\*\*", r"[b]\1[/b]", text)
    return re.sub(r"~~(.+?)~~", r"[s]\1[/s]", text)


def blocks_of_quotes(text: str) -> str:
    """NodeBB's `> ` blocks as [quote] (their «@author [said](/post/N):» line is the header)."""
    def blocks(lines: list[str]) -> str:
        out, i = [], 0
        while i < len(lines):
            if lines[i].startswith(">"):
                j = i
                while j < len(lines) and lines[j].startswith(">"):
                    j += 1
                inner = [re.sub(r"^> ?", "", line) for line in lines[i:j]]
                if inner and re.match(r"^@\S+ \[said\]\([^)]*\):\s*$", inner[0]):
                    inner = inner[1:]
                out.append("[quote]" + blocks(inner) + "[/quote]")
                i = j
            else:
                out.append(lines[i])
                i += 1
        return "\n".join(out)
    return blocks(text.splitlines())


# -- Misago ----------------------------------------------------------------------------------------
def _psql(forum_dir: Path, sql: str) -> list[list[str]]:
    port = (forum_dir / "pg" / "data" / "postmaster.pid").read_text().splitlines()[3].strip()
    out = subprocess.run(["psql", "-h", "127.0.0.1", "-p", port, "-U", "postgres", "-d", "misago", "-tA", "-F", "\x1f",
                          "-R", "\x1e", "-c", sql], capture_output=True, text=True, check=True).stdout
    return [r.split("\x1f") for r in out.split("\x1e") if r.strip()]


def misago_messages(forum_dir: Path, topic: str) -> list[Stored]:
    rows = _psql(forum_dir, "SELECT id, poster_name, extract(epoch FROM posted_on), CASE WHEN edits > 0 THEN "
                 f"extract(epoch FROM updated_on) END, original FROM misago_threads_post WHERE thread_id = {int(topic)} "
                 "AND NOT is_event ORDER BY id")
    return [Stored(i.strip(), a, float(p), float(e) if e else None, m) for i, a, p, e, m in rows]


def misago_set_times(forum_dir: Path, times: dict) -> None:
    _psql(forum_dir, "; ".join(f"UPDATE misago_threads_post SET posted_on = to_timestamp({p}), updated_on = "
                               f"to_timestamp({e or p}) WHERE id = {int(i)}" for i, (p, e) in times.items()))
    # a post's checksum covers its date: Misago shows a post whose checksum fails as «invalid post
    # content manipulation», so the moved posts get theirs again, as Misago computes it
    port = (forum_dir / "pg" / "data" / "postmaster.pid").read_text().splitlines()[3].strip()
    code = ("from misago.threads.models import Post; from misago.threads.checksums import update_post_checksum\n"
            f"for post in Post.objects.filter(id__in={sorted(int(i) for i in times)}):\n"
            "    update_post_checksum(post); post.save(update_fields=['checksum'])\n")
    subprocess.run([str(forum_dir / "venv" / "bin" / "python"), "manage.py", "shell", "-c", code], check=True,
                   cwd=forum_dir / "site", capture_output=True, env={**os.environ, "DJANGO_SETTINGS_MODULE": "misagolab.settings",
                   "MISAGO_LAB_DIR": str(forum_dir / "site"), "MISAGO_DB_PORT": port})


def misago_pages(board: Board, topic: str) -> list[list[str]]:
    api = _api(board, board.gm)
    pages, n = [], 1
    while n < 20:
        data = _ok(api.call(ApiCall("{base}/api/threads/{thread}/posts/?page={page}", method="GET"),
                            {"thread": topic, "page": n}), "posts").data
        pages.append([str(p["id"]) for p in data["post_set"]["results"] if not p.get("is_event")])
        if not data["post_set"].get("next"):
            return pages
        n += 1
    return pages


# -- NodeBB ------------------------------------------------------------------------------------------
def _redis(forum_dir: Path, *args: str) -> list[str]:
    config = json.loads(next(forum_dir.glob("NodeBB-*/config.json")).read_text())
    out = subprocess.run(["redis-cli", "-p", str(config["redis"]["port"]), *args], capture_output=True, text=True,
                         check=True).stdout
    return out.splitlines()


def nodebb_messages(forum_dir: Path, topic: str) -> list[Stored]:
    pids = _redis(forum_dir, "hget", f"topic:{int(topic)}", "mainPid") + \
        _redis(forum_dir, "zrange", f"tid:{int(topic)}:posts", "0", "-1")
    out = []
    for pid in dict.fromkeys(p for p in pids if p):
        uid, posted, edited = _redis(forum_dir, "hmget", f"post:{pid}", "uid", "timestamp", "edited")
        content = subprocess.run(["redis-cli", "-p", _redis_port(forum_dir), "--raw", "hget", f"post:{pid}", "content"],
                                 capture_output=True, text=True, check=True).stdout.rstrip("\n")
        name = _redis(forum_dir, "hget", f"user:{uid}", "username")[0]
        out.append(Stored(pid, name, int(posted) / 1000, int(edited) / 1000 if edited and edited != "0" else None,
                          content))
    return sorted(out, key=lambda s: s.posted)


def _redis_port(forum_dir: Path) -> str:
    return str(json.loads(next(forum_dir.glob("NodeBB-*/config.json")).read_text())["redis"]["port"])


def nodebb_set_times(forum_dir: Path, times: dict, topic: str) -> None:
    for pid, (posted, edited) in times.items():
        ms = int(posted * 1000)
        _redis(forum_dir, "hset", f"post:{pid}", "timestamp", str(ms), "edited", str(int(edited * 1000) if edited else 0))
        for key in (f"tid:{int(topic)}:posts",):
            if _redis(forum_dir, "zscore", key, pid) not in ([], [""]):
                _redis(forum_dir, "zadd", key, str(ms), pid)


def nodebb_clear_caches(board: Board) -> None:
    """NodeBB keeps post objects in memory (the «redis-object» and «post» caches): after the
    times are moved in Redis, the admin clears them as the ACP's Caches page does (its
    socket.io call admin.cache.clear, here over engine.io's HTTP long-polling)."""
    client = board.client(board.gm)
    if not client.logged_in:
        client.login()
    session, url = client.session, board.url + "/socket.io/?EIO=4&transport=polling"
    token = json.loads(session.get(board.url + "/api/config", timeout=10).content)["csrf_token"]
    session.headers["x-csrf-token"] = token      # socket.io's allowRequest checks it
    opened = session.get(url, timeout=10).text
    sid = json.loads(opened[opened.index("{"):])["sid"]
    url += f"&sid={sid}"
    session.post(url, data="40", timeout=10)
    session.get(url, timeout=10)
    for n, name in enumerate(("redis-object", "post"), 1):
        session.post(url, data=f'42{n}["admin.cache.clear",{{"name":"{name}"}}]', timeout=10)
        answer = session.get(url, timeout=10).text
        assert f"43{n}" in answer, f"admin.cache.clear {name}: {answer[:200]}"


def nodebb_pages(board: Board, topic: str, viewer: str | None = None) -> list[list[str]]:
    client = board.client(viewer)
    first = json.loads(client.get(f"/api/topic/{topic}?page=1").content)
    pages = []
    for n in range(1, first["pagination"]["pageCount"] + 1):
        data = json.loads(client.get(f"/api/topic/{topic}?page={n}").content)
        pages.append([str(p["pid"]) for p in data["posts"]])
    return pages


@dataclass(frozen=True)
class JsonKit:
    messages: object
    set_times: object
    pages: object
    page_url: object
    quote: str
    spoiler: str | None
    nodebb: bool
    canonical: object       # (board, topic) -> the thread's own path, as its page links write it


KITS = {
    "misago": JsonKit(misago_messages, lambda d, t, topic: misago_set_times(d, t), misago_pages,
                      lambda t, n: t + (f"{n}/" if n > 1 else ""), '[quote="@{author}"]\n{text}\n[/quote]',
                      "[spoiler]\n{}\n[/spoiler]", False,
                      lambda b, t: _ok(_api(b, b.gm).call(ApiCall("{base}/api/threads/{thread}/", method="GET"),
                                                          {"thread": t}), "thread").data["url"]["index"]),
    "nodebb": JsonKit(nodebb_messages, nodebb_set_times, nodebb_pages,
                      lambda t, n: t + (f"?page={n}" if n > 1 else ""), "> @{author} said:\n> {text}",
                      None, True, lambda b, t: "/topic/" + json.loads(b.client(None).get(f"/api/topic/{t}").content)["slug"]),
}


def write_thread(board: Board, kit: JsonKit) -> tuple[str, dict]:
    gm, (vasya, petya, anya, katya) = board.gm, board.players
    opening = ("**Начинаем** игру «Город N». Ночь первая: жители спят.\n\n- Правило первое: голосуем днём.\n"
               "- Правило второе: ночью молчим.\n\nПравила: [читать здесь](http://127.0.0.1/rules) :) "
               "![pic](http://127.0.0.1/pic.png)")
    topic = board.new_topic(gm, f"Город N: состояния {int(time.time())}", opening)
    writers = {n: board.writer(n) for n in board.players + [gm]}
    roles: dict[str, str] = {}

    def reply(author: str, text: str, role: str | None = None) -> str:
        for attempt in range(5):
            try:
                pid = str(writers[author].reply(topic, text).id)
                break
            except Exception:          # the flood guard (3 s on Misago): the next try waits
                if attempt == 4:
                    raise
                time.sleep(4)
        if role:
            roles[role] = pid
        time.sleep(3.2 if not kit.nodebb else 0)
        return pid

    def quoted(author: str, text: str, post: str) -> str:
        """What the quote button writes: NodeBB's composer «> @Вася [said](/post/29):» and the
        post's lines quoted (composer.user-said, the same in its Russian pack); Misago's
        [quote="@Vasya"]."""
        if kit.nodebb:
            return "\n".join("> " + line for line in [f"@{author} [said](/post/{post}):"] + text.splitlines())
        return kit.quote.format(author=author, text=text)

    first = reply(vasya, "Голосую против **Пети**: Петя всю ночь молчал.", "first")
    button = quoted(vasya, "Голосую против **Пети**: Петя всю ночь молчал.", first) if kit.nodebb else \
        board.quote_text(petya, topic, first)
    second = reply(petya, button + "\n\nНе согласен с Васей. Голосую против Ани.", "quoted")
    reply(anya, quoted(petya, quoted(vasya, "Голосую против Пети", first) + "\n\nНе согласен с Васей.", second) + "\n\nОба неправы: голосую против Кати.", "nested")
    anonymous = "> Кто-то сказал, что Вася мирный." if kit.nodebb else "[quote]\nКто-то сказал, что Вася мирный.\n[/quote]"
    reply(katya, anonymous + "\n\nНе верю анонимам. ~~Голосую против Васи~~ Передумала: голосую против Пети.", "anonymous")
    reply(vasya, "Пример приказа:\n\n```\n/vote Петя\nесли ночь: спать\n```\n\nЭто был пример.", "code")
    if kit.spoiler:
        reply(petya, "Под спойлером:\n\n" + kit.spoiler.format("видел Аню ночью у дома Пети") + "\n\nОстальное потом.",
              "spoiler")
    reply(anya, LONG, "long")
    heal = reply(katya, "**Лечу Васю**. Кате сегодня нужна помощь.", "edited")
    moderated = reply(vasya, "Мастер, это оскорбление: Петя дурак!", "moderated")
    per = board.engine.per_page
    total = 2 * per + 3
    n, cycle = 0, [anya, katya, vasya, petya]
    while len(roles) + n + 3 < total:
        n += 1
        reply(cycle[n % 4], f"Реплика №{n}: думаю, что *Катя* мирная, а Петю надо проверить.")
    recent = reply(cycle[(n + 1) % 4], "Свежий пост: голосую против **Ани**.", "recent")
    reply(cycle[(n + 2) % 4], "Последний пост на последней странице: голосую против Васи.", "last")
    board.edit(katya, topic, heal, "**Лечу Петю**. Передумала: Петя важнее Кати.")
    board.edit(cycle[(n + 1) % 4], topic, recent, "Свежий пост, исправлен: голосую против **Кати**.")
    board.edit(gm, topic, moderated, "Мастер, это было лишнее, извините.")
    return topic, roles


def spread_times(board: Board, kit: JsonKit, topic: str, roles: dict, now: float) -> None:
    posts = kit.messages(board.forum_dir, topic)
    n = len(posts)
    today = datetime.fromtimestamp(now, timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    fresh = [(today - timedelta(days=1) + timedelta(hours=9, minutes=15, seconds=12.25)).timestamp(),
             (today - timedelta(days=1) + timedelta(hours=21, minutes=47, seconds=5.5)).timestamp(),
             (today + timedelta(minutes=20, seconds=31)).timestamp(), now - 3 * 3600 - 600.125, now - 25 * 60, now - 50]
    times = {}
    for i, post in enumerate(posts):
        posted = now - 45 * 86400 + i * 5 * 3600 + 17.5 * i if i < n - len(fresh) else fresh[i - n]
        edited = None
        if post.edited:
            edited = min(posted + 7 * 60 + 3, now - 20) if post.id != roles.get("moderated") else posted + 2 * 86400 + 11
        times[post.id] = (round(posted, 3), round(edited, 3) if edited else None)
    kit.set_times(board.forum_dir, times, topic)


def main(engine: str, home: Path, out: Path, topic: str | None = None) -> None:
    """Write a thread and save its pages (or, given `topic`, save that thread's pages again)."""
    raw = json.loads((home / engine / "status.json").read_text(encoding="utf-8"))
    status = Status(**{k: v for k, v in raw.items() if k in Status.__dataclass_fields__})
    board = Board(ENGINES[engine], status, home)
    kit = KITS[engine]
    roles = {}
    if topic is None:
        topic, roles = write_thread(board, kit)
        spread_times(board, kit, topic, roles, time.time())
    if kit.nodebb:
        nodebb_clear_caches(board)
    pages = kit.pages(board, topic)
    base = kit.canonical(board, topic)
    out.mkdir(parents=True, exist_ok=True)
    stored = {p.id: p for p in kit.messages(board.forum_dir, topic)}
    # (NodeBB: a middle page is the «many» one below; its pages are large)
    views = [(None, "guest", pages, [1, len(pages)] if kit.nodebb else list(range(1, len(pages) + 1))),
             (board.gm, "gm", pages, [1])]
    if kit.nodebb:        # a member who reads two posts a page (her own setting): «1 … 5 6 7 … 12»
        reader = board.players[3]
        client = board.client(reader)
        if not client.logged_in:
            client.login()
        uid = json.loads(client.get("/api/config").content)["uid"]
        _redis(board.forum_dir, "hset", f"user:{uid}:settings", "postsPerPage", "2")
        nodebb_clear_caches(board)
        try:
            small = nodebb_pages(board, topic, reader)
            views.append((reader, "many", small, [6, len(small)]))
            _save(board, kit, topic, out, base, stored, views)
        finally:
            _redis(board.forum_dir, "hdel", f"user:{uid}:settings", "postsPerPage")
            nodebb_clear_caches(board)
    else:
        _save(board, kit, topic, out, base, stored, views)
    if roles:
        (out / f"{engine}-roles.json").write_text(json.dumps({"topic": topic, **roles}, indent=1) + "\n", encoding="utf-8")


def _save(board: Board, kit: JsonKit, topic: str, out: Path, base: str, stored: dict, views: list) -> None:
    engine = board.engine.name
    for viewer, tag, pages, numbers in views:
        last = len(pages)
        client = board.client(viewer)
        if viewer and not client.logged_in:
            client.login()
        for number in numbers:
            url = board.url + kit.page_url(base, number)
            page = client.get(url, auth=viewer is not None)
            name = f"{engine}-{tag}-p{number}"
            (out / f"{name}.html").write_bytes(page.content)
            nxt = board.url + kit.page_url(base, number + 1) if number < last else None
            record = {"engine": engine, "profile": board.engine.profile, "url": url, "viewer": viewer or "guest",
                      "captured_at": int(time.time()), "precision": 0, "edit_precision": 0, "page": number,
                      "last_page": last, "next": nxt,
                      "posts": [{"id": p.id, "author": p.author, "time": p.posted, "edited": p.edited,
                                 **oracle(markdown_as_bbcode(p.message, kit.nodebb))}
                                for p in (stored[i] for i in pages[number - 1])]}
            (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"{name}: {len(record['posts'])} posts")


def short(engine: str, home: Path, out: Path) -> None:
    """A thread of one page (three posts), as a guest and the GM."""
    raw = json.loads((home / engine / "status.json").read_text(encoding="utf-8"))
    board = Board(ENGINES[engine], Status(**{k: v for k, v in raw.items() if k in Status.__dataclass_fields__}), home)
    kit = KITS[engine]
    topic = board.new_topic(board.gm, f"Город N: одна страница {int(time.time())}", "Короткая тема: **голосуем** до вечера.")
    for n, text in enumerate(("Голосую против **Пети**.", "А я против Васи.")):
        for attempt in range(5):
            try:
                board.writer(board.players[n]).reply(topic, text)
                break
            except Exception:       # Misago's flood guard (3 s)
                if attempt == 4:
                    raise
                time.sleep(4)
    pages = kit.pages(board, topic)
    stored = {p.id: p for p in kit.messages(board.forum_dir, topic)}
    out.mkdir(parents=True, exist_ok=True)
    _save(board, kit, topic, out, kit.canonical(board, topic), stored,
          [(None, "short", pages, [1]), (board.gm, "shortgm", pages, [1])])


def russian(ru_base: str, out: Path, number: int = 2) -> None:
    import requests
    record = json.loads((out / f"misago-guest-p{number}.json").read_text(encoding="utf-8"))
    base = record["url"].split("/t/", 1)[0]
    record.update(url=record["url"].replace(base, ru_base), viewer="guest, Russian (Accept-Language: ru)",
                  next=record["next"].replace(base, ru_base) if record["next"] else None)
    page = requests.get(record["url"], headers={"Accept-Language": "ru", "User-Agent": "Mozilla/5.0"}, timeout=30)
    page.raise_for_status()
    record["captured_at"] = int(time.time())
    (out / f"misago-ru-p{number}.html").write_bytes(page.content)
    (out / f"misago-ru-p{number}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n",
                                                   encoding="utf-8")


if __name__ == "__main__":
    if sys.argv[1] == "misago-ru":
        russian(sys.argv[2], Path(sys.argv[3]))
    elif sys.argv[1] == "short":
        short(sys.argv[2], Path(sys.argv[3]).resolve(), Path(sys.argv[4]))
    else:
        main(sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]), *sys.argv[4:5])
