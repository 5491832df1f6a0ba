"""On the real Spirit (tests/realforum, own instances: `tests/realforum/run.sh`), issue 22:

- item 4: with its double-post guard on (and its rate limit), the nine start PMs of a deal —
  one template title «…: ваша роль» — all reach their players, each its own: the profile's
  `write.limits.same_title_minutes` gives every title the player's name before approval (three
  of four never arrived, and all four were confirmed by one conversation);
- item 3: Spirit shows a member every time in his own zone (/user/ «Time zone»): the GM's zone
  other than the profile's UTC is `gorod forum check`'s alarm naming `timezone`, and the
  game's round alarm too; UTC is ok.
"""
from __future__ import annotations

import sqlite3

import pytest

from test_realforum_game import GM_ENV, ROLES, open_game, realforum, spirit_game, write_config

from config.game import load_game
from gorod.forumcheck import check_forum
from gorod.loop import approve, cycle, deal
from gorod.loop.records import NoticeKind


def test_start_pms_of_one_title_all_reach_their_players_with_spirits_double_post_guard_on(
        tmp_path, monkeypatch):
    raw = realforum._forum("GOROD_REALFORUM_LIMITED_URL", "limited", monkeypatch)
    forum = spirit_game(raw)
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    game = open_game(write_config(forum, tmp_path))
    deal(game)
    starts = game.records.drafts(["pending"])
    assert len(starts) == len(ROLES) and len({d.title for d in starts}) == len(ROLES)
    for d in starts:
        approve(game, d.id)
    report = cycle(game)
    assert report.publish.failed == {} and len(report.publish.posted) == len(ROLES), report.to_json()
    ids = [row.forum_id for row in game.records.outbox()]
    assert len(set(ids)) == len(ids) == len(ROLES)                           # one conversation each
    received = _received(raw.database)                       # the forum's own record
    assert sorted(received) == sorted(ROLES)
    for nick, (_open, secret) in ROLES.items():
        assert len(received[nick]) == 1 and f"Ваша тайная роль: {secret}" in received[nick][0], (nick, received[nick])
    for nick in list(ROLES)[:3]:        # and as the players read them (Spirit: 5 logins in 5 minutes)
        got = forum.inbox(nick)
        assert len(got) == 1 and f"Ваша тайная роль: {ROLES[nick][1]}" in got[0].text, (nick, got)


def _received(database) -> dict[str, list[str]]:
    """Each member's private topics from the GM, with their first comment, from Spirit's database."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT u.username, c.comment FROM spirit_topic_private_topicprivate p "
            "JOIN auth_user u ON u.id = p.user_id JOIN spirit_topic_topic t ON t.id = p.topic_id "
            "JOIN auth_user a ON a.id = t.user_id AND a.username = 'gm' "
            "JOIN spirit_comment_comment c ON c.topic_id = t.id AND c.user_id = a.id "
            "WHERE u.username != 'gm' ORDER BY c.id").fetchall()
    out: dict[str, list[str]] = {}
    for name, comment in rows:
        out.setdefault(name, []).append(comment)
    return out


def _gm_zone(forum, zone: str) -> None:
    with sqlite3.connect(forum.database) as db:
        db.execute("UPDATE spirit_user_userprofile SET timezone = ? WHERE user_id = "
                   "(SELECT id FROM auth_user WHERE username = 'gm')", (zone,))


@pytest.mark.parametrize("zone, stated", [("Europe/Moscow", "UTC+3"), ("America/Sao_Paulo", "UTC−3"), ("UTC", None)])
def test_forum_check_and_the_round_see_the_gms_own_zone_on_spirit(tmp_path, monkeypatch, zone, stated):
    raw = realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch)
    forum = spirit_game(raw)
    monkeypatch.setenv(GM_ENV, forum.gm_password)
    _gm_zone(raw, zone)
    path = write_config(forum, tmp_path)
    report = check_forum(load_game(path), write_to=forum.topic_url, text=f"Проверка времени gorod ({zone}).")
    clock = [line for line in report.lines if line.what in ("время форума", "время тестового ответа")]
    text = "\n".join(line.text() for line in clock)
    if stated is None:
        assert clock and all(line.ok for line in clock), text
        return
    bad = [line for line in clock if not line.ok]
    assert any(f"«{zone}»" in line.detail and stated in line.detail for line in bad), text
    assert any(line.what == "время тестового ответа" for line in bad), text
    assert all("timezone: UTC" in line.detail for line in bad), text
    game = open_game(path)
    cycle(game, post=False)
    notices = [n for n in game.records.notices() if n.kind is NoticeKind.CLOCK]
    assert any(stated in n.text and "timezone: UTC" in n.text for n in notices), [n.text for n in notices]
