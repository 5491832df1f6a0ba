"""Per-ability words of the order parser and of the players' memo, keyed by canonical name.

The registry (`engine.abilities`) gives each ability's name, aliases, holders,
timing, fields and players' slang (`slang`); this table adds only what a parser of
Russian needs on top:
other nouns players use for it, the verbs whose first-person forms order it
(«обворовываю», «кусаю», «голосую»), where the order must be given (a post's
«комментарий» field or a PM), and worked examples. The memo prints the same
examples, and a test parses every one of them, so help and grammar cannot drift.

Examples use the sample roster `SAMPLE_PLAYERS` (nickname: open, secret role).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any

from engine.abilities import ABILITIES, AbilitySpec, find_ability
from engine import morph
from scraper.orders.text import key, tokens


class Channel(str, Enum):
    POST = "post"   # «Заявки на публичные действия должны быть даны в посте в графе "комментарий"»
    PM = "pm"       # «Заявки на скрытые действия … через систему личных сообщений мастеру, приватным текстом в посте»


@dataclass(frozen=True)
class Lexicon:
    ability: str                    # canonical name (engine.abilities)
    channel: Channel
    args: str                       # the memo's line on what to write after the name (Russian)
    names: tuple[str, ...] = ()     # nouns / phrases besides the registry name and aliases
    verbs: tuple[str, ...] = ()     # infinitives; «я …» forms (and imperatives in commands) order it
    examples: tuple[tuple[str, dict[str, Any]], ...] = ()  # (text, order mapping without `by`)


P, M = Channel.POST, Channel.PM

# Sample roster of the memo and of the examples (see tests/orders).
SAMPLE_PLAYERS: dict[str, dict[str, str]] = {
    "Аня": {"open": "Мэр", "secret": "Лич"},
    "Боря": {"open": "Вор", "secret": "Гончая Ада"},
    "Вера": {"open": "Лекарь", "secret": "Мастер карт"},
    "Гена": {"open": "Богач", "secret": "Тварь"},
}

LEXICON: tuple[Lexicon, ...] = (
    Lexicon("Голосование", P, "ник или явная роль; «снимаю голос» — отозвать голос",
            names=("голос", "мой голос", "мой выбор"), verbs=("голосовать", "проголосовать", "переголосовать",
                                                  "переголосовывать"),
            examples=(("Голосую против Бори", {"target": "Боря"}),
                      ("Голос: Вера", {"target": "Вера"}),
                      ("Меняю голос на Мэра", {"target": "Аня"}),
                      ("Снимаю голос", {}))),
    Lexicon("Голубиная почта", M, "кому (ник) и текст после двоеточия или в кавычках",
            names=("голубь", "голубиная почта", "анонимное сообщение", "анонимка", "почта"),
            verbs=(),
            examples=(("Голубиная почта Боре: «Я знаю, кто ты»", {"to": "Боря", "text": "Я знаю, кто ты"}),)),
    Lexicon("Преемственность", P, "наследник (ник); действует, если Мэр умрёт или сядет пожизненно",
            names=("наследник", "преемник"), verbs=("завещать",),
            examples=(("Преемственность: Вера", {"target": "Вера"}),)),
    Lexicon("Составить гороскоп", M, "ник или явная роль",
            names=("гороскоп",), verbs=(),
            examples=(("Составляю гороскоп на Борю", {"target": "Боря"}),)),
    Lexicon("Пророчество", M, "ник или явная роль",
            # the rule's own words: «может узнать Тайную роль другого персонажа»
            names=("узнать тайную роль",),
            verbs=("пророчить", "напророчить", "предсказывать"),
            examples=(("Пророчество: Гена", {"target": "Гена"}),)),
    Lexicon("Чары", M, "ник или явная роль",
            verbs=("очаровывать", "очаровать", "зачаровать", "зачаровывать"),
            examples=(("Чары на Богача", {"target": "Гена"}),)),
    Lexicon("Исповедь", M, "ник или явная роль",
            verbs=("исповедовать",),
            examples=(("Исповедую Веру", {"target": "Вера"}),)),
    Lexicon("Божественное благословление", P,
            "без цели: исцелиться, попав в Лазарет (нужно, только если мастер отключил автоматическое благословление)",
            names=("благословение", "благословление"),
            examples=(("Божественное благословление", {}),)),
    Lexicon("Влияние", M, "чей голос (ник), затем против кого: «Влияние: Аня голосует против Бори»",
            verbs=("диктовать", "продиктовать", "влиять", "повлиять"),
            examples=(("Влияние: Аня голосует против Бори", {"targets": ["Аня", "Боря"]}),)),
    Lexicon("Расследование", P, "ник умершего",
            verbs=("расследовать",),
            examples=(("Расследую смерть Веры", {"target": "Вера"}),)),
    Lexicon("Поймать в подворотне", P, "ник или явная роль",
            names=("подворотня",), verbs=("избить", "избивать", "побить", "поймать"),
            examples=(("Ловлю в подворотне Борю", {"target": "Боря"}),
                      ("Избиваю Вора", {"target": "Боря"}))),
    Lexicon("Митинг", P, "без цели",
            verbs=("митинговать",),
            examples=(("Объявляю митинг", {}),)),
    Lexicon("Порча", M, "ник или явная роль (можно себя)",
            names=("проклятие",), verbs=("портить", "испортить", "проклясть", "проклинать"),
            examples=(("Порча на Веру", {"target": "Вера"}),)),
    Lexicon("Смена пола", P, "ник или явная роль (можно себя)",
            names=("сменить пол", "поменять пол", "менять пол", "проклятие"),
            verbs=("проклясть", "проклинать"),
            examples=(("Проклятие! Смена пола: Гена", {"target": "Гена"}),
                      ("Меняю пол Бори", {"target": "Боря"}))),
    Lexicon("Кража", M, "ник или явная роль",
            verbs=("красть", "украсть", "обокрасть", "обкрадывать", "обворовать", "обворовывать",
                   "воровать", "грабить", "ограбить"),
            examples=(("Обворовываю Мэра", {"target": "Аня"}),
                      ("Кража — Гена", {"target": "Гена"}))),
    Lexicon("Операция", M, "ник (в Лазарете) и «вылечить» или «убить»",
            names=("лечение",),
            verbs=("оперировать", "прооперировать", "лечить", "вылечить", "подлечить", "исцелить",
                   "исцелять", "излечить", "добить", "зарезать"),
            examples=(("Лечу Борю", {"target": "Боря", "mode": "heal"}),
                      ("Операция: Гена, убить", {"target": "Гена", "mode": "kill"}))),
    Lexicon("Компромат", M, "«в копилку» — сохранить сегодняшний голос; ник — потратить копилку на него",
            names=("копилка",), verbs=("сохранять", "сохранить", "откладывать", "отложить"),
            examples=(("Компромат: в копилку", {"save": True}),
                      ("Компромат: все голоса из копилки на Борю", {"target": "Боря"}))),
    Lexicon("Взятка", M, "без цели (оправдать приговорённого) или ник (только его)",
            verbs=("оправдать", "оправдывать", "подкупить", "подкупать", "откупить"),
            examples=(("Взятка", {}), ("Оправдываю Веру", {"target": "Вера"}))),
    Lexicon("Зомбирование", M, "ник и команда «действие Явной роли + явная роль»; «сигнал» — исполнить",
            verbs=("зомбировать",),
            examples=(("Зомбирую Борю: обворуй Мэра", {"target": "Боря",
                                                       "command": {"ability": "Кража", "target": "Мэр"}}),
                      ("Зомбирование: сигнал", {"signal": True}))),
    Lexicon("Bra-a-a-ains", M, "ник или явная роль",
            names=("мозги",), verbs=(),
            examples=(("Bra-a-a-ains: Вера", {"target": "Вера"}),)),
    Lexicon("Касание смерти", M, "ник или явная роль",
            names=("касание",), verbs=("касаться", "коснуться"),
            examples=(("Касание смерти на Гену", {"target": "Гена"}),)),
    Lexicon("Перерождение", M, "без цели: принять роль Лича, если он падёт",
            names=("принять роль лича", "принимать роль лича"), verbs=("переродиться", "перерождаться"),
            examples=(("Перерождение", {}),)),
    Lexicon("Переливание жизни", M, "ник или явная роль (можно себя)",
            names=("переливание",), verbs=("переливать", "перелить"),
            examples=(("Переливание жизни Вере", {"target": "Вера"}),)),
    Lexicon("Sacrifice!", M, "ник; «перепризвать» и ник демона — кого вернуть, если цель умрёт",
            # «приношу в жертву»: the imperfective of the rules' slang «принести в жертву»
            names=("сакрифайс", "жертвоприношение", "приносить в жертву"), verbs=("пожертвовать",),
            examples=(("Sacrifice! Вера, перепризвать Борю", {"target": "Вера", "resummon": "Боря"}),)),
    Lexicon("Нападение", M, "ник или явная роль",
            names=("атака",), verbs=("нападать", "напасть", "атаковать"),
            examples=(("Нападаю на Веру", {"target": "Вера"}),)),
    Lexicon("Очарование", M, "кого (ник), затем на кого перенаправить: «Очарование: Аня → Боря»",
            verbs=("очаровывать", "очаровать", "соблазнить", "соблазнять"),
            examples=(("Очарование: Аня → Боря", {"targets": ["Аня", "Боря"]}),)),
    Lexicon("Ревность", M, "ник или явная роль",
            verbs=("ревновать",),
            examples=(("Ревность: Гена", {"target": "Гена"}),)),
    Lexicon("Укус", M, "ник или явная роль",
            verbs=("кусать", "укусить", "покусать", "грызть"),
            examples=(("Кусаю Веру", {"target": "Вера"}), ("Укус — Богач", {"target": "Гена"}))),
    Lexicon("Арест", M, "ник или явная роль",
            verbs=("арестовать", "арестовывать"),
            examples=(("Арестовываю Борю", {"target": "Боря"}),)),
    Lexicon("Дозор", M, "ник или явная роль",
            names=("слежка",), verbs=("следить", "проследить", "патрулировать"),
            examples=(("Дозор: Гена", {"target": "Гена"}),)),
    Lexicon("На страже", M, "ник или явная роль (можно себя)",
            names=("охрана",), verbs=("охранять", "сторожить", "стеречь"),
            examples=(("Охраняю Мэра", {"target": "Аня"}),)),
    Lexicon("Темница", M, "ник или явная роль",
            verbs=("посадить", "сажать", "заточить"),
            examples=(("Сажаю Гену в темницу", {"target": "Гена"}),)),
    Lexicon("Аутодафе", M, "ник или явная роль",
            verbs=("сжечь", "сжигать"),
            examples=(("Аутодафе: Вера", {"target": "Вера"}),)),
    Lexicon("Обвинение в ведьмовстве", M, "ник или явная роль",
            names=("обвинение",), verbs=("обвинить", "обвинять"),
            examples=(("Обвиняю Гену в ведьмовстве", {"target": "Гена"}),)),
    Lexicon("Дознание", M, "два ника: «Дознание: Аня и Боря»",
            verbs=("сравнить", "сравнивать", "допросить", "допрашивать"),
            examples=(("Сравниваю Аню и Борю", {"targets": ["Аня", "Боря"]}),)),
    Lexicon("Пытка", M, "ник или явная роль",
            verbs=("пытать", "запытать"),
            examples=(("Пытаю Гену", {"target": "Гена"}),)),
    Lexicon("Пожирай", M, "ник; «сменить маску» — взять роль жертвы, если она умрёт",
            verbs=("пожирать", "пожрать", "сожрать", "жрать"),
            examples=(("Пожираю Веру, меняю маску", {"target": "Вера", "swap_mask": True}),)),
    Lexicon("Тасовать карты", M, "четыре карты через запятую",
            names=("тасовка",), verbs=("тасовать", "перетасовать"),
            examples=(("Тасую: Рок, Щит, Джокер, Туз Бубен",
                       {"cards": ["Двойка Червей", "Шестерка Бубен", "Джокер", "Туз Бубен"]}),)),
    Lexicon("Кинуть карты", M, "карта и цель: «Кидаю Рок на Борю»; Джокер — «как Рок»; "
            "Валет Пик — две цели; Четверка Бубен — и список тайных ролей",
            names=("бросок",), verbs=("кинуть", "кидать", "бросить", "бросать", "метнуть"),
            examples=(("Кидаю Рок на Борю", {"card": "Двойка Червей", "target": "Боря"}),
                      ("Кидаю Джокер как Щит на Веру", {"card": "Джокер", "as": "Шестерка Бубен",
                                                       "target": "Вера"}),
                      ("Кидаю Подмену на Аню и Борю", {"card": "Валет Пик", "targets": ["Аня", "Боря"]}),
                      ("Кидаю Догадку на Гену: Лич, Тварь", {"card": "Четверка Бубен", "target": "Гена",
                                                             "roles": ["Лич", "Тварь"]}))),
    Lexicon("Раскрыть карты", P, "список «ник — тайная роль» для всех игроков",
            names=("вскрыть карты",), verbs=(),
            examples=(("Раскрыть карты: Аня — Лич, Боря — Гончая Ада, Гена — Тварь",
                       {"list": {"Аня": "Лич", "Боря": "Гончая Ада", "Гена": "Тварь"}}),)),
    Lexicon("Король Пик", P, "без слов — раскрыться; или дневное действие куклы: «Король Пик: голосует против Веры»",
            verbs=(),
            examples=(("Король Пик: раскрываюсь", {}),
                      ("Король Пик: голосует против Веры",
                       {"command": {"ability": "Голосование", "target": "Вера"}}))),
)

_BY_NAME: dict[str, Lexicon] = {lex.ability: lex for lex in LEXICON}


def lexicon(ability: str) -> Lexicon | None:
    return _BY_NAME.get(ability)


def orderable() -> tuple[AbilitySpec, ...]:
    return tuple(s for s in ABILITIES if s.orderable)


# --- compiled vocabulary ------------------------------------------------------------------

def _phrase_key(phrase: str) -> tuple[str, ...]:
    out = []
    for tok in tokens(phrase):
        out.append(morph.lemma(tok.low) if _has_cyr(tok.low) else latin_key(tok.low))
    return tuple(out)


def _has_cyr(word: str) -> bool:
    return any("а" <= ch <= "я" for ch in word)


def latin_key(word: str) -> str:
    """Latin ability words compare with doubled letters and hyphens removed
    («Bra-a-a-ains», «Braaains» → «brains»)."""
    out: list[str] = []
    for ch in word.lower():
        if not ch.isalpha():
            continue
        if out and out[-1] == ch:
            continue
        out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class Vocabulary:
    phrases: tuple[tuple[tuple[str, ...], str], ...]   # (lemma keys, ability), longest first
    verbs: dict[str, frozenset[str]]                   # verb lemma → abilities
    slang_verbs: dict[str, frozenset[str]]             # of them, the slang: lemma → abilities
    slang_phrases: frozenset[tuple[str, ...]]           # phrases that are slang only


# First-person forms the dictionary does not know for a slang verb («хилю» is no form of
# «хилить» to pymorphy3): matched as written, and printed so by the memo.
FIRST_PERSON: dict[str, str] = {"хилить": "хилю", "отхилить": "отхилю", "зарезать": "зарежу", "чекнуть": "чекну"}


def slang_of(ability: str) -> tuple[str, ...]:
    """Players' slang for an ability: the `slang` of its row in the ability table
    (engine/abilities/<role>.py), which the memo lists too. A slang verb orders only an
    ability the sender holds (`_choose`), and in a public post it never flags a secret
    order («Смотрю, Петя опять молчит» is talk)."""
    spec = find_ability(ability)
    return spec.slang if spec is not None else ()


def slang_table() -> dict[str, tuple[str, ...]]:
    """Every orderable ability that has slang, in the table's order."""
    return {s.name: s.slang for s in orderable() if s.slang}


def _is_verb(word: str) -> bool:
    return any(r.pos == "INFN" for r in morph.readings(word))


@lru_cache(maxsize=1)
def vocabulary() -> Vocabulary:
    phrases: dict[tuple[str, ...], set[str]] = {}
    verbs: dict[str, set[str]] = {}
    for spec in orderable():
        lex = lexicon(spec.name)
        names = [spec.name, *spec.aliases, *(lex.names if lex else ())]
        for name in names:
            words = _phrase_key(name)
            if words:
                phrases.setdefault(words, set()).add(spec.name)
        for verb in (lex.verbs if lex else ()):
            verbs.setdefault(key(verb), set()).add(spec.name)
    proper_verbs = {v: set(a) for v, a in verbs.items()}
    proper_phrases = set(phrases)
    slang_verbs: dict[str, set[str]] = {}
    for spec in orderable():
        for word in slang_of(spec.name):
            if word in FIRST_PERSON:
                phrases.setdefault((key(FIRST_PERSON[word]),), set()).add(spec.name)
            if " " not in word and _is_verb(word):
                verbs.setdefault(key(word), set()).add(spec.name)
                if spec.name not in proper_verbs.get(key(word), ()):
                    slang_verbs.setdefault(key(word), set()).add(spec.name)
            else:
                # a one-word noun of slang is matched as written («кусь», «брейнс»)
                words = _phrase_key(word) if " " in word else (key(word),)
                if words:
                    phrases.setdefault(words, set()).add(spec.name)
    ordered = sorted(((w, a) for w, names in phrases.items() for a in sorted(names)),
                     key=lambda item: -len(item[0]))
    return Vocabulary(tuple(ordered), {v: frozenset(a) for v, a in verbs.items()},
                      {v: frozenset(a) for v, a in slang_verbs.items()},
                      frozenset(phrases) - frozenset(proper_phrases))


# Abilities whose orders carry a third-person verb of their own («Влияние: Аня голосует
# против Бори», a Король Пик command): a narrating verb does not make them talk.
NO_TALK_DEMOTION = frozenset({"Влияние", "Король Пик", "Зомбирование", "Голубиная почта",
                              "Раскрыть карты"})


@lru_cache(maxsize=1)
def literal_words() -> frozenset[str]:
    """The words of the registry's names and aliases as written («пожирай»): a text that
    writes the name itself names the ability, whatever its grammar."""
    out = set()
    for spec in orderable():
        for name in (spec.name, *spec.aliases):
            out.update(tok.low for tok in tokens(name))
    return frozenset(out)


def channel_of(ability: str) -> Channel:
    lex = lexicon(ability)
    if lex is not None:
        return lex.channel
    spec = find_ability(ability)
    return Channel.POST if spec is not None and spec.public else Channel.PM
