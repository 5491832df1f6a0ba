"""A property over the outbox (issue 22, item 5): whatever the drafts (one title or several,
the same words or not, to the same player or not) and wherever the publisher is killed
between the forum taking a PM and gorod recording it, confirmed drafts map one to one onto
the forum's conversations, each confirmed by a conversation holding its own words for its
own recipient, and nothing is on the forum twice. Published through the real `SiteForum`
and `ForumWriter` (spirit profile) to a fake Spirit with its double-post guard on
(tests/scraper/fakespiritpm.py): a PM it drops is refused, back to the GM, never
confirmed by another's conversation."""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import responses
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scraper"))

from fakespirit import BASE, gm_client  # noqa: E402
from fakespiritpm import FakeSpiritPms  # noqa: E402
from loopdata import game_yaml  # noqa: E402

from config.game import load_game  # noqa: E402
from config.profiles import load_profile  # noqa: E402
from gorod.loop import publish  # noqa: E402
from gorod.loop.crash import SimulatedCrash  # noqa: E402
from gorod.loop.forum import SiteForum  # noqa: E402
from gorod.loop.game import Game  # noqa: E402
from gorod.store import Store  # noqa: E402

NICKS = ("alice", "bob", "carol")
TITLES = ("Город N: ваша роль", "Город N: Ночь 1 (Новолуние)")
TEXTS = ("Вы — Мэр.", "Вы — Вор.", "Ночь прошла тихо. " * 15 + "Вас проверили.",
         "Ночь прошла тихо. " * 15 + "Вас вылечили.")

drafts = st.lists(st.tuples(st.sampled_from(NICKS), st.sampled_from(TITLES), st.sampled_from(TEXTS), st.booleans()),
                  min_size=1, max_size=6)


def _game(folder: Path) -> Game:
    store = Store(folder / "gorod.sqlite3")
    forum = SiteForum(gm_client(), load_profile("spirit"), store, BASE + "/topic/1/gorod/", "gm")
    return Game(load_game(folder / "game.yaml"), store, forum=forum)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(drafts=drafts, guard=st.booleans())
def test_confirmed_drafts_map_one_to_one_onto_forum_conversations(drafts, guard, monkeypatch):
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    with tempfile.TemporaryDirectory() as tmp, responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        folder = Path(tmp)
        game_yaml(folder)
        forum = FakeSpiritPms(rsps, guard=guard)
        game = _game(folder)
        ids = []
        for i, (nick, title, text, _crash) in enumerate(drafts):
            draft_id = game.records.add_draft(key=f"pm:{i}", kind="pm", phase="night 1", audience=nick,
                                              title=title, body=text + "\n", trace=[])
            game.records.set_draft_state(draft_id, "approved")
            ids.append(draft_id)
        crashes = [crash for *_rest, crash in drafts]
        for _round in range(len(drafts) + 2):          # a crash at "sent" of each draft told to crash, once
            crash_now = any(crashes)
            monkeypatch.setenv("GOROD_CRASH_AT", "sent" if crash_now else "none")
            try:
                publish(game)
            except SimulatedCrash:
                crashes[crashes.index(True)] = False
                game = _game(folder)                       # a restarted process on the same store
                continue
            if not crash_now:
                break
        monkeypatch.setenv("GOROD_CRASH_AT", "none")
        publish(game)                                      # one more round: nothing changes
        rows = [row for row in game.records.outbox() if row.state == "confirmed"]
        forum_ids = [row.forum_id for row in rows]
        assert len(forum_ids) == len(set(forum_ids)), forum_ids                     # one to one
        topics = {str(t.id): t for t in forum.topics}
        assert set(forum_ids) == set(topics)                                        # onto: none unrecorded
        for row in rows:
            topic = topics[row.forum_id]
            assert (topic.to, topic.title, topic.text) == (row.recipient, row.title, row.text.rstrip("\n")), row
        for draft_id in ids:
            draft = game.records.draft(draft_id)
            confirmed = [r for r in rows if r.draft_id == draft_id]
            assert (draft.state == "posted") == bool(confirmed), (draft, confirmed)
            if draft.state != "posted":     # refused by the guard: back to the GM, with a notice
                assert draft.state == "pending"
                assert any(n.key.startswith(f"publish-refused:{draft_id}:") for n in game.records.notices())
