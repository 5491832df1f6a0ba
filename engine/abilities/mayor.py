"""Мэр (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from typing import Any

from engine import events as ev
from engine.abilities.spec import P, T, AbilitySpec as _A, Field, Freq, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import NOT_HEIR, target_rule, trigger, vote_weight
from engine.api import DayAPI, PhaseAPI, Refused, TargetAPI
from engine.ruling_rows import ReadingField, choice, flag
from engine.names import FORMER_MAYOR
from engine.orders import Order
from engine.reasons import Reason
from engine.actions import Ballot
from engine.state import PlayerState

SPECS = (
    _A("Деспотия", RoleKind.OPEN, ("Мэр",), P, "Деспотия - на общем обсуждении имеет два голоса вместо одного."),
    _A("Преемственность", RoleKind.OPEN, ("Мэр",), T, "Преемственность - умирая или отправляясь в тюрьму бессрочно, может передать свою Явную роль любому другому человеку (тот теряет свою старую роль).",
       freq=Freq.PER_GAME, target=TargetRule.HEIR, fields=(Field.TARGET,), public=True),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Преемственность", Channel.POST, "наследник (ник); действует, если Мэр умрёт или сядет пожизненно",
          # «мэрство передаю Вере»: the office itself, handed on
          names=("наследник", "преемник", "мэрство"), verbs=("завещать",),
          examples=(("Преемственность: Вера", {"target": "Вера"}),),
          answer_words=("передать", "передавать", "отдать", "отдавать", "завещать", "наследник", "преемник",
                        "выбрать", "выбирать", "назначить", "назначать"),
          answer="ник наследника («передаю роль Вере») или «никому»",
          # «Если Мэр умрет или сядет в Тюрьму пожизненно»
          condition=("умереть", "смерть", "погибнуть", "убить", "казнить", "посадить", "сесть", "тюрьма",
                     "пожизненно")),
)


# The fields only one reading reads (engine/reading_fields.py): under `standing_orders:
# false` (A52 b) a choice at a trigger is an answer (`answer`, to any trigger ability's
# question, so written here once), never written in advance.
READING_FIELDS = (
    ReadingField("standing_orders", False, "order", "answer", "",
                 hint="иначе выбор пишется заранее, постоянной заявкой"),
    ReadingField("standing_orders", False, "order", "target", "Преемственность", unused=True,
                 hint="наследника называет ответ {by: Мэр, ability: Преемственность, answer: ник}"),
    ReadingField("standing_orders", False, "order", "resummon", "Sacrifice!", unused=True,
                 hint="кого перепризвать, Демонолог отвечает, когда жертва умирает: "
                      "{by: Демонолог, ability: Sacrifice!, answer: ник}"),
    ReadingField("standing_orders", False, "order", "swap_mask", "Пожирай", unused=True,
                 hint="менять ли маску, Тварь отвечает, когда жертва умирает: "
                      "{by: Тварь, ability: Пожирай, answer: true}"),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "succession_heir", "A54", "Преемственность details",
        "Преемственность: Мэр «может передать свою Явную роль любому другому человеку». Кому?",
        ("living_not_prisoner", "живому не в Тюрьме (и не Бунтарю: Анархизм)"),
        ("living", "любому живому, включая заключённых (кроме Бунтаря)"),
    ),
    flag(
        "open_block_despotiya", "A59", "Open-role blocks and Деспотия",
        "Кража, Касание смерти и Обвинение запрещают «способности Явной роли». Блокируется ли "
        "Деспотия (двойной голос Мэра)?",
        yes="да: заблокированный Мэр голосует с весом 1 (Закалка и Регенерация не блокируются)",
        no="нет: Мэр сохраняет два голоса",
    ),
)


@dataclass(frozen=True)
class FormerMayors:
    """Преемственность's memory (its state slot): who handed the Мэр on, shown as
    «Мэр (бывший)». Public: the public view of the game keeps it (`PUBLIC`)."""
    PUBLIC: ClassVar[bool] = True
    players: frozenset[str] = frozenset()

    def shown_open_role(self, nick: str) -> str | None:
        return FORMER_MAYOR if nick in self.players else None


@trigger("Преемственность", sub="b")
def succession(ctx: PhaseAPI, mayor: PlayerState) -> None:
    """Преемственность: «умирая или отправляясь в тюрьму бессрочно, может передать свою
    Явную роль любому другому человеку (тот теряет свою старую роль)» (A54)."""
    if mayor.open_role != "Мэр":
        return
    options = [p.nick for p in ctx.players() if p is not mayor and p.alive and not cannot_become_mayor(p)]
    order = ctx.choice_at_trigger(mayor.nick, "Преемственность",
                                  f"Мэр {mayor.nick} выбывает: кому он передаёт Явную роль Мэра?", options)
    if order is None:
        return
    heir_nick = order.target if order.answer is None else order.answer
    if not isinstance(heir_nick, str) or heir_nick not in ctx.state.players:
        if order.answer not in (None, False):
            ctx.trace(f"Преемственность: ответ «{order.answer}» — не игрок", "Преемственность", order)
        return   # «может передать»: he passed no one
    heir = ctx.p(heir_nick)
    if heir.dead or heir.left or cannot_become_mayor(heir) or (
            heir.in_prison and ctx.rulings["succession_heir"] == "living_not_prisoner"):
        ctx.trace(f"Преемственность не сработала: {heir.nick} не может стать Мэром",
                   "Преемственность", order)
        return
    old = heir.open_role
    heir.open_role = "Мэр"
    heir.held_roles.add("Мэр")
    ctx.lose_role(heir, old)
    # «тот теряет свою старую роль»: with it, the uses of its abilities
    heir.uses = {k: v for k, v in heir.uses.items()
                 if getattr(_find(k), "kind", None) is not RoleKind.OPEN}
    mayor.open_role = None
    ctx.state.put(FormerMayors(ctx.state.of(FormerMayors).players | {mayor.nick}))
    mayor.uses_of("Преемственность").append(ctx.phase)
    ctx.cap_lives(heir)
    cause = ctx.cause("Преемственность", order)
    ctx.emit(ev.OpenRoleChanged(str(ctx.phase), cause, mayor.nick, "Мэр", "Мэр (бывший)"))
    ctx.emit(ev.OpenRoleChanged(str(ctx.phase), cause, heir.nick, old, "Мэр"))
    ctx.announce("Преемственность", "Преемственность", order, by=mayor.nick, target=heir.nick)


def _find(name: str) -> Any:
    from engine.abilities.registry import find_ability
    return find_ability(name)


@target_rule("Преемственность")
def heir_target(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«любому другому человеку»: another living character; not a prisoner under
    `succession_heir: living_not_prisoner`; not the Бунтарь (Анархизм)."""
    heir = ctx.state.players[order.target_nick]
    if order.target == user.nick:
        return Reason.TARGET_SELF, order.target
    if not heir.alive:
        return Reason.TARGET_DEAD, order.target
    if heir.in_prison and ctx.rulings["succession_heir"] == "living_not_prisoner":
        return Reason.TARGET_IN_PRISON, order.target
    if cannot_become_mayor(heir):
        return Reason.OPEN_ROLE_RULE, order.target
    return None


def cannot_become_mayor(player: PlayerState) -> bool:
    """An open role that cannot become the Мэр (Анархизм: its `not_heir` hook)."""
    return any(refuses(player) for refuses in NOT_HEIR.fns())


def despotiya(day: DayAPI, player: PlayerState) -> bool:
    """«Деспотия - на общем обсуждении имеет два голоса вместо одного.», unless open-role
    abilities are blocked today (A59)."""
    if player.open_role != "Мэр" or day.open_passives_off(player.nick):
        return False
    return not (day.open_role_blocked(player.nick) and day.rulings["open_block_despotiya"])


@vote_weight("a", ability="Деспотия", label="Мэр: Деспотия, голос за два")
def despotiya_weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None, w: int) -> int:
    """«Деспотия - на общем обсуждении имеет два голоса вместо одного.»"""
    return 2 if despotiya(day, voter) else w
