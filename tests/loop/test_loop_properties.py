"""Property: whatever points the worker dies at while it reads and posts, every order is
stored exactly once and every approved draft reaches the forum exactly once."""
from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from loopdata import Clock, game_yaml
from fakeforum import FakeForum
from loopdata import PLAYERS

from config.game import load_game
from gorod.loop import approve, cycle, deal, publish
from gorod.loop.crash import SimulatedCrash
from gorod.loop.game import Game
from gorod.store import Store

NICKS = list(PLAYERS)
step = st.one_of(
    st.tuples(st.just("post"), st.sampled_from(NICKS), st.integers(min_value=1, max_value=len(NICKS) - 1)),
    st.tuples(st.just("cycle"), st.sampled_from([None, "poll", "resolved", "sent"]), st.just("")),
    st.tuples(st.just("approve"), st.just(""), st.just("")),
    st.tuples(st.just("advance"), st.just(""), st.just("")),
)


@given(st.lists(step, min_size=1, max_size=25))
@settings(max_examples=30, deadline=None)
def test_crashes_anywhere_lose_and_repeat_nothing(steps):
    import os

    tmp = Path(tempfile.mkdtemp())
    clock, forum = Clock(), FakeForum()
    path = game_yaml(tmp)

    def fresh() -> Game:   # a restarted process: new objects over the same store and forum
        return Game(load_game(path), Store(tmp / "gorod.sqlite3"), now=clock, forum=forum)

    game = fresh()
    deal(game)
    clock.at("11:00", 1)
    cycle(game)                     # night 1 resolved, day 1 open
    written = advanced = 0
    os.environ["GOROD_CRASH_MODE"] = "raise"
    try:
        for kind, a, b in steps:
            if kind == "post":
                target = NICKS[(NICKS.index(a) + b) % len(NICKS)]   # never oneself
                forum.post(a, f"Голосую против {target}", clock.now)
                written += 1
            elif kind == "advance":
                deadline = game.current().deadline
                if advanced < 2 and deadline > clock.now:   # the next round resolves the open phase
                    clock.now = deadline
                    advanced += 1
            elif kind == "approve":
                for d in game.records.drafts(["pending"]):
                    approve(game, d.id, force=True)
            else:
                if a:
                    os.environ["GOROD_CRASH_AT"] = a
                try:
                    cycle(game)
                except SimulatedCrash:
                    game = fresh()
                finally:
                    os.environ.pop("GOROD_CRASH_AT", None)
        cycle(game)
        publish(game)
    finally:
        os.environ.pop("GOROD_CRASH_MODE", None)
    rows = game.records.orders(status=None)
    sources = [(r.source_id, r.source_version, r.item) for r in rows]
    # a vote posted at night is a question for the GM, not an order (exam finding 5)
    sources += [(u.source_id, u.source_version, u.item) for u in game.records.unresolved(open_only=False)]
    assert len(sources) == len(set(sources)) == written
    phases = [str(p.phase) for p in game.records.phases()]
    assert len(phases) == len(set(phases)) == 1 + advanced
    posted = [d for d in game.records.drafts() if d.state == "posted"]
    approved_left = game.records.drafts(["approved"])
    assert approved_left == []
    assert forum.sends == sum(len(game.records.outbox(d.id)) for d in posted)
    sent = [(p.to, p.title, p.text) for p in forum.sent_pms]   # titles repeat: each PM once
    assert len(sent) == len(set(sent))
    texts = [p.text for p in forum.gm_posts()]
    assert len(texts) == len(set(texts))
