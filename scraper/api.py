"""JSON requests as a profile's `api:` describes them (Misago, NodeBB's chats, Discourse).

    api = JsonApi(client, profile.api, profile_name)
    answer = api.call(call, {"text": ..., "thread": 7})     # Answer(status, data, text, url)
    api.refusal(answer)                                     # the forum's words, or ""

Every request goes through the one `HttpClient` (pacing, retries, the session's cookies).
The CSRF token is read at each call from where the profile says (a cookie, or a field of
a JSON answer such as NodeBB's `/api/config`), since a login changes it. Templates and the
profile's schema: `config.profile_api`. (`scraper.http` calls `api_login` for a JSON login:
this module takes its client as an argument and does not import it.)
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Mapping
from urllib.parse import quote

from config.profile_api import ApiCall, ApiRules
from scraper.errors import AuthRequired, LayoutChanged


@dataclass(frozen=True)
class Answer:
    url: str
    status: int
    data: Any
    text: str
    error: bool = False   # the call's `error` path is in the answer

    @property
    def refused(self) -> bool:
        return self.status >= 400 or self.error


def dig(data: Any, dotted: str) -> Any:
    """The value at a dotted path (`response.roomId`; a number indexes a list), or None."""
    for key in dotted.split("."):
        if isinstance(data, dict) and key in data:
            data = data[key]
        elif isinstance(data, list) and key.isdigit() and int(key) < len(data):
            data = data[int(key)]
        else:
            return None
    return data


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in _strings(v)]
    return []


def fill(template: Any, values: Mapping[str, Any]) -> Any:
    """A JSON body with its templates filled: a string that is exactly `{name}` takes the
    value itself (a number stays a number, a list a list)."""
    if isinstance(template, str):
        names = [k for k in values if template == "{" + k + "}"]
        if names:
            return values[names[0]]
        return template.format_map(_Values(values))
    if isinstance(template, dict):
        return {k: fill(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, values) for v in template]
    return template


class _Values(dict):
    def __missing__(self, key: str) -> str:
        raise KeyError(key)


def fill_url(template: str, base: str, values: Mapping[str, Any]) -> str:
    """A URL template: `{base}` as is, every other value percent-escaped."""
    escaped = {k: quote(str(v), safe="") for k, v in values.items()}
    return template.format_map(_Values({**escaped, "base": base}))


class JsonApi:
    def __init__(self, client, rules: ApiRules | None, profile: str) -> None:
        self.client = client
        self.rules = rules or ApiRules()
        self.profile = profile

    @property
    def base(self) -> str:
        return self.client.base_url.rstrip("/")

    def url(self, template: str, values: Mapping[str, Any]) -> str:
        try:
            return self.client.url(fill_url(template, self.base, values))
        except KeyError as exc:
            raise LayoutChanged(template, self.profile, template, f"no value for {exc} in the URL") from None

    def csrf_headers(self) -> dict[str, str]:
        csrf = self.rules.csrf
        if csrf is None:
            return {}
        if csrf.cookie:
            token = self.client.session.cookies.get(csrf.cookie)
            if not token:   # Django sets it on the first page
                self.client.get(fill_url(csrf.page, self.base, {}))
                token = self.client.session.cookies.get(csrf.cookie)
            where = f"the cookie {csrf.cookie!r}"
        else:
            answer = self.client.send_json("GET", fill_url(csrf.url, self.base, {}))
            token = dig(_json(answer.content), csrf.field) if answer.status < 400 else None
            where = f"{csrf.url} → {csrf.field}"
        if not token:
            raise LayoutChanged(self.client.base_url, self.profile, "api.csrf",
                                f"no CSRF token in {where}")
        return {csrf.header: str(token)}

    def call(self, call: ApiCall, values: Mapping[str, Any]) -> Answer:
        url = self.url(call.url, values)
        try:
            body = fill(call.body, values) if call.body is not None else None
        except KeyError as exc:
            raise LayoutChanged(url, self.profile, "api body", f"no value for {exc} in the body") from None
        headers = self.csrf_headers() if call.method != "GET" else {}
        fetched = self.client.send_json(call.method, url, body, headers)
        text = fetched.content.decode(fetched.encoding or "utf-8", errors="replace")
        data = _json(fetched.content)
        error = bool(call.error) and dig(data, call.error) not in (None, "", [], {})
        return Answer(url, fetched.status, data, text, error)

    def refusal(self, answer: Answer) -> str:
        """The forum's words for a refusal: the profile's `api.refusal` paths, else every
        string of the JSON answer, else its text (NodeBB's login answers plain text)."""
        found = [s for p in self.rules.refusal for s in _strings(dig(answer.data, p))]
        if not found and answer.data is not None:
            found = _strings(answer.data)
        if not found and answer.data is None:
            found = [" ".join(answer.text.split())[:300]] if "<html" not in answer.text[:500].lower() else []
        return "; ".join(dict.fromkeys(s.strip() for s in found if s.strip()))

    def value(self, answer: Answer, dotted: str, key: str) -> Any:
        found = dig(answer.data, dotted)
        if found is None or found == "":
            raise LayoutChanged(answer.url, self.profile, key, f"no {dotted!r} in the forum's answer")
        return found


def _json(content: bytes) -> Any:
    try:
        return json.loads(content.decode("utf-8-sig")) if content.strip() else None
    except (ValueError, UnicodeDecodeError):
        return None


def api_login(client, form) -> None:
    """Log in with the profile's `login.api` call; `AuthRequired` with the forum's reason."""
    api = JsonApi(client, form.api_rules, form.profile or "login")
    answer = api.call(form.api, {"username": form.username, "password": form.password()})
    if answer.refused:
        reason = api.refusal(answer) or f"HTTP {answer.status}"
        raise AuthRequired(answer.url, f"login as {form.username!r} failed: {reason}")
