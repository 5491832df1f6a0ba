"""YAML as gorod reads a GM's file: `yaml.safe_load`, but a key given twice is an error.

    load_unique(text) -> Any        raises `DuplicateKey` (a `yaml.YAMLError`) on a repeated key

PyYAML keeps the last of two equal keys silently, so `poll_interval` written twice (or a
player listed twice) would be half-read without a word (issue 14). Deep nesting that the
recursive composer cannot follow is a `yaml.YAMLError` too, never a `RecursionError`.
"""
from __future__ import annotations

from typing import Any

import yaml


class DuplicateKey(yaml.constructor.ConstructorError):
    pass


class _UniqueKeyLoader(yaml.SafeLoader):
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


def load_unique(text: str) -> Any:
    try:
        return yaml.load(text, Loader=_UniqueKeyLoader)   # noqa: S506 — a SafeLoader subclass
    except RecursionError:
        raise yaml.YAMLError("nested too deep to read") from None
