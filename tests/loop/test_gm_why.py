"""Issue 15, problem 6: «почему?» — each line of a draft beside its event, the rule's
sentence and the orders behind it, status changes included; audiences are players'
names; the labels are Russian (in `gorod show` and the console alike)."""
from __future__ import annotations

from gorod.cli import main
from gorod.loop import add_order, deal, resolve_phase
from gorod.loop.why import explain


def test_a_private_line_names_its_reader_and_quotes_the_rule(make_game):
    game = make_game()
    deal(game)
    resolve_phase(game)                                                       # day 1
    add_order(game, "{by: bob, ability: Пророчество, target: dave}")
    from gorod.loop.phases import resolve_now
    [draft_id] = resolve_now(game)
    draft = game.records.draft(draft_id)
    [line] = explain(game, draft)
    assert line.audience == "лично: bob"
    assert line.label == "узнал(а)"
    assert "один раз за игру в любой момент может узнать Тайную роль" in line.sentence
    assert line.orders == ["{by: bob, ability: Пророчество, target: dave}"]


def test_a_status_change_shows_the_orders_behind_it(make_game):
    game = make_game()
    deal(game)
    add_order(game, "{by: erin, ability: Арест, target: dave}")
    resolve_phase(game)
    [news] = [d for d in game.records.drafts(["pending"]) if d.kind == "news"]
    lines = explain(game, news)
    [status] = [w for w in lines if w.label == "статус"]
    assert status.audience == "всем"
    assert "объявляются публично в посте мастера" in status.sentence
    assert status.orders == ["{by: erin, ability: Арест, target: dave}"]
    assert status.line is not None and "dave" in status.line


def test_gorod_show_prints_the_why_in_russian_with_names(make_game, capsys, monkeypatch):
    game = make_game()
    deal(game)
    resolve_phase(game)
    add_order(game, "{by: bob, ability: Пророчество, target: dave}")
    from gorod.loop.phases import resolve_now
    [draft_id] = resolve_now(game)
    monkeypatch.setattr("gorod.loop.game.Game.open", classmethod(lambda cls, path, **kw: make_game()))
    assert main(["show", str(draft_id), "--game", str(game.config.path)]) == 0
    out = capsys.readouterr().out
    assert "Почему:" in out and "лично: bob" in out and "узнал(а)" in out
    assert "b, o, b" not in out and "Learned" not in out and "private" not in out
    assert "заявки: {by: bob, ability: Пророчество, target: dave}" in out


def test_a_day_answer_told_at_once_passes_the_secrets_check(make_game):
    """The Оракул's answer, drafted within the day (resolve_now), names the role he was
    just told: the secrets check knows what the day so far told him, and approval goes."""
    from gorod.loop import approve
    from gorod.loop.publish import check_draft
    from gorod.loop.phases import resolve_now
    game = make_game()
    deal(game)
    resolve_phase(game)
    add_order(game, "{by: bob, ability: Пророчество, target: dave}")
    [draft_id] = resolve_now(game)
    assert check_draft(game, game.records.draft(draft_id)) == []
    assert approve(game, draft_id).state == "approved"
