"""`gorod state [--at PHASE]`: the game at any moment, rebuilt by folding the log."""
from __future__ import annotations

from gorod.commands._game import add_game_option, phase_arg, print_json, with_game
from gorod.loop.inbox import KIND_RU


def register(sub) -> None:
    parser = sub.add_parser(
        "state", help="игра сейчас или после любой фазы: игроки, открытая фаза, заявки, что ждёт мастера",
        description="Rebuild the game's state by folding the stored orders through the engine and "
        "print the players (roles, lives, status: the GM's eyes only), the open phase and its "
        "deadline, its orders, unresolved items and notices. --at PHASE ('start', 'night 1', "
        "'day 2') shows the moment after that phase, and what came of each of its orders "
        "(refused, or taken but without effect, as a bite on a target other Demons chose: "
        "its author is never told).")
    add_game_option(parser)
    parser.add_argument("--at", metavar="PHASE", help="after this phase ('start', «ночь 1», «день 1», 'night 1', 'day1', ...)")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_state)


@with_game("state")
def _state(game, args) -> int:
    from gorod.loop.game import LoopError
    from gorod.scenarios import phase_output
    from gorod.loop.checks import warnings
    from gorod.loop.inbox import inbox
    from gorod.loop.words import moment, phase_name, winner_name
    from publisher.render import player_table

    if args.at and args.at != "start":
        args.at = str(phase_arg(args.at, "--at («start» — до первой фазы)"))
    state, events = game.fold(args.at)
    players = phase_output("state", None, state, ())["players"]
    current = game.current()
    orders = game.records.orders(str(current.phase)) if current and not args.at else []
    taken = []   # after a resolved phase: what came of each of its orders
    if args.at and args.at != "start":
        from engine.phase import PhaseId
        from gorod.tally import resolved_verdicts

        taken = resolved_verdicts(game, PhaseId.parse(args.at))
    unresolved = game.records.unresolved() if not args.at else []
    notices = inbox(game) if not args.at else []
    if args.json:
        print_json({"phase": str(state.phase) if state.phase else "start", "players": players,
                    "open": current.to_json() if current and not args.at else None,
                    "orders": [o.to_json() for o in orders], "unresolved": [u.to_json() for u in unresolved],
                    "notices": [n.to_json() for n in notices],
                    "phase_orders": [{"id": i, "order": o, "verdict": v} for i, o, v in taken],
                    "winner": state.winner, "game_over": state.game_over,
                    "last_read": game.records.get("last_read"), "last_full_read": game.records.get("last_full_read")})
        return 0
    schedule = game.config.schedule
    print(f"После фазы: {phase_name(state.phase)}" + ("; игра окончена" if state.game_over else "")
          + (f", победа: {winner_name(state.winner)}" if state.game_over else ""))
    for line in player_table(players):
        print("  " + line)
    if args.at and args.at != "start":
        print(f"\nЗаявки фазы и что с ними стало ({len(taken)}):")
        for order_id, order, verdict in taken:
            print(f"  #{order_id} {order} — {verdict}")
    if not args.at:
        last, full = game.records.get("last_read"), game.records.get("last_full_read")
        print("\nФорум прочитан: " + (moment(last, schedule) if last else "ещё ни разу")
              + ("; целиком: " + (moment(full, schedule) if full else "ещё ни разу (gorod run --once --rescan)")))
        failing = game.records.get("read_error")
        if failing:
            print(f"Форум не читается с {moment(failing['since'], schedule)}: {failing['text']}")
    if current and not args.at:
        print(f"Открыта: {phase_name(current.phase)}, с {moment(current.started, schedule)} "
              f"до {moment(current.deadline, schedule)}" + (", резолв объявлен" if current.announced else ""))
        print(f"Заявки ({len(orders)}):")
        problems = warnings(state, orders)
        for o in orders:
            bad = f"\n      {problems[o.id]}" if o.id in problems else ""
            print(f"  #{o.id} {o.text}  [{o.source}]{bad}")
        if unresolved:
            print("Неясно (решает мастер: gorod order add ... --resolves ID):")
            for u in unresolved:
                # a candidate that is a whole order («похоже на голос против Лиса?») is
                # printed as the command that takes it
                choices = [c for c in u.candidates if c.startswith("{")]
                names = [c for c in u.candidates if not c.startswith("{")]
                cands = f"; кандидаты: {', '.join(names)}" if names else ""
                print(f"  ?{u.id} {u.author}: «{u.text}» — {u.reason}{cands}")
                for choice in choices:
                    print(f"      gorod order add \"{choice}\" --resolves {u.id}")
    if notices:
        print("Для мастера (gorod inbox; прочитано: gorod inbox --read ID):")
        for n in notices:
            print(f"  #{n.id} [{KIND_RU.get(n.kind, n.kind)}] {n.text}")
    return 0
