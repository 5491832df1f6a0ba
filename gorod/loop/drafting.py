"""Drafts in the store: `save_drafts(game, drafts)`, the one way a made draft is stored,
and `draft(game, phase)`: the drafts of a resolved phase, made again from its events.

The drafts of a phase are made when it is resolved (`gorod.loop.phases`); after the GM
changes a template (the game's `templates:` folder) `draft` renders them anew. The
events come from folding the log (deterministic), not from the stored JSON. A pending
draft the GM has not edited gets the new text; an edited, approved, rejected or posted
one is left as it is; a draft that did not exist is added.
"""
from __future__ import annotations

from typing import Iterable

from engine.phase import PhaseId
from gorod.loop.eventlog import event_json
from gorod.loop.game import Game
from publisher.drafts import Draft, phase_drafts
from publisher.fit import FittedTitle, fit_title
from publisher.secrets import PUBLIC
from publisher.split import split_text


def save_drafts(game: Game, drafts: Iterable[Draft], *, trace: list | None = None) -> list[int]:
    """Store drafts for the GM's approval (a draft whose key is stored already is kept);
    their trace is their events as JSON (each with the `line` it is told in, when the
    draft knows it: «почему?» pins it there), or `trace` when given. A PM's title is
    fitted to the forum's limits first (`publisher.fit`), and what was changed is kept
    for the GM to see (`fit_notes`). Returns their ids."""
    ids = []
    with game.store.transaction():
        for d in drafts:
            fitted = fitted_title(game, d.audience, d.title, d.body)
            draft_id = game.records.add_draft(key=d.key, kind=d.kind, phase=d.phase, audience=d.audience,
                                              title=fitted.title, body=d.body,
                                              trace=trace if trace is not None else _trace(d))
            if fitted.notes and game.records.get(_notes_key(draft_id)) is None:
                game.records.put(_notes_key(draft_id), list(fitted.notes))
            ids.append(draft_id)
    return ids


def fitted_title(game: Game, audience: str, title: str, body: str) -> FittedTitle:
    """A PM's title as the game's forum takes it (a public post's title is not sent)."""
    if audience == PUBLIC:
        return FittedTitle(title)
    parts = len(split_text(body, game.pm_max_length))
    return fit_title(title, audience, game.write_limits, parts=parts)


def fit_notes(game: Game, draft_id: int) -> list[str]:
    """What fitting changed in the draft's title, in Russian (empty: nothing)."""
    return list(game.records.get(_notes_key(draft_id)) or [])


def draft_notes(game: Game, draft_id: int) -> list[str]:
    """What the GM should know of a draft beside its text: how its title was fitted, and the
    forum's refusals of it not yet read (`gorod.loop.publish.refused`)."""
    prefix = f"publish-refused:{draft_id}:"
    refusals = [n.text for n in game.records.notices(unseen_only=True) if n.key.startswith(prefix)]
    return fit_notes(game, draft_id) + refusals


def _notes_key(draft_id: int) -> str:
    return f"fitted:{draft_id}"


def _trace(d: Draft) -> list[dict]:
    items = [event_json(e) for e in d.events]
    if len(d.lines) == len(items):
        for item, line in zip(items, d.lines):
            item["line"] = line
    return items


def phase_events(game: Game, phase: str | PhaseId):
    """The events of one resolved phase, from the game's fold."""
    return game.phase_events(phase)


def draft(game: Game, phase: str) -> list[int]:
    events = game.phase_events(phase)
    told = {nick: set(lines) for nick, lines in (game.records.get(f"told:{phase}", {}) or {}).items()}
    made = []
    existing = {d.key: d for d in game.records.drafts()}
    for d in phase_drafts(phase, events, game.markup, game.texts, game_title=game.title, already_told=told):
        old = existing.get(d.key)
        if old is None:
            made.extend(save_drafts(game, [d]))
            continue
        fitted = fitted_title(game, d.audience, d.title, d.body)
        if old.state == "pending" and not old.edited and (old.body != d.body or old.title != fitted.title):
            with game.store.transaction() as db:
                db.execute("UPDATE drafts SET body = ?, original = ?, title = ? WHERE id = ?",
                           (d.body, d.body, fitted.title, old.id))
            game.records.put(_notes_key(old.id), list(fitted.notes) or None)
            made.append(old.id)
    return made
