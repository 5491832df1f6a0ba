"""A forum down at a deadline (issue 22): the phase waits for a whole read begun after it.

gorod talks to the real Spirit forum through the fault proxy (proxy.py); stopping the
proxy closes its port, so gorod's requests are refused, as by a forum that is down. The
players' night orders reach the GM before the deadline; the forum goes down; the deadline
passes (gorod's clock is moved, the forum's times are real). Before, the worker resolved
the night with no orders, and the orders read after the outage became late ones of the
day («заявка не принята»). Now each round alarms and the night waits; once the forum
answers, the orders read count for the night.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from config.game import load_game
from gorod.loop import cycle, deal, end_now
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game, LoopError, PhaseClock
from gorod.store import Store
from scraper.http import HttpSettings

sys.path.insert(0, str(Path(__file__).resolve().parent))
from livegame import gorod, spirit, write_config  # noqa: E402
from proxy import FaultProxy  # noqa: E402

ORDERS = (("dave", "Нападение на grace"), ("heidi", "Дознание: alice и bob"), ("carol", "Исповедую erin"))


@pytest.fixture
def forum(monkeypatch):
    return spirit(monkeypatch)


@pytest.fixture
def proxy(forum):
    p = FaultProxy(forum.url)
    p.start()
    yield p
    p.stop()


@dataclass
class Clock:
    """gorod's clock: two minutes behind the forum's at first (Spirit shows minutes), then moved."""
    now: datetime

    def __call__(self) -> datetime:
        return self.now


def open_game(forum, proxy, tmp_path: Path, clock: Clock) -> Game:
    path = write_config(forum, proxy, tmp_path)
    settings = HttpSettings(min_interval=0, timeout=4.0, retries=1, backoff=0.1, max_backoff=0.2)
    return Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=clock,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=settings))


def night_orders_then_the_deadline(forum, proxy, tmp_path):
    """The deal, the night's orders on the forum, a deadline two minutes after them."""
    clock = Clock(datetime.now(timezone.utc) - timedelta(minutes=2))
    game = open_game(forum, proxy, tmp_path, clock)
    deal(game)
    assert cycle(game, post=False).errors == []
    for nick, text in ORDERS:
        forum.writer(nick).send_pm(["gm"], "Ночь 1", text)
    opened = game.current()
    deadline = datetime.now(timezone.utc) + timedelta(minutes=2)     # the orders are a minute before it, at least
    game.set_clock(PhaseClock(opened.phase, opened.started, deadline, opened.cycle_started))
    return game, clock, deadline


def test_a_forum_down_across_the_deadline_resolves_nothing_until_it_is_read(forum, proxy, tmp_path):
    game, clock, deadline = night_orders_then_the_deadline(forum, proxy, tmp_path)
    port = int(proxy.url.rsplit(":", 1)[1])
    proxy.stop()                                                      # connections refused
    clock.now = deadline + timedelta(minutes=1)
    for _round in range(2):
        report = cycle(game, post=False)
        assert report.tick.resolved == [], report.to_json()
        assert any("дедлайн прошёл, форум не читается с " in e and "gorod phase end --no-read" in e
                   for e in report.errors), report.errors
    assert str(game.current().phase) == "night 1" and game.records.phases() == []
    assert game.records.orders("night 1") == []
    [alarm] = [n for n in game.records.notices() if "дедлайн прошёл" in n.text]
    assert alarm.text.startswith("Ночь 1: дедлайн прошёл, форум не читается с ")

    proxy.start(port)                                                 # the forum answers again
    clock.now += timedelta(minutes=1)
    report = cycle(game, post=False)
    assert report.errors == [] and report.tick.resolved == ["night 1"], report.to_json()
    [night] = game.records.phases()
    assert sorted(o.by for o in night.orders) == ["carol", "dave", "heidi"]   # on time, by their forum time
    assert game.records.orders(status="late") == []
    assert [d for d in game.records.drafts() if d.kind == "late"] == []
    assert [n for n in game.records.notices(unseen_only=True) if "дедлайн прошёл" in n.text] == []


def test_the_gm_ends_the_phase_without_the_read_and_is_told_what_he_gives_up(forum, proxy, tmp_path):
    game, _clock, _deadline = night_orders_then_the_deadline(forum, proxy, tmp_path)
    proxy.stop()                                                      # connections refused
    with pytest.raises(LoopError, match="фаза не закончена: заявки могли не дойти. .*gorod phase end --no-read"):
        end_now(game)                                                 # (`gorod phase end`, retrying less)
    assert str(game.current().phase) == "night 1"
    game.store.close()
    code, out, err = gorod(["phase", "end", "--no-read"], tmp_path / "game.yaml")
    assert code == 0, out + err
    assert "Форум перед концом фазы не читался" in out
    assert "Что игроки написали после него, в фазу «Ночь 1» не вошло" in out
    assert "будут отклонены как опоздавшие" in out and "Ночь 1 разрешена" in out
