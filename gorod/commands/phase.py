"""`gorod phase end|extend`: end the open phase now, or move its deadline."""
from __future__ import annotations

from datetime import datetime

from gorod.commands._game import add_game_option, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "phase", help="end the open phase now, or extend it",
        description="`end`: resolve the open phase now (a day whose vote is complete may end early) "
        "and draft its results. `extend`: move its deadline by --hours or to --until 'YYYY-MM-DD "
        "HH:MM' (Moscow time); past two real days for a game day only with --force (the rules).")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser("end", help="resolve the open phase now (after reading the whole thread and "
                           "every PM conversation once more; refused if the forum could not be read)")
    add_game_option(p)
    p.add_argument("--no-read", action="store_true", help="do not read the forum first")
    p.set_defaults(handler=_end)
    p = actions.add_parser("extend", help="move the open phase's deadline")
    add_game_option(p)
    p.add_argument("--hours", type=float)
    p.add_argument("--until", metavar="'YYYY-MM-DD HH:MM'", help="the new deadline, in the schedule's time zone")
    p.add_argument("--force", action="store_true", help="past the two-day limit of a game day")
    p.set_defaults(handler=_extend)


@with_game("phase end")
def _end(game, args) -> int:
    from gorod.loop import end_now, poll
    from gorod.loop.game import LoopError

    from gorod.loop.phases import END_INTENT

    phase = game.current().phase if game.current() else None
    if not args.no_read and phase is not None and not game.records.get(END_INTENT):
        report = poll(game, rescan=True)   # the last orders and edits, thread and PMs, before the phase is counted
        if report.failed:
            raise LoopError("; ".join(report.failed) + f" — {phase} не закончена: заявки могли не дойти. "
                            "Повторите позже или закончите без чтения: gorod phase end --no-read")
    ended = end_now(game)
    if ended.again:
        print(f"{ended.phase} уже разрешена (прошлый запуск прервался после резолва): ничего не сделано; "
              f"открыта {game.current().phase}")
        return 0
    print(f"{ended.phase} разрешена; черновиков: {len(ended.drafts)} (gorod drafts); открыта {game.current().phase}")
    return 0


@with_game("phase extend")
def _extend(game, args) -> int:
    from gorod.loop import extend
    from gorod.loop.game import LoopError

    until = None
    if args.until:
        try:
            until = datetime.strptime(args.until, "%Y-%m-%d %H:%M").replace(tzinfo=game.config.schedule.zone)
        except ValueError:
            raise LoopError(f"--until: expected 'YYYY-MM-DD HH:MM', got {args.until!r}") from None
    clock = extend(game, hours=args.hours, until=until, force=args.force)
    print(f"{clock.phase}: новый срок {clock.deadline.astimezone(game.config.schedule.zone):%d.%m %H:%M} (Москва)")
    return 0
