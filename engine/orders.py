"""Orders as typed values, with the text round trip of FORMAT.md's order mapping.

`Order(by, ability, target, targets, args)`: what every order has, and `args`, the
arguments only its ability reads: an instance of the `Args` dataclass its module declares
(engine/abilities/surgeon.py's `SurgeonArgs`: `mode`), or an `Answer` to the engine's
question at a trigger, or None. The ability's spec row takes its fields from that class, the
parser fills it by field name (`Order.make`), and the mapping below reads and writes it.

`Order.from_mapping({...})` reads the scenario form (`{by, ability, target, ...}`)
and `order.to_mapping()` writes it back (the store keeps that JSON); `str(order)` is the
one-line flow form (`{by: Боря, ability: Нападение, target: Аня}`) and
`Order.parse(str(order)) == order`, so a GM can paste a corrected order back.
"""
from __future__ import annotations

import json
from dataclasses import Field as DataField, dataclass, field, fields, replace
from typing import Any, Callable, Mapping, TypeVar


class OrderError(ValueError):
    """An order that cannot be read at all (malformed: FORMAT.md "error", SPEC §3.2)."""


@dataclass(frozen=True)
class Command:
    """The shape of an order that commands another player's ability: the Лич's to a zombie
    «[Публичное действие Явной роли], [Цель]» (the target an open role, SPEC §6.5) and
    Король Пик's (a nickname); the abilities that take one read it from their `Args`."""
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


# --- how an argument is read from the mapping (FORMAT.md) --------------------------------

def read_text(key: str, value: Any) -> Any:
    return None if value is None else str(value)


def read_list(key: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)):
        raise OrderError(f"поле {key} должно быть списком [ …, … ]")
    return tuple(str(v) for v in value)


def read_flag(key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise OrderError(f"поле {key} должно быть true или false")
    return value


def read_pairs(key: str, value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, Mapping):
        raise OrderError(f"поле {key} должно быть списком пар «ник: тайная роль»")
    return tuple((str(k), str(v)) for k, v in value.items())


def read_command(key: str, value: Any) -> Command:
    if not isinstance(value, Mapping) or "ability" not in value:
        raise OrderError(f"поле {key} должно быть приказом {{ability: …, target: …}} (ability обязательно)")
    extra = set(value) - {"ability", "target", "mode"}
    if extra:
        raise OrderError(f"в приказе (поле {key}) неизвестные поля: {', '.join(sorted(map(str, extra)))}")
    return Command(str(value["ability"]),
                         None if value.get("target") is None else str(value["target"]),
                         None if value.get("mode") is None else str(value["mode"]))


def read_count(key: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise OrderError(f"поле {key} — число голосов из копилки, целое от 1")
    return value


def read_answer(key: str, value: Any) -> str | bool | None:
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, (str, int)) and str(value).strip():
        return str(value).strip()
    raise OrderError(f"поле {key} — ответ на вопрос: ник, true или false")


def written(value: Any) -> Any:
    """A value as the mapping holds it: lists, pairs as a mapping, a command as its mapping."""
    if isinstance(value, Command):
        return value.to_mapping()
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return dict(value)
    if isinstance(value, tuple):
        return list(value)
    return value


Reader = Callable[[str, Any], Any]


@dataclass(frozen=True)
class Canon:
    """How a field's names are made canonical: `find` gives a name's canonical form or None
    (engine.names' `canon_card`), `what` names what it is in the GM's error («карта»). A
    list is made canonical name by name; «ник: роль» pairs by their second part."""
    find: Callable[[str], str | None]
    what: str

    def __call__(self, key: str, value: Any) -> Any:
        if isinstance(value, str):
            return self._one(key, value)
        if isinstance(value, tuple):
            return tuple((v[0], self._one(key, v[1])) if isinstance(v, tuple) else self._one(key, v)
                         for v in value)
        return value

    def _one(self, key: str, name: str) -> str:
        found = self.find(name)
        if found is None:
            raise OrderError(f"неизвестная {self.what} «{name}» (поле {key})")
        return found


def arg(default: Any = None, *, key: str = "", read: Reader = read_text, required: bool = False,
        choices: tuple[str, ...] = (), missing: str = "", nick: bool = False, aim: bool = False,
        said: str = "", canon: Canon | None = None) -> Any:
    """One field of an ability's `Args`: its mapping `key` (the attribute's name unless
    given: `as`, `list`), how it is read, whether its spec row requires it (and which values
    it takes, and what the GM is told when it lacks: `missing`), whether it names a player
    (`nick`, checked against the roster; on «ник: роль» pairs, their nicknames), whether it is
    the order's one target under another name (`aim`: an anonymous message's recipient,
    `to`), how a receipt says it (`said`, a format of the value: «режим: {}»), and how the
    names it holds are made canonical (`canon`: a card's or a secret role's, engine/validate.py)."""
    meta = {"key": key, "read": read, "required": required, "choices": choices, "missing": missing,
            "nick": nick, "aim": aim, "said": said, "canon": canon}
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Args:
    """The arguments of one ability's orders beyond `target`/`targets`: each ability's module
    declares a frozen subclass with `arg()` fields and names it in its spec row (`args=`)."""

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        """The mapping keys of its fields, in field order."""
        return tuple(key_of(f) for f in _fields(cls))

    @classmethod
    def read(cls, data: Mapping[str, Any]) -> "Args":
        by_key = {key_of(f): f for f in _fields(cls)}
        kwargs = {}
        for key, value in data.items():
            f = by_key[key]
            kwargs[f.name] = f.metadata["read"](key, value)
        return cls(**kwargs)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            if value != f.default:
                out[key_of(f)] = written(value)
        return out

    @classmethod
    def declares(cls, key: str) -> bool:
        return any(key in (key_of(f), f.name) for f in _fields(cls))

    def get(self, key: str) -> Any:
        """The value of the field whose mapping key (or attribute name) is `key`; None if none."""
        for f in _fields(type(self)):
            if key in (key_of(f), f.name):
                return getattr(self, f.name)
        return None

    def lacks(self, key: str) -> bool:
        """Is the field of mapping key `key` unset, or set to a value it does not take?"""
        for f in _fields(type(self)):
            if key_of(f) == key:
                value = getattr(self, f.name)
                choices: tuple[str, ...] = f.metadata.get("choices") or ()
                return value is None or value == () or bool(choices) and value not in choices
        return True

    @classmethod
    def missing_text(cls, key: str) -> str:
        """What the GM is told when the field of key `key` lacks («нужен текст (поле text)»)."""
        return next((str(f.metadata.get("missing") or "") for f in _fields(cls) if key_of(f) == key), "")

    def nicks(self) -> list[tuple[str, str]]:
        """(key, nickname) of the fields that name players, for the roster check."""
        return [(key_of(f), getattr(self, f.name)) for f in _fields(type(self))
                if f.metadata.get("nick") and isinstance(getattr(self, f.name), str)]

    def listed(self) -> list[tuple[str, str]]:
        """(key, nickname) of the players its lists of «ник: роль» pairs name (a `nick` field
        of pairs: Раскрыть карты's `list`), for the roster check of the list."""
        return [(key_of(f), pair[0]) for f in _fields(type(self))
                if f.metadata.get("nick") and isinstance(getattr(self, f.name), tuple)
                for pair in getattr(self, f.name)]

    @property
    def aim(self) -> str | None:
        """The field that is the order's one target under another name (`to`), if any."""
        for f in _fields(type(self)):
            if f.metadata.get("aim"):
                value: str | None = getattr(self, f.name)
                return value
        return None

    def aimed_at(self, target: str) -> "Args":
        for f in _fields(type(self)):
            if f.metadata.get("aim"):
                return replace(self, **{f.name: target})
        return self

    def canonical(self) -> dict[str, Any]:
        """The canonical form of the names its fields hold (by attribute name), for the fields
        that declare a `canon`; raises OrderError for a name that is none of them."""
        out: dict[str, Any] = {}
        for f in _fields(type(self)):
            canon: Canon | None = f.metadata.get("canon")
            value = getattr(self, f.name)
            if canon is not None and value is not None and value != ():
                out[f.name] = canon(key_of(f), value)
        return out

    @classmethod
    def choices(cls) -> tuple[str, ...]:
        """The values of its field that takes one of a set (Операция's `mode`: heal, kill);
        () if it has none."""
        return next((tuple(f.metadata["choices"]) for f in _fields(cls) if f.metadata.get("choices")), ())

    def chosen(self) -> str | None:
        """The value of that field, if it has one."""
        f = next((f for f in _fields(type(self)) if f.metadata.get("choices")), None)
        value: str | None = None if f is None else getattr(self, f.name)
        return value

    def written(self, order: "Order") -> str | None:
        """The order as the players' memo teaches to write it (scraper/orders/memo.py `render`),
        when its ability's shape is its own to write; None: the memo writes it by its shape."""
        return None

    def said(self) -> tuple[list[str], list[str]]:
        """How a receipt says its fields (publisher/drafts.py `describe_order`): the parts said
        before the targets and after them; a field without `said` is not said."""
        return [], [f.metadata["said"].format(_said_value(getattr(self, f.name)))
                    for f in _fields(type(self)) if f.metadata.get("said") and getattr(self, f.name)]


def _said_value(value: Any) -> str:
    if isinstance(value, Command):
        return value.ability + (f" → {value.target}" if value.target else "")
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    return str(value)


def key_of(f: DataField[Any]) -> str:
    return str(f.metadata.get("key") or f.name)


_FIELDS: dict[type, tuple[DataField[Any], ...]] = {}


def _fields(cls: type[Args]) -> tuple[DataField[Any], ...]:
    """`fields()` of an Args class, worked out once (it is most of the cost of `str(order)`)."""
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = fields(cls)
    return found


@dataclass(frozen=True)
class Answer(Args):
    """The answer to the engine's question at a trigger (`standing_orders: false`, A52 b): a
    nickname (the heir, the demon) or true / false. It carries only the choice."""
    answer: str | bool | None = arg(read=read_answer)


# --- each ability's Args class, by name (filled by engine/abilities/registry.py) ----------

_ARGS: dict[str, type[Args]] = {}


def _fold(name: str) -> str:
    # engine.names.fold's key (one layer: not imported): case- and ё-insensitive
    return " ".join(name.replace("ё", "е").replace("Ё", "Е").casefold().split())


def register_args(names: tuple[str, ...], cls: type[Args]) -> None:
    for name in names:
        _ARGS[_fold(name)] = cls


def args_class(ability: str) -> type[Args] | None:
    """The `Args` class of an ability (by its canonical name or an alias), or None."""
    return _ARGS.get(_fold(ability))


def _reader_of(key: str) -> Reader | None:
    """How the abilities that declare `key` read it, or None if none does."""
    classes: list[type[Args]] = [*_ARGS.values(), Answer]
    for cls in classes:
        for f in _fields(cls):
            if key_of(f) == key:
                reader: Reader = f.metadata["read"]
                return reader
    return None


def order_keys() -> list[str]:
    """Every key an order's mapping may hold, for the GM's «может быть: …»."""
    keys = ["by", "ability", "target", "targets"]
    classes: list[type[Args]] = [*_ARGS.values(), Answer]
    for cls in classes:
        keys.extend(k for k in cls.keys() if k not in keys)
    return keys


A = TypeVar("A", bound=Args)


@dataclass(frozen=True)
class Order:
    by: str
    ability: str
    target: str | None = None
    targets: tuple[str, ...] = ()
    args: Args | None = None

    @classmethod
    def make(cls, by: str, ability: str, target: str | None = None, targets: tuple[str, ...] = (),
             *, lenient: bool = False, **values: Any) -> "Order":
        """An order whose arguments are given by name and filled into its ability's `Args`:
        `Order.make(by, "Операция", target, mode="heal")`. A value left at its default is
        not given; a name its ability does not declare is an OrderError (dropped if `lenient`:
        a commanded order carries a `mode` only its ability reads)."""
        return cls(by, ability, target, targets, _args_of(ability, values, lenient))

    def args_as(self, cls: type[A]) -> A:
        """Its arguments as its ability's `Args` class (all defaults when it has none)."""
        return self.args if isinstance(self.args, cls) else cls()

    def arg(self, key: str) -> Any:
        """The field named `key` (a mapping key or attribute: `target`, `as`, `answer`): its
        value, its default if its ability's `Args` declares it unset, else None. For the
        readers that treat every ability alike (the memo's shapes, the checks)."""
        if key in ("by", "ability", "target", "targets"):
            return getattr(self, key)
        if self.args is not None and self.args.declares(key):
            return self.args.get(key)
        cls = args_class(self.ability)
        if cls is None or not cls.declares(key):
            return None
        return next(f.default for f in _fields(cls) if key in (key_of(f), f.name))

    def with_args(self, **values: Any) -> "Order":
        """The same order with some arguments changed (by attribute name), through its
        ability's `Args`."""
        return replace(self, args=_args_of(self.ability, {**_attrs(self.args), **values}, False))

    @property
    def answer(self) -> str | bool | None:
        """The answer it carries to the engine's question at a trigger, if it is one."""
        return self.args.answer if isinstance(self.args, Answer) else None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any]) -> "Order":
        if not isinstance(data, Mapping):
            raise OrderError(f"заявка — это поля {{by: …, ability: …}}, а не {_KIND_RU.get(type(data), 'значение')} "
                             f"{data!r}")
        kwargs: dict[str, Any] = {}
        rest: dict[str, Any] = {}
        for key, value in data.items():
            key = str(key)
            if key in ("by", "ability", "target"):
                kwargs[key] = None if value is None else str(value)
            elif key == "targets":
                kwargs[key] = read_list(key, value)
            else:
                rest[key] = value
        for required in ("by", "ability"):
            if not kwargs.get(required):
                for key in rest:
                    if key not in order_keys():
                        raise OrderError(f"в заявке неизвестное поле «{key}»")
                raise OrderError(f"в заявке нет поля {required} ({_REQUIRED_RU[required]})")
        args = _read_args(kwargs["ability"], rest) if rest else None
        return cls(**kwargs, args=args if args is not None and args.to_mapping() else None)

    def to_mapping(self) -> dict[str, Any]:
        out: dict[str, Any] = {"by": self.by, "ability": self.ability}
        if self.target is not None:
            out["target"] = self.target
        if self.targets:
            out["targets"] = list(self.targets)
        if self.args is not None:
            out.update(self.args.to_mapping())
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
        if self.args is not None and self.args.aim is not None:
            return replace(self, args=self.args.aimed_at(target))
        return replace(self, target=target)

    @property
    def target_nick(self) -> str:
        """The `target` of an order whose ability needs one (its shape was checked)."""
        if self.target is None:
            raise OrderError(f"{self.ability}: нужна цель (поле target)")
        return self.target

    @property
    def aim(self) -> str | None:
        """Its one target under another name (a message's recipient, `to`), if any."""
        return self.args.aim if self.args is not None else None

    @property
    def first_target(self) -> str | None:
        if self.target is not None:
            return self.target
        if self.targets:
            return self.targets[0]
        return self.aim

    @property
    def all_targets(self) -> tuple[str, ...]:
        out = [t for t in (self.target, self.aim) if t is not None]
        out.extend(self.targets)
        return tuple(out)


def _attrs(args: Args | None) -> dict[str, Any]:
    return {f.name: getattr(args, f.name) for f in _fields(type(args))} if args is not None else {}


def _args_of(ability: str, given: Mapping[str, Any], lenient: bool) -> Args | None:
    """`given` (by attribute name; None: not given) as the ability's `Args`, or as an
    `Answer`; None when nothing is set."""
    given = {k: v for k, v in given.items() if v is not None}
    if "answer" in given:
        if len(given) > 1:
            raise OrderError(f"ответ на вопрос (поле answer) не смешивают с полями {', '.join(sorted(given))}")
        return Answer(given["answer"])
    cls = args_class(ability)
    names = {f.name for f in _fields(cls)} if cls is not None else set()
    extra = sorted(k for k, v in given.items() if k not in names and v not in (False, ()))
    if extra and not lenient:
        raise OrderError(f"{ability}: у заявки нет полей {', '.join(extra)}")
    kept = {k: v for k, v in given.items() if k in names}
    if cls is None or not kept:
        return None
    args = cls(**kept)
    return args if args.to_mapping() else None


def _read_args(ability: str, data: Mapping[str, Any]) -> Args:
    """The keys beyond by/ability/target/targets, read by the ability's `Args` class."""
    if "answer" in data:
        extra = [k for k in data if k != "answer"]
        if extra:
            raise OrderError(f"ответ на вопрос (поле answer) не смешивают с полями {', '.join(extra)}")
        return Answer.read(data)
    cls = args_class(ability)
    own = cls.keys() if cls is not None else ()
    for key, value in data.items():
        if key not in own:
            reader = _reader_of(key)
            if reader is None:
                raise OrderError(f"в заявке неизвестное поле «{key}»")
            reader(key, value)   # a malformed value is told first, as for its own ability
            raise OrderError(f"поле {key} не читается заявкой «{ability}»"
                             + (f" (её поля: {', '.join(own)})" if own else ""))
    assert cls is not None
    return cls.read(data)


# For the GM's messages: what was given instead of an order, and what a required field is.
_KIND_RU = {str: "строка", list: "список", int: "число", float: "число", bool: "да/нет", type(None): "пустое значение"}
_REQUIRED_RU = {"by": "кто подаёт заявку", "ability": "способность"}


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
