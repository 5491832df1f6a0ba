"""The public vote count (issue 29): `gorod count`'s draft and the scheduled one, built from
the thread's posts alone, one draft at a time, never posted after its day, posted once.

The game of tests/loop (alice is the Мэр, dave the Вор): night 1 dave robs bob (Кража: «Следующим
днем она не может применять способности Явной роли и голосовать»), so bob's vote posted on day
1 is void in the engine's tally; the count shows it as posted, and alice's two votes
(Деспотия, her open role)."""
from __future__ import annotations

from datetime import timedelta

import pytest

from gorod.loop import add_order, approve, cycle, deal, draft_count, edit, end_now, publish, tick
from gorod.loop.count import count_now, due_slot, stale_count
from gorod.loop.game import LoopError
from gorod.loop.records import DraftState
from gorod.tally import tally_now


def _day_one(game, forum, clock):
    deal(game)
    add_order(game, "{by: dave, ability: Кража, target: bob}")
    end_now(game, read=False)                        # day 1 opens now
    clock.now += timedelta(minutes=5)
    forum.post("alice", "Голосую против carol", clock.now)
    forum.post("bob", "Голосую против carol", clock.now)
    forum.post("grace", "Голосую против dave", clock.now)
    forum.post("grace", "Нет, передумала: голосую против carol", clock.now)
    forum.post("heidi", "Голосую против dave", clock.now)
    cycle(game, post=False)


def _counts(game):
    return [d for d in game.records.drafts() if d.kind == "count"]


def test_the_count_shows_the_posts_not_the_secret_tally(make_game, forum, clock):
    game = make_game()
    _day_one(game, forum, clock)
    real = tally_now(game)
    assert "bob" not in {v.voter for v in real.votes}                    # robbed: refused by the engine
    assert any("bob" in order for order, _why in real.refused)
    count = count_now(game)
    assert count.totals() == {"carol": 4, "dave": 1}                     # alice 2 + bob 1 + grace 1
    assert [(v.voter, v.weight) for v in count.candidates[0].voters] == [("alice", 2), ("bob", 1), ("grace", 1)]
    assert "bob" not in count.not_voted and "grace" not in count.not_voted
    assert real.totals != count.totals()                                 # the secret tally differs
    draft_id = draft_count(game)
    body = game.records.draft(draft_id).body
    assert "по постам в теме" in body and "итог" not in body.lower()
    assert "carol — 4: alice ×2 (Мэр: Деспотия, голос за два), bob, grace" in body
    assert "dave — 1: heidi" in body
    assert "Не голосовали: carol, dave, erin, frank, мирон." in body
    assert approve(game, draft_id).state == "approved"                  # the secrets check: clean


def test_a_count_in_the_full_style(make_game, forum, clock):
    game = make_game(style="full")
    _day_one(game, forum, clock)
    body = game.records.draft(draft_count(game)).body
    assert "Против carol — 4 голоса: alice (2 голоса — Мэр: Деспотия, голос за два), bob и grace." in body
    assert "Ещё не голосовали: carol, dave, erin, frank и мирон." in body


def test_a_count_is_refused_at_night_before_the_deal_and_after_the_end(make_game, forum, clock):
    game = make_game()
    with pytest.raises(LoopError, match="роли ещё не розданы"):
        draft_count(game)
    deal(game)
    with pytest.raises(LoopError, match="открыта ночь 1: голосование идёт днём, подсчёт голосов — только днём"):
        draft_count(game)
    game.records.put("over", {"phase": "day 3", "winner": "law"})
    with pytest.raises(LoopError, match="игра окончена"):
        draft_count(game)


def test_a_count_is_refused_beside_another_writer_and_reads_nothing(make_game, forum, clock):
    """Issue 26: `gorod count` (and the console's button) reads the thread and drafts under
    the writer lock, as a worker's round does: beside one it is refused, in Russian."""
    import os

    from gorod.loop.count import count_on_demand
    from gorod.loop.lock import LockBusy

    game = make_game()
    _day_one(game, forum, clock)
    forum.post("erin", "Голосую против dave", clock.now)               # not read yet
    holder = make_game()                  # another process: its own descriptor on the lock
    holder.actor = "gorod run"
    with holder.writing("круг работника"):
        for read in (True, False):
            with pytest.raises(LockBusy) as refused:
                count_on_demand(game, read=read)
            text = str(refused.value)
            assert text.startswith(f"с игрой сейчас работает gorod run (PID {os.getpid()}, с "), text
            assert "подсчёт голосов (чтение темы и черновик поста) — не начато, ничего не сделано" in text
    assert _counts(game) == [] and "erin" not in {o.by for o in game.records.orders("day 1")}
    draft_id = count_on_demand(game)      # the round is over: erin's vote read and counted
    assert "dave — 2: heidi, erin" in game.records.draft(draft_id).body


def test_one_draft_not_a_pile(make_game, forum, clock):
    game = make_game()
    _day_one(game, forum, clock)
    first = draft_count(game)
    forum.post("erin", "Голосую против dave", clock.now)
    cycle(game, post=False)
    second = draft_count(game)
    assert game.records.draft(first).state == DraftState.REJECTED
    assert [d.id for d in _counts(game) if d.state == DraftState.PENDING] == [second]
    assert "dave — 2: heidi, erin" in game.records.draft(second).body
    with pytest.raises(LoopError, match=f"его заменил более новый подсчёт #{second}"):
        approve(game, first, force=True)
    approve(game, second)
    publish(game)
    publish(game)
    assert [p.text.strip() for p in forum.gm_posts()] == [game.records.draft(second).body.strip()]   # exactly once


def test_an_approved_count_never_goes_out_after_its_day(make_game, forum, clock):
    game = make_game()
    _day_one(game, forum, clock)
    draft_id = draft_count(game)
    approve(game, draft_id)
    pending = draft_count(game)                     # a newer count, not approved
    end_now(game, read=False)                        # the day ends before the next publish
    assert game.records.draft(pending).state == DraftState.REJECTED   # off the GM's list at once
    before = len(forum.gm_posts())
    publish(game)
    assert len(forum.gm_posts()) == before
    assert game.records.draft(draft_id).state == DraftState.REJECTED
    assert any(f"черновик #{draft_id} (подсчёт голосов) не отправлен" in n.text and "день уже закончился" in n.text
               for n in game.records.notices())
    with pytest.raises(LoopError, match="этот день уже закончился"):
        approve(game, draft_id, force=True)


def test_the_schedule_drafts_a_count_once_per_slot(make_game, forum, clock):
    game = make_game(vote_count={"every_hours": 2, "before_deadline_hours": [1]})
    _day_one(game, forum, clock)
    current = game.current()
    assert tick(game).drafted == [] and _counts(game) == []             # 5 minutes into the day
    clock.now = current.started + timedelta(hours=2, minutes=1)
    made = tick(game).drafted
    assert [d.id for d in _counts(game)] == made and len(made) == 1
    assert tick(game).drafted == []                                     # the same slot: nothing more
    approve(game, made[0])
    publish(game)
    clock.now = current.deadline - timedelta(minutes=50)               # past several slots: one draft
    again = tick(game).drafted
    assert len(again) == 1 and len(_counts(game)) == 2
    assert game.records.draft(made[0]).state == DraftState.POSTED
    assert len(forum.gm_posts()) == 1


def test_the_schedule_is_off_by_default(make_game, forum, clock):
    game = make_game()
    _day_one(game, forum, clock)
    clock.now = game.current().deadline - timedelta(minutes=1)
    tick(game)
    assert _counts(game) == []


def test_due_slots():
    from datetime import datetime, timezone

    from config.game import VoteCountSchedule
    from engine.phase import PhaseId
    from gorod.loop.game import PhaseClock

    start = datetime(2026, 12, 1, 7, 0, tzinfo=timezone.utc)
    day = PhaseClock(PhaseId.parse("day 1"), start, start + timedelta(hours=12), start)
    plan = VoteCountSchedule(5, (1, 20))                               # 20 h before: before the day began
    assert due_slot(plan, day, start + timedelta(hours=4)) is None
    assert due_slot(plan, day, start + timedelta(hours=6)) == start + timedelta(hours=5)
    assert due_slot(plan, day, start + timedelta(hours=11, minutes=30)) == start + timedelta(hours=11)
    assert due_slot(plan, day, start + timedelta(hours=12)) is None   # the deadline: the day's end
    assert due_slot(VoteCountSchedule(), day, start + timedelta(hours=6)) is None


def test_the_secrets_check_knows_the_count(make_game, forum, clock):
    game = make_game()
    _day_one(game, forum, clock)
    draft_id = draft_count(game)
    real = tally_now(game).totals["carol"]                              # 3: bob's vote is refused
    body = game.records.draft(draft_id).body
    edit(game, draft_id, body.replace("carol — 4:", f"carol — {real}:"))
    with pytest.raises(LoopError, match=f"у carol {real} — число голосов настоящего подсчёта"):
        approve(game, draft_id)
    edit(game, draft_id, body + "Это итог дня.\n")
    with pytest.raises(LoopError, match="слово «итог»"):
        approve(game, draft_id)
    edit(game, draft_id, body.replace("Не голосовали: carol", "Не голосовали: bob, carol"))
    with pytest.raises(LoopError, match="bob назван не голосовавшим"):
        approve(game, draft_id)
    assert stale_count(game, game.records.draft(draft_id)) is None
