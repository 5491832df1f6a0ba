"""The console's live tally: `gorod.tally`, the filter over the engine's dry run of the
phase (engine/preview.py). Nothing of the vote rules is written here."""
from __future__ import annotations

from gorod.tally import Tally, Vote, live_tally, tally_of, verdict_text

__all__ = ["Tally", "Vote", "live_tally", "tally_of", "verdict_text"]
