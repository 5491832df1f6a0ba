"""The GM answers the engine's question for the player (the console's buttons).

    done = answer_by_gm(game, "grace", to="alice", ability="Преемственность")
    done.lines        # what was done, in Russian: the answer stored, the phase end's result

The answer is the GM's order `{by, ability, answer}`; a question asked by a phase end then
lets that end go on at once, without reading the forum again (it was read when the end
began). Another death's question stops it again, and is said so.
"""
from __future__ import annotations

from dataclasses import dataclass

from gorod.loop.answers import mark_answered, pending, said
from gorod.loop.game import Game, LoopError
from gorod.loop.orders import add_order
from gorod.loop.phases import PhaseAsks, end_now


@dataclass
class GmAnswer:
    order_id: int
    lines: list[str]


def answer_by_gm(game: Game, value: str, *, to: str | None = None, ability: str | None = None) -> GmAnswer:
    """The console's answer for the player (`value`: a nickname, «true» or «false»): stored
    as the GM's order; a question asked by a phase end then lets the end go on (the forum
    was read when the end began). `to`, `ability`: the question the GM saw (refused if
    another one waits now). Under the writer lock, so no phase end resolves between the
    check of the question and the stored answer."""
    with game.writing("ответ мастера на вопрос фазы"):
        return _answer(game, value, to=to, ability=ability)


def _answer(game: Game, value: str, *, to: str | None, ability: str | None) -> GmAnswer:
    asked = pending(game)
    if asked is None:
        raise LoopError("фаза не ждёт ответа на вопрос: ничего не сделано")
    if (to, ability) != (None, None) and (to, ability) != (asked.asked.to, asked.asked.ability):
        raise LoopError(f"вопрос уже другой ({asked.asked.to}: {asked.text}): обновите страницу")
    choice: str | bool = {"true": True, "false": False}.get(value, value)
    if choice is True and asked.asked.options:
        raise LoopError(f"на вопрос «{asked.text}» отвечают ником (можно: {', '.join(asked.asked.options)}) или «никого»")
    if isinstance(choice, str) and choice not in asked.asked.options:
        raise LoopError(f"«{value}» — не из ответов на вопрос (можно: {', '.join(asked.asked.options) or 'да, нет'})")
    [order_id] = add_order(game, str(asked.order(choice)))
    with game.store.transaction():
        mark_answered(game, asked, order_id)
    lines = [f"Ответ за {asked.asked.to} записан: {said(choice, asked.asked)} (заявка #{order_id})."]
    if not asked.at_end:
        return GmAnswer(order_id, lines)
    try:
        ended = end_now(game, read=False)
    except PhaseAsks as more:          # another death, another question
        return GmAnswer(order_id, [*lines, str(more)])
    return GmAnswer(order_id, [*lines, *ended.lines(game)[1:]])
