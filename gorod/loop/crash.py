"""Crash points for the tests that kill the worker (issue 6: «kill the worker at several
points … after a restart no order is lost or counted twice and no post is duplicated»).

`crashpoint("sent")` does nothing unless the environment variable `GOROD_CRASH_AT`
names that point: then the process ends at once with `os._exit(97)` — no `finally`, no
commit, as a kill would — or, with `GOROD_CRASH_MODE=raise`, raises `SimulatedCrash` (a
BaseException, so no `except Exception` catches it) for tests that stay in one process.

Points: `poll` (an event's orders stored, the poller not yet told), `resolved` (a phase
resolved and committed, nothing posted), `sent` (the forum took a post, gorod has not
recorded it).
"""
from __future__ import annotations

import os

POINTS = ("poll", "resolved", "sent")


class SimulatedCrash(BaseException):
    pass


def crashpoint(name: str) -> None:
    wanted = os.environ.get("GOROD_CRASH_AT")
    if not wanted or wanted != name:
        return
    if os.environ.get("GOROD_CRASH_MODE") == "raise":
        raise SimulatedCrash(name)
    os._exit(97)
