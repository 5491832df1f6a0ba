"""Receipts a GM can leave alone, and changes of mind at night (issue 26, items 2 and 3):
one receipt per player per phase, updated in place while unsent; a second order of a
once-a-night ability is never «принята», and the GM is asked «передумал(а)?»."""
from __future__ import annotations

import pytest

from gorod.loop import add_order, approve, cycle, deal, end_now, publish
from gorod.loop.game import LoopError
from gorod.loop.mind import choices, choose


def receipts(game, nick=None) -> list:
    return [d for d in game.records.drafts() if d.kind == "receipt" and nick in (None, d.audience)]


def night(make_game, **extra):
    game = make_game(receipts=True, **extra)
    deal(game)                                        # night 1
    return game


def test_five_votes_make_one_receipt_updated_in_place(make_game, forum, clock):
    game = make_game(receipts=True)
    deal(game)
    clock.at("11:00", 1)
    cycle(game, post=False)                           # day 1
    for target in ("dave", "carol", "heidi", "frank", "grace"):
        forum.post("erin", f"Голосую против {target}", clock.now)
        cycle(game, post=False)
    [receipt] = receipts(game, "erin")
    assert "Голосование против игрока grace" in receipt.body and receipt.state == "pending"
    assert not receipt.edited                          # gorod's own text, not the GM's edit


def test_an_approved_receipt_updated_goes_back_to_the_gm_and_a_sent_one_is_followed(make_game, forum, clock):
    game = night(make_game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    [first] = receipts(game, "dave")
    approve(game, first.id)
    forum.pm("erin", "Арест carol", clock.now)       # another player: dave's receipt is untouched
    cycle(game, post=False)
    assert game.records.draft(first.id).state == "approved"
    publish(game)
    assert game.records.draft(first.id).state == "posted"
    add_order(game, "{by: dave, ability: Кража, target: heidi}")   # the GM settles another order of his
    [_, second] = receipts(game, "dave")
    assert second.state == "pending" and "цель: heidi" in second.body


def test_the_gm_settling_an_unresolved_item_gets_the_player_a_receipt(make_game, forum, clock):
    game = night(make_game)
    forum.pm("dave", "Кража — Гриша", clock.now)      # no such player: the GM's item
    cycle(game, post=False)
    assert receipts(game, "dave") == []
    [item] = game.records.unresolved()
    add_order(game, "{by: dave, ability: Кража, target: grace}", resolves=item.id)
    [receipt] = receipts(game, "dave")
    assert "«Кража», цель: grace" in receipt.body


def test_unsent_receipts_are_withdrawn_at_the_phase_end_and_never_sent_after(make_game, forum, clock):
    game = night(make_game)
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("erin", "Арест carol", clock.now)
    cycle(game, post=False)
    dave, erin = receipts(game, "dave")[0], receipts(game, "erin")[0]
    approve(game, dave.id)
    clock.at("13:05")
    end_now(game, read=False, confirmed=True)
    assert {game.records.draft(d.id).state for d in (dave, erin)} == {"rejected"}
    publish(game)
    assert forum.pms_to("dave") == []


def test_a_jailed_author_is_told_where_he_is_not_that_he_may_change_it(make_game, forum, clock):
    game = night(make_game)
    forum.pm("erin", "Арест carol", clock.now)         # erin the Начальник стражи
    cycle(game, post=False)
    clock.at("11:00", 1)
    cycle(game, post=False)                            # day 1: carol in the Тюрьма
    assert game.fold()[0].players["carol"].in_prison
    forum.post("carol", "Голосую против erin", clock.now)
    cycle(game, post=False)
    [receipt] = receipts(game, "carol")
    assert "Вы в Тюрьме" in receipt.body and "будет отклонена" in receipt.body
    assert "можно изменить" not in receipt.body and "до конца фазы" not in receipt.body


def test_a_second_order_of_a_once_a_night_ability_is_never_accepted_and_the_gm_is_asked(make_game, forum, clock):
    game = night(make_game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    forum.pm("dave", "Передумал: Кража — heidi", clock.now)
    cycle(game, post=False)
    [receipt] = receipts(game, "dave")
    assert "принята" not in receipt.title and "прочитаны" in receipt.title
    assert "«Кража», цель: heidi — не будет выполнена" in receipt.body
    assert "в силе ваша прежняя заявка («Кража», цель: grace)" in receipt.body
    [asked] = [n for n in game.records.notices() if n.kind == "change_of_mind"]
    assert "dave передумал(а)?" in asked.text and "night_order_change: first" in asked.text
    first, second = choices(asked)
    assert [o.id for o in game.records.orders("night 1") if o.by == "dave"] == [first, second]
    # one click: the later one
    choose(game, second)
    assert [(o.id, o.status) for o in game.records.orders("night 1", status=None) if o.by == "dave"] == [
        (first, "dropped"), (second, "active")]
    [receipt] = receipts(game, "dave")
    assert "принята" in receipt.title and "цель: heidi" in receipt.body and "grace" not in receipt.body
    assert next(n for n in game.records.notices() if n.id == asked.id).seen
    with pytest.raises(LoopError, match="передумал"):
        choose(game, 9999)


def test_the_ruling_last_takes_the_later_order_until_the_gm_chooses(make_game, forum, clock):
    game = night(make_game, rulings={"night_order_change": "last"})
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    forum.pm("dave", "Передумал: Кража — heidi", clock.now)
    cycle(game, post=False)
    rows = [(o.text, o.status) for o in game.records.orders("night 1", status=None) if o.by == "dave"]
    assert rows == [("{by: dave, ability: Кража, target: grace}", "superseded"),
                    ("{by: dave, ability: Кража, target: heidi}", "active")]
    [receipt] = receipts(game, "dave")
    assert "принята" in receipt.title and "grace" not in receipt.body
    [asked] = [n for n in game.records.notices() if n.kind == "change_of_mind"]
    choose(game, choices(asked)[0])                 # the GM goes back to the first
    assert [o.status for o in game.records.orders("night 1", status=None) if o.by == "dave"] == ["active", "dropped"]


def test_the_question_agrees_with_a_known_gender(make_game, forum, clock):
    from loopdata import PLAYERS

    game = night(make_game, players={**PLAYERS, "dave": {**PLAYERS["dave"], "gender": "ж"}})
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("dave", "Передумала: Кража — heidi", clock.now)
    cycle(game, post=False)
    [asked] = [n for n in game.records.notices() if n.kind == "change_of_mind"]
    assert asked.text.startswith("dave передумала? ")


def test_a_withdrawn_receipt_says_so_in_the_list(make_game, forum, clock, capsys):
    from gorod.commands.drafts import _drafts

    game = night(make_game)
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game, post=False)
    clock.at("13:05")
    end_now(game, read=False, confirmed=True)

    class Args:
        all = True
        json = False
    _drafts.__wrapped__(game, Args())
    out = capsys.readouterr().out
    assert "(отозван gorod: фаза закончилась раньше, чем приём ушёл)" in out
