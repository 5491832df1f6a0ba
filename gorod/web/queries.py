"""The reads the console needs that the loop library has no function for: plain values
for the templates, built over `Game`, `Records`, the scraper's post store and the engine.

    overview(game)        # the players (the GM's view), the open phase, moon and deadline
    orders_view(game)     # this phase's orders with their source text, unresolved items first
    drafts_view(game)     # drafts with the secrets check and their posting status
    rulings_view(game)    # the rulings this game was dealt with, changed ones first

Nothing here writes; every decision is the library's (`gorod.loop`).
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any

from engine.api import VOTE, gm_notes, gm_tags, mask_of, shown_open_role
from engine.names import Status
from engine.orders import Order, OrderError
from engine.phase import PhaseId
from engine.rulings import RULING_BY_KEY as SPEC_BY_KEY, Rulings, format_value
from gorod.loop.checks import command_problem, order_problem, warnings
from gorod.loop.game import Game
from gorod.loop.inbox import inbox
from gorod.loop.why import Why, explain
from gorod.loop.words import moment, phase_name, winner_name
from gorod.loop.intake import roster_of
from gorod.loop.orders import STATUS_RU
from gorod.loop.records import DraftRow, OrderRow, OutboxRow, UnresolvedRow
from gorod.tally import tally_now
from publisher.texts import FACTION_NAMES
from scraper.orders import ParseSettings, parse_text

# The manual order form's example: a vote, written as the store writes an order.
ORDER_EXAMPLE = str(Order("Аня", VOTE, target="Боря"))

DRAFT_RU = {"pending": "ждёт одобрения", "approved": "одобрен", "rejected": "отклонён", "posted": "отправлен"}


def phase_ru(phase: str | PhaseId | None) -> str:
    return phase_name(phase)


def _over(game: Game) -> dict[str, str] | None:
    over = game.records.get("over")
    return {"phase": phase_name(over["phase"]), "winner": winner_name(over.get("winner"))} if over else None


def last_reads(game: Game) -> dict[str, str | None]:
    """When the forum was last read, and last read whole (page 1 on), as the GM reads times."""
    schedule = game.config.schedule
    out = {key: moment(game.records.get(key), schedule) if game.records.get(key) else None
           for key in ("last_read", "last_full_read")}
    failing = game.records.get("read_error")
    out["error"] = f"с {moment(failing['since'], schedule)}: {failing['text']}" if failing else None
    return out


# -- the game -------------------------------------------------------------------------------
def overview(game: Game) -> dict[str, Any]:
    deal = game.deal()
    current = game.current()
    out: dict[str, Any] = {"title": game.title, "dealt": deal is not None, "players": [], "open": None,
                           "resolved": None, "over": _over(game), "read": last_reads(game)}
    if deal is None:
        out["seats"] = [{"nick": s.nick, "open": s.open_role, "secret": s.secret_role} for s in game.config.seats]
        return out
    from engine.validate import max_lives

    state, _events = game.fold()
    precedence = state.rulings["status_precedence"]
    for nick, p in state.players.items():
        out["players"].append({
            "nick": nick, "open": shown_open_role(state, p), "secret": p.secret_role,
            "faction": FACTION_NAMES.get(p.faction.value, p.faction.value),
            "lives": p.lives, "max_lives": max_lives(p, state.rulings),
            "status": "" if p.status(precedence) is Status.NONE else p.status(precedence).value,
            "mask": mask_of(state, nick), "dead": p.dead or p.left,
            "prison": p.in_prison, "lazaret": p.lazaret, "tags": list(gm_tags(state, nick)), "notes": list(gm_notes(state, nick)),
        })
    out["resolved"] = phase_ru(state.phase) if state.phase else None
    if current is not None:
        out["open"] = {"phase": str(current.phase), "name": phase_ru(current.phase),
                       "moon": current.phase.moon.value, "night": current.phase.is_night,
                       "started": current.started, "deadline": current.deadline,
                       "deadline_iso": current.deadline.isoformat(), "announced": current.announced,
                       "deadline_text": moment(current.deadline, game.config.schedule),
                       "zone": game.config.schedule.zone}
    return out


def question_view(game: Game) -> dict[str, Any] | None:
    """The engine's question the open phase waits on (`standing_orders: false`): its text and
    the answers as buttons (the GM answers for the player), or None."""
    from gorod.loop.answers import pending, said

    asked = pending(game)
    if asked is None or game.over():
        return None
    q = asked.asked
    values: list[str | bool] = [*q.options, False] if q.options else [True, False]
    answers = [{"value": "true" if v is True else "false" if v is False else v,
                "label": said(v, q).capitalize() if isinstance(v, bool) else v} for v in values]
    return {"to": q.to, "ability": q.ability, "text": asked.text, "answers": answers,
            "answered": asked.answered, "at_end": asked.at_end,
            "phase": phase_name(asked.phase)}


# -- orders ---------------------------------------------------------------------------------
@dataclass
class Source:
    kind: str                  # post, pm, gm
    label: str
    text: str | None = None
    url: str | None = None
    author: str | None = None
    diff: str | None = None    # against the version before, when this one is an edit


@dataclass
class OrderView:
    row: OrderRow
    source: Source
    status_ru: str
    parsed: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None     # why an order in force will not resolve, and the way to drop it


@dataclass
class UnresolvedView:
    """An unresolved item as the console shows it: the row, its source, the orders to pick."""
    row: UnresolvedRow
    source: Source
    choices: list[str]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def author(self) -> str | None:
        return self.row.author

    @property
    def text(self) -> str:
        return self.row.text

    @property
    def reason(self) -> str:
        return self.row.reason


def _version(game: Game, kind: str, source_id: str, version: int) -> dict[str, Any] | None:
    if kind == "post":
        return game.store.post_data("topic", source_id, version)
    if kind == "pm" and "/" in source_id:
        conversation, message = source_id.split("/", 1)
        return game.store.post_data("pm", message, version, conversation)
    return None


def source_of(game: Game, kind: str, source_id: str, version: int, label: str) -> Source:
    if kind == "gm":
        return Source("gm", label)
    data = _version(game, kind, source_id, version) or {}
    text = data.get("text")
    url = data.get("url") or data.get("source") or None
    if not (isinstance(url, str) and url.startswith(("http://", "https://"))):
        url = None   # a saved page's file name, or anything that is not a web link
    src = Source(kind, label, text, url, data.get("author") or data.get("sender"))
    if version > 1 and text is not None:
        before = (_version(game, kind, source_id, version - 1) or {}).get("text")
        if before is not None:
            src.diff = "\n".join(difflib.unified_diff(before.splitlines(), text.splitlines(),
                                                      f"версия {version - 1}", f"версия {version}", lineterm=""))
    return src


def _parsed(row: OrderRow) -> dict[str, Any]:
    try:
        order = row.order
    except OrderError as exc:
        return {"error": str(exc)}
    targets = [t for t in (getattr(order, "targets", None) or ()) if t] or ([order.target] if order.target else [])
    return {"by": order.by, "ability": order.ability, "targets": targets}


def orders_view(game: Game) -> dict[str, Any]:
    current = game.current()
    out: dict[str, Any] = {"phase": None, "orders": [], "unresolved": [], "notices": [], "tally": None}
    if current is None:
        return out
    phase = str(current.phase)
    out["phase"] = phase
    rows = game.records.orders(phase, status=None)
    # in force first, then what was dropped or replaced
    rows.sort(key=lambda r: (r.status != "active", r.id))
    state, _events = game.fold()
    problems = warnings(state, [r for r in rows if r.status == "active"])
    for row in rows:
        out["orders"].append(OrderView(row, source_of(game, row.source_kind, row.source_id, row.source_version,
                                                      row.source), STATUS_RU.get(row.status, row.status),
                                       _parsed(row), problems.get(row.id)))
    tally = tally_now(game, state, problem=order_problem, refusal=command_problem)
    verdicts = tally.verdict_by_row   # the engine's own judgement of each order in force
    for view in out["orders"]:
        if view.problem and view.problem.startswith("не разрешится"):
            view.status_ru = "не разрешится"   # the engine's shape error, said in the GM's words below
        elif view.row.id in verdicts:
            view.status_ru = verdicts[view.row.id]
    settings = ParseSettings.from_mapping(game.config.parsing)
    for item in game.records.unresolved():
        out["unresolved"].append(UnresolvedView(
            item, source_of(game, item.source_kind, item.source_id, item.source_version, _label(item)),
            candidate_orders(item, state, settings)))
    out["notices"] = list(reversed(inbox(game)))
    if not current.phase.is_night and not game.over():
        out["tally"] = tally
    return out


def _label(item: UnresolvedRow) -> str:
    kind = "пост" if item.source_kind == "post" else "ЛС"
    return f"{kind} {item.source_id} v{item.source_version}"


def candidate_orders(item: UnresolvedRow, state, settings: ParseSettings) -> list[str]:
    """Each candidate of an unresolved item as an order the GM can accept with one click:
    a candidate that is an order already, or the item's ability (read again from its text)
    with the candidate as the target."""
    author = item.author
    ability = None
    if author:
        try:
            result = parse_text(item.text, roster_of(state), settings, author=author,
                                private=item.source_kind == "pm")
            ability = next((u.ability for u in result.unresolved if u.ability), None) \
                or next((o.ability for o in result.orders), None)
        except Exception:   # noqa: BLE001 — a guess for a button; the GM can type the order
            ability = None
    choices = []
    for candidate in item.candidates:
        try:
            choices.append(str(Order.parse(candidate)))
            continue
        except OrderError:
            pass
        if author and candidate in state.players:
            choices.append(f"{{by: {author}, ability: {ability or VOTE}, target: {candidate}}}")
    return choices


# -- drafts ---------------------------------------------------------------------------------
@dataclass
class DraftView:
    row: DraftRow
    state_ru: str
    leaks: list[str]
    parts: list[OutboxRow]
    diff: str | None
    notes: list[str] = field(default_factory=list)   # the title's fitting, the forum's refusals
    past: bool = False        # rejected, of a phase already resolved: out of the GM's list (issue 26)


def drafts_view(game: Game) -> list[DraftView]:
    from gorod.loop.drafting import draft_notes
    from gorod.loop.publish import check_draft, knowledge

    if game.deal() is None:
        return []
    know = knowledge(game)
    current = game.current()
    # the phases whose drafts are still the GM's business: the open one (and the start's PMs until night 1 ends)
    open_phases = {str(current.phase)} if current else set()
    if not game.records.phase_count():
        open_phases.add("start")
    order = {"pending": 0, "approved": 1, "rejected": 2, "posted": 3}
    rows = sorted(game.records.drafts(None),
                  key=lambda d: (order.get(d.state, 9), -d.id if d.state == "posted" else d.id))
    out = []
    for d in rows:
        leaks = [leak.describe() for leak in check_draft(game, d, know)] if d.state != "posted" else []
        diff = None
        if d.edited:
            diff = "\n".join(difflib.unified_diff(d.original.splitlines(), d.body.splitlines(),
                                                  "черновик gorod", "после правки", lineterm=""))
        withdrawn = game.records.withdrawn(d.id) if d.state == "rejected" else None
        state_ru = f"отозван gorod: {withdrawn}" if withdrawn else DRAFT_RU.get(d.state, d.state)
        notes = draft_notes(game, d.id) if d.state != "posted" else []
        out.append(DraftView(d, state_ru, leaks, game.records.outbox(d.id), diff, notes,
                             d.state == "rejected" and d.phase not in open_phases))
    return out


# -- rulings --------------------------------------------------------------------------------
def rulings_view(game: Game) -> list[dict[str, Any]]:
    deal = game.deal()
    rulings = Rulings.from_mapping((deal or {}).get("rulings") or game.config.rulings.to_mapping())
    changed = rulings.changed()
    rows = []
    for key, value in rulings.items():
        spec = SPEC_BY_KEY.get(key)
        if spec is None or not spec.configurable:
            continue
        rows.append({"key": key, "value": format_value(value), "default": format_value(spec.default),
                     "changed": key in changed, "title": spec.title_ru, "entry": spec.entry,
                     "description": spec.description_ru})
    rows.sort(key=lambda r: (not r["changed"], r["key"]))
    return rows


def why_lines(game: Game, draft: DraftRow) -> list[Why]:
    """«Почему?» for each game-mechanical line of a draft (`gorod.loop.why`)."""
    return explain(game, draft)
