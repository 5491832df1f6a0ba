"""Rules scenarios (../shared/scenarios/FORMAT.md): load, run through the engine, print
the FORMAT.md JSON, and compare with `expect`."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from config.game import GameConfigError, seats_from_mapping
from engine import events as ev
from engine.api import shown_open_role
from engine.names import canon_open_role, canon_secret_role, fold
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.resolve import PhaseError, resolve
from engine.reading_fields import problems as reading_field_problems
from engine.rulings import Rulings, RulingsError
from engine.setup import Seat, SetupError, new_game
from engine.support import UnsupportedRuling


class ScenarioError(ValueError):
    """A scenario the engine cannot run at all (FORMAT.md: `{"error": ...}`, exit 2)."""


# `whole:` beside a phase's `expect` (our scenarios' option, beyond FORMAT.md): for these
# keys the expected list is the phase's whole outcome, so an unwanted extra event fails (a
# Кража that also leaks the thief's role); a key absent from `expect` expects nothing.
WHOLE_KEYS = ("learned", "announced", "revealed", "deaths", "rejected")


@dataclass
class ScenarioPhase:
    name: str                     # "start", "night 1", …
    orders: list[Order]
    expect: dict[str, Any] | None
    whole: tuple[str, ...] = ()
    raw_orders: list = field(default_factory=list)   # as written (what a reading's fields are read from)


@dataclass
class Scenario:
    path: str
    title: str
    seats: list[Seat]
    setup: dict[str, Any]
    rulings: Rulings
    phases: list[ScenarioPhase] = field(default_factory=list)
    # `refused: <words>` (ours, beyond FORMAT.md): the engine refuses this game at its start
    # with a message holding these words (a reading whose only effect is to refuse a setup)
    refused: str | None = None
    # `partial: <reason>` (ours): this file opts out of whole outcomes by default
    partial: str | None = None


def load_scenario(path: str | Path) -> Scenario:
    path = Path(path)
    where = str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ScenarioError(f"{where}: cannot read: {exc.strerror}") from None
    except yaml.YAMLError as exc:
        raise ScenarioError(f"{where}: malformed YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ScenarioError(f"{where}: expected a mapping at the top level")
    players = data.get("players")
    if not isinstance(players, dict) or not players:
        raise ScenarioError(f"{where}: 'players' must be a mapping of nickname: {{open, secret}}")
    try:
        seats = list(seats_from_mapping(players, where, need_secret=True))
    except GameConfigError as exc:
        raise ScenarioError(str(exc)) from None
    try:
        rulings = Rulings.from_mapping(data.get("rulings") or {}, where=f"{where}: rulings")
    except RulingsError as exc:
        raise ScenarioError(str(exc)) from None
    partial = data.get("partial")
    if partial is not None and (not isinstance(partial, str) or not partial.strip()):
        raise ScenarioError(f"{where}: partial: нужна причина, почему файл проверяет не весь исход фаз")
    scenario = Scenario(where, str(data.get("title", "")), seats, data.get("setup") or {}, rulings,
                        refused=None if data.get("refused") is None else str(data["refused"]),
                        partial=partial)
    raw_phases = data.get("phases") or []
    if not isinstance(raw_phases, list):
        raise ScenarioError(f"{where}: 'phases' must be a list")
    for i, raw in enumerate(raw_phases, 1):
        if not isinstance(raw, dict) or "phase" not in raw:
            raise ScenarioError(f"{where}: phases[{i}]: needs 'phase'")
        name = str(raw["phase"]).strip()
        if name != "start":
            try:
                name = str(PhaseId.parse(name))
            except ValueError as exc:
                raise ScenarioError(f"{where}: phases[{i}]: {exc}") from None
        orders = []
        for j, order in enumerate(raw.get("orders") or [], 1):
            try:
                orders.append(Order.from_mapping(order))
            except OrderError as exc:
                raise ScenarioError(f"{where}: {name}: order {j} ({order}): {exc}") from None
        expect = raw.get("expect")
        if expect is not None and not isinstance(expect, dict):
            raise ScenarioError(f"{where}: {name}: 'expect' must be a mapping")
        whole = _whole_keys(raw.get("whole"), f"{where}: {name}")
        scenario.phases.append(ScenarioPhase(name, orders, expect, whole, list(raw.get("orders") or [])))
    misplaced = reading_field_problems(rulings, scenario.setup, [
        (f"phases[{i}] ({phase.name}).orders[{j}]", order)
        for i, phase in enumerate(scenario.phases, 1) for j, order in enumerate(phase.raw_orders, 1)])
    if misplaced:
        raise ScenarioError("\n".join(f"{where}: {line}" for line in misplaced))
    return scenario


# Our own scenarios check these keys whole by default in every phase they expect something
# of (the secret information and what is refused), unless the file says `partial: <reason>`.
WHOLE_BY_DEFAULT = ("learned", "announced", "revealed", "rejected")


def whole_by_default(scenario: Scenario) -> Scenario:
    """The scenario as our suite checks it: WHOLE_BY_DEFAULT added to every phase with an
    `expect` (or a `whole`), unless it opts out with `partial`."""
    if scenario.partial is not None:
        return scenario
    phases = [replace(phase, whole=tuple(dict.fromkeys(phase.whole + WHOLE_BY_DEFAULT)))
              if phase.expect is not None or phase.whole else phase for phase in scenario.phases]
    return replace(scenario, phases=phases)


def _whole_keys(value, where: str) -> tuple[str, ...]:
    if value is None or value is False:
        return ()
    if value is True:
        return WHOLE_KEYS
    if not isinstance(value, list) or any(k not in WHOLE_KEYS for k in value):
        raise ScenarioError(f"{where}: 'whole' must be true or a list of {', '.join(WHOLE_KEYS)}")
    return tuple(value)


# --- running ---------------------------------------------------------------------------

def run_scenario(scenario: Scenario) -> dict[str, Any]:
    """The FORMAT.md output object of a scenario."""
    where = scenario.path
    try:
        state, start_events = new_game(scenario.seats, scenario.setup, scenario.rulings)
    except (SetupError, UnsupportedRuling) as exc:
        raise ScenarioError(f"{where}: {exc}") from None
    out: list[dict[str, Any]] = []
    phases = list(scenario.phases)
    if start_events or (phases and phases[0].name == "start"):
        out.append(phase_output("start", None, state, start_events))
    for phase in phases:
        if phase.name == "start":
            if phase.orders:
                raise ScenarioError(f"{where}: start: the start phase takes no orders")
            continue
        phase_id = PhaseId.parse(phase.name)
        try:
            result = resolve(state, phase_id, phase.orders)
        except (OrderError, PhaseError) as exc:
            text = str(exc)
            prefix = f"{phase.name}: "
            raise ScenarioError(f"{where}: {text if text.startswith(prefix) else prefix + text}") from None
        if result.pending is not None:   # `standing_orders: false`: the answer is an order of the phase
            q = result.pending
            raise ScenarioError(f"{where}: {phase.name}: движок ждёт ответа {q.to}: {q.text} "
                                f"— ответ заявкой этой же фазы {q.answer_hint()}")
        state = result.state
        out.append(phase_output(phase.name, phase_id, state, result.events))
    return {"phases": out}


def phase_output(name: str, phase: PhaseId | None, state, events) -> dict[str, Any]:
    out: dict[str, Any] = {"phase": name}
    if phase is not None:
        out["moon"] = phase.moon.value
    out["players"] = {
        nick: {"lives": p.lives, "max_lives": _max_lives(p, state),
               "status": p.status(state.rulings["status_precedence"]).value,
               "open": shown_open_role(state, p), "secret": p.secret_role}
        for nick, p in state.players.items()
    }
    out["deaths"] = [e.player for e in events if isinstance(e, ev.Died)]
    executed = [e.player for e in events if isinstance(e, ev.Executed)]
    out["executed"] = executed[0] if executed else None
    out["revealed"] = [{"about": e.about, "secret": e.secret} for e in events if isinstance(e, ev.Revealed)]
    out["learned"] = [e.as_dict() for e in events if isinstance(e, ev.Learned)]
    out["announced"] = [_announcement(e) for e in events if isinstance(e, ev.Announced)]
    out["rejected"] = [{"by": e.order.by, "ability": e.order.ability, "reason": e.reason.value,
                        "message": e.message} for e in events if isinstance(e, ev.Rejected)]
    out["winner"] = state.winner
    out["game_over"] = state.game_over
    return out


def _max_lives(player, state) -> int:
    from engine.validate import max_lives
    return max_lives(player, state.rulings)


def _announcement(event: ev.Announced) -> dict[str, Any]:
    item: dict[str, Any] = {"ability": event.ability}
    if event.by is not None:
        item["by"] = event.by
    if event.target is not None:
        item["target"] = event.target
    return item


# --- checking --------------------------------------------------------------------------

@dataclass(frozen=True)
class Mismatch:
    file: str
    phase: str
    key: str
    expected: Any
    got: Any

    def __str__(self) -> str:
        return (f"{self.file}: {self.phase}: {self.key}: expected {_show(self.expected)}, "
                f"got {_show(self.got)}")


def check_refused(scenario: Scenario) -> list[Mismatch]:
    """A scenario with `refused:` passes when the engine refuses it with those words."""
    try:
        output = run_scenario(scenario)
    except ScenarioError as exc:
        if scenario.refused in str(exc):
            return []
        return [Mismatch(scenario.path, "start", "refused", scenario.refused, str(exc))]
    return [Mismatch(scenario.path, "start", "refused", scenario.refused, "ran: " + _show(output)[:200])]


def check_scenario(scenario: Scenario, output: dict[str, Any]) -> list[Mismatch]:
    by_phase = {p["phase"]: p for p in output["phases"]}
    problems: list[Mismatch] = []
    for phase in scenario.phases:
        if phase.expect is None and not phase.whole:
            continue
        got = by_phase.get(phase.name)
        if got is None:
            problems.append(Mismatch(scenario.path, phase.name, "phase", "present", "absent"))
            continue
        expect = phase.expect or {}
        for key, expected in expect.items():
            if key not in phase.whole:
                problems.extend(_compare_key(scenario.path, phase.name, key, expected, got))
        for key in phase.whole:
            expected = list(expect.get(key) or [])
            if not _whole_matches(key, expected, list(got.get(key) or [])):
                problems.append(Mismatch(scenario.path, phase.name, f"{key} (whole)", expected, got.get(key)))
    return problems


def _whole_matches(key: str, expected: list, actual: list) -> bool:
    """Every event of the phase is one expected, and every expected one happened."""
    if len(expected) != len(actual):
        return False
    if key in ("deaths", "revealed"):
        return _same_multiset([_norm(x) for x in expected], [_norm(x) for x in actual])
    used: set[int] = set()
    for item in expected:
        if not isinstance(item, dict):
            return False
        for i, candidate in enumerate(actual):
            if i in used:
                continue
            if key == "rejected":
                same = (candidate.get("by") == str(item.get("by"))
                        and _same_name(candidate.get("ability"), item.get("ability"))
                        and ("reason" not in item or candidate.get("reason") == item.get("reason")))
            else:   # the fact as a whole: no key more, none less
                same = set(map(str, item)) == set(candidate) and _item_matches(item, candidate)
            if same:
                used.add(i)
                break
        else:
            return False
    return True


def _compare_key(file, phase, key, expected, got) -> list[Mismatch]:
    actual = got.get(key)
    bad = lambda: [Mismatch(file, phase, key, expected, actual)]
    if key == "players":
        out = []
        for nick, fields in (expected or {}).items():
            have = (got.get("players") or {}).get(str(nick))
            if have is None:
                out.append(Mismatch(file, phase, f"players.{nick}", fields, None))
                continue
            for field_name, value in (fields or {}).items():
                if not _equal_value(field_name, value, have.get(field_name)):
                    out.append(Mismatch(file, phase, f"players.{nick}.{field_name}", value,
                                        have.get(field_name)))
        return out
    if key in ("deaths", "revealed"):
        exp = [_norm(x) for x in (expected or [])]
        act = [_norm(x) for x in (actual or [])]
        return [] if _same_multiset(exp, act) else bad()
    if key == "announced":
        if len(expected or []) != len(actual or []):
            return bad()
        return [] if _each_matches(expected or [], actual or [], exclusive=True) else bad()
    if key == "learned":
        if expected == [] or expected is None:
            facts = [x for x in (actual or []) if "notice" not in x]
            return [] if not facts else bad()
        return [] if _each_matches(expected, actual or [], exclusive=False) else bad()
    if key == "rejected":
        if expected == [] or expected is None:
            return [] if not actual else bad()
        for item in expected:
            ok = any(a.get("by") == str(item.get("by")) and _same_name(a.get("ability"), item.get("ability"))
                     and ("reason" not in item or a.get("reason") == item.get("reason"))
                     for a in actual or [])
            if not ok:
                return bad()
        return []
    if key in ("executed", "winner", "game_over", "moon"):
        return [] if _equal_value(key, expected, actual) else bad()
    return [Mismatch(file, phase, key, "a key of FORMAT.md", "unknown key")]


def _same_name(a, b) -> bool:
    if a is None or b is None:
        return a == b
    return fold(str(a)) == fold(str(b))


def _equal_value(key, expected, actual) -> bool:
    if expected is None or actual is None:
        return expected == actual
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected == actual
    if isinstance(expected, (int, float)):
        return expected == actual
    if key in ("secret",):
        return canon_secret_role(str(expected)) == actual or _same_name(expected, actual)
    if key == "open":
        return (canon_open_role(str(expected)) or str(expected)) == actual or _same_name(expected, actual)
    return _same_name(expected, actual)


def _norm(value):
    """Names compare case- and ё-insensitively; nested lists compare as sets."""
    if isinstance(value, dict):
        return tuple(sorted((str(k), _norm(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("__set__", tuple(sorted((_norm(v) for v in value), key=repr)))
    if isinstance(value, str):
        return fold(canon_secret_role(value) or canon_open_role(value) or value)
    return value


def _same_multiset(a, b) -> bool:
    return sorted(a, key=repr) == sorted(b, key=repr)


def _item_matches(expected: dict, actual: dict) -> bool:
    if not isinstance(expected, dict) or not isinstance(actual, dict):
        return _norm(expected) == _norm(actual)
    for key, value in expected.items():
        if key not in actual:
            return False
        if _norm(value) != _norm(actual[key]):
            return False
    return True


def _each_matches(expected: list, actual: list, *, exclusive: bool) -> bool:
    used: set[int] = set()
    for item in expected:
        found = None
        for i, candidate in enumerate(actual):
            if exclusive and i in used:
                continue
            if _item_matches(item, candidate):
                found = i
                break
        if found is None:
            return False
        used.add(found)
    return True


def _show(value) -> str:
    import json
    return json.dumps(value, ensure_ascii=False, default=str)
