"""Король Пик (Кукла): the card that makes its target the Мастер карт's puppet by day.

It is thrown like any card (Кинуть карты), and from then on the Мастер карт gives its own
day orders (a spec row: reveal himself, then command the puppet).
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities.cards.deck import CardSpec, card, on_throw
from engine.abilities.registry import day_effect, on, refusal
from engine.abilities.spec import D, AbilitySpec as _A, Channel, Field, RoleKind, Shape, Words
from engine.abilities.voting import VOTE
from engine.orders import Order
from engine.reasons import Reason
from engine.state import Puppet

CARD = card(CardSpec("Король Пик", "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает. Брошенная на Лича, позволяет Мастеру узнать его Тайную роль.", bonus="Лич"))

SPECS = (
    _A("Король Пик", RoleKind.CARD, ("Мастер карт",), D, "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает.",
       optional=(Field.COMMAND,), public=True, aliases=("Кукла",)),
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


@on_throw("Король Пик")
def made_puppet(ctx, thrown) -> None:
    """«в любой день, начиная с момента броска этой карты»."""
    ctx.state.puppets.append(Puppet(thrown.by, thrown.order.target, False, thrown.order))


@refusal("Король Пик", phase="day")
def puppet_refusal(day, order: Order, spec=None, controller=None):
    """«в любой день, начиная с момента броска этой карты, Мастер карт может публично
    раскрыть свою роль. После этого все дневные действия цели (голосование и способности
    Явных ролей) полностью контролируются Мастером.»
    Король Пик orders need the card thrown; a command needs the reveal first."""
    for puppet in day.state.puppets:
        if puppet.master == order.by:
            if order.command is not None and not puppet.revealed:
                return Reason.VOTE_CONTROLLED, None
            return None
    return Reason.NOT_IN_HAND, None


@day_effect("Король Пик")
def puppet(day, order: Order, spec, controller) -> None:
    """Король Пик: «Мастер карт может публично раскрыть свою роль. После этого все
    дневные действия цели … полностью контролируются Мастером.»"""
    puppet = next(pp for pp in day.state.puppets if pp.master == order.by)
    if order.command is None:
        if not puppet.revealed:
            puppet.revealed = True
            cause = day.cause("Король Пик", order)
            day.emit(ev.Revealed(str(day.phase), cause, order.by, day.p(order.by).secret_role))
            day.announce("Король Пик", "Король Пик", order, by=order.by, target=puppet.target)
        return
    command = Order(by=puppet.target, ability=order.command.ability,
                    target=order.command.target, mode=order.command.mode)
    if command.ability == VOTE:
        cmd, cmd_spec = day.shape(command)
        refused = day.day_refusal(cmd, cmd_spec, controller=order.by)
        if refused:
            day.reject(order, *refused)
            return False
        from engine.abilities.voting import dictate
        dictate(day, puppet.target, cmd.target, order.by, order)
        return
    return day.resolve_order(command, controller=order.by,
                              on_failure=lambda: day.reject(order, Reason.VOTE_CONTROLLED))


@on("day_block", "Король Пик")
def puppet_controlled(day, order, spec, controller):
    """«все дневные действия цели (голосование и способности Явных ролей) полностью
    контролируются Мастером»: the puppet's own are refused."""
    day_action = spec.name == VOTE or spec.kind is RoleKind.OPEN
    if controller is None and day_action and puppet_master(day, order.by):
        return Reason.VOTE_CONTROLLED, None
    return None


@on("death", "Король Пик")
def master_died(ctx, player) -> None:
    """«После смерти Мастер карт эффект спадает.»"""
    ctx.state.puppets = [pp for pp in ctx.state.puppets if pp.master != player.nick]


def puppet_master(ctx, nick: str) -> str | None:
    """«После смерти Мастер карт эффект спадает.»: at his death (the `death` hook above). A
    Мастер карт who left after a wrong list under `failed_reveal_is_death: false` did not
    die (A63 3 b): the effect stays, though he can give no order."""
    for puppet in ctx.state.puppets:
        if puppet.target == nick and puppet.revealed and not ctx.p(puppet.master).dead:
            return puppet.master
    return None
