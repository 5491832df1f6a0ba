"""How well the parser reads a labelled corpus: precision and recall of its confident
orders, and the share of real orders that reach the GM at all (read, or asked about).

A labelled text (see tests/orders/labelled/README.md) is `{by, t, pm?, comment?, o?, ask?}`:
`o` the orders a careful GM takes ("Ability: target, target / mode"; "Голосование: -"
withdraws; "Митинг:" has no target; the mode is the value of the field of its ability's `Args`
that takes one of a set: Операция's heal / kill), `ask` a question the GM must settle,
neither: chatter.

- precision: confident orders that are labelled orders / all confident orders;
- recall: labelled orders read confidently / all labelled orders;
- reach: labelled orders read confidently or named by an unresolved item (its ability or
  one of its targets among the item's candidates), plus `ask` texts that got an item,
  over both;
- chatter asked: chatter texts that got an unresolved item or an order / chatter texts.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from engine.orders import Order
from scraper.orders.names import Roster
from scraper.orders.parse import parse_text
from scraper.orders.result import ParseResult
from scraper.orders.settings import ParseSettings


@dataclass(frozen=True)
class Label:
    ability: str
    targets: tuple[str, ...]
    mode: str | None = None      # its ability's chosen value (`Args.chosen`: «kill»)
    attrs: tuple[tuple[str, str], ...] = ()   # «/ card=Джокер, as=Двойка Червей»: more fields to check

    @classmethod
    def parse(cls, text: str) -> "Label":
        ability, _, rest = text.partition(":")
        rest, _, extra = rest.partition(" / ")
        rest = rest.strip()
        targets = () if rest in ("", "-") else tuple(t.strip() for t in rest.split(","))
        mode = None
        attrs = []
        for part in (p.strip() for p in extra.split(",") if p.strip()):
            name, eq, value = part.partition("=")
            if eq:
                attrs.append((name.strip(), value.strip()))
            else:
                mode = part
        return cls(ability.strip(), targets, mode, tuple(attrs))

    def matches(self, order: Order) -> bool:
        if order.ability != self.ability:
            return False
        if self.mode is not None and (order.args.chosen() if order.args is not None else None) != self.mode:
            return False
        for name, value in self.attrs:
            got = order.arg(name)
            if str(got) != value:
                return False
        return tuple(_targets(order)) == self.targets

    def named_by(self, candidates: Iterable[str], ability: str | None) -> bool:
        """An unresolved item shows this order: its ability or a target is offered."""
        joined = " ".join(candidates)
        if ability is not None and ability != self.ability and self.ability not in joined:
            return False
        return not self.targets or any(t in joined for t in self.targets) or ability == self.ability


def _targets(order: Order) -> list[str]:
    if order.targets:
        return list(order.targets)
    listed = order.args.listed() if order.args is not None else []
    if listed:
        return [nick for _key, nick in listed]
    for value in (order.target, order.aim):
        if value:
            return [value]
    return []


@dataclass(frozen=True)
class Text:
    by: str
    text: str
    pm: bool
    orders: tuple[Label, ...]
    ask: bool
    comment: bool | None = None    # the game's «комментарий» rule: orders only in the field

    @property
    def chatter(self) -> bool:
        return not self.orders and not self.ask

    def settings(self, base: ParseSettings) -> ParseSettings:
        if self.comment is None:
            return base
        from dataclasses import replace
        return replace(base, orders_outside_comment=not self.comment)


def load_roster(path: Path, default: Path | None = None) -> Roster:
    """The game of a labelled file: its own `players:`, else the default roster file's."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    if "players" not in data and default is not None:
        data = yaml.safe_load(default.read_text(encoding="utf-8")) or {}
    return Roster.from_mapping(data.get("players"))


def load_texts(path: Path, pm: bool = False) -> list[Text]:
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    out = []
    for n, row in enumerate(data.get("texts") or ()):
        try:
            out.append(Text(str(row["by"]), str(row["t"]), bool(row.get("pm", pm)),
                            tuple(Label.parse(o) for o in row.get("o") or ()), bool(row.get("ask")),
                            row.get("comment")))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{path}: texts[{n}]: {exc}") from None
    return out


@dataclass
class Miss:
    text: Text
    what: str
    result: ParseResult


@dataclass
class Report:
    texts: int = 0
    chatter: int = 0
    labelled: int = 0            # labelled orders
    asks: int = 0                # texts a GM must settle
    confident: int = 0           # orders the parser read
    correct: int = 0             # of them, labelled orders
    reached: int = 0             # labelled orders read or shown to the GM
    asks_reached: int = 0
    chatter_asked: int = 0
    silent: int = 0              # labelled orders and questions that reach the GM in no form
    chatter_orders: int = 0      # orders stored from texts that hold none
    wrong: int = 0               # orders read otherwise than the label (ability, target, field)
    misses: list[Miss] = field(default_factory=list)

    def __add__(self, other: "Report") -> "Report":
        """Two reports as one (sets of different games read into one corpus's figures)."""
        out = Report()
        for name in ("texts", "chatter", "labelled", "asks", "confident", "correct", "reached", "asks_reached",
                     "chatter_asked", "silent", "chatter_orders", "wrong"):
            setattr(out, name, getattr(self, name) + getattr(other, name))
        out.misses = self.misses + other.misses
        return out

    @property
    def precision(self) -> float:
        return self.correct / self.confident if self.confident else 1.0

    @property
    def recall(self) -> float:
        return self.correct / self.labelled if self.labelled else 1.0

    @property
    def reach(self) -> float:
        total = self.labelled + self.asks
        return (self.reached + self.asks_reached) / total if total else 1.0

    @property
    def chatter_rate(self) -> float:
        return self.chatter_asked / self.chatter if self.chatter else 0.0

    def lines(self) -> list[str]:
        return [f"texts: {self.texts} (chatter {self.chatter}, {100 * self.chatter / max(self.texts, 1):.0f} %; "
                f"labelled orders {self.labelled}; questions {self.asks})",
                f"precision of confident orders: {100 * self.precision:.1f} % ({self.correct}/{self.confident})",
                f"recall of confident orders: {100 * self.recall:.1f} % ({self.correct}/{self.labelled})",
                f"real orders and questions that reach the GM: {100 * self.reach:.1f} % "
                f"({self.reached + self.asks_reached}/{self.labelled + self.asks})",
                f"chatter asked about: {100 * self.chatter_rate:.1f} % ({self.chatter_asked}/{self.chatter})",
                f"silent misses: {self.silent}; chatter stored as an order: {self.chatter_orders}; "
                f"wrong readings: {self.wrong}"]


def score(texts: Iterable[Text], roster: Roster, settings: ParseSettings | None = None) -> Report:
    base = settings or ParseSettings()
    report = Report()
    for item in texts:
        result = parse_text(item.text, roster, item.settings(base), author=item.by, private=item.pm)
        report.texts += 1
        report.labelled += len(item.orders)
        report.confident += len(result.orders)
        left = list(item.orders)
        for order in result.orders:
            hit = next((label for label in left if label.matches(order)), None)
            if hit is None:
                if item.chatter:
                    report.chatter_orders += 1
                else:
                    report.wrong += 1
                report.misses.append(Miss(item, f"wrong order {order}", result))
                continue
            left.remove(hit)
            report.correct += 1
            report.reached += 1
        for label in left:
            if any(label.named_by(u.candidates, u.ability) for u in result.unresolved):
                report.reached += 1
                report.misses.append(Miss(item, f"asked, not read: {label.ability} {label.targets}", result))
            else:
                report.silent += 1
                report.misses.append(Miss(item, f"MISSED: {label.ability} {label.targets}", result))
        if item.ask:
            report.asks += 1
            if result.unresolved:
                report.asks_reached += 1
            else:
                report.silent += 1
                report.misses.append(Miss(item, "MISSED question", result))
        if item.chatter:
            report.chatter += 1
            if result.unresolved:
                report.chatter_asked += 1
                report.misses.append(Miss(item, "chatter asked", result))
    return report


def describe(miss: Miss) -> str:
    got = [str(o) for o in miss.result.orders] + [
        f"?{u.code.value} {list(u.candidates)}" for u in miss.result.unresolved]
    where = "ЛС" if miss.text.pm else "пост"
    return f"{miss.what}: [{where} {miss.text.by}] {miss.text.text!r} -> {got}"


def as_rows(report: Report) -> dict[str, Any]:
    return {"texts": report.texts, "precision": report.precision, "recall": report.recall,
            "reach": report.reach, "chatter_asked": report.chatter_rate}
