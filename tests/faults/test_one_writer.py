"""One writer at a time, on the real Spirit forum, with gorod as real processes (issue 22).

Two publishers at once sent 19 PMs of 168 twice; a draft rejected or edited while a
publish ran was posted with its old text; two phase ends at once (or one and the worker
at the deadline) resolved the next phase too, with no orders; `gorod run --no-post` posted.
Here every one of those runs as `gorod ...` in subprocesses beside each other, through the
fault proxy (proxy.py), which only slows the forum down (`delay`) so that the processes
surely overlap. What counts is read back from the forum itself (livegame.py): every PM
there once, with the text the GM approved last; and from the store: each phase once.
"""
from __future__ import annotations

import json
import re
import signal
import sqlite3
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import requests

from config.game import load_game
from gorod.loop import approve, deal
from gorod.loop.forum import plain
from gorod.loop.game import Game, PhaseClock
from gorod.store import Store
from gorod.web.security import csrf_token

sys.path.insert(0, str(Path(__file__).resolve().parent))
from livegame import SEND_PM, THREAD, behind, finish, gorod, pms_of, shown, spirit, start, write_config  # noqa: E402
from proxy import Fault, FaultProxy  # noqa: E402


@pytest.fixture
def forum(monkeypatch):
    return spirit(monkeypatch)


@pytest.fixture
def proxy(forum):
    p = FaultProxy(forum.url)
    p.start()
    yield p
    p.stop()


def slow_pms(proxy: FaultProxy, seconds: float) -> None:
    proxy.add(Fault("POST", SEND_PM, "delay", times=1000, delay=seconds))


def dealt_and_approved(path: Path) -> list:
    """The deal (nine start PMs), every draft approved; the drafts in the order they go."""
    game = Game(load_game(path), Store(path.parent / "gorod.sqlite3"), now=behind)
    deal(game)
    drafts = game.records.drafts(["pending"])
    for draft in drafts:
        approve(game, draft.id)
    drafts = game.records.drafts(["approved"])
    game.store.close()
    assert len(drafts) == 9
    return drafts


def store_rows(path: Path, sql: str) -> list:
    """A read of the store while gorod's processes write it."""
    db = sqlite3.connect(f"file:{path.parent / 'gorod.sqlite3'}?mode=ro", uri=True, timeout=10)
    try:
        return db.execute(sql).fetchall()
    finally:
        db.close()


def wait_for(what, timeout: float = 120.0, every: float = 0.05):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(every)
    raise AssertionError(f"not within {timeout} s: {what}")


def confirmed(path: Path) -> int:
    return store_rows(path, "SELECT count(*) FROM outbox WHERE state = 'confirmed'")[0][0]


def start_pms_on_the_forum(forum, drafts) -> dict[str, list[str]]:
    """nick -> the texts of the start PMs (by title) he got from the GM, as the forum shows them."""
    return {d.audience: [plain(m.text) for m in pms_of(forum, d.audience) if m.sender == "gm" and m.subject == d.title]
            for d in drafts}


def each_pm_once(forum, drafts) -> None:
    assert start_pms_on_the_forum(forum, drafts) == {d.audience: [shown(d.body)] for d in drafts}


def refusal_names(text: str, actor: str, pid: int) -> bool:
    return f"с игрой сейчас работает {actor} (PID {pid}, с " in text and "ничего не сделано" in text


# ================================================================ two publishers
def test_two_publishers_started_at_once_send_each_pm_once(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    slow_pms(proxy, 1.0)                         # nine PMs: the first publisher runs for nine seconds
    first, second = start(["publish"], path), start(["publish"], path)
    results = {first.pid: finish(first), second.pid: finish(second)}
    each_pm_once(forum, drafts)
    [(loser, (code, out, err))] = [(pid, r) for pid, r in results.items() if r[0] != 0]
    [winner] = [pid for pid in results if pid != loser]
    assert code == 1 and out == ""
    assert err.startswith("gorod publish: ") and refusal_names(err, "gorod publish", winner), err
    assert "отправка одобренных черновиков" in err
    # the winner's progress lines («[1/9] #1 роль → alice»), then its summary
    assert results[winner][1].splitlines()[-1].startswith("отправлено: 9;"), results[winner]


def test_the_worker_beside_a_publisher_sends_each_pm_once(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    slow_pms(proxy, 1.0)
    publisher = start(["publish"], path)
    wait_for(lambda: confirmed(path) >= 1)       # the publisher is sending
    worker = start(["run", "--once"], path)
    code, out, err = finish(worker)
    assert code == 1 and refusal_names(out, "gorod publish", publisher.pid), out + err
    assert "круг пропущен; следующий круг попробует снова" in out
    assert finish(publisher)[0] == 0
    each_pm_once(forum, drafts)


def console(path: Path, token: str) -> tuple:
    """`gorod web` as a process: (the process, its URL)."""
    web = start(["web", "--port", "0"], path, env_extra={"GOROD_WEB_TOKEN": token})
    line = web.stdout.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)\?token=", line)
    assert match, line + web.stderr.read()
    return web, match.group(1)


def test_the_consoles_send_button_beside_the_running_worker_sends_each_pm_once(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    slow_pms(proxy, 1.0)
    token = "test-token-" + "x" * 20
    web, url = console(path, token)
    worker = start(["run"], path)                # the loop, as a GM leaves it running
    try:
        session = requests.Session()
        assert session.get(url, params={"token": token}, timeout=30).status_code == 200
        wait_for(lambda: confirmed(path) >= 1)   # the worker's round is sending
        answer = session.post(url + "publish", data={"csrf": csrf_token(token)}, timeout=120)
        assert answer.status_code == 200
        assert refusal_names(answer.text, "gorod run", worker.pid), answer.text
        assert "Отправлены на форум:" not in answer.text
        wait_for(lambda: confirmed(path) == 9)
    finally:
        worker.send_signal(signal.SIGINT)
        web.send_signal(signal.SIGINT)
        finish(worker)
        finish(web)
    each_pm_once(forum, drafts)


# ================================================================ the draft read again before it goes
def test_a_draft_rejected_or_edited_while_a_publish_runs_is_not_sent_with_its_old_text(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    rejected, edited = drafts[-1], drafts[-2]    # the last two to go
    slow_pms(proxy, 1.5)
    publisher = start(["publish"], path)
    wait_for(lambda: confirmed(path) >= 1)
    assert gorod(["reject", str(rejected.id)], path)[0] == 0
    new_text = tmp_path / "new.txt"
    new_text.write_text("Ваша роль — новая редакция мастера.\n", encoding="utf-8")
    assert gorod(["edit", str(edited.id), "--file", str(new_text)], path)[0] == 0
    assert gorod(["approve", str(edited.id)], path)[0] == 0
    code, out, err = finish(publisher)
    assert code == 0, out + err
    code, out, err = gorod(["publish"], path)   # what was approved again after the first one passed it
    assert code == 0, out + err
    assert confirmed(path) == 8                  # the rejected one never went
    got = start_pms_on_the_forum(forum, drafts)
    assert got[rejected.audience] == []
    assert got[edited.audience] == [shown("Ваша роль — новая редакция мастера.\n")] != [shown(edited.body)]
    assert all(got[d.audience] == [shown(d.body)] for d in drafts[:-2])
    states = dict(store_rows(path, "SELECT id, state FROM drafts"))
    assert states[rejected.id] == "rejected" and states[edited.id] == "posted"


# ================================================================ two phase ends and the worker
def test_two_phase_ends_and_the_worker_at_the_deadline_resolve_the_phase_once(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    dealt_and_approved(path)
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=behind)
    clock = game.current()
    past = datetime.now(timezone.utc) - timedelta(minutes=1)
    game.set_clock(PhaseClock(clock.phase, clock.started, past, clock.cycle_started))   # the deadline passed
    game.store.close()
    proxy.add(Fault("GET", THREAD, "delay", times=1000, delay=1.0))   # each read takes seconds
    # the GM names the phase (as he would, typed twice, or in two terminals): each command is sure
    processes = [start(["phase", "end", "ночь 1"], path), start(["phase", "end", "ночь 1"], path),
                 start(["run", "--once", "--no-post"], path)]
    results = {p.pid: finish(p) for p in processes}
    phases = store_rows(path, "SELECT phase FROM phases ORDER BY idx")
    assert phases == [("night 1",)]
    opened = json.loads(store_rows(path, "SELECT value FROM game_meta WHERE key = 'clock'")[0][0])
    assert opened["phase"] == "day 1"
    said = {pid: out + err for pid, (_code, out, err) in results.items()}
    assert all("Traceback" not in text and "IntegrityError" not in text for text in said.values()), said
    [winner] = [pid for pid, text in said.items() if "Ночь 1 разрешена" in text]     # one says it resolved
    for pid, text in said.items():
        if pid == winner:
            continue
        # the others say why they did nothing: the winner holds the lock, it has resolved the phase
        # already, or (a worker come later) day 1's deadline is still ahead
        assert (re.search(rf"с игрой сейчас работает gorod (phase end|run) \(PID {winner}, с ", text)
                or "уже разрешил другой процесс" in text or "открыт день 1, а не ночь 1: ничего не сделано" in text
                or (results[pid][0] == 0 and text.startswith("прочитано: "))), said
    # they ran at once: at least one was refused by the winner's lock
    assert any(f"(PID {winner}, с " in text for pid, text in said.items() if pid != winner), said


# ================================================================ the loop's --no-post and --no-read
def first_report(process) -> dict:
    """The first round's report of `gorod run --json` (an indented JSON object)."""
    lines = []
    for line in process.stdout:
        lines.append(line)
        if line.rstrip("\n") == "}":
            return json.loads("".join(lines))
    raise AssertionError("".join(lines) + process.stderr.read())


def test_the_loop_honours_no_post(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    worker = start(["run", "--no-post", "--json"], path)
    try:
        report = first_report(worker)
    finally:
        worker.send_signal(signal.SIGINT)
        finish(worker)
    assert report["poll"] is not None and report["publish"] is None, report
    assert store_rows(path, "SELECT count(*) FROM outbox") == [(0,)]
    assert start_pms_on_the_forum(forum, drafts) == {d.audience: [] for d in drafts}


def test_the_loop_honours_no_read(forum, proxy, tmp_path):
    path = write_config(forum, proxy, tmp_path)
    drafts = dealt_and_approved(path)
    forum.writer("dave").send_pm(["gm"], "Ночь 1", "Нападение на grace")   # a read would take it
    worker = start(["run", "--no-read", "--json"], path)
    try:
        report = first_report(worker)
    finally:
        worker.send_signal(signal.SIGINT)
        finish(worker)
    assert report["poll"] is None and len(report["publish"]["posted"]) == 9, report
    assert store_rows(path, "SELECT count(*) FROM game_orders") == [(0,)]
    assert store_rows(path, "SELECT count(*) FROM game_meta WHERE key = 'last_read'") == [(0,)]
    each_pm_once(forum, drafts)
