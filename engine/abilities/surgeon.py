"""Лекарь (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.abilities.registry import day_effect, day_step
from engine.api import DayAPI
from engine.ruling_rows import flag
from engine.orders import Args, Order, arg


@dataclass(frozen=True)
class SurgeonArgs(Args):
    """«вылечить или убить»: which of the two (SPEC §6.2 Операция)."""
    mode: str | None = arg(required=True, choices=("heal", "kill"), missing="нужен режим (поле mode: heal или kill)",
                           said="режим: {}")

    def written(self, order: Order) -> str:
        """As the memo teaches (Shape.MODE): «Операция: Гена, убить»; an unknown mode is
        written as the last one."""
        words = WORDS[0]
        keyword = words.keyword(self.mode or "") or words.keywords[-1]
        return f"{order.ability}: {order.target}, {keyword.written}"


SPECS = (
    _A("Операция", RoleKind.OPEN, ("Лекарь",), D, "Операция - один раз за цикл ночей в любой день может вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете.",
       freq=Freq.PER_CYCLE, target=TargetRule.LIVING_IN_LAZARET, fields=(Field.TARGET,), args=SurgeonArgs,
       slang=("хилить", "отхилить", "спасать", "спасти", "резать", "зарезать", "убивать", "убить")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Операция", Channel.PM, "ник (в Лазарете) и «вылечить» или «убить»",
          names=("лечение",),
          verbs=("оперировать", "прооперировать", "лечить", "вылечить", "подлечить", "исцелить",
                 "исцелять", "излечить", "добить", "зарезать"),
          examples=(("Лечу Борю", {"target": "Боря", "mode": "heal"}),
                    ("Операция: Гена, убить", {"target": "Гена", "mode": "kill"})),
          shape=Shape.MODE,
          keywords=(Keyword("heal", "вылечить", frozenset({"лечить", "вылечить", "подлечить",
                        "исцелить", "исцелять", "излечить", "лечение", "исцеление", "хил", "heal",
                        "вылечивать", "спасти", "спасать", "хилить", "отхилить", "хилю", "отхилю"})),
                    Keyword("kill", "убить", frozenset({"убить", "убивать", "добить", "добивать",
                        "зарезать", "kill", "умертвить", "прикончить", "резать", "зарежу"})))),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "operation_kill_immediate", "A56", "Операция",
        "Операция Лекаря: «убить» лежащего в Лазарете — когда наступает смерть?",
        yes="сразу: Кладбище, раскрытие роли, голос жертвы больше не учитывается",
        no="в конце фазы, по общему правилу (A11)",
    ),
)


@day_effect("Операция")
def operation(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Операция: «вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете» (A56)."""
    day.spend(order, spec)
    target = day.p(order.target_nick)
    if order.args_as(SurgeonArgs).mode == "heal":
        day.heal(target)
        day.trace(f"Операция: {target.nick} +1 жизнь", "Операция", order)
        return None
    if day.rulings["operation_kill_immediate"]:
        day.kill(target.nick, "Операция", order)
    else:
        day.own(LateKills).kills.append((target.nick, order))   # A56 (1) b: at the end of the day


@day_step("D3", "a", ability="Операция")
def deferred_kills(day: DayAPI) -> None:
    """«может вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете»
    `operation_kill_immediate: false` (A56 b): the kill at the end of the day."""
    for nick, order in day.own(LateKills).kills:
        if day.p(nick).alive:
            day.kill(nick, "Операция", order)


@dataclass
class LateKills:
    """`operation_kill_immediate: false`: today's kills by Операция, done at the end of the day."""
    kills: list[tuple[str, Order]] = field(default_factory=list)
