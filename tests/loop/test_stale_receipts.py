"""Exam findings 5 and 12: a receipt says «Если прочитано неверно, напишите мастеру до конца
фазы» and that the order is taken; once the phase is resolved, or the GM dropped the order,
approving it would tell the player something no longer true — refused unless --force."""
from __future__ import annotations

import pytest

from gorod.loop import approve, cycle, deal, drop_order, edit, end_now
from gorod.loop.game import LoopError


def receipted(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    [receipt] = [d for d in game.records.drafts() if d.kind == "receipt"]
    return game, receipt


def test_a_receipt_of_a_resolved_phase_is_withdrawn_and_not_approved(make_game, forum, clock):
    """Issue 26: gorod withdraws it at the phase's end; not even --force sends its «до конца
    фазы» after the phase — only a text the GM rewrote."""
    game, receipt = receipted(make_game, forum, clock)
    approve(game, receipt.id)                        # approved, not yet sent when the phase ends
    clock.at("13:05")
    end_now(game, read=False, confirmed=True)
    assert game.records.draft(receipt.id).state == "rejected"
    assert "фаза закончилась" in game.records.withdrawn(receipt.id)
    for force in (False, True):
        with pytest.raises(LoopError, match=r"приём заявки фазы «Ночь 1», а она уже разрешена.*перепишите"):
            approve(game, receipt.id, force=force)
    edit(game, receipt.id, "dave, ваша заявка на ночь 1 была прочитана как кража у grace.")
    assert approve(game, receipt.id, force=True).state == "approved"


def test_a_receipt_of_dropped_orders_is_withdrawn(make_game, forum, clock):
    game, receipt = receipted(make_game, forum, clock)
    [order] = game.records.orders("night 1")
    drop_order(game, order.id)
    assert game.records.draft(receipt.id).state == "rejected"
    with pytest.raises(LoopError, match="gorod отозвал этот приём: у игрока нет заявок в силе"):
        approve(game, receipt.id)


def test_a_receipt_still_true_is_approved(make_game, forum, clock):
    game, receipt = receipted(make_game, forum, clock)
    assert approve(game, receipt.id).state == "approved"


def test_a_late_notice_of_a_restored_order_is_not_approved_without_force(make_game, forum, clock):
    """gmexam finding 10: the GM restored an order refused as late (`gorod order restore`);
    its draft «ваша заявка … не учтена» would tell the player something no longer true."""
    from gorod.loop.orders import restore_order

    from datetime import timedelta

    game = make_game()
    deal(game)
    clock.at("09:00", 1)
    end_now(game, read=False, confirmed=True)               # day 1 opens now
    forum.post("dave", "Голосую против grace", clock.now - timedelta(seconds=30))   # shown before it
    cycle(game, post=False)
    [row] = game.records.orders(status="late")
    [late] = [d for d in game.records.drafts() if d.kind == "late"]
    restore_order(game, row.id)
    with pytest.raises(LoopError, match=r"восстановлена.*gorod reject"):
        approve(game, late.id)
    assert game.records.draft(late.id).state == "pending"
