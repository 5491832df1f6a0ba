"""Writing through a forum's JSON API: a reply or a PM as `write.reply.api` / `write.pm.api`
say (`config.profile_api`), for `scraper.write.ForumWriter`.

The calls are made in order; each may `save` values of its answer for the next (NodeBB:
the recipient's uid, then the new room's id). An answer with a status of 400 or more is a
refusal: when its words match `write.rate_limited` it is a flood, and that call is sent
again after the named wait (else `rate_limit_wait`), up to the client's retry count, then
`RateLimited`; other refusals are `PostRejected` with the forum's words. The last call's
answer names the created id (`id`) and its URL (`link`: a dotted path of the answer, or
a template). Nothing is confirmed without that id.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from config.profile_api import ApiCall
from config.profiles import WriteForm, WriteRules
from scraper.api import Answer, JsonApi, fill_url
from scraper.errors import LayoutChanged, PostRejected, RateLimited
from scraper.http import HttpClient
from scraper.write_lookup import Created


def api_write(client: HttpClient, profile, rules: WriteRules, form: WriteForm, values: Mapping[str, Any],
              *, key: str) -> Created:
    """Make `form.api`'s calls with `values`; the created thing's id and URL."""
    name = profile.name if profile is not None else "spirit"
    api = JsonApi(client, profile.api if profile is not None else None, name)
    if not client.logged_in and client.login_form is not None:
        client.login()
    known: dict[str, Any] = dict(values)
    answer: Answer | None = None
    for index, call in enumerate(form.api):
        where = f"{key}.api[{index}]" if len(form.api) > 1 else f"{key}.api"
        answer = _send(api, rules, call, known, where)
        for saved, dotted in call.save.items():
            known[saved] = api.value(answer, dotted, f"{where}.save.{saved}")
    last = form.api[-1]
    where = f"{key}.api[{len(form.api) - 1}]" if len(form.api) > 1 else f"{key}.api"
    raw_id = api.value(answer, last.id, f"{where}.id")
    if not str(raw_id).isdigit():
        raise LayoutChanged(answer.url, name, f"{where}.id", f"the forum's answer names {raw_id!r}, not an id")
    return Created(int(raw_id), _link(client, api, answer, last, {**known, "id": raw_id}))


def _send(api: JsonApi, rules: WriteRules, call: ApiCall, values: Mapping[str, Any], where: str) -> Answer:
    client = api.client
    attempts = client.settings.retries + 1
    wait = rules.rate_limit_wait
    relogged = False
    for attempt in range(attempts):
        answer = api.call(call, values)
        if answer.status == 401 and not relogged and client.login_form is not None:
            relogged = True     # the session expired: log in again, send once more
            client.logged_in = False
            client.login()
            answer = api.call(call, values)
        if not answer.refused:
            return answer
        reason = api.refusal(answer) or f"HTTP {answer.status}"
        wait = _flood_wait(rules, reason)
        if wait is None:
            raise PostRejected(answer.url, f"the forum did not save it ({where}, HTTP {answer.status}): {reason}",
                               ru=f"форум отказал (HTTP {answer.status}), его слова: «{reason}»")
        if attempt + 1 < attempts:
            client.wait(wait, answer.url, "the forum's rate limit")
    raise RateLimited(answer.url, wait, "the forum's own limit on submissions")


def _flood_wait(rules: WriteRules, reason: str) -> float | None:
    for pattern in rules.rate_limited:
        match = re.search(pattern, reason)
        if match:
            seconds = next((g for g in match.groups() if g and g.isdigit()), None)
            return float(seconds) if seconds else rules.rate_limit_wait
    return None


def _link(client: HttpClient, api: JsonApi, answer: Answer, call: ApiCall, values: Mapping[str, Any]) -> str:
    if call.link is None:
        return answer.url
    if "{" in call.link:
        return client.url(fill_url(call.link, api.base, values))
    found = api.value(answer, call.link, "link")
    return client.url(str(found))
