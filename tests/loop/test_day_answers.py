"""Exam finding 12: by day an order is answered at once; the answer is not the day's
«итоги» (the day is still open), a refusal the receipt already told is not told twice,
and «почему?» names the refusal in Russian, not by its key («§3.3 cannot_vote»)."""
from __future__ import annotations

from gorod.loop import approve, cycle, deal, end_now, publish, resolve_phase
from gorod.loop.why import explain


def robbed_voter(make_game, forum, clock, **extra):
    """dave the Вор robs мирон at night; on day 1 мирон votes in the thread."""
    game = make_game(**extra)
    deal(game)
    forum.pm("dave", "Кража — мирон", clock.now)
    cycle(game, post=False)
    clock.at("13:05")
    end_now(game, read=False, confirmed=True)
    clock.at("13:10")
    forum.post("мирон", "голосую против erin", clock.now)
    cycle(game, post=False)
    return game


def day_drafts(game, nick):
    return [d for d in game.records.drafts() if d.phase == "day 1" and d.audience == nick]


def test_an_answer_at_once_is_no_phase_results(make_game, forum, clock):
    game = robbed_voter(make_game, forum, clock)
    [answer] = day_drafts(game, "мирон")
    assert answer.kind == "pm" and answer.body.startswith("мирон, ответ на вашу заявку (фаза «День 1»):")
    assert "итоги фазы" not in answer.body
    assert "Заявка «Голосование» отклонена: сегодня вы не можете голосовать." in answer.body
    [why] = explain(game, answer)
    assert why.rule == "§3.3 отказ: нет голоса сегодня" and "cannot_vote" not in why.describe()


def test_a_refusal_in_the_receipt_is_not_told_again(make_game, forum, clock):
    game = robbed_voter(make_game, forum, clock, receipts=True)
    [receipt] = day_drafts(game, "мирон")
    assert receipt.kind == "receipt" and "сегодня вы не можете голосовать" in receipt.body
    [why] = explain(game, receipt)
    assert why.label == "заявка прочитана"
    assert why.line == "Голосование против игрока erin — будет отклонена: сегодня вы не можете голосовать"
    approve(game, receipt.id)
    publish(game)                                         # the receipt told him
    resolve_phase(game)                                   # the day's end: its results PMs
    assert not [d for d in day_drafts(game, "мирон") if d.kind == "pm" and "не можете голосовать" in d.body]


def test_a_refusal_in_a_receipt_never_sent_is_told_at_the_phase_end(make_game, forum, clock):
    """Issue 26: the unsent receipt is withdrawn at the phase's end, so its refusal is told then."""
    game = robbed_voter(make_game, forum, clock, receipts=True)
    resolve_phase(game)
    assert [d for d in day_drafts(game, "мирон") if d.kind == "pm" and "не можете голосовать" in d.body]
