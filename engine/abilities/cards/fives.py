"""Пятерка Бубен and Пятерка Крестей (Шулер): a death within a day of the throw leaves the
target one life instead (read by the deaths of the night, N17, and of the day).

One module for the two: the rules give the Пятерка Крестей as «аналогично "Пятерке Бубен"».
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import CardSpec
from engine.abilities.registry import DEATH_SAVE, ON_THROW, card, night_step
from engine.api import NightAPI, PhaseAPI, THROW
from engine.names import CIVILIAN
from engine.phase import PhaseId, PhaseKind
from engine.actions import ThrownCard
from engine.ruling_rows import choice, flag
from engine.orders import Order

DIAMONDS = card(CardSpec("Пятерка Бубен", "Пятерка Бубен (Шулер) - если персонаж, на которого брошена карта, в течение суток (ночь, день) с момента броска умирает, то вместо этого он теряет все жизни, кроме одной. Действует один раз. Брошенная на Мирного, позволяет Мастеру карт узнать его Тайную роль.", bonus=CIVILIAN))
# A82: the «аналогично» carries the bonus only under `shuler_bonus_both`
CLUBS = card(CardSpec("Пятерка Крестей", "Пятерка Крестей (Шулер) - аналогично \"Пятерке Бубен\".", bonus=CIVILIAN, bonus_ruling="shuler_bonus_both"))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "shuler_bonus_both", "A5", "\"Мирный\" and Пятерка Крестей's bonus",
        "Пятерка Бубен (Шулер), брошенная «на Мирного», открывает Мастеру карт его Тайную роль; "
        "Пятерка Крестей — «аналогично Пятерке Бубен».",
        yes="бонус срабатывает на любого из двух Мирных жителей, и у Пятерки Крестей тот же бонус",
        no="у Пятерки Крестей бонуса нет (только у Пятерки Бубен)",
    ),
    choice(
        "shuler_window", "A77", "Шулер",
        "Шулер спасает, если цель умирает «в течение суток (ночь, день) с момента броска». Какие это фазы?",
        ("next_night_and_day", "ночь после броска и следующий день (сам день броска не покрыт)"),
        ("throw_day_and_night", "остаток дня броска и следующая ночь"),
    ),
    flag(
        "shuler_saves_execution", "A77", "Шулер",
        "Спасает ли Шулер от казни?",
        yes="да: казнь — это смерть; остаётся 1 жизнь, Лазарет",
        no="нет",
    ),
)


@dataclass(frozen=True)
class ShulerWindow:
    """Пятерка Бубен / Крестей: «в течение суток (ночь, день) с момента броска» (A77)."""
    card: str
    phases: tuple[PhaseId, ...]   # the phases it covers (A77 `shuler_window`)
    by: str


@dataclass(frozen=True)
class Windows:
    """The Пятерки's memory across phases (their state slot): the open windows, by target."""
    by: dict[str, tuple[ShulerWindow, ...]] = field(default_factory=dict)

    def of(self, nick: str) -> tuple[ShulerWindow, ...]:
        return self.by.get(nick, ())

    def with_(self, nick: str, windows: tuple[ShulerWindow, ...]) -> "Windows":
        return Windows({**self.by, nick: windows})


@ON_THROW("Пятерка Бубен")
@ON_THROW("Пятерка Крестей")
def open_window(ctx: PhaseAPI, thrown: ThrownCard) -> None:
    """«в течение суток (ночь, день) с момента броска» (A77 `shuler_window`)."""
    night = PhaseId(thrown.night, PhaseKind.NIGHT)
    phases: tuple[PhaseId, ...]
    if ctx.rulings["shuler_window"] == "next_night_and_day":
        phases = (night, night.next())
    else:
        phases = (ctx.phase, night) if not ctx.phase.is_night else (night,)
    windows, nick = ctx.state.of(Windows), thrown.targets[0]
    ctx.state.put(windows.with_(nick, (*windows.of(nick), ShulerWindow(thrown.acts_as, phases, thrown.by))))


def window_now(ctx: PhaseAPI, nick: str) -> ShulerWindow | None:
    """A Пятерка covering this phase: the night after the throw and that day (A77)."""
    for window in ctx.state.of(Windows).of(nick):
        if ctx.phase in window.phases:
            return window
    return None


# how the save is told, by the death it stops
_SAVED = {"night": "{card} спасает {nick}: вместо смерти остаётся одна жизнь",
          "day": "{card} спасает {nick}", "execution": "{card} спасает {nick} от казни"}


@DEATH_SAVE(THROW)
def saves(ctx: PhaseAPI, nick: str, death: str, order: Order | None = None) -> bool:
    """«если персонаж … в течение суток (ночь, день) с момента броска умирает, то вместо
    этого он теряет все жизни, кроме одной. Действует один раз.» (A77); from an execution
    only under `shuler_saves_execution`."""
    if death == "execution" and not ctx.rulings["shuler_saves_execution"]:
        return False
    window = window_now(ctx, nick)
    if window is None:
        return False
    player = ctx.p(nick)
    windows = ctx.state.of(Windows)
    ctx.state.put(windows.with_(nick, tuple(w for w in windows.of(nick) if w is not window)))
    player.lives = 1
    ctx.trace(_SAVED[death].format(card=window.card, nick=nick), window.card, order)
    return True


@night_step("N22", "z", ability=THROW)
def windows_close(night: NightAPI) -> None:
    """«в течение суток (ночь, день) с момента броска»
    N22 (z): the windows that ended with this night close."""
    windows = night.state.of(Windows)
    night.state.put(Windows({nick: tuple(w for w in open_ if max(w.phases) > night.phase)
                             for nick, open_ in windows.by.items()}))
