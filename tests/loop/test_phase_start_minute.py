"""Exam finding 24, re-verified: `gorod phase end` opens the next phase inside a minute, and
an order the forum shows in that minute belongs to the new phase (issue 14's precision,
`gorod.loop.intake._placed`), never «пришла во время резолва»; the GM is told of the minute."""
from __future__ import annotations

from datetime import timedelta

from gorod.loop import cycle, deal, end_now


def test_an_order_in_the_minute_a_phase_end_opened_the_next_phase_is_not_late(make_game, forum, clock):
    forum.time_precision = 60                          # Spirit shows minutes
    game = make_game()
    deal(game)
    clock.at("13:01")
    clock.now += timedelta(seconds=20)
    end_now(game, read=False, confirmed=True)          # day 1 opens at 13:01:20
    assert str(game.current().phase) == "day 1"
    forum.pm("bob", "Пророчество: carol", clock.at("13:01"))   # the Оракул, by day; shown 13:01
    clock.now += timedelta(seconds=50)
    cycle(game, post=False)
    taken = game.records.orders("day 1", status=None)
    assert [(o.by, o.status) for o in taken] == [("bob", "active")], [(o.by, o.status, o.note) for o in taken]
    assert not [d for d in game.records.drafts() if d.kind == "late"]
    [notice] = [n for n in game.records.notices() if n.kind == "boundary"]
    assert "с точностью до минуты" in notice.text
    assert "в ту же минуту, что и начало фазы «День 1»" in notice.text, notice.text   # not «day 1»
