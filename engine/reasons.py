"""Why an order is refused: the reason codes of SPEC.md §3.3 and what the player is told.

«Это не относится к способностям, которые должны не сработать ввиду особенности
Дневной роли или нахождения жертвы в Тюрьме, Лазарете или на Кладбище. Такие
заявки отвергаются с объяснением причины.» (rules, «О несрабатывающих способностях»)
"""
from __future__ import annotations

from enum import Enum


class Reason(str, Enum):
    USER_DEAD = "user_dead"
    USER_IN_PRISON = "user_in_prison"
    USER_IN_LAZARET = "user_in_lazaret"
    ROLE_LOST = "role_lost"
    WRONG_PHASE = "wrong_phase"
    WRONG_MOON = "wrong_moon"
    USED_UP = "used_up"
    COOLDOWN = "cooldown"
    ONE_ACTION_PER_NIGHT = "one_action_per_night"
    REVIVED_THIS_NIGHT = "revived_this_night"
    TARGET_SELF = "target_self"
    TARGET_DEAD = "target_dead"
    TARGET_NOT_DEAD = "target_not_dead"
    TARGET_IN_PRISON = "target_in_prison"
    TARGET_IN_LAZARET = "target_in_lazaret"
    TARGET_NOT_IN_LAZARET = "target_not_in_lazaret"
    TARGET_REPEATED = "target_repeated"
    OPEN_ROLE_RULE = "open_role_rule"
    CANNOT_VOTE = "cannot_vote"
    OPEN_ROLE_BLOCKED = "open_role_blocked"
    VOTE_CONTROLLED = "vote_controlled"
    CANNOT_ACQUIT = "cannot_acquit"
    NOT_IN_HAND = "not_in_hand"
    CARD_TARGET = "card_target"
    NO_SAVED_VOTES = "no_saved_votes"
    SAME_NIGHT_AS_AUTODAFE = "same_night_as_autodafe"
    INVALID_COMMAND = "invalid_command"


# What the player is told, in Russian. `{ability}` is the ability, `{target}` the
# character named in the order (may be empty).
MESSAGES: dict[Reason, str] = {
    Reason.USER_DEAD: "Заявка «{ability}» отклонена: вы на Кладбище и не можете применять способности.",
    Reason.USER_IN_PRISON: "Заявка «{ability}» отклонена: ваш персонаж в Тюрьме и лишён способностей ролей.",
    Reason.USER_IN_LAZARET: "Заявка «{ability}» отклонена: ваш персонаж в Лазарете и лишён способностей тайной роли.",
    Reason.ROLE_LOST: "Заявка «{ability}» отклонена: у вас больше нет роли, которой принадлежит эта способность.",
    Reason.WRONG_PHASE: "Заявка «{ability}» отклонена: эту способность нельзя применить в эту фазу (день/ночь).",
    Reason.WRONG_MOON: "Заявка «{ability}» отклонена: эта способность действует только в другую фазу луны.",
    Reason.USED_UP: "Заявка «{ability}» отклонена: лимит применений этой способности исчерпан.",
    Reason.COOLDOWN: "Заявка «{ability}» отклонена: способность перезаряжается.",
    Reason.ONE_ACTION_PER_NIGHT: "Заявка «{ability}» отклонена: за ночь можно применить только одну из этих способностей.",
    Reason.REVIVED_THIS_NIGHT: "Заявка «{ability}» отклонена: возрождённые Армией тьмы не действуют в ночь возрождения.",
    Reason.TARGET_SELF: "Заявка «{ability}» отклонена: эту способность нельзя применить на себя.",
    Reason.TARGET_DEAD: "Заявка «{ability}» отклонена: {target} на Кладбище.",
    Reason.TARGET_NOT_DEAD: "Заявка «{ability}» отклонена: {target} не на Кладбище — расследовать можно только смерть.",
    Reason.TARGET_IN_PRISON: "Заявка «{ability}» отклонена: {target} в Тюрьме.",
    Reason.TARGET_IN_LAZARET: "Заявка «{ability}» отклонена: {target} в Лазарете.",
    Reason.TARGET_NOT_IN_LAZARET: "Заявка «{ability}» отклонена: {target} не в Лазарете.",
    Reason.TARGET_REPEATED: "Заявка «{ability}» отклонена: нельзя выбрать ту же цель два раза подряд.",
    Reason.OPEN_ROLE_RULE: "Заявка «{ability}» отклонена: явная роль цели этого не допускает.",
    Reason.CANNOT_VOTE: "Заявка «{ability}» отклонена: сегодня вы не можете голосовать.",
    Reason.OPEN_ROLE_BLOCKED: "Заявка «{ability}» отклонена: сегодня вы не можете применять способности явной роли.",
    Reason.VOTE_CONTROLLED: "Заявка «{ability}» отклонена: сегодня вашими дневными действиями распоряжается другой персонаж.",
    Reason.CANNOT_ACQUIT: "Заявка «{ability}» отклонена: {target} обвинён в ведьмовстве и не может быть оправдан.",
    Reason.NOT_IN_HAND: "Заявка «{ability}» отклонена: этой карты нет у вас в руке.",
    Reason.CARD_TARGET: "Заявка «{ability}» отклонена: эту карту нельзя бросить на эту цель.",
    Reason.NO_SAVED_VOTES: "Заявка «{ability}» отклонена: в копилке нет голосов.",
    Reason.SAME_NIGHT_AS_AUTODAFE: "Заявка «{ability}» отклонена: Обвинение в ведьмовстве нельзя применять в ту же ночь, что и Аутодафе.",
    Reason.INVALID_COMMAND: "Заявка «{ability}» отклонена: приказ должен иметь вид «[публичное действие явной роли], [цель по явной роли]».",
}




class Detail(str, Enum):
    """Which case of a reason it is, when the player is told it in other words."""
    LEFT = "left"              # user_dead: he left the game (A63), not on the Кладбище
    IN_PRISON = "in_prison"    # cannot_vote: the Тюрьма took his vote
    PER_CYCLE = "per_cycle"    # used_up: «раз за цикл ночей», used this cycle
    PER_DAY = "per_day"        # used_up: as often today as it may be used a day
    ONCE = "once"              # used_up: «один раз за игру», used


DETAILED: dict[tuple[Reason, Detail], str] = {
    (Reason.USER_DEAD, Detail.LEFT): "Заявка «{ability}» отклонена: вы выбыли из игры.",
    (Reason.CANNOT_VOTE, Detail.IN_PRISON): "Заявка «{ability}» отклонена: вы в Тюрьме и сегодня не голосуете.",
    (Reason.USED_UP, Detail.PER_CYCLE): "Заявка «{ability}» отклонена: эта способность применяется раз за цикл "
                                        "ночей и в этом цикле уже применена; снова — с Новолуния.",
    (Reason.USED_UP, Detail.PER_DAY): "Заявка «{ability}» отклонена: сегодня эта способность уже применена "
                                      "столько раз, сколько можно за день.",
    (Reason.USED_UP, Detail.ONCE): "Заявка «{ability}» отклонена: эта способность применяется один раз за игру "
                                   "и уже применена.",
}


def message(reason: Reason, ability: str, target: str | None = None, detail: Detail | None = None) -> str:
    text = DETAILED.get((reason, detail)) if detail is not None else None
    return (text or MESSAGES[reason]).format(ability=ability, target=target or "цель")
