"""Every order belongs to the phase of its post (issue 26, item 1): an edit of a post of a
resolved phase never makes an order of the open phase; the GM is told what changed."""
from __future__ import annotations

from gorod.loop import cycle, deal


def _day_two(make_game, forum, clock):
    game = make_game()
    deal(game)
    clock.at("11:00", 1)
    cycle(game)                                   # night 1 resolved: day 1 open
    old = forum.post("erin", "Голосую против dave", clock.now)
    cycle(game)
    clock.at("22:01", 1)
    cycle(game)                                   # day 1 resolved: night 2
    clock.at("11:00", 2)
    cycle(game)                                   # night 2 resolved: day 2
    assert str(game.current().phase) == "day 2"
    return game, old


def test_an_edit_of_a_resolved_phase_post_changes_no_order_of_the_open_phase(make_game, forum, clock):
    game, old = _day_two(make_game, forum, clock)
    forum.post("erin", "Голосую против carol", clock.now)
    cycle(game)
    clock.at("12:00", 2)
    forum.edit(old, "Голосую против heidi", at=clock.now)    # the day-1 post, edited on day 2
    cycle(game, rescan=True)
    today = [(r.text, r.status) for r in game.records.orders("day 2", status=None)]
    assert today == [("{by: erin, ability: Голосование, target: carol}", "active")]
    day1 = [(r.text, r.status) for r in game.records.orders("day 1", status=None)]
    assert day1 == [("{by: erin, ability: Голосование, target: dave}", "active")]
    [notice] = [n for n in game.records.notices() if n.key.startswith("old-edit:")]
    assert notice.kind == "edited" and notice.phase == "day 2"
    assert f"пост {old.id} (день 1, фаза разрешена) исправлен после её конца" in notice.text
    assert "стало: «Голосую против heidi»" in notice.text and "ничего не изменилось" in notice.text
    # no draft either: neither a receipt nor a «не учтена» for an order that was never taken
    assert [d.kind for d in game.records.drafts() if d.phase == "day 2"
            and d.kind in ("receipt", "late")] == []


def test_an_edit_without_a_shown_time_is_placed_by_its_post(make_game, forum, clock):
    """A forum that shows no edit time: the post's own time places it (it is not «late»)."""
    game, old = _day_two(make_game, forum, clock)
    forum.edit(old, "Голосую против heidi")
    cycle(game, rescan=True)
    assert game.records.orders("day 2", status=None) == []
    assert [d for d in game.records.drafts() if d.kind == "late"] == []
    assert any(n.key.startswith("old-edit:") for n in game.records.notices())


def test_an_edit_within_the_open_phase_still_replaces_its_orders(make_game, forum, clock):
    game, _old = _day_two(make_game, forum, clock)
    post = forum.post("erin", "Голосую против carol", clock.now)
    cycle(game)
    clock.at("12:00", 2)
    forum.edit(post, "Голосую против heidi", at=clock.now)
    cycle(game, rescan=True)
    assert [(r.text, r.status) for r in game.records.orders("day 2", status=None)] == [
        ("{by: erin, ability: Голосование, target: carol}", "superseded"),
        ("{by: erin, ability: Голосование, target: heidi}", "active")]
    assert not any(n.key.startswith("old-edit:") for n in game.records.notices())
