"""The hooks each ability module joins, registered by decorators in that module.

An ability's effect is spread over the phase's steps (the night's N0–N23 of SPEC §7,
the day's D0–D5 of §8); its module says at which step it acts and the engine's
step tables (`engine.night.NIGHT_STEPS`, `engine.day`) call what is registered
there. So the precedence stays in one table and the rule in one file.

    @night_step("N11", ability="Порча")
    def curses(night): ...

Hook kinds (`JOINS` names them, the spec-hook test reads them):
- night_step(step, sub, ability): runs at that step of the night, sub-steps in order
- day_effect(ability): what an accepted day order does (D1)
- refusal(ability, phase): the ability's own refusals (§3.3) beyond the common ones
- vote_weight(sub, ability): a change to a counted vote's weight (§4.3)
- attack(ability): an attack's rank and damage when its record is built (N6)
- cancel(ability): a defence that cancels attacks on its holder (N7)
- trigger(ability): a standing order fired at a death or an Арест (A52)
- max_lives(ability): +1 to a holder's maximum
- lazaret(ability): a say when its holder would enter the Лазарет (returns True: handled)
- win(sub, ability): a win check of §5
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable


@dataclass(frozen=True)
class Hook:
    kind: str
    ability: str
    fn: Callable[..., Any]
    step: str = ""
    sub: str = "m"
    phase: str = "any"   # refusals: "night", "day" or "any"


HOOKS: list[Hook] = []
JOINS: dict[str, set[str]] = defaultdict(set)   # ability -> the kinds of hook it joins


def _register(hook: Hook) -> None:
    HOOKS.append(hook)
    JOINS[hook.ability].add(hook.kind)


def _decorator(kind: str, ability: str, **extra):
    def wrap(fn):
        _register(Hook(kind, ability, fn, **extra))
        return fn
    return wrap


def night_step(step: str, sub: str = "m", *, ability: str):
    return _decorator("night", ability, step=step, sub=sub)


def day_effect(ability: str):
    return _decorator("day", ability)


def refusal(ability: str, *, phase: str = "any"):
    return _decorator("refusal", ability, phase=phase)


def vote_weight(sub: str, *, ability: str):
    return _decorator("vote_weight", ability, sub=sub)


def attack(ability: str):
    return _decorator("attack", ability)


def cancel(ability: str):
    return _decorator("cancel", ability)


def trigger(ability: str):
    return _decorator("trigger", ability)


def max_lives(ability: str):
    return _decorator("max_lives", ability)


def lazaret(sub: str, *, ability: str):
    return _decorator("lazaret", ability, sub=sub)


def win(sub: str, *, ability: str):
    return _decorator("win", ability, sub=sub)


# --- reading the registry ----------------------------------------------------------------

def _sorted(hooks):
    return sorted(hooks, key=lambda h: h.sub)   # stable: registration order within a sub


def night_hooks(step: str) -> list[Hook]:
    return _sorted(h for h in HOOKS if h.kind == "night" and h.step == step)


def day_effects() -> dict[str, Callable[..., Any]]:
    return {h.ability: h.fn for h in HOOKS if h.kind == "day"}


def refusals_of(ability: str, phase: str) -> list[Callable[..., Any]]:
    return [h.fn for h in HOOKS if h.kind == "refusal" and h.ability == ability
            and h.phase in ("any", phase)]


def hooks_of(kind: str) -> list[Hook]:
    return _sorted(h for h in HOOKS if h.kind == kind)


def attack_of(ability: str) -> Callable[..., Any] | None:
    return next((h.fn for h in HOOKS if h.kind == "attack" and h.ability == ability), None)
