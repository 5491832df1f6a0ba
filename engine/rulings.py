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
from typing import Any

from engine.abilities import MODULES
from engine.names import Status, fold
from engine.ruling_rows import DEFAULT_MARK, RulingSpec, format_value  # noqa: F401  (re-exported)
from engine.ruling_rows import choice as _spec, flag as _flag, number as _number


class RulingsError(ValueError):
    """A `rulings:` mapping that cannot be used; `problems` has one line per bad key."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(problems))


# ---------------------------------------------------------------------------
# Values: YAML-ish spelling in, canonical value out.

_KINDS = {list: "список", tuple: "список", str: "строка", int: "число", float: "число", bool: "да/нет"}
_TRUE_WORDS = frozenset({"true", "yes", "on", "да"})
_FALSE_WORDS = frozenset({"false", "no", "off", "нет"})
_INT_TEXT = re.compile(r"[+-]?\d+")


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
    if normalized in RULING_BY_KEY:
        return normalized
    close = difflib.get_close_matches(normalized, RULING_BY_KEY, n=1, cutoff=0.6)
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
    _values: dict[str, Any]
    _hash: int

    def __init__(self, mapping: Mapping[str, object] | None = None, *, where: str = "rulings") -> None:
        values = {spec.key: spec.default for spec in ALL_SPECS}
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
            spec = RULING_BY_KEY.get(key)
            if spec is None:
                problems.append(f"{where}.{key}: {unknown_key_message(key)}")
                continue
            if not spec.configurable:
                problems.append(
                    f"{where}.{key}: не настраивается (так решено в SPEC §10 {spec.entry}, «{spec.title_ru}»); "
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
        return {spec.key: self._values[spec.key] for spec in ALL_SPECS if self._values[spec.key] != spec.default}

    def to_mapping(self) -> dict[str, object]:
        """The changed keys with plain values: `Rulings.from_mapping(r.to_mapping()) == r`."""
        return {key: plain_value(value) for key, value in self.changed().items()}

    def __getitem__(self, key: str) -> Any:
        try:
            value: Any = self._values[key]
            return value
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

    def __reduce__(self) -> tuple[type["Rulings"], tuple[dict[str, object]]]:
        return (Rulings, (self.to_mapping(),))

    def __copy__(self) -> "Rulings":
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> "Rulings":
        return self


# ---------------------------------------------------------------------------
# The table (SPEC §11 order) of the rulings that are no one ability's; an ability's own
# entries are in its module (`RULINGS`), and `SPECS` below holds them all. The helpers
# (engine/ruling_rows.py) write the Russian description from the question and one line
# per reading, so that every reading is explained.

_STATUS_ORDER = (Status.GRAVEYARD.value, Status.PRISON.value, Status.LAZARET.value)


def _permutations_default_first(default: tuple[str, ...]) -> tuple[tuple[str, ...], ...]:
    return (default,) + tuple(p for p in itertools.permutations(default) if p != default)


_TABLE: tuple[RulingSpec, ...] = (
    # --- Typos and wording -------------------------------------------------
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
    _spec(
        "strongest_by", "A35", 'What "the strongest attack" means',
        "«Блокируется самая сильная (см. приложение)». Как определить самую сильную атаку?",
        ("rank", "по месту в списке «Мощность и сила атаки» (Sacrifice! с нулевым уроном всё равно "
                 "сильнее Нападения); равные — по §6.6"),
        ("damage", "по нанесённому урону, при равенстве — по месту в списке"),
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
        "standing_orders", "A52", "Death-triggered choices",
        "Преемственность, Перерождение, перепризыв Sacrifice!, смена маски Твари — выборы в момент, "
        "когда игрока не спросить.",
        yes="это постоянные заявки, поданные заранее в той же фазе; срабатывают, хотя Кладбище / Тюрьма "
            "отняли бы способность; неиспользованные ничего не тратят",
        no="заранее не подаются: мастер вносит выбор вручную после события",
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
    _flag(
        "revived_act_next_night", "A84", "Sacrifice! / Армия тьмы revivals and acting",
        "Когда возрождённые Армией тьмы или перепризванные Sacrifice! могут действовать?",
        yes="со следующей ночи",
        no="в ту же ночь, если возрождение было в её начале",
    ),
    _flag(
        "stop_after_winner", "A86", "Game end",
        "Что после того, как определился победитель?",
        yes="игра закончена: движок останавливается, дальнейшие фазы — ошибка",
        no="фазы продолжают разрешаться, победитель остаётся прежним",
    ),
)



def _entry_number(entry: str) -> int:
    """A SPEC entry's number; gorod's own entries (G1…) after every SPEC one."""
    return 1000 + int(entry[1:]) if entry.startswith("G") else int(entry.lstrip("A"))


def _all_rulings() -> tuple[RulingSpec, ...]:
    """The table and the ability modules' `RULINGS`, in §11 order (by entry; an entry is
    written in one place, so its keys keep their order)."""
    own = [(module.__name__, spec) for module in MODULES for spec in getattr(module, "RULINGS", ())]
    places: dict[str, set[str]] = {}
    for place, spec in (*(("engine.rulings", spec) for spec in _TABLE), *own):
        places.setdefault(spec.entry, set()).add(place)
    split = sorted(entry for entry, where in places.items() if len(where) > 1)
    assert not split, f"entries written in more than one place: {split}"
    own_specs = [spec for _, spec in own]
    return tuple(sorted((*_TABLE, *own_specs), key=lambda spec: _entry_number(spec.entry)))


SPECS: tuple[RulingSpec, ...] = _all_rulings()
SPEC_BY_KEY: dict[str, RulingSpec] = {spec.key: spec for spec in SPECS}
assert len(SPEC_BY_KEY) == len(SPECS), "a ruling key written twice"

# How the GM runs the game where SPEC leaves his practice open: gorod's own keys (entries
# G1…, no §10 entry), set in the same `rulings:` as the others; the engine never reads them.
GM_SPECS: tuple[RulingSpec, ...] = (
    _spec(
        "night_order_change", "G1", "Передумал ночью",
        "Ночная способность применяется раз за ночь (SPEC §1.3), и вторая заявка той же способности "
        "отклоняется как «использовано». Но игрок может прямо написать «Передумал: …». Какая заявка "
        "в силе, пока мастер не выбрал сам (gorod спрашивает его: «передумал(а)?»)?",
        ("first", "первая: вторая будет отклонена, если мастер не выберет её"),
        ("last", "последняя: она заменяет прежнюю, если мастер не вернёт первую"),
    ),
)
ALL_SPECS: tuple[RulingSpec, ...] = SPECS + GM_SPECS
RULING_BY_KEY: dict[str, RulingSpec] = {spec.key: spec for spec in ALL_SPECS}
assert len(RULING_BY_KEY) == len(ALL_SPECS), "a ruling key written twice"

# The headings of SPEC §10, by the first entry of each group.
SECTIONS: tuple[tuple[int, str], ...] = (
    (1, "Опечатки и формулировки"),
    (8, "Жизни и статусы"),
    (16, "Слова о времени"),
    (25, "Голосование и казнь"),
    (33, "Роли, карты и ночные взаимодействия"),
    (62, "Условия победы и Мастер карт"),
    (1001, "Ведение игры (правила gorod, не из SPEC)"),
)


def entry_number(spec: RulingSpec) -> int:
    """77 for entry "A77"."""
    return _entry_number(spec.entry)


def section_of(spec: RulingSpec) -> str:
    """The Russian heading of the §10 group that holds `spec`'s entry."""
    number = entry_number(spec)
    return [title for first, title in SECTIONS if first <= number][-1]
