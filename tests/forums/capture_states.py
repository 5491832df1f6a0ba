"""Write a game thread in the states a real one has on a live PHP forum, and save its pages with
what the forum's own database says about each post: the held-back page set of
tests/scraper/test_engine_page_states.py (run by hand, on a forum of one's own: it changes the
board's date format and post times):

    python tests/forums/capture_states.py ENGINE LAB_HOME OUT_DIR

LAB_HOME is a forumlab home (`forumlab.py up HOME`) whose ENGINE is up. The thread: the GM's
opening post with bold, colour, a list, a link, a smiley and an image (and a poll where the
new-topic form takes one); a quote made with the quote button, a quote of a quote, a quote
without an author, struck text, a spoiler, a code block, a long post; an edit by its author and
one by the GM (a moderator) with a reason; a post whose author was deleted; signatures and user
titles; three pages, the last with one post; post times from weeks ago to yesterday, today and
a minute ago. Saved: pages 1 and 2 as a guest, the last as a logged-in player, page 1 as the GM
(moderator's buttons), the last as a member whose own time zone is Europe/Moscow (its JSON says
"timezone": the GM's profile would), the last two again under another board date format (SMF:
with «Yesterday» on), page 1 in MyBB's classic post layout (a member's option), and a middle and
the last page of the same thread at two posts a page («1 … 5 6 7 … 11» paginations). Each page's JSON names its posts as the database
holds them (oracle: not gorod's reading), its page number, last page and next page's URL.
"""
from __future__ import annotations

import json
import re
import sys
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from engines import ENGINES  # noqa: E402
from forumlab import Status  # noqa: E402
from liveboard import Board  # noqa: E402
from pagestates import KITS, oracle  # noqa: E402
from scraper.errors import PostRejected  # noqa: E402

PAGE_URL = {   # each engine's own page links (not gorod's reading of them)
    "mybb": lambda t, n, pp: f"/showthread.php?tid={t}&page={n}",
    "phpbb": lambda t, n, pp: f"/viewtopic.php?t={t}" + (f"&start={(n - 1) * pp}" if n > 1 else ""),
    "smf": lambda t, n, pp: f"/index.php?topic={t}.{(n - 1) * pp}",
    "fluxbb": lambda t, n, pp: f"/viewtopic.php?id={t}" + (f"&p={n}" if n > 1 else ""),
}
LONG = " ".join(f"Довод {i}: ночью у дома Пети горел свет, а Вася говорил, что спал." for i in range(1, 41))


def write_thread(board: Board, kit) -> tuple[str, dict]:
    """The thread through the forum's forms; returns its id and {role: post id}."""
    gm, (vasya, petya, anya, katya) = board.gm, board.players
    engine = board.engine
    strike = kit.strike or "{}"
    opening = ("[b]Начинаем[/b] игру «Город N». [color=orange]Ночь первая[/color]: жители спят.\n"
               "[list]\n[*]Правило первое: голосуем днём.\n[*]Правило второе: ночью молчим.\n[/list]\n"
               "Правила: [url=http://127.0.0.1/rules]читать здесь[/url] :) [img]http://127.0.0.1/pic.png[/img]")
    spec = engine.new_topic
    if kit.poll:
        spec = replace(spec, url=spec.url + kit.poll_url, fields={**spec.fields, **kit.poll})
    answer = board.submit(gm, spec, opening, f"Город N: состояния {int(time.time())}", forum=engine.forum_id)
    where = answer.location or re.sub("&amp;", "&", answer.text)
    if engine.topic_on_page:
        target = answer.location or re.search(r"(?i)http-equiv=\"refresh\"[^>]*url=([^\"'>]+)", where).group(1)
        where = re.sub("&amp;", "&", board.client(gm).get(target, auth=True).text)
    topic = engine.topic_id(where)
    if kit.poll_form:     # MyBB: the poll's own form after the thread's
        url, fields = kit.poll_form
        board.submit(gm, replace(engine.new_topic, url=url.format(thread=topic), form="form[action='polls.php']",
                                 text="question", subject=None, fields=fields), "Кого казнить?")
    writers = {n: board.writer(n) for n in board.players + [gm]}
    roles: dict[str, str] = {}

    def reply(author: str, text: str, role: str | None = None) -> str:
        before = kit.messages(board.forum_dir, topic)
        try:
            pid = str(writers[author].reply(topic, text).id)
        except PostRejected:     # gorod's writer did not find its post: the database says whether it is there
            after = kit.messages(board.forum_dir, topic)
            assert len(after) == len(before) + 1 and after[-1].author == author, "the reply was not posted"
            pid = after[-1].id
        if role:
            roles[role] = pid
        return pid

    first = reply(vasya, "Голосую против [b]Пети[/b]: Петя всю ночь молчал.", "first")
    quoted = board.quote_text(petya, topic, first)
    second = reply(petya, quoted + "\n\nНе согласен с Васей. Голосую против Ани.", "quoted")
    nested = kit.quote.format(author=petya, text=kit.quote.format(author=vasya, text="Голосую против Пети")
                              + "\nНе согласен с Васей.")
    reply(anya, nested + "\nОба неправы: голосую против Кати.", "nested")
    del second
    reply(katya, "[quote]Кто-то сказал, что Вася мирный.[/quote]\nНе верю анонимам. " + strike.format("Голосую против Васи")
          + " Передумала: голосую против Пети.", "anonymous")
    reply(vasya, "Пример приказа:\n[code]/vote Петя\nесли ночь: спать[/code]\nЭто был пример.", "code")
    if engine.merges:    # a member's second post in a row is glued to his first («Добавлено спустя», [hr])
        writers[vasya].reply(topic, "Добавлю: голосую против [b]Пети[/b], он молчит.")
    if kit.spoiler:
        reply(petya, "Под спойлером: " + kit.spoiler.format("видел Аню ночью у дома Пети") + " Остальное потом.",
              "spoiler")
    reply(anya, LONG, "long")
    heal = reply(katya, "[color=red]Лечу Васю[/color]. Кате сегодня нужна помощь.", "edited")
    moderated = reply(vasya, "Мастер, это оскорбление: Петя дурак!", "moderated")
    orphan = reply(petya, "Я ухожу из игры, удалите мой аккаунт.", "orphan")
    total = 2 * kit.per_page(board.forum_dir) + 1
    n, cycle = 0, [anya, katya, vasya, petya]
    while len(roles) + n + 3 < total:   # the opening, «recent» and «last» besides
        n += 1
        reply(cycle[n % 4], f"Реплика №{n}: думаю, что [i]Катя[/i] мирная, а Петю надо проверить.")
    recent = reply(cycle[(n + 1) % 4], "Свежий пост: голосую против [u]Ани[/u].", "recent")
    reply(cycle[(n + 2) % 4], "Последний пост на последней странице: голосую против Васи.", "last")
    board.edit(katya, topic, heal, "[color=red]Лечу Петю[/color]. Передумала: Петя важнее Кати.")
    board.edit(cycle[(n + 1) % 4], topic, recent, "Свежий пост, исправлен: голосую против [u]Кати[/u].")
    mod_edit = engine.edit
    if kit.edit_reason:
        mod_edit = replace(mod_edit, fields={**mod_edit.fields, kit.edit_reason: "оскорбление убрано"})
    board.submit(gm, mod_edit, "Мастер, это было лишнее, извините.", thread=topic, post=moderated)
    kit.orphan(board.forum_dir, orphan, "Удалённый_игрок")
    return topic, roles


def spread_times(board: Board, kit, topic: str, roles: dict, now: int) -> None:
    """Weeks-old posts, then yesterday, today and a minute ago (the board's zone is UTC)."""
    posts = kit.messages(board.forum_dir, topic)
    n = len(posts)
    today = datetime.fromtimestamp(now, timezone.utc).replace(hour=0, minute=0, second=0)
    stamp = lambda d: int(d.timestamp())  # noqa: E731
    fresh = [stamp(today - timedelta(days=1) + timedelta(hours=9, minutes=15, seconds=12)),
             stamp(today - timedelta(days=1) + timedelta(hours=21, minutes=47, seconds=5)),
             stamp(today + timedelta(minutes=20, seconds=31)), now - 3 * 3600 - 600, now - 25 * 60, now - 50]
    times = {}
    for i, post in enumerate(posts):
        posted = now - 45 * 86400 + i * 5 * 3600 + 17 * i if i < n - len(fresh) else fresh[i - n]
        edited = None
        if post.edited:
            edited = min(posted + 7 * 60 + 3, now - 20) if post.id != roles.get("moderated") else posted + 2 * 86400 + 11
        times[post.id] = (posted, edited)
    kit.set_times(board.forum_dir, times)


def page_record(board: Board, kit, topic: str, number: int, last: int, url: str, tag: str, now: int) -> dict:
    per = kit.per_page(board.forum_dir)
    posts = kit.messages(board.forum_dir, topic)[(number - 1) * per: number * per]
    nxt = board.url + PAGE_URL[board.engine.name](topic, number + 1, per) if number < last else None
    return {"engine": board.engine.name, "profile": board.engine.profile, "url": url, "viewer": tag,
            "captured_at": now, "precision": kit.dmy_precision if tag == "dmy" else kit.precision,
            "edit_precision": 60 if tag == "dmy" else kit.edit_precision,   # the other format shows minutes
            "page": number, "last_page": last, "next": nxt,
            "posts": [{"id": p.id, "author": p.author, "time": p.posted, "edited": p.edited, **oracle(p.message)}
                      for p in posts]}


def capture(board: Board, kit, topic: str, out: Path, viewer: str | None, tag: str, pages: list[int]) -> None:
    client = board.client(viewer)
    per = kit.per_page(board.forum_dir)
    last = -(-len(kit.messages(board.forum_dir, topic)) // per)
    for number in pages:
        url = board.url + PAGE_URL[board.engine.name](topic, number, per)
        record = page_record(board, kit, topic, number, last, url, tag, int(time.time()))
        want = [p["id"] for p in record["posts"]]
        for _ in range(5):     # a board setting just changed may take PHP's opcache a moment
            page = client.get(url, auth=viewer is not None)
            shown = list(dict.fromkeys(re.findall(kit.anchor, page.text)))
            if shown == want:
                break
            time.sleep(1.5)
        assert shown == want, f"{url}: the page shows posts {shown}, the database says {want}"
        name = f"{board.engine.name}-{tag}-p{number}"
        (out / f"{name}.html").write_bytes(page.content)
        record["viewer"] = viewer or "guest"
        (out / f"{name}.json").write_text(json.dumps(record, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        print(f"{name}: {len(record['posts'])} posts")


def main(engine: str, home: Path, out: Path) -> None:
    raw = json.loads((home / engine / "status.json").read_text(encoding="utf-8"))
    status = Status(**{k: v for k, v in raw.items() if k in Status.__dataclass_fields__})
    board = Board(ENGINES[engine], status, home)
    kit = KITS[engine]
    if board.engine.prepare:
        board.engine.prepare(board.forum_dir)
    board.engine.flood(board.forum_dir, 0)
    users = status.users
    kit.decorate(board.forum_dir, {users[board.players[0]]: ("Подпись Васи: [b]мирный житель[/b]", "Житель"),
                                   users[board.players[2]]: ("Аня — доктор города", "Доктор")})
    kit.date_format(board.forum_dir, False)
    topic, roles = write_thread(board, kit)
    now = int(time.time())
    spread_times(board, kit, topic, roles, now)
    out.mkdir(parents=True, exist_ok=True)
    last = -(-len(kit.messages(board.forum_dir, topic)) // kit.per_page(board.forum_dir))
    every = list(range(1, last + 1)) if last <= 3 else [1, 2, last - 1, last]
    capture(board, kit, topic, out, None, "guest", every[:-1])      # (the last page: as «dmy» and «player»)
    capture(board, kit, topic, out, board.players[0], "player", [last])
    capture(board, kit, topic, out, board.gm, "gm", [1])
    zone_user = board.players[1]
    kit.user_zone(board.forum_dir, users[zone_user], True)
    try:          # a member who set his own time zone (the GM's view when he did: his profile says the zone)
        capture(board, kit, topic, out, zone_user, "msk", [last])
    finally:
        kit.user_zone(board.forum_dir, users[zone_user], False)
    for name in (f"msk-p{last}",):
        record = out / f"{engine}-{name}.json"
        record.write_text(json.dumps({**json.loads(record.read_text(encoding="utf-8")), "timezone": "Europe/Moscow"},
                                     ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    kit.date_format(board.forum_dir, True)
    try:
        capture(board, kit, topic, out, None, "dmy", every[-2:])
    finally:
        kit.date_format(board.forum_dir, False)
    if kit.other_language:
        kit.other_language(board.forum_dir, True)
        try:
            capture(board, kit, topic, out, None, "en", every[-2:])
        finally:
            kit.other_language(board.forum_dir, False)
    if kit.other_layout:
        kit.other_layout(board.forum_dir, board.gm, True)
        try:
            capture(board, kit, topic, out, board.gm, "classic", [1])
        finally:
            kit.other_layout(board.forum_dir, board.gm, False)
    per = kit.per_page(board.forum_dir)
    kit.set_per_page(board.forum_dir, 2)      # the same thread in many pages: «1 … 5 6 7 … 11» paginations
    try:
        many = -(-len(kit.messages(board.forum_dir, topic)) // 2)
        capture(board, kit, topic, out, board.gm, "many", [6, many])
    finally:
        kit.set_per_page(board.forum_dir, per)
    (out / f"{engine}-roles.json").write_text(json.dumps(roles, indent=1) + "\n", encoding="utf-8")


def short(engine: str, home: Path, out: Path) -> None:
    """A thread of one page (three posts: no pagination on some engines), as a guest and the GM."""
    raw = json.loads((home / engine / "status.json").read_text(encoding="utf-8"))
    board = Board(ENGINES[engine], Status(**{k: v for k, v in raw.items() if k in Status.__dataclass_fields__}), home)
    kit = KITS[engine]
    answer = board.submit(board.gm, board.engine.new_topic, "Короткая тема: [b]голосуем[/b] до вечера.",
                          f"Город N: одна страница {int(time.time())}", forum=board.engine.forum_id)
    where = answer.location or re.sub("&amp;", "&", answer.text)
    if board.engine.topic_on_page:
        target = answer.location or re.search(r"(?i)http-equiv=\"refresh\"[^>]*url=([^\"'>]+)", where).group(1)
        where = re.sub("&amp;", "&", board.client(board.gm).get(target, auth=True).text)
    topic = board.engine.topic_id(where)
    board.writer(board.players[0]).reply(topic, "Голосую против [b]Пети[/b].")
    board.writer(board.players[1]).reply(topic, "А я против Васи.")
    out.mkdir(parents=True, exist_ok=True)
    capture(board, kit, topic, out, None, "short", [1])
    capture(board, kit, topic, out, board.gm, "shortgm", [1])


if __name__ == "__main__":
    if sys.argv[1] == "short":
        short(sys.argv[2], Path(sys.argv[3]).resolve(), Path(sys.argv[4]))
    else:
        main(sys.argv[1], Path(sys.argv[2]).resolve(), Path(sys.argv[3]))
