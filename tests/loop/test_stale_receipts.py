"""Exam findings 5 and 12: a receipt says «Если прочитано неверно, напишите мастеру до конца
фазы» and that the order is taken; once the phase is resolved, or the GM dropped the order,
approving it would tell the player something no longer true — refused unless --force."""
from __future__ import annotations

import pytest

from gorod.loop import approve, cycle, deal, drop_order, end_now
from gorod.loop.game import LoopError


def receipted(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    [receipt] = [d for d in game.records.drafts() if d.kind == "receipt"]
    return game, receipt


def test_a_receipt_of_a_resolved_phase_is_not_approved_without_force(make_game, forum, clock):
    game, receipt = receipted(make_game, forum, clock)
    clock.at("13:05")
    end_now(game, read=False, confirmed=True)
    with pytest.raises(LoopError, match=r"приём заявки фазы «Ночь 1», а она уже разрешена.*gorod reject"):
        approve(game, receipt.id)
    assert game.records.draft(receipt.id).state == "pending"
    assert approve(game, receipt.id, force=True).state == "approved"


def test_a_receipt_of_dropped_orders_is_not_approved_without_force(make_game, forum, clock):
    game, receipt = receipted(make_game, forum, clock)
    [order] = game.records.orders("night 1")
    drop_order(game, order.id)
    with pytest.raises(LoopError, match="уже не в силе"):
        approve(game, receipt.id)


def test_a_receipt_still_true_is_approved(make_game, forum, clock):
    game, receipt = receipted(make_game, forum, clock)
    assert approve(game, receipt.id).state == "approved"
