"""NodeBB's PM is two calls (open a room, then send its message): a crash between them must
not count as a PM sent, and the PM sent again after the restart reaches the player once.
Live NodeBB of `make test` (skipped without it, like the conformance suite)."""
from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from engines import ENGINES
from forumlab import live_engine
from liveboard import Board
from gorod.store import Store
from scraper.api import JsonApi
from scraper.poll import PmPoller

pytestmark = pytest.mark.live_forum


def test_a_room_opened_before_a_crash_is_not_a_pm_sent_and_the_pm_arrives_once():
    board = Board(ENGINES["nodebb"], live_engine("nodebb"), Path(os.environ["GOROD_FORUMS_HOME"]))
    player = board.players[0]
    writer = board.writer(board.gm)
    writer.client.login()
    api = JsonApi(writer.client, board.profile.api, board.profile.name)
    look_up, open_room, _send = board.profile.write.pm.api
    title = f"Город N: ваша роль ({time.time_ns()})"
    uid = api.value(api.call(look_up, {"to": player}), "uid", "uid")
    opened = api.call(open_room, {"uid": uid, "title": title})   # ... and the process dies here
    assert not opened.refused, opened.text
    assert writer.find_pm(title) is None                        # an empty room is not a PM sent
    created = writer.send_pm([player], title, "Вы — Мэр. Ваш ход днём.")
    found = writer.find_pm(title)
    assert found is not None and found.id == created.id
    seen = [m for m in (e.message for e in PmPoller(board.client(player), board.profile, Store(":memory:")).poll())
            if m is not None and m.subject == title]
    assert [(m.sender, m.text.strip()) for m in seen] == [(board.gm, "Вы — Мэр. Ваш ход днём.")]
