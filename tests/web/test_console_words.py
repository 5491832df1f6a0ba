"""Issue 26 (low items) in the console: a PM's source said in words, not «(38/38)»; an unvote
in force is «голос снят», not «в силе»; a rejected draft of a past phase out of the list."""
from __future__ import annotations

from test_console import page, post

from gorod.loop import cycle, resolve_phase
from gorod.loop.records import pm_place


def test_a_pm_source_is_said_in_words():
    assert pm_place("38/38") == "сообщение 38"
    assert pm_place("38/41") == "переписка 38, сообщение 41"


def test_an_unvote_is_not_a_vote_in_force(client, game, forum, clock):
    resolve_phase(game)                                            # day 1
    forum.post("bob", "Голосую против dave", clock.now)
    cycle(game, post=False)
    forum.post("bob", "Снимаю голос", clock.now)
    cycle(game, post=False)
    rows = [r for r in game.records.orders("day 1") if r.by == "bob"]
    assert [r.order.target for r in rows] == ["dave", None]
    html = page(client)
    row = html.split(f'id="order-{rows[1].id}"', 1)[1].split("</tr>", 1)[0]
    assert "голос снят" in row and "в силе" not in row


def test_rejected_drafts_of_past_phases_leave_the_list(client, game):
    start = [d for d in game.records.drafts() if d.kind == "start"]
    post(client, f"/draft/{start[0].id}/reject")
    assert f'id="draft-{start[0].id}"' in page(client).split('<details class="posted">')[0]   # this phase: in view
    resolve_phase(game)                                            # night 1 over
    html = page(client)
    shown = html.split('<details class="posted">')[0].split('<details class="old">')[0]
    assert f'id="draft-{start[0].id}"' not in shown and f'id="draft-{start[0].id}"' in html


def test_the_console_token_survives_a_restart(open_game):
    from gorod.commands.web import game_token

    first = game_token(open_game())
    assert len(first) >= 20 and game_token(open_game()) == first
