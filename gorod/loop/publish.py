"""`publish(game)`: post the approved drafts, each exactly once, even across crashes.

A public draft (the news post, the «резолв») is a reply in the game's thread; a draft to
a player is a new PM conversation with him. A text longer than the forum takes is split
(`publisher.split`), each part its own post.

One writer at a time: `publish` holds the game's writer lock (`gorod.loop.lock`), so a
second publisher (another `gorod publish`, a round of `gorod run`, the console) is refused
at once, naming this one. Each draft is read again just before it goes.

Exactly once — for each part:
1. the intent is stored first (`outbox`: the text, and for a reply the highest post id
   known before sending), in its own transaction, as a claim (`Records.claim`): only if
   the draft is still approved with the title and text it was read with, and no one has
   claimed the part. A draft rejected or edited meanwhile is not sent with its old text
   (edited and approved again, it is read again and goes with the new one); once a part
   is claimed, `reject` and `edit` are refused («уже отправляется»);
2. the request is sent; the forum's answer is confirmed by the new post's id (the
   writer refuses a redirect to an older post or someone else's: Spirit's silent
   double-post guard) and the rate limit is waited out by the writer;
3. the confirmation (the forum's id) is stored.

A crash between 1 and 3 leaves an intent without a confirmation. Before sending such a
part again, `publish` looks on the forum: a reply by the GM after the recorded id with
the same words (`forum.find_reply`: the thread's last pages, read with the site
profile's selectors, so on any engine gorod reads), or a PM conversation with the same
title whose message has the same words, other than the conversations already confirmed
(`forum.find_pm`: PM titles are the drafts' own, «Город N: Ночь 1», the same for every
player, so the words tell them apart). Found: it is confirmed, not sent. A draft is
`posted` once all its parts are confirmed.

Where the forum gives gorod no PM list to look in (`forum.pm_lookup` false: a profile
without a readable sent list), a PM that may have been sent is never sent again blind:
the GM is asked, in Russian, to look on the forum and say `gorod sent ID` (it is there:
confirmed without sending) or `gorod resend ID` (it is not: sent once more).

A lost answer is treated as a crash at once: when the forum may have taken a write but
its answer did not come back whole (a 5xx after the form was sent, a timeout, a reset, a
truncated body: `WriteUncertain`, never retried by the HTTP client), the part is looked
up on the forum right away; found, it is confirmed; not found, it stays an intent and the
GM is told, and the next round looks once more before sending it again.

Nothing is posted that the GM has not approved: only drafts in state `approved` are
read here, and a draft's text is checked for secrets (`check_draft`) when approved.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.public_count import PublicCount
from gorod.loop.checks import command_problem, order_problem
from gorod.loop.count import retire_stale_counts, stale_count
from gorod.loop.crash import crashpoint
from gorod.loop.game import Game, LoopError
from gorod.loop.records import DraftRow, NoticeKind, OutboxRow
from gorod.tally import tally_now
from publisher.count_check import count_leaks
from publisher.drafts import COUNT
from publisher.keys import PhaseKey, SourceKey, parse_key
from publisher.fit import part_suffix, title_problem
from publisher.secrets import PUBLIC, Knowledge, Leak, check_text
from publisher.split import split_text
from scraper.errors import PostRejected, ScraperError, WriteUncertain, failure_in_russian

STATE_RU = {"pending": "ждёт одобрения", "approved": "одобрен", "rejected": "отклонён", "posted": "отправлен"}


@dataclass
class PublishReport:
    posted: list[int] = field(default_factory=list)          # draft ids fully posted now
    recovered: list[int] = field(default_factory=list)       # outbox ids found on the forum after a crash
    failed: dict[int, str] = field(default_factory=dict)     # draft id -> error

    def to_json(self) -> dict[str, Any]:
        return {"posted": self.posted, "recovered": self.recovered,
                "failed": {str(k): v for k, v in self.failed.items()}}


def pm_title(draft: DraftRow) -> str:
    """The PM's subject: the draft's title as the templates wrote it (no internal number)."""
    return draft.title


def confirmed_pms(game: Game) -> frozenset[str]:
    """The forum ids of the PMs already confirmed, for any draft: neither a send nor a crash
    lookup ever takes one of them for the PM it confirms (two PMs may share a title and
    words; a forum's double-post guard sends a dropped PM to an older one). Id 0 is «sent,
    its id not shown»: no conversation."""
    return frozenset(row.forum_id for row in game.records.outbox()
                     if row.target == "pm" and row.state == "confirmed" and row.forum_id not in (None, "", "0"))


def knowledge(game: Game) -> Knowledge:
    deal = game.deal()
    if deal is None:
        raise LoopError("роли ещё не розданы: gorod deal")
    secrets = {nick: secret for nick, (_open, secret) in deal["seats"].items()}
    masks = {nick: (choice or {}).get("mask") for nick, choice in (deal.get("setup") or {}).items()
             if isinstance(choice, dict) and choice.get("mask")}
    state, events = game.fold()
    return Knowledge.from_game(secrets, [*events, *_told_today(game, state)], masks)


def _told_today(game: Game, state) -> list:
    """What the open day has told players so far (its orders resolve at once, «сразу»: an
    Оракул's answer is drafted within the day): the private facts of the day so far."""
    from engine import events as ev

    current = game.current()
    if current is None or current.phase.is_night or game.over():
        return []
    preview = game.open_preview()   # a phase that cannot resolve has no events: its end says why
    return [e for e in preview.result.events if isinstance(e, ev.Learned)] if preview else []


def check_draft(game: Game, draft: DraftRow, know: Knowledge | None = None) -> list[Leak]:
    """Facts in the draft's text its audience may not know (see `publisher.secrets`)."""
    know = know or knowledge(game)
    leaks = check_text(draft.title + "\n" + draft.body, draft.audience, know)
    for item in draft.trace:
        if item.get("scope") not in (None, "public") and draft.audience not in item.get("to", []):
            leaks.append(Leak(draft.audience, item.get("cause", ""), "?", item.get("type", "?")))
    return leaks + _count_leaks(game, draft)


def _count_leaks(game: Game, draft: DraftRow) -> list:
    """A vote count says no more than the posts (`publisher.count_check`): checked against the
    count it was drafted from and the engine's real tally of the day now."""
    stored = next((item["count"] for item in draft.trace if item.get("type") == "PublicCount"), None)
    current = game.current()
    if draft.kind != COUNT or stored is None or current is None or str(current.phase) != draft.phase:
        return []
    real = tally_now(game, problem=order_problem, refusal=command_problem)
    return count_leaks(draft.title + "\n" + draft.body, PublicCount.from_json(stored),
                       {v.voter: v.target for v in real.votes if v.weight > 0}, real.totals)


def limits_problem(game: Game, draft: DraftRow) -> str | None:
    """Why the forum would not take the PM draft as it is (its profile's `write.limits`), in
    Russian: a title too long (the GM's own: gorod's are fitted when drafted), or the title of
    another approved PM where the forum drops a repeated title (Spirit's double-post guard)."""
    if draft.audience == PUBLIC:
        return None
    limits = game.write_limits
    parts = len(split_text(draft.body, game.pm_max_length))
    problem = title_problem(draft.title, limits, parts=parts)
    if problem:
        return problem
    if limits.same_title_minutes:
        twin = next((d for d in game.records.drafts(["approved"])
                     if d.id != draft.id and d.audience != PUBLIC and d.title == draft.title), None)
        if twin is not None:
            return (f"у одобренного черновика #{twin.id} (ЛС {twin.audience}) тот же заголовок «{draft.title}», а форум "
                    f"{limits.same_title_minutes} мин отбрасывает второе ЛС с тем же заголовком: дайте ему свой "
                    "(например, с именем игрока)")
    return None


def stale_receipt(game: Game, draft: DraftRow) -> str | None:
    """Why a receipt no longer says what is true (exam findings 5, 12): its phase is over
    («напишите мастеру до конца фазы» is moot), or the GM dropped every order it confirms;
    why a «не учтена» notice no longer does: the GM restored its order (gmexam finding 10)."""
    key = parse_key(draft.key)
    if draft.kind == "late" and isinstance(key, SourceKey):
        if any(o.status == "active" for o in game.records.source_orders(key.source, key.source_id)
               if o.source_version == key.version):
            return "заявка, которую он называет не учтённой, восстановлена мастером и в силе"
        return None
    if draft.kind != "receipt" or not isinstance(key, (SourceKey, PhaseKey)):
        return None
    from gorod.loop.words import phase_name

    current = game.current()
    if draft.phase and (current is None or str(current.phase) != draft.phase):
        return (f"приём заявки фазы «{phase_name(draft.phase)}», а она уже разрешена: "
                "его «до конца фазы» устарело")
    withdrawn = game.records.withdrawn(draft.id)
    if withdrawn:
        return f"gorod отозвал этот приём: {withdrawn}"
    if not isinstance(key, SourceKey):
        return None     # a receipt of the phase: kept true by gorod.loop.receipts while it is open
    orders = [o for o in game.records.source_orders(key.source, key.source_id)
              if o.source_version == key.version]
    if orders and all(o.status != "active" for o in orders):
        return "заявки, о приёме которых он говорит, уже не в силе (gorod order list --all)"
    return None


def _past_phase(game: Game, draft: DraftRow) -> bool:
    """A receipt whose phase is over (its wording speaks of the phase as open)."""
    current = game.current()
    return draft.kind == "receipt" and bool(draft.phase) and (current is None or str(current.phase) != draft.phase)


def approve(game: Game, draft_id: int, *, force: bool = False) -> DraftRow:
    draft = game.records.draft(draft_id)
    if draft is None:
        raise LoopError(f"нет черновика #{draft_id}")
    if draft.state == "approved":
        raise LoopError(f"черновик #{draft_id} уже одобрен")
    if draft.state not in ("pending", "rejected"):
        raise LoopError(f"черновик #{draft_id} {STATE_RU.get(draft.state, draft.state)}, а не ждёт одобрения")
    leaks = check_draft(game, draft)
    if leaks and not force:
        raise LoopError(f"черновик #{draft_id}: " + "; ".join(leak.describe() for leak in leaks)
                        + " — исправьте (gorod edit) или одобрите несмотря на это (--force)")
    gone = stale_count(game, draft)
    if gone:   # a count of a day that ended, or one a newer count replaced: never, even forced
        raise LoopError(f"черновик #{draft_id}: {gone} — его не отправить")
    limit = limits_problem(game, draft)
    if limit:
        raise LoopError(f"черновик #{draft_id}: {limit} — исправьте заголовок: gorod edit {draft_id} --title «…» "
                        "(или «Править» в консоли) и одобрите снова")
    stale = stale_receipt(game, draft)
    if stale and _past_phase(game, draft) and not draft.edited:
        raise LoopError(f"черновик #{draft_id}: {stale}; игрок узнает итог из ЛС фазы. Если всё же отправить, "
                        "сначала перепишите текст («Править», gorod edit): «до конца фазы» в нём уже неправда")
    if stale and not force and game.records.withdrawn(draft_id):
        raise LoopError(f"черновик #{draft_id}: {stale}; новый приём, когда он нужен, gorod готовит сам "
                        "(одобрить этот всё же: --force)")
    if stale and not force:
        raise LoopError(f"черновик #{draft_id}: {stale} — отклоните его (gorod reject {draft_id}) "
                        "или одобрите несмотря на это (--force)")
    game.records.set_draft_state(draft_id, "approved", expect=("pending", "rejected"))
    return game.records.draft(draft_id)


def reject(game: Game, draft_id: int) -> DraftRow:
    draft = game.records.draft(draft_id)
    if draft is None:
        raise LoopError(f"нет черновика #{draft_id}")
    if not game.records.reject_draft(draft_id):   # checked and changed at once: a publish may be claiming it
        if game.records.outbox(draft_id):
            raise LoopError(f"черновик #{draft_id} уже отправляется (часть его на форуме или в пути): "
                            "gorod publish его допишет")
        draft = game.records.draft(draft_id)
        raise LoopError(f"черновик #{draft_id} {STATE_RU.get(draft.state, draft.state)}: отклонить можно только ждущий или одобренный")
    return game.records.draft(draft_id)


def edit(game: Game, draft_id: int, body: str, title: str | None = None) -> DraftRow:
    draft = game.records.draft(draft_id)
    if draft is None:
        raise LoopError(f"нет черновика #{draft_id}")
    if not body.strip():
        raise LoopError(f"черновик #{draft_id}: пустой текст; лучше отклоните черновик")
    # checked and changed at once (a publish may be claiming it); an approved draft goes back to
    # pending: a changed text needs a new approval
    if not game.records.edit_draft(draft_id, body if body.endswith("\n") else body + "\n", title):
        raise LoopError(f"черновик #{draft_id} уже отправляется или отправлен: его не изменить")
    return game.records.draft(draft_id)


def publish(game: Game, *, progress=None) -> PublishReport:
    """Post every approved draft (see the module docstring), under the game's writer lock.
    `progress(done, total, draft)` is called after each draft (posted or not), for a GM
    watching a long send."""
    report = PublishReport()
    with game.writing("отправка одобренных черновиков"):
        retire_stale_counts(game)   # a count never goes out after its day has ended
        approved = game.records.drafts(["approved"])
        for done, listed in enumerate(approved, 1):
            _publish_one(game, listed.id, report)
            if progress is not None:
                progress(done, len(approved), listed)
    return report


def _publish_one(game: Game, draft_id: int, report: PublishReport) -> None:
    """One draft, read afresh: rejected or edited since the list was read, it is not sent."""
    for _again in range(3):     # edited and approved again between reading and claiming: its new text
        draft = game.records.draft(draft_id)
        if draft is None or draft.state != "approved":
            return
        if _past_phase(game, draft) and not draft.edited and not game.records.outbox(draft.id):
            game.records.withdraw_draft(draft.id, "фаза закончилась раньше, чем приём ушёл")
            return          # never sent after its phase with «до конца фазы» in it
        try:
            if stale_count(game, draft, replaced=False):
                _settle_stale_count(game, draft, report)
                return
            if _publish_draft(game, draft, report) or game.records.outbox(draft_id):
                return      # done, or a part claimed by another: never sent a second time from here
        except PostRejected as exc:   # the forum said no: back to the GM, the others go on
            report.failed[draft.id] = str(exc)
            refused(game, draft, exc)
            return
        except ScraperError as exc:
            report.failed[draft.id] = str(exc)
            game.records.notice(f"publish-failed:{draft.id}:{len(game.records.outbox(draft.id))}", NoticeKind.ERROR,
                                f"черновик #{draft.id} не отправлен: {exc}")   # until posted or read
            return


def _settle_stale_count(game: Game, draft: DraftRow, report: PublishReport) -> None:
    """A count whose day ended while it was being posted (a crash between the intent and the
    confirmation): what reached the forum is confirmed, nothing more is sent."""
    rows = game.records.outbox(draft.id)
    for row in rows:
        if row.state != "confirmed":
            found = _look_up(game, game.forum, row)
            if found is not None:
                game.records.confirm(row.id, str(found.id), found.url)
                report.recovered.append(row.id)
    rows = game.records.outbox(draft.id)
    if rows and all(row.state == "confirmed" for row in rows) and len(rows) == rows[0].parts:
        game.records.set_draft_state(draft.id, "posted", expect=("approved",))
        report.posted.append(draft.id)
        return
    game.records.set_draft_state(draft.id, "rejected", expect=("approved",))
    game.records.notice(f"count-stale:{draft.id}", NoticeKind.ERROR,
                        f"черновик #{draft.id} (подсчёт голосов) не дописан: его день закончился, "
                        "а подсчёт после конца дня не отправляется")


def refused(game: Game, draft: DraftRow, exc: PostRejected) -> None:
    """The forum refused the draft (or gorod did, for a limit of the profile): nothing of the
    refused part is on the forum, so its intent goes, the draft goes back to the GM's
    approval (`publish` no longer tries it every round), and a Russian notice on the draft
    says why and what he can do in the console."""
    game.records.drop_intents(draft.id)
    game.records.set_draft_state(draft.id, "pending", expect=("approved",))
    posted = [row for row in game.records.outbox(draft.id) if row.state == "confirmed"]
    where = "ЛС игроку " + draft.audience if draft.audience != PUBLIC else "пост в теме"
    why = getattr(exc, "ru", "") or failure_in_russian(exc)
    fix = ("исправьте его в консоли («Править»: заголовок и текст) или командой gorod edit "
           f"{draft.id} --title …, и одобрите снова (или отклоните)") if not posted else (
           f"часть его уже на форуме ({len(posted)} из {posted[0].parts}), так что править его нельзя: "
           "устраните причину и одобрите его снова — уйдут остальные части")
    game.records.notice(f"publish-refused:{draft.id}:{game.records.count_refusals(draft.id)}", NoticeKind.ERROR,
                        f"черновик #{draft.id} ({where} «{draft.title}») не отправлен: {why}. Он снова ждёт "
                        f"одобрения; {fix}. Остальные черновики отправляются как обычно.", draft.phase)


def can_look_up_pms(forum) -> bool:
    """Whether the forum has a PM list gorod can read to find a PM sent before a crash."""
    return bool(getattr(forum, "pm_lookup", True))


def _resend_key(row: OutboxRow) -> str:
    return f"pm-resend:{row.id}"


def _unsure_pms(game: Game, draft_id: int) -> list[OutboxRow]:
    """The draft's PM parts that may or may not be on the forum (an intent, no confirmation)."""
    return [row for row in game.records.outbox(draft_id) if row.target == "pm" and row.state != "confirmed"]


def mark_sent(game: Game, draft_id: int) -> list[OutboxRow]:
    """`gorod sent ID`: the GM saw the draft's PM on the forum: its unconfirmed parts are
    confirmed without sending (no forum id: the list was not readable)."""
    rows = _unsure_pms(game, draft_id)
    if not rows:
        raise LoopError(f"черновик #{draft_id}: нет ЛС, про которое не известно, ушло ли оно")
    for row in rows:
        game.records.confirm(row.id, "", None)
        game.records.put(_resend_key(row), False)
    game.records.clear_notices(f"pm-unsure:{draft_id}:")
    return rows


def allow_resend(game: Game, draft_id: int) -> list[OutboxRow]:
    """`gorod resend ID`: the GM did not find the draft's PM on the forum: the next publish
    sends its unconfirmed parts once more (once: a new doubt asks him again)."""
    rows = _unsure_pms(game, draft_id)
    if not rows:
        raise LoopError(f"черновик #{draft_id}: нет ЛС, про которое не известно, ушло ли оно")
    for row in rows:
        game.records.put(_resend_key(row), True)
    game.records.clear_notices(f"pm-unsure:{draft_id}:")
    return rows


def _ask_the_gm(game: Game, draft: DraftRow, row: OutboxRow, why: str, attempt: int) -> None:
    """The PM may be on the forum or not and gorod cannot look: the GM decides."""
    text = (f"ЛС игроку {row.recipient} «{row.title}» (черновик #{draft.id}): {why}, а список отправленных ЛС "
            f"на этом форуме gorod прочитать не может — может быть, ЛС ушло, может быть, нет. Проверьте "
            f"«Отправленные» на форуме и скажите gorod: «gorod sent {draft.id}», если ЛС там есть, или "
            f"«gorod resend {draft.id}», чтобы отправить его снова. До тех пор gorod его не отправит.")
    # once per doubt: the attempt it is about names it, whichever round asks
    game.records.notice(f"pm-unsure:{draft.id}:{row.id}:{attempt}", NoticeKind.ERROR, text, draft.phase)


def _look_up(game: Game, forum, row: OutboxRow):
    """The part on the forum, if it got there: the GM's reply after the recorded id with
    its words, or the PM conversation with its title."""
    if row.target == "topic":
        return forum.find_reply(row.after_id, row.text)
    return forum.find_pm(row.recipient, row.title, row.text, confirmed_pms(game))


def _publish_draft(game: Game, draft: DraftRow, report: PublishReport) -> bool:
    """Send what of `draft` is not on the forum yet; False when a part could not be claimed
    (the draft changed since it was read: the caller reads it again)."""
    forum = game.forum
    target = "topic" if draft.audience == PUBLIC else "pm"
    length = forum.max_length if target == "topic" else game.pm_max_length
    existing = {row.part: row for row in game.records.outbox(draft.id)}
    if existing:
        parts_count = next(iter(existing.values())).parts
        texts = [existing[i].text if i in existing else None for i in range(parts_count)]
        if any(t is None for t in texts):   # parts not yet intended: split as when the first was
            fresh = split_text(draft.body, length)
            texts = [t if t is not None else fresh[i] for i, t in enumerate(texts)]
    else:
        texts = split_text(draft.body, length)
    for part, text in enumerate(texts):
        row = existing.get(part)
        if row is not None and row.state == "confirmed":
            continue
        title = pm_title(draft) + part_suffix(part, len(texts))
        if row is not None and target == "pm" and not can_look_up_pms(forum):
            if not game.records.get(_resend_key(row), False):   # the GM has not said "resend"
                _ask_the_gm(game, draft, row, "gorod начал его отправлять, но не знает, дошло ли оно", row.attempts)
                report.failed[draft.id] = "ЛС, может быть, уже отправлено: ждёт решения ведущего (gorod sent / gorod resend)"
                return True
            game.records.put(_resend_key(row), False)          # one resend per word of the GM
        elif row is not None:
            found = _look_up(game, forum, row)
            if found is not None:
                game.records.confirm(row.id, str(found.id), found.url)
                report.recovered.append(row.id)
                continue
        else:
            after = forum.last_post_id() if target == "topic" else None
            row = game.records.claim(draft, part, len(texts), target=target,
                                     recipient=None if target == "topic" else draft.audience,
                                     title=None if target == "topic" else title, text=text, after_id=after)
            if row is None:     # rejected, edited or claimed by another since it was read: not sent
                return False
        game.records.count_attempt(row.id)
        try:
            if target == "topic":
                created = forum.reply(row.text, after=row.after_id)
            else:
                created = forum.send_pm(row.recipient, row.title, row.text, exclude=confirmed_pms(game))
        except WriteUncertain as exc:
            if target == "pm" and not can_look_up_pms(forum):
                _ask_the_gm(game, draft, row, f"ответ форума на отправку потерян ({exc.reason})", row.attempts + 1)
                report.failed[draft.id] = "ЛС, может быть, уже отправлено: ждёт решения ведущего (gorod sent / gorod resend)"
                return True
            created = _look_up(game, forum, row)
            if created is None:
                game.records.notice(f"write-uncertain:{row.id}:{row.attempts + 1}", NoticeKind.ERROR,
                                    f"черновик #{draft.id}: ответ форума потерян ({exc.reason}); "
                                    "на форуме этого текста нет — в следующем раунде gorod проверит ещё раз "
                                    "и только тогда отправит снова", draft.phase)
                raise
            report.recovered.append(row.id)
        crashpoint("sent")
        game.records.confirm(row.id, str(created.id), created.url)
    game.records.set_draft_state(draft.id, "posted", expect=("approved",))
    game.records.clear_notices(f"publish-failed:{draft.id}:")   # posted now: the error notice is moot
    report.posted.append(draft.id)
    return True
