"""Replaying an archived game against the GM's announcements (`gorod replay`, `gorod demo`).

- `replayer`: the timeline, the fold of the engine over the phases, the differences;
- `source`: the archive's messages (saved pages, a live URL, a game's store);
- `settings`: the game config's `replay:` section; `gm`: the facts of the GM's posts;
- `report`: the printed report; `edn`, `votes`: the TeamLiquid vote-count check.

The main entry points are re-exported here.
"""
from gorod.replay.replayer import Replayer, ReplayError, replay, start_drafts

__all__ = ["Replayer", "ReplayError", "replay", "start_drafts"]
