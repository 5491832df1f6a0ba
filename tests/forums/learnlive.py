"""`gorod forum learn` on a live forum, with the engine's profile hidden, as a GM runs it:
`--inbox URL --user GM` learns the login form from the guest's pages, logs in through it, reads
the inbox, a few conversations and the new-PM page; the thread's first two pages are read as a
guest (the game's thread is read so), the reply form as the GM sees it. Then the learned
profile must read every page of the thread, the inbox and every conversation of it exactly as
the shipped profile does (scraper.learn.compare, scraper.learn.compare_pm).

A forum whose login is a JSON request (Misago, NodeBB) has no login form to learn: there the
PM pages are fetched with the shipped profile's login (what a GM would save by hand for
`--inbox FILE --conversations FILE...`) and learned offline; a forum whose PM list is JSON
(NodeBB's chats) has no PM selectors to learn at all (`LiveLearned.pm_note` says why).
"""
from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from scraper.errors import ScraperError
from scraper.inbox import extract_inbox
from scraper.learn import LearnError, learn_pages
from scraper.learn import fetch
from scraper.learn.compare import compare_page
from scraper.learn.compare_pm import compare_conversation, compare_inbox
from scraper.learn.learner import PmPages

CONVERSATIONS = 6       # conversations of the inbox compared (the newest)
# where each engine's result is recorded, for `python benchmarks/learn_live.py`
REPORT = Path(os.environ.get("GOROD_LEARN_REPORT") or Path(__file__).resolve().parents[2] / ".realforum" / "learn-live.jsonl")


def record(engine: str, **fields) -> None:
    """One JSON line per engine and test: what the live learning read, for the benchmark."""
    import json
    import time
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    with REPORT.open("a", encoding="utf-8") as out:
        out.write(json.dumps({"engine": engine, "at": int(time.time()), **fields}, ensure_ascii=False) + "\n")


@dataclass
class LiveLearned:
    pages: list                      # PageComparison per thread page
    learned: object                  # LearnedProfile
    inbox: list[str] = field(default_factory=list)          # inbox differences
    conversations: dict = field(default_factory=dict)       # row id -> differences
    pm_note: str = ""                # why the PMs were not learned live (JSON login / JSON list)
    notes: list = field(default_factory=list)    # what the learned profile reads beyond the shipped one
    gm: str = ""                     # whose PM list was learned from

    def exact_pages(self) -> int:
        return sum(1 for p in self.pages if p.exact)

    def pm_exact(self) -> bool:
        return not self.inbox and self.conversations and not any(self.conversations.values())


def learned_against_shipped(board, topic: str) -> LiveLearned:
    thread = board.read_thread(topic)
    guest = board.client(None)
    pages = []
    for url in thread.pages:
        fetched = guest.get(url)
        pages.append((fetched.content, fetched.url))
    keep = os.environ.get("GOROD_LEARN_KEEP_PAGES")     # a folder: the pages the learner saw, to look at
    if keep:
        folder = Path(keep) / board.engine.name
        folder.mkdir(parents=True, exist_ok=True)
        for i, (content, _) in enumerate(pages, 1):
            (folder / f"page-{i:02d}.html").write_bytes(content)
    gm = _pm_owner(board)
    pm, gm_pages, note = _pm_pages(board, topic, gm)
    if keep and pm is not None:
        for i, (content, _) in enumerate([*pm.inbox, *pm.conversations], 1):
            (folder / f"pm-{i:02d}.html").write_bytes(content)
    learned = learn_pages(pages[:2], pm=pm, gm_pages=gm_pages, timezone=board.profile.timezone,
                          name=f"learned-{board.engine.name}")
    profile = learned.profile()
    compared = [compare_page(c, s, board.profile, profile, url=s) for c, s in pages]
    result = LiveLearned([p for p in compared if p is not None], learned, pm_note=note, gm=gm)
    if pm is not None and board.profile.pm_inbox is not None:
        _compare_pms(board, profile, result, gm)
    record(board.engine.name, kind="read", pages=len(result.pages), exact_pages=result.exact_pages(),
           page_differences=[list(p.differences[:2]) for p in result.pages if not p.exact],
           inbox=result.inbox if board.profile.pm_inbox is not None and pm is not None else None,
           conversations=len(result.conversations),
           exact_conversations=sum(1 for d in result.conversations.values() if not d),
           login=bool(learned.data.get("login")), pm_note=result.pm_note, notes=result.notes,
           missing=list(learned.missing))
    return result


def _pm_owner(board) -> str:
    """The GM whose PM list is learned from: the board's, or where the engine says so (phpBB:
    a folder holds PMs back once full, the admin's too) a GM of its own, sent two PMs."""
    from pmpages import inbox_owner
    gm = inbox_owner(board)
    if gm != board.gm:
        stamp = int(time.time())
        vasya, petya = board.players[:2]
        board.writer(vasya).send_pm([gm], f"Ночной ход {stamp}", "Проверяю Катю. Прошу ответить до утра.")
        board.writer(petya).send_pm([gm], f"Вопрос {stamp}", "Можно ли лечить себя? Спрашиваю за Аню.")
    return gm


def _pm_pages(board, topic: str, gm: str):
    """(PmPages, the GM's reply page, a note): learned live through the learned login where the
    forum's login is a form; else from pages the shipped profile's login fetched."""
    inbox_url = _inbox_url(board)
    if inbox_url is None:
        return None, (), ("the PM list is JSON only (pm_json: NodeBB's chats API; its chat page lists "
                          "rooms as buttons without links): no PM selectors to learn from HTML")
    thread_url = board.thread_url(topic)
    if board.profile.login.api is None:
        live = fetch.fetch_pm(inbox_url, gm, board.password_env, thread_url=thread_url)
        return live.pm, (fetch.reply_page(live.client, thread_url),), ""
    # a JSON login: the GM's pages as he would save them
    client = board.client(gm)
    got = client.get(inbox_url, auth=True)
    listing = extract_inbox(got.content, board.profile, got.url)
    conversations = []
    for entry in listing.entries[:fetch.CONVERSATIONS]:
        page = client.get(entry.url, auth=True)
        conversations.append((page.content, entry.url))
    pm = PmPages(inbox=((got.content, got.url),), conversations=tuple(conversations), gm=gm)
    return pm, (fetch.reply_page(client, thread_url),), (
        "the login is a JSON request (login.api): not learnable from HTML; the PM pages were read "
        "with the shipped profile's login and learned from them")


def _inbox_url(board) -> str | None:
    if board.profile.pm_inbox is None or "pm_inbox" not in board.profile.urls:
        return None
    return board.client(None).url(board.profile.url("pm_inbox", base=board.url.rstrip("/")))


def _compare_pms(board, learned, result: LiveLearned, gm: str) -> None:
    client = board.client(gm)
    got = client.get(_inbox_url(board), auth=True)
    result.inbox = [d for d in compare_inbox(got.content, got.url, board.profile, learned)
                    if not _a_next_page_the_shipped_misses(client, board.profile, d, result)]
    messages = board.profile.pm_inbox.rows == "messages"
    for entry in extract_inbox(got.content, board.profile, got.url).entries[:CONVERSATIONS]:
        try:
            page = client.get(entry.url, auth=True)
        except ScraperError as exc:
            result.conversations[entry.id] = [f"not fetched: {exc}"]
            continue
        result.conversations[entry.id] = compare_conversation(page.content, entry.url, board.profile, learned,
                                                              row=entry.id if messages else None)


def _a_next_page_the_shipped_misses(client, shipped, difference: str, result: LiveLearned) -> bool:
    """The learned profile reads a next page of the inbox the shipped one does not: no fault of
    the learned one when that page is an inbox the shipped profile reads rows from (Misago's)."""
    import re
    m = re.match(r"inbox next: '([^']+)', shipped None$", difference)
    if not m:
        return False
    try:
        page = client.get(m.group(1), auth=True)
        rows = extract_inbox(page.content, shipped, page.url).entries
    except ScraperError:
        return False
    if rows:
        result.notes.append(f"the learned profile reads the inbox's next page {m.group(1)} ({len(rows)} rows), "
                            "which the shipped profile does not follow")
    return bool(rows)


__all__ = ["LearnError", "LiveLearned", "learned_against_shipped"]
