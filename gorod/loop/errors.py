"""The loop's error for the GM (its own module: the lock and the game both raise it)."""
from __future__ import annotations


class LoopError(ValueError):
    """Something the GM must fix before the loop can go on; the message says what and where."""
