"""The game loop offline (fakeforum.py): deal, orders with their sources, boundaries, the
«резолв», day orders at once, approval, exactly-once posting across simulated crashes.

Times are Moscow wall times on the injected clock (conftest.Clock): the deal is on
Monday 12:00, night 1 ends Tuesday 10:00, day 1 ends Tuesday 22:00.
"""
from __future__ import annotations

from datetime import timezone

import pytest

from engine.phase import PhaseId
from gorod.loop import (LoopError, add_order, approve, cycle, deal, drop_order, edit, extend, publish,
                        reject, resolve_phase)
from gorod.loop.records import NoticeKind
from gorod.loop.crash import SimulatedCrash
from gorod.loop.deal import deal_roles


def dealt(make_game, **extra):
    game = make_game(**extra)
    deal(game)
    return game


def approve_all(game):
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)


# ---------------------------------------------------------------- deal


def test_deal_drafts_a_start_pm_per_player_with_what_the_rules_tell_at_the_start(make_game):
    """«на старте игры Лич узнает у кого Тайные роли Зомби, Призрака и Некроманта»;
    the Демонолог learns the Бес, Суккуб and Гончая Ада."""
    game = dealt(make_game)
    drafts = {d.audience: d for d in game.records.drafts()}
    assert set(drafts) == {"alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "мирон"}
    assert all(d.kind == "start" and d.state == "pending" for d in drafts.values())
    assert "Ваша тайная роль: Лич (Нежить)." in drafts["alice"].body
    assert "Ваши союзники: bob — Зомби." in drafts["alice"].body
    assert "Ваши союзники: dave — Бес." in drafts["carol"].body
    assert "союзники" not in drafts["bob"].body          # the Зомби is not told his master
    assert "Лич" not in drafts["bob"].body
    assert game.current().phase == PhaseId.parse("night 1")
    with pytest.raises(LoopError, match="роли уже розданы"):
        deal(game)


def test_the_deal_is_random_from_the_pool_but_fixed_by_its_seed():
    seats = [(f"p{i}", "Мэр", "") for i in range(6)]
    pool = ["Лич", "Зомби", "Демонолог", "Бес", "Стражник", "Тварь"]
    first = deal_roles(seats, pool, seed=1)
    assert deal_roles(seats, pool, seed=1) == first
    assert sorted(s for _o, s in first.values()) == sorted(pool)
    assert any(deal_roles(seats, pool, seed=s) != first for s in range(2, 6))
    with pytest.raises(LoopError, match="в списке 5 ролей на 6 игроков"):
        deal_roles(seats, pool[:5], seed=1)


def test_a_tvar_and_an_inquisitor_are_asked_for_a_mask(make_game):
    game = make_game(players={"a": {"open": "Мэр", "secret": "Тварь"}, "b": {"open": "Вор", "secret": "Инквизитор"},
                              "c": {"open": "Оракул", "secret": "Мастер карт"}})
    deal(game)
    bodies = {d.audience: d.body for d in game.records.drafts()}
    assert "какую маску" in bodies["a"] and "какую маску" in bodies["b"]
    assert "четыре карты" in bodies["c"]


# ---------------------------------------------------------------- orders


def test_orders_are_stored_with_their_source_once_even_if_the_worker_dies_mid_poll(make_game, forum, clock,
                                                                                     monkeypatch):
    game = dealt(make_game)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("carol", "Исповедую erin", clock.now)
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "poll")
    with pytest.raises(SimulatedCrash):
        cycle(game)                        # dies after storing dave's order, before the poller is told
    monkeypatch.delenv("GOROD_CRASH_AT")
    restarted = make_game()
    cycle(restarted)                       # dave's PM comes again, then carol's
    rows = restarted.records.orders("night 1")
    assert [(r.by, r.text, r.source_kind) for r in rows] == [
        ("dave", "{by: dave, ability: Кража, target: grace}", "pm"),
        ("carol", "{by: carol, ability: Исповедь, target: erin}", "pm"),
    ]
    assert cycle(restarted).poll.orders == 0


def test_unreadable_text_goes_to_the_gm_who_settles_it(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("13:00")
    forum.pm("dave", "Кража — Гриша", clock.now)   # no such player
    cycle(game)
    [item] = game.records.unresolved()
    assert item.author == "dave" and item.text
    add_order(game, "{by: dave, ability: Кража, target: grace}", resolves=item.id)
    assert game.records.unresolved() == []
    assert [r.source_kind for r in game.records.orders("night 1")] == ["gm"]


def test_an_edited_post_supersedes_its_orders_and_the_gm_sees_the_diff(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)                            # night 1 ends at 10:00: day 1 is open
    post = forum.post("erin", "Голосую против dave", clock.now)
    cycle(game)
    forum.edit(post, "Голосую против carol")
    cycle(game)
    rows = game.records.orders("day 1", status=None)
    assert [(r.text, r.status) for r in rows] == [
        ("{by: erin, ability: Голосование, target: dave}", "superseded"),
        ("{by: erin, ability: Голосование, target: carol}", "active"),
    ]
    [notice] = [n for n in game.records.notices() if n.kind == "edited"]
    assert "+Голосую против carol" in notice.text and "target: dave" in notice.text


def test_orders_during_the_resolve_are_refused_with_a_reason(make_game, forum, clock):
    """«Просьба не давать заявки во время резолва, мастер считает.»"""
    game = dealt(make_game)
    clock.at("10:05", 1)                   # past night 1's deadline, not yet resolved
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game)
    [row] = game.records.orders(status="late")
    assert row.by == "dave"
    late = [d for d in game.records.drafts() if d.kind == "late"]
    assert [d.audience for d in late] == ["dave"] and "во время резолва" in late[0].body
    assert game.records.phases()[0].texts == []


def test_gm_orders_and_drops(make_game, clock):
    game = dealt(make_game)
    [order_id] = add_order(game, "Кража — grace", author="dave")
    assert game.records.order(order_id).text == "{by: dave, ability: Кража, target: grace}"
    with pytest.raises(LoopError, match="не игрок этой игры"):
        add_order(game, "{by: nobody, ability: Кража, target: grace}")
    with pytest.raises(LoopError, match="не заявка: «{by: dave»: позиция 10"):
        add_order(game, "{by: dave")
    drop_order(game, order_id)
    assert game.records.orders("night 1") == []
    assert game.records.order(order_id).status == "dropped"


# ---------------------------------------------------------------- phases


def test_at_the_deadline_the_night_is_resolved_and_drafted_and_the_day_opens(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("carol", "Исповедую erin", clock.now)
    cycle(game)
    clock.at("09:00", 1)
    assert cycle(game).tick.resolved == []
    clock.at("10:00", 1)
    report = cycle(game)
    assert report.tick.resolved == ["night 1"]
    [row] = game.records.phases()
    assert str(row.phase) == "night 1" and len(row.orders) == 2
    assert game.current().phase == PhaseId.parse("day 1")
    news = [d for d in game.records.drafts() if d.kind == "news"]
    assert [d.key for d in news] == ["news:night 1"] and news[0].audience == "public"
    assert cycle(game).tick.resolved == []           # nothing resolves twice


def test_the_resolve_is_announced_before_the_deadline(make_game, clock):
    """«Перед концом дня или ночи мастер объявляет "резолв".»"""
    game = dealt(make_game)
    clock.at("09:29", 1)
    cycle(game)
    assert [d for d in game.records.drafts() if d.kind == "resolve"] == []
    clock.at("09:30", 1)
    cycle(game)
    cycle(game)
    [draft] = [d for d in game.records.drafts() if d.kind == "resolve"]
    assert "Резолв! Ночь 1 (Новолуние) заканчивается в 10:00 по Москве." in draft.body


def test_day_orders_resolve_at_once_and_are_not_told_twice(make_game, forum, clock):
    """«Способности, применяемые днем, а также … "в любой момент", резолвятся сразу»:
    the Оракул's Пророчество is answered during the day, not at its end."""
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)
    forum.pm("bob", "Пророчество: carol", clock.now)
    cycle(game)
    now_drafts = [d for d in game.records.drafts() if d.key.startswith("now:day 1:bob")]
    assert len(now_drafts) == 1 and "Тайная роль игрока carol: Демонолог." in now_drafts[0].body
    clock.at("22:00", 1)
    cycle(game)
    end = [d for d in game.records.drafts() if d.key == "pm:day 1:bob"]
    assert end == [] or "Демонолог" not in end[0].body


def test_the_gm_is_told_when_everyone_who_may_vote_has_voted(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)
    nicks = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "мирон"]
    for nick in nicks[:-1]:
        forum.post(nick, "Голосую против dave" if nick != "dave" else "Голосую против erin", clock.now)
    assert cycle(game).tick.notices == []
    forum.post("мирон", "Голосую против dave", clock.now)
    [note] = cycle(game).tick.notices
    assert note.kind is NoticeKind.VOTE_COMPLETE and "проголосовали все" in note.text
    assert cycle(game).tick.to_json()["notices"] == []    # told once
    assert note.to_json() == {"kind": "vote_complete", "text": note.text}
    resolve_phase(game)                   # gorod phase end
    news = game.records.drafts()[-1] if False else [d for d in game.records.drafts() if d.key == "news:day 1"][0]
    assert "dave (Бес) — казнь по итогам Дневного Вече." in news.body


def test_extend_a_day_within_two_real_days(make_game, clock):
    """«Максимальная длительность игровых суток – два реальных дня … День может быть продлен»."""
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)
    extended = extend(game, hours=12)
    assert extended.deadline.astimezone(timezone.utc).hour == 7   # 22:00 + 12 h = 10:00 Moscow
    with pytest.raises(LoopError, match="позже предела игрового дня"):
        extend(game, hours=48)
    assert extend(game, hours=48, force=True).deadline > extended.deadline


def test_state_at_any_past_phase_is_the_fold_of_the_log(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)
    for nick in ("alice", "bob", "carol", "erin", "frank"):
        forum.post(nick, "Голосую против dave", clock.now)
    clock.at("22:00", 1)
    cycle(game)
    after_night, _ = game.fold("night 1")
    after_day, events = game.fold("day 1")
    assert not after_night.players["dave"].dead and after_day.players["dave"].dead
    assert game.fold("start")[0].phase is None
    with pytest.raises(LoopError, match="ещё не разрешена"):
        game.fold("day 2")


# ---------------------------------------------------------------- approval and posting


def test_nothing_is_posted_without_approval(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("10:00", 1)
    cycle(game)
    assert forum.sends == 0
    start = [d for d in game.records.drafts() if d.kind == "start"]
    approve(game, start[0].id)
    reject(game, start[1].id)
    cycle(game)
    assert forum.sends == 1 and forum.sent_pms[0].to == start[0].audience
    assert game.records.draft(start[0].id).state == "posted"
    assert game.records.draft(start[1].id).state == "rejected"


def test_approval_refuses_a_draft_that_names_a_secret_its_audience_does_not_know(make_game, clock):
    game = dealt(make_game)
    clock.at("10:00", 1)
    cycle(game)
    news = next(d for d in game.records.drafts() if d.kind == "news")
    edit(game, news.id, news.body + "\nКстати, alice — Лич.\n")
    with pytest.raises(LoopError, match=r"тайная роль игрока alice \(Лич\)"):
        approve(game, news.id)
    approve(game, news.id, force=True)
    # A player's own role in his PM is no leak; another's is.
    start_bob = next(d for d in game.records.drafts() if d.key == "start:bob")
    approve(game, start_bob.id)
    start_grace = next(d for d in game.records.drafts() if d.key == "start:grace")
    edit(game, start_grace.id, start_grace.body + "P.S. dave у нас Бес.\n")
    with pytest.raises(LoopError, match="dave"):
        approve(game, start_grace.id)


def test_an_edited_approved_draft_needs_approval_again(make_game):
    game = dealt(make_game)
    draft = game.records.drafts()[0]
    approve(game, draft.id)
    edited = edit(game, draft.id, "Новый текст")
    assert edited.state == "pending" and edited.body == "Новый текст\n" and edited.original == draft.body


@pytest.mark.parametrize("first", ["news", "start"])
def test_a_crash_between_sending_and_recording_does_not_post_twice(make_game, forum, clock, monkeypatch, first):
    """The first draft posted is the news post (a reply) or a start PM; the worker dies
    after the forum took it and before gorod recorded it."""
    game = dealt(make_game)
    clock.at("10:00", 1)
    cycle(game)
    drafts = game.records.drafts()
    for d in sorted(drafts, key=lambda d: d.kind != first):
        approve(game, d.id)
        if d.kind == first:
            break
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "sent")
    with pytest.raises(SimulatedCrash):
        publish(game)                      # the forum took the first draft; gorod died before recording
    assert forum.sends == 1
    monkeypatch.delenv("GOROD_CRASH_AT")
    restarted = make_game()
    approve_all(restarted)
    report = publish(restarted)
    assert len(report.recovered) == 1      # found on the forum, not sent again
    drafts = restarted.records.drafts()
    assert all(d.state == "posted" for d in drafts)
    assert forum.sends == len(drafts)      # each draft sent exactly once
    sent = [(p.to, p.title, p.text) for p in forum.sent_pms]   # titles repeat: each PM once
    assert len(sent) == len(set(sent))
    assert [p.text.splitlines()[0] for p in forum.gm_posts()] == ["**Ночь 1 (Новолуние)**"]  # once
    assert publish(restarted).posted == []


def test_a_crash_after_a_resolution_neither_loses_nor_repeats_it(make_game, forum, clock, monkeypatch):
    game = dealt(make_game)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game)
    clock.at("10:00", 1)
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "resolved")
    with pytest.raises(SimulatedCrash):
        cycle(game)
    monkeypatch.delenv("GOROD_CRASH_AT")
    restarted = make_game()
    cycle(restarted)
    assert [str(p.phase) for p in restarted.records.phases()] == ["night 1"]
    assert len([d for d in restarted.records.drafts() if d.kind == "news"]) == 1
    assert restarted.records.phases()[0].texts == ["{by: dave, ability: Кража, target: grace}"]


def test_a_long_draft_is_split_where_the_forum_caps_length(make_game, forum, clock):
    forum.max_length = 400
    game = dealt(make_game)
    clock.at("10:00", 1)
    cycle(game)
    news = next(d for d in game.records.drafts() if d.kind == "news")
    long_text = news.body + "\n".join(f"Строка {i}: город спит, стража не дремлет." for i in range(40)) + "\n"
    edit(game, news.id, long_text)
    approve(game, news.id)
    publish(game)
    posts = forum.gm_posts()
    assert len(posts) > 1 and all(len(p.text) <= 400 for p in posts)
    assert posts[0].text.endswith(f"(1/{len(posts)})") and posts[1].text.startswith("(продолжение)")
    assert [r.state for r in game.records.outbox(news.id)] == ["confirmed"] * len(posts)


def test_receipts_when_the_gm_enables_them(make_game, forum, clock):
    game = dealt(make_game, receipts=True)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game)
    [receipt] = [d for d in game.records.drafts() if d.kind == "receipt"]
    assert receipt.audience == "dave" and "«Кража», цель: grace" in receipt.body


def test_a_setup_that_cannot_start_the_game_is_refused_and_nothing_is_lost(make_game, forum, clock):
    game = dealt(make_game, setup={"grace": {"mask": "Бес"}})   # grace is no Тварь nor Инквизитор
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    cycle(game)
    with pytest.raises(LoopError, match="«mask» выбирает только Инквизитор или Тварь"):
        resolve_phase(game)
    assert game.records.phases() == []
    assert game.records.orders("night 1") == []               # the PM could not be read against that setup...
    assert "retry" in game.records.notices()[0].text or game.records.get("retry")
    fixed = make_game(setup={})                                # the GM fixes game.yaml
    cycle(fixed)                                               # ...and is read now
    assert [r.by for r in fixed.records.orders("night 1")] == ["dave"]
    resolve_phase(fixed)
    assert [str(p.phase) for p in fixed.records.phases()] == ["night 1"]
    assert fixed.deal()["setup"] == {}


def test_a_post_that_fails_is_kept_and_taken_when_its_cause_is_gone(make_game, forum, clock, monkeypatch):
    game = dealt(make_game)
    clock.at("13:00")
    forum.pm("dave", "Кража — grace", clock.now)
    import gorod.loop.intake as intake

    real = intake.parse_message
    monkeypatch.setattr(intake, "parse_message", lambda *a, **k: 1 / 0)
    report = cycle(game)
    assert report.poll.orders == 0 and "ZeroDivisionError" in report.poll.notes[0]
    assert [n.kind for n in game.records.notices()] == ["error"]
    assert cycle(game).poll.orders == 0                      # still failing, still kept
    monkeypatch.setattr(intake, "parse_message", real)
    assert cycle(game).poll.orders == 1
    assert game.records.get("retry") == []
    assert cycle(game).poll.orders == 0


def test_an_edit_that_clears_up_a_post_closes_its_unresolved_item(make_game, forum, clock):
    game = dealt(make_game)
    clock.at("11:00", 1)
    cycle(game)
    post = forum.post("erin", "Голосую против Гриши", clock.now)
    cycle(game)
    assert len(game.records.unresolved()) == 1
    forum.edit(post, "Голосую против dave")
    cycle(game)
    assert game.records.unresolved() == []
    assert [r.text for r in game.records.orders("day 1")] == ["{by: erin, ability: Голосование, target: dave}"]


def test_the_worker_runs_on_its_interval_with_an_injected_sleep(make_game, monkeypatch):
    """`gorod run`: a round now, then one every poll_interval (the schedule package reads
    datetime.now(); the test's sleep moves that clock instead of waiting)."""
    import datetime as real_datetime

    import schedule

    from gorod.loop import run

    game = dealt(make_game)
    shift = [0.0]
    original = real_datetime.datetime

    class Shifted(original):
        @classmethod
        def now(cls, tz=None):
            return original.now(tz) + real_datetime.timedelta(seconds=shift[0])

    monkeypatch.setattr(schedule.datetime, "datetime", Shifted)
    slept, reports = [], []

    def sleep(seconds):
        slept.append(seconds)
        shift[0] += seconds

    run(game, sleep=sleep, rounds=3, on_report=reports.append)
    assert len(reports) == 3 and all(r.errors == [] for r in reports)
    assert 2 * game.config.poll_interval - 2 <= sum(slept) <= 2 * game.config.poll_interval + 5


def test_a_template_change_redrafts_a_resolved_phase(make_game, tmp_path, clock):
    game = dealt(make_game)
    clock.at("10:00", 1)
    cycle(game)
    news = next(d for d in game.records.drafts() if d.kind == "news")
    folder = tmp_path / "texts"
    folder.mkdir()
    (folder / "news.j2").write_text("{% macro title() %}Сводка{% endmacro %}Сводка: {{ lines|join(' ') }}",
                                    encoding="utf-8")
    from gorod.loop import draft

    changed = make_game(templates=str(folder))
    assert draft(changed, "night 1") == [news.id]
    again = changed.records.draft(news.id)
    assert again.title == "Сводка" and again.body == "Сводка: Ничего примечательного не произошло.\n"
    with pytest.raises(LoopError, match="«День 3» не разрешена"):
        draft(changed, "day 3")
