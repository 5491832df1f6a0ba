"""Spirit (django-spirit 0.14.3, ../shared/realforum/SPIRIT.md) as an entry of the conformance
suite: the seventh live forum, started by tests/realforum/run.sh rather than forumlab.py.

run.sh starts two instances of it for the suite on the seeded database (tests/realforum/
forum_seed.py: the GM `gm`, players, 5 posts a page): GOROD_FORUM_SPIRIT_URL with Spirit's
rate limit and double-post guard off, where the players write the game thread, and
GOROD_FORUM_SPIRIT_LIMITED_URL with both on. Spirit's guards are settings of its server
process (settings_gorod.py), not of its database: the suite writes with them on in a thread of
the second instance (its `guarded` board) instead of turning them on in the first. Its own
record of each post's time is its SQLite database (GOROD_REALFORUM_HOME/<instance>.sqlite3).
"""
from __future__ import annotations

import os
import re
import sqlite3
import sys
from datetime import datetime, timezone
from pathlib import Path

from forumlab import ROOT, Status

sys.path.insert(0, str(ROOT / "tests" / "realforum"))
import forum_seed  # noqa: E402  (tests/realforum: the seeded accounts, shared with seed.py)

HOW = "not started: run `make test` (or tests/realforum/run.sh pytest ...)"
PLAYERS = ("alice", "bob", "мирон", "carol")      # мирон: an author in Cyrillic (stored lowercase)
CATEGORY = 3                                       # the seeded «Игры» (1 and 2 come with the migrations)


def live(guarded: bool = False) -> tuple[Status, Path]:
    """(the instance's status as forumlab would write it, its database), or skip when
    run.sh did not start it."""
    import pytest
    variable = "GOROD_FORUM_SPIRIT_LIMITED_URL" if guarded else "GOROD_FORUM_SPIRIT_URL"
    url = os.environ.get(variable)
    home = os.environ.get("GOROD_REALFORUM_HOME")
    if not url or not home:
        pytest.skip(f"live spirit forum: {variable} is not set: {HOW}")
    database = Path(home) / ("conform-limited.sqlite3" if guarded else "conform.sqlite3")
    gm, gm_password = forum_seed.GM
    status = Status("spirit", "up", url, gm, list(PLAYERS), gm_password, 0.0, str(database.with_suffix(".log")),
                    passwords={name: forum_seed.PASSWORDS[name] for name in PLAYERS})
    return status, database


def _epoch(stored: str) -> float:
    """Django's SQLite datetime text (UTC: USE_TZ), e.g. '2026-12-01 13:37:45.606827'."""
    return datetime.fromisoformat(stored).replace(tzinfo=timezone.utc).timestamp()


def times(database: Path, topic: str) -> dict:
    """{post id: (posted, last edited or None)}: Spirit's comments of the topic (not the
    removed ones, nor its action notes: «moved», «closed»), the edit's time the newest
    version in the comment's history (Spirit writes one per version, the original first)."""
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as db:
        rows = db.execute(
            "SELECT c.id, c.date, c.modified_count, (SELECT max(h.date) FROM spirit_comment_history_commenthistory h"
            " WHERE h.comment_fk_id = c.id) FROM spirit_comment_comment c"
            " WHERE c.topic_id = ? AND NOT c.is_removed AND c.action = 0", (int(topic),)).fetchall()
    return {str(pk): (_epoch(posted), _epoch(edited) if modified and edited else None)
            for pk, posted, modified, edited in rows}


def topic_id(where: str) -> str:
    """The new topic's id: Spirit answers a new topic with a redirect to /topic/<id>/<slug>/."""
    match = re.search(r"/topic/(\d+)/", where)
    assert match, f"no /topic/<id>/ in the answer: {' '.join(re.sub('<[^>]+>', ' ', where).split())[-300:]}"
    return match.group(1)


def _engine():
    from engines import Engine, FormSpec, Markup
    return Engine(
        name="spirit", profile="spirit", per_page=forum_seed.POSTS_PER_PAGE, forum_id=CATEGORY,
        new_topic=FormSpec("/topic/publish/{forum}/", "comment", subject="title",
                           fields={"category": str(CATEGORY)}),
        # the quote button's page: publish() prefilled with spirit.core.utils.markdown.quotify
        quote=FormSpec("/comment/{thread}/publish/{post}/quote/", "comment"),
        edit=FormSpec("/comment/{post}/update/", "comment"),
        topic_id=topic_id, thread_url="/topic/{thread}/", db_times=times,
        # Markdown (mistune 0.8): **bold**, ~~struck~~ (<del>); no colours (raw HTML is
        # escaped) and no spoiler in Spirit's markdown grammar (spirit/core/utils/markdown)
        markup=Markup(bold="**{}**", orange=None, strike="~~{}~~", spoiler=None),
        # Spirit never glues a member's consecutive posts: each publish() saves a new comment
        merges=False,
        # its guards are the server's settings: turned on by starting it so (run.sh), not by a hook
        live=live, guarded=lambda: live(guarded=True),
        # a private topic takes replies as a topic does (POST /comment/<topic>/publish/)
        pm_reply=lambda board, user, conversation, text: board.writer(user).reply(conversation, text),
        flood_window=10,         # @ratelimit(rate="1/10s") of spirit.comment.views.publish, fixed windows
        # the page shows minutes (Django's "N j, Y, P"); no edit time at all (only the count
        # of edits, linking to /comment/history/<pk>/): the edit's time is not compared
        time_precision=60, edit_time=False,
    )


SPIRIT = _engine()
