"""One writer at a time, offline (issue 22; the same with real processes on the real Spirit
forum: tests/faults/test_one_writer.py, test_deadline_outage.py).

Two `Game`s on one store stand for two processes: each takes the writer lock on its own
descriptor, so they exclude each other as two processes do. Times are Moscow wall times
on the injected clock: the deal Monday 12:00, night 1 ends Tuesday 10:00.
"""
from __future__ import annotations

import os

import pytest

from gorod.loop import approve, cycle, deal, edit, end_now, extend, publish, reject
from gorod.loop import phases
from gorod.loop.lock import LockBusy
from gorod.loop.phases import AlreadyResolved
from gorod.loop.worker import run
from scraper.errors import ForumUnavailable


def approved_game(make_game):
    game = make_game()
    deal(game)
    for draft in game.records.drafts(["pending"]):
        approve(game, draft.id)
    return game


# ---------------------------------------------------------------- the lock
def test_a_second_writer_is_refused_in_russian_naming_the_first_and_its_pid(make_game, forum, clock):
    first, second = approved_game(make_game), make_game()
    first.actor = "gorod publish"
    with first.writing("отправка одобренных черновиков"):
        for attempt in (lambda: publish(second), lambda: end_now(second, read=False),
                        lambda: extend(second, hours=1)):
            with pytest.raises(LockBusy) as refused:
                attempt()
            text = str(refused.value)
            assert text.startswith(f"с игрой сейчас работает gorod publish (PID {os.getpid()}, с ")
            assert "): отправка одобренных черновиков. " in text and "ничего не сделано" in text
        [skipped] = cycle(second).errors
        assert skipped.startswith("с игрой сейчас работает gorod publish") and "круг пропущен" in skipped
        assert forum.sent_pms == [] and second.records.phases() == []
        assert len(publish(first).posted) == 9            # the holder itself goes on: the lock is reentrant
    assert publish(second).posted == []                   # free again; nothing left to send
    assert len(forum.sent_pms) == 9


# ---------------------------------------------------------------- the open phase, compare-and-set
def test_a_resolver_that_saw_a_phase_resolved_meanwhile_says_so_and_does_nothing(make_game, clock):
    late, first = make_game(), make_game()
    deal(first)
    seen = late.current()                                 # night 1, as the slower one saw it
    end_now(first, read=False)                            # the other one resolves it
    with pytest.raises(AlreadyResolved) as refused:
        phases._resolve(late, expect=seen)
    assert str(refused.value).startswith("фазу «Ночь 1» уже разрешил другой процесс или круг работника (")
    assert str(refused.value).endswith("); открыт день 1: ничего не сделано")
    assert [str(p.phase) for p in late.records.phases()] == ["night 1"]
    assert str(late.current().phase) == "day 1"
    from gorod.loop.game import LoopError
    from engine.phase import PhaseId
    with pytest.raises(LoopError, match="^открыт день 1, а не ночь 1: ничего не сделано$"):
        end_now(late, read=False, phase=PhaseId.parse("night 1"))


def test_an_extension_of_a_phase_resolved_meanwhile_does_not_reopen_it(make_game, clock, monkeypatch):
    game, other = make_game(), make_game()
    deal(game)
    real_cap = phases.clocks.cap

    def resolved_meanwhile(*args):                        # after the extension read the clock
        monkeypatch.setattr(phases.clocks, "cap", real_cap)
        end_now(other, read=False)
        return real_cap(*args)
    monkeypatch.setattr(phases.clocks, "cap", resolved_meanwhile)
    with pytest.raises(AlreadyResolved, match="уже разрешил другой процесс"):
        phases._extend(game, hours=1, until=None, force=False)   # (`extend` without its lock: the set is checked)
    monkeypatch.undo()
    assert str(game.current().phase) == "day 1"           # night 1 is not reopened
    assert [str(p.phase) for p in game.records.phases()] == ["night 1"]


# ---------------------------------------------------------------- the draft read again before it goes
def test_a_draft_rejected_or_edited_while_the_publish_runs_is_not_sent_with_its_old_text(make_game, forum):
    game = approved_game(make_game)
    gm = make_game()                                      # the GM's console, meanwhile
    drafts = game.records.drafts(["approved"])
    rejected, edited = drafts[-1], drafts[-2]
    send = forum.send_pm

    def and_meanwhile(to, title, text, **kwargs):
        if not forum.sent_pms:                            # during the first send
            reject(gm, rejected.id)
            edit(gm, edited.id, "Новый текст мастера.")
            approve(gm, edited.id)
        return send(to, title, text, **kwargs)
    forum.send_pm = and_meanwhile
    report = publish(game)
    assert rejected.id not in report.posted and edited.id in report.posted
    assert forum.pms_to(rejected.audience) == []
    assert [p.text for p in forum.pms_to(edited.audience)] == ["Новый текст мастера."]
    assert game.records.draft(rejected.id).state == "rejected" and game.records.outbox(rejected.id) == []


def test_a_claimed_draft_can_no_longer_be_rejected_or_edited(make_game, forum):
    game = approved_game(make_game)
    gm = make_game()
    first = game.records.drafts(["approved"])[0]
    send = forum.send_pm
    refusals = []

    def and_meanwhile(to, title, text, **kwargs):
        if not forum.sent_pms:                            # the first draft's part is claimed: in flight
            for change in (lambda: reject(gm, first.id), lambda: edit(gm, first.id, "Другое.")):
                with pytest.raises(Exception) as refused:
                    change()
                refusals.append(str(refused.value))
        return send(to, title, text, **kwargs)
    forum.send_pm = and_meanwhile
    publish(game)
    assert refusals == [f"черновик #{first.id} уже отправляется (часть его на форуме или в пути): gorod publish его допишет",
                        f"черновик #{first.id} уже отправляется или отправлен: его не изменить"]
    assert [p.text for p in forum.pms_to(first.audience)] == [first.body.rstrip("\n")]


# ---------------------------------------------------------------- a deadline without a read
def test_at_the_deadline_the_worker_waits_for_a_whole_read_begun_after_it(make_game, forum, clock):
    game = make_game()
    deal(game)
    clock.at("09:50", 1)                                 # ten minutes before night 1's deadline
    forum.pm("dave", "Кража — grace", clock.now)
    forum.pm("carol", "Исповедую erin", clock.now)
    working = forum.poll_pms

    def down(**_kwargs):
        raise ForumUnavailable("http://forum.test/topic/private/", "ConnectionError after 3 attempts")
        yield
    forum.poll_pms = down
    clock.at("09:55", 1)
    assert cycle(game).tick.resolved == []               # before the deadline: the round just fails
    clock.at("10:05", 1)
    for _round in range(2):
        report = cycle(game)
        assert report.tick.resolved == []
        assert any(e.startswith("Ночь 1: дедлайн прошёл, форум не читается с 01.12 09:55 (Москва)") for e in report.errors)
    assert game.records.phases() == [] and game.records.orders("night 1") == []
    # without a read the worker never resolves either
    assert cycle(game, read=False).tick.waiting[0].startswith("Ночь 1: дедлайн прошёл, форум не читается с ")
    forum.poll_pms = working
    clock.at("10:07", 1)
    report = cycle(game)
    assert report.tick.resolved == ["night 1"] and report.errors == []
    [night] = game.records.phases()
    assert sorted(o.by for o in night.orders) == ["carol", "dave"]       # given at 09:50: the night's
    assert [d for d in game.records.drafts() if d.kind == "late"] == []


def test_a_read_that_began_before_the_deadline_is_not_enough(make_game, forum, clock):
    game = make_game()
    deal(game)
    clock.at("09:59", 1)
    cycle(game)                                          # a whole read, a minute before the deadline
    clock.at("10:01", 1)
    report = cycle(game, read=False)
    assert report.tick.resolved == [] and report.tick.waiting[0].startswith(
        "Ночь 1: дедлайн прошёл, а тема и ЛС после него ещё не прочитаны целиком")
    assert cycle(game).tick.resolved == ["night 1"]


# ---------------------------------------------------------------- the loop's --no-post / --no-read
def test_the_loop_honours_no_post_and_no_read(make_game, forum, clock):
    """`gorod run --no-post` / `--no-read` without `--once` (each round is the same `job`;
    its schedule runs on the real clock, so one round here)."""
    game = approved_game(make_game)
    forum.pm("dave", "Кража — grace", clock.now)
    reports = []
    run(game, sleep=lambda _s: None, rounds=1, on_report=reports.append, post=False)
    assert [(r.publish, r.poll is not None) for r in reports] == [(None, True)]
    assert forum.sent_pms == []
    reports.clear()
    forum.pm("carol", "Исповедую erin", clock.now)
    run(game, sleep=lambda _s: None, rounds=1, on_report=reports.append, read=False)
    assert [r.poll for r in reports] == [None] and len(forum.sent_pms) == 9
    assert [o.by for o in game.records.orders("night 1")] == ["dave"]
