"""Rulings: the GM-configurable readings of ambiguous rules (SPEC.md §10, §11).

Every ambiguity of rules-ru.txt that the spec resolves with a default has an
option key. `SPECS` is the one table of them, in §11 order: the key, its
default, every allowed value (the default first), the §10 entry, the entry's
English title and a Russian description for the GM (`gorod rulings` prints it).

`Rulings` is the immutable mapping key → value that an engine state holds:

    rulings = Rulings.from_mapping(config.get("rulings"), where="game.yaml: rulings")
    if rulings["cycle_mode"] == "fixed": ...

It always holds every key (unset keys have their default), refuses unknown keys
(suggesting the nearest known one) and values outside the readings, and accepts
harmless YAML spellings ("1" for 1, "True" for true, "next-full-moon" for
next_full_moon). No I/O here: the caller reads the YAML.
"""
from __future__ import annotations

import difflib
import itertools
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.names import Status, fold


class RulingsError(ValueError):
    """A `rulings:` mapping that cannot be used; `problems` has one line per bad key."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(problems))


@dataclass(frozen=True)
class RulingSpec:
    """One option key of SPEC §11 and the §10 entry that explains it."""

    key: str
    default: object
    readings: tuple
    entry: str
    title: str
    description_ru: str
    # False only for `typo_fixes` (A3): listed in §11 but not a GM's choice.
    configurable: bool = True


# ---------------------------------------------------------------------------
# Values: YAML-ish spelling in, canonical value out.

_KINDS = {list: "список", tuple: "список", str: "строка", int: "число", float: "число", bool: "да/нет"}
_TRUE_WORDS = frozenset({"true", "yes", "on", "да"})
_FALSE_WORDS = frozenset({"false", "no", "off", "нет"})
_INT_TEXT = re.compile(r"[+-]?\d+")


def format_value(value: object) -> str:
    """A value as a GM writes it in YAML: true/false, 1, fixed, [Кладбище, Тюрьма, Лазарет]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return str(value)


def plain_value(value: object) -> object:
    """A value for JSON / YAML output (tuples become lists)."""
    if isinstance(value, tuple):
        return [plain_value(v) for v in value]
    return value


def format_readings(spec: RulingSpec) -> str:
    """The allowed values of `spec` on one line, for messages and listings."""
    if isinstance(spec.default, tuple):
        return "любой порядок из " + format_value(spec.default)
    return ", ".join(format_value(r) for r in spec.readings)


def _word(text: str) -> str:
    return "_".join(text.strip().casefold().replace("-", " ").split())


def _matches(reading: object, raw: object) -> bool:
    """Whether the GM's `raw` value spells `reading` (never bool for int or back)."""
    if isinstance(reading, bool):
        if isinstance(raw, bool):
            return raw is reading
        if isinstance(raw, str):
            word = raw.strip().casefold()
            return word in (_TRUE_WORDS if reading else _FALSE_WORDS)
        return False
    if isinstance(reading, int):
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw == reading
        if isinstance(raw, str) and _INT_TEXT.fullmatch(raw.strip()):
            return int(raw.strip()) == reading
        return False
    if isinstance(reading, str):
        return isinstance(raw, str) and _word(raw) == reading
    if isinstance(reading, tuple):
        if isinstance(raw, str):
            items: list[object] = [part for part in raw.strip().strip("[]").split(",")]
        elif isinstance(raw, (list, tuple)):
            items = list(raw)
        else:
            return False
        if not all(isinstance(item, str) for item in items) or len(items) != len(reading):
            return False
        return all(fold(str(item)) == fold(str(r)) for item, r in zip(items, reading))
    return False


def _coerce(spec: RulingSpec, raw: object) -> object:
    for reading in spec.readings:
        if _matches(reading, raw):
            return reading
    if isinstance(spec.default, tuple):
        raise ValueError(f"нужен порядок из {format_value(spec.default)}, а не {raw!r}")
    raise ValueError(f"нужно одно из: {format_readings(spec)}, а не {raw!r}")


def suggest_key(key: str) -> str | None:
    """The known key nearest to a mistyped `key` (difflib), or None."""
    normalized = _word(key)
    if normalized in SPEC_BY_KEY:
        return normalized
    close = difflib.get_close_matches(normalized, SPEC_BY_KEY, n=1, cutoff=0.6)
    return close[0] if close else None


def unknown_key_message(key: str) -> str:
    """«неизвестное правило; может быть, 'cycle_mode'?» for the loader's and the CLI's errors."""
    nearest = suggest_key(key)
    return f"неизвестное правило; может быть, {nearest!r}?" if nearest else "неизвестное правило"


# ---------------------------------------------------------------------------
# The mapping an engine state holds.


class Rulings(Mapping[str, Any]):
    """Immutable, hashable mapping of every §11 key to its value in one game."""

    __slots__ = ("_values", "_hash")

    def __init__(self, mapping: Mapping[str, object] | None = None, *, where: str = "rulings") -> None:
        values = {spec.key: spec.default for spec in SPECS}
        problems: list[str] = []
        if mapping is None:
            mapping = {}
        if not isinstance(mapping, Mapping):
            raise RulingsError(
                [f"{where}: нужен словарь ключ: значение, а не {_KINDS.get(type(mapping), 'значение')}"]
            )
        for key, raw in mapping.items():
            if not isinstance(key, str):
                problems.append(f"{where}: ключ {key!r} должен быть словом")
                continue
            spec = SPEC_BY_KEY.get(key)
            if spec is None:
                problems.append(f"{where}.{key}: {unknown_key_message(key)}")
                continue
            if not spec.configurable:
                problems.append(
                    f"{where}.{key}: не настраивается (так решено в SPEC §10 {spec.entry}, «{spec.title}»); "
                    "уберите этот ключ"
                )
                continue
            try:
                values[key] = _coerce(spec, raw)
            except ValueError as exc:
                problems.append(f"{where}.{key}: {exc}")
        if problems:
            raise RulingsError(problems)
        object.__setattr__(self, "_values", values)
        object.__setattr__(self, "_hash", hash(tuple(values.values())))

    @classmethod
    def defaults(cls) -> "Rulings":
        """Every key at its SPEC §11 default."""
        return cls()

    @classmethod
    def from_mapping(cls, mapping: Mapping[str, object] | None, where: str = "rulings") -> "Rulings":
        """Validate a config's `rulings:` mapping; `where` prefixes every error message."""
        return cls(mapping, where=where)

    def changed(self) -> dict[str, object]:
        """The keys whose value differs from the default, in §11 order."""
        return {spec.key: self._values[spec.key] for spec in SPECS if self._values[spec.key] != spec.default}

    def to_mapping(self) -> dict[str, object]:
        """The changed keys with plain values: `Rulings.from_mapping(r.to_mapping()) == r`."""
        return {key: plain_value(value) for key, value in self.changed().items()}

    def __getitem__(self, key: str) -> Any:
        try:
            return self._values[key]
        except KeyError:
            message = unknown_key_message(key) if isinstance(key, str) else "неизвестное правило"
            raise KeyError(f"{key!r}: {message}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Rulings):
            return self._values == other._values
        if isinstance(other, Mapping):
            return self._values == dict(other.items())
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        changed = self.changed()
        return f"Rulings({changed!r})" if changed else "Rulings()"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Rulings is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Rulings is immutable")

    def __reduce__(self):
        return (Rulings, (self.to_mapping(),))

    def __copy__(self) -> "Rulings":
        return self

    def __deepcopy__(self, memo: dict) -> "Rulings":
        return self


# ---------------------------------------------------------------------------
# The table (SPEC §11 order). Helpers write the Russian description from the
# question and one line per reading, so that every reading is explained.

DEFAULT_MARK = " (по умолчанию)"


def _spec(key: str, entry: str, title: str, question: str, *options: tuple[object, str]) -> RulingSpec:
    """A key whose readings are `options` = (value, meaning) pairs, the default first."""
    lines = [question]
    for index, (value, meaning) in enumerate(options):
        mark = DEFAULT_MARK if index == 0 else ""
        lines.append(f"• {format_value(value)}{mark} — {meaning}")
    return RulingSpec(
        key=key,
        default=options[0][0],
        readings=tuple(value for value, _ in options),
        entry=entry,
        title=title,
        description_ru="\n".join(lines),
    )


def _flag(key: str, entry: str, title: str, question: str, *, yes: str, no: str, default: bool = True) -> RulingSpec:
    """A yes/no key: `yes` explains true, `no` explains false."""
    options = ((True, yes), (False, no))
    return _spec(key, entry, title, question, *(options if default else options[::-1]))


def _number(
    key: str, entry: str, title: str, question: str, values: tuple[int, ...], default_meaning: str, other_meaning: str
) -> RulingSpec:
    """An integer key with an allowed list of values, the default first."""
    rest = ", ".join(str(v) for v in values[1:])
    description = (
        f"{question}\n• {values[0]}{DEFAULT_MARK} — {default_meaning}\n• {rest} — {other_meaning}"
    )
    return RulingSpec(key, values[0], values, entry, title, description)


_STATUS_ORDER = (Status.GRAVEYARD.value, Status.PRISON.value, Status.LAZARET.value)


def _permutations_default_first(default: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (default,) + tuple(p for p in itertools.permutations(default) if p != default)


SPECS: tuple[RulingSpec, ...] = (
    # --- Typos and wording -------------------------------------------------
    _spec(
        "hound_bite_phase", "A1", "Укус has a missing word",
        "В тексте Укуса Гончей Ада пропущено слово: «Укус - в наносит единицу урона цели». "
        "В какие ночи можно кусать?",
        ("any_night", "«в любую ночь», как Нападение и Bra-a-a-ains; перезарядка одна ночь"),
        ("new_moon", "только в Новолуние"),
        ("half_moon", "только в Полулуние"),
        ("full_moon", "только в Полнолуние"),
    ),
    _flag(
        "gospital_is_lazaret", "A2", '"Госпиталь"',
        "Двойка Червей (Рок) «бросается только на цели, не находящиеся в Госпитале», "
        "но статуса «Госпиталь» в правилах нет.",
        yes="«Госпиталь» — это Лазарет: Рок нельзя бросить на цель в Лазарете",
        no="ограничения нет: Рок можно бросить на любую цель",
    ),
    RulingSpec(
        key="typo_fixes",
        default=True,
        readings=(True,),
        entry="A3",
        title="Single-reading typos",
        description_ru=(
            "Опечатки, которые читаются однозначно; исправлены всегда, настроить нельзя: "
            "«Сопосбности» = Способности; «Божественное благословление» = благословение; "
            "«Вальтом» = Валетом; «любого их этих статусов» = из этих; «После смерти Мастер карт "
            "эффект спадает» = Мастера карт; в «Проклятие! Порча» и «Проклятие! Смена пола» слово "
            "«Проклятие!» — заголовок, способности называются Порча и Смена пола."
        ),
        configurable=False,
    ),
    _spec(
        "paranoia_tvar_clause", "A4", '"Твари (sic!)" in Туз Крестей',
        "Туз Крестей (Паранойя), брошенный на Тварь, «позволяет Твари (sic!) узнать Явную роль "
        "Мастера карт и подсовывать ему любую ложную информацию». Кто получает бонус?",
        ("tvar_benefits", "как написано: бонус получает Тварь (настоящая, даже под маской); "
                          "Мастер карт ничего не получает"),
        ("master_benefits", "«Твари» — опечатка вместо «Мастеру»: бонус получает Мастер карт"),
    ),
    _flag(
        "shuler_bonus_both", "A5", "\"Мирный\" and Пятерка Крестей's bonus",
        "Пятерка Бубен (Шулер), брошенная «на Мирного», открывает Мастеру карт его Тайную роль; "
        "Пятерка Крестей — «аналогично Пятерке Бубен».",
        yes="бонус срабатывает на любого из двух Мирных жителей, и у Пятерки Крестей тот же бонус",
        no="у Пятерки Крестей бонуса нет (только у Пятерки Бубен)",
    ),
    _spec(
        "turn_starts_with", "A6", 'A turn is "day and night" but the game starts with a night',
        "«Каждый ход состоит из двух фаз — дня и ночи», но игра начинается с Новолуния, то есть с ночи. "
        "Как нумеровать ходы?",
        ("night", "ход N = ночь N и следующий за ней день N; ограничения «каждый ход» (Влияние) "
                  "считаются по дням"),
        ("day", "ход = день и следующая за ним ночь; первая ночь — отдельный нулевой ход"),
    ),
    _spec(
        "sacrifice_count_scope", "A7", 'Which "Демоны" count for Sacrifice! and Загнанный в угол',
        "Sacrifice! наносит урон, «равный числу Демонов на Кладбище»; Загнанный в угол тоже зависит "
        "от Демонов на Кладбище. Кого и когда считать?",
        ("d_on_graveyard", "игроков группировки Д на Кладбище на начало ночи"),
        ("d_on_graveyard_or_prison", "то же, но считать и Д в Тюрьме (она «считается мертвым»)"),
        ("end_of_night", "считать и Д, которых убивает эта ночь (другими ударами, Аутодафе, Порчей); "
                         "урон Sacrifice! считается после остального урона ночи"),
    ),
    # --- Lives and statuses -----------------------------------------------
    _flag(
        "extra_life_starts_full", "A8", "Does +1 max life also mean +1 starting life?",
        "Закалка и Пивное пузо дают «плюс один к максимуму жизней», а «иметь жизней больше, чем было "
        "в начале игры, невозможно». С каким здоровьем такой персонаж начинает игру?",
        yes="с полным запасом: 3 жизни из 3",
        no="с 2 жизнями при максимуме 3",
    ),
    _flag(
        "max_lives_stack", "A9", "Stacking",
        "Кузнец (Закалка, +1) с Тайной ролью Начальника стражи или Стражника (Пивное пузо, +1): "
        "складываются ли прибавки?",
        yes="да, это способности двух разных ролей: максимум 4 жизни",
        no="нет: максимум 3 жизни",
    ),
    _spec(
        "heal_cap", "A10", "The cap after a max-life change",
        "«Иметь жизней больше, чем было в начале игры, невозможно». Каков предел лечения, если максимум "
        "изменился (потеря Закалки через Преемственность, Некромант стал Личем и т. п.)?",
        ("current_max", "текущий максимум по нынешним ролям; жизни сверх сниженного максимума срезаются"),
        ("starting_lives", "число жизней в начале игры, как написано"),
    ),
    _spec(
        "status_timing", "A11", "When thresholds apply",
        "«Если в конце фазы персонаж остается с одной жизнью — Лазарет, с нулём — Кладбище»; но Операция "
        "«убить», Порча «умирает мгновенно», Благословение «попадая в Лазарет, мгновенно…». "
        "Когда проверяются пороги жизней?",
        ("end_of_phase", "Лазарет и Кладбище по числу жизней — только в конце фазы; явные убийства "
                         "действуют сразу"),
        ("immediate", "любое изменение жизней сразу меняет статус"),
    ),
    _flag(
        "prison_loses_common", "A12", "Does Тюрьма remove Голосование and Голубиная почта?",
        "«Тюрьма — лишен всех способностей ролей». Голосование и Голубиная почта — «способности, "
        "имеющиеся у всех ролей». Теряет ли их заключённый?",
        yes="да: в Тюрьме нельзя голосовать и посылать голубей",
        no="нет: это не способности конкретной роли, заключённый сохраняет их",
    ),
    RulingSpec(
        key="status_precedence",
        default=_STATUS_ORDER,
        readings=_permutations_default_first(_STATUS_ORDER),
        entry="A13",
        title="Several statuses at once",
        description_ru=(
            "У персонажа может быть сразу несколько статусов (заключённый с одной жизнью ещё и в "
            "Лазарете). Статусы сосуществуют; в выводе показывается самый тяжёлый по этому списку, "
            "первым идёт самый тяжёлый. При выходе из Тюрьмы с одной жизнью показывается Лазарет.\n"
            f"• {format_value(_STATUS_ORDER)}{DEFAULT_MARK} — Кладбище тяжелее Тюрьмы, Тюрьма тяжелее Лазарета\n"
            "• любой другой порядок этих трёх статусов — показывать по нему"
        ),
    ),
    _flag(
        "prison_targetable", "A14", "Can prisoners be targeted?",
        "Только Дознание прямо говорит «не в Тюрьме». Можно ли применять способности к заключённым?",
        yes="да: заключённых можно атаковать, проклинать, голосовать против них и т. д., "
            "кроме случаев, где правило запрещает",
        no="нет: заключённые недосягаемы для способностей",
    ),
    _spec(
        "dead_targetable", "A15", "Targets on Кладбище",
        "Можно ли выбирать целью персонажа на Кладбище?",
        ("investigation_only", "нет: такая заявка отвергается (target_dead), кроме Расследования, "
                               "которому мёртвая цель и нужна"),
        ("investigation_and_information", "информационные способности (Пророчество и т. п.) тоже "
                                          "могут выбирать мёртвых"),
    ),
    # --- Timing words -----------------------------------------------------
    _spec(
        "cycle_mode", "A16", '"раз за цикл ночей"',
        "Как понимать «раз за цикл ночей»?",
        ("fixed", "раз в каждом фиксированном цикле (ночи 1–3, 4–6, …; день N — в цикле ночи N): "
                  "применение в ночь 3 и снова в ночь 4 разрешено"),
        ("rolling", "скользящий цикл: между применениями должно пройти не меньше трёх ночей"),
    ),
    _number(
        "cooldown_nights", "A17", '"Перезаряжается одну ночь"',
        "«Перезаряжается одну ночь» (Укус, Пожирай): сколько ночей способность недоступна после "
        "применения в ночь N?",
        (1, 2),
        "одну: нельзя в ночь N+1, снова можно в ночь N+2",
        "нельзя ни в N+1, ни в N+2 (снова можно в N+3)",
    ),
    _spec(
        "shuffle_recharge", "A18", '"Перезаряжается в Полнолуние" (Тасовать карты)',
        "Тасовать карты «перезаряжается в Полнолуние». Когда после применения в ночь N "
        "можно тасовать снова?",
        ("next_full_moon", "с первого Полнолуния после ночи N, в ту же ночь Полнолуния "
                           "(применение в Полнолуние перезаряжается к следующему)"),
        ("night_after_full_moon", "перезаряжается в Полнолуние, но доступно только со следующей ночи"),
        ("once_per_cycle", "просто раз за цикл ночей"),
    ),
    RulingSpec(
        key="circle_recharge_nights",
        default=3,
        readings=(3, 4, "next_cycle"),
        entry="A19",
        title='"Восстанавливается через цикл ночей" (Protective circle)',
        description_ru=(
            "Protective circle Демонолога исчез в ночь N; «восстанавливается через цикл ночей». "
            "Когда он снова действует?\n"
            f"• 3{DEFAULT_MARK} — через длину цикла: снова в ночь N+3\n"
            "• 4 — после целого цикла без круга: ночи N+1…N+3 без него, снова в ночь N+4\n"
            "• next_cycle — с начала следующего фиксированного цикла ночей (ночи 1–3, 4–6, …)"
        ),
    ),
    _flag(
        "use_spent_on_failure", "A20", "Is a use spent if the ability fails?",
        "Тратится ли применение («один раз за игру», «раз за цикл»), если способность не сработала?",
        yes="да, если заявка принята: игрок «не узнаёт» о несрабатывании и не получает применение "
            "обратно (отвергнутые заявки ничего не тратят)",
        no="только если способность подействовала",
    ),
    _spec(
        "unstated_publicity", "A21", "Publicity not stated",
        "У большинства способностей не сказано ни «публично», ни «тайно». Что сообщается о них?",
        ("secret", "тайно: ничего не объявляется, кроме видимых последствий (смена статусов, "
                   "смерти, голоса)"),
        ("public", "публично: о применении сообщается в посте мастера"),
    ),
    _spec(
        "unstated_phase", "A22", "Phase not stated",
        "Тайные роли — «ночные», явные — «дневные». У многих способностей фаза не указана "
        "(Кража, Bra-a-a-ains, Пожирай, Аутодафе, Обвинение, Митинг, Компромат, Взятка…). "
        "Когда их можно применять?",
        ("by_role_kind", "способности Тайной роли — ночью, Явной — днём, если текст не указывает "
                         "иное (Кража и Обвинение — ночью, Митинг и Взятка — днём)"),
        ("any", "способность без указанной фазы можно применить и днём, и ночью"),
    ),
    _spec(
        "investigation_phase", "A22", "Phase not stated",
        "Расследование Сыщика — «раз за цикл ночей», но «публично»; фаза не указана. "
        "Когда его можно заявить?",
        ("any", "и днём (ответ сразу), и ночью (ответ в конце ночи)"),
        ("day", "только днём, ответ сразу"),
        ("night", "только ночью, ответ в конце ночи"),
    ),
    _spec(
        "influence_phase", "A22", "Phase not stated",
        "Влияние Дворянина («каждый ход может диктовать голоса») — в какую фазу заявляется?",
        ("day", "днём, как и само голосование"),
        ("any", "днём или ночью заранее, на голосование следующего дня"),
    ),
    _flag(
        "one_action_per_night", "A23", "One action per night",
        "Начальник стражи «в любую ночь может применить одну из» Арест / Дозор / На страже; Стражник "
        "в Полулуние — На страже или Темница; Дознаватель в Полулуние — Дознание или Пытка; Ревность "
        "«вместо Очарования»; Обвинение — не в ту же ночь, что Аутодафе.",
        yes="у этих ролей — одно из перечисленных действий за ночь; остальные роли могут за ночь "
            "применить все свои способности (например, Кража Вора и атака его Тайной роли)",
        no="ограничения нет: любая роль может за ночь применить все свои способности",
    ),
    _spec(
        "anytime_at_night", "A24", '"В любой момент" during a night',
        "Как действует способность «в любой момент» (Пророчество), применённая ночью?",
        ("immediate_on_start_state", "сразу, по состоянию на начало ночи; Чары, Очарование и Дама "
                                     "Червей этой ночи на неё не влияют"),
        ("queued_with_night", "вместе с остальными заявками ночи, в конце ночи"),
    ),
    # --- Voting -----------------------------------------------------------
    _flag(
        "vote_void_on_loss", "A25", "Votes after losing the vote (e.g. imprisoned voter)",
        "«Если персонаж теряет способность голосовать в течение дня, то его голос не учитывается, "
        "даже если был дан ранее.»",
        yes="способность голосовать проверяется при подсчёте: если она потеряна в любой момент дня, "
            "голос (с потраченными голосами из копилки, продиктованными и ×5 Митинга) считается за 0",
        no="голос, отданный до потери способности, учитывается",
    ),
    _number(
        "execution_min_votes", "A26", "Minimum votes for an execution",
        "Сколько голосов нужно, чтобы казнить «набравшего больше всего голосов»?",
        tuple(range(1, 11)),
        "одного голоса достаточно, если ни у кого нет столько же; ноль голосов — никого не казнят",
        "казнь, только если у лидера не меньше этого числа голосов",
    ),
    _spec(
        "vote_targets", "A27", "Whom one may vote for",
        "Голосование — «против любого персонажа», протокол — «за казнь какого-либо другого "
        "персонажа». За кого можно голосовать?",
        ("other_living", "за любого другого живого, включая заключённых"),
        ("any_living", "за любого живого, включая себя"),
        ("other_living_free", "за любого другого живого, кроме заключённых"),
    ),
    _spec(
        "influence_weight", "A28", "Дворянин's Влияние, especially on a Мэр",
        "Влияние: «может диктовать голоса другого персонажа. У Мэра забирает оба голоса». "
        "Что происходит с голосом цели?",
        ("target_full", "голос цели с его полным текущим весом (Мэр 2, Мэр под Тузом Бубен 1, "
                        "Бунтарь после Митинга 5) идёт туда, куда скажет Дворянин"),
        ("added_to_own", "Дворянин «забирает» голоса цели и отдаёт их вдобавок к своему; "
                         "если сам Дворянин к подсчёту голоса лишён, забранные голоса не учитываются"),
        ("single_vote", "переходит только один голос"),
    ),
    _spec(
        "influence_repeat", "A28", "Дворянин's Влияние, especially on a Мэр",
        "Влияние «не может использоваться на одну и ту же цель два раза подряд». Что значит «подряд»?",
        ("consecutive_days", "в два дня подряд"),
        ("consecutive_uses", "в два применения подряд: пропуск дня не сбрасывает запрет"),
    ),
    _flag(
        "accusation_vote_fixed_three", "A29", "Обвинение's \"в любом случае за три\"",
        "При Обвинении в ведьмовстве голос Инквизитора против обвинённого «считается за три (в любом "
        "случае за три…)».",
        yes="ровно 3, каким бы ни был его обычный вес (Мэр 2, Бунтарь 5, Туз Бубен); голоса из копилки "
            "Сплетника — по +1",
        no="+2 к его обычному весу",
    ),
    _spec(
        "gossip_spend", "A30", "Сплетник's saved votes",
        "Компромат: голоса «из копилки могут быть использованы в любой день вместе с обычным». "
        "Сколько голосов тратится за раз?",
        ("all", "все накопленные сразу"),
        ("any_number", "любое число по выбору Сплетника"),
    ),
    _flag(
        "gossip_saved_follow_regular", "A30", "Сплетник's saved votes",
        "Должны ли голоса из копилки идти против той же цели, что и обычный голос Сплетника "
        "(«вместе с обычным»)?",
        yes="да: они всегда идут за цель его обычного голоса",
        no="нет: они идут за цель заявки на трату, которая может отличаться",
        default=False,
    ),
    _flag(
        "gossip_refund_if_void", "A30", "Сплетник's saved votes",
        "Если голос Сплетника позже в тот же день аннулирован, что с потраченными голосами из копилки?",
        yes="не учитываются и возвращаются в копилку",
        no="не учитываются и пропадают",
    ),
    _spec(
        "inquisitor_mask_roles", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "Инквизитор «в начале игры может выбрать любую другую роль» как маску. Какую?",
        ("secret_only", "любую Тайную роль, кроме Инквизитора (проверки сообщают Тайную роль)"),
        ("any_role", "также Явную роль"),
    ),
    _spec(
        "inquisitor_mask_drop", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "«Применение любых других способностей Тайной роли снимет маску». Когда маска спадает?",
        ("same_night", "при разрешении той ночи, в которую он применил другую способность: проверки "
                       "и раскрытия этой же ночи уже видят «Инквизитор»"),
        ("next_phase", "только со следующей фазы"),
    ),
    _flag(
        "inquiry_uses_mask", "A31", "The Инквизитор's mask and checks (Оракул etc.)",
        "Дознание сравнивает стороны двух персонажей. Какая сторона у Инквизитора в маске?",
        yes="сторона маски",
        no="настоящая сторона Инквизитора — Закон",
    ),
    _spec(
        "irritate_blocks", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Раздражай: «пока Тварь жива, Демоны, Нежить и Закон не могут победить». Кого это блокирует?",
        ("factions_only", "только три группировки; Раскрыть карты Мастера карт не блокируется; "
                          "как только Тварь умирает или садится в Тюрьму, группировка с выполненным "
                          "условием побеждает"),
        ("factions_and_master", "также победу Мастера карт"),
    ),
    _flag(
        "devour_heal_saves_tvar", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Тварь и жертва Пожирай в одну ночь обе дошли до нуля жизней или ниже. Спасает ли Тварь "
        "восстановленная за убийство жизнь?",
        yes="да: всё происходит одновременно, +1 учитывается",
        no="нет: Тварь умирает",
    ),
    _flag(
        "devour_mask_swap_default", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Пожирай: если жертва умерла, Тварь «может сменить маску» на её роль. Что, если Тварь "
        "заранее не указала выбор?",
        yes="маска меняется",
        no="маска не меняется (смена только по явной заявке)",
        default=False,
    ),
    _flag(
        "tvar_mask_optional", "A32", "Тварь: Раздражай, Пожирай, masks",
        "Приспосабливайся: «в начале игры может выбрать любую Тайную роль». Обязательна ли маска?",
        yes="нет: без маски проверки показывают «Тварь»",
        no="да: в раскладе у Твари должна быть маска",
    ),
    _number(
        "cards_per_day", "A33", "General card rules",
        "Сколько карт Мастер карт может кинуть за день?",
        (1, 2, 3, 4),
        "одну",
        "до этого числа карт",
    ),
    _flag(
        "thrown_card_survives_master", "A33", "General card rules",
        "Действует ли брошенная днём карта, если Мастер карт умер до ночи?",
        yes="да, кроме Короля Пик («после смерти Мастера карт эффект спадает»)",
        no="нет: со смертью Мастера брошенные и ещё не сработавшие карты пропадают",
    ),
    _spec(
        "double_guard", "A34", "Two guards, chains, self-guard",
        "Начальник стражи и Стражник охраняют одного человека («принимая на себя все нападения»). "
        "Кто принимает атаки?",
        ("chief_takes_all", "все атаки принимает Начальник стражи"),
        ("both_take_all", "каждый принимает все атаки (урон удваивается)"),
        ("split_alternately", "атаки делятся между ними по очереди"),
        ("guard_takes_all", "все атаки принимает Стражник"),
    ),
    _spec(
        "guard_chain", "A34", "Two guards, chains, self-guard",
        "A охраняет B, B охраняет C. Куда уходит атака на C?",
        ("single_hop", "к B и там останавливается"),
        ("follow_chain", "дальше по цепочке, к A"),
    ),
    _spec(
        "guard_self", "A34", "Two guards, chains, self-guard",
        "На страже: «может выбрать человека». Можно ли охранять себя?",
        ("no_effect", "заявка принимается и ничего не делает"),
        ("rejected", "заявка отвергается (target_self)"),
    ),
    _spec(
        "strongest_by", "A35", 'What "the strongest attack" means',
        "«Блокируется самая сильная (см. приложение)». Как определить самую сильную атаку?",
        ("rank", "по месту в списке «Мощность и сила атаки» (Sacrifice! с нулевым уроном всё равно "
                 "сильнее Нападения); равные — по §6.6"),
        ("damage", "по нанесённому урону, при равенстве — по месту в списке"),
    ),
    _spec(
        "soul_shield_blocks", "A36", "Щит душ",
        "Щит душ Лича «блокирует единицу урона каждую ночь». Какого урона?",
        ("any_damage", "любого (атаки, Пытка); но не Аутодафе — это убийство"),
        ("attacks_only", "только урона от атак из списка мощности"),
    ),
    _flag(
        "soul_shield_reflects_cancelled", "A36", "Щит душ",
        "Щит душ «наносит единицу урона тому, кто этой ночью сыграл самую сильную атаку по Личу». "
        "Учитываются ли атаки, не дошедшие до Лича?",
        yes="да: учитываются и отменённые Без души, переведённые на стража, заблокированные "
            "Валетом Крестей",
        no="нет: только атаки, дошедшие до Лича",
        default=False,
    ),
    _flag(
        "curse_fires_on_faction_cancel", "A37", "Порча",
        "На проклятого Лича (Демонолога) напали Демоны (Нежить), и Без души (Aura of darkness) "
        "отменила атаку. Срабатывает ли Порча?",
        yes="да: атаку отменила способность самой цели, а Порча срабатывает, «даже если атака была "
            "заблокирована способностями цели»",
        no="нет: они «не могут атаковать», атаки не было",
    ),
    _flag(
        "curse_kill_shuler_saves", "A37", "Порча",
        "Проклятого Порчей атакуют, а на нём Шулер (Пятерка Бубен / Крестей). Спасает ли Шулер?",
        yes="да: вместо смерти остаётся одна жизнь",
        no="нет: Порча убивает «мгновенно»",
    ),
    _spec(
        "touch_lazaret_check", "A38", "Касание смерти",
        "Касание смерти наносит урон, «если цель в Лазарете». Когда это проверяется?",
        ("night_start", "по статусу на начало ночи"),
        ("after_damage", "после урона этой ночи"),
    ),
    _spec(
        "touch_restriction", "A38", "Касание смерти",
        "Касание «не может применяться на тех, кто этой ночью уже становился целью способностей Нежити». "
        "Что значит «уже» в одновременной ночи?",
        ("any_undead_target", "любая другая заявка Нежити на ту же итоговую цель этой ночью: "
                              "Касание молча не срабатывает"),
        ("earlier_orders_only", "только заявки Нежити, поданные раньше Касания"),
    ),
    _spec(
        "army_timing", "A39", "Армия тьмы",
        "Армия тьмы: Зомби, Призрак и Некромант «возрождаются каждое Новолуние». Когда?",
        ("night_start", "в начале ночи Новолуния (в эту ночь их можно атаковать)"),
        ("morning_after", "утром после ночи Новолуния"),
    ),
    _flag(
        "army_heals_living", "A39", "Армия тьмы",
        "«Возрождаются с полным здоровьем»: касается ли это живых слуг?",
        yes="да: живые тоже лечатся до полного и выходят из Лазарета и Тюрьмы",
        no="нет: возвращаются только мёртвые",
        default=False,
    ),
    _flag(
        "rebirth_requires_order", "A40", "Перерождение",
        "Некромант «может принять роль» Лича при его смерти или аресте. Нужна ли заявка?",
        yes="да: нужна заранее поданная постоянная заявка Некроманта",
        no="нет: перерождение происходит автоматически",
    ),
    _flag(
        "rebirth_inherits_uses", "A40", "Перерождение",
        "Новый Лич после Перерождения: что с потраченными применениями (Зомбирование) и записанной "
        "командой?",
        yes="наследует: потраченное остаётся потраченным, команда сохраняется",
        no="начинает с нуля",
    ),
    _spec(
        "resummon_scope", "A41", "Sacrifice!'s resummon",
        "Sacrifice!: «Демонолог может перепризвать любого из демонов». Кого?",
        ("other_demons", "Беса, Суккуба или Гончую Ада"),
        ("any_demon", "также самого Демонолога"),
    ),
    _flag(
        "resummon_acts_next_night", "A41", "Sacrifice!'s resummon",
        "Когда перепризванный демон может действовать?",
        yes="со следующей ночи (перепризыв происходит в конце ночи)",
        no="пропускает следующую ночь, действует через ночь",
    ),
    _spec(
        "hunt_victim_alive", "A42", "Гончая Ада's Укус and Гон",
        "Гон: «если наутро после Укуса жертва осталась жива». Что значит «жива»?",
        ("not_on_graveyard", "не на Кладбище (Лазарет и Тюрьма — жива)"),
        ("not_on_graveyard_or_prison", "не на Кладбище и не в Тюрьме"),
    ),
    _spec(
        "hunt_unlock_check", "A42", "Гончая Ада's Укус and Гон",
        "Гон открывается, «если на Кладбище находятся либо Суккуб и Бес, либо Демонолог». Когда "
        "должно выполняться условие?",
        ("hunt_night", "в ночь Гона"),
        ("bite_night", "уже в ночь Укуса"),
    ),
    _flag(
        "hunt_blockable", "A42", "Гончая Ада's Укус and Гон",
        "Гон — автоматическая атака. Действуют ли на неё Чары, Очарование, Валет Крестей, стражи и защиты?",
        yes="да, как на любое действие Гончей",
        no="нет: Гон происходит всегда",
    ),
    _spec(
        "jealousy_moon", "A43", "Ревность's moon",
        "Ревность Суккуба: «вместо Очарования можно нанести единицу урона цели». В какие ночи?",
        ("full_moon", "только в Полнолуние, вместо Очарования этой ночи"),
        ("any_night", "в любую ночь"),
    ),
    _spec(
        "redirect_replaces", "A44", "Очарование and other redirects",
        "Очарование перенаправляет все действия очарованного на выбранного человека. Что с заявками "
        "на две цели (Дознание, само Очарование)?",
        ("first_target", "заменяется только первая цель"),
        ("all_targets", "заменяются все цели"),
    ),
    _spec(
        "redirect_precedence", "A44", "Очарование and other redirects",
        "На одного игрока действуют и Дама Червей (на Мастера карт), и Очарование. Куда уйдут его "
        "действия (кроме атак)?",
        ("cards_then_charm", "сначала Дама, потом Очарование: итог — к цели Суккуба"),
        ("charm_then_cards", "побеждает карта: итог — к Мастеру карт"),
    ),
    _flag(
        "redirect_ignores_restrictions", "A44", "Очарование and other redirects",
        "Перенаправленная заявка нарушает ограничения своей цели (на себя, «другого», правило Укуса). "
        "Что с ней?",
        yes="ограничения не проверяются; только перенаправление на мёртвого — не срабатывает",
        no="заявка, нарушившая ограничение, не срабатывает",
    ),
    _flag(
        "chary_blocks_passives", "A45", "Чары",
        "Чары Цыганки: «в эту ночь тот не применяет свои способности». Отключаются ли пассивные "
        "(Щит душ, Бестелесность, Protective circle, Без души, Aura, Регенерация, Пивное пузо)?",
        yes="да, пассивные тоже не действуют",
        no="нет, пассивные работают",
        default=False,
    ),
    _flag(
        "chary_beats_charm", "A45", "Чары",
        "Цыганка и Суккуб применили Чары и Очарование друг на друга. Кто побеждает?",
        yes="Чары: Очарование не срабатывает",
        no="Очарование: Чары перенаправляются",
    ),
    _spec(
        "horoscope_counts", "A46", 'What counts as "used secret-role abilities" for Составить гороскоп',
        "Составить гороскоп: «если ночью тот использовал способности Тайной роли». Что считается?",
        ("accepted_nonvoid_orders", "принятая и не отменённая Чарами ночная заявка Тайной роли, даже "
                                    "если она не сработала; автоматический Гон считается; пассивные, "
                                    "общие и способности Явной роли — нет"),
        ("effective_only", "только способности, которые подействовали"),
        ("including_passives", "также сработавшие пассивные способности"),
    ),
    _flag(
        "watch_counts_pigeon", "A47", "Дозор's visitors",
        "Дозор показывает, «кто применял на этого персонажа какие-либо ночные способности». "
        "Считается ли Голубиная почта («считается ночной»)?",
        yes="да",
        no="нет",
    ),
    _flag(
        "watch_counts_cards", "A47", "Дозор's visitors",
        "Считается ли для Дозора Мастер карт, чья карта подействовала на персонажа этой ночью?",
        yes="да",
        no="нет: карты бросаются днём",
        default=False,
    ),
    _flag(
        "inquiry_neutrals_same_side", "A48", 'Дознание: "двух живых персонажей не в Тюрьме (кроме себя)"',
        "Дознание сравнивает, «на одной ли стороне» два персонажа. Тварь и Мастер карт (оба Н) — "
        "на одной стороне?",
        yes="да: группировка одна",
        no="нет: каждый нейтрал — своя сторона",
        default=False,
    ),
    _flag(
        "torture_fail_reports_civilian", "A49", "Пытка's information",
        "Пытка отменена Чарами. Что узнаёт Дознаватель?",
        yes="«Мирный житель», чтобы скрыть несрабатывание (§9)",
        no="ничего",
    ),
    _spec(
        "confession_fail_target_learns", "A50", "Исповедь",
        "Исповедь отменена Чарами: Священник получает «Мирный житель». Что узнаёт цель?",
        ("nothing", "ничего"),
        ("priest_role", "всё равно узнаёт Тайную роль Священника"),
    ),
    _flag(
        "blessing_auto", "A51", "Божественное благословление",
        "Благословение Священника («попадая в Лазарет, мгновенно исцеляет себя») — автоматически?",
        yes="да, при первом попадании в Лазарет (ровно 1 жизнь), и днём тоже",
        no="по выбору Священника (нужна заранее поданная заявка)",
    ),
    _flag(
        "standing_orders", "A52", "Death-triggered choices",
        "Преемственность, Перерождение, перепризыв Sacrifice!, смена маски Твари — выборы в момент, "
        "когда игрока не спросить.",
        yes="это постоянные заявки, поданные заранее в той же фазе; срабатывают, хотя Кладбище / Тюрьма "
            "отняли бы способность; неиспользованные ничего не тратят",
        no="заранее не подаются: мастер вносит выбор вручную после события",
    ),
    _flag(
        "miting_votes_persist", "A53", "Бунтарь's three votes against himself",
        "Митинг: «получает три голоса против себя». Остаются ли они, если Бунтарь не голосует или "
        "теряет голос?",
        yes="да, +3 против него остаются",
        no="нет, пропадают вместе с его голосом",
    ),
    _flag(
        "miting_needs_vote", "A53", "Бунтарь's three votes against himself",
        "Может ли Бунтарь, лишённый голоса (Смена пола), провести Митинг?",
        yes="нет: Митинг требует права голоса",
        no="да: он получает только +3 против себя",
        default=False,
    ),
    _spec(
        "succession_heir", "A54", "Преемственность details",
        "Преемственность: Мэр «может передать свою Явную роль любому другому человеку». Кому?",
        ("living_not_prisoner", "живому не в Тюрьме (и не Бунтарю: Анархизм)"),
        ("living", "любому живому, включая заключённых (кроме Бунтаря)"),
    ),
    _flag(
        "bribe_spent_only_if_used", "A55", "Взятка",
        "Взятка Богача заявляется днём до подсчёта. Когда она тратится?",
        yes="только если кого-то оправдала",
        no="при любой принятой заявке",
    ),
    _flag(
        "operation_kill_immediate", "A56", "Операция",
        "Операция Лекаря: «убить» лежащего в Лазарете — когда наступает смерть?",
        yes="сразу: Кладбище, раскрытие роли, голос жертвы больше не учитывается",
        no="в конце фазы, по общему правилу (A11)",
    ),
    _flag(
        "bandit_not_attack", "A57", "Поймать в подворотне",
        "Поймать в подворотне нет в списке атак. Это атака?",
        yes="нет: Порча не срабатывает, стражи ни при чём",
        no="да: считается атакой (Порча срабатывает)",
    ),
    RulingSpec(
        key="sex_change_per_day",
        default=1,
        readings=(1, "unlimited"),
        entry="A58",
        title="Смена пола frequency",
        description_ru=(
            "Ведьма «в любой день публично может сменить пол любого персонажа». Сколько раз за день?\n"
            f"• 1{DEFAULT_MARK} — один раз в день (иначе Ведьма может каждый день лишать голоса весь город)\n"
            "• unlimited — без ограничения"
        ),
    ),
    _flag(
        "open_block_despotiya", "A59", "Open-role blocks and Деспотия",
        "Кража, Касание смерти и Обвинение запрещают «способности Явной роли». Блокируется ли "
        "Деспотия (двойной голос Мэра)?",
        yes="да: заблокированный Мэр голосует с весом 1 (Закалка и Регенерация не блокируются)",
        no="нет: Мэр сохраняет два голоса",
    ),
    _spec(
        "theft_blocks", "A60", "What Кража blocks",
        "Кража: «следующим днем она не может применять способности Явной роли и голосовать». Что "
        "блокируется?",
        ("open_and_vote", "все активные способности Явной роли в этот день (включая «в любой момент», "
                          "Компромат, Влияние) и голос; пассивные — нет (кроме Деспотии, A59)"),
        ("open_incl_passives_and_vote", "также пассивные способности Явной роли"),
    ),
    _spec(
        "investigation_lists", "A61", "Расследование's answer",
        "Расследование: Сыщик узнаёт способность, «которая отправила персонажа на Кладбище»; если "
        "наносящих урон было несколько — все. Что входит в ответ?",
        ("damaging_and_killing", "все способности и карты, нанёсшие жертве хотя бы 1 урон в фазу "
                                 "смерти, плюс убившее напрямую (Порча, Аутодафе, Рок, Операция, "
                                 "Голосование); заблокированные атаки — нет"),
        ("all_applied", "также атаки, заблокированные или с нулевым уроном"),
        ("fatal_only", "только то, что добило"),
    ),
    # --- Win conditions and the Мастер карт --------------------------------
    _flag(
        "win_needs_active_member", "A62", "Faction victory details",
        "Нужен ли победившей группировке хотя бы один активный (не мёртвый, не в Тюрьме) член?",
        yes="да: мёртвый «не может выиграть»; если все пали одновременно — никто не побеждает",
        no="нет: группировка побеждает и без активных членов",
    ),
    _flag(
        "absent_faction_destroyed", "A62", "Faction victory details",
        "Группировка, которой нет в игре, — считается ли уничтоженной?",
        yes="да",
        no="нет: отсутствующую группировку нельзя «уничтожить», так что условие победы, требующее "
           "её уничтожения, не выполняется",
    ),
    _spec(
        "reveal_list_scope", "A63", "Раскрыть карты",
        "Раскрыть карты: «полный список соответствия Явных и Тайных ролей». Кого он должен охватывать?",
        ("all_other_players", "всех остальных игроков, живых и мёртвых; запись о себе можно "
                              "добавить, но тогда верную"),
        ("all_players", "всех игроков, включая самого Мастера карт"),
        ("living_others", "только остальных живых игроков"),
    ),
    _flag(
        "reveal_real_roles", "A63", "Раскрыть карты",
        "Какие Тайные роли должны быть в списке Раскрыть карты?",
        yes="настоящие текущие (Тварь как Тварь, Инквизитор как Инквизитор, переродившийся "
            "Некромант как Лич)",
        no="видимые (маски Твари и Инквизитора считаются верными)",
    ),
    _flag(
        "reveal_from_prison_wins", "A63", "Раскрыть карты",
        "Раскрыть карты помечено (Л, Т), но Тюрьма «считается мертвым» для победы. Побеждает ли верный "
        "список из Тюрьмы?",
        yes="да: пометка Т важнее",
        no="нет",
    ),
    _flag(
        "failed_reveal_is_death", "A63", "Раскрыть карты",
        "Неверный список: Мастер карт «покидает игру навсегда». Это смерть?",
        yes="да, для всех правил (нет способностей и голоса, не может выиграть, Шулер не спасает); "
            "в выводе статус «Выбыл», роль раскрыта",
        no="нет: он просто выбывает, правила о смерти на него не срабатывают",
    ),
    _spec(
        "shuffle_from_deck", "A64", "Тасовать карты",
        "Тасовать карты: кладёт карты руки в колоду и «выбирает любые четыре из оставшихся». "
        "Из чего выбирать?",
        ("remaining_plus_hand", "16 карт минус брошенные (включая брошенную днём и ждущую ночи); "
                                "если осталось меньше 4 — берёт все"),
        ("full_deck", "из всех 16 карт: брошенные возвращаются в колоду"),
    ),
    _spec(
        "minus_first_day_throw", "A65", "The day −1 throw",
        "«В начале первой ночи может кинуть карту, считается, что она была брошена в „минус первый“ "
        "день». Как это записывается?",
        ("night1_orders", "заявка Кинуть карты среди заявок ночи 1; действует в ночь 1; только одна"),
        ("setup", "в раскладе игры, отдельно от заявок ночи 1"),
    ),
    _spec(
        "zombie_command_scope", "A66", "Зомбирование",
        "Команда Зомбирования: «[Публичное действие Явной роли], [Цель]», но пример «Обворуй Мэра» "
        "(Кража не названа публичной). Какие действия можно приказать?",
        ("open_role_targeted_or_vote", "любую активную способность Явной роли с целью, а также "
                                       "Голосование"),
        ("public_open_role_or_vote", "только способности Явной роли, прямо названные публичными, "
                                     "и Голосование"),
        ("any_open_role", "любую способность Явной роли"),
    ),
    _flag(
        "zombie_target_by_open_role_at_execution", "A66", "Зомбирование",
        "Цель команды задаётся Явной ролью («Обворуй Мэра»). Когда определяется, кто это?",
        yes="при выполнении (после Преемственности — новый Мэр)",
        no="при зомбировании",
    ),
    _flag(
        "zombie_signal_needs_usable", "A66", "Зомбирование",
        "Может ли Лич подать сигнал команде, если сам не может применять Зомбирование (Лазарет, Тюрьма, "
        "Кладбище)?",
        yes="нет: сигнал требует, чтобы Зомбирование было доступно Личу",
        no="да: сигнал можно подать в любом состоянии",
    ),
    _spec(
        "pigeon_phase", "A67", "Голубиная почта",
        "Голубиная почта «считается ночной». Когда её можно отправить?",
        ("night", "заявка ночью, доставка в конце ночи"),
        ("any", "в любую фазу, доставка в конце фазы"),
    ),
    _flag(
        "pigeon_in_lazaret", "A67", "Голубиная почта",
        "Можно ли посылать голубей из Лазарета?",
        yes="да: это общая способность, не Тайной роли",
        no="нет",
    ),
    _flag(
        "joker_any_card", "A68", "Джокер",
        "Джокер: «можно использовать как любую карту из колоды, даже уже использованную». Какую?",
        yes="любую другую карту (не Джокер): из руки, из колоды или уже использованную",
        no="только ту, которой нет в руке (из колоды или использованную)",
    ),
    _flag(
        "joker_carries_bonus", "A68", "Джокер",
        "Переносит ли Джокер бонус изображаемой карты («Брошенная на X, позволяет узнать…»)?",
        yes="да, вместе с её правилами выбора цели",
        no="нет",
    ),
    _spec(
        "shift_semantics", "A69", "Король Червей's rollback",
        "Король Червей (Сдвиг) брошен в день D, действует в ночь D+1: «утром состояние цели "
        "откатывается к прошлому утру; следующим утром цель возвращается к состоянию на конец ночи». "
        "Что с изменениями между этими утрами?",
        ("restore_snapshot", "утром D+1 запомнить состояние S1 на конец ночи D+1 и вернуть цель к утру D; "
                             "утром D+2 восстановить S1, отбросив всё случившееся с целью за это время"),
        ("add_changes", "как выше, но изменения за это время добавляются к S1"),
    ),
    _flag(
        "shift_undoes_death", "A69", "Король Червей's rollback",
        "Может ли откат Сдвига поднять цель, умершую в ночь D+1?",
        yes="да: откат к прошлому утру возвращает её с Кладбища",
        no="нет: Кладбище окончательно, цель умирает как обычно",
        default=False,
    ),
    _flag(
        "shift_window_death_final", "A69", "Король Червей's rollback",
        "Цель Сдвига попала на Кладбище между откатом и возвратом. Восстанавливается ли она утром D+2?",
        yes="нет: остаётся мёртвой, возврата нет",
        no="да: возврат к состоянию S1 поднимает её",
    ),
    _flag(
        "night_victims_act", "A70", "Orders of a player killed or imprisoned the same night",
        "Выполняются ли ночные заявки игрока, убитого (даже Аутодафе или Порчей «мгновенно») или "
        "арестованного в ту же ночь?",
        yes="да: все ночные заявки разрешаются одновременно",
        no="нет: заявки игрока, которого этой ночью сжигает Аутодафе, сажают Арест или Темница, "
           "пропадают, а атаки жертвы Порчи не наносят урона; о смерти от урона становится известно "
           "лишь в конце ночи, и её заявки разрешаются",
    ),
    _spec(
        "prison_starts", "A71", "When Арест / Темница start",
        "Когда начинается Тюрьма от Ареста или Темницы («на полтора дня: день, ночь, день»)?",
        ("end_of_night", "в конце ночи: собственные заявки цели этой ночью выполняются"),
        ("immediate", "сразу: заявки цели этой ночью не выполняются"),
    ),
    _spec(
        "dungeon_release", "A72", "When Темница ends",
        "Темница в ночь N (Полулуние): Тюрьма после ночи N, дня N и ночи N+1. Когда цель выходит?",
        ("end_of_second_day", "в конце дня N+1 (после дня N+1 статус уже снят)"),
        ("start_of_next_night", "в начале ночи N+2 (после дня N+1 ещё Тюрьма)"),
    ),
    _spec(
        "protection_order", "A73", "Order of protections on one player",
        "В каком порядке действуют несколько защит одного игрока (страж, Валет Бубен / Шестерка Бубен, "
        "Бестелесность / Protective circle, Щит душ)?",
        ("transfers_guards_cards_own_shield", "по §7: переводы атак картами Мастера, переводы стражами, "
                                              "защиты карт у итогового получателя, Порча, свои защиты, "
                                              "Щит душ"),
        ("cards_before_guards", "защиты карт раньше стражей («карты раньше способностей ролей»): "
                                "охраняемый с Валетом Бубен защищён, страж ничего не получает"),
        ("own_defences_first", "сначала собственные защиты цели"),
    ),
    _flag(
        "heal_after_damage", "A74", "Heal and damage in the same night",
        "Лечение и урон в одну ночь: в каком порядке?",
        yes="сначала урон, потом лечение с пределом максимума (2/2, урон 1 и лечение 1 → 2)",
        no="сначала лечение (→ 1)",
    ),
    _flag(
        "swap_before_death", "A75", "Валет Пик and a dying target",
        "Валет Пик (Подмена) меняет жизни двух целей «в конце ночи». До смертей или после?",
        yes="после урона, но до смертей: может спасти цель с нулём жизней и убить другую "
            "(убитых Аутодафе и Порчей не меняет)",
        no="после смертей: умершие не участвуют",
    ),
    _spec(
        "gryznya_rok", "A76", "Грызня and Рок together (Джокер)",
        "Грызня (Четверка Крестей) и Рок (Двойка Червей, через Джокера) на одной цели. Как считать?",
        ("simultaneous_after_swap", "обе смотрят на жизни после Подмены одновременно: 2 жизни → "
                                    "Грызня → 1, Рок не срабатывает"),
        ("sequential_deck_order", "по очереди в порядке колоды: цель умирает"),
    ),
    _spec(
        "shuler_window", "A77", "Шулер",
        "Шулер спасает, если цель умирает «в течение суток (ночь, день) с момента броска». Какие это фазы?",
        ("next_night_and_day", "ночь после броска и следующий день (сам день броска не покрыт)"),
        ("throw_day_and_night", "остаток дня броска и следующая ночь"),
    ),
    _flag(
        "shuler_saves_execution", "A77", "Шулер",
        "Спасает ли Шулер от казни?",
        yes="да: казнь — это смерть; остаётся 1 жизнь, Лазарет",
        no="нет",
    ),
    _flag(
        "face_of_crowd_names_user", "A78", "Лицо толпы's announcement",
        "Лицо толпы: о применении способностей Тайной роли Инквизитора «публично объявляется "
        "следующим утром». Называется ли игрок?",
        yes="да: объявляется, кто применил",
        no="нет: объявляется только способность и цель",
        default=False,
    ),
    _spec(
        "executed_lives", "A79", "Lives of the executed",
        "Сколько жизней у казнённого?",
        ("zero", "0"),
        ("unchanged", "сколько было (он на Кладбище, но жизни не меняются)"),
    ),
    _spec(
        "vote_control_precedence", "A80", "Король Пик vs Влияние vs zombie command",
        "Голос одного игрока контролируют несколько (Король Пик, Влияние, команда Зомбирования). "
        "Кто решает?",
        ("last_applied", "последний применённый в порядке дневных заявок"),
        ("first_applied", "первый применённый"),
    ),
    _spec(
        "silence_starts", "A81", "Туз Бубен's start and the Мэр",
        "Туз Бубен (Немота) «затыкает рот игроку до конца игры». С какого дня?",
        ("next_day", "карта действует с ночи после броска: день броска не затронут"),
        ("immediate", "уже в день броска"),
    ),
    _flag(
        "card_bonus_uses_mask", "A82", "Card bonus and masks",
        "Бонус карты («Брошенная на X, позволяет Мастеру узнать его Тайную роль») — по видимой или "
        "настоящей роли?",
        yes="по видимой: маска Твари или Инквизитора считается",
        no="по настоящей роли",
    ),
    _spec(
        "card_bonus_timing", "A82", "Card bonus and masks",
        "Когда Мастер карт узнаёт роль по бонусу карты?",
        ("acting_night", "в конце ночи, когда карта действует (для всех карт, включая Короля Пик)"),
        ("at_throw", "сразу при броске"),
    ),
    _spec(
        "shield_self", "A83", "Валет Бубен / Шестерка Бубен on the Master himself",
        "Валет Бубен на себя кидать нельзя (так написано). Шестерка Бубен, брошенная Мастером карт на "
        "себя: самая мощная атака на Мастера «уходит» в защищаемую цель, то есть в него же.",
        ("literal", "буквально: атака «уходит» в него же, и от неё Шестерка «уже не спасает» — защиты нет"),
        ("protects", "защищает Мастера от самой мощной атаки, как любую цель"),
    ),
    _flag(
        "revived_act_next_night", "A84", "Sacrifice! / Армия тьмы revivals and acting",
        "Когда возрождённые Армией тьмы или перепризванные Sacrifice! могут действовать?",
        yes="со следующей ночи",
        no="в ту же ночь, если возрождение было в её начале",
    ),
    _spec(
        "transfusion_self", "A85", "Переливание жизни edge cases",
        "Может ли Некромант применить Переливание жизни на себя?",
        ("allowed", "да: итог 0 (−1 и +1); на цель с полным здоровьем Некромант всё равно теряет 1 "
                    "и может так умереть"),
        ("rejected", "нет: заявка отвергается (target_self)"),
    ),
    _flag(
        "stop_after_winner", "A86", "Game end",
        "Что после того, как определился победитель?",
        yes="игра закончена: движок останавливается, дальнейшие фазы — ошибка",
        no="фазы продолжают разрешаться, победитель остаётся прежним",
    ),
)

SPEC_BY_KEY: dict[str, RulingSpec] = {spec.key: spec for spec in SPECS}

# The headings of SPEC §10, by the first entry of each group.
SECTIONS: tuple[tuple[int, str], ...] = (
    (1, "Опечатки и формулировки"),
    (8, "Жизни и статусы"),
    (16, "Слова о времени"),
    (25, "Голосование"),
    (33, "Роли, карты и ночные взаимодействия"),
    (62, "Условия победы и Мастер карт"),
)


def entry_number(spec: RulingSpec) -> int:
    """77 for entry "A77"."""
    return int(spec.entry.lstrip("A"))


def section_of(spec: RulingSpec) -> str:
    """The Russian heading of the §10 group that holds `spec`'s entry."""
    number = entry_number(spec)
    return [title for first, title in SECTIONS if first <= number][-1]
