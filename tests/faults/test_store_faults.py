"""The store's faults in Russian (issue 23): a store locked by another process, read-only, on a
full disk, corrupt, zero-length or another program's file. Each is one Russian sentence naming
the file and what to do, from the CLI and from the console (never a traceback, never a 500);
nothing stored is lost, and a file that is not a gorod store never becomes a new game."""
from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import pytest
import yaml
from werkzeug.test import Client

import gorod.store as store_module
from gorod.cli import main
from gorod.loop import deal
from gorod.loop.game import Game
from gorod.store import Store
from gorod.store_faults import (StoreBusy, StoreCorrupt, StoreForeign, StoreFull, StoreReadOnly, holder_pid)
from gorod.web import Console

TOKEN = "t" * 32


@pytest.fixture
def game_file(tmp_path):
    data = {"title": "Город N", "players": {"Аня": {"open": "Мэр", "secret": "Лич"},
                                          "Боря": {"open": "Сыщик", "secret": "Мирный житель"},
                                          "Вера": {"open": "Лекарь", "secret": "Бес"}},
            "forum": {"profile": "spirit", "base_url": "http://forum.test", "thread_url": "http://forum.test/topic/1/x/"}}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.fixture
def store_file(game_file):
    """The game dealt, and a fact stored to check nothing is lost."""
    game = Game.open(game_file)
    deal(game)
    with game.store.transaction() as db:
        db.execute("INSERT INTO game_meta VALUES ('note', '\"сохранено\"', 'now')")
    game.store.close()
    return game_file.parent / "gorod.sqlite3"


def cli(capsys, *argv) -> tuple[int, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    assert "Traceback" not in out.err + out.out
    return status, out.err


def console_page(game_file) -> tuple[int, str]:
    client = Client(Console(lambda: Game.open(game_file), TOKEN))
    client.get(f"/?token={TOKEN}")
    response = client.get("/")
    return response.status_code, response.text


def stored_note(path) -> str:
    db = sqlite3.connect(path)
    try:
        return db.execute("SELECT value FROM game_meta WHERE key = 'note'").fetchone()[0]
    finally:
        db.close()


# -- locked by another process ----------------------------------------------------------------
@pytest.fixture
def holder(store_file):
    """Another process holding the store's write lock (as a hung worker would)."""
    proc = subprocess.Popen(
        [sys.executable, "-c", "import sqlite3, sys, time\n"
         f"db = sqlite3.connect({str(store_file)!r}, isolation_level=None)\n"
         "db.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(60)"],
        stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "held"
    yield proc
    proc.kill()
    proc.wait()


def test_a_locked_store_still_opens_for_reading_when_its_schema_is_current(holder, store_file, game_file, capsys):
    """Opening wrote nothing before: `gorod state` failed on a store another process was writing."""
    status, err = cli(capsys, "state", "--game", str(game_file))
    assert status == 0, err
    assert console_page(game_file)[0] == 200


def test_a_write_to_a_locked_store_names_the_process_that_holds_it(holder, store_file, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_MS", 100)
    assert holder_pid(str(store_file)) == holder.pid
    store = Store(store_file)
    started = time.monotonic()
    with pytest.raises(StoreBusy) as caught:
        with store.transaction() as db:
            db.execute("INSERT INTO game_meta VALUES ('x', '1', 'now')")
    assert time.monotonic() - started < 30
    assert f"игра занята другим процессом (PID {holder.pid})" in str(caught.value)
    assert str(store_file) in str(caught.value)


def test_an_old_store_locked_by_another_process_is_told_not_migrated_behind_its_back(tmp_path, monkeypatch):
    """Migrating needs the write lock: a short wait, then the Russian message with the PID."""
    path = tmp_path / "old.sqlite3"
    Store(path, store_module.MIGRATIONS[:2]).close()
    proc = subprocess.Popen([sys.executable, "-c", "import sqlite3, time\n"
                             f"db = sqlite3.connect({str(path)!r}, isolation_level=None)\n"
                             "db.execute('BEGIN IMMEDIATE'); print('held', flush=True); time.sleep(60)"],
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "held"
        monkeypatch.setattr(store_module, "OPEN_BUSY_MS", 100)
        with pytest.raises(StoreBusy, match=f"PID {proc.pid}"):
            Store(path)
    finally:
        proc.kill()
        proc.wait()
    assert Store(path).version == len(store_module.MIGRATIONS)


# -- read-only --------------------------------------------------------------------------------
@pytest.fixture
def read_only(monkeypatch):
    """SQLite opening the file read-only, as for a file without write permission (the tests may run
    as root, whom chmod does not stop)."""
    real = store_module.connect
    monkeypatch.setattr(store_module, "connect",
                        lambda path: real(f"file:{path}?mode=ro") if path != ":memory:" else real(path))
    monkeypatch.setattr(sqlite3, "connect", _uri_connect(sqlite3.connect))


def _uri_connect(real):
    def connect(path, *args, **kwargs):
        return real(path, *args, uri=str(path).startswith("file:"), **kwargs)
    return connect


def test_a_read_only_store_reads_and_a_write_is_told_in_russian(store_file, read_only, game_file, capsys):
    status, err = cli(capsys, "state", "--game", str(game_file))
    assert status == 0, err
    status, err = cli(capsys, "order", "add", "--game", str(game_file), "--public", "--from", "Аня", "голосую против Бори")
    assert status == 1
    assert str(store_file) in err and "только для чтения" in err and "chmod u+w" in err
    assert stored_note(store_file) == '"сохранено"'


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes read-only files")
def test_a_store_without_write_permission_is_told_in_russian(store_file, game_file, capsys):
    store_file.chmod(0o444)
    status, err = cli(capsys, "order", "add", "--game", str(game_file), "--public", "--from", "Аня", "голосую против Бори")
    assert status == 1 and "только для чтения" in err


# -- disk full --------------------------------------------------------------------------------
def test_a_full_disk_is_told_and_the_write_leaves_nothing(store_file):
    store = Store(store_file)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")     # SQLite's own «database or disk is full»
    with pytest.raises(StoreFull) as caught:
        with store.transaction() as db:
            db.execute("INSERT INTO game_meta VALUES ('big', ?, 'now')", ("ж" * 200_000,))
    assert "диск заполнен" in str(caught.value) and str(store_file) in str(caught.value)
    store.close()
    assert stored_note(store_file) == '"сохранено"'
    assert Store(store_file).db.execute("SELECT count(*) FROM game_meta WHERE key = 'big'").fetchone()[0] == 0


# -- corrupt ----------------------------------------------------------------------------------
@pytest.fixture
def damaged(store_file):
    db = sqlite3.connect(store_file)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    page_size = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'game_meta'").fetchone()[0]
    db.close()
    with open(store_file, "r+b") as handle:
        handle.seek((root - 1) * page_size)
        handle.write(b"\xff" * 64)
    return store_file


def test_a_corrupt_store_is_found_at_open_and_told(damaged, game_file, capsys):
    with pytest.raises(StoreCorrupt, match="повреждён"):
        Store(damaged)
    status, err = cli(capsys, "state", "--game", str(game_file))
    assert status == 1 and str(damaged) in err and "повреждён" in err and ".recover" in err
    status, text = console_page(game_file)
    assert status == 503 and "повреждён" in text


# -- not a gorod store ------------------------------------------------------------------------
@pytest.mark.parametrize("content", [b"", b"\x00" * 4096, b"title: not a store\n"])
def test_a_zero_length_or_foreign_file_is_refused_and_left_as_it_is(game_file, capsys, content):
    path = game_file.parent / "gorod.sqlite3"
    path.write_bytes(content)
    with pytest.raises(StoreForeign, match="уберите этот файл"):
        Store(path)
    status, err = cli(capsys, "state", "--game", str(game_file))
    assert status == 1 and str(path) in err
    assert path.read_bytes() == content
    status, text = console_page(game_file)
    assert status == 503 and "уберите этот файл" in text


def test_another_programs_database_is_refused_and_not_migrated(tmp_path):
    path = tmp_path / "other.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE photos (id INTEGER PRIMARY KEY)")
    db.commit()
    db.close()
    with pytest.raises(StoreForeign, match="photos"):
        Store(path)
    db = sqlite3.connect(path)
    assert [r[0] for r in db.execute("SELECT name FROM sqlite_master")] == ["photos"]


def test_a_new_store_is_made_whole_or_not_at_all(tmp_path, monkeypatch):
    """A creation that fails half-way leaves no zero-length file behind (it would be refused)."""
    path = tmp_path / "new.sqlite3"
    broken = [*store_module.MIGRATIONS, store_module.Migration("broken", "CREATE TABLE threads (x);")]
    with pytest.raises(sqlite3.OperationalError):
        Store(path, broken)
    assert list(tmp_path.iterdir()) == []
    assert Store(path).version == len(store_module.MIGRATIONS)


def test_the_worker_tells_a_full_disk_and_goes_on(store_file, game_file, monkeypatch):
    from gorod.loop import worker

    game = Game.open(game_file)

    def full(*_a, **_k):
        raise StoreFull(game.store.path, "диск заполнен: запись не удалась")
    monkeypatch.setattr(worker, "cycle", full)
    reports = []
    worker.run(game, sleep=lambda _s: None, rounds=1, on_report=reports.append)
    assert len(reports) == 1
    assert "диск заполнен" in reports[0].errors[0] and "StoreFull" not in reports[0].errors[0]


def test_a_write_the_console_cannot_make_is_the_error_at_the_top_of_its_page(store_file, read_only, game_file):
    from gorod.web.security import csrf_token

    client = Client(Console(lambda: Game.open(game_file), TOKEN))
    client.get(f"/?token={TOKEN}")
    response = client.post("/order/add", data={"csrf": csrf_token(TOKEN), "text": "{by: Аня, ability: Голосование, target: Боря}"})
    assert response.status_code == 303
    page = client.get("/")
    assert page.status_code == 200 and "только для чтения" in page.text


@pytest.mark.parametrize("argv", [["state"], ["tally"], ["drafts"], ["publish"], ["phase", "end"],
                                  ["order", "add", "{by: Аня, ability: Голосование, target: Боря}"]])
def test_a_store_that_is_not_there_is_told_and_not_made_by_a_command_that_does_not_begin_a_game(
        game_file, capsys, argv):
    store = game_file.parent / "gorod.sqlite3"
    status, err = cli(capsys, *argv, "--game", str(game_file))
    assert status == 1
    assert f"хранилище игры {store}: файла нет: игра на этом файле ещё не начата" in err
    assert "укажите её путь в store:" in err
    assert list(game_file.parent.glob("gorod.sqlite3*")) == []


def test_deal_begins_the_store_a_reading_command_then_reads(game_file, capsys):
    status, err = cli(capsys, "deal", "--game", str(game_file))
    assert status == 0, err
    assert (game_file.parent / "gorod.sqlite3").is_file()
    status, err = cli(capsys, "state", "--game", str(game_file))
    assert status == 0, err


def test_the_console_begins_a_store_and_says_so(game_file, capsys, monkeypatch):
    import gorod.web

    monkeypatch.setattr(gorod.web, "serve", lambda app, port, ready: None)
    status = main(["web", "--game", str(game_file)])
    err = capsys.readouterr().err
    assert status in (0, None), err
    assert f"gorod web: новое хранилище игры {game_file.parent / 'gorod.sqlite3'}: игра на этом файле начинается здесь" in err
