"""The game log: orders as JSON (old stores migrated), the fold kept and extended instead
of refolded for every post, and a change of the engine's results told to the GM."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.orders import Order
from engine.phase import PhaseId
from gorod.loop import cycle, deal
from gorod.loop import game as game_module
from gorod.loop.records import DraftState, OrderStatus
from gorod.store import MIGRATIONS, Store

HERE = Path(__file__).resolve().parent
OLD_STORE = HERE / "data" / "store-v2.sql"


def _old_store(tmp_path: Path) -> Path:
    path = tmp_path / "gorod.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(OLD_STORE.read_text(encoding="utf-8"))
    db.close()
    return path


def play_night_and_day(game, forum, clock) -> None:
    deal(game)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("carol", "Исповедую erin", clock.now)
    cycle(game)
    clock.at("10:00", 1)
    cycle(game)                                  # night 1 resolved
    clock.at("12:00", 1)
    forum.post("erin", "Голосую против dave", clock.now)
    forum.post("bob", "голосую против dave", clock.now)
    cycle(game)
    clock.at("22:00", 1)
    cycle(game)                                  # day 1 resolved


# ---------------------------------------------------------------- migration


def test_a_store_made_before_orders_were_json_opens_and_keeps_every_fact(make_game, tmp_path):
    path = _old_store(tmp_path)
    before = sqlite3.connect(path)
    old_orders = before.execute("SELECT id, text, status FROM game_orders ORDER BY id").fetchall()
    old_drafts = before.execute("SELECT id, state, body FROM drafts ORDER BY id").fetchall()
    assert before.execute("SELECT max(version) FROM schema_version").fetchone()[0] == 2
    before.close()

    game = make_game()                               # the same file: gorod.sqlite3 beside game.yaml
    assert game.store.version == len(MIGRATIONS) == 4
    rows = game.records.orders(status=None)
    assert [(r.id, r.text, r.status) for r in rows] == old_orders
    for row in rows:                                 # each text read once into JSON, the same order
        assert row.data is not None and row.order == Order.parse(row.text)
        assert json.loads(row.data) == Order.parse(row.text).to_mapping()
    assert [(d.id, d.state, d.body) for d in game.records.drafts()] == old_drafts

    phases = game.records.phases()
    assert [p.phase for p in phases] == [PhaseId.parse("night 1"), PhaseId.parse("day 1")]
    assert phases[0].texts == ["{by: dave, ability: Кража, target: grace}",
                               "{by: carol, ability: Исповедь, target: erin}",
                               "{by: heidi, ability: Дознание, targets: [bob, carol]}"]
    state, _events = game.fold()
    assert state.phase == PhaseId.parse("day 1") and game.current().phase == PhaseId.parse("night 2")
    [waiting] = game.records.orders("night 2")
    assert waiting.order == Order(by="dave", ability="Кража", target="heidi")
    game.store.close()
    assert Store(path).version == 4                 # opening again changes nothing


def test_an_order_text_that_is_no_order_stays_text_and_says_why_when_read(tmp_path):
    path = tmp_path / "old.sqlite3"
    old = Store(path, MIGRATIONS[:2])
    with old.transaction() as db:
        db.execute("INSERT INTO game_orders (phase, text, by, source_kind, source_id, source_version, item, status, "
                   "created_at) VALUES ('night 1', '{by: dave', 'dave', 'gm', 'gm:1', 1, 0, 'active', 'now')")
    old.close()
    from gorod.loop.records import Records

    [row] = Records(Store(path)).orders(status=None)
    assert row.data is None
    with pytest.raises(ValueError, match="не заявка"):
        row.order


# ---------------------------------------------------------------- the fold, kept


def _count_resolves(monkeypatch) -> list:
    calls = []
    real = game_module.resolve

    def counting(state, phase, orders):
        calls.append(phase)
        return real(state, phase, orders)

    monkeypatch.setattr(game_module, "resolve", counting)
    return calls


def test_reading_posts_does_not_refold_the_game(make_game, forum, clock, monkeypatch):
    game = make_game()
    play_night_and_day(game, forum, clock)
    calls = _count_resolves(monkeypatch)
    game.fold()
    assert [str(p) for p in calls] == ["day 1"]      # the phase stored last is folded once, onto the kept fold
    calls.clear()
    clock.at("23:00", 1)
    forum.pm("dave", "Кража — heidi", clock.now)
    forum.pm("carol", "Исповедую frank", clock.now)
    forum.post("erin", "ночь, все спят", clock.now)    # talk in the thread: read, parsed, no order
    report = cycle(game).poll
    assert (report.pms, report.posts, report.orders) == (2, 1, 2)
    assert calls == []                               # every post read against the kept fold

    restarted = make_game()                          # a new process folds each stored phase once
    restarted.fold()
    restarted.fold()
    restarted.fold(upto="night 1")
    assert [str(p) for p in calls] == ["night 1", "day 1"]
    assert restarted.phase_events("night 1") == game.phase_events("night 1")


def test_the_kept_fold_follows_the_phases_stored_by_another_process(make_game, forum, clock):
    game = make_game()
    deal(game)
    game.fold()                                      # kept at the start
    other = make_game()                              # e.g. the worker, while the console stays open
    clock.at("10:00", 1)
    cycle(other)                                     # night 1 resolved there
    state, _events = game.fold()
    assert state.phase == PhaseId.parse("night 1")
    assert game.fold()[0] is state                   # and kept again


# ---------------------------------------------------------------- drift


def test_other_results_under_the_same_orders_are_a_notice_not_a_rewrite(make_game, forum, clock):
    game = make_game()
    play_night_and_day(game, forum, clock)
    drafts = [(d.id, d.state, d.body) for d in game.records.drafts()]
    # The stored night 1 as an older engine would have resolved it: one event fewer.
    stored = json.loads(game.store.db.execute("SELECT events FROM phases WHERE phase = 'night 1'").fetchone()[0])
    with game.store.transaction() as db:
        db.execute("UPDATE phases SET events = ? WHERE phase = 'night 1'", (json.dumps(stored[:-1]),))

    restarted = make_game()
    restarted.fold()
    [notice] = [n for n in restarted.records.notices() if n.kind == "drift"]
    assert notice.text.startswith("правила изменились: итоги ночи 1 теперь другие")
    assert notice.phase is None                   # shown whatever phase is open (the text names it)
    from gorod.web.queries import orders_view

    console = orders_view(make_game())                # the console, with night 2 open
    assert any(n.kind == "drift" for n in console["notices"])     # the inbox of the open phase
    assert [(d.id, d.state, d.body) for d in restarted.records.drafts()] == drafts    # nothing redrafted
    assert restarted.records.phases()[0].events == stored[:-1]                         # nor the log rewritten
    make_game().fold()
    assert len([n for n in restarted.records.notices() if n.kind == "drift"]) == 1  # told once


def test_the_same_engine_finds_no_drift_across_processes(make_game, forum, clock, tmp_path):
    """The stored events must not depend on the process (set order under another hash seed)."""
    script = f"""
import sys
sys.path[:0] = [{str(HERE)!r}]
from conftest import *  # noqa
from fakeforum import FakeForum
from loopdata import Clock, game_yaml
from pathlib import Path
from config.game import load_game
from gorod.loop.game import Game
from gorod.store import Store
from test_game_log import play_night_and_day
tmp = Path({str(tmp_path)!r})
clock, forum = Clock(), FakeForum()
game = Game(load_game(game_yaml(tmp)), Store(tmp / "gorod.sqlite3"), now=clock, forum=forum)
play_night_and_day(game, forum, clock)
"""
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    subprocess.run([sys.executable, "-c", script], check=True, env=env, cwd=HERE)
    game = make_game()
    assert [str(p.phase) for p in game.records.phases()] == ["night 1", "day 1"]
    game.fold()
    assert [n for n in game.records.notices() if n.kind == "drift"] == []


def test_states_are_enums_that_read_as_the_stored_words(make_game, forum, clock):
    game = make_game()
    play_night_and_day(game, forum, clock)
    assert {r.status for r in game.records.orders(status=None)} <= set(OrderStatus)
    assert all(isinstance(d.state, DraftState) and d.state == "pending" for d in game.records.drafts())
    assert f"{OrderStatus.SUPERSEDED}" == "superseded"


def test_the_json_of_orders_on_the_command_line_is_as_before(tmp_path, capsys, monkeypatch):
    from test_cli_loop import make_config, run

    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: dave, ability: Кража, target: grace}")[0] == 0
    expected = {"phase": "night 1", "text": "{by: dave, ability: Кража, target: grace}", "by": "dave",
                "source_kind": "gm", "status": "active"}
    code, out, err = run(capsys, "order", "list", "--json")
    assert code == 0, err
    [row] = json.loads(out)
    assert {k: row[k] for k in expected} == expected and "data" not in row
    code, out, err = run(capsys, "state", "--json")
    assert code == 0, err
    [row] = json.loads(out)["orders"]
    assert {k: row[k] for k in expected} == expected
