"""Голубиная почта (all roles).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Freq, N, RoleKind, TargetRule
from engine.abilities.spec import Channel, Reach, Shape, Words
from engine.abilities.registry import MAIL_COPY, day_effect, night_step, target_rule
from engine.api import DayAPI, NightAPI, Refused, TargetAPI
from engine.ruling_rows import choice, flag
from engine.orders import Args, Order, arg
from engine.state import PlayerState

@dataclass(frozen=True)
class PigeonArgs(Args):
    """«передать анонимное сообщение любому другому персонажу»: to whom, and what."""
    to: str | None = arg(required=True, missing="нужен получатель (поле to)", nick=True, aim=True)
    text: str | None = arg(required=True, missing="нужен текст (поле text)", said="текст: «{}»")

    def written(self, order: Order) -> str:
        """As the memo teaches (Shape.MESSAGE): «Голубиная почта Боря: «Я знаю, кто ты»»."""
        return f"{order.ability} {self.to}: «{self.text}»"


SPECS = (
    _A("Голубиная почта", RoleKind.COMMON, (), N, "Голубиная почта (считается \"ночной\") - три раза за игру может через мастера передать анонимное сообщение любому другому персонажу.",
       freq=Freq.PER_GAME, uses=3, target=TargetRule.OTHER_LIVING, args=PigeonArgs, keeps="Л",
       when_ruling="pigeon_phase", keeps_ruling=("pigeon_in_lazaret", "Л")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Голубиная почта", Channel.PM, "кому (ник) и текст после двоеточия или в кавычках",
          names=("голубь", "голубиная почта", "анонимное сообщение", "анонимка", "почта"),
          verbs=(),
          examples=(("Голубиная почта Боре: «Я знаю, кто ты»", {"to": "Боря", "text": "Я знаю, кто ты"}),),
          shape=Shape.MESSAGE,
          reach=Reach.LINE,
          consumes=True,
          own_verb=True,
          repeatable=True),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS. A12 is about both
# communal abilities (engine/abilities/voting.py reads it too).
RULINGS = (
    flag(
        "prison_loses_common", "A12", "Does Тюрьма remove Голосование and Голубиная почта?",
        "«Тюрьма — лишен всех способностей ролей». Голосование и Голубиная почта — «способности, "
        "имеющиеся у всех ролей». Теряет ли их заключённый?",
        yes="да: в Тюрьме нельзя голосовать и посылать голубей",
        no="нет: это не способности конкретной роли, заключённый сохраняет их",
    ),
    choice(
        "pigeon_phase", "A67", "Голубиная почта",
        "Голубиная почта «считается ночной». Когда её можно отправить?",
        ("night", "заявка ночью, доставка в конце ночи"),
        ("any", "в любую фазу, доставка в конце фазы"),
    ),
    flag(
        "pigeon_in_lazaret", "A67", "Голубиная почта",
        "Можно ли посылать голубей из Лазарета?",
        yes="да: это общая способность, не Тайной роли",
        no="нет",
    ),
)


@night_step("N21", "c", ability="Голубиная почта")
def pigeons(night: NightAPI) -> None:
    """«через мастера передать анонимное сообщение любому другому персонажу»
    the message reaches its (possibly redirected) recipient without
    a sender; whoever else may read it is told by its `mail_copy` hook."""
    for action in night.live_actions("Голубиная почта"):
        recipient = action.targets[0]
        if night.s0.dead.get(recipient):
            continue   # redirected onto someone already dead: fizzles (A44 3)
        message = action.order.args_as(PigeonArgs).text
        night.learn(recipient, "Голубиная почта", action.order, message=message)
        for hook in MAIL_COPY.hooks():
            hook.fn(night, action, recipient, message)


@day_effect("Голубиная почта")
def day_pigeon(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«Голубиная почта (считается "ночной") - три раза за игру может через мастера
    передать анонимное сообщение любому другому персонажу.»
    Голубиная почта by day (`pigeon_phase: any`): delivered at once."""
    day.spend(order, spec)
    mail = order.args_as(PigeonArgs)
    assert mail.to is not None   # its shape: `to` is required
    day.learn(mail.to, "Голубиная почта", order, message=mail.text)


@target_rule("Голубиная почта")
def pigeon_target(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«любому другому персонажу»: the recipient (`to`) is another living character."""
    to = order.args_as(PigeonArgs).to
    assert to is not None   # its shape: `to` is required
    return ctx.living(to, other=True)
