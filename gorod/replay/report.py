"""The replay as a GM reads it: per phase, what gorod would have drafted, what the GM
announced, and every difference with its trace; then a summary table."""
from __future__ import annotations

import sys
from typing import Callable, TextIO

from gorod.replay.replayer import PhaseReplay, ReplayReport, phase_heading
from gorod.scenarios import phase_output
from publisher.render import player_table

Write = Callable[[str], None]


def writer(out: TextIO) -> Write:
    return lambda line="": print(line, file=out)


def show_start(write: Write, drafts) -> None:
    """The start: no news post (the GM posts none before night 1), a start PM per player
    with his roles, and what some of them learn besides (Мистическая связь, Знакомства по
    ту сторону)."""
    write("=== Начало игры ===")
    write("Стартовые ЛС (черновики gorod): каждому игроку — его явная и тайная роль"
          + ("; кроме того узнают:" if drafts.private else "."))
    for nick, lines in drafts.private.items():
        write(f"  → {nick}:")
        for line in lines:
            write(f"      {line}")
    write()


def _private(write: Write, private: dict[str, list[str]]) -> None:
    if private:
        write("Личные сообщения (черновики gorod):")
        for nick, lines in private.items():
            write(f"  → {nick}:")
            for line in lines:
                write(f"      {line}")


def show_phase(write: Write, phase: PhaseReplay, *, private: bool = False, trace: bool = False,
               announced: bool = True) -> None:
    pms = f", из них в ЛС {phase.from_pms}" if phase.from_pms else ""
    write(f"=== {phase_heading(phase.phase)} ===   заявок: {len(phase.orders)}{pms}")
    if phase.error:
        write(f"  ! {phase.error}")
    if phase.drafts is not None:
        write("Сводка новостей, черновик gorod (рыжим цветом):")
        for line in phase.drafts.news:
            write(f"  {line}")
        if private:
            _private(write, phase.drafts.private)
    if announced:
        if phase.gm_lines:
            write("Мастер объявил (игромеханический текст):")
            for line in phase.gm_lines:
                write(f"  {line}")
        else:
            write("Мастер объявил: —")
    if phase.unresolved:
        write(f"Неразобранное ({len(phase.unresolved)}), решает мастер:")
        for message, item in phase.unresolved:
            where = "ЛС" if message.private else f"пост {message.id}"
            write(f"  {message.author} ({where}): «{item.text}» — {item.reason}")
    if phase.late:
        write(f"Заявки во время резолва, не учтены ({len(phase.late)}):")
        for message, order in phase.late:
            write(f"  {message.author}: {order}")
    if phase.differences:
        write(f"Расхождения с мастером ({len(phase.differences)}):")
        for diff in phase.differences:
            write(f"  ≠ {diff.describe()}")
    else:
        write("Расхождений с мастером нет.")
    if trace and phase.drafts is not None:
        write("Почему (для мастера):")
        for line in phase.drafts.trace:
            write(f"  {line}")
    write()


def summary(write: Write, report: ReplayReport) -> None:
    write("Итог по фазам:")
    rows = [("Фаза", "Заявок", "Неразобр.", "На Кладбище", "Казнён", "Расхождений")]
    for p in report.phases:
        deaths = [f.player for f in _died(p)]
        executed = next((e.player for e in p.events if type(e).__name__ == "Executed"), "—")
        rows.append((phase_heading(p.phase), str(len(p.orders)), str(len(p.unresolved)),
                     ", ".join(deaths) or "—", executed, str(len(p.differences))))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    for n, row in enumerate(rows):
        write("  " + "  ".join(c.ljust(widths[i]) for i, c in enumerate(row)).rstrip())
        if n == 0:
            write("  " + "  ".join("-" * w for w in widths))
    write()
    write("Игроки после последней фазы (видит только мастер):")
    for line in player_table(phase_output("end", None, report.state, ())["players"]):
        write("  " + line)
    if report.state.game_over:
        write(f"Игра окончена, {winner_words(report.state.winner)}.")
    write()
    diffs = len(report.differences)
    write(f"Постов в теме: {report.posts} (до начала игры: {report.pre_game}), личных сообщений: {report.pms}, "
          f"фаз: {len(report.phases)}, расхождений с мастером: {diffs}.")


def winner_words(winner: str | None) -> str:
    """«победа: Нежить (НЖ)», as the news post says it; a neutral's nick as it is."""
    from publisher.texts import FACTION_NAMES

    if not winner:
        return "без победителя"
    name = FACTION_NAMES.get(winner)
    return f"победа: {name} ({winner})" if name else f"победа: {winner}"


def _died(phase: PhaseReplay):
    from engine import events as ev
    seen = []
    for e in phase.events:
        if isinstance(e, ev.Died) and e not in seen:
            seen.append(e)
    return seen


class ProgressBar:
    """A one-line progress bar on stderr for long replays (pages read of all pages)."""

    def __init__(self, out: TextIO = sys.stderr, width: int = 30) -> None:
        self.out = out
        self.width = width

    def __call__(self, done: int, total: int) -> None:
        filled = self.width * done // max(total, 1)
        self.out.write(f"\r[{'#' * filled}{'.' * (self.width - filled)}] страниц {done}/{total}")
        if done >= total:
            self.out.write("\n")
        self.out.flush()
