"""`gorod rulings`: list the rule options (SPEC.md §10–§11) and check a game's `rulings:`."""
from __future__ import annotations

import argparse
import json
import sys
import textwrap
from pathlib import Path

import yaml

from engine.rulings import (
    RULING_BY_KEY as SPEC_BY_KEY,
    ALL_SPECS as SPECS,
    RulingSpec,
    Rulings,
    RulingsError,
    format_readings,
    format_value,
    plain_value,
    section_of,
    unknown_key_message,
)
from engine.support import UNSUPPORTED
from gorod.ruling_proofs import NO_EFFECT, PROOFS

WIDTH = 100


class CommandError(Exception):
    """A problem to print as one message before exiting with status 2."""


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "rulings",
        help="правила-развилки: ключи, значения по умолчанию, варианты (SPEC §10–§11)",
        description=(
            "Показать все настраиваемые толкования правил (SPEC.md §10–§11): ключ, значение "
            "по умолчанию, допустимые варианты и описание. Мастер меняет их в конфиге игры "
            "словарём верхнего уровня `rulings: {ключ: значение}`; с --game — проверить `rulings:` "
            "файла игры и показать его значения."
        ),
        epilog=(
            "примеры:\n"
            "  gorod rulings                      все ключи с описаниями\n"
            "  gorod rulings cycle_mode           только указанные ключи\n"
            "  gorod rulings --game game.yaml     значения игры, изменённые помечены *\n"
            "  gorod rulings --game game.yaml --changed\n"
            "  gorod rulings --json               JSON-список для программ\n"
            "\nкод выхода: 0 — всё хорошо, 2 — неизвестный ключ, неверное значение или файл не читается."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "keys", nargs="*", metavar="KEY", help="показать только эти ключи"
    )
    parser.add_argument(
        "--game",
        metavar="FILE",
        type=Path,
        help="YAML-конфиг игры или сценарий: проверить его `rulings:` и показать значения",
    )
    parser.add_argument(
        "--changed",
        action="store_true",
        help="показать только ключи, отличные от значения по умолчанию",
    )
    parser.add_argument("--json", action="store_true", help="вывести JSON-список")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    try:
        specs = _selected(args.keys)
        rulings = _load_game(args.game) if args.game is not None else Rulings.defaults()
    except CommandError as exc:
        print(f"gorod rulings: ошибка: {exc}", file=sys.stderr)
        return 2
    changed = rulings.changed()
    if args.changed:
        specs = [spec for spec in specs if spec.key in changed]
    if args.json:
        rows = [_json_row(spec, rulings if args.game is not None else None) for spec in specs]
        print(json.dumps(rows, ensure_ascii=False, indent=2))
    else:
        print(_render(specs, rulings, args.game))
    return 0


def _selected(keys: list[str]) -> list[RulingSpec]:
    if not keys:
        return list(SPECS)
    unknown = [key for key in keys if key not in SPEC_BY_KEY]
    if unknown:
        raise CommandError("\n".join(f"{key}: {unknown_key_message(key)}" for key in unknown))
    wanted = set(keys)
    return [spec for spec in SPECS if spec.key in wanted]


def _load_game(path: Path) -> Rulings:
    from config.yamlfile import NotUtf8, load_unique, read_utf8

    try:
        text = read_utf8(path)
    except NotUtf8 as exc:
        raise CommandError(f"{path}: {exc}") from None
    except OSError as exc:
        what = "файл игры не найден" if isinstance(exc, FileNotFoundError) else f"файл игры не читается (ошибка ОС {exc.errno})"
        raise CommandError(f"{path}: {what}") from None
    try:
        data = load_unique(text)       # a key twice or nesting too deep: a YAMLError, told below
    except yaml.YAMLError as exc:
        from config.yamlfile import yaml_problem
        raise CommandError(f"{path}: ошибка в YAML: {yaml_problem(exc)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise CommandError(f"{path}: на верхнем уровне нужен словарь ключей (title:, forum:, rulings: ...)")
    try:
        return Rulings.from_mapping(data.get("rulings"), where=f"{path}: rulings")
    except RulingsError as exc:
        raise CommandError(str(exc)) from None


def _json_row(spec: RulingSpec, rulings: Rulings | None) -> dict[str, object]:
    row: dict[str, object] = {
        "key": spec.key,
        "default": plain_value(spec.default),
        "readings": [plain_value(r) for r in spec.readings],
        "not_implemented": [plain_value(r) for r in UNSUPPORTED.get(spec.key, ())],
        # the scenario of ours in which each non-default reading changes the whole outcome
        # (gorod/ruling_proofs.py; tests/engine/test_ruling_proofs.py runs them)
        "proved_by": {format_value(r): PROOFS.get(spec.key, {}).get(format_value(r))
                      for r in spec.readings[1:]} if spec.configurable else {},
        "computes_nothing": NO_EFFECT.get(spec.key),
        "configurable": spec.configurable,
        "entry": spec.entry,
        "title": spec.title,
        "title_ru": spec.title_ru,
        "section": section_of(spec),
        "description_ru": spec.description_ru,
    }
    if rulings is not None:
        row["value"] = plain_value(rulings[spec.key])
        row["changed"] = rulings[spec.key] != spec.default
    return row


def _render(specs: list[RulingSpec], rulings: Rulings, game: Path | None) -> str:
    changed = rulings.changed()
    lines: list[str] = []
    if game is None:
        lines.append(
            f"Толкования правил (SPEC.md §10–§11), всего ключей: {len(SPECS)}. Мастер меняет их "
            "в конфиге игры: rulings: {ключ: значение}."
        )
    elif changed:
        lines.append(f"{game}: изменено ключей: {len(changed)} из {len(SPECS)} (помечены *).")
    else:
        lines.append(f"{game}: все ключи — по умолчанию.")
    if not specs:
        return "\n".join(lines)
    section = entry = None
    for spec in specs:
        if section_of(spec) != section:
            section = section_of(spec)
            lines += ["", f"== {section} =="]
        if spec.entry != entry:
            entry = spec.entry
            lines += ["", f"{spec.entry}. {spec.title_ru}"]
        lines += _render_spec(spec, rulings if game is not None else None)
    return "\n".join(lines)


def _render_spec(spec: RulingSpec, rulings: Rulings | None) -> list[str]:
    if not spec.configurable:
        head = f"  {spec.key}: {format_value(spec.default)}  (не настраивается)"
    elif rulings is not None and rulings[spec.key] != spec.default:
        head = (
            f"* {spec.key}: {format_value(rulings[spec.key])}"
            f"  (по умолчанию {format_value(spec.default)})"
        )
    else:
        head = f"  {spec.key}: {format_value(spec.default)}"
    lines = [head]
    if spec.configurable:
        lines.append(f"    варианты: {_readings_ru(spec)}")
        missing = [format_value(r) for r in spec.readings if r in UNSUPPORTED.get(spec.key, ())]
        if missing and not isinstance(spec.default, tuple):
            lines.append(f"    пока не реализовано в движке: {', '.join(missing)}")
        elif missing:
            lines.append("    пока реализован только порядок по умолчанию")
    for paragraph in spec.description_ru.splitlines():
        bullet = paragraph.startswith("• ")
        lines += textwrap.wrap(
            paragraph,
            WIDTH,
            initial_indent="    ",
            subsequent_indent="      " if bullet else "    ",
            break_on_hyphens=False,
        )
    return lines


def _readings_ru(spec: RulingSpec) -> str:
    if isinstance(spec.default, tuple):
        return f"любой порядок из {format_value(spec.default)}"
    return format_readings(spec)
