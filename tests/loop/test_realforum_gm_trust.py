"""Issue 26 on a live phpBB 3.3 (tests/forums/, the lab's board): what players are told is
true. A night's change of mind («Передумал: …») is asked of the GM and the receipt that
reaches the player's inbox is one, listing the order in force, never «принята» for a refused
one; an edit of a day-1 post made on day 2 changes no day-2 order and the GM is told.
Phase boundaries are the GM's `phase end` (resolve_phase)."""
from __future__ import annotations

import importlib.util
import sys
import time
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from gorod.loop import approve, cycle, deal, publish, reject, resolve_phase
from gorod.loop.forum import SiteForum
from gorod.loop.game import Game
from gorod.loop.mind import choices, choose
from gorod.store import Store
from scraper.http import HttpSettings

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "forums"))
from gameforum import board_game  # noqa: E402
from engines import fresh_name  # noqa: E402

ROLES = {"alice": ("Мэр", "Лич"), "dave": ("Вор", "Бес"), "erin": ("Бандит", "Начальник стражи"),
         "grace": ("Сыщик", "Мирный житель"), "heidi": ("Богач", "Дознаватель"), "carol": ("Священник", "Демонолог")}
GM_ENV = "GOROD_TEST_GM_PASSWORD"

pytestmark = pytest.mark.live_forum


BEHIND = timedelta(minutes=2)


def now() -> datetime:
    """gorod's clock runs two minutes behind the forum's, as in test_realforum_game.py."""
    return datetime.now(timezone.utc) - BEHIND


@pytest.fixture
def phpbb_game(tmp_path, monkeypatch):
    # a GM of this test's own: the board's admin is every test's GM, and his folder fills with
    # other games' PMs to phpBB's 50 (pm_max_msgs), past which phpBB holds new ones back (gorod
    # reads every page of the list, and says so when PMs are held: scraper.poll.scan_inbox)
    gm = fresh_name()
    forum = board_game("phpbb", [*ROLES, gm])
    forum = replace(forum, gm=gm, title=f"Город N {gm[-6:]}")   # PM titles within phpBB's 60 characters
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # no deadline inside the test
    data = {"title": forum.title,
            "forum": {"profile": forum.profile_name, "base_url": forum.url, "thread_url": forum.topic_url,
                      "gm_user": forum.gm, "password_env": GM_ENV, "min_interval": 0},
            "players": {nick: {"open": o, "secret": s} for nick, (o, s) in ROLES.items()},
            "schedule": {"night_starts": moscow, "day_starts": moscow}, "seed": 3, "receipts": True}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"), now=now,
                forum_factory=lambda g: SiteForum.from_config(g.config, g.store, settings=HttpSettings(min_interval=0)))
    return forum, game


def test_phpbb_a_change_of_mind_one_true_receipt_and_an_old_edit_that_changes_nothing(phpbb_game):
    forum, game = phpbb_game
    writers = {nick: forum.writer(nick) for nick in ("dave", "erin")}
    cycle(game, post=False)
    deal(game)
    for d in game.records.drafts(["pending"]):
        reject(game, d.id)                       # the start PMs are not what this test reads

    # ---- night 1: dave steals from grace, then changes his mind
    writers["dave"].send_pm([forum.gm], "Ночь 1", "Кража — grace")
    cycle(game, post=False)
    writers["dave"].send_pm([forum.gm], "Ночь 1, поправка", "Передумал: Кража — heidi")
    cycle(game, post=False)
    mine = [d for d in game.records.drafts(["pending"]) if d.kind == "receipt" and d.audience == "dave"]
    assert len(mine) == 1, (game.records.orders("night 1", status=None), game.records.unresolved(),
                            [n.text for n in game.records.notices()])
    [receipt] = mine
    assert "принята" not in receipt.title, (game.records.orders("night 1", status=None), game.records.unresolved(),
                                            [n.text for n in game.records.notices()])
    assert "«Кража», цель: heidi — не будет выполнена" in receipt.body
    [asked] = [n for n in game.records.notices() if n.kind == "change_of_mind"]
    assert "dave передумал(а)?" in asked.text
    choose(game, choices(asked)[1])              # the GM takes the later order
    [receipt] = [d for d in game.records.drafts(["pending"]) if d.kind == "receipt" and d.audience == "dave"]
    assert "принята" in receipt.title and "grace" not in receipt.body
    approve(game, receipt.id)
    report = publish(game)
    assert report.failed == {}, report.failed
    got = [m for m in forum.inbox("dave") if "заявк" in m.subject]
    assert len(got) == 1 and "heidi" in got[0].text and "grace" not in got[0].text
    resolve_phase(game)                          # night 1 → day 1
    assert [o.target for o in game.records.phases()[0].orders if o.by == "dave"] == ["heidi"]

    # ---- day 1: erin votes; day 1 and night 2 end
    old = writers["erin"].reply(forum.topic_id, "Голосую против dave")
    cycle(game, post=False)
    assert [o.text for o in game.records.orders("day 1")] == ["{by: erin, ability: Голосование, target: dave}"]
    time.sleep(BEHIND.total_seconds() + 5)       # day 2 opens after the day-1 post, on gorod's clock
    resolve_phase(game)                          # day 1 → night 2
    resolve_phase(game)                          # night 2 → day 2
    assert str(game.current().phase) == "day 2"

    # ---- day 2: erin votes; then edits her day-1 post
    writers["erin"].reply(forum.topic_id, "Голосую против carol")
    cycle(game, post=False)
    forum.edit("erin", old.id, "Голосую против heidi")
    cycle(game, post=False, rescan=True)         # «Перечитать тему целиком»
    assert [(o.text, o.status) for o in game.records.orders("day 2", status=None)] == [
        ("{by: erin, ability: Голосование, target: carol}", "active")]
    [notice] = [n for n in game.records.notices() if n.key.startswith("old-edit:")]
    assert f"пост {old.id} (день 1, фаза разрешена) исправлен после её конца" in notice.text
    assert "стало: «Голосую против heidi»" in notice.text


def test_phpbb_gorod_signup_reads_the_sign_up_thread_and_prints_the_players_block(capsys):
    """Issue 26, item 11: `gorod signup URL` on a live phpBB sign-up thread."""
    from gorod.cli import main

    forum = board_game("phpbb", ["lena", "oleg"])
    forum.writer("lena").reply(forum.topic_id, "Ник: lena\nКласс: Мэр")
    forum.writer("oleg").reply(forum.topic_id, "Хочу играть!\nКласс: Вор")
    assert main(["signup", forum.topic_url, "--gm", forum.gm]) == 0
    out = capsys.readouterr().out
    block = out.split("players:\n", 1)[1]
    assert "  lena: {open: Мэр}\n" in block and "  oleg: {open: Вор}\n" in block, out
