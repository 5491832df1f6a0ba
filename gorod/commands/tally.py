"""`gorod tally`: the open phase as the engine would resolve it now: each order's verdict,
and by day the vote tally (weights and why), who would be executed, who has not voted."""
from __future__ import annotations

from gorod.commands._game import add_game_option, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "tally", help="открытая фаза на сейчас: судьба каждой заявки, подсчёт голосов, кто не голосовал",
        description="Resolve the open phase on a copy of the game as if it ended now, with the orders "
        "in force, and print what the engine decides: each order («в силе», «будет отклонена: "
        "использовано», «заменена #39»), and by day each vote with its weight and why, the totals, "
        "who would be executed and who has not voted. Nothing is stored; the same dry run feeds the "
        "console's tally.")
    add_game_option(parser)
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_tally)


@with_game("tally")
def _tally(game, args) -> int:
    from gorod.loop.checks import command_problem, order_problem, warnings
    from gorod.loop.words import phase_name
    from gorod.tally import NO_EXECUTION_WHY, tally_now

    current = game.open_phase()   # refused, with the reason, before the deal and after the end
    state, _events = game.fold()
    tally = tally_now(game, state, problem=order_problem, refusal=command_problem)
    rows = {row.id: row for row in game.records.orders(current.phase)}
    # an order left out of the dry run (it cannot resolve), or a command that will be refused:
    # in the GM's words, with the nearest names
    tally.verdict_by_row = dict(sorted({**tally.verdict_by_row, **warnings(state, list(rows.values()))}.items()))
    if args.json:
        print_json({"phase": tally.phase, "problem": tally.problem or None,
                    "orders": [{"id": rid, "order": rows[rid].text, "verdict": text}
                               for rid, text in tally.verdict_by_row.items()],
                    "votes": [{"voter": v.voter, "target": v.target, "weight": v.weight, "why": list(v.why),
                               "controlled_by": v.controlled_by} for v in tally.votes],
                    "added": tally.extra, "totals": tally.totals, "leader": tally.leader,
                    "verdict": tally.verdict or None, "abstained": list(tally.abstained)})
        return 0
    print(f"Фаза: {phase_name(current.phase)} — как решит движок, если она кончится сейчас")
    if tally.problem:
        print(f"  движок не может разрешить фазу: {tally.problem}")
    print(f"Заявки ({len(tally.verdict_by_row)}):")
    for rid, text in tally.verdict_by_row.items():
        print(f"  #{rid} {rows[rid].text} — {text}")
    if current.phase.is_night:
        return 0
    print("Голоса:" if tally.votes else "Голосов пока нет.")
    for v in tally.votes:
        print(f"  {v.voter} → {v.target}: {v.weight} ({'; '.join(v.why)})")
    for line in tally.extra:
        print(f"  {line}")
    if tally.totals:
        print("Итого: " + ", ".join(f"{nick} {n}" for nick, n in tally.totals.items()))
    if tally.leader:
        print(f"Если день кончится сейчас, на казнь пойдёт {tally.leader}.")
    elif tally.totals:
        why = NO_EXECUTION_WHY.get(tally.outcome)
        print("Если день кончится сейчас, казни не будет" + (f" ({why})." if why else "."))
    if tally.abstained:
        print("Не голосовали: " + ", ".join(tally.abstained))
    return 0
