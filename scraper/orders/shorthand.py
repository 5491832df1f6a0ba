"""Short forms the reader understands besides the registry's names, verbs and slang
(issue 24: «shorthand is read wherever the full form is»). `gorod memo` lists them all
(`memo.shorthand_lines`), so what players may write and what gorod reads are one table.
The abilities are found by their argument shape in the registry (`engine.abilities.WORDS`),
never named here (an ability's rule lives in its own module).

- a card's name or nickname is the card-throwing order with that card («Валет Пик на Ваню
  и Шпулю», «Рок — Ольге», «Джокер как Рок — на Kot_99»);
- «сигнал зомби», «Даю сигнал» is the command ability's signal;
- «голос в копилку» is the ability that saves votes (its words hold «голос» and are no vote);
- «Смена голоса: X», «N смена — X», «Мой кандидат на казнь — X» are the day's vote in hosts'
  numbered forms.
"""
from __future__ import annotations

from engine.abilities import WORDS, Shape
from engine.names import CARDS


def _of(shape: Shape) -> str:
    return next(name for name, words in WORDS.items() if words.shape is shape)


CARD_ABILITY = _of(Shape.CARD)
COMMAND_ABILITY = _of(Shape.COMMAND)
SAVE_ABILITY = _of(Shape.SAVE)
VOTE_ABILITY = _of(Shape.VOTE)
PUPPET_CARD = _of(Shape.PUPPET)          # a card that is an ability of its own, named as such

PHRASES: dict[str, tuple[str, ...]] = {
    CARD_ABILITY: tuple(sorted({*CARDS, *(n for n in CARDS.values() if n), "Шулер"}
                               - {PUPPET_CARD, CARDS.get(PUPPET_CARD) or ""})),
    COMMAND_ABILITY: ("сигнал зомби", "зомби сигнал", "сигнал"),
    SAVE_ABILITY: ("голос в копилку", "голоса в копилку"),
    VOTE_ABILITY: ("смена голоса", "смена", "кандидат на казнь", "голос на вылет", "на вылет"),
}

# Abilities whose orders hold the word «голос» without being a vote («голос в копилку»).
VOTE_KEEPERS = frozenset({SAVE_ABILITY})

# How the memo writes each group (Russian).
MEMO: dict[str, str] = {
    CARD_ABILITY: "название или прозвище карты вместо «Кидаю»: «Валет Пик на Ваню и Шпулю», «Рок — Ольге», "
                  "«Джокер как Рок — на Kot_99» («Шулер» — две карты: мастер уточнит)",
    COMMAND_ABILITY: f"«сигнал зомби», «Даю сигнал» — то же, что «{COMMAND_ABILITY}: сигнал»",
    SAVE_ABILITY: f"«голос в копилку» — то же, что «{SAVE_ABILITY}: в копилку»",
    VOTE_ABILITY: "«Смена голоса: ник», «1 смена — ник», «Мой кандидат на казнь — ник», «Голос на вылет: ник»; "
                  "«Меняю голос: был А, теперь Б» — голос против Б",
}
