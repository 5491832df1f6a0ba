"""Летописец (З): a role defined only here, the worked example of README «Layout» (adding a
role with memory). Its rule, in the style of rules-ru.txt: «Хроника - каждую ночь может
записать в хронику любого другого персонажа. Записав того же во второй раз, узнает его
Тайную роль.»

Everything the role is lives in this one module, as in any of engine/abilities/: its spec
row, how its orders are written, its memory across phases (a frozen state class, read and
written as `state.of(Chronicle)` / `state.put(...)`) and its hook, annotated with the
engine's API. The product needs two lines more: its name and faction in engine/names.py,
its module in engine/abilities/__init__.py's MODULES (tests/engine/test_new_role.py does
both for the test)."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.registry import INFO
from engine.abilities.spec import N, AbilitySpec, Channel, Field, RoleKind, TargetRule, Words
from engine.actions import Action
from engine.api import NightAPI

RULE = ("Хроника - каждую ночь может записать в хронику любого другого персонажа. Записав того "
        "же во второй раз, узнает его Тайную роль.")

SPECS = (
    AbilitySpec("Хроника", RoleKind.SECRET, ("Летописец",), N, RULE,
                target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
)

WORDS = (
    Words("Хроника", Channel.PM, "ник или явная роль", verbs=("записать",),
          examples=(("Хроника: Боря", {"target": "Боря"}),)),
)


@dataclass(frozen=True)
class Chronicle:
    """Хроника's memory across phases: whom each Летописец has written down, in order."""
    written: dict[str, tuple[str, ...]] = field(default_factory=dict)


@INFO("Хроника")
def chronicle(night: NightAPI, action: Action) -> None:
    """«Записав того же во второй раз, узнает его Тайную роль.»"""
    book = night.state.of(Chronicle)
    target = action.targets[0]
    mine = book.written.get(action.user, ())
    if target in mine:
        night.learn(action.user, "Хроника", action.order, about=target, secret=night.apparent(target))
    night.state.put(Chronicle({**book.written, action.user: (*mine, target)}))
