"""`gorod run [--once]`: the worker — poll, resolve at the boundaries, draft, post what is approved."""
from __future__ import annotations

import builtins

from gorod.commands._game import add_game_option, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "run", help="работник: читать тему и ЛС, разрешать фазы, готовить черновики, отправлять одобренные",
        description="Every `poll_interval` seconds: read new posts and PMs and store their orders, "
        "resolve day orders at once, draft the «резолв» before each deadline, resolve the phase at "
        "its deadline and draft the news post and PMs, and post the drafts the GM approved. "
        "At a deadline the phase is resolved only after a whole read of the thread and the PMs begun "
        "after the deadline: while the forum cannot be read, each round says so («дедлайн прошёл, форум "
        "не читается с …») and the phase waits (`gorod phase end --no-read` ends it without the read). "
        "--once does one round and exits (for cron and checks); --no-post and --no-read hold for "
        "every round. One worker per game: a second `gorod run` on the same store is refused, naming "
        "the PID of the one running (a lock file beside the store, *.sqlite3.run-lock). Each round "
        "holds the game's writer lock (*.sqlite3.write-lock) that `gorod phase end`, `gorod publish` "
        "and the console's buttons take too: a round that finds it taken is skipped, naming the holder.")
    add_game_option(parser)
    parser.add_argument("--once", action="store_true", help="one round, then exit")
    parser.add_argument("--json", action="store_true", help="print each round's report as JSON")
    parser.add_argument("--no-post", action="store_true", help="не отправлять одобренные черновики (ни в одном круге)")
    parser.add_argument("--no-read", action="store_true",
                        help="не читать форум (он не работает), ни в одном круге; фаза, чей дедлайн "
                        "прошёл, тогда ждёт чтения или gorod phase end --no-read")
    parser.add_argument("--rescan", action="store_true",
                        help="read the whole thread from page 1 (edits on older pages); otherwise every "
                        "10th round and before a deadline")
    parser.set_defaults(handler=_run)


def _show(report, as_json: bool, at: str | None = None) -> None:
    """One round's report; `at`: the round's time, before each line (the worker runs for days)."""
    from gorod.loop.words import resolved

    if as_json:
        print_json(report.to_json())
        return
    stamp = f"[{at}] " if at else ""

    def print(line: str) -> None:            # noqa: A001 — every line of the round with its time
        builtins.print(stamp + line, flush=bool(stamp))
    if report.poll and not report.poll.failed:     # a failed read is told by its error below, not as «0 posts»
        p = report.poll
        print(f"прочитано: постов {p.posts}, ЛС {p.pms}; заявок {p.orders}, во время резолва {p.late}, "
              f"неясных {p.unresolved}, правок {p.edited}, писем мастеру {p.letters}")
    if report.tick:
        for phase in report.tick.resolved:
            print(resolved(phase))
        if report.tick.drafted:
            print(f"новых черновиков: {len(report.tick.drafted)} (gorod drafts)")
        for note in report.tick.notices:
            print(note.text)
    if report.publish and (report.publish.posted or report.publish.failed):
        print(f"отправлено черновиков: {len(report.publish.posted)}")
        for draft_id, error in report.publish.failed.items():
            print(f"черновик #{draft_id} не отправлен: {error}")
    for error in report.errors:
        print(f"ошибка: {error}")


def _now_text(game) -> str:
    """«03.12 11:44:05» in the game's zone: when a round of the worker ran."""
    return f"{game.now().astimezone(game.config.schedule.zone):%d.%m %H:%M:%S}"


@with_game("run")
def _run(game, args) -> int:
    from gorod.loop import cycle, run
    from gorod.loop.lock import worker_lock

    with worker_lock(game.store.path):     # one worker per game: a second one is refused, naming the first
        if args.once:
            report = cycle(game, post=not args.no_post, read=not args.no_read, rescan=True if args.rescan else None)
            _show(report, args.json)
            return 1 if report.errors else 0
        run(game, on_report=lambda report: _show(report, args.json, _now_text(game)), rescan_first=args.rescan,
            read=not args.no_read, post=not args.no_post)
    return 0
