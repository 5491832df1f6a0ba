"""`draft(game, phase)`: the drafts of a resolved phase, made again from its events.

The drafts of a phase are made when it is resolved (`gorod.loop.phases`); after the GM
changes a template (the game's `templates:` folder) `draft` renders them anew. The
events come from folding the log (deterministic), not from the stored JSON. A pending
draft the GM has not edited gets the new text; an edited, approved, rejected or posted
one is left as it is; a draft that did not exist is added.
"""
from __future__ import annotations

from engine.phase import PhaseId
from engine.resolve import resolve
from engine.orders import Order
from gorod.loop.eventlog import event_json
from gorod.loop.game import Game, LoopError
from gorod.loop.words import phase_name
from publisher.drafts import phase_drafts


def phase_events(game: Game, phase: str):
    """The events of one resolved phase, by folding the log up to it."""
    state, _ = game.start()
    for row in game.records.phases():
        pid = PhaseId.parse(row["phase"])
        result = resolve(state, pid, [Order.parse(t) for t in row["orders"]])
        if row["phase"] == phase:
            return result.events
        state = result.state
    raise LoopError(f"фаза «{phase_name(phase)}» не разрешена (фазы показывает gorod state)")


def draft(game: Game, phase: str) -> list[int]:
    events = phase_events(game, str(PhaseId.parse(phase)))
    told = {nick: set(lines) for nick, lines in (game.records.get(f"told:{phase}", {}) or {}).items()}
    made = []
    existing = {d.key: d for d in game.records.drafts()}
    for d in phase_drafts(phase, events, game.markup, game.texts, game_title=game.title, already_told=told):
        old = existing.get(d.key)
        if old is None:
            made.append(game.records.add_draft(key=d.key, kind=d.kind, phase=d.phase, audience=d.audience,
                                               title=d.title, body=d.body, trace=[event_json(e) for e in d.events]))
        elif old.state == "pending" and not old.edited and (old.body != d.body or old.title != d.title):
            with game.store.transaction() as db:
                db.execute("UPDATE drafts SET body = ?, original = ?, title = ? WHERE id = ?",
                           (d.body, d.body, d.title, old.id))
            made.append(old.id)
    return made
