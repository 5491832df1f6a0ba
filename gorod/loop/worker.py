"""`cycle(game)`: one round of the worker — poll, what the clock asks, post the approved.
`run(game)`: cycles on the configured interval, with the `schedule` package.

    report = cycle(game)           # `gorod run --once`, for cron and for checks
    run(game, sleep=time.sleep)    # `gorod run`: until interrupted

A round holds the game's writer lock (`gorod.loop.lock`): beside a `gorod publish` or a
`gorod phase end` it is skipped, saying so. A failing forum (down, rate limited, a
changed layout) makes the round report the error and the next round try again; at a
deadline the phase waits for a whole read begun after it (`gorod.loop.phases.tick`).
`run` never ends on a failed round, whatever failed; what the store holds is never lost:
every step commits on its own and is idempotent (see `gorod.loop.intake`, `gorod.loop.publish`).
"""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from gorod.loop.game import Game, LoopError
from gorod.loop.intake import PollReport, poll
from gorod.loop.lock import LockBusy
from gorod.loop.phases import TickReport, tick
from gorod.loop.publish import PublishReport, publish
from gorod.store_faults import StoreError
from gorod.loop.words import forum_trouble
from scraper.errors import ScraperError

log = logging.getLogger(__name__)

RESCAN_EVERY = 10


@dataclass
class CycleReport:
    poll: PollReport | None = None
    tick: TickReport | None = None
    publish: PublishReport | None = None
    errors: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"poll": self.poll.to_json() if self.poll else None,
                "tick": self.tick.to_json() if self.tick else None,
                "publish": self.publish.to_json() if self.publish else None,
                "errors": self.errors}


def cycle(game: Game, *, read: bool = True, post: bool = True, rescan: bool | None = None) -> CycleReport:
    """One round, under the game's writer lock (a round that finds it taken is skipped,
    the error naming the holder). The thread is read from page 1 (edits on older pages)
    when the open phase is due, every `RESCAN_EVERY` rounds, or when `rescan` says so."""
    try:
        with game.writing("круг работника (чтение форума, разрешение фаз, отправка одобренного)"):
            return _cycle(game, read=read, post=post, rescan=rescan)
    except LockBusy as exc:
        return CycleReport(errors=[f"{exc} (круг пропущен; следующий круг попробует снова)"])


def _cycle(game: Game, *, read: bool, post: bool, rescan: bool | None) -> CycleReport:
    report = CycleReport()   # before the deal: posts are read (and kept) but are no orders
    if read:
        if rescan is None:
            rounds = int(game.records.get("rounds", 0)) + 1
            game.records.put("rounds", rounds)
            current = game.current()
            rescan = rounds % RESCAN_EVERY == 0 or (current is not None and game.now() >= current.deadline)
        try:
            report.poll = poll(game, rescan=rescan)
            if report.poll.failed:   # a read that did not read (the poll went on with the rest; the alarm is set)
                report.errors.extend(f"{text}; повторю в следующем круге" for text in report.poll.failed)
        except ScraperError as exc:
            text = forum_trouble(exc, "повторю в следующем круге")
            report.errors.append(text)
            # kept for `gorod state` and the console: the forum is down since then
            since = (game.records.get("read_error") or {}).get("since") or game.now().isoformat(timespec="seconds")
            game.records.put("read_error", {"since": since, "text": text})
            log.info("poll failed: %s", exc)     # the developer's log; the GM got the Russian line above
    try:
        report.tick = tick(game)
        report.errors.extend(report.tick.waiting)
    except LoopError as exc:
        report.errors.append(str(exc))
    if post:
        try:
            report.publish = publish(game)
        except ScraperError as exc:
            report.errors.append("отправка: " + forum_trouble(exc, "одобренное отправится в следующем круге"))
            log.warning("publish failed: %s", exc)
    return report


def run(game: Game, *, sleep: Callable[[float], None] = time.sleep, rounds: int | None = None,
        on_report: Callable[[CycleReport], None] | None = None, rescan_first: bool = False,
        read: bool = True, post: bool = True) -> None:
    """Cycle every `poll_interval` seconds (or `rounds` times), with `schedule`; `read` and
    `post` as for `cycle`, in every round (issue 22: the loop posted under `--no-post`)."""
    import schedule

    done = 0
    scheduler = schedule.Scheduler()

    def job() -> None:
        nonlocal done
        try:
            report = cycle(game, read=read, post=post, rescan=True if rescan_first and done == 0 else None)
        except StoreError as exc:   # busy, full, read-only: the GM's sentence, no traceback
            report = CycleReport(errors=[f"раунд не удался: {exc}; следующий раунд попробует снова"])
        except Exception as exc:   # noqa: BLE001 — one bad round is reported; the worker goes on
            log.exception("round failed")
            report = CycleReport(errors=[f"раунд не удался: {type(exc).__name__}: {exc}; следующий раунд попробует снова"])
        done += 1
        if on_report is not None:
            on_report(report)

    scheduler.every(game.config.poll_interval).seconds.do(job)
    job()
    while rounds is None or done < rounds:
        wait = scheduler.idle_seconds
        sleep(max(1.0, min(wait if wait is not None else 1.0, 60.0)))
        scheduler.run_pending()
