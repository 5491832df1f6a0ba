"""Exam finding 30: a receipt said «заявка принята» for an order gorod already knew would be
refused, and the state view and the tally gave that order different reasons. Now the
receipt tells the player at once what he would be told at the phase's end («Такие заявки
отвергаются с объяснением причины»), while he can still change the order, and the tally
words a refused zombie command as `gorod state` does."""
from __future__ import annotations

from gorod.loop import cycle, deal
from gorod.loop.checks import command_problem, order_problem, warnings
from gorod.tally import tally_now


def receipts(game) -> list:
    return [d for d in game.records.drafts() if d.kind == "receipt"]


def test_a_receipt_for_an_order_known_to_be_refused_says_so(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)                                          # night 1, a Новолуние
    forum.pm("carol", "Sacrifice! на grace", clock.now)   # carol the Демонолог: only in Полнолуние
    cycle(game, post=False)
    [receipt] = receipts(game)
    assert receipt.audience == "carol"
    assert "заявка принята" not in receipt.title and "заявка прочитана — Ночь 1 (Новолуние)" in receipt.title
    assert "«Sacrifice!», цель: grace" in receipt.body
    assert ("«Sacrifice!», цель: grace — будет отклонена: эта способность действует только в другую фазу луны"
            in receipt.body)
    assert "До конца фазы заявку можно изменить." in receipt.body
    # the GM's «почему?» names the refusal too
    assert "будет отклонена" in receipt.trace[0]["cause"]


def test_a_receipt_for_an_order_in_force_stays_as_it_was(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    [receipt] = receipts(game)
    assert receipt.title.endswith("заявка принята — Ночь 1 (Новолуние)") and "(" not in receipt.title.split("—")[0]
    assert "отклонена" not in receipt.body and "можно изменить" not in receipt.body
    assert "«Кража», цель: grace" in receipt.body


def test_a_zombie_command_the_zombie_cannot_carry_out(make_game, forum, clock):
    """alice the Лич commands bob the Зомби (open role Оракул) to steal: a Вор's action."""
    game = make_game(receipts=True)
    deal(game)
    forum.pm("alice", "Зомбирую bob: обворуй Мэра", clock.now)
    cycle(game, post=False)
    [row] = [o for o in game.records.orders("night 1") if o.by == "alice"]
    state, _ = game.fold()
    said_by_state = warnings(state, [row])[row.id]
    said_by_tally = tally_now(game, problem=order_problem, refusal=command_problem).verdict_by_row[row.id]
    assert said_by_state == said_by_tally
    assert "явная роль игрока bob — Оракул, а «Кража» — действие роли Вор" in said_by_tally
    [receipt] = receipts(game)
    assert "— будет отклонена: приказ должен иметь вид" in receipt.body   # the Лич is told the form
