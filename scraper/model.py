"""The post model: what the scraper hands to the rest of gorod.

Everything here is a frozen value. Sequences are tuples so that posts hash and
compare by value (a poller can keep `set[Post]` to notice edits).

- `Post`: one post of a thread (a forum topic or a PM conversation page).
- `PrivateMessage`: one message of a PM conversation; same body fields as a post.
- `Emphasis`: a bold and/or coloured fragment of the body (orders may require
  bold or a colour); quotes, spoilers and struck-out text carry none.
- `ExtractedPage`: what `scraper.extract.extract_posts` returns for one page.
- `Written`: what a post and a PM have alike (`author`, `when`, the body), the one face the
  readers of messages use; each revives from its `to_json()` with `from_json`.

Body fields, common to both messages:
  text      plain text of the body *without* quotes, spoilers, struck-out text
            and hidden text (a vote inside a quote is not a vote);
  quotes    texts of the quotes (their "X wrote:" header dropped);
  spoilers  texts of spoiler blocks;
  struck    struck-out pieces (<s>, <del>, <strike>);
  secret    hidden / private pieces (hide tags, text visible only to some).
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from urllib.parse import unquote
from datetime import datetime
from typing import Any, Protocol, TypeVar

M = TypeVar("M", "Post", "PrivateMessage")


@dataclass(frozen=True)
class Emphasis:
    """A fragment of the body's own text written bold and/or in a colour.

    `color` is normalised to lower case as written by the forum ("red",
    "#ff0000", "rgb(255, 0, 0)"); None when the fragment is only bold.
    """

    text: str
    bold: bool = False
    color: str | None = None


@dataclass(frozen=True)
class Body:
    """The separated contents of one message body."""

    text: str = ""
    quotes: tuple[str, ...] = ()
    spoilers: tuple[str, ...] = ()
    struck: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    emphasis: tuple[Emphasis, ...] = ()


@dataclass(frozen=True)
class Post:
    """One post of a thread.

    `id` is the forum's stable post id (a string, as the forum writes it);
    `number` is the post's position in the thread when the page says it
    (Spirit, Discourse, NodeBB, ...), else None. `posted_at` and `edited_at`
    are timezone-aware (the profile's zone when the page gives none) or None.
    `edited` is True when the page shows an edit marker; `edit_count` is the
    number of edits when the page says it. `source` is the page's URL or file,
    `page` its page number in the thread (None when unknown).
    """

    id: str
    author: str
    posted_at: datetime | None
    text: str
    quotes: tuple[str, ...] = ()
    spoilers: tuple[str, ...] = ()
    struck: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    emphasis: tuple[Emphasis, ...] = ()
    edited: bool = False
    edited_at: datetime | None = None
    edit_count: int | None = None
    number: int | None = None
    author_id: str | None = None
    page: int | None = None
    source: str = ""

    @property
    def body(self) -> Body:
        return Body(self.text, self.quotes, self.spoilers, self.struck, self.secret, self.emphasis)

    @property
    def when(self) -> datetime | None:
        return self.posted_at

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict: datetimes as ISO 8601 with offset, tuples as lists."""
        return _jsonable(asdict(self))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Post":
        """The post of its `to_json()`."""
        return _revive(cls, data)


@dataclass(frozen=True)
class PrivateMessage:
    """One private message: a message of a PM conversation.

    `conversation_id` groups the messages of one conversation; a reply in an
    old conversation is a new `PrivateMessage` with a new `id`.
    """

    id: str
    conversation_id: str
    sender: str
    subject: str
    sent_at: datetime | None
    text: str
    quotes: tuple[str, ...] = ()
    spoilers: tuple[str, ...] = ()
    struck: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    emphasis: tuple[Emphasis, ...] = ()
    recipients: tuple[str, ...] = ()
    edited: bool = False
    source: str = ""

    @property
    def body(self) -> Body:
        return Body(self.text, self.quotes, self.spoilers, self.struck, self.secret, self.emphasis)

    @property
    def author(self) -> str:
        """Its sender, under the name a post's author has (`Written`)."""
        return self.sender

    @property
    def when(self) -> datetime | None:
        return self.sent_at

    def to_json(self) -> dict[str, Any]:
        return _jsonable(asdict(self))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PrivateMessage":
        """The message of its `to_json()`."""
        return _revive(cls, data)


class Written(Protocol):
    """A post or a PM as the readers of its text see it."""

    @property
    def id(self) -> str: ...
    @property
    def author(self) -> str: ...
    @property
    def when(self) -> datetime | None: ...
    @property
    def text(self) -> str: ...
    @property
    def emphasis(self) -> tuple[Emphasis, ...]: ...
    @property
    def secret(self) -> tuple[str, ...]: ...
    @property
    def source(self) -> str: ...


@dataclass(frozen=True)
class UnreadablePost:
    """A post of a page whose other posts read, that itself did not (its time is in no
    format of the profile, its author or body is missing): the GM is told, naming it, and
    it is read again the next time. `id`/`author` are None when that is what is missing;
    `place` is its position on the page (1-based); `problem` says what failed, in Russian."""

    id: str | None
    author: str | None
    place: int
    source: str
    problem: str
    error: Exception | None = field(default=None, compare=False, repr=False)

    def describe(self, what: str = "пост") -> str:
        """«пост 42 от dave (№3 на странице URL)», as the GM's notice names it («сообщение» for a PM)."""
        who = f"{what} {self.id}" if self.id else f"{what} без номера"
        if self.author:
            who += f" от {self.author}"
        return f"{who} (№{self.place} на странице {unquote(self.source)})"


@dataclass(frozen=True)
class ExtractedPage:
    """The posts of one saved or fetched page, in page order.

    `page` is this page's number in the thread and `last_page` the thread's
    last page number when the page shows them; `next_url` the link to the next
    page (absolute when the page's URL is known, else as written), None on the
    last page.
    """

    source: str
    profile: str
    posts: tuple[Post, ...] = ()
    page: int | None = None
    last_page: int | None = None
    next_url: str | None = None
    unreadable: tuple[UnreadablePost, ...] = ()   # read post by post (`per_post=True`) only
    # the containers the profile's `selectors.post.skip` left out (a moderator's view of a
    # soft-deleted post), by their post ids (None where none reads): no posts, yet they hold
    # their places on the page (`scraper.wholeness` counts them)
    skipped: tuple[str | None, ...] = ()

    @property
    def is_last(self) -> bool:
        if self.page is not None and self.last_page is not None:
            return self.page >= self.last_page
        return self.next_url is None


TIMES = ("posted_at", "edited_at", "sent_at")


def revive_time(value: Any) -> datetime | None:
    """A time of `to_json()` (ISO 8601), or None; ValueError on another value."""
    if not value:
        return None
    if not isinstance(value, str):
        raise ValueError(f"not a time: {value!r}")
    return datetime.fromisoformat(value)


def revive_emphasis(items: Any) -> tuple[Emphasis, ...]:
    return tuple(Emphasis(str(e.get("text", "")), bool(e.get("bold")), e.get("color")) for e in items or ())


def _revive(cls: type[M], data: dict[str, Any]) -> M:
    """`cls` from its `to_json()`: times parsed, emphasis rebuilt, lists back to tuples."""
    values: dict[str, Any] = {}
    for key, value in data.items():
        if key in TIMES:
            value = revive_time(value)
        elif key == "emphasis":
            value = revive_emphasis(value)
        elif isinstance(value, list):
            value = tuple(value)
        values[key] = value
    return cls(**values)


def _jsonable(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
