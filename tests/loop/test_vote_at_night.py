"""Exam finding 5 (issue 13): a vote posted in the thread at night is no order of the
night («Голосование (считается "дневной") - днем … может публично отдать голос»): it is
put before the GM as a question, not stored, and no «заявка принята» receipt is drafted."""
from __future__ import annotations

from gorod.loop import cycle, deal
from scraper.orders import ParseResult, Reason
from engine.orders import Order


def test_a_vote_posted_at_night_is_asked_about_not_taken(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)                                   # night 1 is open
    forum.post("dave", "Я мирный, честно. Голосую против alice", clock.now)
    cycle(game, post=False)
    assert [o for o in game.records.orders("night 1") if o.order.ability == "Голосование"] == []
    asked = [u for u in game.records.unresolved() if u.code is Reason.VOTE_AT_NIGHT]
    assert len(asked) == 1 and "ночью" in asked[0].reason and "alice" in " ".join(asked[0].candidates)
    assert not [d for d in game.records.drafts() if d.key.startswith("receipt:")]


def test_at_night_keeps_other_orders_and_turns_each_vote_into_a_question():
    vote, other = Order("dave", "Голосование", target="alice"), Order("dave", "Раскрыть карты")
    result = ParseResult((vote, other)).at_night()
    assert result.orders == (other,)
    assert [(u.code, u.candidates) for u in result.unresolved] == [(Reason.VOTE_AT_NIGHT, (str(vote),))]
