"""One ruling's row (SPEC §11) and the helpers that write its Russian description.

The table of every ruling is `engine.rulings.SPECS`; an ability's own rulings are
written in its module (engine/abilities/<role>.py, `RULINGS`) with these helpers and
gathered into that table, so the rule and its readings sit in one file.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulingSpec:
    """One option key of SPEC §11 and the §10 entry that explains it."""

    key: str
    default: object
    readings: tuple[object, ...]
    entry: str
    title: str
    description_ru: str
    # False only for `typo_fixes` (A3): listed in §11 but not a GM's choice.
    configurable: bool = True

    @property
    def title_ru(self) -> str:
        """The entry's title as the GM reads it (`engine.ruling_titles`)."""
        from engine.ruling_titles import title_ru
        return title_ru(self.entry, self.title)


@dataclass(frozen=True)
class ReadingField:
    """A field of an order or a setup choice that belongs to one reading of a ruling (or
    that this reading has no use for): engine/reading_fields.py judges files by them."""
    key: str              # the ruling
    reading: object       # the reading the field belongs to
    place: str            # "order" (a field of an order) or "setup" (`setup.<nick>.<field>`)
    field: str
    ability: str          # whose order or setup choice
    unused: bool = False  # True: the reading has no use for this field (it belongs elsewhere)
    hint: str = ""        # what to write instead, in Russian


def format_value(value: object) -> str:
    """A value as a GM writes it in YAML: true/false, 1, fixed, [Кладбище, Тюрьма, Лазарет]."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    return str(value)


# Helpers write the Russian description from the question and one line per reading, so
# that every reading is explained.

DEFAULT_MARK = " (по умолчанию)"


def choice(key: str, entry: str, title: str, question: str, *options: tuple[object, str]) -> RulingSpec:
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


def flag(key: str, entry: str, title: str, question: str, *, yes: str, no: str, default: bool = True) -> RulingSpec:
    """A yes/no key: `yes` explains true, `no` explains false."""
    options = ((True, yes), (False, no))
    return choice(key, entry, title, question, *(options if default else options[::-1]))


def number(
    key: str, entry: str, title: str, question: str, values: tuple[int, ...], default_meaning: str, other_meaning: str
) -> RulingSpec:
    """An integer key with an allowed list of values, the default first."""
    rest = ", ".join(str(v) for v in values[1:])
    description = (
        f"{question}\n• {values[0]}{DEFAULT_MARK} — {default_meaning}\n• {rest} — {other_meaning}"
    )
    return RulingSpec(key, values[0], values, entry, title, description)
