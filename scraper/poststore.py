"""What the pollers keep between passes, as a protocol: the scraper owns no database.

A thread is keyed by a string (`topic:<page-1 URL>` or `pm:<base URL>#<conversation id>`).
For each thread a post store keeps the pages seen (URL and HTTP validators, to resume
from the last one), the current state of each post (version, content hash, deleted flag)
and every version seen (the JSON of `scraper.model.Post`).

`PostStore` is what `scraper.poll` needs; gorod's SQLite store implements it
(`gorod.store_posts`), and `MemoryPostStore` here is the store of a one-shot read
(`scraper.live` without a store). Writes go inside `transaction()`: a pass that dies
half-way leaves no trace.
"""
from __future__ import annotations

import copy
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, replace
from typing import Any, Callable, Iterator, Protocol


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


class PostStore(Protocol):
    def transaction(self) -> AbstractContextManager[Any]: ...

    # threads
    def ensure_thread(self, key: str, kind: str, url: str, subject: str | None = None) -> None: ...
    def known_count(self, key: str) -> int | None: ...
    def set_known_count(self, key: str, count: int | None) -> None: ...
    def mark_polled(self, key: str, when: str) -> None: ...

    # pages
    def pages(self, key: str) -> dict[int, PageState]: ...
    def save_page(self, key: str, state: PageState) -> None: ...
    def drop_pages_from(self, key: str, page: int) -> None: ...

    # posts
    def known_posts(self, key: str) -> dict[str, KnownPost]: ...
    def record(self, key: str, post_id: str, *, sort_key: int, page: int, change: str, hash: str,
               data: dict, seen_at: str) -> int: ...
    def move(self, key: str, post_id: str, page: int) -> None: ...
    def last_data(self, key: str, post_id: str) -> dict | None: ...


@dataclass
class _Thread:
    kind: str
    url: str
    subject: str | None = None
    known_count: int | None = None
    polled_at: str | None = None


class MemoryPostStore:
    """A `PostStore` in memory: everything is new on its first pass, nothing outlives it.

    A failed transaction is undone (each write inside one records how to undo itself)."""

    def __init__(self) -> None:
        self._threads: dict[str, _Thread] = {}
        self._pages: dict[str, dict[int, PageState]] = {}
        self._posts: dict[str, dict[str, KnownPost]] = {}
        self._last: dict[tuple[str, str], dict] = {}   # each post's latest version (the JSON)
        self._undo: list[Callable[[], None]] | None = None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        if self._undo is not None:      # nested: joins the outer one
            yield
            return
        self._undo = []
        try:
            yield
        except BaseException:
            for undo in reversed(self._undo):
                undo()
            raise
        finally:
            self._undo = None

    def _write(self, table: dict, key: Any, value: Any) -> None:
        with self.transaction():
            self._undo.append(_restorer(table, key))
            table[key] = value

    def _delete(self, table: dict, key: Any) -> None:
        with self.transaction():
            self._undo.append(_restorer(table, key))
            del table[key]

    # -- threads
    def ensure_thread(self, key: str, kind: str, url: str, subject: str | None = None) -> None:
        old = self._threads.get(key)
        new = _Thread(kind, url, subject) if old is None else replace(old, subject=subject or old.subject)
        self._write(self._threads, key, new)

    def known_count(self, key: str) -> int | None:
        thread = self._threads.get(key)
        return thread.known_count if thread else None

    def set_known_count(self, key: str, count: int | None) -> None:
        if key in self._threads:
            self._write(self._threads, key, replace(self._threads[key], known_count=count))

    def mark_polled(self, key: str, when: str) -> None:
        if key in self._threads:
            self._write(self._threads, key, replace(self._threads[key], polled_at=when))

    # -- pages
    def pages(self, key: str) -> dict[int, PageState]:
        return dict(sorted(self._pages.get(key, {}).items()))

    def save_page(self, key: str, state: PageState) -> None:
        self._write(self._pages.setdefault(key, {}), state.page, state)

    def drop_pages_from(self, key: str, page: int) -> None:
        pages = self._pages.get(key, {})
        for n in [n for n in pages if n >= page]:
            self._delete(pages, n)

    # -- posts
    def known_posts(self, key: str) -> dict[str, KnownPost]:
        return dict(self._posts.get(key, {}))

    def record(self, key: str, post_id: str, *, sort_key: int, page: int, change: str, hash: str,
               data: dict, seen_at: str) -> int:
        with self.transaction():
            posts = self._posts.setdefault(key, {})
            old = posts.get(post_id)
            version = (old.version if old else 0) + 1
            self._write(posts, post_id, KnownPost(post_id, sort_key, page, version, hash, change == "deleted"))
            self._write(self._last, (key, post_id), copy.deepcopy(data))
        return version

    def move(self, key: str, post_id: str, page: int) -> None:
        posts = self._posts.get(key, {})
        if post_id in posts:
            self._write(posts, post_id, replace(posts[post_id], page=page))

    def last_data(self, key: str, post_id: str) -> dict | None:
        data = self._last.get((key, post_id))
        return copy.deepcopy(data) if data is not None else None


def _restorer(table: dict, key: Any) -> Callable[[], None]:
    """How to put `table[key]` back as it is now (absent included)."""
    if key not in table:
        return lambda: table.pop(key, None)
    old = table[key]
    return lambda: table.__setitem__(key, old)
