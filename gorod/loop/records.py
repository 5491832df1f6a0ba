"""The game loop's tables in the store (migration 2 of `gorod.store`): queries only.

`Records(store)` reads and writes game facts (`meta`), orders with their sources,
unresolved items, notices for the GM, the phase log, drafts and the outbox. Every
insert that may be repeated after a crash is idempotent: orders and unresolved items
are unique by (source kind, source id, version, item), drafts and notices by key.
Nothing here talks to a forum or to the engine.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterable

from gorod.store import Store

DRAFT_STATES = ("pending", "approved", "rejected", "posted")


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class OrderRow:
    id: int
    phase: str
    text: str
    by: str
    source_kind: str
    source_id: str
    source_version: int
    item: int
    status: str
    note: str | None
    given_at: str | None

    @property
    def source(self) -> str:
        if self.source_kind == "gm":
            return "мастер"
        return f"{'пост' if self.source_kind == 'post' else 'ЛС'} {self.source_id} v{self.source_version}"


@dataclass(frozen=True)
class DraftRow:
    id: int
    key: str
    kind: str
    phase: str | None
    audience: str
    title: str
    body: str
    original: str
    trace: list
    state: str
    created_at: str
    updated_at: str

    @property
    def edited(self) -> bool:
        return self.body != self.original

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "key": self.key, "kind": self.kind, "phase": self.phase,
                "audience": self.audience, "title": self.title, "body": self.body,
                "state": self.state, "edited": self.edited, "trace": self.trace}


@dataclass(frozen=True)
class OutboxRow:
    id: int
    draft_id: int
    part: int
    parts: int
    target: str
    recipient: str | None
    title: str | None
    text: str
    after_id: int | None
    state: str
    attempts: int
    forum_id: str | None
    url: str | None


class Records:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    # -- meta -----------------------------------------------------------------------------
    def get(self, key: str, default: Any = None) -> Any:
        row = self.db.execute("SELECT value FROM game_meta WHERE key = ?", (key,)).fetchone()
        return json.loads(row["value"]) if row else default

    def put(self, key: str, value: Any) -> None:
        with self.store.transaction() as db:
            db.execute("INSERT INTO game_meta (key, value, updated_at) VALUES (?, ?, ?) "
                       "ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                       (key, json.dumps(value, ensure_ascii=False), _now()))

    # -- orders ---------------------------------------------------------------------------
    def add_order(self, phase: str, text: str, by: str, *, source_kind: str, source_id: str,
                  source_version: int = 1, item: int = 0, status: str = "active", note: str | None = None,
                  given_at: str | None = None) -> int | None:
        """Store an order; None when this (source, version, item) is stored already."""
        with self.store.transaction() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO game_orders (phase, text, by, source_kind, source_id, source_version, item, "
                "status, note, given_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (phase, text, by, source_kind, source_id, source_version, item, status, note, given_at, _now()))
            return cur.lastrowid if cur.rowcount else None

    def orders(self, phase: str | None = None, *, status: str | None = "active") -> list[OrderRow]:
        sql, args = "SELECT * FROM game_orders WHERE 1=1", []
        if phase is not None:
            sql += " AND phase = ?"
            args.append(phase)
        if status is not None:
            sql += " AND status = ?"
            args.append(status)
        return [_order(r) for r in self.db.execute(sql + " ORDER BY id", args)]

    def order(self, order_id: int) -> OrderRow | None:
        row = self.db.execute("SELECT * FROM game_orders WHERE id = ?", (order_id,)).fetchone()
        return _order(row) if row else None

    def source_orders(self, kind: str, source_id: str) -> list[OrderRow]:
        rows = self.db.execute("SELECT * FROM game_orders WHERE source_kind = ? AND source_id = ? ORDER BY id",
                               (kind, source_id))
        return [_order(r) for r in rows]

    def set_order_status(self, order_id: int, status: str, note: str | None = None) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE game_orders SET status = ?, note = coalesce(?, note) WHERE id = ?",
                       (status, note, order_id))

    def next_gm_source(self) -> str:
        row = self.db.execute("SELECT count(*) FROM game_orders WHERE source_kind = 'gm'").fetchone()
        return f"gm:{row[0] + 1}"

    # -- unresolved -------------------------------------------------------------------------
    def add_unresolved(self, phase: str, author: str | None, *, source_kind: str, source_id: str,
                       source_version: int, item: int, text: str, reason: str,
                       candidates: Iterable[str]) -> int | None:
        with self.store.transaction() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO unresolved (phase, author, source_kind, source_id, source_version, item, "
                "text, reason, candidates, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (phase, author, source_kind, source_id, source_version, item, text, reason,
                 json.dumps(list(candidates), ensure_ascii=False), _now()))
            return cur.lastrowid if cur.rowcount else None

    def unresolved(self, *, open_only: bool = True) -> list[dict[str, Any]]:
        sql = "SELECT * FROM unresolved" + (" WHERE status = 'open'" if open_only else "") + " ORDER BY id"
        return [{**dict(r), "candidates": json.loads(r["candidates"])} for r in self.db.execute(sql)]

    def close_source_unresolved(self, kind: str, source_id: str, below_version: int) -> None:
        """An edited post's earlier versions: their unresolved items are moot."""
        with self.store.transaction() as db:
            db.execute("UPDATE unresolved SET status = 'done' WHERE source_kind = ? AND source_id = ? "
                       "AND source_version < ? AND status = 'open'", (kind, source_id, below_version))

    def close_unresolved(self, item_id: int) -> bool:
        with self.store.transaction() as db:
            return db.execute("UPDATE unresolved SET status = 'done' WHERE id = ?", (item_id,)).rowcount > 0

    # -- notices ----------------------------------------------------------------------------
    def notice(self, key: str, kind: str, text: str, phase: str | None = None) -> bool:
        with self.store.transaction() as db:
            cur = db.execute("INSERT OR IGNORE INTO notices (key, phase, kind, text, created_at) VALUES (?, ?, ?, ?, ?)",
                             (key, phase, kind, text, _now()))
            return cur.rowcount > 0

    def notices(self, *, unseen_only: bool = False) -> list[dict[str, Any]]:
        sql = "SELECT * FROM notices" + (" WHERE seen = 0" if unseen_only else "") + " ORDER BY id"
        return [dict(r) for r in self.db.execute(sql)]

    def mark_notices_seen(self, ids: Iterable[int] | None = None) -> int:
        """Mark notices read (all unread ones when `ids` is None); how many changed."""
        with self.store.transaction() as db:
            if ids is None:
                return db.execute("UPDATE notices SET seen = 1 WHERE seen = 0").rowcount
            ids = list(ids)
            return db.execute(f"UPDATE notices SET seen = 1 WHERE seen = 0 AND id IN ({', '.join('?' * len(ids))})",
                              ids).rowcount

    def clear_notices(self, key_prefix: str) -> None:
        """Their cause is gone (a draft posted, a post read after all): they are read."""
        with self.store.transaction() as db:
            db.execute("UPDATE notices SET seen = 1 WHERE seen = 0 AND substr(key, 1, ?) = ?",
                       (len(key_prefix), key_prefix))

    # -- phases -----------------------------------------------------------------------------
    def save_phase(self, phase: str, idx: int, orders: list[str], order_ids: list[int], events: list[dict]) -> None:
        with self.store.transaction() as db:
            db.execute("INSERT INTO phases (phase, idx, orders, order_ids, events, resolved_at) VALUES (?, ?, ?, ?, ?, ?)",
                       (phase, idx, json.dumps(orders, ensure_ascii=False), json.dumps(order_ids),
                        json.dumps(events, ensure_ascii=False), _now()))

    def phases(self) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT * FROM phases ORDER BY idx")
        return [{**dict(r), "orders": json.loads(r["orders"]), "order_ids": json.loads(r["order_ids"]),
                 "events": json.loads(r["events"])} for r in rows]

    # -- drafts -----------------------------------------------------------------------------
    def add_draft(self, *, key: str, kind: str, phase: str | None, audience: str, title: str, body: str,
                  trace: list) -> int:
        """Store a pending draft; a draft with this key already there is kept (its id returned)."""
        with self.store.transaction() as db:
            now = _now()
            db.execute("INSERT OR IGNORE INTO drafts (key, kind, phase, audience, title, body, original, trace, state, "
                       "created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)",
                       (key, kind, phase, audience, title, body, body, json.dumps(trace, ensure_ascii=False), now, now))
            return db.execute("SELECT id FROM drafts WHERE key = ?", (key,)).fetchone()[0]

    def drafts(self, states: Iterable[str] | None = None) -> list[DraftRow]:
        sql, args = "SELECT * FROM drafts", []
        if states is not None:
            states = list(states)
            sql += f" WHERE state IN ({', '.join('?' * len(states))})"
            args = states
        return [_draft(r) for r in self.db.execute(sql + " ORDER BY id", args)]

    def draft(self, draft_id: int) -> DraftRow | None:
        row = self.db.execute("SELECT * FROM drafts WHERE id = ?", (draft_id,)).fetchone()
        return _draft(row) if row else None

    def set_draft_state(self, draft_id: int, state: str, *, expect: Iterable[str] | None = None) -> bool:
        with self.store.transaction() as db:
            sql, args = "UPDATE drafts SET state = ?, updated_at = ? WHERE id = ?", [state, _now(), draft_id]
            if expect is not None:
                expect = list(expect)
                sql += f" AND state IN ({', '.join('?' * len(expect))})"
                args.extend(expect)
            return db.execute(sql, args).rowcount > 0

    def set_draft_body(self, draft_id: int, body: str, title: str | None = None) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE drafts SET body = ?, title = coalesce(?, title), updated_at = ? WHERE id = ?",
                       (body, title, _now(), draft_id))

    # -- outbox -----------------------------------------------------------------------------
    def outbox(self, draft_id: int | None = None) -> list[OutboxRow]:
        sql, args = "SELECT * FROM outbox", []
        if draft_id is not None:
            sql += " WHERE draft_id = ?"
            args.append(draft_id)
        return [_outbox(r) for r in self.db.execute(sql + " ORDER BY draft_id, part", args)]

    def add_intent(self, draft_id: int, part: int, parts: int, *, target: str, recipient: str | None,
                   title: str | None, text: str, after_id: int | None) -> OutboxRow:
        with self.store.transaction() as db:
            db.execute("INSERT OR IGNORE INTO outbox (draft_id, part, parts, target, recipient, title, text, after_id, "
                       "state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'intent', ?)",
                       (draft_id, part, parts, target, recipient, title, text, after_id, _now()))
            row = db.execute("SELECT * FROM outbox WHERE draft_id = ? AND part = ?", (draft_id, part)).fetchone()
        return _outbox(row)

    def count_attempt(self, outbox_id: int) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", (outbox_id,))

    def confirm(self, outbox_id: int, forum_id: str, url: str | None) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE outbox SET state = 'confirmed', forum_id = ?, url = ?, confirmed_at = ? WHERE id = ?",
                       (forum_id, url, _now(), outbox_id))


def _order(r) -> OrderRow:
    return OrderRow(r["id"], r["phase"], r["text"], r["by"], r["source_kind"], r["source_id"],
                    r["source_version"], r["item"], r["status"], r["note"], r["given_at"])


def _draft(r) -> DraftRow:
    return DraftRow(r["id"], r["key"], r["kind"], r["phase"], r["audience"], r["title"], r["body"],
                    r["original"], json.loads(r["trace"]), r["state"], r["created_at"], r["updated_at"])


def _outbox(r) -> OutboxRow:
    return OutboxRow(r["id"], r["draft_id"], r["part"], r["parts"], r["target"], r["recipient"], r["title"],
                     r["text"], r["after_id"], r["state"], r["attempts"], r["forum_id"], r["url"])
