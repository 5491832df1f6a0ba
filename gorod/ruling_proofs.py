"""For every reading of every ruling (SPEC §11), the scenario of ours that proves the
engine applies it: under that reading its whole outcome differs from the default's, and it
passes under its own reading (tests/engine/test_ruling_proofs.py runs each). `gorod rulings
--json` lists them. Paths are from the checkout's root.

The two rulings the engine documents as computing nothing have no proof: `NO_EFFECT` says
why, and the test reports them as such instead of hiding the gap.
"""
from __future__ import annotations

from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent

_DATA = yaml.safe_load((Path(__file__).parent / "data" / "ruling_proofs.yaml").read_text(encoding="utf-8"))

# key -> why its readings compute nothing (SPEC A6, A57)
NO_EFFECT: dict[str, str] = dict(_DATA["computes_nothing"])

# key -> {reading as the GM writes it: scenario}
PROOFS: dict[str, dict[str, str]] = {key: dict(rows) for key, rows in _DATA["proofs"].items()}
