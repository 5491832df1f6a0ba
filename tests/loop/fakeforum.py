"""An in-memory forum for the loop's offline tests, with the methods of `ForumPort`.

Players post and write PMs; gorod's replies and PMs are kept. Delivery is like the
real pollers': an event counts as seen only when the consumer asks for the next one,
so a crash while handling one hands it out again (and a `finally` never records it,
as with a killed process). `fail_next_send` makes the forum take a post and then fail
to answer (the request succeeded, gorod does not know).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from config.profiles import WriteLimits
from scraper.model import Post, PrivateMessage
from scraper.poll import Change, PmEvent, PostEvent
from scraper.write import Created


@dataclass
class Item:
    id: int
    author: str
    text: str
    at: datetime
    version: int = 1
    title: str = ""
    to: str = ""
    edited_at: datetime | None = None


@dataclass
class FakeForum:
    gm: str = "gm"
    engine: str = "spirit"
    max_length: int = 3000
    pm_max_length: int = 3000
    limits: WriteLimits = field(default_factory=WriteLimits)   # the profile's write.limits
    time_precision: int = 1
    pm_lookup: bool = True                                   # False: find_pm cannot look (no PM list)
    posts: list[Item] = field(default_factory=list)
    inbox: list[Item] = field(default_factory=list)          # PMs to the GM
    sent_pms: list[Item] = field(default_factory=list)       # PMs from the GM
    seen_posts: dict[int, int] = field(default_factory=dict)
    seen_pms: dict[int, int] = field(default_factory=dict)
    next_id: int = 1
    sends: int = 0
    rescans: int = 0

    # -- the players' side ---------------------------------------------------------------
    def post(self, author: str, text: str, at: datetime) -> Item:
        item = Item(self.next_id, author, text, at)
        self.next_id += 1
        self.posts.append(item)
        return item

    def edit(self, item: Item, text: str, at: datetime | None = None) -> None:
        """`at`: the edit's time as the forum shows it (None: the forum shows none)."""
        item.text = text
        item.version += 1
        item.edited_at = at or item.edited_at

    def pm(self, sender: str, text: str, at: datetime) -> Item:
        item = Item(self.next_id, sender, text, at, title="заявка")
        self.next_id += 1
        self.inbox.append(item)
        return item

    # -- ForumPort -------------------------------------------------------------------------
    def poll_thread(self, *, rescan: bool = False):
        self.rescans += int(rescan)
        for item in list(self.posts):
            if self.seen_posts.get(item.id, 0) >= item.version:
                continue
            change = Change.NEW if item.id not in self.seen_posts else Change.EDITED
            post = Post(str(item.id), item.author, item.at, item.text, edited=item.version > 1,
                        edited_at=item.edited_at)
            yield PostEvent(change, "topic", str(item.id), item.version, post,
                            {"text": "(earlier)", "author": item.author} if change is Change.EDITED else None)
            self.seen_posts[item.id] = item.version   # only when the consumer comes back

    def poll_pms(self, *, rescan: bool = False):
        for item in list(self.inbox):
            if item.id in self.seen_pms:
                continue
            message = PrivateMessage(str(item.id), str(item.id), item.author, item.title, item.at, item.text)
            yield PmEvent(Change.NEW, f"pm:{item.id}", str(item.id), 1, message)
            self.seen_pms[item.id] = 1

    def last_post_id(self) -> int | None:
        return max((p.id for p in self.posts), default=None)

    def reply(self, text: str, *, after: int | None) -> Created:
        self.sends += 1
        item = self.post(self.gm, text, datetime.now())
        self.seen_posts[item.id] = 1
        return Created(item.id, f"/comment/{item.id}/")

    def send_pm(self, to: str, title: str, text: str, *, exclude: frozenset[str] = frozenset()) -> Created:
        self.sends += 1
        item = Item(self.next_id, self.gm, text, datetime.now(), title=title, to=to)
        self.next_id += 1
        self.sent_pms.append(item)
        return Created(item.id, f"/topic/private/{item.id}/")

    def find_reply(self, after: int | None, text: str):
        from gorod.loop.forum import plain
        for item in self.posts:
            if item.author == self.gm and (after is None or item.id > after) and plain(item.text) == plain(text):
                return Created(item.id, f"/comment/{item.id}/")
        return None

    def find_pm(self, to: str, title: str, text: str, exclude: frozenset[str] = frozenset()):
        from gorod.loop.forum import plain
        if not self.pm_lookup:
            return None
        for item in self.sent_pms:
            if item.title == title and plain(item.text) == plain(text) and str(item.id) not in exclude:
                return Created(item.id, f"/topic/private/{item.id}/")
        return None

    # -- what the tests read -----------------------------------------------------------------
    def gm_posts(self) -> list[Item]:
        return [p for p in self.posts if p.author == self.gm]

    def pms_to(self, nick: str) -> list[Item]:
        return [p for p in self.sent_pms if p.to == nick]
