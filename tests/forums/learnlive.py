"""`gorod forum learn` on a live forum's conformance thread: learned from the thread's first
two pages with the engine's profile hidden, the learned profile must read every page of the
thread as the shipped profile does (scraper.learn.compare)."""
from __future__ import annotations

import os
from pathlib import Path

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
    keep = os.environ.get("GOROD_LEARN_KEEP_PAGES")     # a folder: the pages the learner saw, to look at
    if keep:
        folder = Path(keep) / board.engine.name
        folder.mkdir(parents=True, exist_ok=True)
        for i, (content, _) in enumerate(pages, 1):
            (folder / f"page-{i:02d}.html").write_bytes(content)
    learned = learn_pages(pages[:2], timezone=board.profile.timezone, name=f"learned-{board.engine.name}")
    profile = learned.profile()
    compared = [compare_page(c, s, board.profile, profile, url=s) for c, s in pages]
    return [p for p in compared if p is not None], learned
