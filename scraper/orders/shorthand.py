"""Short forms the reader understands besides the registry's names, verbs and slang
(issue 24: «shorthand is read wherever the full form is»). `gorod memo` lists them all
(`memo.shorthand_lines`), so what players may write and what gorod reads are one table.

- PHRASES: words that name an ability on their own, where its full name would stand:
  a card's name or nickname is «Кинуть карты» with that card («Валет Пик на Ваню и
  Шпулю», «Рок — Ольге», «Джокер как Рок — на Kot_99»); «сигнал зомби» is the Лич's
  signal; «голос в копилку» the Сплетник's Компромат; «смена голоса», «N смена» and
  «кандидат на казнь» the day's vote in hosts' numbered forms.
- SHARED_VERBS: a verb that fits another ability besides the one its vocabulary names
  («спасаю» is the Лекарь's heal and the Стражник's guard): an author holding both is
  asked which one he means.
"""
from __future__ import annotations

from engine.names import CARDS

CARD_ABILITY = "Кинуть карты"
VOTE_ABILITY = "Голосование"

PHRASES: dict[str, tuple[str, ...]] = {
    # (Король Пик / Кукла is an ability of its own, named as such)
    CARD_ABILITY: tuple(sorted({*CARDS, *(n for n in CARDS.values() if n), "Шулер"} - {"Король Пик", "Кукла"})),
    "Зомбирование": ("сигнал зомби", "зомби сигнал", "сигнал"),
    "Компромат": ("голос в копилку", "голоса в копилку"),
    VOTE_ABILITY: ("смена голоса", "смена", "кандидат на казнь", "голос на вылет", "на вылет"),
}

# Verbs players use for an ability besides its vocabulary's («прорицаю Ольгу»).
VERBS: dict[str, str] = {
    "прорицать": "Пророчество",
    "предречь": "Пророчество",
}

SHARED_VERBS: dict[str, frozenset[str]] = {
    "спасать": frozenset({"На страже"}),
    "спасти": frozenset({"На страже"}),
}

# Abilities whose orders hold the word «голос» without being a vote («голос в копилку»).
VOTE_KEEPERS = frozenset({"Компромат"})

# How the memo writes each group (Russian).
MEMO: dict[str, str] = {
    CARD_ABILITY: "название или прозвище карты вместо «Кидаю»: «Валет Пик на Ваню и Шпулю», «Рок — Ольге», "
                  "«Джокер как Рок — на Kot_99» («Шулер» — две карты: мастер уточнит)",
    "Зомбирование": "«сигнал зомби», «Даю сигнал» — то же, что «Зомбирование: сигнал»",
    "Пророчество": "«прорицаю», «предреку» — то же, что «Пророчество»",
    "Компромат": "«голос в копилку» — то же, что «Компромат: в копилку»",
    VOTE_ABILITY: "«Смена голоса: ник», «1 смена — ник», «Мой кандидат на казнь — ник», «Голос на вылет: ник»; "
                  "«Меняю голос: был А, теперь Б» — голос против Б",
}
