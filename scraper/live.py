"""One-shot reads of a live forum, for the CLI (`gorod scrape URL`, `gorod scrape --pm`).

    read_pms(profile, base_url, username=..., password_env=..., store=None) -> list[PrivateMessage]
    read_thread(profile, url, store=None) -> list[Post]

With `store=None` everything is read (an in-memory store: the first pass sees it all);
with a `scraper.poststore.PostStore` (gorod's store is one), only what is new since the last read through that store. Errors are the
scraper's (`AuthRequired` for a refused login, `LayoutChanged`, ...), for the CLI to turn
into a message and a non-zero exit.
"""
from __future__ import annotations

from urllib.parse import urlsplit

from config.profiles import Profile
from scraper.errors import ScraperError
from scraper.http import HttpClient, HttpSettings, settings_for
from scraper.model import Post, PrivateMessage
from scraper.poll import Change, PmPoller, ThreadPoller
from scraper.poststore import MemoryPostStore, PostStore


def read_pms(profile: Profile, base_url: str, *, username: str, password_env: str,
             store: PostStore | None = None, settings: HttpSettings | None = None) -> list[PrivateMessage]:
    client = HttpClient.for_profile(profile, base_url, username=username, password_env=password_env,
                                    settings=settings or settings_for(profile))
    client.login()  # a refused login is an error now, not an empty inbox later
    poller = PmPoller(client, profile, store or MemoryPostStore())
    events = list(poller.poll())
    _no_unreadable(events, "message")
    return [e.message for e in events if e.change is not Change.DELETED and e.message is not None]


def _no_unreadable(events: list, what: str) -> None:
    """A one-shot read is all or nothing: a post that did not read is its error."""
    bad = [e.unreadable for e in events if e.change is Change.UNREADABLE]
    if bad:
        raise bad[0].error if bad[0].error is not None else ScraperError(
            f"{bad[0].source}: {what} #{bad[0].place}: {bad[0].problem}")


def read_thread(profile: Profile, url: str, *, store: PostStore | None = None,
                settings: HttpSettings | None = None) -> list[Post]:
    parts = urlsplit(url)
    client = HttpClient(f"{parts.scheme}://{parts.netloc}/", settings or settings_for(profile))
    poller = ThreadPoller(client, profile, store or MemoryPostStore(), url)
    events = list(poller.poll())
    _no_unreadable(events, "post")
    return [e.post for e in events if e.post is not None]
