"""Демонолог (Д).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import events as ev
from engine.abilities.spec import FULL, N, P, S, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.abilities.registry import ACT_BLOCK, LATE_DAMAGE, START, attack, cancel, night_step
from engine.api import NightAPI, PhaseAPI, team_fact
from engine.orders import Args, arg
from engine.reasons import Reason
from engine.ruling_rows import DEFAULT_MARK, RulingSpec, choice, flag
from engine.names import DEMON_SERVANTS, Faction
from engine.actions import Action, Attack
from engine.state import GameState, PlayerState

@dataclass(frozen=True)
class SacrificeArgs(Args):
    """«может перепризвать демона»: the demon written in advance (A41, A52)."""
    resummon: str | None = arg(nick=True)


SPECS = (
    _A("Sacrifice!", RoleKind.SECRET, ("Демонолог",), N, "Sacrifice! - в Полнолуние наносит цели количество урона, равное числу Демонов на Кладбище. Если к концу ночи цель умирает, Демонолог может перепризвать любого из демонов, восстанавливая ему здоровье до максимума и снимая все статусы.",
       moons=FULL, attack_rank=2, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), args=SacrificeArgs, aliases=("Sacrifice",),
       slang=("жертвовать", "пожертвовать", "принести в жертву")),
    _A("Protective circle", RoleKind.SECRET, ("Демонолог",), P, "Protective circle (Л) - блокирует самую сильную атаку ночью, но после этого исчезает (Демонолог знает, когда круг исчезает). Восстанавливается через цикл ночей.", keeps="Л"),
    _A("Aura of darkness", RoleKind.SECRET, ("Демонолог",), P, "Aura of darkness (Л,Т) - чувствуя зло в Демонологе, Нежить отменяет атаку. Нежить знает, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Знакомства по ту сторону", RoleKind.SECRET, ("Демонолог",), S, "Знакомства по ту сторону - в начале игры узнает, у кого есть Тайные роли Беса, Суккуба и Гончей Ада."),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Sacrifice!", Channel.PM, "ник; «перепризвать» и ник демона — кого вернуть, если цель умрёт",
          # «приношу в жертву»: the imperfective of the rules' slang «принести в жертву»
          names=("сакрифайс", "жертвоприношение", "приносить в жертву"), verbs=("пожертвовать",),
          examples=(("Sacrifice! Вера, перепризвать Борю", {"target": "Вера", "resummon": "Боря"}),),
          shape=Shape.SECOND,
          keywords=(Keyword("resummon", "перепризвать", frozenset({"перепризвать", "перепризывать",
                        "призвать", "призывать", "вернуть", "воскресить", "resummon", "перепризыв",
                        "поднять", "поднимать"})),),
          answer_words=("перепризвать", "перепризывать", "призвать", "призывать", "вернуть", "возвращать",
                        "воскресить", "воскрешать", "выбрать", "выбирать"),
          answer="ник демона («перепризываю Борю») или «никого»"),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    RulingSpec(
        key="circle_recharge_nights",
        default=3,
        readings=(3, 4, "next_cycle"),
        entry="A19",
        title='"Восстанавливается через цикл ночей" (Protective circle)',
        description_ru=(
            "Protective circle Демонолога исчез в ночь N; «восстанавливается через цикл ночей». "
            "Когда он снова действует?\n"
            f"• 3{DEFAULT_MARK} — через длину цикла: снова в ночь N+3\n"
            "• 4 — после целого цикла без круга: ночи N+1…N+3 без него, снова в ночь N+4\n"
            "• next_cycle — с начала следующего фиксированного цикла ночей (ночи 1–3, 4–6, …)"
        ),
    ),
    choice(
        "resummon_scope", "A41", "Sacrifice!'s resummon",
        "Sacrifice!: «Демонолог может перепризвать любого из демонов». Кого?",
        ("other_demons", "Беса, Суккуба или Гончую Ада"),
        ("any_demon", "также самого Демонолога"),
    ),
    flag(
        "resummon_acts_next_night", "A41", "Sacrifice!'s resummon",
        "Когда перепризванный демон может действовать?",
        yes="со следующей ночи (перепризыв происходит в конце ночи)",
        no="пропускает следующую ночь, действует через ночь",
    ),
)


@dataclass(frozen=True)
class Circles:
    """Protective circle's memory across phases (its state slot): Демонолог -> the night his
    circle was consumed («Восстанавливается через цикл ночей»)."""
    consumed: dict[str, int] = field(default_factory=dict)


def circle_ready(night: NightAPI, player: PlayerState) -> bool:
    """«Восстанавливается через цикл ночей» (A19)."""
    consumed = night.state.of(Circles).consumed.get(player.nick)
    if consumed is None:
        return True
    mode = night.rulings["circle_recharge_nights"]
    if mode == "next_cycle":
        return (night.n - 1) // 3 > (consumed - 1) // 3
    return night.n >= consumed + int(mode)


@dataclass(frozen=True)
class Resummoned:
    """Sacrifice!'s memory (its state slot): each demon resummoned, and the night he may not act."""
    night: dict[str, int] = field(default_factory=dict)


@ACT_BLOCK("Sacrifice!")
def resummoned_do_not_act(ctx: PhaseAPI, player: PlayerState) -> Reason | None:
    """«Демонолог может перепризвать любого из демонов»: like the Армия тьмы's dead, one
    resummoned does not act the night after (`revived_act_next_night`, A41)."""
    if (ctx.phase.is_night and ctx.state.of(Resummoned).night.get(player.nick) == ctx.n
            and ctx.rulings["revived_act_next_night"]):
        return Reason.REVIVED_THIS_NIGHT
    return None


@night_step("N19", "b", ability="Sacrifice!")
def resummon(night: NightAPI) -> None:
    """Sacrifice!: «Если к концу ночи цель умирает, Демонолог может перепризвать любого из
    демонов, восстанавливая ему здоровье до максимума и снимая все статусы.» (A41)"""
    allowed: tuple[str, ...] = ("Бес", "Суккуб", "Гончая Ада")
    if night.rulings["resummon_scope"] == "any_demon":
        allowed += ("Демонолог",)
    for action in night.live_actions("Sacrifice!"):
        if not night.dying(action.targets[0]):
            continue
        demonologist = night.p(action.user)
        if demonologist.dead:
            continue
        choice = action.order.args_as(SacrificeArgs).resummon
        if not night.rulings["standing_orders"]:   # asked now (A52 b)
            options = [p.nick for p in night.players() if p.secret_role in allowed and not p.left]
            answer = night.choice_at_trigger(
                demonologist.nick, "Sacrifice!",
                f"жертва Sacrifice! {action.targets[0]} умирает: кого из демонов перепризывает "
                f"Демонолог {demonologist.nick}?", options)
            choice = answer.answer if answer is not None and isinstance(answer.answer, str) else None
        if not choice or choice not in night.state.players:
            continue
        demon = night.p(choice)
        if demon.secret_role not in allowed or demon.left:
            night.trace(f"перепризыв невозможен: {demon.nick}", "Sacrifice!", action.order)
            continue
        demon.dead = False
        demon.prison = None
        demon.lazaret = False
        demon.lives = night.max_lives(demon)
        if not night.rulings["resummon_acts_next_night"]:
            night.state.put(Resummoned({**night.state.of(Resummoned).night, demon.nick: night.n + 1}))
        night.trace(f"Демонолог перепризывает {demon.nick}", "Sacrifice!", action.order)


@night_step("N0", "d", ability="Sacrifice!")
def demons_dead(night: NightAPI) -> None:
    """«равное числу Демонов на Кладбище»: counted on S0 (A7 `sacrifice_count_scope`)."""
    scope = night.rulings["sacrifice_count_scope"]
    night.s0.demons_dead = sum(
        1 for p in night.players() if p.faction is Faction.DEMONS
        and (p.dead or (scope == "d_on_graveyard_or_prison" and p.in_prison)))


@attack("Sacrifice!")
def sacrifice_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«наносит цели количество урона, равное числу Демонов на Кладбище» (rank 2)."""
    if night.rulings["sacrifice_count_scope"] == "end_of_night":
        return action.rank, None   # counted at N13, after the other damage (A7 c)
    return action.rank, night.s0.demons_dead


@LATE_DAMAGE("Sacrifice!", sub="2")
def sacrifice_end_of_night(night: NightAPI, attack: Attack) -> int:
    """«Если к концу ночи цель умирает, Демонолог может перепризвать любого из демонов»
    `sacrifice_count_scope: end_of_night`: the Демоны dying tonight count too."""
    return night.s0.demons_dead + sum(
        1 for p in night.players()
        if p.faction is Faction.DEMONS and not night.s0.dead[p.nick]
        and (night.killed(p.nick) or night.s0.lives[p.nick] - night.damage_to(p.nick) <= 0))


@cancel("Aura of darkness")
def aura(night: PhaseAPI, attack: Attack) -> ev.NoticeCode | None:
    """«чувствуя зло в Демонологе, Нежить отменяет атаку. Нежить знает, из-за чего была
    отменена атака.» (N7)"""
    recipient = night.p(attack.recipient)
    if recipient.secret_role != "Демонолог" or night.p(attack.attacker).faction is not Faction.UNDEAD:
        return None
    if night.passives_off(recipient.nick):
        return None
    return ev.NoticeCode.ATTACK_CANCELLED_AURA


@night_step("N12", "b", ability="Protective circle")
def protective_circle(night: NightAPI) -> None:
    """N12: «блокирует самую сильную атаку ночью, но после этого исчезает (Демонолог знает,
    когда круг исчезает)»."""
    for demonologist in night.players():
        if demonologist.secret_role != "Демонолог" or not demonologist.alive \
                or demonologist.in_prison or not circle_ready(night, demonologist):
            continue
        if night.passives_off(demonologist.nick):
            continue
        strongest = night.strongest(night.live_attacks_on(demonologist.nick))
        if strongest:   # «блокирует самую сильную атаку ночью, но после этого исчезает»
            strongest.blocked_by = "Protective circle"
            circles = night.state.of(Circles)
            night.state.put(Circles({**circles.consumed, demonologist.nick: night.n}))
            night.notice(demonologist.nick, ev.NoticeCode.CIRCLE_GONE, "Protective circle")
            night.blocked(strongest, "Protective circle",
                          f"Protective circle блокирует {strongest.name} игрока {strongest.attacker}")


@START("Знакомства по ту сторону", sub="b")
def acquaintances(state: GameState) -> list[ev.Event]:
    """«Знакомства по ту сторону - в начале игры узнает, у кого есть Тайные роли Беса,
    Суккуба и Гончей Ада.»"""
    return team_fact(state, "Демонолог", DEMON_SERVANTS, "Знакомства по ту сторону")
