"""End to end on real forums (`make test` starts them): Spirit (tests/realforum/) and the live
phpBB 3.3 and MyBB 1.8 (tests/forums/), a game of nine test players over two nights and two days. Players post votes in the thread and
send their night orders to the GM by PM; gorod polls, resolves, drafts; the test
approves; the news posts and the PMs are then read back from the forum over HTTP and
match the engine's results. Then the worker is killed (a real `os._exit` in a
subprocess) during a poll, after a resolution and between approving and posting: after
a restart no order is lost or counted twice and no post is duplicated.

Phase boundaries are the GM's `phase end` (the forum's clock is the real one; the
deadline-driven boundaries are tested offline in test_loop.py). Each forum is one
`GameForum` (tests/forums/gameforum.py): its players' writers, the topic, an edit through
the forum's own form, and the thread and inboxes read back with the forum's profile.
"""
from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from gorod.loop import approve, cycle, deal, resolve_phase
from gorod.loop.forum import SiteForum, plain
from gorod.loop.game import Game
from gorod.store import Store
from scraper.http import HttpSettings

ROOT = Path(__file__).resolve().parents[2]
REALFORUM = ROOT / "tests" / "realforum"
sys.path.insert(0, str(REALFORUM))
_spec = importlib.util.spec_from_file_location("realforum_fixtures", REALFORUM / "conftest.py")
realforum = importlib.util.module_from_spec(_spec)
sys.modules["realforum_fixtures"] = realforum
_spec.loader.exec_module(realforum)
sys.path.insert(0, str(ROOT / "tests" / "forums"))
from gameforum import GAME_ENGINES, GameForum, board_game, spirit_game  # noqa: E402

ROLES = {
    "alice": ("Мэр", "Лич"), "bob": ("Оракул", "Зомби"), "carol": ("Священник", "Демонолог"),
    "dave": ("Вор", "Бес"), "erin": ("Бандит", "Начальник стражи"), "frank": ("Лекарь", "Стражник"),
    "grace": ("Сыщик", "Мирный житель"), "heidi": ("Богач", "Дознаватель"), "мирон": ("Цыганка", "Мирный житель"),
}
GM_ENV = "GOROD_TEST_GM_PASSWORD"


@pytest.fixture(params=[pytest.param(e, marks=[] if e == "spirit" else [pytest.mark.live_forum])
                        for e in GAME_ENGINES])
def forum(request, monkeypatch) -> GameForum:
    if request.param == "spirit":
        return spirit_game(realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch))
    return board_game(request.param, list(ROLES))


def behind() -> datetime:
    """gorod's clock runs two minutes behind: Spirit and MyBB show post times to the minute."""
    return datetime.now(timezone.utc) - timedelta(minutes=2)


def write_config(forum, tmp_path: Path) -> Path:
    # Boundaries an hour ago in Moscow time, so no deadline falls inside the test.
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")
    data = {
        "title": forum.title,
        "forum": {"profile": forum.profile_name, "base_url": forum.url, "thread_url": forum.topic_url,
                  "gm_user": forum.gm, "password_env": GM_ENV, "min_interval": 0},
        "players": {nick: {"open": o, "secret": s} for nick, (o, s) in ROLES.items()},
        "schedule": {"night_starts": moscow, "day_starts": moscow},
        "seed": 11,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def open_game(path: Path) -> Game:
    return Game(load_game(path), Store(path.parent / "gorod.sqlite3"), now=behind,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store,
                                                              settings=HttpSettings(min_interval=0)))


def approve_and_publish(game: Game) -> list[int]:
    ids = [d.id for d in game.records.drafts(["pending"])]
    for draft_id in ids:
        approve(game, draft_id)
    report = cycle(game)
    assert report.errors == [] and report.publish.failed == {}, report.to_json()
    return ids


def test_a_nine_player_game_over_two_days_and_two_nights(forum, tmp_path, monkeypatch):
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    path = write_config(forum, tmp_path)
    game = open_game(path)
    writers = {nick: forum.writer(nick) for nick in ROLES}
    gm = forum.gm

    # ---- before the deal the thread is read, but its posts are no orders
    assert cycle(game).poll.posts == forum.seeded_posts
    assert game.records.orders(status=None) == []
    # ---- the deal: nine start PMs, approved and sent
    deal(game)
    start_ids = approve_and_publish(game)
    assert len(start_ids) == 9
    alice_pm = [m.text for m in forum.inbox("alice")]
    assert len(alice_pm) == 1 and "Ваша тайная роль: Лич (Нежить)." in alice_pm[0]
    assert "Ваши союзники: bob — Зомби." in alice_pm[0]
    assert all("Лич" not in m.text for m in forum.inbox("grace"))

    # ---- night 1: orders by PM; the seeded posts before the deal are not orders
    writers["dave"].send_pm([gm], "Ночь 1", "Нападение на grace")
    writers["heidi"].send_pm([gm], "Ночь 1", "Дознание: alice и bob")
    writers["carol"].send_pm([gm], "Ночь 1", "Исповедую erin")
    report = cycle(game)
    assert report.poll.orders == 3, report.to_json()
    assert {r.by for r in game.records.orders("night 1")} == {"dave", "heidi", "carol"}
    resolve_phase(game)                                  # gorod phase end
    approve_and_publish(game)

    # ---- day 1: votes in the thread, the Оракул's Пророчество answered at once
    for nick in ("alice", "bob", "erin", "frank", "heidi"):
        writers[nick].reply(forum.topic_id, f"Голосую против {forum.bold('dave')}.")
    writers["dave"].reply(forum.topic_id, "Голосую против alice")
    writers["bob"].send_pm([gm], "Пророчество", "Пророчество: carol")
    cycle(game)
    [now_draft] = [d for d in game.records.drafts(["pending"]) if d.key.startswith("now:day 1:bob")]
    assert "Тайная роль игрока carol: Демонолог." in now_draft.body
    resolve_phase(game)
    approve_and_publish(game)

    # ---- night 2: the Начальник стражи arrests the Демонолог
    writers["erin"].send_pm([gm], "Ночь 2", "Арест carol")
    writers["frank"].send_pm([gm], "Ночь 2", "На страже grace")
    cycle(game)
    resolve_phase(game)
    approve_and_publish(game)

    # ---- day 2: votes against the Лич, one changed by an edit
    posted = {}
    for nick in ("bob", "erin", "frank", "grace", "heidi", "мирон"):
        posted[nick] = writers[nick].reply(forum.topic_id, "Голосую против alice")
    cycle(game)
    forum.edit("bob", posted["bob"].id, "Голосую против erin")
    cycle(game, rescan=True)        # an edit on an older page of the thread
    assert any(n.kind == "edited" for n in game.records.notices()), (
        game.records.notices(), game.records.orders("day 2", status=None))
    resolve_phase(game)
    approve_and_publish(game)

    # ---- what the engine decided ...
    state, _events = game.fold()
    assert str(state.phase) == "day 2"
    assert state.players["dave"].dead and state.players["carol"].in_prison and state.players["alice"].dead
    assert [str(p.phase) for p in game.records.phases()] == ["night 1", "day 1", "night 2", "day 2"]
    # bob's edited vote counts, his first one does not
    day2 = game.records.phases()[3].texts
    assert "{by: bob, ability: Голосование, target: erin}" in day2
    assert "{by: bob, ability: Голосование, target: alice}" not in day2

    # ---- ... is what the forum shows: every news post, read back over HTTP
    gm_posts = [p for p in forum.thread_posts()[forum.seeded_posts:] if p.author == gm]
    news = [d for d in game.records.drafts(["posted"]) if d.kind == "news"]
    assert [d.phase for d in news] == ["night 1", "day 1", "night 2", "day 2"]
    assert [plain(p.text) for p in gm_posts] == [forum.shown(d.body) for d in news]
    texts = "\n".join(p.text for p in gm_posts)
    assert "dave (Бес) — казнь по итогам Дневного Вече." in texts   # a Latin nickname: no gender known
    assert "carol отправляется в Тюрьму пожизненно." in texts
    assert "alice (Лич) — казнь по итогам Дневного Вече." in texts
    assert "Демонолог" not in texts                       # carol's role stays secret in prison

    # every PM reached its player, once
    for draft in game.records.drafts(["posted"]):
        if draft.audience == "public":
            continue
        got = [m for m in forum.inbox(draft.audience)
               if m.subject == draft.title and plain(m.text) == forum.shown(draft.body)]
        assert len(got) == 1, draft.key
    heidi = [m.text for m in forum.inbox("heidi")]
    assert any("Игроки alice и bob на одной стороне." in t for t in heidi)
    assert any("Тайная роль игрока carol: Демонолог." in m.text for m in forum.inbox("bob"))


def gorod(args: list[str], env: dict, cwd: Path, crash: str | None = None) -> subprocess.CompletedProcess:
    run_env = {**os.environ, **env}
    run_env.pop("GOROD_CRASH_MODE", None)
    if crash:
        run_env["GOROD_CRASH_AT"] = crash
    else:
        run_env.pop("GOROD_CRASH_AT", None)
    return subprocess.run([sys.executable, "-m", "gorod", *args, "--game", str(cwd / "game.yaml")],
                          env=run_env, cwd=cwd, capture_output=True, text=True, timeout=120)


def test_killing_the_worker_loses_nothing_and_posts_nothing_twice(forum, tmp_path, monkeypatch):
    """The worker dies (os._exit, no cleanup) during a poll, after a resolution and between
    the forum taking a post and gorod recording it; each time a restart carries on."""
    path = write_config(forum, tmp_path)
    env = {GM_ENV: forum.gm_password}
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    assert gorod(["run", "--once"], env, tmp_path).returncode == 0     # the seeded posts: no orders
    assert gorod(["deal"], env, tmp_path).returncode == 0
    # gorod's own clock in the subprocess is the real one: move the deal two minutes back,
    # as in the test above (Spirit shows minutes).
    store = Store(tmp_path / "gorod.sqlite3")
    for key in ("deal", "clock"):
        row = json.loads(store.db.execute("SELECT value FROM game_meta WHERE key = ?", (key,)).fetchone()[0])
        for field in ("dealt_at", "started", "cycle_started"):
            if field in row:
                row[field] = (datetime.fromisoformat(row[field]) - timedelta(minutes=2)).isoformat()
        store.db.execute("UPDATE game_meta SET value = ? WHERE key = ?", (json.dumps(row, ensure_ascii=False), key))
    store.close()

    # -- killed during a poll: after the first PM's orders are stored, before the poller knew
    writers = {nick: forum.writer(nick) for nick in ("dave", "heidi", "carol")}
    gm = forum.gm
    writers["dave"].send_pm([gm], "Ночь 1", "Нападение на grace")
    writers["heidi"].send_pm([gm], "Ночь 1", "Дознание: alice и bob")
    writers["carol"].send_pm([gm], "Ночь 1", "Исповедую erin")
    died = gorod(["run", "--once", "--no-post"], env, tmp_path, crash="poll")
    assert died.returncode == 97, died.stderr
    again = gorod(["run", "--once", "--no-post"], env, tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    listed = json.loads(gorod(["order", "list", "--json"], env, tmp_path).stdout)
    assert sorted(o["by"] for o in listed) == ["carol", "dave", "heidi"]

    # -- killed right after a resolution was committed
    died = gorod(["phase", "end"], env, tmp_path, crash="resolved")
    assert died.returncode == 97
    state = json.loads(gorod(["state", "--json"], env, tmp_path).stdout)
    assert state["phase"] == "night 1" and state["open"]["phase"] == "day 1"
    assert gorod(["run", "--once", "--no-post"], env, tmp_path).returncode == 0
    drafts = json.loads(gorod(["drafts", "--json"], env, tmp_path).stdout)
    assert [d["key"] for d in drafts if d["kind"] == "news"] == ["news:night 1"]

    # -- killed between the forum taking a post and gorod recording it: the news post (a
    #    reply, found again by its words) and then a PM (found again by its title and words)
    news_id = next(d["id"] for d in drafts if d["kind"] == "news")
    for approve_args in ([str(news_id)], ["--all"]):
        assert gorod(["approve", *approve_args], env, tmp_path).returncode == 0
        died = gorod(["publish"], env, tmp_path, crash="sent")
        assert died.returncode == 97
        done = gorod(["publish", "--json"], env, tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr
        report = json.loads(done.stdout)
        assert len(report["recovered"]) == 1
    drafts = json.loads(gorod(["drafts", "--all", "--json"], env, tmp_path).stdout)
    assert all(d["state"] == "posted" for d in drafts)
    # on the forum: the news post once, each PM once
    news = [p for p in forum.thread_posts()[forum.seeded_posts:] if p.author == forum.gm]
    assert len(news) == 1
    for d in drafts:
        if d["audience"] != "public":
            got = [m for m in forum.inbox(d["audience"])
                   if m.subject == d["title"] and plain(m.text) == forum.shown(d["body"])]
            assert len(got) == 1, d["key"]
