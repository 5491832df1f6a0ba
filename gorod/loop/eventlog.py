"""Events as JSON for the store's phase log and the GM's trace (`gorod show`).

    event_json(event) -> {"type": "Died", "scope": "public", "to": [...], "rule": "...",
                          "cause": "N14 ← {by: …}", "phase": "night 1", "player": "Аня", ...}

The log is for reading; the game's state is rebuilt by folding the stored orders
through the engine (deterministic), never from this JSON.
"""
from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from engine import events as ev
from engine.orders import Order


def event_json(event: ev.Event) -> dict[str, Any]:
    out: dict[str, Any] = {"type": type(event).__name__, "scope": event.scope.value,
                           "to": list(event.recipients()), "rule": event.cause.rule,
                           "cause": event.cause.describe(), "orders": [str(o) for o in event.cause.orders]}
    for f in fields(event):
        if f.name in ("cause", "to"):   # `to` is the audience above, always a list of players
            continue
        value = getattr(event, f.name)
        if f.name == "fact" and isinstance(event, ev.Learned):
            value = {k: v for k, v in event.as_dict().items() if k != "to"}
        out[f.name] = _plain(value)
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Order):
        return str(value)
    if is_dataclass(value):   # a part of a typed event (a vote's reason)
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value
