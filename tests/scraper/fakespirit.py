"""A fake Spirit forum for offline poller tests: pages written from Spirit's templates,
served through `responses`, with posts, edits, deletions and PMs under the test's control.

`shift_on_delete=True` makes it behave like engines whose pages shift when a post is
deleted (phpBB); by default a deleted post stays in place as a placeholder, as in Spirit.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit

import responses

from scraper.http import HttpClient, HttpSettings, LoginForm

BASE = "http://spirit.test"
TOPIC = "/topic/1/gorod/"


def gm_client() -> HttpClient:
    """The GM's client of the fake forum: no interval, no retries, no sleeping, logged in."""
    client = HttpClient(BASE, HttpSettings(min_interval=0, retries=0), sleep=lambda s: None)
    client.login_form = LoginForm("/user/login/", "gm", "GOROD_TEST_UNUSED")
    client.logged_in = True   # the fake forum asks nobody to log in
    return client


@dataclass
class FakePost:
    pk: int
    author: str
    text: str
    edits: int = 0
    deleted: bool = False
    time: str = "Nov. 29, 2026, 10:30 p.m."   # as its page shows it (li[title])


@dataclass
class Conversation:
    id: int
    subject: str
    posts: list[FakePost] = field(default_factory=list)


class FakeSpirit:
    def __init__(self, rsps: responses.RequestsMock, per_page: int = 3, *, etags: bool = False,
                 shift_on_delete: bool = False) -> None:
        self.per_page = per_page
        self.etags = etags
        self.shift_on_delete = shift_on_delete
        self.posts: list[FakePost] = []
        self.conversations: list[Conversation] = []
        self.next_pk = 1
        self.hits: list[str] = []
        self.served: dict[str, str] = {}   # "inbox" or a conversation id: this body, 200, instead
        rsps.add_callback(responses.GET, re.compile(re.escape(BASE) + r"/topic/1/gorod/.*"), self._topic)
        rsps.add_callback(responses.GET, re.compile(re.escape(BASE) + r"/topic/private/\d+/.*"), self._conversation)
        rsps.add_callback(responses.GET, re.compile(re.escape(BASE) + r"/topic/private/(\?.*)?$"), self._inbox)

    # -- the test's side ------------------------------------------------------------------
    def post(self, author: str, text: str) -> FakePost:
        p = FakePost(self.next_pk, author, text)
        self.next_pk += 1
        self.posts.append(p)
        return p

    def pm(self, conversation: Conversation | None, author: str, text: str, subject: str = "") -> Conversation:
        if conversation is None:
            conversation = Conversation(100 + len(self.conversations), subject)
            self.conversations.append(conversation)
        conversation.posts.append(FakePost(self.next_pk, author, text))
        self.next_pk += 1
        # The inbox lists the latest activity first.
        self.conversations.remove(conversation)
        self.conversations.insert(0, conversation)
        return conversation

    # -- the forum's side -------------------------------------------------------------------
    def _visible(self, posts: list[FakePost]) -> list[FakePost]:
        return [p for p in posts if not (self.shift_on_delete and p.deleted)]

    def _page(self, request, posts: list[FakePost], path: str):
        self.hits.append(request.url)
        query = parse_qs(urlsplit(request.url).query)
        page = int(query.get("page", ["1"])[0])
        visible = self._visible(posts)
        last = max(1, -(-len(visible) // self.per_page))
        if page > last:
            return 404, {}, "not found"
        chunk = visible[(page - 1) * self.per_page: page * self.per_page]
        start = (page - 1) * self.per_page + 1
        body = render_page(chunk, start, page, last)
        headers = {}
        if self.etags:
            etag = '"%x"' % (hash(body) & 0xFFFFFFFF)
            if request.headers.get("If-None-Match") == etag:
                return 304, {"ETag": etag}, ""
            headers["ETag"] = etag
        return 200, headers, body

    def _topic(self, request):
        return self._page(request, self.posts, TOPIC)

    def _conversation(self, request):
        conv_id = int(re.search(r"/topic/private/(\d+)/", request.url).group(1))
        conv = next(c for c in self.conversations if c.id == conv_id)
        if str(conv_id) in self.served:
            self.hits.append(request.url)
            return 200, {}, self.served[str(conv_id)]
        return self._page(request, conv.posts, f"/topic/private/{conv_id}/x/")

    def _inbox(self, request):
        self.hits.append(request.url)
        if "inbox" in self.served:
            return 200, {}, self.served["inbox"]
        rows = "".join(
            f'<div class="layout__topics__topic js-clickable-area">'
            f'<div class="topic__title"><a class="topic__link js-clickable-area-target" '
            f'href="/topic/private/{c.id}/x/?page=1#c1">{html.escape(c.subject)}</a></div>'
            f'<div class="topic__comments"><i class="fa fa-comment"></i> {len(c.posts)}</div>'
            f'<div class="topic__date" title="Nov. 29, 2026, 10:30 p.m."></div></div>'
            for c in self.conversations
        )
        rows = rows or "<p>There are no topics here, yet</p>"   # as Spirit's topic/_render_list.html
        return 200, {}, f"<html><body><div class='layout__topics'>{rows}</div></body></html>"


def render_page(posts: list[FakePost], start: int, page: int, last: int) -> str:
    items = []
    for number, p in enumerate(posts, start=start):
        if p.deleted:
            items.append(
                f'<div class="comments_list__item js-comment" id="c{number}" data-number="{number}" data-pk="{p.pk}">'
                f'<div class="comments_list__item__badge"><i class="fa fa-trash-o"></i></div></div>'
            )
            continue
        edited = f'<li><a href="/comment/history/{p.pk}/"><i class="fa fa-pencil"></i> {p.edits}</a></li>' if p.edits else ""
        items.append(
            f'<div class="comments_list__comment js-comment" id="c{number}" data-number="{number}" data-pk="{p.pk}">'
            f'<div class="comment__info"><div class="comment__info__username">'
            f'<a class="comment__info__username__link" href="/user/9/{p.author}/"><span>{html.escape(p.author)}</span></a></div>'
            f'<ul class="comment__info__date">{edited}<li title="{html.escape(p.time)}">now</li></ul></div>'
            f'<div class="comment__text js-comment-text"><p>{html.escape(p.text)}</p></div></div>'
        )
    nav = ""
    if page > 1:
        nav += f'<li class="paginator__button"><a href="?page={page - 1}"><i class="fa fa-chevron-left"></i></a></li>'
    if page < last:
        nav += f'<li class="paginator__button"><a href="?page={page + 1}"><i class="fa fa-chevron-right"></i></a></li>'
    paginator = f'<ul class="paginator"><li class="paginator__pages">Page {page} of {last}</li>{nav}</ul>' if last > 1 else ""
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8"></head><body>'
        f'<div class="comments_list">{"".join(items)}</div>{paginator}</body></html>'
    )
