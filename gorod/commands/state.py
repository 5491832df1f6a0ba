"""`gorod state [--at PHASE]`: the game at any moment, rebuilt by folding the log."""
from __future__ import annotations

from gorod.commands._game import add_game_option, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "state", help="the game now or after any phase: players, the open phase, orders, what needs the GM",
        description="Rebuild the game's state by folding the stored orders through the engine and "
        "print the players (roles, lives, status: the GM's eyes only), the open phase and its "
        "deadline, its orders, unresolved items and notices. --at PHASE ('start', 'night 1', "
        "'day 2') shows the moment after that phase.")
    add_game_option(parser)
    parser.add_argument("--at", metavar="PHASE", help="after this phase ('start', 'night 1', 'day 1', ...)")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_state)


@with_game("state")
def _state(game, args) -> int:
    from gorod.loop.game import LoopError
    from gorod.scenarios import phase_output
    from publisher.render import player_table

    if args.at and args.at != "start":
        from engine.phase import PhaseId
        try:
            PhaseId.parse(args.at)
        except ValueError as exc:
            raise LoopError(f"--at: {exc}") from None
    state, events = game.fold(args.at)
    players = phase_output("state", None, state, ())["players"]
    current = game.current()
    orders = game.records.orders(str(current.phase)) if current and not args.at else []
    unresolved = game.records.unresolved() if not args.at else []
    notices = game.records.notices(unseen_only=True) if not args.at else []
    if args.json:
        print_json({"phase": str(state.phase) if state.phase else "start", "players": players,
                    "open": current.to_json() if current and not args.at else None,
                    "orders": [o.to_json() for o in orders], "unresolved": unresolved, "notices": notices,
                    "winner": state.winner, "game_over": state.game_over})
        return 0
    print(f"После фазы: {state.phase or 'начало игры'}" + (f"; победа: {state.winner}" if state.game_over else ""))
    for line in player_table(players):
        print("  " + line)
    if current and not args.at:
        zone = game.config.schedule.zone
        print(f"\nОткрыта: {current.phase}, с {current.started.astimezone(zone):%d.%m %H:%M} "
              f"до {current.deadline.astimezone(zone):%d.%m %H:%M} (Москва)"
              + (", резолв объявлен" if current.announced else ""))
        print(f"Заявки ({len(orders)}):")
        for o in orders:
            print(f"  #{o.id} {o.text}  [{o.source}]")
        if unresolved:
            print("Неясно (решает мастер: gorod order add ... --resolves ID):")
            for u in unresolved:
                cands = f"; кандидаты: {', '.join(u['candidates'])}" if u["candidates"] else ""
                print(f"  ?{u['id']} {u['author']}: «{u['text']}» — {u['reason']}{cands}")
        if notices:
            print("Для мастера:")
            for n in notices:
                print(f"  [{n['kind']}] {n['text']}")
    return 0
