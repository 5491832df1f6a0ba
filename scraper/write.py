"""Writing to a forum: a reply in a thread, a new PM. Only for approved drafts.

`ForumWriter` is built with `allow_writes=False` unless the caller is the publisher
publishing a draft the GM approved; every write then raises `WritingDisabled`. Writes go
through the one `HttpClient` (pacing, retries, login, CSRF from the form page).

A write is confirmed only by the id of what it created, read from the redirect the forum
answers with (Spirit: `Location: /comment/<pk>/find/`, `/topic/private/<id>/<slug>/`).
What looks like success may not be one:

- Spirit's double-post guard drops the same text from the same user (30 min) and redirects
  to the topic's last post as if all went well: a reply is confirmed only if its pk is
  greater than `after`, the highest post id the caller knew before posting, and, when
  the writer has the forum's profile, only if the post it points at is ours (one more
  GET: someone else's newer post is not a confirmation);
- Spirit's rate limit answers 200 with the form and "Too many submissions, wait 10s.":
  the writer waits that long (the client's injected sleep) and tries again, up to the
  client's retry count, then raises `RateLimited`;
- a form shown again with errors becomes `PostRejected` with the forum's words.

What differs between engines is data (`WriteForms`); the defaults are Spirit's.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import lxml.html

from config.profiles import Profile
from scraper.errors import PostRejected, RateLimited, ScraperError
from scraper.extract import extract_posts
from scraper.http import Fetched, HttpClient
from scraper.select import select


class WritingDisabled(ScraperError):
    """A write was attempted without an approved draft behind it."""


@dataclass(frozen=True)
class WriteForms:
    reply_page: str = "/comment/{topic_id}/publish/"
    reply_text_field: str = "comment"
    reply_created: str = r"/comment/(\d+)/find/"
    pm_page: str = "/topic/private/publish/"
    pm_title_field: str = "title"
    pm_text_field: str = "comment"
    pm_users_field: str = "users"
    pm_created: str = r"/topic/private/(\d+)/"
    rate_limited: str = r"Too many submissions, wait (\d+)\s*s"
    form_errors: str = "ul.errorlist li, .messages_error li"
    max_length: int = 3000


@dataclass(frozen=True)
class Created:
    """What a confirmed write created: its id and where the forum sent us."""

    id: int
    url: str


class ForumWriter:
    def __init__(self, client: HttpClient, forms: WriteForms | None = None, *, profile: Profile | None = None,
                 allow_writes: bool = False) -> None:
        self.client = client
        self.forms = forms or WriteForms()
        self.profile = profile
        self.allow_writes = allow_writes

    def reply(self, topic_id: int | str, text: str, *, after: int | None = None) -> Created:
        """Post `text` in the topic; return the new post's id, greater than `after`."""
        forms = self.forms
        page = forms.reply_page.format(topic_id=topic_id)
        answer = self._submit(page, {forms.reply_text_field: text}, text)
        created = self._created(answer, forms.reply_created, page)
        if after is not None and created.id <= after:
            raise PostRejected(
                self.client.url(page),
                f"no new post: the forum sent us to post {created.id}, not after {after} "
                "(a double post dropped by the forum?)",
            )
        if self.profile is not None:
            self._check_author(created)
        return created

    def _check_author(self, created: Created) -> None:
        """The post the forum sent us to must be ours."""
        me = self.client.login_form.username if self.client.login_form else None
        page = self.client.get(created.url, auth=True)
        extracted = extract_posts(page.content, self.profile, page.url, url=page.url)
        post = next((p for p in extracted.posts if p.id == str(created.id)), None)
        if post is None:
            raise PostRejected(created.url, f"post {created.id} is not on the page the forum sent us to")
        if me is not None and post.author.casefold() != me.casefold():
            raise PostRejected(
                created.url, f"post {created.id} is {post.author}'s, not ours (a double post dropped by the forum?)"
            )

    def send_pm(self, to: list[str] | str, title: str, text: str) -> Created:
        """Start a PM conversation with `to` (user names); return its id."""
        forms = self.forms
        users = to if isinstance(to, str) else ", ".join(to)
        fields = {forms.pm_title_field: title, forms.pm_text_field: text, forms.pm_users_field: users}
        answer = self._submit(forms.pm_page, fields, text)
        return self._created(answer, forms.pm_created, forms.pm_page)

    # ---------------------------------------------------------------------------------
    def _submit(self, page: str, fields: dict[str, str], text: str) -> Fetched:
        if not self.allow_writes:
            raise WritingDisabled(f"{self.client.url(page)}: writing is off (publish an approved draft)")
        if len(text) > self.forms.max_length:
            raise PostRejected(
                self.client.url(page),
                f"the text has {len(text)} characters, the forum takes at most {self.forms.max_length}: split it",
            )
        attempts = self.client.settings.retries + 1
        for attempt in range(attempts):
            answer = self.client.submit_form(page, fields, form_with=next(iter(fields)), auth=True)
            if answer.location is not None:
                return answer
            wait = self._rate_limit_wait(answer)
            if wait is None:
                errors = self._errors(answer)
                raise PostRejected(answer.url, f"the forum did not save it: {errors or 'no reason shown'}")
            if attempt + 1 < attempts:
                self.client.wait(wait, answer.url, "the forum's rate limit")
        raise RateLimited(answer.url, wait, "the forum's own limit on submissions")

    def _rate_limit_wait(self, answer: Fetched) -> float | None:
        match = re.search(self.forms.rate_limited, answer.text)
        return float(match.group(1)) if match else None

    def _errors(self, answer: Fetched) -> str:
        if not answer.content.strip():
            return ""
        doc = lxml.html.fromstring(answer.content)
        return "; ".join(" ".join(e.text_content().split()) for e in select(doc, self.forms.form_errors))

    def _created(self, answer: Fetched, pattern: str, page: str) -> Created:
        location = answer.location or ""
        match = re.search(pattern, location)
        if not match:
            raise PostRejected(
                self.client.url(page), f"the forum sent us to {location!r}, not to a new post ({pattern})"
            )
        return Created(int(match.group(1)), self.client.url(location))
