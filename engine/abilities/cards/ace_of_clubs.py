"""Туз Крестей (Паранойя): the Мастер карт reads all the target's anonymous mail for the rest
of the game (a `mail_copy` hook, called as each message is delivered)."""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities.spec import CardSpec
from engine.abilities.registry import CARD_INFO, MAIL_COPY, card, night_step
from engine.api import NightAPI, THROW, shown_open_role
from engine import events as ev
from engine.ruling_rows import choice
from engine.actions import Action, ThrownCard

# no «Брошенная на X» bonus: on the Тварь it tells the Тварь instead (A4)
CARD = card(CardSpec("Туз Крестей", "Туз Крестей (Паранойя) - Мастер карт может до конца игры читать всю анонимную переписку цели, включая имена отправителей и получателей. Нельзя кинуть на себя. Брошенная на Тварь, позволяет Твари (sic!) узнать Явную роль Мастера карт и подсовывать ему любую ложную информацию или скрывать истинную (через мастера).", on_self=False))


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "paranoia_tvar_clause", "A4", '"Твари (sic!)" in Туз Крестей',
        "Туз Крестей (Паранойя), брошенный на Тварь, «позволяет Твари (sic!) узнать Явную роль "
        "Мастера карт и подсовывать ему любую ложную информацию». Кто получает бонус?",
        ("tvar_benefits", "как написано: бонус получает Тварь (настоящая, даже под маской); "
                          "Мастер карт ничего не получает"),
        ("master_benefits", "«Твари» — опечатка вместо «Мастеру»: бонус получает Мастер карт"),
    ),
)


@dataclass(frozen=True)
class Paranoia:
    """Туз Крестей's memory across phases (its state slot): (Мастер карт, target) pairs."""
    watched: tuple[tuple[str, str], ...] = ()


@night_step("N2", "x", ability=THROW)
def paranoia_from_tonight(night: NightAPI) -> None:
    """«до конца игры»: from its night on (after the day −1 throw, an order of this night)."""
    for thrown in night.cards:
        if thrown.acts_as == "Туз Крестей":
            watched = night.state.of(Paranoia).watched
            night.state.put(Paranoia((*watched, (thrown.by, thrown.targets[0]))))


@MAIL_COPY(THROW)
def reads_the_mail(night: NightAPI, action: Action, recipient: str, message: str | None) -> None:
    """«может до конца игры читать всю анонимную переписку цели, включая имена отправителей
    и получателей»: a message from or to a watched player, while the Мастер карт lives (the
    message as its sender's ability hands it over)."""
    for master, watched in night.state.of(Paranoia).watched:
        if watched in (action.user, recipient) and night.p(master).alive:
            night.emit(ev.Message(str(night.phase), night.cause("Туз Крестей", action.order),
                                 master, ev.fact(**{"from": action.user, "about": recipient,
                                                    "message": message})))


@CARD_INFO("Туз Крестей")
def on_the_beast(night: NightAPI, thrown: ThrownCard) -> None:
    """«Брошенная на Тварь, позволяет Твари (sic!) узнать Явную роль Мастера карт» (A4; the
    reading «Мастеру» gives the bonus of the other cards: «Брошенная на X, позволяет Мастеру
    узнать его Тайную роль», keyed as theirs are (A82 `card_bonus_uses_mask`: a Тварь under a
    mask is not seen as the Тварь, «При любых попытках узнать его роль будет показываться
    выбранная»), and what he learns is «Тварь»)."""
    target = night.p(thrown.targets[0])
    if night.rulings["paranoia_tvar_clause"] == "tvar_benefits":
        if target.secret_role == "Тварь":   # not a role check: the real Тварь (A4)
            night.learn(target.nick, "Туз Крестей", thrown.order, about=thrown.by,
                        open=shown_open_role(night.state, night.p(thrown.by)))
        return
    seen = night.apparent(target.nick) if night.rulings["card_bonus_uses_mask"] else target.secret_role
    if seen == "Тварь":
        night.learn(thrown.by, "Туз Крестей: бонус", thrown.order, about=target.nick, secret="Тварь")
