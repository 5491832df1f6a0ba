"""A GM's PM list of more than one page on a live forum, for the conformance suite and for
saving its pages (tests/forums/capture_inbox.py).

    gm = inbox_owner(board)                   # the GM whose list the test fills
    sent = fill_past_one_page(board, gm, stamp)   # players' PMs until page 1 links a page 2
    pages = list_pages(board, gm)             # every page of his list, page 1 first

The board's own GM, except where the engine's entry names a GM of the test's own
(`Engine.own_gm`: phpBB holds every PM past a folder's 50 back, and its admin's folder is
shared by every test of the lab). Players take turns sending, each PM titled with the stamp
and its number (MyBB refuses the same subject and text to one recipient for five hours).
"""
from __future__ import annotations

from dataclasses import dataclass

from scraper.http import Fetched
from scraper.inbox import Inbox, extract_inbox
from scraper.write import Created

from engines import fresh_name

MAX_FILL = 80            # PMs: a list that still has one page after so many is a failed paging


@dataclass(frozen=True)
class ListPage:
    fetched: Fetched
    inbox: Inbox


def inbox_owner(board) -> str:
    if board.engine.own_gm is None:
        return board.gm
    return board.engine.own_gm(board, fresh_name())


def inbox_url(board, user: str) -> str:
    profile = board.profile
    base = board.url.rstrip("/")
    if profile.pm_json is not None:
        return profile.pm_json.inbox.format(base=base, user=user)
    return profile.url("pm_inbox", base=base)


def list_pages(board, user: str, *, limit: int = 40) -> list[ListPage]:
    """Every page of `user`'s PM list, following the profile's next-page link."""
    client = board.client(user)
    url, pages, seen = inbox_url(board, user), [], set()
    while url and url not in seen and len(pages) < limit:
        seen.add(url)
        fetched = client.get(url, auth=True)
        inbox = extract_inbox(fetched.content, board.profile, fetched.url)
        pages.append(ListPage(fetched, inbox))
        url = inbox.next_url
    return pages


def has_page_two(board, user: str) -> bool:
    """Page 1 links a next page that lists conversations (NodeBB's list always names a
    next start: past the end it lists none)."""
    pages = list_pages(board, user, limit=2)
    return len(pages) == 2 and bool(pages[1].inbox.entries)


def fill_past_one_page(board, gm: str, stamp: str, *, batch: int = 5) -> list[tuple[str, Created]]:
    """Players' PMs to `gm` until his list has a page 2: [(sender, created)], oldest first."""
    sent: list[tuple[str, Created]] = []
    while not has_page_two(board, gm):
        assert len(sent) < MAX_FILL, f"{board.url}: {len(sent)} PMs sent and {gm}'s list has still one page"
        for _ in range(batch):
            sender = board.players[len(sent) % len(board.players)]
            n = len(sent) + 1
            created = board.writer(sender).send_pm([gm], f"Страница ЛС {stamp} №{n}",
                                                   f"Письмо №{n} мастеру: ночной ход на проверку списка ЛС.")
            sent.append((sender, created))
    return sent
