"""The public vote count on live forums (issue 29): a game's day on an HTML forum (phpBB) and a
JSON one (Misago) of `make test`, its players voting in a fresh topic through the forum; the
GM's count on demand (`gorod count`: the thread read first) and the scheduled count
(`vote_count: {every_hours: 1}`, the worker's round an hour later) each reach the thread
once, read back over HTTP as the drafts say; later rounds post nothing more.

gorod's clock runs two minutes behind the forum (its posts show minutes); the schedule's
hour is the clock moved on, not waited for."""
from __future__ import annotations

import os
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from engines import ENGINES
from forumlab import live_engine
from gorod.loop import approve, cycle, deal, publish, resolve_phase
from gorod.loop.count import count_on_demand
from gorod.loop.forum import SiteForum, plain
from gorod.loop.game import Game
from gorod.store import Store
from liveboard import Board
from scraper.http import HttpSettings

pytestmark = pytest.mark.live_forum

ROLES = (("Мэр", "Мирный житель"), ("Оракул", "Бес"), ("Вор", "Стражник"), ("Бандит", "Зомби"))


class Clock:
    """Real time two minutes behind, moved on by `later`."""

    def __init__(self) -> None:
        self.ahead = timedelta(minutes=-2)

    def __call__(self) -> datetime:
        return datetime.now(timezone.utc) + self.ahead


@pytest.mark.parametrize("engine", ["phpbb", "misago"])
def test_a_count_on_demand_and_a_scheduled_count_each_reach_the_thread_once(engine, tmp_path):
    board = Board(ENGINES[engine], live_engine(engine), Path(os.environ["GOROD_FORUMS_HOME"]))
    mayor, oracle, thief, bandit = players = board.players[:4]
    topic = board.new_topic(board.gm, f"Город N: подсчёт {int(time.time())}", "Игра начинается.")
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # boundaries an hour ago
    data = {
        "title": "Город N: подсчёт",
        "forum": {"profile": board.engine.profile, "base_url": board.url, "thread_url": board.thread_url(topic),
                  "gm_user": board.gm, "password_env": board.password_env, "min_interval": 0},
        "players": {nick: {"open": o, "secret": s} for nick, (o, s) in zip(players, ROLES)},
        "schedule": {"night_starts": moscow, "day_starts": moscow},
        "vote_count": {"every_hours": 1},
        "seed": 3,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    clock = Clock()
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=clock,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=HttpSettings(min_interval=0)))
    cycle(game)
    deal(game)
    resolve_phase(game)                                       # night 1 ends: day 1 opens
    for nick, target in ((mayor, thief), (oracle, thief), (thief, mayor)):
        board.writer(nick).reply(topic, f"Голосую против {target}")

    on_demand = count_on_demand(game)                         # gorod count: the thread read first
    body = game.records.draft(on_demand).body
    assert f"{thief} — 3: {mayor} ×2 (Мэр: Деспотия, голос за два), {oracle}" in body, body
    assert f"{mayor} — 1: {thief}" in body and f"Не голосовали: {bandit}." in body
    approve(game, on_demand)
    assert publish(game).posted == [on_demand]

    board.writer(bandit).reply(topic, f"Голосую против {mayor}")
    clock.ahead += timedelta(hours=1, minutes=1)              # the schedule's hour has come
    report = cycle(game)                                      # the worker's round: poll, tick, publish
    assert report.errors == [], report.to_json()
    [scheduled] = [d for d in game.records.drafts(["pending"]) if d.kind == "count"]
    assert f"{mayor} — 2: {thief}, {bandit}" in scheduled.body and "Проголосовали все" in scheduled.body
    approve(game, scheduled.id)
    assert cycle(game).publish.posted == [scheduled.id]
    for _ in range(2):                                        # later rounds: nothing drafted, nothing posted
        again = cycle(game)
        assert again.publish.posted == [] and not [d for d in game.records.drafts(["pending"]) if d.kind == "count"]

    markup = game.markup
    shown = [plain(p.text) for p in board.read_thread(topic).posts if p.author == board.gm]
    counts = [game.records.draft(i).body for i in (on_demand, scheduled.id)]
    assert [s for s in shown if "подсчетголосовпопостам" in s] == [plain(markup.strip(b)) for b in counts]
