"""NodeBB with a long title (issue 22, item 4), on the live NodeBB 4.10: a chat's name over 50
characters is refused with HTTP 400, so a game whose PM titles run longer (its name and
«: ваша роль», «: Ночь 1 (Новолуние)») never reached its players, and every later publish
failed. Now the titles are fitted to the profile's `write.limits.title` when drafted, the GM
sees how, and every start PM arrives."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from config.profiles import load_profile
from engines import ENGINES
from forumlab import live_engine
from gorod.loop import approve, deal, publish
from gorod.loop.drafting import draft_notes
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.store import Store
from liveboard import Board
from scraper.http import HttpSettings
from scraper.poll import PmPoller

pytestmark = pytest.mark.live_forum


def test_start_pms_of_a_game_with_a_long_name_reach_every_player_on_nodebb(tmp_path, monkeypatch):
    board = Board(ENGINES["nodebb"], live_engine("nodebb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    stamp = int(time.time())
    title = f"Город N: осенняя партия на форуме NodeBB №{stamp}"      # «…: ваша роль»: over 50
    assert len(f"{title}: ваша роль") > 50
    topic = board.new_topic(board.gm, title, "Набор закрыт, игра начинается. Ждите ролей в личных сообщениях.")
    monkeypatch.setenv("GOROD_TEST_NODEBB_GM", board.status.password)
    data = {"title": title,
            "forum": {"profile": "nodebb", "base_url": board.url, "thread_url": board.thread_url(topic),
                      "gm_user": board.gm, "password_env": "GOROD_TEST_NODEBB_GM", "min_interval": 0},
            "players": {p: {"open": role, "secret": "Мирный житель"}
                        for p, role in zip(board.players, ("Мэр", "Вор", "Лекарь", "Сыщик"))}}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"),
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=HttpSettings(min_interval=0)))
    deal(game)
    starts = game.records.drafts(["pending"])
    assert len(starts) == len(board.players)
    for d in starts:
        assert len(d.title) <= 50 and d.title.endswith("…"), d.title
        assert any("сокращён до 50 знаков" in note for note in draft_notes(game, d.id)), d.id
        approve(game, d.id)
    report = publish(game)
    assert report.failed == {} and len(report.posted) == len(starts), report.to_json()
    profile = load_profile("nodebb")
    for d in starts:
        poller = PmPoller(board.client(d.audience), profile, Store(":memory:"))
        got = [e.message for e in poller.poll() if e.message is not None and e.message.subject == d.title]
        assert len(got) == 1 and "тайная роль" in got[0].text.casefold(), (d.audience, d.title, got)
