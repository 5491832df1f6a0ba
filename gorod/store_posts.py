"""The scraper's poll state in the store: threads, their pages, every post's versions.

`PostTables` is the scraper's `PostStore` protocol (`scraper.poststore`) on the tables of
the first migration; `gorod.store.Store` inherits it, so the loop's store is what the
pollers are given. Every SQL statement on those four tables is in this module: the
console's source links (`post_data`) and a replay of a game's store (`latest_posts`,
on a read-only connection) read through it too. Nothing here talks to a forum.
"""
from __future__ import annotations

import json
import sqlite3
from typing import Any

from scraper.poststore import KnownPost, PageState

__all__ = ["KnownPost", "PageState", "PostTables", "latest_posts", "post_data"]


class PostTables:
    """Mixed into `gorod.store.Store`: uses its `db` and `transaction()`."""

    db: sqlite3.Connection

    # -- threads ----------------------------------------------------------------------------
    def ensure_thread(self, key: str, kind: str, url: str, subject: str | None = None) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO threads (key, kind, url, subject) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET subject = coalesce(excluded.subject, subject)",
                (key, kind, url, subject),
            )

    def thread(self, key: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT * FROM threads WHERE key = ?", (key,)).fetchone()
        return dict(row) if row else None

    def known_count(self, key: str) -> int | None:
        row = self.db.execute("SELECT known_count FROM threads WHERE key = ?", (key,)).fetchone()
        return row["known_count"] if row else None

    def set_known_count(self, key: str, count: int | None) -> None:
        with self.transaction() as db:
            db.execute("UPDATE threads SET known_count = ? WHERE key = ?", (count, key))

    def mark_polled(self, key: str, when: str) -> None:
        with self.transaction() as db:
            db.execute("UPDATE threads SET polled_at = ? WHERE key = ?", (when, key))

    # -- pages --------------------------------------------------------------------------------
    def pages(self, key: str) -> dict[int, PageState]:
        rows = self.db.execute(
            "SELECT page, url, etag, last_modified FROM thread_pages WHERE thread = ? ORDER BY page", (key,)
        )
        return {r["page"]: PageState(r["page"], r["url"], r["etag"], r["last_modified"]) for r in rows}

    def save_page(self, key: str, state: PageState) -> None:
        with self.transaction() as db:
            db.execute(
                "INSERT INTO thread_pages (thread, page, url, etag, last_modified) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (thread, page) DO UPDATE SET url = excluded.url, etag = excluded.etag, "
                "last_modified = excluded.last_modified",
                (key, state.page, state.url, state.etag, state.last_modified),
            )

    def drop_pages_from(self, key: str, page: int) -> None:
        with self.transaction() as db:
            db.execute("DELETE FROM thread_pages WHERE thread = ? AND page >= ?", (key, page))

    # -- posts --------------------------------------------------------------------------------
    def known_posts(self, key: str) -> dict[str, KnownPost]:
        rows = self.db.execute(
            "SELECT post_id, sort_key, page, version, hash, deleted FROM posts WHERE thread = ?", (key,)
        )
        return {
            r["post_id"]: KnownPost(r["post_id"], r["sort_key"], r["page"], r["version"], r["hash"], bool(r["deleted"]))
            for r in rows
        }

    def record(
        self, key: str, post_id: str, *, sort_key: int, page: int, change: str, hash: str, data: dict, seen_at: str
    ) -> int:
        """Record a new version of a post (new, edited or deleted); return its version number."""
        with self.transaction() as db:
            row = db.execute("SELECT version FROM posts WHERE thread = ? AND post_id = ?", (key, post_id)).fetchone()
            version = (row["version"] if row else 0) + 1
            db.execute(
                "INSERT INTO posts (thread, post_id, sort_key, page, version, hash, deleted) "
                "VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (thread, post_id) DO UPDATE SET "
                "sort_key = excluded.sort_key, page = excluded.page, version = excluded.version, "
                "hash = excluded.hash, deleted = excluded.deleted",
                (key, post_id, sort_key, page, version, hash, int(change == "deleted")),
            )
            db.execute(
                "INSERT INTO post_versions (thread, post_id, version, change, hash, seen_at, data) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (key, post_id, version, change, hash, seen_at, json.dumps(data, ensure_ascii=False)),
            )
        return version

    def move(self, key: str, post_id: str, page: int) -> None:
        """A post seen on another page than before (an engine whose pages shift)."""
        with self.transaction() as db:
            db.execute("UPDATE posts SET page = ? WHERE thread = ? AND post_id = ?", (page, key, post_id))

    def versions(self, key: str, post_id: str) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT version, change, hash, seen_at, data FROM post_versions "
            "WHERE thread = ? AND post_id = ? ORDER BY version",
            (key, post_id),
        )
        return [{**dict(r), "data": json.loads(r["data"])} for r in rows]

    def last_data(self, key: str, post_id: str) -> dict | None:
        row = self.db.execute(
            "SELECT data FROM post_versions WHERE thread = ? AND post_id = ? ORDER BY version DESC LIMIT 1",
            (key, post_id),
        ).fetchone()
        return json.loads(row["data"]) if row else None

    def post_data(self, kind: str, post_id: str, version: int, conversation: str | None = None) -> dict | None:
        """One stored version of a thread post (`kind` 'topic') or of a PM of `conversation`."""
        return post_data(self.db, kind, post_id, version, conversation)


def post_data(db: sqlite3.Connection, kind: str, post_id: str, version: int,
              conversation: str | None = None) -> dict | None:
    if kind == "topic":
        sql = ("SELECT data FROM post_versions WHERE thread LIKE 'topic:%' AND post_id = ? AND version = ? "
               "ORDER BY rowid DESC LIMIT 1")
        args: tuple = (post_id, version)
    elif kind == "pm" and conversation is not None:
        sql = ("SELECT data FROM post_versions WHERE thread LIKE 'pm:%' AND thread LIKE ? AND post_id = ? "
               "AND version = ? ORDER BY rowid DESC LIMIT 1")
        args = (f"%#{conversation}", post_id, version)
    else:
        return None
    row = db.execute(sql, args).fetchone()
    return json.loads(row[0]) if row else None


def latest_posts(db: sqlite3.Connection, kind: str) -> list[tuple[str, str, dict]]:
    """(thread, post id, JSON) of the latest version of every living post of the threads
    of `kind` ('topic' or 'pm'), in thread order."""
    rows = db.execute(
        "SELECT p.thread, p.post_id, v.data FROM posts p JOIN threads t ON t.key = p.thread "
        "JOIN post_versions v ON v.thread = p.thread AND v.post_id = p.post_id AND v.version = p.version "
        "WHERE t.kind = ? AND p.deleted = 0 ORDER BY p.thread, p.sort_key", (kind,)).fetchall()
    return [(thread, post_id, json.loads(data)) for thread, post_id, data in rows]
