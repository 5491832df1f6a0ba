"""gorod's one SQLite store: a connection, a schema version, migrations as a list.

`Store(path)` opens (or creates) the database in WAL mode and brings its schema up to
date by running, in order, every migration of `MIGRATIONS` past the recorded version.
A migration is appended, never edited: to change the schema, add a step at the end.
A step is SQL, and may rewrite rows in Python after it (`then`, in the same transaction:
migration 3 reads every stored order's text once into JSON); a store made by an older
gorod opens in a newer one (tests/loop/test_game_log.py opens one made before step 3).
Each concern keeps its queries in a module of its own over `Store` (the scraper's poll
state: `gorod.store_posts`, whose `PostTables` the Store inherits: it is the pollers'
`scraper.poststore.PostStore`); later concerns (orders, events, drafts) add their tables
as new steps here and their module beside it.

Opening writes nothing when the schema is current (a read-only or busy store still opens
for reading); a new file is made whole beside its place and linked in, so a failed creation
leaves nothing behind. What is already at the path must be a gorod store: a zero-length
file, a non-SQLite file or another program's database is refused (`gorod.store_faults`),
and so is a file `PRAGMA quick_check` finds damaged. SQLite's faults of the file (busy,
read-only, disk full, corrupt) become a `StoreError`, Russian, naming the file.

Stdlib `sqlite3` only. `store.transaction()` is the one way to write: it commits on
success and rolls back on an exception, so a poll that dies half-way leaves no trace.
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from engine.orders import Order, OrderError
from gorod.store_faults import check_whole, foreign_tables, newer, refuse_foreign, told
from gorod.store_posts import PostTables

# Opening waits this long for another process's write (a migration), then says «игра занята»;
# afterwards, a write waits the longer BUSY_MS (the worker and the console share the file).
OPEN_BUSY_MS = 1500
BUSY_MS = 5000


@dataclass(frozen=True)
class Migration:
    name: str
    sql: str
    # Rows to rewrite after the SQL, in the same transaction (what SQL alone cannot compute).
    then: Callable[[sqlite3.Connection], None] | None = None


def order_json_of_text(text: str) -> str | None:
    """The stored JSON of an order given as text (the YAML flow form); None for a text that is
    no order: it stays text, and reading it says why, as before."""
    try:
        return json.dumps(Order.parse(text).to_mapping(), ensure_ascii=False)
    except OrderError:
        return None


def _orders_as_json(db: sqlite3.Connection) -> None:
    """Migration 3: every stored order's text read once into JSON."""
    as_json = order_json_of_text
    for row_id, text in db.execute("SELECT id, text FROM game_orders WHERE data IS NULL").fetchall():
        db.execute("UPDATE game_orders SET data = ? WHERE id = ?", (as_json(text), row_id))
    for phase, texts in db.execute("SELECT phase, orders FROM phases WHERE order_data IS NULL").fetchall():
        data = [as_json(t) for t in json.loads(texts)]
        if all(d is not None for d in data):
            db.execute("UPDATE phases SET order_data = ? WHERE phase = ?",
                       (json.dumps([json.loads(d) for d in data], ensure_ascii=False), phase))


MIGRATIONS: list[Migration] = [
    Migration(
        "scraper: threads, their pages, post versions",
        """
        -- A forum thread or a PM conversation that gorod polls.
        CREATE TABLE threads (
            key           TEXT PRIMARY KEY,   -- 'topic:<url>' or 'pm:<base>:<conversation id>'
            kind          TEXT NOT NULL CHECK (kind IN ('topic', 'pm')),
            url           TEXT NOT NULL,      -- page 1
            subject       TEXT,
            known_count   INTEGER,            -- posts the forum's listing last said it has
            polled_at     TEXT
        );
        -- Every page of a thread seen so far: where to resume, and its validators.
        CREATE TABLE thread_pages (
            thread        TEXT NOT NULL REFERENCES threads(key),
            page          INTEGER NOT NULL,
            url           TEXT NOT NULL,
            etag          TEXT,
            last_modified TEXT,
            PRIMARY KEY (thread, page)
        );
        -- The current state of each post: its latest version and where it was seen.
        CREATE TABLE posts (
            thread        TEXT NOT NULL REFERENCES threads(key),
            post_id       TEXT NOT NULL,
            sort_key      INTEGER NOT NULL,   -- thread order
            page          INTEGER NOT NULL,
            version       INTEGER NOT NULL,
            hash          TEXT NOT NULL,
            deleted       INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (thread, post_id)
        );
        -- Every version of every post, as seen (JSON of scraper.model.Post).
        CREATE TABLE post_versions (
            thread        TEXT NOT NULL,
            post_id       TEXT NOT NULL,
            version       INTEGER NOT NULL,
            change        TEXT NOT NULL CHECK (change IN ('new', 'edited', 'deleted')),
            hash          TEXT NOT NULL,
            seen_at       TEXT NOT NULL,
            data          TEXT NOT NULL,
            PRIMARY KEY (thread, post_id, version)
        );
        """,
    ),
    Migration(
        "game loop: game facts, orders, unresolved items, notices, phases, drafts, outbox",
        """
        -- Facts of the game as JSON by name: the deal, the open phase, its deadline, ...
        CREATE TABLE game_meta (
            key           TEXT PRIMARY KEY,
            value         TEXT NOT NULL,
            updated_at    TEXT NOT NULL
        );
        -- Every order with its source; a source's orders are numbered (item), so reading the
        -- same post version twice (after a crash) adds nothing.
        CREATE TABLE game_orders (
            id            INTEGER PRIMARY KEY,
            phase         TEXT NOT NULL,
            text          TEXT NOT NULL,           -- str(engine.orders.Order)
            by            TEXT NOT NULL,
            source_kind   TEXT NOT NULL CHECK (source_kind IN ('post', 'pm', 'gm')),
            source_id     TEXT NOT NULL,           -- post / message id, or 'gm:<n>'
            source_version INTEGER NOT NULL,
            item          INTEGER NOT NULL,
            status        TEXT NOT NULL CHECK (status IN ('active', 'superseded', 'dropped', 'late')),
            note          TEXT,
            given_at      TEXT,
            created_at    TEXT NOT NULL,
            UNIQUE (source_kind, source_id, source_version, item)
        );
        -- What the parser could not read with certainty: the GM decides.
        CREATE TABLE unresolved (
            id            INTEGER PRIMARY KEY,
            phase         TEXT NOT NULL,
            author        TEXT,
            source_kind   TEXT NOT NULL,
            source_id     TEXT NOT NULL,
            source_version INTEGER NOT NULL,
            item          INTEGER NOT NULL,
            text          TEXT NOT NULL,
            reason        TEXT NOT NULL,
            candidates    TEXT NOT NULL,           -- JSON list
            status        TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
            created_at    TEXT NOT NULL,
            UNIQUE (source_kind, source_id, source_version, item)
        );
        -- What the GM is told: edited orders with their diff, the vote complete, errors.
        CREATE TABLE notices (
            id            INTEGER PRIMARY KEY,
            key           TEXT NOT NULL UNIQUE,
            phase         TEXT,
            kind          TEXT NOT NULL,
            text          TEXT NOT NULL,
            seen          INTEGER NOT NULL DEFAULT 0,
            created_at    TEXT NOT NULL
        );
        -- The engine's log: each resolved phase with the orders it took and its events.
        CREATE TABLE phases (
            phase         TEXT PRIMARY KEY,
            idx           INTEGER NOT NULL UNIQUE,
            orders        TEXT NOT NULL,           -- JSON list of order texts, in order
            order_ids     TEXT NOT NULL,           -- JSON list of orders.id
            events        TEXT NOT NULL,           -- JSON list of events
            resolved_at   TEXT NOT NULL
        );
        -- Drafts for the GM's approval; posted only once approved.
        CREATE TABLE drafts (
            id            INTEGER PRIMARY KEY,
            key           TEXT NOT NULL UNIQUE,
            kind          TEXT NOT NULL,
            phase         TEXT,
            audience      TEXT NOT NULL,           -- 'public' or a nickname
            title         TEXT NOT NULL,
            body          TEXT NOT NULL,
            original      TEXT NOT NULL,           -- the body as drafted, before edits
            trace         TEXT NOT NULL,           -- JSON: the events it was built from
            state         TEXT NOT NULL CHECK (state IN ('pending', 'approved', 'rejected', 'posted')),
            created_at    TEXT NOT NULL,
            updated_at    TEXT NOT NULL
        );
        -- Posting: the intent is stored before the request, the forum's id after it.
        CREATE TABLE outbox (
            id            INTEGER PRIMARY KEY,
            draft_id      INTEGER NOT NULL REFERENCES drafts(id),
            part          INTEGER NOT NULL,
            parts         INTEGER NOT NULL,
            target        TEXT NOT NULL,           -- 'topic' or 'pm'
            recipient     TEXT,
            title         TEXT,
            text          TEXT NOT NULL,
            after_id      INTEGER,                 -- the highest post id known before sending
            state         TEXT NOT NULL CHECK (state IN ('intent', 'confirmed')),
            attempts      INTEGER NOT NULL DEFAULT 0,
            forum_id      TEXT,
            url           TEXT,
            created_at    TEXT NOT NULL,
            confirmed_at  TEXT,
            UNIQUE (draft_id, part)
        );
        """,
    ),
    Migration(
        "game log: orders as JSON beside their text",
        """
        -- The order as a value (JSON of engine.orders.Order.to_mapping); `text` stays for display.
        ALTER TABLE game_orders ADD COLUMN data TEXT;
        -- The phase's orders likewise, a JSON list in the order of `orders`.
        ALTER TABLE phases ADD COLUMN order_data TEXT;
        """,
        then=_orders_as_json,
    ),
    Migration(
        "unresolved items: the parser's code beside its Russian reason",
        """
        -- JSON {"code": scraper.orders.result.Reason, "ability": ...}: what the text columns do not
        -- hold. NULL on rows stored before; `gorod.loop.records.asked_of` reads the code from the reason.
        ALTER TABLE unresolved ADD COLUMN data TEXT;
        """,
    ),
]


class Store(PostTables):
    def __init__(self, path: str | Path, migrations: list[Migration] | None = None) -> None:
        self.path = str(path)
        self._depth = 0
        self.created = False                   # this open made the file: a game begins here
        migrations = MIGRATIONS if migrations is None else migrations
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            refuse_foreign(self.path)          # a zero-length or foreign file is no new game
            if not Path(self.path).exists():
                _create(self.path, migrations)
                self.created = True
        with told(self.path):
            self.db = connect(self.path)
            self.db.execute(f"PRAGMA busy_timeout={OPEN_BUSY_MS}")
            if self.path != ":memory:":
                check_whole(self.db, self.path)
            if self.db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.migrate(migrations)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_MS}")

    @classmethod
    def over(cls, db: sqlite3.Connection, path: str) -> "Store":
        """A store over an open connection (the new file being made), named by `path`."""
        store = cls.__new__(cls)
        store.db, store.path, store._depth, store.created = db, path, 0, True
        return store

    # -- schema -----------------------------------------------------------------------
    def migrate(self, migrations: list[Migration]) -> None:
        """Up to date: nothing written (a read-only or busy store still opens for reading).
        Old: the missing steps, in one write transaction."""
        current = self._recorded_version()
        if current == len(migrations):
            return
        if current > len(migrations):
            raise newer(self.path, current, len(migrations))
        with self.transaction():
            self.db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL, name TEXT, applied_at TEXT)"
            )
            current = self.version       # another process may have migrated meanwhile
            if current > len(migrations):
                raise newer(self.path, current, len(migrations))
            for number, migration in enumerate(migrations[current:], start=current + 1):
                for statement in _statements(migration.sql):
                    self.db.execute(statement)
                if migration.then is not None:
                    migration.then(self.db)
                self.db.execute(
                    "INSERT INTO schema_version VALUES (?, ?, datetime('now'))", (number, migration.name)
                )

    def _recorded_version(self) -> int:
        tables = [row[0] for row in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        if "schema_version" in tables:
            return self.version
        if tables:
            raise foreign_tables(self.path, tables)
        return 0

    @property
    def version(self) -> int:
        row = self.db.execute("SELECT max(version) FROM schema_version").fetchone()
        return row[0] or 0

    # -- transactions ---------------------------------------------------------------------
    def revision(self) -> tuple[int, int]:
        """A value that changes whenever the store does: a commit by another connection
        (SQLite's data_version) or a change made through this one (total_changes)."""
        (version,) = self.db.execute("PRAGMA data_version").fetchone()
        return int(version), self.db.total_changes

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """A write transaction; nested uses join the outer one."""
        if self._depth:
            self._depth += 1
            try:
                yield self.db
            finally:
                self._depth -= 1
            return
        with told(self.path):
            self.db.execute("BEGIN IMMEDIATE")
        self._depth = 1
        try:
            with told(self.path):          # a full disk or a lost lock mid-write: in Russian
                try:
                    yield self.db
                    self.db.execute("COMMIT")
                except BaseException:
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    raise
        finally:
            self._depth = 0

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def connect(path: str) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level=None)  # we open transactions ourselves
    db.row_factory = sqlite3.Row
    return db


def _create(path: str, migrations: list[Migration]) -> None:
    """A new store, made whole beside `path` and linked into place: a creation that fails
    half-way (a full disk, Ctrl-C) leaves no zero-length file to be refused next time."""
    folder = Path(path).parent
    fd, scratch = tempfile.mkstemp(prefix=Path(path).name + ".", suffix=".new", dir=folder)
    os.close(fd)
    try:
        with told(path):
            db = connect(scratch)
            try:
                db.execute("PRAGMA journal_mode=WAL")
                Store.over(db, path).migrate(migrations)
            finally:
                db.close()
        try:
            os.link(scratch, path)             # fails if another process made it first: theirs stands
        except FileExistsError:
            pass
        except OSError:                        # a file system without hard links
            if not Path(path).exists():
                os.replace(scratch, path)
    finally:
        for leftover in (scratch, scratch + "-wal", scratch + "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(leftover)


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (executescript would commit mid-transaction)."""
    out, buf = [], ""
    for line in sql.splitlines(keepends=True):
        buf += line
        if sqlite3.complete_statement(buf):
            out.append(buf.strip())
            buf = ""
    if buf.strip() and not all(l.strip().startswith("--") or not l.strip() for l in buf.splitlines()):
        raise ValueError(f"a migration ends with an incomplete statement: {buf.strip()[:80]!r}")
    return out
