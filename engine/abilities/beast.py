"""Тварь (Н).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Cooldown, Field, N, P, RoleKind, S, TargetRule
from engine.names import canon_secret_role
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.abilities.registry import DAY_KILL, SETUP_CHECK, SetupError, attack, day_effect, lazaret, night_step, setup_choice, win
from engine.api import DayAPI, NightAPI, PhaseAPI, mask_of, set_mask
from engine.ruling_rows import choice, flag
from engine.actions import Action
from engine.orders import Args, arg, read_flag
from engine.state import GameState, PlayerState
from engine.orders import Order

@dataclass(frozen=True)
class DevourArgs(Args):
    """«может сменить маску»: the mask change written in advance (A52)."""
    swap_mask: bool = arg(False, read=read_flag)


SPECS = (
    _A("Приспосабливайся", RoleKind.SECRET, ("Тварь",), S, "Приспосабливайся (Т,К) - в начале игры может выбрать любую Тайную роль. При любых попытках узнать его роль будет показываться выбранная. При смерти Твари всем сообщается, что умерший был выбранной Тварью роли.", keeps="ТК"),
    _A("Пожирай", RoleKind.SECRET, ("Тварь",), N, "Пожирай - наносит две единицы урона цели. Если та умирает, Тварь восстанавливает себе единицу здоровья и может сменить маску от Приспосабливайся на Тайную роль своей жертвы (наутро объявится, что жертва была той роли, которая ранее была маской Твари). Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=1, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), args=DevourArgs,
       phase_unstated=True, slang=("съесть", "сожрать", "жрать", "схарчить")),
    _A("Превзмогай", RoleKind.SECRET, ("Тварь",), P, "Превзмогай - Тварь не попадает в Лазарет."),
    _A("Уничтожай", RoleKind.SECRET, ("Тварь",), P, "Уничтожай - побеждает, если остается единственным живым и не в Тюрьме."),
    _A("Раздражай", RoleKind.SECRET, ("Тварь",), P, "Раздражай - пока Тварь жива, Демоны, Нежить и Закон не могут победить."),
)


@setup_choice("mask", ability="Приспосабливайся", role="Тварь",
              asks="какую маску (тайную роль) вы выбираете: её увидят все проверки")
def choose_mask(state: GameState, player: PlayerState, value: Any) -> None:
    """«в начале игры может выбрать любую Тайную роль»: `setup.<nick>.mask`."""
    mask = canon_secret_role(str(value))
    if mask is None:
        raise SetupError(f"setup.{player.nick}.mask: неизвестная тайная роль «{value}»")
    set_mask(state, player.nick, mask)


@SETUP_CHECK("Приспосабливайся")
def mask_chosen(state: GameState) -> None:
    """«может выбрать» read as «must» under `tvar_mask_optional: false`."""
    if state.rulings["tvar_mask_optional"]:
        return
    for player in state.players.values():
        if player.secret_role == "Тварь" and not mask_of(state, player.nick):
            raise SetupError(f"setup.{player.nick}.mask: Тварь должна выбрать маску "
                             "(tvar_mask_optional: false)")


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Пожирай", Channel.PM, "ник; «сменить маску» — взять роль жертвы, если она умрёт",
          verbs=("пожирать", "пожрать", "сожрать", "жрать"),
          examples=(("Пожираю Веру, меняю маску", {"target": "Вера", "swap_mask": True}),),
          shape=Shape.FLAG,
          keywords=(Keyword("swap_mask", "сменить маску", frozenset({"маска", "swap"})),),
          answer_words=("сменить", "менять", "поменять", "взять", "брать"),
          answer="«да, меняю маску» или «нет, маску оставляю»"),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "irritate_blocks", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Раздражай: «пока Тварь жива, Демоны, Нежить и Закон не могут победить». Кого это блокирует?",
        ("factions_only", "только три группировки; Раскрыть карты Мастера карт не блокируется; "
                          "как только Тварь умирает или садится в Тюрьму, группировка с выполненным "
                          "условием побеждает"),
        ("factions_and_master", "также победу Мастера карт"),
    ),
    flag(
        "devour_heal_saves_tvar", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Тварь и жертва Пожирай в одну ночь обе дошли до нуля жизней или ниже. Спасает ли Тварь "
        "восстановленная за убийство жизнь?",
        yes="да: всё происходит одновременно, +1 учитывается",
        no="нет: Тварь умирает",
    ),
    flag(
        "devour_mask_swap_default", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Пожирай: если жертва умерла, Тварь «может сменить маску» на её роль. Что, если Тварь "
        "заранее не указала выбор?",
        yes="маска меняется",
        no="маска не меняется (смена только по явной заявке)",
        default=False,
    ),
    flag(
        "tvar_mask_optional", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Приспосабливайся: «в начале игры может выбрать любую Тайную роль». Обязательна ли маска?",
        yes="нет: без маски проверки показывают «Тварь»",
        no="да: в раскладе у Твари должна быть маска",
    ),
)


@night_step("N18", ability="Пожирай")
def devour(night: NightAPI) -> None:
    """N18 Пожирай: «Если та умирает, Тварь восстанавливает себе единицу здоровья и может
    сменить маску … (наутро объявится, что жертва была той роли, которая ранее была
    маской Твари)» (A32)."""
    for record in night.attacks:
        if record.name != "Пожирай" or not record.live or not night.dying(record.recipient):
            continue
        beast = night.p(record.attacker)
        if beast.secret_role != "Тварь":
            continue
        if beast.lives < night.max_lives(beast):
            beast.lives += 1
        if (night.dying(beast.nick) and beast.lives > 0 and not night.killed(beast.nick)
                and night.rulings["devour_heal_saves_tvar"]):
            night.spare(beast.nick)
        victim = night.p(record.recipient)
        wants = swap_wanted(night, beast, victim.nick, record.action.order)
        mask = mask_of(night.state, beast.nick)
        if wants and mask:
            night.reveal_dead_as(victim.nick, mask)
            set_mask(night.state, beast.nick, victim.secret_role)
            night.trace(f"Тварь {beast.nick} меняет маску на {victim.secret_role}", "Пожирай",
                       record.action.order)


def swap_wanted(ctx: PhaseAPI, beast: PlayerState, victim: str, order: Order) -> bool:
    """«может сменить маску»: written in advance (`swap_mask`, A52), or, under
    `standing_orders: false`, asked when the victim dies (A52 b)."""
    if not mask_of(ctx.state, beast.nick):
        return False
    if ctx.rulings["standing_orders"]:
        return bool(order.args_as(DevourArgs).swap_mask or ctx.rulings["devour_mask_swap_default"])
    answer = ctx.choice_at_trigger(beast.nick, "Пожирай",
                                   f"жертва Пожирай {victim} умирает: меняет ли Тварь {beast.nick} маску "
                                   f"на её роль?")
    return answer is not None and answer.answer is True


@attack("Пожирай")
def devour_damage(night: NightAPI, action: Action) -> tuple[int, int | None]:
    """«Пожирай - наносит две единицы урона цели.» (rank 1)"""
    return action.rank, 2


@lazaret("a", ability="Превзмогай")
def endure(ctx: PhaseAPI, player: PlayerState) -> bool:
    """«Превзмогай - Тварь не попадает в Лазарет.»"""
    return player.secret_role == "Тварь"


@win("a", ability="Уничтожай")
def destroy(state: GameState) -> tuple[str | None, bool, str] | None:
    """«Уничтожай - побеждает, если остается единственным живым и не в Тюрьме.»"""
    active = [p for p in state.players.values() if p.active]
    if len(active) == 1 and active[0].secret_role == "Тварь":
        return active[0].nick, True, "Тварь: Уничтожай"
    return None


@win("b", ability="Раздражай")
def irritate(state: GameState) -> tuple[str | None, bool, str] | None:
    """«Раздражай - пока Тварь жива, Демоны, Нежить и Закон не могут победить.» (A32)"""
    if any(p.active and p.secret_role == "Тварь" for p in state.players.values()):
        return None, False, "Тварь: Раздражай"
    return None


@day_effect("Пожирай")
def devour_by_day(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> bool | None:
    """«Пожирай - наносит две единицы урона цели.»: by day under `unstated_phase: any`
    (A22 b), at once (the day's `attack_by_day`)."""
    day.spend(order, spec)
    day.attack_by_day(order, 2)
    return None


@DAY_KILL("Пожирай")
def devoured_by_day(day: DayAPI, victim: str, order: Order) -> str | None:
    """«Если та умирает, Тварь восстанавливает себе единицу здоровья и может сменить маску …
    (наутро объявится, что жертва была той роли, которая ранее была маской Твари)»: a victim
    of a Пожирай by day dies at the end of the day; returns what the victim is revealed as."""
    beast = day.p(order.by)
    if beast.secret_role != "Тварь" or not beast.alive:
        return None
    if beast.lives < day.max_lives(beast):
        beast.lives += 1
    wants = swap_wanted(day, beast, victim, order)
    old = mask_of(day.state, beast.nick)
    if wants and old:
        set_mask(day.state, beast.nick, day.p(victim).secret_role)
        day.trace(f"Тварь {beast.nick} меняет маску на {day.p(victim).secret_role}", "Пожирай", order)
        return old
    return None
