"""Лич (НЖ), Зомбирование and its commands included.

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

import difflib

from dataclasses import dataclass, field, replace

from engine import events as ev
from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Field, Freq, N, P, RoleKind, S, TargetRule, When
from engine.abilities.spec import Channel, Keyword, Reach, Shape, Words
from engine.abilities.registry import ACT_BLOCK, EXPLAIN, INTAKE, JUDGED, ROLE_PASSED, SHAPE, START, ability, cancel, day_effect, day_refusal, find_ability, night_refusal, night_step
from engine.api import DayAPI, Judging, NightAPI, PhaseAPI, Refused, VOTE, team_fact
from engine.ruling_rows import choice, flag
from engine.names import OPEN_ROLES, UNDEAD_SERVANTS, Faction, canon_open_role
from engine.orders import Order, OrderError
from engine.reasons import Reason
from engine.orders import Args, Command, arg, read_command, read_flag
from engine.state import GameState, PlayerState
from engine.actions import Attack

@dataclass(frozen=True)
class ZombieArgs(Args):
    """«[Публичное действие Явной роли], [Цель]»: the command an implant carries (`command`),
    or the Лич's signal that runs it (`signal`)."""
    command: Command | None = arg(read=read_command, said="приказ: {}")
    signal: bool = arg(False, read=read_flag, said="сигнал")


SPECS = (
    _A("Армия тьмы", RoleKind.SECRET, ("Лич",), P, "Армия тьмы (Л) - пока Лич не на Кладбище и не в Тюрьме, Зомби, Призрак и Некромант возрождаются каждое Новолуние с полным здоровьем. Действовать в ту же ночь они не могут.", keeps="Л"),
    _A("Щит душ", RoleKind.SECRET, ("Лич",), P, "Щит душ - блокирует единицу урона каждую ночь и наносит единицу урона тому, кто этой ночью сыграл самую сильную атаку по Личу."),
    _A("Зомбирование", RoleKind.SECRET, ("Лич",), N, "Зомбирование - один раз за игру в любую ночь Лич может зомбировать человека, чтобы записать ему в мозг желаемую команду (см. приложение). По сигналу Лича (через мастера) команда будет выполнена.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, optional=(Field.TARGET,), args=ZombieArgs,
       command_by_open_role=True),
    _A("Без души", RoleKind.SECRET, ("Лич",), P, "Без души (Л,Т) - Демоны не могут атаковать Лича и отменяют свои атаки по нему. Они знают, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Мистическая связь", RoleKind.SECRET, ("Лич",), S, "Мистическая связь - на старте игры Лич узнает у кого Тайные роли Зомби, Призрака и Некроманта"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Зомбирование", Channel.PM, "ник и команда «действие Явной роли + явная роль»; «сигнал» — исполнить",
          verbs=("зомбировать",),
          examples=(("Зомбирую Борю: обворуй Мэра", {"target": "Боря",
                                                     "command": {"ability": "Кража", "target": "Мэр"}}),
                    ("Зомбирование: сигнал", {"signal": True})),
          shape=Shape.COMMAND,
          keywords=(Keyword("signal", "сигнал", frozenset({"сигнал", "signal", "активировать",
                        "выполнить", "исполнить", "запустить", "активация"})),
                    Keyword("command", "команда", frozenset({"команда", "приказ"}))),
          reach=Reach.LINE,
          consumes=True,
          own_verb=True),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "army_timing", "A39", "Армия тьмы",
        "Армия тьмы: Зомби, Призрак и Некромант «возрождаются каждое Новолуние». Когда?",
        ("night_start", "в начале ночи Новолуния (в эту ночь их можно атаковать)"),
        ("morning_after", "утром после ночи Новолуния"),
    ),
    flag(
        "army_heals_living", "A39", "Армия тьмы",
        "«Возрождаются с полным здоровьем»: касается ли это живых слуг?",
        yes="да: живые тоже лечатся до полного и выходят из Лазарета и Тюрьмы",
        no="нет: возвращаются только мёртвые",
        default=False,
    ),
    choice(
        "zombie_command_scope", "A66", "Зомбирование",
        "Команда Зомбирования: «[Публичное действие Явной роли], [Цель]», но пример «Обворуй Мэра» "
        "(Кража не названа публичной). Какие действия можно приказать?",
        ("open_role_targeted_or_vote", "любую активную способность Явной роли с целью, а также "
                                       "Голосование"),
        ("public_open_role_or_vote", "только способности Явной роли, прямо названные публичными, "
                                     "и Голосование"),
        ("any_open_role", "любую способность Явной роли зомбированного, в том числе без цели "
                          "(Митинг); кроме способностей с двумя целями"),
    ),
    flag(
        "zombie_target_by_open_role_at_execution", "A66", "Зомбирование",
        "Цель команды задаётся Явной ролью («Обворуй Мэра»). Когда определяется, кто это?",
        yes="при выполнении (после Преемственности — новый Мэр)",
        no="при зомбировании",
    ),
    flag(
        "zombie_signal_needs_usable", "A66", "Зомбирование",
        "Может ли Лич подать сигнал команде, если сам не может применять Зомбирование (Лазарет, Тюрьма, "
        "Кладбище)?",
        yes="нет: сигнал требует, чтобы Зомбирование было доступно Личу",
        no="да: сигнал можно подать в любом состоянии",
    ),
)


@dataclass(frozen=True)
class ZombieImplant:
    """Зомбирование: the command written into the zombified player's mind (§6.5)."""
    lich: str
    target: str
    command: Command
    order: Order
    fired: bool = False
    holder_at_implant: str | None = None   # for zombie_target_by_open_role_at_execution: false


@dataclass(frozen=True)
class Zombified:
    """Зомбирование's memory across phases (its state slot): the one implant of the game."""
    implant: ZombieImplant | None = None


@ROLE_PASSED("Зомбирование")
def implant_follows_the_lich(ctx: PhaseAPI, old: PlayerState, heir: PlayerState, role: str,
                             keeps: bool) -> None:
    """«По сигналу Лича (через мастера) команда будет выполнена.»: a new Лич (Перерождение)
    signals the old one's command when he inherits its uses (`rebirth_inherits_uses`), else
    the command is gone."""
    implant = ctx.state.of(Zombified).implant
    if role != "Лич" or implant is None or implant.lich != old.nick:
        return
    ctx.state.put(Zombified(replace(implant, lich=heir.nick) if keeps else None))


@dataclass(frozen=True)
class Risen:
    """Армия тьмы's memory (its state slot): who came back, and on which night."""
    night: dict[str, int] = field(default_factory=dict)


@ACT_BLOCK("Армия тьмы")
def risen_do_not_act(ctx: PhaseAPI, player: PlayerState) -> Reason | None:
    """«Действовать в ту же ночь они не могут.» (`revived_act_next_night`)"""
    if (ctx.phase.is_night and ctx.state.of(Risen).night.get(player.nick) == ctx.n
            and ctx.rulings["revived_act_next_night"]):
        return Reason.REVIVED_THIS_NIGHT
    return None


def army_of_darkness(night: NightAPI) -> None:
    """«пока Лич не на Кладбище и не в Тюрьме, Зомби, Призрак и Некромант возрождаются
    каждое Новолуние с полным здоровьем. Действовать в ту же ночь они не могут.» (A39)"""
    if not any(p.secret_role == "Лич" and p.alive and not p.in_prison for p in night.players()):
        return
    for player in night.players():
        if player.secret_role not in UNDEAD_SERVANTS or player.left:
            continue
        if player.dead or night.rulings["army_heals_living"]:
            was_dead = player.dead
            player.dead = False
            player.lazaret = False
            player.prison = None
            player.lives = max(player.lives, night.max_lives(player))
            if was_dead:
                night.state.put(Risen({**night.state.of(Risen).night, player.nick: night.n}))
                night.trace(f"{player.nick} возрождается (Армия тьмы)", "Армия тьмы")


def night_zombie_signal(night: NightAPI, order: Order, spec: AbilitySpec) -> None:
    """The Лич's signal: the command runs as the zombified player's night order (§6.5)."""
    refused = night.refusal(order, spec, snapshot=night.s0)
    if refused:
        night.reject(order, *refused)
        return
    implant = night.state.of(Zombified).implant
    if implant is None or implant.lich != order.by:
        night.reject(order, Reason.INVALID_COMMAND)
        return
    if implant.fired:
        night.reject(order, Reason.USED_UP)
        return
    night.emit(ev.Accepted(str(night.phase), night.cause("принята", order), order))
    command = zombie_order(night, order)
    accepted = False
    if command is not None and (command.target is not None or implant_untargeted(night, command)):
        try:
            command, cmd_spec = night.shape(command)
            accepted = night.accept(command, cmd_spec, on_behalf_of=order.by)
        except Exception:   # a command that cannot even be read cannot run
            accepted = False
    if accepted and command is not None:
        night.own(ZombieActions).pairs.append((order, command))
        night.trace(f"приказ зомби выполняется: {command}", "Зомбирование", order)
    else:
        zombie_failed(night, order.by, order)


@night_step("N13", "d", ability="Щит душ")
def soul_shield(night: NightAPI) -> None:
    """Щит душ: «блокирует единицу урона каждую ночь и наносит единицу урона тому, кто
    этой ночью сыграл самую сильную атаку по Личу»."""
    for lich in night.players():
        if lich.secret_role != "Лич" or night.s0.dead[lich.nick]:
            continue
        if night.s0.lazaret[lich.nick] or night.s0.prison[lich.nick] or night.passives_off(lich.nick):
            continue
        if night.damage_to(lich.nick) > 0:
            blockable = night.damage_to(lich.nick)
            if night.rulings["soul_shield_blocks"] == "attacks_only":
                blockable = night.attack_damage_to(lich.nick)
            if blockable > 0:
                night.block_damage(lich.nick, 1)
                night.trace(f"Щит душ блокирует единицу урона по {lich.nick}", "Щит душ")
        landed = [a for a in night.attacks if a.live and a.recipient == lich.nick]
        if night.rulings["soul_shield_reflects_cancelled"]:
            landed = [a for a in night.attacks
                      if a.recipient == lich.nick or a.action.order.target == lich.nick]
        strongest = night.strongest(landed, live_only=False)
        if strongest and strongest.attacker != lich.nick:
            night.add_damage(strongest.attacker, 1, "Щит душ", strongest.action.order)
            night.trace(f"Щит душ наносит единицу урона {strongest.attacker}", "Щит душ",
                       strongest.action.order)


@night_refusal("Зомбирование")
def implant_refusal(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«записать ему в мозг желаемую команду (см. приложение)»
    The command written at the implant must be one that can run (§6.5)."""
    reason = command_refusal(night, order)
    return (reason, None) if reason else None


def command_refusal(ctx: PhaseAPI, order: Order) -> Reason | None:
    """«Формат приказа: [Публичное действие Явной роли], [Цель]. … Цель должна быть
    указана явно, по Явной роли.» (§6.5, A66)"""
    zombie = ctx.p(order.target_nick)
    cmd = order.args_as(ZombieArgs).command
    if cmd is None:
        return Reason.INVALID_COMMAND
    spec = find_ability(cmd.ability)
    if spec is None:
        return Reason.INVALID_COMMAND
    scope = ctx.rulings["zombie_command_scope"]
    if untargeted_command(ctx, spec):
        if cmd.target is not None:
            return Reason.INVALID_COMMAND
    elif cmd.target is None or canon_open_role(cmd.target) is None:
        return Reason.INVALID_COMMAND
    if spec.name == VOTE:
        return None
    if spec.kind is not RoleKind.OPEN or not spec.orderable or spec.when is When.TRIGGER:
        return Reason.INVALID_COMMAND
    # «любую способность Явной роли» (any_open_role) also takes one without a target
    # (Митинг) or on the dead (Расследование); a two-target one has no single «[Цель]»
    unfit = (TargetRule.PAIR,) if scope == "any_open_role" else \
        (TargetRule.NONE, TargetRule.PAIR, TargetRule.OTHER_DEAD)
    if spec.target in unfit:
        return Reason.INVALID_COMMAND
    if zombie.open_role not in spec.roles:
        return Reason.INVALID_COMMAND
    if scope == "public_open_role_or_vote" and not spec.public:
        return Reason.INVALID_COMMAND
    # a command of an ability that chooses one of a set (Операция: heal / kill) names its choice
    choices = spec.args.choices() if spec.args is not None else ()
    if choices and cmd.mode not in choices:
        return Reason.INVALID_COMMAND
    return None


def untargeted_command(ctx: PhaseAPI, spec: AbilitySpec) -> bool:
    """A command with no «[Цель]»: only under `zombie_command_scope: any_open_role`, for an
    ability that takes none (Митинг)."""
    return ctx.rulings["zombie_command_scope"] == "any_open_role" and spec.target is TargetRule.NONE


def implant_untargeted(ctx: PhaseAPI, command: Order) -> bool:
    spec = find_ability(command.ability)
    return spec is not None and untargeted_command(ctx, spec)


def implant(ctx: PhaseAPI, order: Order, target: str) -> None:
    command = order.args_as(ZombieArgs).command
    assert command is not None   # command_refusal let it in
    holder = ctx.state.holder_of_open(command.target) if command.target is not None else None
    ctx.state.put(Zombified(ZombieImplant(order.by, target, command, order,
                                          holder_at_implant=holder.nick if holder else None)))
    ctx.trace(f"{order.by} зомбирует {target}: {command.ability} → {command.target}",
               "Зомбирование", order)


def zombie_order(ctx: PhaseAPI, signal: Order) -> Order | None:
    """The command as an order of the zombified player (§6.5 point 3); None if there
    is no command to fire. A command whose target role has no holder is returned
    without a target: it cannot run."""
    implant = ctx.state.of(Zombified).implant
    if implant is None or implant.fired or implant.lich != signal.by:
        return None
    ctx.state.put(Zombified(replace(implant, fired=True)))
    if implant.command.target is None:   # a command without «[Цель]» (`any_open_role`)
        return Order.make(implant.target, implant.command.ability, mode=implant.command.mode, lenient=True)
    if ctx.rulings["zombie_target_by_open_role_at_execution"]:
        holder = ctx.state.holder_of_open(implant.command.target)
        nick = holder.nick if holder else None
    else:
        nick = implant.holder_at_implant
    return Order.make(implant.target, implant.command.ability, nick, mode=implant.command.mode, lenient=True)


@dataclass
class ZombieActions:
    """Tonight's zombie commands that were accepted: (the Лич's signal, its command)."""
    pairs: list[tuple[Order, Order]] = field(default_factory=list)


def zombie_failed(ctx: PhaseAPI, lich: str, order: Order | None) -> None:
    """«Лич узнает о несрабатывании приказа, но не может знать, по какой причине.»"""
    ctx.notice(lich, ev.NoticeCode.ZOMBIE_COMMAND_FAILED, "Зомбирование", order)


@day_effect("Зомбирование")
def day_zombie_signal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> bool | None:
    """«По сигналу Лича (через мастера) команда будет выполнена.»
    The Лич's signal by day: the command runs now as the zombified player's order."""
    implant = day.state.of(Zombified).implant
    if implant is None or implant.lich != order.by:
        day.reject(order, Reason.INVALID_COMMAND)
        return False
    if implant.fired:
        day.reject(order, Reason.USED_UP)
        return False
    command = zombie_order(day, order)

    def failed() -> None:
        zombie_failed(day, order.by, order)

    if command is None or (command.target is None and not implant_untargeted(day, command)):
        failed()
        return None
    if command.ability == VOTE:   # «Проголосуй за Богача»: replaces his vote
        cmd, cmd_spec = day.shape(command)
        if day.day_refusal(cmd, cmd_spec, controller=order.by):
            failed()
            return None
        day.dictate(command.by, command.target_nick, order.by, order)
        return None
    try:
        done = day.resolve_order(command, controller=order.by, on_failure=failed)
    except Exception:
        failed()
        return None
    cmd_spec = ability(command.ability)
    if done and not cmd_spec.public:
        # A66 (5): the action itself is public when executed
        day.announce(cmd_spec.name, "Зомбирование: приказ выполнен", command,
                      target=command.target)
    return None


@night_step("N0", "b", ability="Армия тьмы")
def army_at_night_start(night: NightAPI) -> None:
    """«Зомби, Призрак и Некромант возрождаются каждое Новолуние с полным здоровьем»
    (`army_timing: night_start`, A39)."""
    if night.moon is night.moon.NEW and night.rulings["army_timing"] == "night_start":
        army_of_darkness(night)


@night_step("N20", "b", ability="Армия тьмы")
def army_in_the_morning(night: NightAPI) -> None:
    """«возрождаются каждое Новолуние с полным здоровьем» `army_timing: morning_after` (A39 b)."""
    if night.rulings["army_timing"] == "morning_after" and night.moon is night.moon.NEW:
        army_of_darkness(night)


@cancel("Без души")
def soulless(night: PhaseAPI, attack: Attack) -> ev.NoticeCode | None:
    """«Демоны не могут атаковать Лича и отменяют свои атаки по нему. Они знают, из-за
    чего была отменена атака.» (N7)"""
    recipient = night.p(attack.recipient)
    if recipient.secret_role != "Лич" or night.p(attack.attacker).faction is not Faction.DEMONS:
        return None
    if night.passives_off(recipient.nick):
        return None
    return ev.NoticeCode.ATTACK_CANCELLED_NO_SOUL


@SHAPE("Зомбирование")
def zombie_shape(order: Order) -> None:
    """«зомбировать человека, чтобы записать ему в мозг желаемую команду … По сигналу Лича
    (через мастера) команда будет выполнена»: an implant names target and command, a signal
    names neither."""
    if not order.args_as(ZombieArgs).signal and (order.target is None or order.args_as(ZombieArgs).command is None):
        raise OrderError("Зомбирование: нужны цель (поле target) и приказ (поле command) или сигнал (signal: true)")


@INTAKE("Зомбирование")
def defer_signal(night: NightAPI, order: Order, spec: AbilitySpec) -> bool:
    """«По сигналу Лича (через мастера) команда будет выполнена»: a signal is judged after
    the zombified player's own orders, so the result does not depend on who wrote first;
    if it collides with one of his own orders it cannot run, and the Лич is told only
    that it failed (§6.5)."""
    if not order.args_as(ZombieArgs).signal:
        return False
    night.defer(order, spec)
    return True


@night_step("N2", "y", ability="Зомбирование")
def signals(night: NightAPI) -> None:
    """«По сигналу Лича (через мастера) команда будет выполнена»: tonight's signals."""
    for order, spec in [d for d in night.deferred() if d[0].args_as(ZombieArgs).signal]:
        night_zombie_signal(night, order, spec)


@night_step("N5", "0", ability="Зомбирование")
def silenced_lich_gives_no_signal(night: NightAPI) -> None:
    """The signal is one of the Лич's orders, but it was judged at N2, before N4 voided the
    orders of whoever does not act tonight; its command is voided here, right after N4 and
    before N5's conditions: it does not run, and the Лич hears only that it failed (N22 h).
    Who does not act: the Чары's final target («В эту ночь тот не применяет свои
    способности», N4 e); under `prison_starts: immediate` one jailed tonight (Зомбирование
    has no Т); under `night_victims_act: false` one burnt or jailed tonight (A70 b)."""
    silenced = {chary.targets[0] for chary in night.live_actions("Чары")}
    jailed = {jail.targets[0] for jail in night.live_actions("Арест") + night.live_actions("Темница")}
    if night.rulings["prison_starts"] == "immediate":
        silenced |= jailed
    if not night.rulings["night_victims_act"]:
        silenced |= jailed | {burn.targets[0] for burn in night.live_actions("Аутодафе")}
    for signal, command in night.own(ZombieActions).pairs:
        if signal.by not in silenced:
            continue
        for action in night.actions:
            if action.order is command and not action.void:
                action.void = True
                night.emit(ev.Blocked(str(night.phase), night.cause("Зомбирование", signal, command),
                                      f"сигнал Лича {signal.by} не подан: он не действует этой ночью",
                                      action.user, action.name, "Зомбирование"))


@day_refusal("Зомбирование")
def implant_by_day(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«один раз за игру в любую ночь Лич может зомбировать человека»: not by day."""
    return Reason.WRONG_PHASE, None   # the implant is a night ability


@night_step("N22", "d", ability="Зомбирование")
def implants(night: NightAPI) -> None:
    """«в любую ночь Лич может зомбировать человека, чтобы записать ему в мозг желаемую
    команду»: tonight's implants."""
    for action in night.live_actions("Зомбирование"):
        if not action.order.args_as(ZombieArgs).signal:
            implant(night, action.order, action.targets[0])


@night_step("N22", "h", ability="Зомбирование")
def command_results(night: NightAPI) -> None:
    """«Лич узнает о несрабатывании приказа, но не может знать, по какой причине.»; an
    executed command is public (A66 5)."""
    for signal, command in night.own(ZombieActions).pairs:
        action = next((a for a in night.actions if a.order is command), None)
        if action is None or not action.live:
            zombie_failed(night, signal.by, signal)
        elif not action.spec.public and action.name != VOTE:
            night.announce(action.name, "Зомбирование: приказ выполнен", command,
                           target=action.targets[0] if action.targets else None)


@START("Мистическая связь", sub="a")
def mystic_bond(state: GameState) -> list[ev.Event]:
    """«Мистическая связь - на старте игры Лич узнает у кого Тайные роли Зомби, Призрака и
    Некроманта»."""
    return team_fact(state, "Лич", UNDEAD_SERVANTS, "Мистическая связь")


@EXPLAIN("Зомбирование")
def command_explained(state: GameState, order: Order) -> str | None:
    """«Формат приказа: [Публичное действие Явной роли], [Цель]. … Цель должна быть указана
    явно, по Явной роли.»: why an implant's command will not run, said plainly to the GM
    (the engine refuses it as `invalid_command`, and the Лич is told only the command's form)."""
    cmd = order.args_as(ZombieArgs).command
    if cmd is None:
        return None
    spec = find_ability(cmd.ability)
    zombie = state.players.get(order.target or "")
    if spec is None:
        return f"в приказе неизвестное действие «{cmd.ability}»"
    if cmd.target is None or canon_open_role(cmd.target) is None:
        folded = {r.casefold().replace("ё", "е"): r for r in OPEN_ROLES}
        close = difflib.get_close_matches((cmd.target or "").casefold().replace("ё", "е"), list(folded),
                                          n=3, cutoff=0.5)
        maybe = [folded[c] for c in close]
        return (f"цель приказа «{cmd.target or ''}» — не явная роль: цель приказа называют по явной роли"
                + (f"; может быть: {', '.join(maybe)}" if maybe else ""))
    # The one case a GM meets most (command_refusal judges the rest and the Лич is told its
    # form): the zombie's open role has no such action (a communal one, a vote, is every zombie's).
    scope = state.rulings["zombie_command_scope"]
    if zombie is not None and spec.kind is RoleKind.OPEN and scope != "any_open_role" \
            and zombie.open_role not in spec.roles:
        return (f"явная роль игрока {zombie.nick} — {zombie.open_role or 'нет'}, а «{spec.name}» — действие роли "
                f"{', '.join(spec.roles)}: зомби не сможет его выполнить")
    return None


@JUDGED("Зомбирование")
def a_signal_is_no_use(ctx: PhaseAPI, order: Order) -> Judging | None:
    """«По сигналу Лича (через мастера) команда будет выполнена.»: a signal names nobody and
    is no use of Зомбирование (no phase, no limits, no target); the Лич's own statuses count
    only under `zombie_signal_needs_usable` (A66)."""
    if not order.args_as(ZombieArgs).signal:
        return None
    return Judging(statuses=bool(ctx.rulings["zombie_signal_needs_usable"]), phase=False, limits=False,
                   targets=False, day_rules=False)
