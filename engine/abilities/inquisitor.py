"""Инквизитор (З).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from typing import Any

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Field, Freq, N, P, RoleKind, S, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import NO_ACQUITTAL, OPEN_BLOCK, TRUE_ROLE, UNSAVEABLE, SetupError, day_effect, day_refusal, night_refusal, night_step, setup_choice, vote_weight
from engine.api import DayAPI, DayMark, NightAPI, PhaseAPI, Refused, mark, marks_today, mask_of, set_mask
from engine.ruling_rows import choice, flag
from engine.reasons import Reason
from engine.actions import Ballot
from engine.orders import Order
from engine.state import GameState, PlayerState

SPECS = (
    _A("Никто не ждал испанскую инквизицию!", RoleKind.SECRET, ("Инквизитор",), S, "Никто не ждал испанскую инквизицию! (Л,Т,К) - в начале игры может выбрать любую другую роль. Все проверки роли будут показывать выбранную роль. При смерти Инквизитора всем сообщается, что умерший был выбранной Инквизитором роли. Применение любых других способностей Тайной роли снимет маску.",
       keeps="ЛТК", aliases=("Никто не ждал испанскую инквизицию", "Маска")),
    _A("Лицо толпы", RoleKind.SECRET, ("Инквизитор",), P, "Лицо толпы (Л) - о применении всех способностей Тайной роли Инквизитора публично объявляется следующим утром.", keeps="Л"),
    _A("Аутодафе", RoleKind.SECRET, ("Инквизитор",), N, "Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True,
       phase_unstated=True, slang=("жечь", "спалить")),
    _A("Обвинение в ведьмовстве", RoleKind.SECRET, ("Инквизитор",), N, "Обвинение в ведьмовстве - следующим днем персонаж не может применять способности Явной роли и быть оправдан Богачом, а голос Инквизитора против этого персонажа считается за три (в любом случае за три. Дополнительные голоса Сплетника считаются за единицу каждый, как обычно). Нельзя применять в ту же ночь, что и Аутодафе.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True),
)


@setup_choice("mask", ability="Никто не ждал испанскую инквизицию!", role="Инквизитор",
              asks="какую маску (тайную роль) вы выбираете: её увидят все проверки")
def choose_mask(state: GameState, player: PlayerState, value: Any) -> None:
    """«в начале игры может выбрать любую другую роль»: a secret role, or an open one under
    `inquisitor_mask_roles: any_role`."""
    from engine.names import canon_open_role, canon_secret_role

    mask = canon_secret_role(str(value))
    if mask is None:
        if canon_open_role(str(value)) and state.rulings["inquisitor_mask_roles"] == "any_role":
            set_mask(state, player.nick, canon_open_role(str(value)))
            return
        raise SetupError(f"setup.{player.nick}.mask: неизвестная тайная роль «{value}»")
    if mask == "Инквизитор":   # «любую другую роль»
        raise SetupError(f"setup.{player.nick}.mask: Инквизитор выбирает другую роль")
    set_mask(state, player.nick, mask)


@TRUE_ROLE("Никто не ждал испанскую инквизицию!")
def checks_see_the_inquisitor(ctx: PhaseAPI, player: PlayerState) -> bool:
    """«Все проверки роли будут показывать выбранную роль»; A31 `inquiry_uses_mask: false`:
    the checks see the Инквизитор himself."""
    return player.secret_role == "Инквизитор" and not ctx.rulings["inquiry_uses_mask"]


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Аутодафе", Channel.PM, "ник или явная роль",
          verbs=("сжечь", "сжигать"),
          examples=(("Аутодафе: Вера", {"target": "Вера"}),)),
    Words("Обвинение в ведьмовстве", Channel.PM, "ник или явная роль",
          names=("обвинение",), verbs=("обвинить", "обвинять"),
          examples=(("Обвиняю Гену в ведьмовстве", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "accusation_vote_fixed_three", "A29", "Обвинение's \"в любом случае за три\"",
        "При Обвинении в ведьмовстве голос Инквизитора против обвинённого «считается за три (в любом "
        "случае за три…)».",
        yes="ровно 3, каким бы ни был его обычный вес (Мэр 2, Бунтарь 5, Туз Бубен); голоса из копилки "
            "Сплетника — по +1",
        no="+2 к его обычному весу",
    ),
    choice(
        "inquisitor_mask_roles", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "Инквизитор «в начале игры может выбрать любую другую роль» как маску. Какую?",
        ("secret_only", "любую Тайную роль, кроме Инквизитора (проверки сообщают Тайную роль)"),
        ("any_role", "также Явную роль"),
    ),
    choice(
        "inquisitor_mask_drop", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "«Применение любых других способностей Тайной роли снимет маску». Когда маска спадает?",
        ("same_night", "при разрешении той ночи, в которую он применил другую способность: проверки "
                       "и раскрытия этой же ночи уже видят «Инквизитор»"),
        ("next_phase", "только со следующей фазы"),
    ),
    flag(
        "inquiry_uses_mask", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "Дознание сравнивает стороны двух персонажей. Какая сторона у Инквизитора в маске?",
        yes="сторона маски",
        no="настоящая сторона Инквизитора — Закон",
    ),
    choice(
        "soul_shield_blocks", "A36", "Щит душ",
        "Щит душ Лича «блокирует единицу урона каждую ночь». Какого урона?",
        ("any_damage", "любого (атаки, Пытка); но не Аутодафе — это убийство"),
        ("attacks_only", "только урона от атак из списка мощности"),
    ),
    flag(
        "soul_shield_reflects_cancelled", "A36", "Щит душ",
        "Щит душ «наносит единицу урона тому, кто этой ночью сыграл самую сильную атаку по Личу». "
        "Учитываются ли атаки, не дошедшие до Лича?",
        yes="да: учитываются и отменённые Без души, переведённые на стража, заблокированные "
            "Валетом Крестей",
        no="нет: только атаки, дошедшие до Лича",
        default=False,
    ),
    flag(
        "face_of_crowd_names_user", "A78", "Лицо толпы's announcement",
        "Лицо толпы: о применении способностей Тайной роли Инквизитора «публично объявляется "
        "следующим утром». Называется ли игрок?",
        yes="да: объявляется, кто применил",
        no="нет: объявляется только способность и цель",
        default=False,
    ),
)


@dataclass
class LateDrops:
    """The masks that drop at N21 under `inquisitor_mask_drop: next_night`."""
    players: list[str] = field(default_factory=list)


@night_step("N4", "h", ability="Никто не ждал испанскую инквизицию!")
def drop_masks(night: NightAPI) -> None:
    """N3: «Применение любых других способностей Тайной роли снимет маску» (A31)."""
    for action in night.actions:
        user = night.p(action.user)
        if (user.secret_role == "Инквизитор" and mask_of(night.state, user.nick) and action.live
                and action.spec.kind is RoleKind.SECRET):
            if night.rulings["inquisitor_mask_drop"] == "same_night":
                set_mask(night.state, user.nick, None)
            else:
                night.own(LateDrops).players.append(user.nick)


@night_step("N21", "d", ability="Никто не ждал испанскую инквизицию!")
def drop_masks_late(night: NightAPI) -> None:
    """«Все проверки роли будут показывать выбранную роль.»
    `inquisitor_mask_drop: next_night`: tonight's checks still see the mask (A31 b)."""
    for nick in night.own(LateDrops).players:
        set_mask(night.state, nick, None)


@night_refusal("Аутодафе")
@night_refusal("Обвинение в ведьмовстве")
def not_with_autodafe(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«Нельзя применять в ту же ночь, что и Аутодафе.»"""
    pair = {"Аутодафе", "Обвинение в ведьмовстве"}
    if any(a.name in pair - {order.ability} for a in night.own_actions(order.by)):
        return Reason.SAME_NIGHT_AS_AUTODAFE, None
    return None


@night_step("N4", "g1", ability="Аутодафе")
def burnt_do_not_act(night: NightAPI) -> None:
    """«Аутодафе - раз за цикл ночей убивает выбранную цель.»
    `night_victims_act: false` (A70 b): a player burnt tonight does not act tonight."""
    if night.rulings["night_victims_act"]:
        return
    for fate in night.live_actions("Аутодафе"):
        night.void_orders_of(fate.targets[0], fate, ": он выбывает этой ночью")


@night_step("N6", "b", ability="Аутодафе")
def autodafe(night: NightAPI) -> None:
    """«Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.»: a kill,
    not an attack (no guard, defence or Щит душ stops it)."""
    for action in night.live_actions("Аутодафе"):
        night.kill(action.targets[0], "Аутодафе", action.order)


@UNSAVEABLE("Аутодафе")
def nothing_saves(night: NightAPI) -> bool:
    """«Не спасает ничего.»: not a Шулер either."""
    return True


@dataclass(frozen=True)
class Accused(DayMark):
    """Обвинение в ведьмовстве's mark on the coming day (its state slot): target -> Инквизитор."""


@night_step("N22", "b", ability="Обвинение в ведьмовстве")
def accused_tomorrow(night: NightAPI) -> None:
    """«следующим днем персонаж не может применять способности Явной роли и быть оправдан
    Богачом, а голос Инквизитора против этого персонажа считается за три»."""
    for action in night.live_actions("Обвинение в ведьмовстве"):
        mark(night, Accused, night.n, action.targets[0], action.user)


@OPEN_BLOCK("Обвинение в ведьмовстве")
def accused_open_role(day: DayAPI, nick: str) -> bool:
    """«следующим днем персонаж не может применять способности Явной роли»."""
    return nick in marks_today(day, Accused)


@day_refusal("Взятка")
def accused_not_acquitted(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«… и быть оправдан Богачом» (a Взятка naming him is refused)."""
    if order.target and order.target in marks_today(day, Accused):
        return Reason.CANNOT_ACQUIT, order.target
    return None


@NO_ACQUITTAL("Обвинение в ведьмовстве")
def accused_condemned(day: DayAPI, condemned: str) -> bool:
    """«следующим днем персонаж не может … быть оправдан Богачом»."""
    return condemned in marks_today(day, Accused)


@vote_weight("d", ability="Обвинение в ведьмовстве",
             label="Обвинение: голос Инквизитора против обвинённого за три")
def accuser_weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None, w: int) -> int:
    """«голос Инквизитора против этого персонажа считается за три (в любом случае за три.
    Дополнительные голоса Сплетника считаются за единицу каждый, как обычно)» (A29)."""
    if marks_today(day, Accused).get(target) == voter.nick:
        return 3 if day.rulings["accusation_vote_fixed_three"] else w + 2
    return w


@night_step("N22", "f", ability="Лицо толпы")
def face_of_the_crowd(night: NightAPI) -> None:
    """«о применении всех способностей Тайной роли Инквизитора публично объявляется
    следующим утром» (A78)."""
    for action in night.actions:
        user = night.p(action.user)
        if user.secret_role == "Инквизитор" and action.spec.kind is RoleKind.SECRET:
            night.mark_announced(action)
            if action.void:
                continue
            by = action.user if night.rulings["face_of_crowd_names_user"] else None
            night.announce(action.name, "Лицо толпы", action.order, by=by,
                           target=action.targets[0] if action.targets else None)


@day_effect("Аутодафе")
def autodafe_by_day(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> bool | None:
    """«Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.»: by day
    under `unstated_phase: any` (A22 b), at once; no Шулер saves. Лицо толпы announces
    the use in this day's post (there is no morning between), and the mask drops (A31)."""
    day.spend(order, spec)
    user = day.p(order.by)
    if user.secret_role == "Инквизитор":
        set_mask(day.state, user.nick, None)   # «Применение любых других способностей Тайной роли снимет маску»
        by = order.by if day.rulings["face_of_crowd_names_user"] else None
        day.announce("Аутодафе", "Лицо толпы", order, by=by, target=order.target)
    day.lose_vote(order.target_nick)
    day.bury(order.target_nick, "Аутодафе", ["Аутодафе"], [order], lives=0)
    return None
