"""What the parser returns: typed orders, and the items it could not read for the GM."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.abilities import WORDS, Shape
from engine.orders import Order

# The day's vote (SPEC §4): the ability whose orders have the vote's shape; the parser reads
# its forms (emphasis, the English and hash forms, bold names) apart from the rest.
VOTE = next(name for name, words in WORDS.items() if words.shape is Shape.VOTE)


class Reason(str, Enum):
    """Why a piece of text was not turned into an order; each has the GM's Russian text."""

    NO_TARGET = "no_target"
    LOW_CONFIDENCE = "low_confidence"
    AMBIGUOUS_TARGET = "ambiguous_target"
    NO_HOLDER = "no_holder"
    SELF_NOT_ALLOWED = "self_not_allowed"
    AMBIGUOUS_ABILITY = "ambiguous_ability"
    NOT_YOUR_ABILITY = "not_your_ability"
    NOT_A_PLAYER = "not_a_player"
    MISSING_ARGUMENT = "missing_argument"
    UNKNOWN_CARD = "unknown_card"
    AMBIGUOUS_CARD = "ambiguous_card"
    BAD_COMMAND = "bad_command"
    VOTE_IN_PM = "vote_in_pm"
    PUBLIC_IN_PM = "public_in_pm"
    SECRET_IN_POST = "secret_in_post"
    OUTSIDE_COMMENT = "outside_comment"
    NOT_EMPHASISED = "not_emphasised"
    FORM_NOT_ALLOWED = "form_not_allowed"
    DEFERRED = "deferred"
    ORDER_LIKE = "order_like"
    VOTE_AT_NIGHT = "vote_at_night"
    UNREAD = "unread"
    IRONY = "irony"
    CONDITIONAL = "conditional"
    AMBIGUOUS_NAME = "ambiguous_name"


MESSAGES: dict[Reason, str] = {
    Reason.NO_TARGET: "не найдена цель: ни один ник или явная роль не узнаны",
    Reason.LOW_CONFIDENCE: "цель не узнана уверенно (похоже на опечатку): проверьте кандидатов",
    Reason.AMBIGUOUS_TARGET: "цель неоднозначна: подходят несколько игроков",
    Reason.NO_HOLDER: "названа явная роль, которой сейчас ни у кого нет",
    Reason.SELF_NOT_ALLOWED: "эту способность нельзя применить на себя",
    Reason.AMBIGUOUS_ABILITY: "неясно, какая способность заявлена",
    Reason.NOT_YOUR_ABILITY: "у автора нет такой способности",
    Reason.NOT_A_PLAYER: "автор текста не игрок этой партии",
    Reason.MISSING_ARGUMENT: "в заявке не хватает данных",
    Reason.UNKNOWN_CARD: "карта не узнана",
    Reason.AMBIGUOUS_CARD: "карта названа неоднозначно («Шулер» — это две карты)",
    Reason.BAD_COMMAND: "команда Зомбирования не по правилам",
    Reason.VOTE_IN_PM: "голосование публичное: голос в личном сообщении не засчитывается",
    Reason.PUBLIC_IN_PM: "публичная заявка дана в личном сообщении; по правилам она даётся в посте",
    Reason.SECRET_IN_POST: "тайная заявка в открытом тексте поста; тайные заявки даются в ЛС "
                           "или приватным текстом",
    Reason.OUTSIDE_COMMENT: "публичная заявка вне графы «комментарий»; в этой игре она не засчитывается",
    Reason.NOT_EMPHASISED: "голос не выделен так, как требует мастер этой игры",
    Reason.FORM_NOT_ALLOWED: "такая форма голоса в этой игре не засчитывается",
    Reason.DEFERRED: "выбор не окончательный («может», «позже», «решу»): уточните у игрока",
    Reason.ORDER_LIKE: "похоже на заявку, но по правилам её не прочитать уверенно: выберите кандидата",
    Reason.VOTE_AT_NIGHT: "голос подан ночью; по правилам голосуют днём (на Дневном Вече): "
                          "уточните у игрока, к какому дню он относится",
    Reason.UNREAD: "назван игрок, роль или способность, но заявка не прочитана: прочтите сами",
    Reason.IRONY: "похоже на сарказм («ага, щас», «как же»): заявка ли это, решает мастер",
    Reason.CONDITIONAL: "заявка с условием («если …»); правила условных заявок не знают: уточните у игрока",
    Reason.AMBIGUOUS_NAME: "ник игрока совпадает с названием роли: кто имеется в виду, решает мастер",
}


@dataclass(frozen=True)
class Unresolved:
    """Text that may be an order but cannot be read with certainty: the GM decides."""

    text: str
    code: Reason
    reason: str = ""
    candidates: tuple[str, ...] = ()
    ability: str | None = None

    def __post_init__(self) -> None:
        if not self.reason:
            object.__setattr__(self, "reason", MESSAGES[self.code])

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "reason": self.reason,
                               "candidates": list(self.candidates), "code": self.code.value}
        if self.ability is not None:
            out["ability"] = self.ability
        return out


class Talk(str, Enum):
    PLAIN = "plain"
    GREETING = "greeting"
    QUESTION = "question"
    ADDRESSED = "addressed"
    REPORT = "report"
    CONDITIONAL = "conditional"
    NEGATION = "negation"
    JUDGEMENT = "judgement"
    OPINION = "opinion"
    NOT_HIS = "not_his"
    NO_AIM = "no_aim"
    LATER = "later"
    QUOTE = "quote"
    ARTISTIC = "artistic"
    STRANGER = "stranger"


TALK_RU: dict[Talk, str] = {
    Talk.PLAIN: "ни игрока, ни способности не названо",
    Talk.GREETING: "приветствие или благодарность",
    Talk.QUESTION: "вопрос",
    Talk.ADDRESSED: "сказано кому-то (обращение, «ты», повелительное наклонение)",
    Talk.REPORT: "рассказ о прошлом или о других (прошедшее время, третье лицо)",
    Talk.CONDITIONAL: "условие или предположение («если», «бы», «когда … тогда»)",
    Talk.NEGATION: "отрицание («не», «ни»)",
    Talk.JUDGEMENT: "суждение о действии («нельзя», «давайте», «это», «… — идея»)",
    Talk.OPINION: "мнение об игроке: ни слова заявки, ни указания на цель",
    Talk.NOT_HIS: "способность, которой у автора нет",
    Talk.NO_AIM: "слово способности, но ни на кого не направлено",
    Talk.LATER: "о заявке на другой день («завтра», «послезавтра»), не на этот",
    Talk.QUOTE: "цитата: чужие слова",
    Talk.ARTISTIC: "художественный текст вне графы заявок",
    Talk.STRANGER: "автор не игрок этой партии",
}

class Verdict(str, Enum):
    """How a clause of a text ended: exactly one of three (issue 24)."""

    READ = "read"      # an order was read from it
    ASKED = "asked"    # a question to the GM, with whole-order candidates where there are any
    TALK = "talk"      # talk, by the rule `Clause.rule` names


@dataclass(frozen=True)
class Clause:
    """One clause of a text and how it was accounted for. `rule` (a `talk.Talk` value)
    says why a talk clause is talk; `shown`: a PM's clause with no order that the GM is
    shown highlighted (everything but greetings, thanks, questions to him and quotes)."""

    text: str
    verdict: Verdict
    rule: str | None = None
    shown: bool = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "verdict": self.verdict.value}
        if self.rule is not None:
            out["rule"] = self.rule
            out["why"] = TALK_RU[Talk(self.rule)]
        if self.shown:
            out["shown"] = True
        return out


@dataclass(frozen=True)
class ParseResult:
    orders: tuple[Order, ...] = ()
    unresolved: tuple[Unresolved, ...] = ()
    clauses: tuple[Clause, ...] = ()

    def __add__(self, other: "ParseResult") -> "ParseResult":
        return ParseResult(self.orders + other.orders, self.unresolved + other.unresolved,
                           self.clauses + other.clauses)

    @property
    def talk(self) -> tuple[Clause, ...]:
        return tuple(c for c in self.clauses if c.verdict is Verdict.TALK)

    @property
    def shown(self) -> tuple[Clause, ...]:
        """A PM's clauses the GM must see though they hold no order."""
        return tuple(c for c in self.clauses if c.shown)

    def at_night(self) -> "ParseResult":
        """The result of a post written at night: a vote is no order of the night (rules:
        «Голосование (считается "дневной") - днем (на Дневном Вече) может публично отдать
        голос»), so each becomes a question for the GM instead of a stored order."""
        votes = [o for o in self.orders if o.ability == VOTE]
        if not votes:
            return self
        asked = tuple(Unresolved(str(o), Reason.VOTE_AT_NIGHT, candidates=(str(o),), ability=VOTE) for o in votes)
        return ParseResult(tuple(o for o in self.orders if o.ability != VOTE), self.unresolved + asked,
                           self.clauses)

    def to_json(self) -> dict[str, Any]:
        return {"orders": [order_json(o) for o in self.orders],
                "unresolved": [u.to_json() for u in self.unresolved],
                "talk": [c.to_json() for c in self.talk]}


def order_json(order: Order) -> dict[str, Any]:
    """The FORMAT.md mapping; an order whose author is unknown has `by: null`."""
    data = order.to_mapping()
    if not order.by:
        data["by"] = None
    return data
