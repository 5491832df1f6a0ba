"""`gorod phase end|extend`: end the open phase now, or move its deadline."""
from __future__ import annotations

from datetime import datetime

from gorod.commands._game import add_game_option, phase_arg, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "phase", help="закончить открытую фазу сейчас или продлить её",
        description="`end`: resolve the open phase now (a day whose vote is complete may end early) "
        "and draft its results; refused while another process resolves or posts (a round of `gorod "
        "run`, `gorod publish`, the console: the game's writer lock), naming it and its PID, and a "
        "phase resolved meanwhile is said so, nothing done. `extend`: move its deadline by --hours or to --until 'YYYY-MM-DD "
        "HH:MM' (Moscow time); past two real days for a game day only with --force (the rules).")
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    p = actions.add_parser("end", help="разрешить открытую фазу сейчас (сначала ещё раз прочитав всю тему)")
    add_game_option(p)
    p.add_argument("phase", nargs="?", metavar="PHASE",
                   help="the phase to end ('день 2'): refused if another one is open; confirms like --yes")
    p.add_argument("--no-read", action="store_true",
                   help="не читать форум перед концом фазы (когда он не работает): написанное игроками после "
                   "последнего чтения в фазу не войдёт, а прочитанное позже будет отклонено как опоздавшее")
    p.add_argument("--yes", action="store_true",
                   help="end it even if it opened under 10 minutes ago by a phase end and has no orders "
                   "(without it such a phase is refused: a repeated command would lose the players' phase)")
    p.set_defaults(handler=_end)
    p = actions.add_parser("extend", help="перенести дедлайн открытой фазы")
    add_game_option(p)
    p.add_argument("--hours", type=float)
    p.add_argument("--until", metavar="'YYYY-MM-DD HH:MM'", help="the new deadline, in the schedule's time zone")
    p.add_argument("--force", action="store_true", help="past the two-day limit of a game day")
    p.set_defaults(handler=_extend)


@with_game("phase end")
def _end(game, args) -> int:
    from gorod.loop import end_now

    named = phase_arg(args.phase) if args.phase else None
    confirmed = args.yes or bool(args.phase)
    for line in end_now(game, read=not args.no_read, confirmed=confirmed, phase=named).lines(game):
        print(line)
    return 0


@with_game("phase extend")
def _extend(game, args) -> int:
    from gorod.loop import extend
    from gorod.loop.game import LoopError
    from gorod.loop.words import moment, phase_name

    until = None
    if args.until:
        try:
            until = datetime.strptime(args.until, "%Y-%m-%d %H:%M").replace(tzinfo=game.config.schedule.zone)
        except ValueError:
            raise LoopError(f"--until: нужен срок вида 'ГГГГ-ММ-ДД ЧЧ:ММ', а не {args.until!r}") from None
    clock = extend(game, hours=args.hours, until=until, force=args.force)
    print(f"{phase_name(clock.phase)}: новый срок {moment(clock.deadline, game.config.schedule)}")
    return 0
