"""Некромант (НЖ).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Field, Freq, N, RoleKind, T, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import find_ability, night_refusal, night_step, trigger
from engine.api import NightAPI, PhaseAPI, Refused
from engine.ruling_rows import choice, flag
from engine.reasons import Reason
from engine.orders import Order
from engine.state import PlayerState

SPECS = (
    _A("Перерождение", RoleKind.SECRET, ("Некромант",), T, "Перерождение(Л,Т) - в случае смерти или посадки в Тюрьму пожизненно Лича может принять его роль в тот же момент.",
       freq=Freq.PER_GAME, keeps="ЛТ"),
    _A("Переливание жизни", RoleKind.SECRET, ("Некромант",), N, "Переливание жизни - в любую ночь наносит единицу урона Некроманту и восстанавливает единицу здоровья цели.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Перерождение", Channel.PM, "без цели: принять роль Лича, если он падёт",
          names=("принять роль лича", "принимать роль лича"), verbs=("переродиться", "перерождаться"),
          examples=(("Перерождение", {}),),
          answer_words=("принять", "принимать", "переродиться", "перерождаться", "согласиться", "соглашаться",
                        "взять", "брать", "перерождение"),
          answer="«да, принимаю роль Лича» или «нет»",
          # «в случае смерти или посадки в Тюрьму пожизненно Лича»
          condition=("лич", "смерть", "умереть", "погибнуть", "пасть", "посадить", "сесть", "тюрьма",
                     "пожизненно", "убить", "казнить")),
    Words("Переливание жизни", Channel.PM, "ник или явная роль (можно себя)",
          names=("переливание",), verbs=("переливать", "перелить"),
          examples=(("Переливание жизни Вере", {"target": "Вера"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "rebirth_requires_order", "A40", "Перерождение",
        "Некромант «может принять роль» Лича при его смерти или аресте. Нужна ли заявка?",
        yes="да: нужна заранее поданная постоянная заявка Некроманта",
        no="нет: перерождение происходит автоматически",
    ),
    flag(
        "rebirth_inherits_uses", "A40", "Перерождение",
        "Новый Лич после Перерождения: что с потраченными применениями (Зомбирование) и записанной "
        "командой?",
        yes="наследует: потраченное остаётся потраченным, команда сохраняется",
        no="начинает с нуля",
    ),
    choice(
        "transfusion_self", "A85", "Переливание жизни edge cases",
        "Может ли Некромант применить Переливание жизни на себя?",
        ("allowed", "да: итог 0 (−1 и +1); на цель с полным здоровьем Некромант всё равно теряет 1 "
                    "и может так умереть"),
        ("rejected", "нет: заявка отвергается (target_self)"),
    ),
)


@trigger("Перерождение", sub="a")   # before Преемственность, as A52 lists them
def rebirth(ctx: PhaseAPI, lich: PlayerState) -> None:
    """Перерождение: «в случае смерти или посадки в Тюрьму пожизненно Лича может принять
    его роль в тот же момент» (A40)."""
    if lich.secret_role != "Лич":
        return
    for heir in ctx.players():
        if heir.secret_role != "Некромант" or not heir.alive or heir is lich:
            continue
        standing = ctx.choice_at_trigger(heir.nick, "Перерождение",
                                         f"Лич {lich.nick} выбывает: принимает ли Некромант {heir.nick} его роль?")
        if ctx.rulings["standing_orders"]:
            wants = standing is not None
            if ctx.rulings["rebirth_requires_order"] and not wants:
                continue
        elif standing is None or standing.answer is not True:
            continue   # he said no
        heir.secret_role = "Лич"
        heir.held_roles.add("Лич")
        heir.uses_of("Перерождение").append(ctx.phase)
        inherits = bool(ctx.rulings["rebirth_inherits_uses"])
        if inherits:   # the uses of the Лич's own abilities (Зомбирование's one use)
            for name, used in lich.uses.items():
                spec = find_ability(name)
                if spec is not None and "Лич" in spec.roles:
                    heir.uses_of(name).extend(used)
        ctx.pass_role(lich, heir, "Лич", keeps=inherits)
        ctx.cap_lives(heir)
        ctx.trace(f"{heir.nick} принимает роль Лича (Перерождение)", "Перерождение", standing)
        return


@night_refusal("Переливание жизни")
def transfusion_self(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«восстанавливает единицу здоровья цели»
    On himself (A85): under `allowed` the −1 and the +1 net 0; refused under
    `transfusion_self: rejected`."""
    if order.target == order.by and night.rulings["transfusion_self"] == "rejected":
        return Reason.TARGET_SELF, order.target
    return None


@night_step("N13", "c", ability="Переливание жизни")
def transfusion(night: NightAPI) -> None:
    """«наносит единицу урона Некроманту и восстанавливает единицу здоровья цели» (the
    heal is applied at N14)."""
    for action in night.live_actions("Переливание жизни"):
        night.add_damage(action.user, 1, "Переливание жизни", action.order)
        night.heal_at_dawn(action.targets[0])
