"""«Почему?»: each game-mechanical line of a draft beside the event it came from — what
happened (in Russian), to whom it is told (players' names), the rule and its sentence of
rules-ru.txt, and the orders behind it. One explanation for `gorod show` and the console.

    for w in explain(game, draft):
        w.line, w.label, w.audience, w.rule, w.sentence, w.orders

Each event is pinned on the line it was told in (stored with it; a draft stored before that
ends with one line per event, in the order of `draft.trace`); a draft whose lines
the GM changed in number is explained event by event, without the lines. A status change
is the engine's comparison of the statuses before and after the phase (SPEC §2.2), with no
order of its own: the orders behind it are the phase's orders aimed at that player.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.abilities import ABILITIES
from engine.orders import Order, OrderError
from gorod.loop.game import _TRACE_KINDS, Game
from gorod.loop.words import agreed
from gorod.loop.records import DraftRow

LABELS = {"Died": "смерть", "Executed": "казнь", "Revealed": "раскрыта тайная роль", "StatusChanged": "статус",
          "OpenRoleChanged": "явная роль перешла", "Announced": "объявлено", "Learned": "узнал(а)",
          "Rejected": "отклонено", "Trace": "ход разрешения", "Left": "покинул(а) игру",
          "GameOver": "конец игры", "Order": "заявка прочитана", "Message": "письмо",
          "PublicCount": "подсчёт голосов по постам в теме", "PublicVotes": "голоса по постам в теме"}
# Rules that are gorod's own, not the engine's (stored in traces by these keys).
RULES_RU = {"receipt": "ответ игроку, как прочитана его заявка"}
# Sentences of rules-ru.txt for the rules that are not one ability's (quoted verbatim).
SENTENCES = {
    "§2.2": "Все случаи получения или потери любым персонажем любого их этих статусов объявляются публично "
            "в посте мастера.",
    "§4.3": "В конце дня персонаж, набравший больше всего голосов, попадает на Кладбище. Если таких персонажей "
            "более одного, не умирает никто.",
    "Died": "Если в конце фазы персонаж остается с одной жизнью, то он попадает в Лазарет. Если с нулем или "
            "меньше - на Кладбище.",
    "Revealed": "Как только персонаж попадает на Кладбище, его тайная роль публично раскрывается.",
}
_NAMES = sorted(((name, spec) for spec in ABILITIES for name in (spec.name, *spec.aliases)),
                key=lambda item: -len(item[0]))
_ORDER = re.compile(r"\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}")


@dataclass(frozen=True)
class Why:
    line: str | None          # the draft's line as the forum shows it (None: lines changed by the GM)
    label: str                # what happened, in Russian
    audience: str             # «всем», «лично: Аня, Боря», «мастеру»
    rule: str                 # the engine's rule (a step of SPEC §7/§8 or an ability)
    sentence: str             # the rule's sentence of rules-ru.txt, when known
    orders: list[str] = field(default_factory=list)

    def describe(self) -> str:
        out = f"[{self.audience}] {self.label}: {self.rule}"
        if self.sentence:
            out += f" — «{self.sentence}»"
        if self.orders:
            out += "; заявки: " + "; ".join(self.orders)
        return out


def label(kind: str) -> str:
    """What happened, in Russian; a kind of learned fact (LearnedRole, Notice …) is «узнал(а)»
    (the ability that taught it is the line's rule)."""
    if kind in LABELS:
        return LABELS[kind]
    if kind in _TRACE_KINDS:   # a typed explanation (Blocked, Redirected, Fizzled …) is one too
        return LABELS["Trace"]
    if kind.startswith("Learned") or kind == "Notice":
        return LABELS["Learned"]
    return kind


def audience(item: dict[str, Any]) -> str:
    to = item.get("to") or []
    if isinstance(to, str):     # a trace stored before the audience was always a list
        to = [to]
    scope = item.get("scope")
    if scope == "public":
        return "всем"
    if scope == "gm":
        return "мастеру"
    return "лично: " + ", ".join(to) if to else "лично"


def sentence(item: dict[str, Any]) -> str:
    rule = str(item.get("rule") or "")
    if item.get("type") == "Rejected" and item.get("message"):
        return str(item["message"])
    for key, text in SENTENCES.items():
        if rule.startswith(key):
            return text
    folded = rule.casefold()
    for name, spec in _NAMES:
        if name.casefold() in folded:
            return spec.rule
    return SENTENCES.get(str(item.get("type")), "")


def _orders_of(item: dict[str, Any]) -> list[str]:
    if "orders" in item:
        return list(item["orders"])
    cause = str(item.get("cause") or "")
    return _ORDER.findall(cause.split(" ← ", 1)[1]) if " ← " in cause else []


def _aimed_at(player: str, orders: list[str]) -> list[str]:
    out = []
    for text in orders:
        try:
            order = Order.parse(text)
        except OrderError:
            continue
        if player in order.all_targets:
            out.append(str(order))
    return out


def _phase_orders(game: Game, phase: str | None) -> list[str]:
    """The orders a resolved phase took, without the ones it refused (a dead man's vote is
    not behind anyone's status)."""
    from engine import events as ev

    for row in game.records.phases():
        if str(row.phase) == phase:
            refused = {str(e.order) for e in game.phase_events(row.phase) if isinstance(e, ev.Rejected)}
            return [text for text in row.texts if text not in refused]
    return [o.text for o in game.records.orders(phase)] if phase else []


def rule_ru(rule: str) -> str:
    """The rule as the GM reads it: gorod's own keys and the refusal codes of SPEC §3.3 in
    Russian («§3.3 отказ: нет голоса сегодня», not «§3.3 cannot_vote»)."""
    if rule in RULES_RU:
        return RULES_RU[rule]
    if rule.startswith("§3.3 "):
        from engine.preview import REFUSED_SHORT
        from engine.reasons import Reason

        code = rule[len("§3.3 "):]
        try:
            reason = Reason(code)
        except ValueError:
            return rule
        return f"§3.3 отказ: {REFUSED_SHORT.get(reason) or code.replace('_', ' ')}"
    return rule


def _agreed(text: str, item: dict[str, Any], game: Game) -> str:
    """«узнал(а)» agreeing with the one player told, when his gender is known («узнала»)."""
    to = item.get("to") or []
    if "(а)" not in text or isinstance(to, str) or len(to) != 1:
        return text
    return agreed(text, str(to[0]), game.texts.genders)


def _pinned(shown: list[str], trace: list[dict[str, Any]], markup) -> list[str | None] | None:
    """Each item's line by the `line` it was told in (stored with the draft), found in order
    among the lines shown; an item whose line is not there (the GM rewrote it) has none —
    never the line that happens to stand in its place (issue 26: a story line the GM added
    was explained as a death). None when the draft keeps no lines (stored before they were)."""
    if any(not item.get("line") for item in trace):
        return None
    out, at = [], 0
    for item in trace:
        told = " ".join(markup.strip(str(item["line"])).split())
        hit = next((i for i in range(at, len(shown)) if " ".join(shown[i].split()) == told), None)
        out.append(shown[hit] if hit is not None else None)
        if hit is not None:
            at = hit + 1
    return out


def explain(game: Game, draft: DraftRow) -> list[Why]:
    shown = [line.strip() for line in game.markup.strip(draft.body).splitlines() if line.strip()]
    trace = list(draft.trace)
    paired = len(shown) >= len(trace) and trace
    lines = _pinned(shown, trace, game.markup) if trace else None
    if lines is None:   # a draft stored before lines were kept: its event lines end it, unless the GM edited it
        lines = shown[len(shown) - len(trace):] if paired and not draft.edited else [None] * len(trace)
    phase_orders = None
    out = []
    for line, item in zip(lines, trace, strict=True):
        orders = _orders_of(item)
        if not orders and item.get("type") == "StatusChanged" and item.get("player"):
            if phase_orders is None:
                phase_orders = _phase_orders(game, item.get("phase") or draft.phase)
            orders = _aimed_at(item["player"], phase_orders)
        out.append(Why(line, _agreed(label(str(item.get("type"))), item, game), audience(item),
                       rule_ru(str(item.get("rule") or "")), sentence(item), orders))
    return out
