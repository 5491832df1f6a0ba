"""Settings of the demo-game forum: the test forum's settings plus a clock the script sets.

A scripted game of five days and nights is played in a few minutes; the forum stamps each
post with the time written in the file `GOROD_DEMO_CLOCK` (ISO 8601, UTC), so the pages
show a game paced like a real one (nights from 22:00, days from 10:00 Moscow time).
`django.utils.timezone.now` is replaced before any model is imported, so the models'
`default=timezone.now` fields read this clock too.
"""
import datetime
import os

from django.utils import timezone as _timezone

_CLOCK = os.environ["GOROD_DEMO_CLOCK"]
_real_now = _timezone.now


def _now():
    try:
        with open(_CLOCK, encoding="utf-8") as f:
            text = f.read().strip()
    except OSError:
        text = ""
    return datetime.datetime.fromisoformat(text) if text else _real_now()


_timezone.now = _now

from settings_gorod import *  # noqa: E402,F401,F403  (Django settings idiom)
