"""Phase deadlines from the game's schedule (Moscow time by default, the rules).

«Граница дня и ночи будут конкретно заданными … по московскому времени. Максимальная
длительность игровых суток – два реальных дня. День может быть закончен раньше, если
голосование завершено. День может быть продлен по решению мастера.»

A night ends at the next `day_starts` after it began, a day at the next `night_starts`
after it began; never later than `max_day_hours` after the night of its turn began
(`cap`). Every time is timezone-aware; nothing here reads the clock.
"""
from __future__ import annotations

from datetime import datetime, time, timedelta

from config.game import Schedule
from engine.phase import PhaseId


class ScheduleError(ValueError):
    pass


def next_at(after: datetime, hhmm: str, schedule: Schedule) -> datetime:
    """The first moment strictly after `after` when the wall clock in the schedule's zone
    shows `hhmm`."""
    zone = schedule.zone
    local = after.astimezone(zone)
    hour, minute = (int(x) for x in hhmm.split(":"))
    candidate = datetime.combine(local.date(), time(hour, minute), tzinfo=zone)
    while candidate <= local:
        candidate = datetime.combine(candidate.date() + timedelta(days=1), time(hour, minute), tzinfo=zone)
    return candidate


def deadline(phase: PhaseId, started: datetime, schedule: Schedule, cycle_started: datetime) -> datetime:
    hhmm = schedule.day_starts if phase.is_night else schedule.night_starts
    return min(next_at(started, hhmm, schedule), cap(cycle_started, schedule))


def cap(cycle_started: datetime, schedule: Schedule) -> datetime:
    """The latest end of a game day (a night and its day): `max_day_hours` after its start."""
    return cycle_started + timedelta(hours=schedule.max_day_hours)


def announce_at(end: datetime, schedule: Schedule) -> datetime:
    """When the «резолв» announcement is drafted."""
    return end - timedelta(minutes=schedule.resolve_minutes)


def moscow_text(moment: datetime, schedule: Schedule, now: datetime | None = None) -> str:
    """«22:00 по Москве» (with the date when it is not today)."""
    local = moment.astimezone(schedule.zone)
    text = local.strftime("%H:%M")
    if now is not None and now.astimezone(schedule.zone).date() != local.date():
        text = local.strftime("%d.%m %H:%M")
    if schedule.timezone == "Europe/Moscow":
        return f"{text} по Москве"
    return f"{text} ({schedule.timezone})"
