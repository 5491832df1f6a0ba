"""Forum times in another zone than the profile says, on the live MyBB 1.8 (issue 22, item 3):
MyBB shows a member every time in his own zone. The GM's account is copied (same password)
into one whose zone is set, so other tests on the shared board keep theirs; his zone UTC+3 or
UTC−3 against the profile's UTC is `gorod forum check`'s alarm naming `timezone`, from the
member's setting, the page's «Current time» and the fresh write's shown time, and the game
loop's alarm on the next round; his own UTC is ok."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
import yaml

from config.game import load_game
from engines import ENGINES, _mariadb
from forumlab import live_engine
from gorod.forumcheck import check_forum
from liveboard import Board

pytestmark = pytest.mark.live_forum


@pytest.fixture(scope="module")
def board() -> Board:
    engine = ENGINES["mybb"]
    return Board(engine, live_engine("mybb"), Path(os.environ["GOROD_FORUMS_HOME"]))


def zoned_gm(board: Board, zone: str) -> str:
    """A copy of the GM's account (his password, his rights) whose zone setting is `zone`."""
    name = f"Мастер {zone}ч"
    db = board.forum_dir
    _mariadb(db, "mybb", f"DELETE FROM mybb_users WHERE username = '{name}'; "
                         "CREATE TEMPORARY TABLE gm_copy SELECT * FROM mybb_users WHERE uid = 1; "
                         f"UPDATE gm_copy SET uid = (SELECT MAX(uid) + 1 FROM mybb_users), username = '{name}', "
                         f"timezone = '{zone}', dst = 0, dstcorrection = 0, email = 'clock{zone}@example.com'; "
                         "INSERT INTO mybb_users SELECT * FROM gm_copy")
    return name


def game_file(board: Board, tmp_path: Path, gm: str, topic: str, monkeypatch) -> Path:
    monkeypatch.setenv("GOROD_TEST_CLOCK_PASSWORD", board.status.password)
    data = {"title": "Город N: часы", "forum": {"profile": "mybb", "base_url": board.url,
                                                  "thread_url": board.thread_url(topic), "gm_user": gm,
                                                  "password_env": "GOROD_TEST_CLOCK_PASSWORD", "min_interval": 0},
            "players": {p: {"open": role, "secret": "Мирный житель"}
                        for p, role in zip(board.players, ("Мэр", "Вор", "Лекарь", "Сыщик"))}}
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("zone", ["3", "-3", "0"])
def test_forum_check_sees_the_gms_zone_on_mybb_against_the_profiles(board, tmp_path, monkeypatch, zone):
    gm = zoned_gm(board, zone) if zone != "0" else board.gm
    topic = board.new_topic(board.players[0], f"Город N: часы {zone} {int(time.time())}",
                            "Проверяем время форума: голосую против Пети.")
    path = game_file(board, tmp_path, gm, topic, monkeypatch)
    report = check_forum(load_game(path), write_to=board.thread_url(topic),
                         text=f"Проверка времени gorod, пояс {zone} ({int(time.time())}).")
    clock = [line for line in report.lines if line.what in ("время форума", "время тестового ответа")]
    text = "\n".join(line.text() for line in clock)
    if zone == "0":
        assert clock and all(line.ok for line in clock), text
        return
    bad = [line for line in clock if not line.ok]
    assert bad, text
    assert all(line.key == "timezone" and "timezone: UTC" in line.detail for line in bad), text
    assert any(f"«{zone}»" in line.detail and f"UTC{'+' if zone == '3' else '−'}3" in line.detail
               for line in bad), text                                           # the member's setting
    assert any(line.what == "время тестового ответа" for line in bad), text     # the fresh write, either way
    if zone == "3":                                                             # read 3 h ahead of the forum
        assert any("позже, чем сейчас на часах форума" in line.detail for line in bad), text


def test_the_game_loop_alarms_on_the_gms_zone_on_mybb(board, tmp_path, monkeypatch):
    """The worker's round: the page's «Current time» and the member's setting, read as the GM
    whose zone is UTC+3, against the profile's UTC: a `clock` notice naming `timezone`."""
    from gorod.loop import cycle
    from gorod.loop.game import Game
    from gorod.loop.records import NoticeKind
    from gorod.store import Store

    gm = zoned_gm(board, "3")
    topic = board.new_topic(board.players[1], f"Город N: часы игры {int(time.time())}", "Жду начала игры.")
    path = game_file(board, tmp_path, gm, topic, monkeypatch)
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"))
    cycle(game, post=False)
    notices = [n for n in game.records.notices() if n.kind is NoticeKind.CLOCK]
    assert notices, [n.text for n in game.records.notices()]
    assert all("timezone: UTC" in n.text and "«mybb»" in n.text for n in notices)
    assert any("UTC+3" in n.text for n in notices)
