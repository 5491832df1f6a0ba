"""Night attacks used by day, under `unstated_phase: any` (SPEC A22 b).

The rules state no phase for Bra-a-a-ains, Пожирай and Аутодафе (A22); under `any` they
may be used by day too, and «Способности, применяемые днем … резолвятся сразу». An
attack's damage lands at once; the night's defences, which say «каждую ночь», «ночью»,
«всю ночь», do not act by day, but the passives that cancel an attack whatever the
phase do (Без души, Aura of darkness: the `cancel` hooks). Lives are counted at the end
of the day (A11): «Если с нулем или меньше - на Кладбище», a Шулер may save, as at night.
Each ability's own day effect is in its module; this module holds what they share.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace

from engine.abilities import registry
from engine.orders import Order

SPECS = ()


@dataclass
class DayWounds:
    """Today's damage from attacks by day: victim -> [(ability, order)]."""
    dealt: dict[str, list[tuple[str, Order]]] = field(default_factory=dict)


def attack_by_day(day, order: Order, amount: int) -> bool:
    """An attack by day: cancelled by the target's phase-free passive (its attacker is told
    why), else `amount` damage at once. False if cancelled."""
    target = day.p(order.target)
    probe = SimpleNamespace(recipient=target.nick, attacker=order.by)
    for hook in registry.hooks_of("cancel"):
        code = hook.fn(day, probe)
        if code is not None:
            day.notice(order.by, code, hook.ability, order, about=target.nick)
            day.trace(f"{order.ability} игрока {order.by} по {target.nick} отменена ({hook.ability})",
                      hook.ability, order)
            return False
    target.lives -= amount
    day.own(DayWounds).dealt.setdefault(target.nick, []).append((order.ability, order))
    day.trace(f"{order.ability}: {target.nick} −{amount} (днём, unstated_phase: any)", order.ability, order)
    return True


def wounded_die(day) -> None:
    """«Если с нулем или меньше - на Кладбище.»: at the end of the day (A11), those whom an
    attack by day left at 0 or below; a Шулер may save (A77); a killer's reward
    (`day_kill` hooks: Пожирай) before the reveal."""
    for nick, dealt in day.own(DayWounds).dealt.items():
        player = day.p(nick)
        if not player.alive or player.lives > 0:
            continue
        if day.saved_from_death(nick, "day", dealt[-1][1]):
            continue
        reveal_as = None
        for source, order in dealt:
            reward = registry.first("day_kill", source)
            if reward:
                reveal_as = reward(day, nick, order) or reveal_as
        day.bury(nick, "урон днём", list(dict.fromkeys(s for s, _ in dealt)), [o for _, o in dealt],
                 reveal_as=reveal_as, lives=min(player.lives, 0))
