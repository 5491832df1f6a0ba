"""YAML as gorod reads a GM's file: `yaml.safe_load`, but a key given twice is an error.

    load_unique(text) -> Any        raises `DuplicateKey` (a `yaml.YAMLError`) on a repeated key

PyYAML keeps the last of two equal keys silently, so `poll_interval` written twice (or a
player listed twice) would be half-read without a word (issue 14). Deep nesting that the
recursive composer cannot follow is a `yaml.YAMLError` too, never a `RecursionError`.

    utf8_text(raw) -> str           raises `NotUtf8` (Russian, with the line) on other encodings
    yaml_problem(exc) -> str        a PyYAML error as the GM reads it (Russian, with the line)
    value_kind(value) -> str        what a wrong value is, in Russian («число», «список»)

Every file the GM writes (the game file, a profile, a template) is read through `utf8_text`,
so a file saved in cp1251 is told the same way wherever it is read (issue 23).
"""
from __future__ import annotations

from typing import Any

import yaml


class NotUtf8(ValueError):
    """A file not in UTF-8; `str()` is the Russian reason with the line (no file name)."""


def utf8_text(raw: bytes) -> str:
    """The text of a GM's file (a UTF-8 BOM allowed), or `NotUtf8` naming the line and byte."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise NotUtf8(f"строка {line}: файл не в кодировке UTF-8 (байт 0x{raw[exc.start]:02x}); "
                      "сохраните его в UTF-8") from None


def read_utf8(path) -> str:
    from pathlib import Path

    return utf8_text(Path(path).read_bytes())


class DuplicateKey(yaml.constructor.ConstructorError):
    pass


class _UniqueKeys:
    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):   # the keys written here (a `<<` merge may be overridden)
            seen: dict[Any, Any] = {}
            for key_node, _value in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge":
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    hash(key)
                except TypeError:
                    continue   # the base class reports an unhashable key
                if key in seen:
                    raise DuplicateKey(
                        "while reading a mapping", node.start_mark,
                        f"ключ {key!r} повторён (впервые в строке {seen[key].line + 1})",
                        key_node.start_mark)
                seen[key] = key_node.start_mark
        return super().construct_mapping(node, deep=deep)


class _UniqueKeyLoader(_UniqueKeys, yaml.SafeLoader):
    pass


# libyaml's parser where PyYAML has it (its wheels do): the same safe constructors, about ten
# times faster than the pure-Python scanner (a large game file took over a second). Its error
# texts are its own, so a file it refuses is read again by the pure-Python loader, whose errors
# the Russian messages of config/game.py translate.
_FastLoader = type("_FastLoader", (_UniqueKeys, yaml.CSafeLoader), {}) if yaml.__with_libyaml__ else None


# The last texts refused, with why: the worker and each command read the same broken file
# again and again, and the pure-Python scanner is slow on a hostile one (quadratic in its
# nesting). Only refusals are kept: a text that loads is parsed afresh, so no caller shares
# the mutable data another was given.
_REFUSED: dict[str, yaml.YAMLError] = {}
_REFUSED_KEPT = 8


def load_unique(text: str) -> Any:
    refused = _REFUSED.get(text)
    if refused is not None:
        raise refused.with_traceback(None)
    try:
        if _FastLoader is not None:
            try:
                return yaml.load(text, Loader=_FastLoader)   # noqa: S506 — a CSafeLoader subclass
            except yaml.YAMLError:
                pass
        return yaml.load(text, Loader=_UniqueKeyLoader)   # noqa: S506 — a SafeLoader subclass
    except RecursionError:
        error = yaml.YAMLError("nested too deep to read")
    except yaml.YAMLError as exc:
        error = exc
    if len(_REFUSED) >= _REFUSED_KEPT:
        del _REFUSED[next(iter(_REFUSED))]
    _REFUSED[text] = error
    raise error.with_traceback(None)


# PyYAML's problems (English) as the GM reads them; the rest keep the parser's words.
YAML_PROBLEMS_RU = (
    ("expected ',' or '}'", "в записи {…} после значения нужна запятая или «}»"),
    ("expected ',' or ']'", "в списке […] после элемента нужна запятая или «]»"),
    ("found character '\\t'", "символ табуляции: отступы в YAML — только пробелами"),
    ("mapping values are not allowed here", "двоеточие здесь не к месту (значение с «:» возьмите в кавычки)"),
    ("could not find expected ':'", "после ключа нужно «:»"),
    ("found unexpected end of stream", "файл кончился посреди значения (не закрыта кавычка?)"),
    ("found undefined alias", "ссылка *имя на неизвестную метку &имя"),
    ("expected <block end>, but found", "отступ не совпадает с соседними строками"),
    ("expected the node content", "здесь нужно значение, а его нет (не закрыта скобка или кавычка?)"),
    ("did not find expected key", "здесь ожидался ключ (не сбит ли отступ?)"),
    ("did not find expected '-' indicator", "здесь ожидался элемент списка с «-»"),
    ("found unknown escape character", "в строке в кавычках неизвестная последовательность с «\\»"),
    ("found character", "с этого символа значение YAML начинаться не может (возьмите значение в кавычки)"),
    ("expected alphabetic or numeric character", "после «&» или «*» нужно имя метки"),
)


def yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = (getattr(exc, "problem", None) or str(exc)).strip()
    problem = next((ru for en, ru in YAML_PROBLEMS_RU if problem.startswith(en)),
                   f"запись YAML не читается (разборщик: «{problem}»)")
    return f"строка {mark.line + 1}, столбец {mark.column + 1}: {problem}" if mark is not None else problem


def value_kind(value: Any) -> str:
    """What a wrong value in a GM's file is, in Russian («нужна строка, а не число»)."""
    return {list: "список", str: "строка", int: "число", float: "число", bool: "да/нет"}.get(type(value),
                                                                                          type(value).__name__)
