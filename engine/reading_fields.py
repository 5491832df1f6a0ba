"""Fields that belong to one reading of a ruling (SPEC §11): an order's or a setup choice's
field that only that reading uses (`votes` of a Компромат spend under `gossip_spend:
any_number`), and the fields a reading has no use for. Each ability module declares its
own (`READING_FIELDS`); `problems` names, with its key path in Russian, every field of a
game or scenario file written without its reading or beside a reading that does not use
it, so that a file never means something the engine silently ignores.
"""
from __future__ import annotations

from typing import Any, Iterable, Mapping

from engine.ruling_rows import ReadingField, format_value  # noqa: F401  (re-exported)


def all_fields() -> tuple[ReadingField, ...]:
    from engine.abilities import MODULES
    return tuple(f for module in MODULES for f in getattr(module, "READING_FIELDS", ()))


def _needs(rf: ReadingField) -> str:
    return f"rulings.{rf.key}: {format_value(rf.reading)}"


def problems(rulings: Mapping[str, Any], setup: Mapping[str, Any] | None,
             orders: Iterable[tuple[str, Mapping[str, Any]]]) -> list[str]:
    """`orders`: (key path, the order's mapping). One Russian line per misplaced field."""
    out: list[str] = []
    fields = all_fields()
    for nick, choices in (setup or {}).items():
        if not isinstance(choices, Mapping):
            continue
        for rf in fields:
            if rf.place == "setup" and rf.field in choices and choices[rf.field] is not None:
                out += _judge(rf, rulings, f"setup.{nick}.{rf.field}")
    for where, order in orders:
        if not isinstance(order, Mapping):
            continue
        for rf in fields:
            if rf.place != "order" or rf.field not in order:
                continue
            if rf.ability and str(order.get("ability", "")).strip().casefold() != rf.ability.casefold():
                continue
            out += _judge(rf, rulings, f"{where}.{rf.field}")
    return out


def _judge(rf: ReadingField, rulings: Mapping[str, Any], where: str) -> list[str]:
    chosen = rulings[rf.key] == rf.reading
    if rf.unused and chosen:
        return [f"{where}: при {_needs(rf)} это поле не используется" + (f": {rf.hint}" if rf.hint else "")]
    if not rf.unused and not chosen:
        return [f"{where}: это поле читается только при {_needs(rf)}" + (f" ({rf.hint})" if rf.hint else "")]
    return []


def strip_reading_fields(key: str, setup: Mapping[str, Any], orders: list[dict[str, Any]]
                         ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The setup and orders without the fields that only `key`'s readings use (what the
    same file means under another reading of `key`)."""
    own = [rf for rf in all_fields() if rf.key == key and not rf.unused]
    setup = {nick: ({k: v for k, v in c.items() if not any(rf.place == "setup" and rf.field == k for rf in own)}
                    if isinstance(c, Mapping) else c) for nick, c in (setup or {}).items()}
    kept = []
    for order in orders:
        drop = [rf for rf in own if rf.place == "order" and rf.field in order
                and (not rf.ability or str(order.get("ability", "")).casefold() == rf.ability.casefold())]
        if any(rf.field == "answer" for rf in drop):
            continue   # an answer to a question the other reading never asks
        kept.append({k: v for k, v in order.items() if not any(rf.field == k for rf in drop)})
    return setup, kept
