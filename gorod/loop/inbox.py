"""The GM's inbox: what waits for the GM to read.

    inbox(game)                 # unread: messages to the GM that are no orders, notices of the open phase
    inbox(game, everything=True)
    note_message(game, ...)     # the intake: a PM (or a post addressed to the GM) with no order in it
    mark_read(game, [3, 5])     # `gorod inbox --read 3 5`, the console's «Прочитано»

Items are rows of the store's `notices` table: kind `inbox` for a player's message, the
others (edits, deletions, errors, a complete vote, an order skipped) for what gorod
noticed. A message stays until the GM reads it, whatever the phase; a notice belongs to
its phase and is shown while that phase is open (or with no phase: until read). A notice
whose cause is gone is marked read by the code that removed the cause (a draft posted:
`publish`; a post read after an error: `intake.retry`).
"""
from __future__ import annotations

import re

from gorod.loop.game import Game
from gorod.loop.records import NoticeKind, NoticeRow
from publisher.russian import inflect_nick

INBOX = NoticeKind.INBOX
# A post is addressed to the GM when it names him: his forum name, «мастер», «ведущий», «ГМ»
# (not the Мастер карт, a role players talk about).
ADDRESS = r"(?<![\w@])@?(?:{gm}|мастер\w*(?!\s+карт)|ведущ\w*|гм|gm)(?!\w)"
EXCERPT = 300
# The kind's tag as the GM reads it (`gorod inbox`, `gorod state`, the console); a kind
# without one shows its stored word.
KIND_RU: dict[NoticeKind, str] = {
    NoticeKind.INBOX: "письмо", NoticeKind.EDITED: "правка", NoticeKind.DELETED: "удалён",
    NoticeKind.ERROR: "ошибка", NoticeKind.VOTE_COMPLETE: "голоса", NoticeKind.DRIFT: "правила изменились",
    NoticeKind.BOUNDARY: "на границе фазы", NoticeKind.DEAD_POST: "пост с Кладбища",
    NoticeKind.CHANGE_OF_MIND: "передумал(а)?",
    NoticeKind.CLOCK: "время форума", NoticeKind.QUESTION: "вопрос игроку",
}


def addressed_to_gm(text: str, gm: str) -> bool:
    pattern = ADDRESS.format(gm=re.escape(gm) if gm else "gm")
    return re.search(pattern, text, re.IGNORECASE) is not None


def note_message(game: Game, *, kind: str, source_id: str, version: int, author: str, text: str,
                 phase: str | None, shown: tuple[str, ...] = ()) -> bool:
    """A player's message with no order in it, for the GM to read (a PM always, a post
    when it is addressed to the GM), or a PM's clauses the reader took no order from
    (`shown`, issue 24: each highlighted «⟦…⟧» inside the PM's text, which then runs
    longer). Idempotent: one item per source and version."""
    if kind == "post" and not addressed_to_gm(text, game.gm):
        return False
    short = " ".join(text.split())
    if shown:
        short = highlighted(short, shown)
    limit = EXCERPT * (4 if shown else 1)
    short = short if len(short) <= limit else short[:limit - 1] + "…"
    author = inflect_nick(author, "gent")
    where = f"ЛС от {author}" if kind == "pm" else f"пост {author} ({source_id})"
    edited = f", правка {version}" if version > 1 else ""
    return game.records.notice(f"inbox:{kind}:{source_id}:{version}", INBOX, f"{where}{edited}: «{short}»", phase)


def highlighted(text: str, pieces: tuple[str, ...]) -> str:
    """The text with each piece (a clause of it) marked «⟦…⟧», left to right."""
    out, pos = [], 0
    for piece in pieces:
        piece = " ".join(piece.split())
        at = text.find(piece, pos)
        if at < 0:
            continue
        out.append(text[pos:at] + "⟦" + piece + "⟧")
        pos = at + len(piece)
    out.append(text[pos:])
    return "".join(out)


def inbox(game: Game, *, everything: bool = False) -> list[NoticeRow]:
    items = game.records.notices(unseen_only=not everything)
    if everything:
        return items
    current = game.current()
    phase = str(current.phase) if current else None
    return [i for i in items if i.kind is INBOX or i.phase is None or i.phase == phase]


def mark_read(game: Game, ids: list[int] | None = None) -> int:
    return game.records.mark_notices_seen(ids)
