"""Where a replay reads a game from: streams of `Message`s, in thread order.

    thread_messages(source, profile)   SOURCE: a folder of saved pages (or one page),
                                       a thread URL, or a running game's store (*.sqlite3)
    pm_messages(source, profile)       the GM's PMs: a folder of saved PM pages, or JSON
                                       (a list of {sender|author, sent_at|posted_at, text})

A folder is read one page at a time (parse, extract, drop the tree): memory does not grow
with the thread, only with the few facts kept per post. Each post id is yielded once.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Callable, Iterator

from config.profiles import Profile
from gorod.store_posts import latest_posts
from scraper.errors import ScraperError
from scraper.extract import extract_file, page_files
from scraper.model import Emphasis, Written, revive_emphasis, revive_time


@dataclass(frozen=True)
class Message:
    """A post or a PM as the replay needs it."""
    id: str
    author: str
    when: datetime | None
    text: str
    emphasis: tuple[Emphasis, ...] = ()
    secret: tuple[str, ...] = ()
    private: bool = False       # a PM (secret orders), not a thread post
    source: str = ""

    @property
    def sender(self) -> str:
        """The author, under the name `scraper.orders.parse_message` reads."""
        return self.author

    @classmethod
    def of(cls, post: Written, *, private: bool = False) -> "Message":
        return cls(str(post.id), str(post.author), post.when, post.text or "",
                   tuple(post.emphasis or ()), tuple(post.secret or ()), private, post.source or "")

    @classmethod
    def from_json(cls, data: dict[str, Any], *, private: bool, where: str) -> "Message":
        if not isinstance(data, dict):
            raise ScraperError(f"{where}: expected a mapping, got {type(data).__name__}")
        author = data.get("author") or data.get("sender")
        if not author:
            raise ScraperError(f"{where}: no 'author' / 'sender'")
        raw_time = data.get("posted_at") or data.get("sent_at")
        try:
            when = revive_time(raw_time)
        except (TypeError, ValueError):
            raise ScraperError(f"{where}: unreadable time {raw_time!r}") from None
        emphasis = revive_emphasis(data.get("emphasis"))
        return cls(str(data.get("id", "")), str(author), when, str(data.get("text") or ""), emphasis,
                   tuple(map(str, data.get("secret") or ())), private, str(data.get("source", where)))


Progress = Callable[[int, int], None]


def thread_messages(source: str, profile: Profile | None, *, progress: Progress | None = None
                    ) -> Iterator[Message]:
    if source.startswith(("http://", "https://")):
        from scraper.live import read_thread
        if profile is None:
            raise ScraperError(f"{source}: a live thread needs the forum's profile (forum.profile)")
        for post in read_thread(profile, source):
            yield Message.of(post)
        return
    path = Path(source)
    if path.is_file() and path.suffix in (".sqlite3", ".sqlite", ".db"):
        yield from _store_messages(path, "topic")
        return
    yield from _pages(path, profile, private=False, progress=progress)


def pm_messages(source: str, profile: Profile | None) -> Iterator[Message]:
    path = Path(source)
    if path.is_file() and path.suffix == ".json":
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ScraperError(f"{path}: cannot read the PMs: {exc}") from None
        if not isinstance(data, list):
            raise ScraperError(f"{path}: expected a list of messages")
        for i, item in enumerate(data):
            yield Message.from_json(item, private=True, where=f"{path}[{i}]")
        return
    if path.is_file() and path.suffix in (".sqlite3", ".sqlite", ".db"):
        yield from _store_messages(path, "pm")
        return
    yield from _pages(path, profile, private=True)


def _pages(path: Path, profile: Profile | None, *, private: bool,
           progress: Progress | None = None) -> Iterator[Message]:
    files = page_files(path)
    seen: set[str] = set()
    for n, file in enumerate(files, 1):
        page = extract_file(file, profile)
        for post in page.posts:
            key = f"{file.name}#{post.id}" if private else post.id
            if key in seen:
                continue
            seen.add(key)
            yield Message.of(post, private=private)
        if progress is not None:
            progress(n, len(files))


STORE_SUFFIXES = (".sqlite3", ".sqlite", ".db")


def dealt_roles(source: str) -> dict[str, tuple[str, str]] | None:
    """The roles `gorod deal` stored in a game's store (nick -> (open, secret)), or None when
    SOURCE is not a store or holds no deal: a running game's secrets are there, not in its config."""
    path = Path(source)
    if not (path.is_file() and path.suffix in STORE_SUFFIXES):
        return None
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = db.execute("SELECT value FROM game_meta WHERE key = 'deal'").fetchone()
        finally:
            db.close()
    except sqlite3.Error:
        return None     # not a gorod store: reading its posts says so
    if not row:
        return None
    seats = json.loads(row[0]).get("seats") or {}
    return {str(nick): (str(pair[0]), str(pair[1])) for nick, pair in seats.items()}


def _store_messages(path: Path, kind: str) -> Iterator[Message]:
    """The latest version of every post of the store's threads of `kind` (topic / pm)."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)   # read-only: a replay never migrates it
        rows = latest_posts(db, kind)
    except sqlite3.Error as exc:
        raise ScraperError(f"{path}: not a gorod store: {exc}") from None
    for thread, post_id, data in rows:
        yield Message.from_json(data, private=(kind == "pm"), where=f"{path}:{thread}#{post_id}")
