"""Reviewing drafts: `gorod drafts`, `gorod show ID`, `gorod approve ID...|--all`,
`gorod reject ID`, `gorod edit ID`, `gorod publish`, and `gorod sent ID` / `gorod resend ID`
for a PM gorod cannot tell was sent (a forum without a readable PM list).

Nothing is posted without approval: `approve` marks a draft for posting (after the
secrets check), `publish` (or the next `gorod run`) posts it, exactly once.
"""
from __future__ import annotations

import os
import shlex
import subprocess
import sys
import tempfile

from gorod.commands._game import add_game_option, phase_arg, print_json, with_game
from gorod.loop.words import draft_kind

STATE_RU = {"pending": "ждёт", "approved": "одобрен", "rejected": "отклонён", "posted": "отправлен"}


def register(sub) -> None:
    p = sub.add_parser("drafts", help="список черновиков (по умолчанию ждущие)",
                       description="List the drafts: id, state, kind, audience, title. By default the "
                       "pending and approved ones; --all adds rejected and posted ones (with the forum's "
                       "ids of what was posted).")
    add_game_option(p)
    p.add_argument("--all", action="store_true", help="also rejected and posted drafts")
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_drafts)

    p = sub.add_parser("show", help="текст черновика и события, из которых он сложился",
                       description="Print a draft's title and text, whether it was edited, the events it was "
                       "built from (the trace: rule and orders), the secrets check, and where it was posted.")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_show)

    p = sub.add_parser("approve", help="одобрить черновики к отправке (после проверки тайн)",
                       description="Approve drafts: they are posted by `gorod publish` or the next "
                       "`gorod run`. A draft whose text names a secret its audience does not know is "
                       "refused unless --force, and so is a receipt gone stale (its phase resolved, or the GM "
                       "dropped its orders) or a «не учтена» notice of an order the GM restored. A rejected draft named by its number is approved again "
                       "(an undo of `gorod reject`); --all takes only the pending ones.")
    add_game_option(p)
    p.add_argument("ids", type=int, nargs="*", metavar="ID")
    p.add_argument("--all", action="store_true", help="every pending draft")
    p.add_argument("--force", action="store_true",
                   help="approve despite the secrets check, or a receipt gone stale (its phase over, its orders dropped)")
    p.set_defaults(handler=_approve)

    p = sub.add_parser("reject", help="отклонить черновик (не отправится, если не одобрить его снова)",
                       description="Reject a pending or approved draft; it stays in the store and is "
                       "never posted unless the GM approves it again by its number (`gorod approve ID`: "
                       "an undo of a mistaken rejection; `approve --all` takes only pending drafts).")
    add_game_option(p)
    p.add_argument("ids", type=int, nargs="+", metavar="ID")
    p.set_defaults(handler=_reject)

    p = sub.add_parser("edit", help="исправить текст черновика в $EDITOR (или из файла)",
                       description="Open the draft's text in $EDITOR (or read it from --file, '-' for "
                       "stdin). An approved draft goes back to pending: a changed text needs approval.")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.add_argument("--file", metavar="FILE", help="the new text from a file ('-': stdin)")
    p.add_argument("--title", help="a new title (PMs)")
    p.set_defaults(handler=_edit)

    p = sub.add_parser("redraft", help="пересобрать черновики разрешённой фазы (после правки шаблонов)",
                       description="Render the drafts of a resolved phase again from its events, with the "
                       "templates as they are now. Pending drafts not edited by hand get the new text; "
                       "edited, approved and posted ones are kept.")
    add_game_option(p)
    p.add_argument("phase", metavar="PHASE", help="«ночь 1», «день 2» (or 'night 1', 'day2', ...)")
    p.set_defaults(handler=_redraft)

    p = sub.add_parser("publish", help="отправить одобренные черновики сейчас, каждый ровно один раз",
                       description="Post every approved draft to the forum (a reply in the thread, or a PM), "
                       "split where the forum caps length; after a crash, what reached the forum is found "
                       "there and not sent again. Each draft is read again just before it is sent: one "
                       "rejected or edited meanwhile is not sent with its old text. Refused while another "
                       "process resolves or posts (`gorod run`'s round, another publish, the console: the "
                       "game's writer lock), naming it and its PID.")
    add_game_option(p)
    p.add_argument("--json", action="store_true")
    p.set_defaults(handler=_publish)

    p = sub.add_parser("sent", help="ЛС черновика есть на форуме: отметить отправленным, не отправлять снова",
                       description="For a PM gorod may or may not have sent (its answer lost, and no PM list "
                       "on this forum gorod can read to look): the GM found it on the forum, so its "
                       "unconfirmed parts are marked sent and never sent again.")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.set_defaults(handler=_sent)

    p = sub.add_parser("resend", help="ЛС черновика нет на форуме: отправить его снова (один раз)",
                       description="For a PM gorod may or may not have sent: the GM did not find it on the "
                       "forum, so the next `gorod publish` (or round of `gorod run`) sends its unconfirmed "
                       "parts once more.")
    add_game_option(p)
    p.add_argument("id", type=int)
    p.set_defaults(handler=_resend)


@with_game("drafts")
def _drafts(game, args) -> int:
    states = None if args.all else ["pending", "approved"]
    drafts = game.records.drafts(states)
    if args.json:
        out = []
        for d in drafts:
            item = d.to_json()
            item["posted_as"] = [{"part": r.part, "forum_id": r.forum_id, "url": r.url, "state": r.state}
                                 for r in game.records.outbox(d.id)]
            out.append(item)
        print_json(out)
        return 0
    if not drafts:
        print("Черновиков нет.")
    for d in drafts:
        audience = "всем (тема)" if d.audience == "public" else f"ЛС {d.audience}"
        posted = ", ".join(r.forum_id or "?" for r in game.records.outbox(d.id) if r.state == "confirmed")
        withdrawn = game.records.withdrawn(d.id) if d.state == "rejected" else None
        extra = (" ✎" if d.edited else "") + (f" → {posted}" if posted else "") \
            + (f" (отозван gorod: {withdrawn})" if withdrawn else "")
        print(f"#{d.id:<4} {STATE_RU[d.state]:<9} {draft_kind(d.kind):<10} {audience:<20} {d.title}{extra}")
    return 0


@with_game("show")
def _show(game, args) -> int:
    from gorod.loop.game import LoopError
    from gorod.loop.drafting import draft_notes
    from gorod.loop.publish import check_draft
    from gorod.loop.why import explain

    draft = game.records.draft(args.id)
    if draft is None:
        raise LoopError(f"нет черновика #{args.id}")
    leaks = check_draft(game, draft)
    posted = game.records.outbox(draft.id)
    if args.json:
        print_json({**draft.to_json(), "leaks": [leak.describe() for leak in leaks],
                    "posted_as": [r.__dict__ for r in posted]})
        return 0
    audience = "всем (тема)" if draft.audience == "public" else f"ЛС {draft.audience}"
    print(f"#{draft.id} {draft_kind(draft.kind)} → {audience}; {STATE_RU[draft.state]}" + (" (исправлен)" if draft.edited else ""))
    print(f"Заголовок: {draft.title}")
    for note in draft_notes(game, draft.id):
        print(f"  ! {note}")
    print("-" * 60)
    print(draft.body.rstrip())
    print("-" * 60)
    why = explain(game, draft)
    if why:
        print("Почему:")
        for w in why:
            print("  " + (f"«{w.line}» ← " if w.line else "") + w.describe())
    print("Проверка тайн: " + ("чисто" if not leaks else "; ".join(leak.describe() for leak in leaks)))
    for r in posted:
        state = "на форуме" if r.state == "confirmed" else "отправляется"
        print(f"Часть {r.part + 1}/{r.parts}: {state}" + (f" ({r.forum_id} {r.url or ''})".rstrip() if r.forum_id else ""))
    return 0


@with_game("approve")
def _approve(game, args) -> int:
    from gorod.loop import approve
    from gorod.loop.game import LoopError

    ids = list(args.ids)
    if args.all:
        ids += [d.id for d in game.records.drafts(["pending"]) if d.id not in ids]
    if not ids:
        raise LoopError("назовите черновики (номера) или --all")
    failed = 0
    for draft_id in ids:
        try:
            before = game.records.draft(draft_id)
            approve(game, draft_id, force=args.force)
            was_rejected = before is not None and before.state == "rejected"
            print(f"#{draft_id} одобрен" + (" (был отклонён; теперь будет отправлен)" if was_rejected else ""))
        except LoopError as exc:
            print(f"gorod approve: {exc}", file=sys.stderr)
            failed += 1
    return 1 if failed else 0


@with_game("reject")
def _reject(game, args) -> int:
    from gorod.loop import reject

    for draft_id in args.ids:
        reject(game, draft_id)
        print(f"#{draft_id} отклонён")
    return 0


@with_game("edit")
def _edit(game, args) -> int:
    from gorod.loop import edit
    from gorod.loop.game import LoopError

    draft = game.records.draft(args.id)
    if draft is None:
        raise LoopError(f"нет черновика #{args.id}")
    if args.file == "-":
        body = sys.stdin.read()
    elif args.file:
        with open(args.file, encoding="utf-8") as handle:
            body = handle.read()
    else:
        editor = os.environ.get("VISUAL") or os.environ.get("EDITOR") or "vi"
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False, encoding="utf-8") as handle:
            handle.write(draft.body)
            path = handle.name
        try:
            if subprocess.call([*shlex.split(editor), path]) != 0:
                raise LoopError(f"{editor} завершился с ошибкой; черновик не изменён")
            with open(path, encoding="utf-8") as handle:
                body = handle.read()
        finally:
            os.unlink(path)
    if body == draft.body and args.title is None:
        print(f"#{draft.id}: без изменений")
        return 0
    edited = edit(game, draft.id, body, args.title)
    print(f"#{edited.id} исправлен; состояние: {STATE_RU[edited.state]}")
    return 0


@with_game("publish")
def _publish(game, args) -> int:
    from gorod.loop import publish

    def said(done: int, total: int, draft) -> None:      # a long send shows it is moving
        if not args.json:
            print(f"[{done}/{total}] #{draft.id} {draft_kind(draft.kind)} → "
                  f"{'тема' if draft.audience == 'public' else draft.audience}", flush=True)

    report = publish(game, progress=said)
    if args.json:
        print_json(report.to_json())
    else:
        print(f"отправлено: {len(report.posted)}; найдено на форуме после сбоя: {len(report.recovered)}")
        for draft_id, error in report.failed.items():
            print(f"черновик #{draft_id} не отправлен: {error}")
    return 1 if report.failed else 0


@with_game("sent")
def _sent(game, args) -> int:
    from gorod.loop.publish import mark_sent

    rows = mark_sent(game, args.id)
    print(f"черновик #{args.id}: ЛС отмечено отправленным ({len(rows)} ч.), снова не уйдёт")
    return 0


@with_game("resend")
def _resend(game, args) -> int:
    from gorod.loop.publish import allow_resend

    rows = allow_resend(game, args.id)
    print(f"черновик #{args.id}: ЛС ({len(rows)} ч.) будет отправлено снова при следующей отправке (gorod publish)")
    return 0


@with_game("redraft")
def _redraft(game, args) -> int:
    from gorod.loop import draft

    from gorod.loop.words import phase_name

    args.phase = str(phase_arg(args.phase))
    made = draft(game, args.phase)
    print(f"{phase_name(args.phase)}: черновиков обновлено или добавлено: {len(made)}")
    return 0
