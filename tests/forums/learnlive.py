"""`gorod forum learn` on a live forum's conformance thread: learned from the thread's first
two pages with the engine's profile hidden, the learned profile must read every page of the
thread as the shipped profile does (scraper.learn.compare)."""
from __future__ import annotations

from scraper.learn import learn_pages
from scraper.learn.compare import compare_page


def learned_against_shipped(board, topic: str) -> tuple[list, object]:
    """(each page's comparison, the learned profile) for the thread `topic` of `board`."""
    thread = board.read_thread(topic)
    client = board.client(None)
    pages = []
    for url in thread.pages:
        fetched = client.get(url)
        pages.append((fetched.content, fetched.url))
    learned = learn_pages(pages[:2], timezone=board.profile.timezone, name=f"learned-{board.engine.name}")
    profile = learned.profile()
    return [compare_page(c, s, board.profile, profile, url=s) for c, s in pages], learned
