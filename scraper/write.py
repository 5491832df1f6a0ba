"""Writing to a forum: a reply in a thread, a new PM. Only for approved drafts.

`ForumWriter` is built with `allow_writes=False` unless the caller is the publisher
publishing a draft the GM approved; every write then raises `WritingDisabled`. Writes go
through the one `HttpClient` (pacing, retries, login).

What differs between engines is data, the profile's `write:` section (`WriteRules`):
the reply and PM forms (URL, which form, field names, fixed fields such as a submit
button), the length cap, the charset, the flood page's words, the refusal's words, and
how the new post's id is read from the answer. The form is sent as a browser sends it
(`scraper.write_form`): every hidden field back (CSRF tokens under any name), in the
form's own charset (cp1251 boards get cp1251). Without a profile the writer speaks
Spirit (the `write:` section of spirit.yaml).

A write is confirmed only by the id of what it created, read from the answer: the
redirect's target (Spirit `/comment/<pk>/find/`, phpBB `viewtopic.php?p=<id>`), a link
or meta refresh in a "message posted" page (phpBB, PunBB/MyBB.ru), or, when the answer
names nothing, our newest post on the thread's last page. What looks like success may
not be one:

- a forum's double-post guard may drop the same text and send us to the topic's last
  post as if all went well (Spirit, vBulletin): a reply is confirmed only if its id is
  greater than `after`, the highest post id the caller knew before posting, and, when
  the writer has the forum's profile, only if the post it points at is ours (one more
  GET: someone else's newer post is not a confirmation);
- a flood limit answers with the form or a message page ("Too many submissions, wait
  10s.", phpBB's «Вы не можете отправить следующее сообщение сразу после
  предыдущего», PunBB's "At least 30 seconds have to pass between posts"): the writer
  waits the named time (else `rate_limit_wait`) with the client's injected sleep and
  tries again with a fresh form, up to the client's retry count, then `RateLimited`;
- a form shown again with errors, or a page with the profile's refusal words, is
  `PostRejected` with the forum's words.
"""
from __future__ import annotations

import re
from collections.abc import Mapping
from urllib.parse import urljoin

import lxml.html

from config.profiles import Profile, WriteForm, WriteRules, load_profile
from scraper.errors import AuthRequired, LayoutChanged, PostRejected, RateLimited, ScraperError
from scraper.extract import extract_posts
from scraper.http import Fetched, HttpClient
from config.select import select
from scraper.write_api import api_write
from scraper.write_form import find_form, page_charset, send_form
from scraper.write_lookup import (
    Created,
    fill,
    find_own_post,
    find_sent_pm,
    merged_words,
    post_url,
)

__all__ = ["Created", "ForumWriter", "WritingDisabled", "spirit_rules"]


class WritingDisabled(ScraperError):
    """A write was attempted without an approved draft behind it."""


def spirit_rules() -> WriteRules:
    rules = load_profile("spirit").write
    assert rules is not None, "spirit.yaml has a write section"
    return rules


class ForumWriter:
    def __init__(self, client: HttpClient, rules: WriteRules | None = None, *, profile: Profile | None = None,
                 allow_writes: bool = False) -> None:
        """`profile`: the forum's profile; its `write:` section is the rules unless `rules`
        are given, and with it a reply is checked to be ours. Neither: Spirit's rules.
        A profile without a write section makes a writer that only reads (the lookups);
        a write then raises `ScraperError` saying so."""
        self.client = client
        self.profile = profile
        self._reader = profile or load_profile("spirit")
        self.rules: WriteRules | None = rules or (profile.write if profile is not None else spirit_rules())
        self.allow_writes = allow_writes

    @property
    def max_length(self) -> int:
        return self.rules.max_length if self.rules else WriteRules.max_length

    def _writable(self) -> WriteRules:
        if self.rules is None:
            raise ScraperError(f"profile {self._reader.name!r} has no write section: gorod cannot post there "
                               "(describe the forum's forms under write:, see config/profiles.py)")
        return self.rules

    # -- a reply ----------------------------------------------------------------------------
    def reply(self, topic_id: int | str, text: str, *, after: int | None = None,
              subject: str | None = None) -> Created:
        """Post `text` in the topic; return the new post's id, greater than `after`."""
        form = self._writable().reply
        if form.api:   # a JSON forum: no form (scraper.write_api)
            self._may_write(self.client.base_url, text)
            created = api_write(self.client, self.profile, self.rules, form, {"thread": topic_id, "text": text,
                                "title": subject or ""}, key="write.reply")
            if after is not None and created.id <= after:
                raise PostRejected(created.url, f"no new post: the forum named post {created.id}, not after {after}")
            return created
        page = self._url(form.url, thread=topic_id)
        def name(field: str) -> str:   # a field named after the topic (IP.Board: topic_comment_{thread})
            return field.replace("{thread}", str(topic_id))
        fields = {name(form.text): text}
        if form.subject and subject is not None:
            fields[name(form.subject)] = subject
        answer = self._submit(form, page, fields, text, holding=name(form.text))
        created = self._created(answer, form, page)
        checked = False   # found on the last page: by our name already
        if created is None and form.created.last_page and not self._errors(answer):
            created = self._from_last_page(topic_id, text, after, page)
            checked = created is not None
        if created is None:
            raise self._no_id(answer, form, page)
        if after is not None and created.id <= after:
            if self.rules.merges and self.profile is not None and self._merged_into(created, text):
                return created      # glued to our previous post: our words are on the forum, once
            raise PostRejected(
                self.client.url(page),
                f"no new post: the forum sent us to post {created.id}, not after {after} "
                "(a double post dropped by the forum?)",
            )
        if self.profile is not None and not checked:
            self._check_author(created)
        return created

    def _from_last_page(self, topic_id, text: str, after: int | None, page: str) -> Created | None:
        me = self._me(page)
        url = self.last_page_url(topic_id)
        return find_own_post(self.client, self._reader, url, author=me, after=after, text=text,
                             merges=self.rules.merges)

    def _merged_into(self, created: Created, text: str) -> bool:
        """The older post the forum sent us to is ours and now ends with our words."""
        me = self.client.login_form.username if self.client.login_form else None
        page = self.client.get(created.url, auth=True)
        extracted = extract_posts(page.content, self.profile, page.url, url=page.url)
        post = next((p for p in extracted.posts if p.id == str(created.id)), None)
        return (post is not None and me is not None and post.author.casefold() == me.casefold()
                and merged_words(text, post.text))

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

    # -- a PM -------------------------------------------------------------------------------
    def send_pm(self, to: list[str] | str, title: str, text: str, *,
                exclude: frozenset[str] = frozenset()) -> Created:
        """Start a PM conversation with `to` (user names); return its id. Confirmed only by
        evidence of this PM: the redirect to the new conversation (not to the list: Spirit's
        double-post guard sends a dropped PM there), else the PM list's conversation with its
        title, its words and, where the list shows it, its recipient; never one of `exclude`
        (the ids already confirmed for other drafts)."""
        form = self._writable().pm
        if form is None:
            raise ScraperError(f"profile {self._reader.name!r}: write.pm: this forum's PM form is not described")
        names = [to] if isinstance(to, str) else list(to)
        self._within_limits(names, title, text)
        if form.api:   # a JSON forum: no form (scraper.write_api)
            self._may_write(self.client.base_url, text)
            created = api_write(self.client, self.profile, self.rules, form,
                                {"to": form.to_separator.join(names), "recipients": names, "title": title,
                                 "text": text}, key="write.pm")
            return self._not_claimed(created, exclude)
        fields = {form.text: text}
        if form.subject:
            fields[form.subject] = title
        page = self._url(form.url)
        answer = self._submit(form, page, fields, text, to={form.to: form.to_separator.join(names)})
        created = self._created(answer, form, page)
        if created is None and not self._errors(answer):
            if self._sent_list(form):
                created = self._sent_id(form, title, text, exclude, names)
            if created is None and form.created.redirect and answer.location is not None:
                created = Created(0, self.client.url(answer.location))   # sent; its id is not shown
        if created is None:
            raise self._no_pm(answer, form, page)
        return self._not_claimed(created, exclude)

    def _no_pm(self, answer: Fetched, form: WriteForm, page: str) -> PostRejected:
        """No evidence of the new PM: no redirect to it, and no conversation in the PM list
        with its title, words and recipient."""
        refused = self._no_id(answer, form, page)
        if answer.location is not None and not self._errors(answer):
            refused.ru = (f"форум ответил переходом на {answer.location}, а не на новую переписку, и в списке ЛС "
                          "нет переписки с этим заголовком и текстом — так форум отбрасывает повтор (ЛС с тем же "
                          "заголовком, только что ушедшее от мастера): дайте этому ЛС свой заголовок")
        return refused

    def _not_claimed(self, created: Created, exclude: frozenset[str]) -> Created:
        """A conversation already confirmed for another draft is no confirmation of this one."""
        if created.id and str(created.id) in exclude:
            raise PostRejected(created.url, f"the forum named conversation {created.id}, which is another PM's: "
                                            "this one was not made",
                               ru=f"форум назвал переписку {created.id}, а она уже подтверждена для другого "
                                  "черновика: это ЛС не создано")
        return created

    def _within_limits(self, names: list[str], title: str, text: str) -> None:
        """The profile's `write.limits`: a PM the forum would refuse (or cut: then it could
        not be found again) is refused here, before anything is sent."""
        limits = self.rules.limits
        where = self.client.url(self.rules.pm.url if self.rules.pm and not self.rules.pm.api else self.client.base_url)
        if limits.title is not None and len(title) > limits.title:
            raise PostRejected(where, f"the title has {len(title)} characters, the forum takes at most "
                                      f"{limits.title} (write.limits.title)", limit="write.limits.title",
                               ru=f"в заголовке ЛС {len(title)} знаков, а форум берёт не больше {limits.title}: "
                                  "сократите заголовок")
        if limits.recipients is not None and len(names) > limits.recipients:
            raise PostRejected(where, f"{len(names)} recipients, the forum takes at most {limits.recipients} "
                                      "(write.limits.recipients)", limit="write.limits.recipients",
                               ru=f"у ЛС {len(names)} получателей, а форум берёт не больше {limits.recipients}")
        if len(text) > self.rules.pm_max_length:
            raise PostRejected(where, f"the text has {len(text)} characters, a PM takes at most "
                                      f"{self.rules.pm_max_length}: split it", limit="write.limits.pm_length",
                               ru=f"в тексте ЛС {len(text)} знаков, а форум берёт не больше "
                                  f"{self.rules.pm_max_length}: сократите текст")

    def find_pm(self, title: str, text: str | None = None, *, exclude: frozenset[str] = frozenset(),
                to: str | None = None) -> Created | None:
        """A conversation we started with this title (and, given `text`, with its words; given
        `to`, with that recipient where the list shows it), from the forum's PM list; none of
        those in `exclude` (ids)."""
        form = self.rules.pm if self.rules else None
        url = self._sent_list(form) if form else None
        if not url:
            return None
        return self._find_sent(form, title, text, exclude, to=to)

    def can_find_pm(self) -> bool:
        """Whether `find_pm` has a PM list to look in (else it can only say "not found")."""
        form = self.rules.pm if self.rules else None
        return bool(form and self._sent_list(form))

    def _sent_id(self, form: WriteForm, title: str, text: str, exclude: frozenset[str],
                 to: list[str]) -> Created | None:
        """The PM just sent, found to learn its id: the conversation with its title, its
        words and its recipient, not one of `exclude`. Never the newest with its title
        alone: PMs of one title to several players would all be confirmed by one of them."""
        try:
            return self._find_sent(form, title, text, exclude, to=to[0] if len(to) == 1 else None)
        except ScraperError:
            return None

    def _find_sent(self, form: WriteForm, title: str, text: str | None = None,
                   exclude: frozenset[str] = frozenset(), *, to: str | None = None) -> Created | None:
        """In the outbox (a PM not read yet, phpBB), then in the sent list: a conversation
        with this title (and, given `text`, its words; given `to`, its recipient where the
        list shows one), none of those in `exclude`."""
        me = self.client.login_form.username if self.client.login_form else None
        lists = [self._url(form.outbox)] if form.outbox and self._reader.pm_inbox is not None else []
        for url in [*lists, self._sent_list(form)]:
            found = find_sent_pm(self.client, self._reader, url, subject=title, text=text, exclude=exclude,
                                 to=to, me=me)
            if found is not None:
                return found
        return None

    def _sent_list(self, form: WriteForm) -> str | None:
        """The PM list to look in, when the profile can read one."""
        if self._reader.pm_json is not None:   # a JSON conversation list (NodeBB's chats)
            return self._url(form.sent_list or self._reader.pm_json.inbox, user=self._me(self.client.base_url))
        if self._reader.pm_inbox is None:
            return None
        if form.sent_list:
            return self._url(form.sent_list)
        if "pm_inbox" in self._reader.urls:
            return self._url(self._reader.urls["pm_inbox"])
        return None

    # -- finding our post again ---------------------------------------------------------------
    def find_reply(self, url: str, *, after: int | None, text: str) -> Created | None:
        """Our post with `text`'s words after `after` on the thread page at `url` and the next ones."""
        return find_own_post(self.client, self._reader, url, author=self._me(url), after=after, text=text,
                             merges=bool(self.rules and self.rules.merges))

    def last_page_url(self, topic_id: int | str) -> str | None:
        """The thread's last page, when the profile says how to reach it (`write.last_page`)."""
        last_page = self.rules.last_page if self.rules else None
        return self._url(last_page, thread=topic_id) if last_page else None

    def post_url(self, post_id: int | str, page_url: str) -> str:
        return post_url(self._reader, self.client, post_id, page_url)

    # -----------------------------------------------------------------------------------------
    def _url(self, template: str, **values) -> str:
        return self.client.url(fill(template, self.client, **values))

    def _me(self, where: str) -> str:
        if self.client.login_form is None:
            raise PostRejected(self.client.url(where), "no login: cannot tell our posts from others'")
        return self.client.login_form.username

    def _submit(self, form: WriteForm, page: str, fields: dict[str, str], text: str,
                to: Mapping[str, str] | None = None, holding: str | None = None) -> Fetched:
        self._may_write(page, text)
        attempts = self.client.settings.retries + 1
        for attempt in range(attempts):
            answer = self._send_once(form, page, fields, to or {}, holding or form.text)
            wait = self._rate_limit_wait(answer)
            if wait is None and answer.status >= 400:
                raise self._refused(answer)
            if wait is None:
                return answer
            if attempt + 1 < attempts:
                # a wait named in whole seconds may be short by the forum's own rounding (SMF
                # counts whole seconds): each later try waits a second more
                self.client.wait(wait + attempt, answer.url, "the forum's rate limit")
        raise RateLimited(answer.url, wait, "the forum's own limit on submissions")

    def _refused(self, answer: Fetched) -> ScraperError:
        """A form answered with an HTTP error (not a flood): the page's words, as a refusal,
        or as a lost session for a 403 that says nothing the profile knows."""
        reason = self._errors(answer) or _page_words(answer, self._reader.encoding)
        if answer.status == 403 and not self._errors(answer):
            return AuthRequired(answer.url, f"the forum refused the form (HTTP 403){': ' + reason if reason else ''}")
        return PostRejected(answer.url, f"the forum did not save it (HTTP {answer.status})"
                                        f"{': ' + reason if reason else ''}")

    def _may_write(self, page: str, text: str) -> None:
        if not self.allow_writes:
            raise WritingDisabled(f"{self.client.url(page)}: writing is off "
                                  "(publish an approved draft)")
        if len(text) > self.rules.max_length:
            raise PostRejected(
                self.client.url(page),
                f"the text has {len(text)} characters, the forum takes at most {self.rules.max_length}: split it",
            )

    def _send_once(self, form: WriteForm, page: str, fields: dict[str, str], to: Mapping[str, str],
                   holding: str) -> Fetched:
        client, rules = self.client, self.rules
        fetched = client.get(page, auth=True)
        fetched_at = client.clock()
        found = find_form(fetched, selector=form.form, holding=holding, default_charset=self._reader.encoding,
                          profile=self._reader.name)
        if form.add_recipients and to:
            # phpBB: the names become hidden recipient fields of the form shown again
            listed = send_form(client, fetched, found, {**to, **form.add_recipients}, encoding=rules.encoding)
            if listed.location is not None or self._rate_limit_wait(listed) is not None:
                return listed
            try:
                found = find_form(listed, selector=form.form, holding=holding, profile=self._reader.name,
                                  default_charset=self._reader.encoding)
            except LayoutChanged:
                return listed
            fetched, to = listed, {}
            fetched_at = client.clock()   # the form shown again is a new form (a new lastclick)
        if rules.min_form_age:
            waited = client.clock() - fetched_at
            if waited < rules.min_form_age:
                client.sleep(rules.min_form_age - waited)
        return send_form(client, fetched, found, {**form.fields, **to, **fields}, encoding=rules.encoding,
                         omit=form.omit)

    def _text(self, answer: Fetched) -> str:
        return answer.content.decode(page_charset(answer, self._reader.encoding), errors="replace")

    def _rate_limit_wait(self, answer: Fetched) -> float | None:
        if answer.location is not None or not answer.content:
            return None
        text = self._text(answer)
        for pattern in self.rules.rate_limited:
            match = re.search(pattern, text)
            if match:
                seconds = next((g for g in match.groups() if g and g.isdigit()), None)
                return float(seconds) if seconds else self.rules.rate_limit_wait
        return None

    def _created(self, answer: Fetched, form: WriteForm, page: str) -> Created | None:
        """The new id as the answer names it (the redirect's target, else the page), or None."""
        new = form.created
        if answer.location is not None:
            match = re.search(new.location, answer.location) if new.location else None
            return Created(_first_group(match), self.client.url(answer.location)) if match else None
        if new.body and answer.content:
            match = re.search(new.body, self._text(answer))
            if match:
                post_id = _first_group(match)
                link = re.search(rf"""(?:url=|href=["'])([^"'>\s]*\b{post_id}\b[^"'>\s]*)""", self._text(answer),
                                 re.IGNORECASE)
                url = self.client.url(urljoin(answer.url, link.group(1).replace("&amp;", "&"))) if link else \
                    post_url(self._reader, self.client, post_id, answer.url)
                return Created(post_id, url)
        return None

    def _no_id(self, answer: Fetched, form: WriteForm, page: str) -> PostRejected:
        reason = self._errors(answer)
        if answer.location is not None:
            looked = " (and no new post of ours on the thread's last page)" if form.created.last_page else ""
            return PostRejected(self.client.url(page), f"the forum sent us to {answer.location!r}, not to a new "
                                                       f"post ({form.created.location}){looked}")
        if reason:
            return PostRejected(answer.url, f"the forum did not save it: {reason}")
        return PostRejected(answer.url, "the forum did not save it: no reason shown, and no new "
                                        f"{'post' if form is self.rules.reply else 'message'} found")

    def _errors(self, answer: Fetched) -> str:
        if not answer.content.strip():
            return ""
        text = self._text(answer)
        found = []
        for pattern in self.rules.rejected:
            match = re.search(pattern, text)
            if match:
                found.append(" ".join(match.group(0).split()))
        if self.rules.errors:
            doc = lxml.html.document_fromstring(answer.content,
                                                parser=lxml.html.HTMLParser(encoding=page_charset(answer, self._reader.encoding)))
            found += [t for t in (" ".join(e.text_content().split()) for e in select(doc, self.rules.errors)) if t]
        return "; ".join(dict.fromkeys(found))


def _page_words(answer: Fetched, encoding: str | None) -> str:
    """An error page's heading and title, for a refusal the profile has no words for."""
    if not answer.content.strip():
        return ""
    doc = lxml.html.document_fromstring(answer.content, parser=lxml.html.HTMLParser(
        encoding=page_charset(answer, encoding)))
    found = [" ".join(e.text_content().split()) for e in doc.xpath("//h1 | //h2 | //title")]
    return "; ".join(dict.fromkeys(t for t in found if t))[:300]


def _first_group(match: re.Match) -> int:
    """The id: the first group that matched (a regex may offer alternatives)."""
    return int(next(g for g in match.groups() if g is not None))
