"""The hooks each ability module joins, registered by decorators in that module.

An ability's effect is spread over the phase's steps (the night's N0–N23 of SPEC §7,
the day's D0–D5 of §8); its module says at which step it acts and the engine's
step tables (`engine.night.NIGHT_STEPS`, `engine.day`) call what is registered
there. So the precedence stays in one table and the rule in one file.

    @night_step("N11", ability="Порча")
    def curses(night): ...

Hook kinds (`JOINS` names them per ability, the spec-hook test reads them):
- night_step(step, sub, ability): runs at that step of the night, sub-steps in order
- info(ability): what the user learns at N21, called per accepted order in order given
- anytime(ability): an «в любой момент» order's effect, at once (N1, D1)
- intake(ability) / accepted(ability): a night order judged later in N2 / acting at once
- phase_exempt(ability): its phase is judged by its own refusal (the day −1 throw)
- day_step(step, sub, ability): runs at that step of the day (D0, D2 …)
- day_effect(ability): what an accepted day order does (D1)
- refusal(ability, phase): the ability's own refusals (§3.3) beyond the common ones
- target_rule(ability): replaces the common target check of its TargetRule
- day_block(ability): a refusal of other players' day orders that the ability causes
- open_block(ability): the ability blocks a player's open-role abilities today (day, nick)
- no_vote(ability): the ability takes a player's vote for the day (§4.3 weight 0)
- vote_weight(sub, ability): a change to a counted vote's weight (§4.3)
- tally(sub, ability): votes added at the tally (Митинг, Компромат)
- tally_note(ability): fn(order) -> the line the GM's tally shows of an accepted order
  that casts no vote (Компромат's save), or None
- attack(ability): an attack's rank and damage when its record is built (N6)
- late_damage(late, ability) / no_damage(ability): damage known only at N13; no damage
- unsaveable(ability): a kill no Шулер saves from («Не спасает ничего»)
- death_save(ability): fn(ctx, nick, death, order) -> True if it keeps a dying player alive
  (death: "night", "day" or "execution")
- death(ability): fn(ctx, player) at a death (not an Арест), after the triggers
- true_role(ability): fn(ctx, player) -> True when a check sees the player's own role, not
  his mask
- cancel(ability): a defence that cancels attacks on its holder (N7)
- mail_copy(ability): fn(night, action, recipient) as an anonymous message is delivered at
  night: who else reads it (Туз Крестей)
- trigger(ability): a standing order fired at a death or an Арест (A52)
- max_lives(ability): +1 to a holder's maximum
- lazaret(sub, ability): a say when its holder would enter the Лазарет (True: handled)
- shape(ability): the order's own fields, checked when it is read (SPEC §3.2)
- win(sub, ability): a neutral's win check of §5, before the factions' (state -> outcome)
- start(ability): what someone is told at the start of the game (state -> events)
- setup_choice(key, ability, role): a `setup:` choice of the role's holder (the mask, the
  hand), fn(state, player, value), raising SetupError on a choice the rules forbid
- setup_check(ability): after every choice, what the game needs chosen (state -> None)
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Callable

from engine.abilities.spec import AbilitySpec, When
from engine.names import fold


@dataclass(frozen=True)
class Hook:
    kind: str
    ability: str
    fn: Callable[..., Any]
    step: str = ""
    sub: str = "m"
    phase: str = "any"   # refusals: "night", "day" or "any"
    label: str = ""      # vote hooks: the Russian reason the GM reads («Мэр: Деспотия …»);
                         # setup choices: the role whose holder makes it


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


def on(kind: str, ability: str, *, sub: str = "m", label: str = ""):
    """A hook of `kind` for `ability` (the kinds without a decorator of their own)."""
    return _decorator(kind, ability, sub=sub, label=label)


def night_step(step: str, sub: str = "m", *, ability: str):
    return _decorator("night", ability, step=step, sub=sub)


def day_step(step: str, sub: str = "m", *, ability: str):
    return _decorator("day_step", ability, step=step, sub=sub)


def day_effect(ability: str):
    return _decorator("day", ability)


def refusal(ability: str, *, phase: str = "any"):
    return _decorator("refusal", ability, phase=phase)


def target_rule(ability: str):
    return _decorator("target_rule", ability)


def vote_weight(sub: str, *, ability: str, label: str):
    """fn(day, voter, target, ballot, w) -> the new weight, or (weight, reason text)."""
    return _decorator("vote_weight", ability, sub=sub, label=label)


def attack(ability: str):
    return _decorator("attack", ability)


def cancel(ability: str):
    return _decorator("cancel", ability)


def trigger(ability: str, *, sub: str = "m"):
    return _decorator("trigger", ability, sub=sub)


def max_lives(ability: str):
    return _decorator("max_lives", ability)


def lazaret(sub: str, *, ability: str):
    return _decorator("lazaret", ability, sub=sub)


def win(sub: str, *, ability: str):
    return _decorator("win", ability, sub=sub)


class SetupError(ValueError):
    """A game that cannot start (unknown role, duplicate open role, bad setup)."""


def setup_choice(key: str, *, ability: str, role: str):
    """fn(state, player, value): the `setup.<nick>.<key>` choice of a `role` holder."""
    return _decorator("setup", ability, step=key, label=role)


# --- reading the registry ----------------------------------------------------------------
# Read at every order and step of every phase, so indexed once; rebuilt if HOOKS changes
# (a test may add a hook).

_INDEX: dict[str, Any] = {"key": None}


def _index() -> dict[str, Any]:
    key = (id(HOOKS), len(HOOKS))
    if _INDEX["key"] != key:
        by_kind: dict[str, list[Hook]] = defaultdict(list)
        by_pair: dict[tuple[str, str], list[Hook]] = defaultdict(list)
        by_step: dict[tuple[str, str], list[Hook]] = defaultdict(list)
        for hook in sorted(HOOKS, key=lambda h: h.sub):   # stable: registration order within a sub
            by_kind[hook.kind].append(hook)
            by_pair[(hook.kind, hook.ability)].append(hook)
            if hook.step:
                by_step[(hook.kind, hook.step)].append(hook)
        _INDEX.update(key=key, kind=by_kind, pair=by_pair, step=by_step,
                      anytime={h.ability: h.fn for h in by_kind["anytime"]})
    return _INDEX


def night_hooks(step: str) -> list[Hook]:
    return _index()["step"].get(("night", step), [])


def day_hooks(step: str) -> list[Hook]:
    return _index()["step"].get(("day_step", step), [])


def setup_choices(key: str) -> list[Hook]:
    """The `setup:` choices registered for `key` (each for its holder's role)."""
    return _index()["step"].get(("setup", key), [])


def setup_keys() -> list[str]:
    """The keys a player's `setup:` may hold, in the order they were registered."""
    return list(dict.fromkeys(h.step for h in _index()["kind"].get("setup", ())))


def refusals_of(ability: str, phase: str) -> list[Callable[..., Any]]:
    """Refusal hooks: fn(ctx, order, spec, controller=None) -> (Reason, target) | None;
    `phase` "night", "day", or "day_first" (before the common refusals)."""
    wanted = (phase,) if phase == "day_first" else ("any", phase)
    return [h.fn for h in _index()["pair"].get(("refusal", ability), ()) if h.phase in wanted]


def hooks_of(kind: str) -> list[Hook]:
    return _index()["kind"].get(kind, [])


def first(kind: str, ability: str) -> Callable[..., Any] | None:
    """The hook of `kind` that `ability` registered, or None."""
    hooks = _index()["pair"].get((kind, ability))
    return hooks[0].fn if hooks else None


def all_of(kind: str, ability: str) -> list[Callable[..., Any]]:
    return [h.fn for h in _index()["pair"].get((kind, ability), ())]


def anytime_effects() -> dict[str, Callable[..., Any]]:
    return _index()["anytime"]


def lateness(ability: str) -> int:
    """Attacks whose damage is known only at N13 deal it last, in this order."""
    hooks = _index()["pair"].get(("late_damage", ability))
    return int(hooks[0].sub) if hooks else 0


# --- the spec rows, by name (filled by engine/abilities/__init__.py) ----------------------

_BY_KEY: dict[str, AbilitySpec] = {}
_ORDER: dict[str, int] = {}


def install(specs: tuple[AbilitySpec, ...]) -> None:
    for index, spec in enumerate(specs):
        _ORDER[spec.name] = index
        for name in (spec.name, *spec.aliases):
            _BY_KEY[fold(name)] = spec


def find_ability(name: str) -> AbilitySpec | None:
    """The spec for a canonical name or alias (case- and ё-insensitive), or None."""
    return _BY_KEY.get(fold(name))


def is_passive(name: str | None) -> bool:
    """Is `name` a passive ability (a defence that blocked or cancelled an attack, say)?"""
    spec = find_ability(name) if name else None
    return spec is not None and spec.when is When.PASSIVE


def ability(name: str) -> AbilitySpec:
    spec = find_ability(name)
    if spec is None:
        raise KeyError(name)
    return spec


def registry_index(name: str) -> int:
    """A stable order for lists of ability names (the registry's)."""
    return _ORDER.get(name, len(_ORDER))
