"""`poll(game)`: read what is new in the thread and the GM's PMs, and store the orders.

Each new or edited post (and each PM) is parsed (`scraper.orders`) against the players
as they are now (open roles move with Преемственность). In one store transaction per
post, its orders are stored with their source (post/PM id and version), the items the
parser could not read go to the GM (`unresolved`), and drafts follow: the author's one
receipt of the phase, made again with his orders (`gorod.loop.receipts`, `receipts: true`),
a «передумал(а)?» item for a second order of a once-a-night ability (`gorod.loop.mind`),
a refusal when the order came during the «резолв» (after
the phase's deadline, or before the open phase began: it belonged to a phase already
resolved). Orders, unresolved items and drafts are unique by source, version and item,
so a post read twice after a crash adds nothing (the poller hands out a post again
until it is recorded, `scraper.poll`).

An edited post: the orders of its earlier versions are superseded by the new ones and
the GM gets a notice with the diff between the versions; a deleted post's orders stay
(the GM drops them with `gorod order drop` if he wants) and the GM is told. The GM's own
posts and PMs are not orders.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo
from typing import Any

from engine.orders import Order
from engine.phase import PhaseKind
from engine.state import GameState
from gorod.loop import answers
from gorod.loop.crash import crashpoint
from gorod.loop.drafting import save_drafts
from gorod.loop.forumtime import ReadTimes, watch
from gorod.loop.game import Game, PhaseClock
from gorod.loop.inbox import note_message
from gorod.loop.mind import ask_about_changes
from gorod.loop.receipts import refresh_receipt
from gorod.loop.words import agreed, phase_name
from gorod.loop.records import NoticeKind
from publisher.drafts import late_draft
from publisher.keys import SourceKey
from publisher.russian import inflect_nick
from scraper.orders import ParseSettings, Roster, parse_message, parse_post
from scraper.orders.result import ParseResult
from scraper.model import Post, PrivateMessage
from scraper.errors import ForumUnavailable, ScraperError, alarm_text
from scraper.poll import Change, PmEvent, PostEvent


@dataclass
class PollReport:
    posts: int = 0
    pms: int = 0
    orders: int = 0
    late: int = 0
    unresolved: int = 0
    edited: int = 0
    letters: int = 0           # messages to the GM that are no orders (the inbox)
    notes: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)   # reads that did not read (alarms to the GM)

    def to_json(self) -> dict[str, Any]:
        return {"posts": self.posts, "pms": self.pms, "orders": self.orders, "late": self.late,
                "unresolved": self.unresolved, "edited": self.edited, "letters": self.letters,
                "failed": self.failed}


# When the last read of the thread and the inbox that failed nowhere began (ISO): the worker
# resolves a phase at its deadline only after such a read begun after the deadline.
WHOLE_READ_STARTED = "last_whole_read_started"


def roster_of(state: GameState) -> Roster:
    return Roster.from_mapping({nick: {"open": p.open_role, "secret": p.secret_role}
                                for nick, p in state.players.items()})


def poll(game: Game, *, rescan: bool = False) -> PollReport:
    """One pass over the thread and the PM inbox; `rescan` reads the whole thread again,
    to see edits on its older pages (the worker does so before a phase is resolved)."""
    report = PollReport()
    started = game.now().isoformat(timespec="seconds")
    forum = game.forum
    seen = ReadTimes()
    retry(game, report)
    try:
        for event in forum.poll_thread(rescan=rescan):
            if event.change is Change.UNREADABLE:
                _unreadable(game, "post", event, report)
                continue
            report.posts += 1
            _saw_post(game, event, seen)
            _guarded(game, take_post, event, report)
    except ScraperError as exc:
        _alarm(game, "thread", exc, report)
        if isinstance(exc, ForumUnavailable) and exc.kind in UNREACHABLE:
            _mark_read(game, report, rescan, started)   # the same forum: its PMs are not tried for a minute more
            return report
    try:
        for event in (forum.poll_pms(rescan=True) if rescan else forum.poll_pms()):
            if event.change is Change.UNREADABLE:
                _unreadable(game, "pm", event, report)
                continue
            report.pms += 1
            if event.message is not None:
                seen.saw(event.message.sent_at)
            _guarded(game, take_pm, event, report)
    except ScraperError as exc:
        _alarm(game, "pms", exc, report)
    report.notes.extend(watch(game, seen))      # the times read, against the forum's clock
    _mark_read(game, report, rescan, started)
    return report


# a forum that cannot be reached at all: its PM list is not tried after its thread
UNREACHABLE = ("refused", "dns", "timeout")


def _mark_read(game: Game, report: PollReport, rescan: bool, started: str) -> None:
    """When the forum was last read, and whether it is failing: set by every read (a
    round's, a phase end's, the console's), so the alarm «Форум не читается» goes with the
    first read that reads (issue 26), whoever made it."""
    now = game.now().isoformat(timespec="seconds")
    if report.failed:
        since = (game.records.get("read_error") or {}).get("since") or now
        game.records.put("read_error", {"since": since, "text": "; ".join(report.failed)})
        return
    game.records.put("read_error", None)
    game.records.put("last_read", now)              # the console and `gorod state` say when
    game.records.put(WHOLE_READ_STARTED, started)   # a deadline waits for a read begun after it
    if rescan:
        game.records.put("last_full_read", now)


def _before_the_deal(game: Game, clock: PhaseClock, *, kind: str, source_id: str, version: int, author: str,
                     given_at: datetime, dealt_at: datetime, text: str) -> None:
    """An order-like message the forum dates before the deal, read after it: not taken, and the
    GM told so, with the forum's time and the deal's, and what to do when the time is wrong."""
    profile = getattr(game.forum, "profile", None)
    zone = ZoneInfo(getattr(profile, "timezone", None) or "UTC")
    shown = " ".join(text.split())
    shown = shown if len(shown) <= 200 else shown[:199] + "…"
    where = f"ЛС от {inflect_nick(author, 'gent')}" if kind == "pm" else f"пост {inflect_nick(author, 'gent')} ({source_id})"
    zone_name = f"timezone: {profile.timezone} профиля «{profile.name}»" if profile is not None else "пояс форума"
    game.records.notice(f"before-deal:{kind}:{source_id}:{version}", NoticeKind.CLOCK,
                        f"{where}: «{shown}» — по времени форума написано {given_at.astimezone(zone):%d.%m %H:%M}, "
                        f"раньше раздачи ({dealt_at.astimezone(zone):%d.%m %H:%M}), и заявкой не считается. Если "
                        f"оно написано после раздачи, время форума читается не в том поясе ({zone_name}): "
                        "исправьте пояс и добавьте заявку сами (gorod order add … --from …)", str(clock.phase))


def _saw_post(game: Game, event, seen: ReadTimes) -> None:
    post = event.post
    if post is None or event.change is Change.DELETED:
        return
    seen.saw(post.edited_at if event.change is Change.EDITED and post.edited_at else post.posted_at)
    if event.change is Change.NEW and post.author.casefold() == game.gm.casefold() and post.posted_at:
        seen.gm_posts.append((event.post_id, post.posted_at))


def _alarm(game: Game, source: str, exc: ScraperError, report: PollReport) -> None:
    """A read that did not read (the poller recorded nothing of it): the GM is told, in
    Russian, once per round and source; the next round reads again."""
    text = alarm_text(exc, getattr(exc, "unread", None) or ("посты темы" if source == "thread" else "ЛС"))
    rounds = game.records.get("rounds", 0)
    current = game.current()
    game.records.notice(f"read-failed:{source}:{rounds}:{text}", NoticeKind.ERROR, text,
                        str(current.phase) if current else None)
    report.failed.append(text)


def _unreadable(game: Game, kind: str, event, report: PollReport) -> None:
    """A post (or PM) that did not read while the rest of its page did: the GM is told once,
    naming it; the poller recorded nothing of it, so every pass reads it again, and the
    notice goes once it reads (`_read_again`)."""
    u = event.unreadable
    what = "пост" if kind == "post" else "сообщение в ЛС"
    text = (f"{u.describe(what)} не прочитан{'' if kind == 'post' else 'о'}: {u.problem}. Остальное на странице "
            "прочитано; этот gorod читает снова при каждом опросе (если время в нём в другом формате, "
            "его надо добавить в dates.formats профиля форума)")
    current = game.current()
    which = u.id or f"{u.source}#{u.place}"
    game.records.notice(f"unreadable:{kind}:{which}:{u.problem}", NoticeKind.ERROR, text,
                        str(current.phase) if current else None)
    report.notes.append(text)


def _read_again(game: Game, kind: str, post_id: str) -> None:
    """A post that did not read once reads now: its notice is moot."""
    game.records.clear_notices(f"unreadable:{kind}:{post_id}:")


def _guarded(game: Game, take, event, report: PollReport) -> None:
    """One event; an error in it is the GM's notice, not the end of the poll (the post
    itself is in the store, every version of it)."""
    try:
        take(game, event, report)
    except Exception as exc:   # noqa: BLE001 — reported to the GM, the poll goes on
        source = getattr(event, "post_id", None) or getattr(event, "message_id", "?")
        text = (f"не удалось обработать {source} (версия {event.version}): {type(exc).__name__}: {exc}; "
                "повторю при следующем опросе")
        with game.store.transaction():
            game.records.notice(f"intake-error:{source}:{event.version}", NoticeKind.ERROR, text)
            pending = game.records.get("retry", [])
            pending.append(_event_json(event))
            game.records.put("retry", pending)
        report.notes.append(text)
    crashpoint("poll")


def retry(game: Game, report: PollReport) -> None:
    """Events a poll could not handle (kept in the store) are tried again first: a post
    or PM is never lost to an error, only delayed until the GM fixes its cause."""
    pending = game.records.get("retry", [])
    if not pending:
        return
    left = []
    for data in pending:
        event = _event_from_json(data)
        try:
            (take_post if isinstance(event, PostEvent) else take_pm)(game, event, report)
        except Exception:   # noqa: BLE001 — still failing: kept for the next poll
            left.append(data)
            continue
        game.records.clear_notices(f"intake-error:{data['id']}:{data['version']}")   # its cause is gone
    game.records.put("retry", left)


def _event_json(event) -> dict[str, Any]:
    if isinstance(event, PostEvent):
        return {"type": "post", "change": event.change.value, "thread": event.thread, "id": event.post_id,
                "version": event.version, "item": event.post.to_json() if event.post else None,
                "last_seen": event.last_seen}
    return {"type": "pm", "change": event.change.value, "thread": event.conversation, "id": event.message_id,
            "version": event.version, "item": event.message.to_json() if event.message else None}


def _event_from_json(data: dict[str, Any]):
    item = data.get("item")
    if data["type"] == "post":
        post = Post.from_json(item) if item else None
        return PostEvent(Change(data["change"]), data["thread"], data["id"], data["version"], post,
                         data.get("last_seen"))
    message = PrivateMessage.from_json(item) if item else None
    return PmEvent(Change(data["change"]), data["thread"], data["id"], data["version"], message)


def other_readings(state: GameState, result: ParseResult) -> ParseResult:
    """An order read with a field this game's rulings do not read («трачу 2 голоса» under
    `gossip_spend: all`: all saved votes are spent) is the GM's question, the order without
    that field its candidate: never stored to be refused, never taken as meaning less."""
    from gorod.loop.checks import reading_problem
    from scraper.orders import Reason, Unresolved

    kept, asked = [], []
    for order in result.orders:
        found = reading_problem(state, order)
        if found is None:
            kept.append(order)
            continue
        name, why = found
        plain = replace(order, target=None) if name == "target" else order.with_args(**{name: None})
        asked.append(Unresolved(str(order), Reason.MISSING_ARGUMENT, f"в этой игре так не заявляют: {why}",
                                (str(plain),), order.ability))
    if not asked:
        return result
    return ParseResult(tuple(kept), (*result.unresolved, *asked), result.clauses)


def _context(game: Game) -> tuple[PhaseClock | None, Roster, ParseSettings]:
    clock = game.current()
    if clock is None or game.over():
        return None, Roster(), ParseSettings()
    state, _events = game.fold()
    return clock, roster_of(state), ParseSettings.from_mapping(game.config.parsing)


def take_post(game: Game, event, report: PollReport | None = None) -> None:
    report = report or PollReport()
    if event.change is Change.DELETED:
        _deleted(game, "post", event.post_id, event.last_seen)
        return
    post = event.post
    if post is None:
        return
    _read_again(game, "post", event.post_id)
    if post.author.casefold() == game.gm.casefold():
        return
    clock, roster, settings = _context(game)
    if clock is None:   # after the end: no orders, but a word to the GM is his (before the deal: sign-ups)
        if game.deal() is not None:
            note_message(game, kind="post", source_id=event.post_id, version=event.version, author=post.author,
                         text=post.text, phase=None)
        return
    if _edit_of_an_old_post(game, clock, post, event):
        return
    _from_the_graveyard(game, post, event, str(clock.phase))
    result = other_readings(game.fold()[0], parse_post(post, roster, settings))
    if clock.phase.kind is PhaseKind.NIGHT:
        result = result.at_night()     # a vote at night is asked about, never stored (exam 5)
    given = _given(post, event.change)
    reply = answers.read(game, clock, kind="post", author=post.author, text=post.text, given=given,
                         result=result, roster=roster, settings=settings)
    _take(game, clock, reply.rest if reply else result, kind="post", source_id=event.post_id,
          version=event.version, author=post.author, given=given, text=post.text, previous=event.last_seen,
          report=report, reply=reply)


def _from_the_graveyard(game: Game, post, event, phase: str) -> None:
    """«Кладбище (он же Мертв) - персонаж … не может писать игровые посты»: the GM is told
    (what to do about it is his call); the post is read as any other."""
    player = game.fold()[0].players.get(post.author)
    if player is None or not player.dead or player.left:
        return
    shown = " ".join(post.text.split())
    shown = shown if len(shown) <= 120 else shown[:119] + "…"
    game.records.notice(f"dead-post:{event.post_id}:{event.version}", NoticeKind.DEAD_POST,
                        f"{post.author} на Кладбище, а пишет в теме (пост {event.post_id}): «{shown}». Правила: "
                        "«Кладбище — персонаж … не может писать игровые посты».", phase)


def _edit_of_an_old_post(game: Game, clock: PhaseClock, post, event) -> bool:
    """An edit of a post written before the open phase began (in a phase already resolved,
    or before the deal): every order belongs to the phase of its post, so the edit makes
    no order of the open phase and changes nothing stored; the GM is told what changed
    (issue 26: a day-1 vote edited on day 3 replaced the real day-3 vote). An edit within
    the open phase is read as any post (`_take`)."""
    if event.change is not Change.EDITED:
        return False
    known = game.records.source_orders("post", event.post_id)
    span = timedelta(seconds=max(1, getattr(game.forum, "time_precision", 1)))
    if post.posted_at is not None and post.posted_at + span <= clock.started:
        old = game.phase_at(post.posted_at) or (str(known[-1].phase) if known else None)
    elif known and all(str(o.phase) != str(clock.phase) for o in known):
        old = str(known[-1].phase)      # no time shown, or in the boundary's minute: its orders' phase
    else:
        return False
    deal = game.deal() or {}
    if deal.get("dealt_at") and post.posted_at is not None \
            and post.posted_at < datetime.fromisoformat(deal["dealt_at"]):
        where, when = "до раздачи ролей", "после раздачи"
    else:
        where = f"{phase_name(old, lower=True)}, фаза разрешена" if old else "прошлая фаза, она разрешена"
        when = "после её конца"
    before = str((event.last_seen or {}).get("text", ""))
    game.records.notice(f"old-edit:post:{event.post_id}:{event.version}", NoticeKind.EDITED,
                        f"{post.author}: пост {event.post_id} ({where}) исправлен {when}. Заявки из правки "
                        f"не берутся, ничего не изменилось.\nбыло: «{_shown(before)}»\n"
                        f"стало: «{_shown(post.text)}»", str(clock.phase))
    return True


def _shown(text: str, limit: int = 300) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _given(post, change: Change) -> datetime | None:
    """When an order was given: an edit counts from the edit, when the forum shows it."""
    if change is Change.EDITED and post.edited_at is not None:
        return post.edited_at
    return post.posted_at


def take_pm(game: Game, event, report: PollReport | None = None) -> None:
    report = report or PollReport()
    message = event.message
    if event.change is Change.DELETED or message is None:
        return
    _read_again(game, "pm", event.message_id)
    if message.sender.casefold() == game.gm.casefold():
        return
    clock, roster, settings = _context(game)
    if clock is None:
        note_message(game, kind="pm", source_id=f"{message.conversation_id}/{event.message_id}",
                     version=event.version, author=message.sender, text=message.text, phase=None)
        return
    result = other_readings(game.fold()[0], parse_message(message, roster, settings))
    reply = answers.read(game, clock, kind="pm", author=message.sender, text=message.text, given=message.sent_at,
                         result=result, roster=roster, settings=settings)
    _take(game, clock, reply.rest if reply else result, kind="pm",
          source_id=f"{message.conversation_id}/{event.message_id}", version=event.version, author=message.sender,
          given=message.sent_at, text=message.text, previous=None, report=report, reply=reply)


def _take(game: Game, clock: PhaseClock, result: ParseResult, *, kind: str, source_id: str, version: int,
          author: str, given: datetime | None, text: str, previous: dict | None, report: PollReport,
          reply: answers.TakenReply | None = None) -> None:
    """`reply`: the message is the asked player's answer to the engine's question
    (`gorod.loop.answers`); `result` is then what else it orders."""
    records = game.records
    now = game.now()
    given_at = given or now
    deal = game.deal() or {}
    if deal.get("dealt_at") and given_at < datetime.fromisoformat(deal["dealt_at"]):
        # written before the game began: talk, not orders — but never dropped unsaid when it
        # reads as orders: a forum time in another zone than the profile's dates the whole
        # night before the deal
        if result.orders or result.unresolved:
            _before_the_deal(game, clock, kind=kind, source_id=source_id, version=version, author=author,
                             given_at=given_at, dealt_at=datetime.fromisoformat(deal["dealt_at"]), text=text)
        return
    late, unsure = _placed(given_at, now, clock, getattr(game.forum, "time_precision", 1) if given else 1)
    phase = str(clock.phase)
    with game.store.transaction():
        known = records.source_orders(kind, source_id)
        newer = any(o.source_version > version for o in known)   # an old version taken late (a retry)
        earlier = [o for o in known if o.source_version < version and o.status == "active"]
        for order in earlier:
            records.set_order_status(order.id, "superseded", f"заменена правкой (версия {version})")
        if version > 1:
            records.close_source_unresolved(kind, source_id, version)
        stored, stored_ids = [], []
        for item, order in enumerate(result.orders):
            by = order.by or author
            status = "superseded" if newer else "late" if late else "active"
            note = ("заменена более поздней правкой" if newer else "дана во время резолва" if late else None)
            order_id = records.add_order(phase, order, by, source_kind=kind, source_id=source_id,
                                         source_version=version, item=item, status=status, note=note,
                                         given_at=given_at.isoformat())
            if order_id is not None:
                stored.append(replace(order, by=by))
                stored_ids.append(order_id)
        for item, un in enumerate(result.unresolved):
            if records.add_unresolved(phase, author, un, source_kind=kind, source_id=source_id,
                                      source_version=version, item=item):
                report.unresolved += 1
        if reply is not None and not newer:
            # the answer is in force even after the deadline: the question was asked after it
            answers.store(game, reply, kind=kind, source_id=source_id, version=version,
                          item=len(result.orders) if reply.reply.clear else len(result.unresolved),
                          given_at=given_at, text=text)
            report.orders += int(reply.reply.clear)
            report.unresolved += int(not reply.reply.clear)
        if previous is not None and (earlier or result.orders):
            diff = "\n".join(difflib.unified_diff(str(previous.get("text", "")).splitlines(), text.splitlines(),
                                                  "было", "стало", lineterm=""))
            before = "; ".join(o.text for o in earlier) or "нет"
            after = "; ".join(str(o) for o in result.orders) or "нет"
            records.notice(f"edit:{kind}:{source_id}:{version}", NoticeKind.EDITED,
                           agreed(f"{author} исправил(а) ", author, game.texts.genders)
                           + f"{'пост' if kind == 'post' else 'ЛС'} {source_id} "
                           f"(версия {version}). Заявки были: {before}; стали: {after}.\n{diff}", phase)
            report.edited += 1
        if unsure and stored and not newer:
            shown = given_at.astimezone(game.config.schedule.zone)
            records.notice(f"boundary:{kind}:{source_id}:{version}", NoticeKind.BOUNDARY,
                           f"{'Пост' if kind == 'post' else 'ЛС'} {source_id} ({author}) помечен {shown:%H:%M} — "
                           f"в ту же минуту, что и {unsure}; форум показывает время с точностью до минуты, "
                           "поэтому заявки приняты: " + "; ".join(str(o) for o in stored)
                           + ". Если они опоздали: gorod order drop ID.", phase)
        shown = tuple(c.text for c in result.shown) if kind == "pm" else ()
        if (shown or (not result.orders and not result.unresolved)) and not newer and reply is None:
            # a PM's clauses with no order are shown to the GM highlighted inside it (issue 24)
            if note_message(game, kind=kind, source_id=source_id, version=version, author=author, text=text,
                            phase=phase, shown=shown):
                report.letters += 1
        if earlier and not stored and not newer:    # an edit took its orders back
            for nick in {o.by for o in earlier}:
                refresh_receipt(game, phase, nick)
        if not stored or newer:
            return
        if late:
            report.late += len(stored)
            before = given_at < clock.started          # in the резолв of the phase before this one
            draft = late_draft(phase, author, text, str(SourceKey("late", kind, source_id, version)), game.markup,
                               game.texts, game_title=game.title,
                               of_phase=(game.phase_at(given_at) or None) if before else None)
            _add(game, draft)
        else:
            report.orders += len(stored)
            for nick in dict.fromkeys([o.by for o in stored] + [o.by for o in earlier]):
                ask_about_changes(game, phase, nick, stored_ids)
                refresh_receipt(game, phase, nick)


def _placed(shown: datetime, seen: datetime, clock: PhaseClock, precision: int) -> tuple[bool, str | None]:
    """(late, why unsure): an order at a time the forum shows to `precision` seconds (the
    profile's `dates.precision`) was given somewhen in [shown, shown + precision). Late
    only when all of that span is outside the phase; a span across a boundary is placed
    by when gorod first saw it, else taken as on time and the GM told (`why unsure`
    names the boundary): never refused as late for the forum's rounding (issue 14)."""
    span = timedelta(seconds=max(1, precision))
    if shown > clock.deadline or shown + span <= clock.started:
        return True, None
    if precision > 1 and shown <= clock.deadline < shown + span:
        if seen <= clock.deadline:
            return False, None           # gorod had it before the deadline
        return False, f"срок фазы «{phase_name(clock.phase)}»"
    if precision > 1 and shown < clock.started < shown + span:
        return False, f"начало фазы «{phase_name(clock.phase)}»"
    return shown < clock.started, None


def _deleted(game: Game, kind: str, source_id: str, last_seen: dict | None) -> None:
    orders = [o for o in game.records.source_orders(kind, source_id) if o.status == "active"]
    if not orders:
        return
    author = (last_seen or {}).get("author", "?")
    game.records.notice(f"deleted:{kind}:{source_id}", NoticeKind.DELETED,
                        f"Пост {source_id} ({author}) удалён; его заявки остаются в силе: "
                        + "; ".join(f"#{o.id} {o.text}" for o in orders)
                        + ". Снять: gorod order drop ID.", str(orders[0].phase))


def _add(game: Game, draft, trace: list | None = None) -> int:
    [draft_id] = save_drafts(game, [draft], trace=trace)
    return draft_id
