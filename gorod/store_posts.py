"""The scraper's poll state in the store: threads, their pages, every post's versions.

Used by `scraper.poll`; nothing here talks to a forum. A thread is keyed by a string
(`topic:<page-1 URL>` or `pm:<base URL>#<conversation id>`). For each thread the store
keeps the pages seen (URL and HTTP validators, to resume from the last one), the current
state of each post (version, content hash, deleted flag) and every version seen, as JSON.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gorod.store import Store


@dataclass(frozen=True)
class PageState:
    page: int
    url: str
    etag: str | None = None
    last_modified: str | None = None


@dataclass(frozen=True)
class KnownPost:
    post_id: str
    sort_key: int
    page: int
    version: int
    hash: str
    deleted: bool


class PostStore:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    # -- threads ----------------------------------------------------------------------------
    def ensure_thread(self, key: str, kind: str, url: str, subject: str | None = None) -> None:
        with self.store.transaction() as db:
            db.execute(
                "INSERT INTO threads (key, kind, url, subject) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (key) DO UPDATE SET subject = coalesce(excluded.subject, subject)",
                (key, kind, url, subject),
            )

    def thread(self, key: str) -> dict[str, Any] | None:
        row = self.db.execute("SELECT * FROM threads WHERE key = ?", (key,)).fetchone()
        return dict(row) if row else None

    def set_known_count(self, key: str, count: int | None) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE threads SET known_count = ? WHERE key = ?", (count, key))

    def mark_polled(self, key: str, when: str) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE threads SET polled_at = ? WHERE key = ?", (when, key))

    # -- pages --------------------------------------------------------------------------------
    def pages(self, key: str) -> dict[int, PageState]:
        rows = self.db.execute(
            "SELECT page, url, etag, last_modified FROM thread_pages WHERE thread = ? ORDER BY page", (key,)
        )
        return {r["page"]: PageState(r["page"], r["url"], r["etag"], r["last_modified"]) for r in rows}

    def save_page(self, key: str, state: PageState) -> None:
        with self.store.transaction() as db:
            db.execute(
                "INSERT INTO thread_pages (thread, page, url, etag, last_modified) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (thread, page) DO UPDATE SET url = excluded.url, etag = excluded.etag, "
                "last_modified = excluded.last_modified",
                (key, state.page, state.url, state.etag, state.last_modified),
            )

    def drop_pages_from(self, key: str, page: int) -> None:
        with self.store.transaction() as db:
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
        with self.store.transaction() as db:
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
        with self.store.transaction() as db:
            db.execute("UPDATE posts SET page = ? WHERE thread = ? AND post_id = ?", (page, key, post_id))

    def versions(self, key: str, post_id: str) -> list[dict[str, Any]]:
        rows = self.db.execute(
            "SELECT version, change, hash, seen_at, data FROM post_versions "
            "WHERE thread = ? AND post_id = ? ORDER BY version",
            (key, post_id),
        )
        return [{**dict(r), "data": json.loads(r["data"])} for r in rows]
