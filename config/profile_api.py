"""The JSON-API parts of a profile: forums whose login, replies and PMs are JSON requests.

Misago, NodeBB's chats and Discourse have no HTML form to fill: their own pages send JSON
with a CSRF token in a header. A profile says so as data (validated here, used by
`scraper.api`):

    api:                                  # how every JSON request of this forum is sent
      csrf: {cookie: csrftoken, header: X-CSRFToken}       # the token is a cookie's value
      # or {url: "{base}/api/config", field: csrf_token, header: x-csrf-token}   (NodeBB)
      refusal: [detail, status.message]   # where an answer's refusal text is (dotted paths);
                                          # default: every string of the answer
    login:
      api: {url: "{base}/api/auth/", body: {username: "{username}", password: "{password}"}}
    write:
      reply:
        api:                              # one call, or a list of calls made in order
          url: "{base}/api/threads/{thread}/posts/"
          body: {post: "{text}"}
          id: id                          # the new post's id in the answer (dotted path)
          link: url.index                 # its URL: a dotted path, or a template ({base}, {id}, saved values)
      pm:
        api:
          - {method: GET, url: "{base}/api/user/username/{to}", save: {uid: uid}}
          - {url: "{base}/api/v3/chats", body: {uids: ["{uid}"], roomName: "{title}"},
             save: {room: response.roomId}}
          - {url: "{base}/api/v3/chats/{room}", body: {message: "{text}"}, id: response.messageId,
             link: "{base}/chats/{room}"}

Templates: `{text}`, `{title}`, `{to}` (the recipient's name; `{recipients}`: the list),
`{thread}`, `{username}`, `{password}` and every value a call `save`s; `pm_json.inbox` may
name `{user}`, the GM's account. A JSON string that is exactly one template
(`"{uid}"`) takes the value with its type (a number stays a number). Values filled into a
URL are percent-escaped. An answer with HTTP status 400 or more (or one holding the call's
`error` path: Discourse answers a refused login with 200 and `{"error": ...}`) is a refusal: its text
(`refusal`) is matched against `write.rate_limited` (a flood: wait, send that call again)
and else reported as the forum's words.

PMs read through JSON (NodeBB's chats have no HTML list):

    pm_json:
      inbox: "{base}/api/v3/chats"        # the conversation list
      conversations: response.rooms       # where its list is
      id: roomId
      subject: roomName
      count: messageCount                 # grows with each message (unchanged: not read again)
      messages: "{base}/api/v3/chats/{id}/messages"     # a conversation's messages
      posts: [response.messages]          # as `json:` (format: json) says for posts
      author: fromUser.username
      next: response.nextStart            # the list's pages: where the next one starts,
      next_param: start                   #   sent back as ?start=
      ...
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Mapping

METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")


@dataclass(frozen=True)
class CsrfSource:
    """Where a JSON request's CSRF token comes from, and the header it goes in: a cookie
    (`cookie`; `page` is fetched first when it is not set yet), or a field of a JSON
    answer (`url`, `field`: a dotted path)."""

    header: str
    cookie: str | None = None
    url: str | None = None
    field: str | None = None
    page: str = "{base}/"


@dataclass(frozen=True)
class ApiRules:
    csrf: CsrfSource | None = None
    refusal: tuple[str, ...] = ()


@dataclass(frozen=True)
class ApiCall:
    """One JSON request: `method` to `url` with `body` (templates filled), `save` (name:
    dotted path) keeps values of the answer for later calls, `id` and `link` say where the
    created thing's id and URL are (on the last call)."""

    url: str
    method: str = "POST"
    body: Any = None
    id: str | None = None
    link: str | None = None
    save: Mapping[str, str] = field(default_factory=dict)
    error: str | None = None   # a dotted path that, present, makes even a 200 a refusal (Discourse)


@dataclass(frozen=True)
class PmJsonRules:
    """A PM inbox read as JSON: the conversation list and each conversation's messages."""

    inbox: str
    conversations: str
    id: str
    subject: str
    messages: str
    posts: tuple[str, ...]
    message_id: str
    author: str
    body_html: str
    count: str | None = None
    sender: str | None = None
    time: str | None = None
    edited_time: str | None = None
    # the list's pages: the answer's path to where the next page starts, sent back as the
    # query parameter `next_param` (NodeBB: `nextStart`, `?start=`); a page with no
    # conversation is past the end
    next: str | None = None
    next_param: str | None = None


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def api_rules(v, raw: Any, path: str = "api") -> ApiRules | None:
    if raw is None:
        return None
    m = v.mapping(raw, path, {"csrf", "refusal"})
    csrf = None
    if m.get("csrf") is not None:
        p = _join(path, "csrf")
        c = v.mapping(m["csrf"], p, {"header", "cookie", "url", "field", "page"}, {"header"})
        if bool(c.get("cookie")) == bool(c.get("url")):
            raise v.fail(p, "укажите либо cookie (куки с токеном), либо url и field (JSON-ответ с токеном)")
        if c.get("url") and not c.get("field"):
            raise v.fail(_join(p, "field"), "обязателен при url: где в ответе токен")
        csrf = CsrfSource(header=v.string(c["header"], _join(p, "header"), optional=False),
                          cookie=v.string(c.get("cookie"), _join(p, "cookie")),
                          url=v.string(c.get("url"), _join(p, "url")),
                          field=v.string(c.get("field"), _join(p, "field")),
                          page=v.string(c.get("page", "{base}/"), _join(p, "page"), optional=False))
    return ApiRules(csrf=csrf, refusal=v.strings(m.get("refusal"), _join(path, "refusal")))


def api_calls(v, raw: Any, path: str, *, creates: bool) -> tuple[ApiCall, ...]:
    """A call or a list of calls; `creates`: the last one must say where the new id is."""
    items = raw if isinstance(raw, list) else [raw]
    if not items:
        raise v.fail(path, "пустой список вызовов")
    calls = []
    for i, item in enumerate(items):
        p = f"{path}[{i}]" if isinstance(raw, list) else path
        m = v.mapping(item, p, {"url", "method", "body", "id", "link", "save", "error"}, {"url"})
        method = str(m.get("method", "POST")).upper()
        if method not in METHODS:
            raise v.fail(_join(p, "method"), f"нужно одно из: {', '.join(METHODS)}, а не {m.get('method')!r}")
        save = m.get("save") or {}
        if not isinstance(save, dict) or not all(isinstance(k, str) and isinstance(x, str) for k, x in save.items()):
            raise v.fail(_join(p, "save"), "нужен словарь имя: путь в ответе через точку")
        calls.append(ApiCall(url=v.string(m["url"], _join(p, "url"), optional=False), method=method,
                             body=m.get("body"), id=v.string(m.get("id"), _join(p, "id")),
                             link=v.string(m.get("link"), _join(p, "link")), save=dict(save),
                             error=v.string(m.get("error"), _join(p, "error"))))
    if creates and calls[-1].id is None:
        last = f"{path}[{len(items) - 1}]" if isinstance(raw, list) else path
        raise v.fail(_join(last, "id"), "обязательный ключ: где в ответе id нового сообщения")
    return tuple(calls)


_PM_JSON_REQUIRED = {"inbox", "conversations", "id", "subject", "messages", "posts", "message_id", "author",
                     "body_html"}


def pm_json_rules(v, raw: Any, path: str = "pm_json") -> PmJsonRules | None:
    if raw is None:
        return None
    m = v.mapping(raw, path, set(PmJsonRules.__dataclass_fields__), _PM_JSON_REQUIRED)
    strings = {k: v.string(m.get(k), _join(path, k)) for k in PmJsonRules.__dataclass_fields__ if k != "posts"}
    if (strings["next"] is None) != (strings["next_param"] is None):
        raise v.fail(_join(path, "next"), "next и next_param задаются только вместе")
    return PmJsonRules(posts=v.strings(m["posts"], _join(path, "posts")), **strings)


def template_names(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


@dataclass(frozen=True)
class EmbeddedPosts:
    """Post facts a page holds only in embedded JSON (Misago writes its edits there, in
    `misago.init({...})`): the element (`script`, a selector), `regex` (group 1: the JSON),
    the list of posts (`posts`, dotted paths tried in order) and, per post, `id`,
    `edit_count` and `edited_time`; merged into the posts read from the HTML by id."""

    script: str
    posts: tuple[str, ...]
    id: str
    regex: str | None = None
    edit_count: str | None = None
    edited_time: str | None = None


def embedded_posts(v, raw: Any, path: str = "embedded_json") -> EmbeddedPosts | None:
    if raw is None:
        return None
    m = v.mapping(raw, path, set(EmbeddedPosts.__dataclass_fields__), {"script", "posts", "id"})
    regex = v.regex(m.get("regex"), _join(path, "regex"))
    if regex is not None and re.compile(regex, re.S).groups < 1:
        raise v.fail(_join(path, "regex"), "нужна группа в скобках: сам JSON")
    return EmbeddedPosts(script=v.selector(m["script"], _join(path, "script"), optional=False),
                         posts=v.strings(m["posts"], _join(path, "posts")),
                         id=v.string(m["id"], _join(path, "id"), optional=False), regex=regex,
                         edit_count=v.string(m.get("edit_count"), _join(path, "edit_count")),
                         edited_time=v.string(m.get("edited_time"), _join(path, "edited_time")))
