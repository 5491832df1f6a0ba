"""Readings of SPEC §11 options that the engine does not implement yet.

A GM who picks one of these gets a clear error at the start of the game instead
of a silent default (the rulings table still lists them, so the choice is visible).
"""
from __future__ import annotations

from typing import Any, Mapping

UNSUPPORTED: dict[str, frozenset[object]] = {
}


class UnsupportedRuling(ValueError):
    pass


def unsupported(rulings: Mapping[str, Any]) -> list[tuple[str, object]]:
    return [(key, rulings[key]) for key, values in UNSUPPORTED.items() if rulings[key] in values]


def check_supported(rulings: Mapping[str, Any]) -> None:
    bad = unsupported(rulings)
    if bad:
        listed = ", ".join(f"{k}: {v}" for k, v in bad)
        raise UnsupportedRuling(
            f"эти толкования правил пока не реализованы в движке (rulings not implemented yet): {listed}")
