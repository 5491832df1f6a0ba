"""Answers to the engine's question at a trigger (`standing_orders: false`, A52 b).

    asked = pending(game)                      # the question the open phase waits on, or None
    reply = take_reply(game, clock, ...)       # intake: the asked player's message read as his answer

`gorod.loop.phases.ask` stores the question and drafts the PM that asks it. While it waits,
the asked player's next message to the GM — a PM, or a post in the thread when the ability
is public (Преемственность: «Заявки на публичные действия должны быть даны в посте») — is
read as the answer (`scraper.orders.answer`): a nickname of the options, or yes / no. A
clear answer is stored as the order `{by, ability, answer}` in force (never late: the
question is asked after the deadline), the player gets a receipt to approve and the GM a
notice; the phase end then goes on (the worker's next round, or at once from the console:
`gorod.loop.gm_answer`).
An answer that is not clear is an unresolved item with the possible answers as its
candidates: the GM decides, nothing is guessed. What else the message orders is read as
any message; the parser's misreadings of the reply's words are left out (the GM sees
the whole message beside the answer, or in the question).
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from engine.abilities import Shape, find_ability, words_of
from engine.orders import Order
from gorod.loop.drafting import save_drafts
from gorod.loop.game import Game, LoopError, PhaseClock
from gorod.loop.records import NoticeKind
from gorod.loop.words import phase_name
from publisher.drafts import immediate_draft
from scraper.orders import ParseResult, ParseSettings, Reason, Unresolved
from scraper.orders.answer import Asked, Reply, read_reply


def question_key(phase: str) -> str:
    return f"question:{phase}"


@dataclass(frozen=True)
class Pending:
    """The stored question of a phase (`gorod.loop.phases.ask`)."""
    phase: str
    asked: Asked
    text: str
    asked_at: datetime | None
    at_end: bool                 # asked by a phase end (not by a day's order resolved at once)
    answered: int | None = None  # the order that answers it, once one is stored

    @property
    def public(self) -> bool:
        spec = find_ability(self.asked.ability)
        return bool(spec is not None and spec.public)

    def order(self, value: str | bool) -> Order:
        return Order.make(self.asked.to, self.asked.ability, answer=value)


def pending(game: Game, phase: str | None = None) -> Pending | None:
    if phase is None:
        current = game.current()
        if current is None:
            return None
        phase = str(current.phase)
    data = game.records.get(question_key(phase))
    if not data:
        return None
    at = data.get("asked_at")
    answered = data.get("answered")
    if answered is not None:
        row = game.records.order(answered)
        answered = answered if row is not None and row.status == "active" else None   # the GM dropped it
    return Pending(phase, Asked(data["to"], data["ability"], tuple(data.get("options") or ())), data.get("text", ""),
                   datetime.fromisoformat(at) if at else None, bool(data.get("at_end")), answered)


def mark_answered(game: Game, asked: Pending, order_id: int) -> None:
    data = dict(game.records.get(question_key(asked.phase)) or {})
    data["answered"] = order_id
    game.records.put(question_key(asked.phase), data)
    # the question's notice is settled: a new one comes if the phase still waits (another death)
    game.records.clear_notices(f"{question_key(asked.phase)}:{asked.asked.to}:{asked.asked.ability}")


def said(value: str | bool, asked: Asked) -> str:
    """An answer in the GM's and the player's words."""
    if value is True:
        return "да"
    if value is False:
        return "никого" if asked.options else "нет"
    return str(value)


@dataclass(frozen=True)
class TakenReply:
    """What the asked player's message gave: the rest of its parse, and the answer or the question."""
    rest: ParseResult
    reply: Reply
    asked: Pending


def read(game: Game, clock: PhaseClock, *, kind: str, author: str, text: str, given: datetime | None,
         result: ParseResult, roster, settings: ParseSettings) -> TakenReply | None:
    """The asked player's message read as his answer, or None when it is none: another
    player, a post about a secret choice, a message written before the question."""
    asked = pending(game, str(clock.phase))
    if asked is None or asked.answered is not None or author.casefold() != asked.asked.to.casefold():
        return None
    if kind == "post" and not asked.public:
        return None           # a secret choice is not made in the thread
    span = timedelta(seconds=max(1, getattr(game.forum, "time_precision", 1)))
    if given is not None and asked.asked_at is not None and given + span <= asked.asked_at:
        return None           # written before he was asked
    own = asked.asked.ability
    orders = [o for o in result.orders if o.ability == own]
    if kind == "post":
        if not orders:
            return None       # in the thread only a (public) order of the ability answers; talk is talk
        reply = _order_reply(orders[-1], asked.asked)
    else:
        reply = read_reply(text, roster, replace(asked.asked, to=author), settings)
        if not reply.clear and orders:
            reply = _order_reply(orders[-1], asked.asked)   # «Sacrifice! …, перепризвать Борю»
        if not reply.clear and result.orders and not orders:
            return None       # orders of other abilities and no word of the answer: read as any message
    # the parser's questions about the reply are its words misread («публичная заявка в ЛС», «похоже
    # на …»): the GM is shown the whole message with the answer, or asked what the answer is
    rest = ParseResult(tuple(o for o in result.orders if o.ability != own), (), result.clauses)
    return TakenReply(rest, reply, asked)


def _order_reply(order: Order, asked: Asked) -> Reply:
    value = _from_order(order, asked)
    if value is None:
        return Reply(None, f"в заявке «{order}» нет ответа из тех, что можно дать",
                     (*asked.options, False) if asked.options else (True, False))
    return Reply(value)


def _from_order(order: Order, asked: Asked) -> str | bool | None:
    """An order of the ability asked about as the answer: the field its words name the choice
    with (`Words.keywords`: Sacrifice!'s «перепризвать» → resummon, Пожирай's «сменить маску» →
    swap_mask), else its target for a nickname and the order itself for a yes."""
    words = words_of(asked.ability)
    keyword = words.keywords[0] if words is not None and words.shape in (Shape.SECOND, Shape.FLAG) else None
    if keyword is not None:
        value = order.arg(keyword.value)
    else:
        value = order.target if asked.options else True
    if asked.options:
        return value if isinstance(value, str) and value in asked.options else None
    return True if value is True else None


def store(game: Game, taken: TakenReply, *, kind: str, source_id: str, version: int, item: int,
          given_at: datetime, text: str) -> None:
    """Inside the intake's transaction: the answer in force (with a receipt and a notice),
    or the GM asked what it is."""
    asked = taken.asked
    where = "ЛС" if kind == "pm" else f"пост {source_id}"
    if taken.reply.clear:
        value = taken.reply.answer
        order = asked.order(value)
        order_id = game.records.add_order(asked.phase, order, order.by, source_kind=kind, source_id=source_id,
                                          source_version=version, item=item, given_at=given_at.isoformat(),
                                          note="ответ на вопрос мастера")
        if order_id is None:
            return
        mark_answered(game, asked, order_id)
        receipt(game, asked, value, f"{kind}:{source_id}:{version}")
        game.records.notice(f"answer:{asked.phase}:{order_id}", NoticeKind.QUESTION,
                            f"{phase_name(asked.phase)}: {asked.asked.to} ответил(а) на вопрос «{asked.text}» "
                            f"({where}: «{_excerpt(text)}»): {said(value, asked.asked)} — заявка #{order_id}. "
                            f"{_goes_on(asked)}",
                            asked.phase)
        return
    candidates = tuple(str(asked.order(v)) for v in taken.reply.candidates)
    game.records.add_unresolved(asked.phase, asked.asked.to,
                                Unresolved(_excerpt(text), Reason.DEFERRED,
                                           f"ответ на вопрос мастера «{asked.text}» не ясен: {taken.reply.why}; "
                                           "ответьте за игрока или спросите его снова",
                                           candidates, asked.asked.ability),
                                source_kind=kind, source_id=source_id, source_version=version, item=item)


def _excerpt(text: str) -> str:
    text = " ".join(text.split()) or "…"
    return text if len(text) <= 300 else text[:299] + "…"


def _goes_on(asked: Pending) -> str:
    if asked.at_end:
        return "Конец фазы продолжится при следующем круге работника (или gorod phase end)."
    return "Фаза продолжается."


def receipt(game: Game, asked: Pending, value: str | bool, source: str) -> None:
    """The player is told his answer as read, for the GM to approve."""
    line = f"ваш ответ на вопрос мастера («{asked.text}»): {said(value, asked.asked)}"
    draft = immediate_draft(asked.phase, asked.asked.to, [f"Прочитан {line}. Если прочитано неверно, "
                                                          "сразу напишите мастеру."], [], 1,
                            game.markup, game.texts, game_title=game.title)
    save_drafts(game, [replace(draft, key=f"answer:{asked.phase}:{asked.asked.to}:{source}")], trace=[])
