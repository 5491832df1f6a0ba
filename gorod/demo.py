"""The demo: a bundled game resolved and shown as a GM would read it."""
from __future__ import annotations

import sys

from engine.resolve import resolve
from engine.setup import new_game
from gorod.scenarios import ScenarioError, load_scenario, phase_output
from engine.phase import PhaseId
from publisher.render import phase_title, player_table, render_phase


def run_demo(path: str, *, trace: bool = False, out=None) -> int:
    out = out or sys.stdout
    try:
        scenario = load_scenario(path)
        state, start_events = new_game(scenario.seats, scenario.setup, scenario.rulings)
    except (ScenarioError, ValueError) as exc:
        print(f"gorod demo: {exc}", file=sys.stderr)
        return 2
    write = lambda line="": print(line, file=out)
    write(f"gorod — {scenario.title or path}")
    write(f"Игроков: {len(scenario.seats)}")
    write()
    if start_events:
        _show(write, "Начало игры", render_phase("start", start_events), trace)
    for phase in scenario.phases:
        if phase.name == "start":
            continue
        phase_id = PhaseId.parse(phase.name)
        try:
            result = resolve(state, phase_id, phase.orders)
        except ValueError as exc:
            print(f"gorod demo: {path}: {exc}", file=sys.stderr)
            return 2
        state = result.state
        title = phase_title(phase.name, phase_id.moon.value if phase_id.is_night else None)
        write(f"Заявок: {len(phase.orders)}")
        _show(write, title, render_phase(phase.name, result.events), trace)
        if state.game_over:
            break
    write("Итог (видит только мастер):")
    for line in player_table(phase_output("end", None, state, ())["players"]):
        write("  " + line)
    return 0


def _show(write, title: str, drafts, trace: bool) -> None:
    write(f"=== {title} ===")
    write("Сводка новостей (публично, рыжим цветом):")
    for line in drafts.news:
        write(f"  {line}")
    if drafts.private:
        write("Личные сообщения:")
        for nick, lines in drafts.private.items():
            write(f"  → {nick}:")
            for line in lines:
                write(f"      {line}")
    if trace:
        write("Почему (для мастера):")
        for line in drafts.trace:
            write(f"  {line}")
    write()
