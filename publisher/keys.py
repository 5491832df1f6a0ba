"""Draft identities as typed values: what a draft is about, kept in the store as its text
(`str(key)`, the form the store has always had, so no stored key changes) and read back
with `parse_key`, instead of strings split apart again where they are used.

- `SourceKey`: a draft about one version of one post or PM (`late:post:123:2`, the older
  per-source receipts `receipt:pm:55:1`);
- `PhaseKey`: a draft numbered within a phase, to a player or to the thread
  (`receipt:day 1:Аня:2`, `now:day 1:Аня:3`, `count:day 2:1`);
- `StartKey`: a player's start PM (`start:Аня`).
"""
from __future__ import annotations

from dataclasses import dataclass

SOURCES = ("post", "pm", "gm")   # where an order came from (the store's source_kind)


@dataclass(frozen=True)
class SourceKey:
    kind: str          # the draft's kind: "late", "receipt"
    source: str        # "post", "pm", "gm"
    source_id: str
    version: int

    def __str__(self) -> str:
        return f"{self.kind}:{self.source}:{self.source_id}:{self.version}"


@dataclass(frozen=True)
class PhaseKey:
    kind: str          # "receipt", "now", "count"
    phase: str
    number: int
    nick: str | None = None   # None: a draft to the thread (a count)

    def __str__(self) -> str:
        who = f"{self.nick}:" if self.nick is not None else ""
        return f"{self.kind}:{self.phase}:{who}{self.number}"


@dataclass(frozen=True)
class StartKey:
    nick: str

    def __str__(self) -> str:
        return f"start:{self.nick}"


DraftKey = SourceKey | PhaseKey | StartKey


def parse_key(text: str) -> DraftKey | None:
    """The key of a stored draft, or None for one of another form (a question's, a
    scheduled one's: their makers read them)."""
    kind, _, rest = text.partition(":")
    if kind == "start" and rest:
        return StartKey(rest)
    head, _, last = rest.rpartition(":")
    if not last.isdigit():
        return None
    source, _, source_id = head.partition(":")
    if kind in ("late", "receipt") and source in SOURCES and source_id:
        return SourceKey(kind, source, source_id, int(last))
    if kind in ("receipt", "now"):
        phase, _, nick = head.rpartition(":")
        return PhaseKey(kind, phase, int(last), nick) if phase and nick else None
    if kind == "count" and head and ":" not in head:
        return PhaseKey(kind, head, int(last))
    return None
