"""`standing_orders: false` on the real Spirit forum (tests/realforum/, `make test` starts it):
«the GM, or the heir by PM, answers». The Начальник стражи arrests the Мэр; the night's end
stops to ask him; the question is sent to his inbox on the forum; he answers by PM on the
forum, in his own words; gorod reads it as his answer, his receipt reaches his inbox, and the
night resolves with the heir he named. An unclear reply first is asked to the GM, never taken."""
from __future__ import annotations

import importlib.util
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from engine.api import shown_open_role
from config.game import load_game
from gorod.loop import approve, cycle, deal, publish, reject, resolve_phase
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.loop.phases import PhaseAsks
from gorod.store import Store
from scraper.http import HttpSettings

ROOT = Path(__file__).resolve().parents[2]
REALFORUM = ROOT / "tests" / "realforum"
sys.path.insert(0, str(REALFORUM))
_spec = importlib.util.spec_from_file_location("realforum_fixtures_answer", REALFORUM / "conftest.py")
realforum = importlib.util.module_from_spec(_spec)
sys.modules["realforum_fixtures_answer"] = realforum
_spec.loader.exec_module(realforum)
sys.path.insert(0, str(ROOT / "tests" / "forums"))
from gameforum import spirit_game  # noqa: E402

ROLES = {"alice": ("Мэр", "Мирный житель"), "erin": ("Бандит", "Начальник стражи"), "grace": ("Сыщик", "Лич"),
         "bob": ("Оракул", "Бес"), "carol": ("Священник", "Стражник")}
GM_ENV = "GOROD_TEST_GM_PASSWORD"
BEHIND = timedelta(minutes=2)


def behind() -> datetime:
    """gorod's clock two minutes behind: Spirit shows times to the minute."""
    return datetime.now(timezone.utc) - BEHIND


@pytest.fixture
def game(tmp_path, monkeypatch):
    forum = spirit_game(realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch))
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # no deadline in the test
    data = {"title": forum.title,
            "forum": {"profile": forum.profile_name, "base_url": forum.url, "thread_url": forum.topic_url,
                      "gm_user": forum.gm, "password_env": GM_ENV, "min_interval": 0},
            "players": {nick: {"open": o, "secret": s} for nick, (o, s) in ROLES.items()},
            "schedule": {"night_starts": moscow, "day_starts": moscow}, "seed": 4,
            "rulings": {"standing_orders": False}}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=behind,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=HttpSettings(min_interval=0)))
    return forum, game


def test_spirit_the_mayor_answers_the_gms_question_by_pm_and_the_night_resolves(game):
    forum, game = game
    writers = {nick: forum.writer(nick) for nick in ("alice", "erin")}
    cycle(game, post=False)
    deal(game)
    for d in game.records.drafts(["pending"]):
        reject(game, d.id)                              # the start PMs are not what this test reads

    writers["erin"].send_pm([forum.gm], "Ночь 1", "Арест alice")
    cycle(game, post=False)
    with pytest.raises(PhaseAsks, match="фаза ждёт ответа alice"):
        resolve_phase(game)                             # gorod phase end: the night stops at the arrest
    [question] = [d for d in game.records.drafts(["pending"]) if d.audience == "alice"]
    assert "Мастер спрашивает" in question.body and "кому он передаёт Явную роль Мэра" in question.body
    approve(game, question.id)
    assert publish(game).failed == {}
    asked = [m for m in forum.inbox("alice") if "Мастер спрашивает" in m.text]
    assert len(asked) == 1, [m.text for m in forum.inbox("alice")]

    # his first reply is not plain: the GM is asked, nothing is taken
    writers["alice"].send_pm([forum.gm], "Ответ", "Ой, даже не знаю... может grace, может bob?")
    cycle(game, post=False)
    assert [o for o in game.records.orders("night 1") if o.by == "alice"] == []
    [item] = game.records.unresolved()
    assert item.author == "alice" and "ответ на вопрос мастера" in item.reason
    assert "{by: alice, ability: Преемственность, answer: grace}" in item.candidates
    game.records.close_unresolved(item.id)              # the GM waits for a plain answer

    # then a plain one, by PM (Преемственность is a post's order: in a PM it was refused before)
    writers["alice"].send_pm([forum.gm], "Ответ", "Передаю роль grace")
    report = cycle(game, post=False)
    assert report.errors == [], report.to_json()
    [answer] = [o for o in game.records.orders("night 1") if o.by == "alice"]
    assert answer.text == "{by: alice, ability: Преемственность, answer: grace}" and answer.source_kind == "pm"
    assert report.tick.resolved == ["night 1"], report.to_json()    # the phase end went on
    players = game.fold()[0].players
    assert players["grace"].open_role == "Мэр"
    assert shown_open_role(game.fold()[0], players["alice"]) == "Мэр (бывший)"

    # his receipt reaches his inbox on the forum, once
    [receipt] = [d for d in game.records.drafts(["pending"]) if d.key.startswith("answer:night 1:alice")]
    approve(game, receipt.id)
    assert publish(game).failed == {}
    got = [m for m in forum.inbox("alice") if "ваш ответ на вопрос мастера" in m.text]
    assert len(got) == 1 and "grace" in got[0].text
