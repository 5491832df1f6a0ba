"""Король Пик (Кукла): the card that makes its target the Мастер карт's puppet by day.

It is thrown like any card (Кинуть карты), and from then on the Мастер карт gives its own
day orders (a spec row: reveal himself, then command the puppet).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from engine.abilities.spec import AbilitySpec, CardSpec
from engine import events as ev
from engine.abilities.spec import D, AbilitySpec as _A, Channel, Field, RoleKind, Shape, Words
from engine.abilities.registry import DAY_BLOCK, DEATH, ON_THROW, card, day_effect, day_refusal
from engine.api import DayAPI, PhaseAPI, Refused, VOTE
from engine.orders import Args, Order, Command, arg, read_command
from engine.reasons import Reason
from engine.state import PlayerState
from engine.actions import ThrownCard

CARD = card(CardSpec("Король Пик", "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает. Брошенная на Лича, позволяет Мастеру узнать его Тайную роль.", bonus="Лич"))

@dataclass(frozen=True)
class PuppetArgs(Args):
    """«все дневные действия цели … полностью контролируются Мастером»: the puppet's command
    (none: the reveal)."""
    command: Command | None = arg(read=read_command, said="приказ: {}")


SPECS = (
    _A("Король Пик", RoleKind.CARD, ("Мастер карт",), D, "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает.",
       args=PuppetArgs, public=True, aliases=("Кукла",)),
)

# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Король Пик", Channel.POST, "без слов — раскрыться; или дневное действие куклы: «Король Пик: голосует против Веры»",
          verbs=(),
          examples=(("Король Пик: раскрываюсь", {}),
                    ("Король Пик: голосует против Веры",
                     {"command": {"ability": VOTE, "target": "Вера"}})),
          shape=Shape.PUPPET,
          consumes=True,
          own_verb=True),
)


@dataclass(frozen=True)
class Puppet:
    """Король Пик: the Мастер карт may reveal himself and control the target's day actions."""
    master: str
    target: str
    revealed: bool = False
    order: Order | None = None


@dataclass(frozen=True)
class Puppets:
    """Король Пик's memory across phases (its state slot): the cards thrown, in order."""
    puppets: tuple[Puppet, ...] = ()

    def without(self, master: str) -> "Puppets":
        return Puppets(tuple(pp for pp in self.puppets if pp.master != master))


@ON_THROW("Король Пик")
def made_puppet(ctx: PhaseAPI, thrown: ThrownCard) -> None:
    """«в любой день, начиная с момента броска этой карты»."""
    ctx.state.put(Puppets((*ctx.state.of(Puppets).puppets, Puppet(thrown.by, thrown.targets[0], False, thrown.order))))


@day_refusal("Король Пик")
def puppet_refusal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«в любой день, начиная с момента броска этой карты, Мастер карт может публично
    раскрыть свою роль. После этого все дневные действия цели (голосование и способности
    Явных ролей) полностью контролируются Мастером.»
    Король Пик orders need the card thrown; a command needs the reveal first."""
    for puppet in day.state.of(Puppets).puppets:
        if puppet.master == order.by:
            if order.args_as(PuppetArgs).command is not None and not puppet.revealed:
                return Reason.VOTE_CONTROLLED, None
            return None
    return Reason.NOT_IN_HAND, None


@day_effect("Король Пик")
def puppet(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> bool | None:
    """Король Пик: «Мастер карт может публично раскрыть свою роль. После этого все
    дневные действия цели … полностью контролируются Мастером.»"""
    puppets = day.state.of(Puppets)
    puppet = next(pp for pp in puppets.puppets if pp.master == order.by)
    said = order.args_as(PuppetArgs).command
    if said is None:
        if not puppet.revealed:
            day.state.put(Puppets(tuple(replace(pp, revealed=True) if pp is puppet else pp
                                        for pp in puppets.puppets)))
            cause = day.cause("Король Пик", order)
            day.emit(ev.Revealed(str(day.phase), cause, order.by, day.p(order.by).secret_role))
            day.announce("Король Пик", "Король Пик", order, by=order.by, target=puppet.target)
        return None
    command = Order.make(puppet.target, said.ability, said.target, mode=said.mode, lenient=True)
    if command.ability == VOTE:
        cmd, cmd_spec = day.shape(command)
        refused = day.day_refusal(cmd, cmd_spec, controller=order.by)
        if refused:
            day.reject(order, *refused)
            return False
        day.dictate(puppet.target, cmd.target_nick, order.by, order)
        return None
    return day.resolve_order(command, controller=order.by,
                              on_failure=lambda: day.reject(order, Reason.VOTE_CONTROLLED))


@DAY_BLOCK("Король Пик")
def puppet_controlled(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«все дневные действия цели (голосование и способности Явных ролей) полностью
    контролируются Мастером»: the puppet's own are refused."""
    day_action = spec.name == VOTE or spec.kind is RoleKind.OPEN
    if controller is None and day_action and puppet_master(day, order.by):
        return Reason.VOTE_CONTROLLED, None
    return None


@DEATH("Король Пик")
def master_died(ctx: PhaseAPI, player: PlayerState) -> None:
    """«После смерти Мастер карт эффект спадает.»"""
    ctx.state.put(ctx.state.of(Puppets).without(player.nick))


def puppet_master(ctx: PhaseAPI, nick: str) -> str | None:
    """«После смерти Мастер карт эффект спадает.»: at his death (the `death` hook above). A
    Мастер карт who left after a wrong list under `failed_reveal_is_death: false` did not
    die (A63 3 b): the effect stays, though he can give no order."""
    for puppet in ctx.state.of(Puppets).puppets:
        if puppet.target == nick and puppet.revealed and not ctx.p(puppet.master).dead:
            return puppet.master
    return None
