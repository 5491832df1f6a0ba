"""Checking orders: malformed ones raise `OrderError` (SPEC §3.2), forbidden ones get a
reason code (§3.3).

Shape (`check_shape`) is about the input: a known ability of a role the player has
held, known names, the fields the ability needs. Legality (`refusal`) is about the
game: the user's status, the phase, the moon, limits, cooldowns and targets.
"""
from __future__ import annotations

from typing import Any, Callable, Mapping

from engine.abilities import (
    AbilitySpec, Cooldown, Field, Freq, RoleKind, TargetRule, When, find_ability, registry,
)
from engine.api import THROW, mask_of
from engine.names import Moon, canon_card, canon_open_role, cycle_of
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.reasons import Reason
from engine.state import GameState, PlayerState


# --- roles ------------------------------------------------------------------------------

def apparent_role(state: GameState, player: PlayerState) -> str:
    """What every role check sees (SPEC §6.3): the mask while the player holds a role that
    chooses one (a `mask` setup choice: Приспосабливайся, the Инквизитор's), else the real role."""
    mask = mask_of(state, player.nick)
    if mask and any(h.label == player.secret_role for h in registry.SETUP.at("mask")):
        return mask
    return player.secret_role


# --- lives ------------------------------------------------------------------------------

def max_lives(player: PlayerState, rulings: Mapping[str, Any]) -> int:
    """«Если не указано обратного, то у каждого персонажа есть две "жизни"»; the abilities
    that add one (Закалка, Пивное пузо: `registry.max_lives` hooks) stack unless
    `max_lives_stack: false` (A9)."""
    bonuses = sum(1 for hook in registry.MAX_LIVES.fns() if hook(player))
    if rulings["max_lives_stack"]:
        return 2 + bonuses
    return 2 + min(bonuses, 1)


# --- shape ------------------------------------------------------------------------------

def check_shape(state: GameState, order: Order) -> tuple[Order, AbilitySpec]:
    """Canonicalise names and check the order can be read at all; raise OrderError."""
    spec = find_ability(order.ability)
    if spec is None:
        if canon_card(order.ability):
            raise OrderError(f"«{order.ability}» — карта: её кидают заявкой «{THROW}» (поле card)")
        raise OrderError(f"неизвестная способность «{order.ability}» (поле ability)")
    if order.by not in state.players:
        raise OrderError(f"неизвестный игрок «{order.by}» (поле by)")
    user = state.players[order.by]
    if spec.kind is not RoleKind.COMMON:
        held = user.held_roles | {r for r in (user.open_role, user.secret_role) if r}
        if not held.intersection(spec.roles):
            raise OrderError(f"«{spec.name}» — способность роли {', '.join(spec.roles)}, а у игрока "
                             f"{order.by} этой роли не было (поле ability)")
    if not spec.orderable:
        raise OrderError(f"«{spec.name}» не заявляют: она действует сама или выбирается в начале игры (поле ability)")
    order = _canonical(order, spec)
    named = [("target", order.target), *(("targets", t) for t in order.targets),
             *(order.args.nicks() if order.args is not None else ())]
    for key, name in named:
        if name is not None and name not in state.players:
            raise OrderError(f"неизвестный игрок «{name}» (поле {key})")
    if order.answer is not None:
        # an answer to the engine's question at a trigger (A52 b) carries only the choice
        if isinstance(order.answer, str) and order.answer not in state.players:
            raise OrderError(f"неизвестный игрок «{order.answer}» (поле answer)")
        return order, spec
    _check_fields(state, order, spec)
    return order, spec


def _canonical(order: Order, spec: AbilitySpec) -> Order:
    from dataclasses import replace

    # the names an ability's own arguments hold (cards, secret roles): its `Args` says how
    # each is made canonical (`arg(canon=…)`)
    changes: dict[str, Any] = order.args.canonical() if order.args is not None else {}
    command = order.arg("command")
    if command is not None:
        cmd_spec = find_ability(command.ability)
        if cmd_spec is None:
            raise OrderError(f"неизвестная способность «{command.ability}» в приказе (поле command)")
        target = command.target
        if spec.command_by_open_role and target is not None:
            role = canon_open_role(target)
            target = role or target
        changes["command"] = type(command)(cmd_spec.name, target, command.mode)
    order = replace(order, ability=spec.name)
    return order.with_args(**changes) if changes else order


# What an order lacking its target(s) is told, said to the GM (FORMAT.md's field in brackets);
# an ability's own arguments say it in its `Args` (`arg(missing=…)`).
MISSING_RU = {
    Field.TARGET: "нужна цель (поле target)",
    Field.TARGETS: "нужны два игрока (поле targets)",
}


def missing(name: str, field: Field) -> OrderError:
    """«Порча: нужна цель (поле target)»."""
    return OrderError(f"{name}: {MISSING_RU[field]}")


def _check_fields(state: GameState, order: Order, spec: AbilitySpec) -> None:
    name = spec.name
    need = set(spec.fields)
    own = registry.SHAPE.first(name)   # fields that depend on each other (a card, a signal)
    if own:
        own(order)
    for f in need:
        if f is Field.TARGET:
            lacking = order.target is None
        elif f is Field.TARGETS:
            lacking = len(order.targets) != 2
        else:   # its `Args` field: unset, or a value it does not take (`mode`)
            lacking = order.args is None or order.args.lacks(f.value)
            why = spec.args.missing_text(f.value) if spec.args is not None else ""
            if lacking and why:
                raise OrderError(f"{name}: {why}")
            continue
        if lacking:
            raise missing(name, f)
    for key, nick in order.args.listed() if order.args is not None else ():
        if nick not in state.players:
            raise OrderError(f"неизвестный игрок «{nick}» в списке (поле {key})")


# --- legality ---------------------------------------------------------------------------

def holds_now(player: PlayerState, spec: AbilitySpec) -> bool:
    if spec.kind is RoleKind.COMMON:
        return True
    if spec.kind is RoleKind.OPEN:
        return player.open_role in spec.roles
    return player.secret_role in spec.roles


def status_refusal(player: PlayerState, spec: AbilitySpec, rulings: Mapping[str, Any], *,
                   lazaret: bool | None = None, prison: bool | None = None,
                   dead: bool | None = None) -> Reason | None:
    """«Сопосбности, помеченные буквами "Л", "Т", "К", не теряются при статусах "Лазарет",
    "Тюрьма" и "Кладбище" соответственно.» (SPEC §2.3). Statuses may be given as of a
    snapshot (the start of a night)."""
    lazaret = player.lazaret if lazaret is None else lazaret
    prison = player.in_prison if prison is None else prison
    dead = player.dead if dead is None else dead
    keeps = spec.keeps
    if player.left:
        return Reason.USER_DEAD
    if dead and not (spec.kind in (RoleKind.SECRET, RoleKind.CARD) and "К" in keeps):
        return Reason.USER_DEAD
    if prison:
        if spec.kind is RoleKind.COMMON:
            if rulings["prison_loses_common"]:
                return Reason.USER_IN_PRISON
        elif "Т" not in keeps:
            return Reason.USER_IN_PRISON
    if lazaret:
        if spec.kind in (RoleKind.SECRET, RoleKind.CARD) and "Л" not in keeps:
            return Reason.USER_IN_LAZARET
        ruling, marker = spec.keeps_ruling
        if ruling and marker == "Л" and not rulings[ruling]:
            return Reason.USER_IN_LAZARET   # the marker holds only under that ruling
    return None


def phase_refusal(spec: AbilitySpec, phase: PhaseId, rulings: Mapping[str, Any]) -> Reason | None:
    when = effective_when(spec, rulings)
    if when is When.NIGHT and not phase.is_night:
        return Reason.WRONG_PHASE
    if when is When.DAY and phase.is_night:
        return Reason.WRONG_PHASE
    moons = effective_moons(spec, rulings)
    if phase.is_night and moons and phase.moon not in moons:
        return Reason.WRONG_MOON
    return None


_WHEN = {"any": When.ANY, "day": When.DAY, "night": When.NIGHT}
_MOONS = {"any_night": frozenset(), "new_moon": frozenset({Moon.NEW}),
          "half_moon": frozenset({Moon.HALF}), "full_moon": frozenset({Moon.FULL})}


def effective_when(spec: AbilitySpec, rulings: Mapping[str, Any]) -> When:
    """Phases where the text is silent follow the rulings (A22, A67: `when_ruling`; the
    abilities of no stated phase, `unstated_phase: any`)."""
    if spec.when_ruling:
        return _WHEN[rulings[spec.when_ruling]]
    if spec.phase_unstated and rulings["unstated_phase"] == "any":
        return When.ANY
    return spec.when


def effective_moons(spec: AbilitySpec, rulings: Mapping[str, Any]) -> frozenset[Moon]:
    """Moons a typo or a silence leaves open follow the rulings (A1, A43: `moons_ruling`)."""
    return _MOONS[rulings[spec.moons_ruling]] if spec.moons_ruling else spec.moons


def limit_refusal(player: PlayerState, spec: AbilitySpec, phase: PhaseId, rulings: Mapping[str, Any]) -> Reason | None:
    """Frequency limits and recharges (SPEC §1.3, A16–A19)."""
    uses = player.uses.get(spec.name, [])
    freq, allowed = spec.freq, spec.uses
    if spec.uses_ruling:   # A58 `sex_change_per_day`, A33 `cards_per_day`
        value = rulings[spec.uses_ruling]
        allowed = 10**6 if value == "unlimited" else int(value)
    if freq is Freq.PER_GAME and len(uses) >= allowed:
        return Reason.USED_UP
    if freq is Freq.PER_CYCLE and _used_in_cycle(uses, phase, rulings):
        return Reason.USED_UP
    if freq is Freq.PER_DAY and sum(1 for u in uses if u == phase) >= allowed:
        return Reason.USED_UP
    if phase.is_night and any(u == phase for u in uses):
        return Reason.USED_UP   # a night ability is ordered at most once a night (§1.3)
    if spec.cooldown is Cooldown.ONE_NIGHT and phase.is_night:
        gap = int(rulings["cooldown_nights"])
        if any(u.is_night and 0 < phase.number - u.number <= gap for u in uses):
            return Reason.COOLDOWN
    if spec.cooldown is Cooldown.FULL_MOON and phase.is_night and uses:
        last = max(u.number for u in uses if u.is_night)
        if not _recharged_by_full_moon(last, phase.number, rulings):
            return Reason.COOLDOWN
    return None


def _used_in_cycle(uses: list[PhaseId], phase: PhaseId, rulings: Mapping[str, Any]) -> bool:
    if rulings["cycle_mode"] == "fixed":
        return any(cycle_of(u.number) == cycle_of(phase.number) for u in uses)
    # rolling: at least three nights between uses (day N sits after night N)
    return any(phase.index - u.index < 6 for u in uses)


def _recharged_by_full_moon(last: int, now: int, rulings: Mapping[str, Any]) -> bool:
    """«Перезаряжается в Полнолуние» (A18)."""
    mode = rulings["shuffle_recharge"]
    full_moons = [n for n in range(last + 1, now + 1) if (n - 1) % 3 == 2]
    if mode == "next_full_moon":
        return bool(full_moons)
    if mode == "night_after_full_moon":
        return any(n < now for n in full_moons)
    return cycle_of(now) != cycle_of(last)  # once per cycle


def target_refusal(state: GameState, user: PlayerState, spec: AbilitySpec, order: Order,
                   rulings: Mapping[str, Any]) -> tuple[Reason, str | None] | None:
    """Target restrictions as ordered (SPEC §6 "Targets", §9 point 3)."""
    rule = spec.target
    players = state.players

    def living(nick: str, *, other: bool) -> tuple[Reason, str] | None:
        target = players[nick]
        if other and nick == user.nick:
            return Reason.TARGET_SELF, nick
        if not target.alive:
            return Reason.TARGET_DEAD, nick
        if target.in_prison and not rulings["prison_targetable"]:
            return Reason.TARGET_IN_PRISON, nick
        return None

    own = registry.TARGET_RULE.first(spec.name)
    if own:
        return own(_TargetContext(state, rulings, living), user, order)
    if (spec.info_only and rulings["dead_targetable"] == "investigation_and_information"
            and rule is TargetRule.OTHER_LIVING and players[order.target_nick].dead):
        return (Reason.TARGET_SELF, order.target) if order.target == user.nick else None
    if rule is TargetRule.NONE or rule is TargetRule.CARD:
        return None
    if rule is TargetRule.OTHER_LIVING:
        return living(order.target_nick, other=True)
    if rule is TargetRule.ANY_LIVING:
        return living(order.target_nick, other=False)
    if rule is TargetRule.LIVING_IN_LAZARET:
        bad = living(order.target_nick, other=False)
        if bad:
            return bad
        if not players[order.target_nick].lazaret:
            return Reason.TARGET_NOT_IN_LAZARET, order.target
        return None
    if rule is TargetRule.OTHER_DEAD:
        if order.target == user.nick:
            return Reason.TARGET_SELF, order.target
        if not players[order.target_nick].dead:
            return Reason.TARGET_NOT_DEAD, order.target
        return None
    if rule is TargetRule.PAIR:
        for nick in order.targets:
            if not players[nick].alive:
                return Reason.TARGET_DEAD, nick
        return None
    return None


class _TargetContext:
    """What a `target_rule` hook reads: the state, the rulings and the common check of
    a living target (`living(nick, other=True)`)."""

    def __init__(self, state: GameState, rulings: Mapping[str, Any],
                 living: Callable[..., tuple[Reason, str] | None]) -> None:
        self.state = state
        self.rulings = rulings
        self.living = living
