"""Orders as typed values, with the text round trip of FORMAT.md's order mapping.

`Order.from_mapping({...})` reads the scenario form (`{by, ability, target, ...}`)
and `order.to_mapping()` writes it back; `str(order)` is the one-line flow form
(`{by: Боря, ability: Нападение, target: Аня}`) and `Order.parse(str(order)) ==
order`, so a GM can paste a corrected order back.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from typing import Any, Mapping


class OrderError(ValueError):
    """An order that cannot be read at all (malformed: FORMAT.md "error", SPEC §3.2)."""


@dataclass(frozen=True)
class ZombieCommand:
    """«[Публичное действие Явной роли], [Цель]» — the target is an open role (SPEC §6.5),
    or a nickname for a Король Пик command."""
    ability: str
    target: str | None = None
    mode: str | None = None

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ability": self.ability}
        if self.target is not None:
            out["target"] = self.target
        if self.mode is not None:
            out["mode"] = self.mode
        return out


@dataclass(frozen=True)
class Order:
    by: str
    ability: str
    target: str | None = None
    targets: tuple[str, ...] = ()
    to: str | None = None
    text: str | None = None
    card: str | None = None
    as_card: str | None = None
    cards: tuple[str, ...] = ()
    mode: str | None = None
    command: ZombieCommand | None = None
    signal: bool = False
    roles: tuple[str, ...] = ()
    reveal_list: tuple[tuple[str, str], ...] = ()
    save: bool = False
    swap_mask: bool = False
    resummon: str | None = None
    votes: int | None = None      # Компромат: saved votes spent (`gossip_spend: any_number`, A30)
    # the answer to the engine's question at a trigger (`standing_orders: false`, A52 b): a
    # nickname (the heir, the demon) or true / false
    answer: str | bool | None = None

    # FORMAT.md keys that differ from the attribute names.
    _KEY_TO_ATTR = {"as": "as_card", "list": "reveal_list"}

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "Order":
        if not isinstance(data, Mapping):
            raise OrderError(f"заявка — это поля {{by: …, ability: …}}, а не {_KIND_RU.get(type(data), 'значение')} "
                             f"{data!r}")
        known = {f.name for f in fields(cls)}
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            attr = cls._KEY_TO_ATTR.get(str(key), str(key))
            if attr not in known or attr.startswith("_"):
                raise OrderError(f"в заявке неизвестное поле «{key}»")
            kwargs[attr] = _convert(attr, value)
        for required in ("by", "ability"):
            if not kwargs.get(required):
                raise OrderError(f"в заявке нет поля {required} ({_REQUIRED_RU[required]})")
        return cls(**kwargs)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "ability": self.ability}
        for name, default, key in _mapped_fields():
            value = getattr(self, name)
            if value == default:
                continue
            if isinstance(value, ZombieCommand):
                value = value.to_mapping()
            elif name == "reveal_list":
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
        return out

    def __str__(self) -> str:
        parts = [f"{k}: {_flow(v)}" for k, v in self.to_mapping().items()]
        return "{" + ", ".join(parts) + "}"

    @classmethod
    def parse(cls, text: str) -> "Order":
        import yaml  # the flow form is YAML; only safe_load is ever used

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            where = f", строка {mark.line + 1}, столбец {mark.column + 1}" if mark else ""
            raise OrderError(f"не заявка: {text!r} не читается как {{by: …, ability: …}}{where}") from None
        return cls.from_mapping(data)

    def with_target(self, target: str) -> "Order":
        """The same order aimed at another first target (a redirect, SPEC A44)."""
        if self.targets:
            return replace(self, targets=(target, *self.targets[1:]))
        if self.to is not None:
            return replace(self, to=target)
        return replace(self, target=target)

    @property
    def target_nick(self) -> str:
        """The `target` of an order whose ability needs one (its shape was checked)."""
        if self.target is None:
            raise OrderError(f"{self.ability}: нужна цель (поле target)")
        return self.target

    @property
    def first_target(self) -> str | None:
        if self.target is not None:
            return self.target
        if self.targets:
            return self.targets[0]
        return self.to

    @property
    def all_targets(self) -> tuple[str, ...]:
        out = [t for t in (self.target, self.to) if t is not None]
        out.extend(self.targets)
        return tuple(out)


# For the GM's messages: what was given instead of an order, and what a required field is.
_KIND_RU = {str: "строка", list: "список", int: "число", float: "число", bool: "да/нет", type(None): "пустое значение"}
_REQUIRED_RU = {"by": "кто подаёт заявку", "ability": "способность"}


_MAPPED: list[tuple[str, Any, str]] = []


def _mapped_fields() -> list[tuple[str, Any, str]]:
    """(attribute, default, mapping key) of every field `to_mapping` may write, in field
    order: worked out once (`fields()` on every call was most of the cost of `str(order)`)."""
    if not _MAPPED:
        back = {v: k for k, v in Order._KEY_TO_ATTR.items()}
        _MAPPED.extend((f.name, f.default, back.get(f.name, f.name)) for f in fields(Order)
                       if f.name not in ("by", "ability") and not f.name.startswith("_"))
    return _MAPPED


def _convert(attr: str, value: Any) -> Any:
    if attr in ("targets", "cards", "roles"):
        if not isinstance(value, (list, tuple)):
            raise OrderError(f"поле {attr} должно быть списком [ …, … ]")
        return tuple(str(v) for v in value)
    if attr == "reveal_list":
        if not isinstance(value, Mapping):
            raise OrderError("поле list должно быть списком пар «ник: тайная роль»")
        return tuple((str(k), str(v)) for k, v in value.items())
    if attr == "command":
        if not isinstance(value, Mapping) or "ability" not in value:
            raise OrderError("поле command должно быть приказом {ability: …, target: …} (ability обязательно)")
        extra = set(value) - {"ability", "target", "mode"}
        if extra:
            raise OrderError(f"в приказе (поле command) неизвестные поля: {', '.join(sorted(map(str, extra)))}")
        return ZombieCommand(str(value["ability"]),
                             None if value.get("target") is None else str(value["target"]),
                             None if value.get("mode") is None else str(value["mode"]))
    if attr in ("signal", "save", "swap_mask"):
        if not isinstance(value, bool):
            raise OrderError(f"поле {attr} должно быть true или false")
        return value
    if attr == "answer":
        if isinstance(value, bool) or value is None:
            return value
        if isinstance(value, (str, int)) and str(value).strip():
            return str(value).strip()
        raise OrderError("поле answer — ответ на вопрос: ник, true или false")
    if attr == "votes":
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise OrderError("поле votes — число голосов из копилки, целое от 1")
        return value
    if value is None:
        return None
    return str(value)


_PLAIN = __import__("re").compile(r"^[^\s\[\]{}:,#&*!|>'\"%@`?-][^\[\]{}:,#]*$")


def _flow(value: Any) -> str:
    """YAML flow text for a value, quoting only where YAML would misread it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)      # `votes: 2` reads back as a number, not the text "2"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    text = str(value)
    lowered = text.lower()
    if (_PLAIN.match(text) and text == text.strip()
            and lowered not in ("true", "false", "yes", "no", "null", "on", "off", "~")
            and not _looks_numeric(text)):
        return text
    return json.dumps(text, ensure_ascii=False)


def _looks_numeric(text: str) -> bool:
    # float() reads nothing without a digit but «inf»/«nan» (any case, signed): the cheap
    # test first, since most texts are names and a raised ValueError is dear
    lowered = text.lower()
    if "inf" not in lowered and "nan" not in lowered and not any(ch.isdigit() for ch in text):
        return False
    try:
        float(text)
        return True
    except ValueError:
        return False
