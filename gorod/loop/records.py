"""The game loop's tables in the store (migration 2 of `gorod.store`): queries only.

`Records(store)` reads and writes game facts (`meta`), orders with their sources,
unresolved items, notices for the GM, the phase log, drafts and the outbox. Every
insert that may be repeated after a crash is idempotent: orders and unresolved items
are unique by (source kind, source id, version, item), drafts and notices by key.
Rows come back as dataclasses, their states and kinds as enums (`str` enums: they compare
and print as the stored words), phases as `PhaseId` values, orders as `engine.orders.Order`
values read from their stored JSON (the text form is kept beside it, for display), an
unresolved item as the parser's `Unresolved` it was stored from (its code with it).
Nothing here talks to a forum or calls the engine.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime, timezone
from enum import Enum, StrEnum
from functools import cached_property
from typing import Any, Iterable

from engine.orders import Order
from engine.phase import PhaseId
from gorod.store import Store, order_json_of_text
from publisher.russian import inflect_nick
from scraper.orders.result import MESSAGES, Reason as AskedWhy, Unresolved

# the longest first: a text that begins with another's is read as its own
MESSAGES_BY_LENGTH = sorted(MESSAGES.items(), key=lambda item: -len(item[1]))


class OrderStatus(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    DROPPED = "dropped"
    LATE = "late"


class DraftState(StrEnum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"
    POSTED = "posted"


class OutboxState(StrEnum):
    INTENT = "intent"
    CONFIRMED = "confirmed"


class UnresolvedStatus(StrEnum):
    OPEN = "open"
    DONE = "done"   # settled by an order, dismissed, or moot (a later edit of its source)


class NoticeKind(StrEnum):
    """What a notice to the GM is about (the `kind` of a `notices` row)."""
    INBOX = "inbox"                  # a player's message to the GM that holds no order
    EDITED = "edited"                # an order's source edited: the diff
    DELETED = "deleted"              # a post with orders in force deleted
    BOUNDARY = "boundary"            # a post in the same minute as the deadline
    ERROR = "error"                  # a read, a write or an order that failed
    VOTE_COMPLETE = "vote_complete"  # everyone who may vote has voted
    DRIFT = "drift"                  # a stored phase resolves otherwise now
    DEAD_POST = "dead_post"          # a player on the Кладбище posts in the thread
    CHANGE_OF_MIND = "change_of_mind"  # a second order of a once-a-night ability: which one? (gorod.loop.mind)
    CLOCK = "clock"                  # the forum's times are not in the profile's zone, or an order
                                     # read as written before the deal
    QUESTION = "question"            # the phase waits for a player's choice (`standing_orders: false`)


class NoticeSeen(int, Enum):
    UNREAD = 0
    READ = 1    # read by the GM
    GONE = 2    # its cause went away unread (`clear_notices`): may be shown anew


DRAFT_STATES = tuple(DraftState)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class OrderRow:
    id: int
    phase: PhaseId
    text: str
    by: str
    source_kind: str
    source_id: str
    source_version: int
    item: int
    status: OrderStatus
    note: str | None
    given_at: str | None
    data: str | None = None   # the order's JSON (`Order.to_mapping`); None for a text that is no order

    @cached_property
    def order(self) -> Order:
        """The order as a value, from its JSON (an `OrderError` for a stored text that is no order)."""
        return order_of(self.data, self.text)

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "phase": str(self.phase), "text": self.text, "by": self.by,
                "source_kind": self.source_kind, "source_id": self.source_id,
                "source_version": self.source_version, "item": self.item, "status": self.status,
                "note": self.note, "given_at": self.given_at}

    @property
    def source(self) -> str:
        if self.source_kind == "gm":
            return "мастер"
        edit = f", правка {self.source_version - 1}" if self.source_version and self.source_version > 1 else ""
        if self.source_kind == "post":
            return f"пост {self.source_id} от {inflect_nick(self.by, 'gent')}{edit}"
        return f"ЛС от {inflect_nick(self.by, 'gent')} ({pm_place(self.source_id)}){edit}"


@dataclass(frozen=True)
class UnresolvedRow:
    """An item the parser could not read with certainty, with its source: the GM decides."""

    id: int
    phase: PhaseId
    author: str | None
    source_kind: str
    source_id: str
    source_version: int
    item: int
    asked: Unresolved        # the parser's item: text, code, reason, candidates, ability
    status: UnresolvedStatus
    created_at: str

    @property
    def text(self) -> str:
        return self.asked.text

    @property
    def reason(self) -> str:
        """The GM's Russian text of why it was not read."""
        return self.asked.reason

    @property
    def code(self) -> AskedWhy:
        return self.asked.code

    @property
    def candidates(self) -> tuple[str, ...]:
        return self.asked.candidates

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "phase": str(self.phase), "author": self.author,
                "source_kind": self.source_kind, "source_id": self.source_id,
                "source_version": self.source_version, "item": self.item, "text": self.text,
                "reason": self.reason, "candidates": list(self.candidates), "status": self.status,
                "created_at": self.created_at, "code": self.code.value}


@dataclass(frozen=True)
class NoticeRow:
    """A notice to the GM (the inbox's item): a player's letter or what gorod noticed."""

    id: int
    key: str
    kind: NoticeKind
    phase: str | None        # shown while that phase is open ('night 1', 'day 2', or 'start' for a
                             # start PM's draft); None: until read
    text: str
    state: NoticeSeen
    created_at: str

    @property
    def seen(self) -> bool:
        return self.state is not NoticeSeen.UNREAD

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "phase": self.phase,
                "text": self.text, "seen": self.seen, "created_at": self.created_at}


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
    state: DraftState
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
class PhaseRow:
    """One resolved phase of the log: the orders it took (in order) and the events stored."""

    phase: PhaseId
    idx: int
    orders: tuple[Order, ...]
    order_ids: tuple[int, ...]
    events: list[dict]        # as stored when it was resolved (`gorod.loop.eventlog.event_json`)
    resolved_at: str

    @property
    def texts(self) -> list[str]:
        """The orders' text form, for display."""
        return [str(o) for o in self.orders]


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
    state: OutboxState
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
    def add_order(self, phase: str | PhaseId, order: Order | str, by: str, *, source_kind: str, source_id: str,
                  source_version: int = 1, item: int = 0, status: str = OrderStatus.ACTIVE,
                  note: str | None = None, given_at: str | None = None) -> int | None:
        """Store an order (a value, or its text form); None when this (source, version, item)
        is stored already."""
        text, data = (str(order), order_json(order)) if isinstance(order, Order) else (order, order_json_of_text(order))
        with self.store.transaction() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO game_orders (phase, text, by, source_kind, source_id, source_version, item, "
                "status, note, given_at, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(phase), text, by, source_kind, source_id, source_version, item, OrderStatus(status), note,
                 given_at, _now(), data))
            return cur.lastrowid if cur.rowcount else None

    def orders(self, phase: str | PhaseId | None = None, *, status: str | None = OrderStatus.ACTIVE) -> list[OrderRow]:
        sql, args = "SELECT * FROM game_orders WHERE 1=1", []
        if phase is not None:
            sql += " AND phase = ?"
            args.append(str(phase))
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
    def add_unresolved(self, phase: str | PhaseId, author: str | None, asked: Unresolved, *, source_kind: str,
                       source_id: str, source_version: int, item: int) -> int | None:
        """Store the parser's item with its source; None when this (source, version, item)
        is stored already."""
        with self.store.transaction() as db:
            cur = db.execute(
                "INSERT OR IGNORE INTO unresolved (phase, author, source_kind, source_id, source_version, item, "
                "text, reason, candidates, created_at, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (str(phase), author, source_kind, source_id, source_version, item, asked.text, asked.reason,
                 json.dumps(list(asked.candidates), ensure_ascii=False), _now(), asked_json(asked)))
            return cur.lastrowid if cur.rowcount else None

    def unresolved(self, *, open_only: bool = True) -> list[UnresolvedRow]:
        sql = "SELECT * FROM unresolved" + (" WHERE status = 'open'" if open_only else "") + " ORDER BY id"
        return [_unresolved(r) for r in self.db.execute(sql)]

    def close_source_unresolved(self, kind: str, source_id: str, below_version: int) -> None:
        """An edited post's earlier versions: their unresolved items are moot."""
        with self.store.transaction() as db:
            db.execute("UPDATE unresolved SET status = 'done' WHERE source_kind = ? AND source_id = ? "
                       "AND source_version < ? AND status = 'open'", (kind, source_id, below_version))

    def close_unresolved(self, item_id: int) -> bool:
        with self.store.transaction() as db:
            return db.execute("UPDATE unresolved SET status = 'done' WHERE id = ?", (item_id,)).rowcount > 0

    # -- notices ----------------------------------------------------------------------------
    def notice(self, key: str, kind: NoticeKind, text: str, phase: str | PhaseId | None = None, *,
               again: bool = False) -> bool:
        """Store a notice once by key; True when it is new. `again`: one whose cause went and
        came back (`clear_notices`) is shown anew — never one the GM has read."""
        kind, phase = NoticeKind(kind), str(phase) if phase is not None else None
        with self.store.transaction() as db:
            if again:
                cur = db.execute("INSERT INTO notices (key, phase, kind, text, created_at) VALUES (?, ?, ?, ?, ?) "
                                 "ON CONFLICT (key) DO UPDATE SET seen = 0, text = excluded.text "
                                 "WHERE notices.seen = 2", (key, phase, kind, text, _now()))
            else:
                cur = db.execute("INSERT OR IGNORE INTO notices (key, phase, kind, text, created_at) "
                                 "VALUES (?, ?, ?, ?, ?)", (key, phase, kind, text, _now()))
            return cur.rowcount > 0

    def notices(self, *, unseen_only: bool = False) -> list[NoticeRow]:
        sql = "SELECT * FROM notices" + (" WHERE seen = 0" if unseen_only else "") + " ORDER BY id"
        return [_notice(r) for r in self.db.execute(sql)]

    def mark_notices_seen(self, ids: Iterable[int] | None = None) -> int:
        """Mark notices read (all unread ones when `ids` is None); how many changed."""
        with self.store.transaction() as db:
            if ids is None:
                return db.execute("UPDATE notices SET seen = 1 WHERE seen = 0").rowcount
            ids = list(ids)
            return db.execute(f"UPDATE notices SET seen = 1 WHERE seen = 0 AND id IN ({', '.join('?' * len(ids))})",
                              ids).rowcount

    def clear_notices(self, key_prefix: str) -> None:
        """Their cause is gone (a draft posted, a post read after all): off the GM's list
        (seen = 2: not read by the GM, so `notice(again=True)` may show one anew)."""
        with self.store.transaction() as db:
            db.execute("UPDATE notices SET seen = 2 WHERE seen = 0 AND substr(key, 1, ?) = ?",
                       (len(key_prefix), key_prefix))

    # -- phases -----------------------------------------------------------------------------
    def save_phase(self, phase: PhaseId, orders: Iterable[Order], order_ids: list[int], events: list[dict]) -> None:
        orders = list(orders)
        with self.store.transaction() as db:
            db.execute("INSERT INTO phases (phase, idx, orders, order_ids, events, resolved_at, order_data) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (str(phase), phase.index, json.dumps([str(o) for o in orders], ensure_ascii=False),
                        json.dumps(order_ids), json.dumps(events, ensure_ascii=False), _now(),
                        json.dumps([o.to_mapping() for o in orders], ensure_ascii=False)))

    def phase_count(self) -> int:
        return self.db.execute("SELECT count(*) FROM phases").fetchone()[0]

    def phases(self, *, after: int = 0) -> list[PhaseRow]:
        """The resolved phases in game order; `after=n` skips the first n."""
        rows = self.db.execute("SELECT * FROM phases ORDER BY idx LIMIT -1 OFFSET ?", (after,))
        return [_phase(r) for r in rows]

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

    # A draft none of whose parts a publisher has claimed (`claim`): one statement, so a
    # publish claims it first or the change comes first, never both.
    _UNCLAIMED = "NOT EXISTS (SELECT 1 FROM outbox WHERE outbox.draft_id = drafts.id)"

    def reject_draft(self, draft_id: int) -> bool:
        """Pending or approved and unclaimed -> rejected; False if it was not so."""
        with self.store.transaction() as db:
            return db.execute(f"UPDATE drafts SET state = 'rejected', updated_at = ? WHERE id = ? AND state IN "
                              f"('pending', 'approved') AND {self._UNCLAIMED}", (_now(), draft_id)).rowcount > 0

    def edit_draft(self, draft_id: int, body: str, title: str | None = None) -> bool:
        """A new text (and title) for an unposted, unclaimed draft; an approved one goes
        back to pending (a changed text needs a new approval). False if it was not so."""
        with self.store.transaction() as db:
            return db.execute(
                "UPDATE drafts SET body = ?, title = coalesce(?, title), updated_at = ?, "
                "state = CASE state WHEN 'approved' THEN 'pending' ELSE state END "
                f"WHERE id = ? AND state != 'posted' AND {self._UNCLAIMED}",
                (body, title, _now(), draft_id)).rowcount > 0

    def rewrite_draft(self, draft_id: int, *, title: str, body: str, trace: list) -> bool:
        """gorod's own new text of an unsent, unclaimed draft the GM has not edited (a receipt
        updated in place): its original moves with it, so it is not shown as the GM's edit.
        False if a publisher claimed it first."""
        with self.store.transaction() as db:
            return db.execute("UPDATE drafts SET title = ?, body = ?, original = ?, trace = ?, updated_at = ? "
                              f"WHERE id = ? AND state IN ('pending', 'approved') AND {self._UNCLAIMED}",
                              (title, body, body, json.dumps(trace, ensure_ascii=False), _now(), draft_id)).rowcount > 0

    def withdraw_draft(self, draft_id: int, why: str) -> bool:
        """gorod takes back an unsent draft that is no longer true (a stale receipt): it is
        rejected, with the reason kept (`withdrawn`), so the GM need not reject it himself."""
        with self.store.transaction():
            if not self.reject_draft(draft_id):      # never one a publisher has claimed
                return False
            self.put(f"withdrawn:{draft_id}", why)
            return True

    def withdrawn(self, draft_id: int) -> str | None:
        """Why gorod withdrew the draft, or None (not withdrawn, or rejected by the GM)."""
        return self.get(f"withdrawn:{draft_id}")

    # -- outbox -----------------------------------------------------------------------------
    def outbox(self, draft_id: int | None = None) -> list[OutboxRow]:
        sql, args = "SELECT * FROM outbox", []
        if draft_id is not None:
            sql += " WHERE draft_id = ?"
            args.append(draft_id)
        return [_outbox(r) for r in self.db.execute(sql + " ORDER BY draft_id, part", args)]

    def claim(self, draft: DraftRow, part: int, parts: int, *, target: str, recipient: str | None,
              title: str | None, text: str, after_id: int | None) -> OutboxRow | None:
        """Store the intent to send a part, if the draft is still as `draft` shows it
        (approved, the same title and text) and no one has claimed the part: in one
        transaction, so a reject or an edit (`reject_draft`, `edit_draft`: refused once a
        part is claimed) comes wholly before it or is refused. None: not claimed."""
        with self.store.transaction() as db:
            now = db.execute("SELECT state, title, body FROM drafts WHERE id = ?", (draft.id,)).fetchone()
            if now is None or (now["state"], now["title"], now["body"]) != ("approved", draft.title, draft.body):
                return None
            inserted = db.execute(
                "INSERT OR IGNORE INTO outbox (draft_id, part, parts, target, recipient, title, text, after_id, "
                "state, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'intent', ?)",
                (draft.id, part, parts, target, recipient, title, text, after_id, _now())).rowcount
            if not inserted:    # claimed by another publisher: its row is not ours to send
                return None
            row = db.execute("SELECT * FROM outbox WHERE draft_id = ? AND part = ?", (draft.id, part)).fetchone()
        return _outbox(row)

    def drop_intents(self, draft_id: int) -> int:
        """Forget the draft's unconfirmed parts: the forum refused them, nothing of them is
        there (`gorod.loop.publish.refused`); counted, so each refusal has its own notice."""
        with self.store.transaction() as db:
            dropped = db.execute("DELETE FROM outbox WHERE draft_id = ? AND state != 'confirmed'",
                                 (draft_id,)).rowcount
        self.put(f"refusals:{draft_id}", self.count_refusals(draft_id) + 1)
        return dropped

    def count_refusals(self, draft_id: int) -> int:
        return int(self.get(f"refusals:{draft_id}", 0) or 0)

    def confirmed_at(self, target: str, forum_id: str) -> datetime | None:
        """When gorod recorded the forum's confirmation of its post `forum_id` (wall clock, UTC)."""
        row = self.db.execute("SELECT confirmed_at FROM outbox WHERE target = ? AND forum_id = ? AND state = "
                              "'confirmed'", (target, forum_id)).fetchone()
        return datetime.fromisoformat(row[0]) if row and row[0] else None

    def count_attempt(self, outbox_id: int) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE outbox SET attempts = attempts + 1 WHERE id = ?", (outbox_id,))

    def confirm(self, outbox_id: int, forum_id: str, url: str | None) -> None:
        with self.store.transaction() as db:
            db.execute("UPDATE outbox SET state = 'confirmed', forum_id = ?, url = ?, confirmed_at = ? WHERE id = ?",
                       (forum_id, url, _now(), outbox_id))


def pm_place(source_id: str) -> str:
    """A PM's stored id «conversation/message» in words: «переписка 38, сообщение 41», or
    «сообщение 38» when the forum's conversation is its first message («38/38» said nothing)."""
    conversation, _, message = source_id.partition("/")
    if not message or message == conversation:
        return f"сообщение {conversation}"
    return f"переписка {conversation}, сообщение {message}"


def order_json(order: Order) -> str:
    return json.dumps(order.to_mapping(), ensure_ascii=False)


def order_of(data: str | None, text: str) -> Order:
    """An order from its stored JSON; from its text when it has none (a text that was no
    order when stored: the `OrderError` says why)."""
    return Order.from_mapping(json.loads(data)) if data is not None else Order.parse(text)


def asked_json(asked: Unresolved) -> str:
    """The parser's item as stored beside its text columns (what they do not hold)."""
    return json.dumps({"code": asked.code.value, "ability": asked.ability}, ensure_ascii=False)


def asked_of(data: str | None, text: str, reason: str, candidates: list[str]) -> Unresolved:
    """The parser's item from its row; a row stored before the code was (no `data`) gets it
    back from its Russian reason (each begins with its code's text), else ORDER_LIKE."""
    if data is not None:
        stored = json.loads(data)
        code, ability = AskedWhy(stored["code"]), stored.get("ability")
    else:
        code = next((c for c, said in MESSAGES_BY_LENGTH if reason.startswith(said)), AskedWhy.ORDER_LIKE)
        ability = None
    return Unresolved(text, code, reason, tuple(candidates), ability)


def _unresolved(r) -> UnresolvedRow:
    asked = asked_of(r["data"], r["text"], r["reason"], json.loads(r["candidates"]))
    return UnresolvedRow(r["id"], PhaseId.parse(r["phase"]), r["author"], r["source_kind"], r["source_id"],
                         r["source_version"], r["item"], asked, UnresolvedStatus(r["status"]), r["created_at"])


def _notice(r) -> NoticeRow:
    return NoticeRow(r["id"], r["key"], NoticeKind(r["kind"]), r["phase"], r["text"], NoticeSeen(r["seen"]),
                     r["created_at"])


def _order(r) -> OrderRow:
    return OrderRow(r["id"], PhaseId.parse(r["phase"]), r["text"], r["by"], r["source_kind"], r["source_id"],
                    r["source_version"], r["item"], OrderStatus(r["status"]), r["note"], r["given_at"], r["data"])


def _phase(r) -> PhaseRow:
    texts = json.loads(r["orders"])
    data = json.loads(r["order_data"]) if r["order_data"] is not None else [None] * len(texts)
    orders = tuple(Order.from_mapping(d) if d is not None else Order.parse(t) for d, t in zip(data, texts))
    return PhaseRow(PhaseId.parse(r["phase"]), r["idx"], orders, tuple(json.loads(r["order_ids"])),
                    json.loads(r["events"]), r["resolved_at"])


def _draft(r) -> DraftRow:
    return DraftRow(r["id"], r["key"], r["kind"], r["phase"], r["audience"], r["title"], r["body"],
                    r["original"], json.loads(r["trace"]), DraftState(r["state"]), r["created_at"], r["updated_at"])


def _outbox(r) -> OutboxRow:
    return OutboxRow(r["id"], r["draft_id"], r["part"], r["parts"], r["target"], r["recipient"], r["title"],
                     r["text"], r["after_id"], OutboxState(r["state"]), r["attempts"], r["forum_id"], r["url"])
