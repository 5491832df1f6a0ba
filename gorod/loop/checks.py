"""Checking an order against the game before it is stored, and again before a phase is resolved.

    problem = order_problem(state, order)     # None, or a Russian sentence with the nearest names
    command_problem(state, order)             # why it will be refused, in its ability's words (a zombie command)
    orders, ids, skipped = usable_orders(state, rows)   # the rows that can resolve; the ones that cannot
    warnings(state, rows)                     # {row id: what the GM should know before the end}

The engine's `check_shape` is the one judge of whether an order can be read at all
(players, abilities, the roles that hold them, targets, fields); this module asks it and
puts its answer in the GM's words, with the names the GM probably meant (the players',
or the abilities the player has). An order that cannot resolve is never stored by the
GM's hand (`add_order`), and one that got in anyway (read from a post before a player's
open role moved, or stored by an older gorod) is shown with its problem and the command
that drops it (`gorod state`, the console), left out of the live tally, and at the phase's
end skipped — marked dropped with the reason, and named in a notice — never the whole phase.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Iterable

from engine.abilities import ABILITIES, RoleKind, find_ability, registry
from engine.names import canon_card
from engine.orders import Order, OrderError
from engine.state import GameState
from engine.validate import check_shape


@dataclass(frozen=True)
class Skipped:
    """A stored order that cannot resolve: its row id, its text and why (in Russian)."""

    order_id: int
    text: str
    source: str
    problem: str

    def warning(self) -> str:
        """Before the phase ends: what will happen and the command that settles it now."""
        return f"не разрешится: {self.problem}; снять: gorod order drop {self.order_id}"

    def notice(self, phase: str) -> str:
        """At the phase's end: the order was left out (and is marked dropped, with the reason)."""
        from gorod.loop.words import phase_name

        return (f"{phase_name(phase)}: заявка #{self.order_id} ({self.source}) «{self.text}» пропущена и снята: "
                f"{self.problem}. Если игрок имел в виду другое, добавьте заявку в следующую фазу "
                "(gorod order add) или напишите ему; снятые заявки фазы: "
                f"gorod order list --all --phase \"{phase}\".")


def nearest(name: str, names: Iterable[str], n: int = 3) -> list[str]:
    """The names closest to `name` (case-insensitive), best first."""
    names = list(dict.fromkeys(names))
    folded = {x.casefold().replace("ё", "е"): x for x in names}
    hits = difflib.get_close_matches(name.casefold().replace("ё", "е"), list(folded), n=n, cutoff=0.5)
    return [folded[h] for h in hits]


def _maybe(names: list[str]) -> str:
    return f"; может быть: {', '.join(names)}" if names else ""


def _unknown_player(name: str, state: GameState, what: str) -> str:
    return f"{what} «{name}» — не игрок этой игры{_maybe(nearest(name, state.players))}"


def abilities_of(state: GameState, nick: str) -> list[str]:
    """The abilities a player may order: the communal ones and those of every role he has held."""
    player = state.players[nick]
    held = set(player.held_roles) | {r for r in (player.open_role, player.secret_role) if r}
    return [s.name for s in ABILITIES if s.orderable
            and (s.kind is RoleKind.COMMON or held.intersection(s.roles))]


def _own_nearest(word: str, own: list[str]) -> list[str]:
    """The author's own abilities nearest to `word`, by their names, aliases and the players'
    slang for them («Брейнс», «мозги» → Bra-a-a-ains)."""
    words = {w: s.name for s in ABILITIES if s.name in own for w in (s.name, *s.aliases, *s.slang)}
    return list(dict.fromkeys(words[w] for w in nearest(word, words)))


def order_problem(state: GameState, order: Order) -> str | None:
    """Why `order` cannot resolve in this game, in Russian with the nearest names; None if it can."""
    if order.by not in state.players:
        return _unknown_player(order.by, state, "заявитель")
    spec = find_ability(order.ability)
    if spec is None:
        if canon_card(order.ability):
            return f"«{order.ability}» — карта: её кидают заявкой «Кинуть карты» (card: {order.ability})"
        names = [a for s in ABILITIES for a in (s.name, *s.aliases)]
        own = _own_nearest(order.ability, abilities_of(state, order.by))
        return f"неизвестная способность «{order.ability}»{_maybe(own or nearest(order.ability, names))}"
    player = state.players[order.by]
    if spec.kind is not RoleKind.COMMON:
        held = set(player.held_roles) | {r for r in (player.open_role, player.secret_role) if r}
        if not held.intersection(spec.roles):
            roles = ", ".join(r for r in (player.open_role, player.secret_role) if r)
            return (f"«{spec.name}» — способность роли {', '.join(spec.roles)}, а роли игрока {order.by}: {roles}"
                    f"{_maybe(nearest(spec.name, abilities_of(state, order.by)))}")
    for name in (*order.all_targets, *(nick for _key, nick in (order.args.nicks() if order.args else ()))):
        if name not in state.players:
            return _unknown_player(name, state, "цель")
    for _key, nick in order.args.listed() if order.args is not None else ():
        if nick not in state.players:
            return _unknown_player(nick, state, "игрок в списке")
    try:
        check_shape(state, order)
    except OrderError as exc:
        return f"заявка не читается: {exc}"
    found = reading_problem(state, order)
    return found[1] if found is not None else None


def reading_problem(state: GameState, order: Order) -> tuple[str, str] | None:
    """A field only another reading of a ruling reads (`votes` under `gossip_spend: all`,
    `answer` under `standing_orders: true`): (the field, why, in Russian). The engine refuses
    the whole phase for it, so it is this order's problem (engine/reading_fields.py)."""
    from engine.reading_fields import all_fields, format_value

    spec = find_ability(order.ability)
    name = spec.name if spec is not None else order.ability
    for rf in all_fields():
        if rf.place != "order" or rf.unused or order.arg(rf.field) in (None, False, ()):
            continue
        if rf.ability and rf.ability != name:
            continue
        if state.rulings[rf.key] != rf.reading:
            return rf.field, (f"поле {rf.field} читается только при rulings.{rf.key}: {format_value(rf.reading)}"
                              + (f" ({rf.hint})" if rf.hint else ""))
    return None


def command_problem(state: GameState, order: Order) -> str | None:
    """Why the order will be refused, said plainly to the GM, in the words of its ability's
    module (its `explain` hook: Зомбирование's command the zombie cannot carry out), or None."""
    spec = find_ability(order.ability)
    if spec is None:
        return None
    return next((said for explain in registry.EXPLAIN.of(spec.name) if (said := explain(state, order))), None)


def usable_orders(state: GameState, rows) -> tuple[list[Order], list[int], list[Skipped]]:
    """The stored rows (`OrderRow`) as engine orders, in the order given, without the ones
    that cannot resolve; those come back as `Skipped`."""
    orders, ids, skipped = [], [], []
    for row in rows:
        try:
            order = row.order
        except OrderError as exc:
            skipped.append(Skipped(row.id, row.text, row.source, f"заявка не читается: {exc}"))
            continue
        problem = order_problem(state, order)
        if problem is not None:
            skipped.append(Skipped(row.id, row.text, row.source, problem))
            continue
        orders.append(order)
        ids.append(row.id)
    return orders, ids, skipped


def warnings(state: GameState, rows) -> dict[int, str]:
    """What the GM should know about each stored order before the phase ends: one that
    will not resolve (and the command that drops it), a zombie command that will be refused."""
    out = {item.order_id: item.warning() for item in usable_orders(state, rows)[2]}
    for row in rows:
        if row.id in out:
            continue
        problem = command_problem(state, row.order)
        if problem:
            out[row.id] = f"будет отклонена: {problem}"
    return out

