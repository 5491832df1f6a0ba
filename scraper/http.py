"""The one HTTP client of the scraper: session, timeouts, pacing, retries, login, writing.

Everything that talks to a live forum goes through `HttpClient`:

- one `requests.Session` (cookies, keep-alive) with a polite User-Agent naming gorod;
- a timeout on every request, and an overall deadline on each one, its body included (a
  page trickling a byte at a time ends at `deadline`, `TooSlow`), and a size limit on every
  answer (`max_body`, a profile's `max_page_mb`: more is `TooLarge`, refused before or while
  it is read, decompressed bytes counted);
- a minimum interval between requests (`min_interval` seconds, counted on the injected
  `clock`, waited with the injected `sleep`: tests pass fakes and never sleep);
- retries with exponential backoff on timeouts, connection errors, truncated answers and
  5xx answers, and on 429 after the server's `Retry-After` (seconds or an HTTP date),
  capped — for reads. A form post (a write) is retried only when it provably did not
  reach the forum: the connection was refused or never made, or a 429 named its
  `Retry-After`; a 5xx, a timeout, a reset or a truncated answer after it was sent is
  `WriteUncertain` at once (the forum may have saved it: the caller looks before sending
  again, see `gorod.loop.publish`). Every other failure of the transport is a
  `ForumError` naming the URL: nothing from `requests` escapes;
- conditional GETs: `get(url, validators=...)` sends `If-None-Match` / `If-Modified-Since`;
  a 304 comes back as `Fetched.not_modified` with no body to parse;
- login through the forum's own login form: every hidden field of the form is sent back
  (Django's `csrfmiddlewaretoken`, phpBB's `form_token`, XenForo's `_xfToken`, ...), so CSRF
  needs no code per engine; the password comes from an environment variable;
- `submit_form()`: GET a form page, fill its hidden fields and ours, POST it (used by the
  writer for approved drafts only, see `scraper.write`).

HTTP symptoms become the errors of `scraper.errors`: `AuthRequired` (401/403, a login page
where a page was expected, a refused login), `RateLimited` (429 past the retries or the
cap), `ForumUnavailable` (timeouts and 5xx past the retries), `WriteUncertain` (a write's
answer lost), `HttpError` (any other unexpected status, with the URL), `LayoutChanged` (a
form that is not on its page).
"""
from __future__ import annotations

import email.utils
import logging
import os
import re
import socket
import time
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from typing import Any, Callable, Mapping
from urllib.parse import parse_qs, urljoin, urlsplit

import lxml.html

import requests
from lxml import etree
import urllib3

from config.select import select
from scraper.errors import (
    AuthRequired,
    ForumError,
    ForumUnavailable,
    HttpError,
    LayoutChanged,
    RateLimited,
    TooLarge,
    TooSlow,
    WriteUncertain,
)

log = logging.getLogger(__name__)

USER_AGENT = "gorod/0.1 (game-master assistant for the forum game; polite, paced, one GM account)"
# What a browser says it takes: stock anti-bot checks (FluxBB's security_for_login addon, NodeBB)
# refuse requests with `Accept: */*` or without a language. The language is "*", any: a forum
# that picks its language from the header (Django's, Spirit's) then shows its own default,
# the one its profile reads, as it did for a client that sent none.
BROWSER_HEADERS = {
    "Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
    "Accept-Language": "*",
}


@dataclass(frozen=True)
class HttpSettings:
    """How hard the client may press a forum. The defaults suit a small forum."""

    timeout: float = 20.0            # connect, and each wait for the next bytes
    deadline: float = 60.0           # the whole request, its body included: a trickle ends here
    max_body: int = 10_000_000       # bytes of one answer (a profile's max_page_mb); more is refused
    min_interval: float = 1.0
    retries: int = 4
    # a refused connection or an unknown name is no passing fault: one more try, then the
    # GM is told (a forum that is down is said within seconds, not after a minute: issue 26)
    retries_unreachable: int = 1
    backoff: float = 2.0
    max_backoff: float = 60.0
    max_retry_after: float = 300.0
    user_agent: str = USER_AGENT


@dataclass(frozen=True)
class LoginForm:
    """Where and how to log in: a login page holding a form with these two fields.

    `password_env` names the environment variable holding the password (never the
    password itself in a config file). `error_selector` finds the form's error text on a
    refused login, for the message.
    """

    url: str
    username: str
    password_env: str
    username_field: str = "username"
    password_field: str = "password"
    error_selector: str = "ul.errorlist, .errorlist, .error, .alert-danger"
    api: Any = None          # config.profile_api.ApiCall: a JSON login (Misago, NodeBB), see scraper.api
    api_rules: Any = None    # config.profile_api.ApiRules: its CSRF token and refusal text
    profile: str = ""        # the profile's name, for messages
    # seconds between showing the form and sending it: phpBB and FluxBB's anti-bot addon
    # refuse a login form sent sooner (a person types first)
    min_form_age: float = 0.0
    # the refusal of a login flood guard, its group 1 the seconds to wait (then one retry)
    wait: str | None = None

    def password(self) -> str:
        value = os.environ.get(self.password_env)
        if not value:
            raise AuthRequired(
                self.url, f"the password of {self.username!r} is not set: "
                f"put it in the environment variable {self.password_env}",
                ru=f"пароль «{self.username}» не задан: положите его в переменную окружения {self.password_env}"
            )
        return value


@dataclass(frozen=True)
class Validators:
    """What a server said about a page's version, to ask again conditionally."""

    etag: str | None = None
    last_modified: str | None = None

    def headers(self) -> dict[str, str]:
        out = {}
        if self.etag:
            out["If-None-Match"] = self.etag
        if self.last_modified:
            out["If-Modified-Since"] = self.last_modified
        return out

    def __bool__(self) -> bool:
        return bool(self.etag or self.last_modified)


@dataclass(frozen=True)
class Fetched:
    """A fetched page: final URL, status, bytes, validators; `not_modified` on a 304.

    `content` is the body as sent (the extractor decodes it by the page's charset);
    `text` decodes it as the server's headers say. `location` is the target of a
    redirect that was not followed (form posts).
    """

    url: str
    status: int
    content: bytes = b""
    encoding: str | None = None
    validators: Validators = field(default_factory=Validators)
    not_modified: bool = False
    location: str | None = None

    @property
    def text(self) -> str:
        return self.content.decode(self.encoding or "utf-8", errors="replace")


class HttpClient:
    def __init__(
        self,
        base_url: str,
        settings: HttpSettings | None = None,
        *,
        login: LoginForm | None = None,
        session: requests.Session | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.base_url = base_url.rstrip("/") + "/"
        self.settings = settings or HttpSettings()
        self.login_form = login
        self.session = session or requests.Session()
        self.session.headers["User-Agent"] = self.settings.user_agent
        self.session.headers.update(BROWSER_HEADERS)
        self.clock = clock
        self.sleep = sleep
        self.wall_clock = wall_clock
        self._next_request_at: float | None = None
        self.logged_in = False
        self.requests_sent = 0
        # the forum's own clock: its last answer's `Date` header and our wall time then
        # (scraper.forumclock compares the times the pages show with it)
        self.server_date: tuple[datetime, float] | None = None

    @classmethod
    def for_profile(
        cls,
        profile,
        base_url: str,
        *,
        username: str | None = None,
        password_env: str | None = None,
        settings: HttpSettings | None = None,
        **kwargs,
    ) -> "HttpClient":
        """A client for a forum of a profile's engine at `base_url`; it logs in as
        `username` (password in the environment variable `password_env`) through the
        profile's `urls.login` when both are given."""
        login = None
        if username and password_env:
            fields = profile.login
            extra = {"error_selector": fields.error} if fields.error else {}
            if fields.min_form_age:
                extra["min_form_age"] = fields.min_form_age
            if fields.wait:
                extra["wait"] = fields.wait
            login = LoginForm(url=profile.url("login", base=base_url.rstrip("/")), username=username,
                              password_env=password_env, username_field=fields.username_field,
                              password_field=fields.password_field, api=fields.api, api_rules=profile.api,
                              profile=profile.name,
                              **extra)
        return cls(base_url, settings or settings_for(profile), login=login, **kwargs)

    # -- URLs -------------------------------------------------------------------------
    def url(self, path_or_url: str) -> str:
        return urljoin(self.base_url, path_or_url)

    # -- reading ----------------------------------------------------------------------
    def get(
        self,
        url: str,
        validators: Validators | None = None,
        *,
        auth: bool = False,
        allow_404: bool = False,
    ) -> Fetched:
        """GET a page, conditionally when `validators` are given.

        `auth`: the page needs the GM's session; a login page instead of it logs in (once)
        and asks again. `allow_404`: a 404 comes back as a `Fetched` with status 404 instead
        of raising (a page past a thread's end).
        """
        url = self.url(url)
        if auth and not self.logged_in and self.login_form is not None:
            self.login()
        headers = validators.headers() if validators else {}
        response = self._send("GET", url, headers=headers)
        # A login page where a page was expected is a failed read, whatever its status
        # (a 302 to the login form, or the form served with 200): never an empty page.
        if self._is_login_page(response, url, by_content=True):
            if self.login_form is None:
                raise AuthRequired(url, "the forum asks to log in and no login is configured")
            self.logged_in = False
            self.session.cookies.clear()   # the forum forgot our session: a logged-in login page redirects away
            self.login()
            response = self._send("GET", url, headers=headers)
            if self._is_login_page(response, url, by_content=True):
                raise AuthRequired(url, "the forum showed its login page again right after logging in")
        if response.status_code == 304:
            return Fetched(url, 304, validators=validators or Validators(), not_modified=True)
        if response.status_code == 404 and allow_404:
            return _fetched(url, response)
        self._raise_for_status(url, response)
        return _fetched(url, response)

    # -- logging in ---------------------------------------------------------------------
    def login(self) -> None:
        """Log in with the configured form; `AuthRequired` with the forum's reason if refused."""
        form = self.login_form
        if form is None:
            raise AuthRequired(self.base_url, "no login is configured for this forum")
        if form.api is not None:
            from scraper.api import api_login   # JSON forums: no form to fill
            api_login(self, form)
            self.logged_in = True
            log.info("logged in to %s as %s", self.base_url, form.username)
            return
        password = form.password()
        url = self.url(form.url)
        fields = {form.username_field: form.username, form.password_field: password}
        try:
            response = self.submit_form(url, fields, form_with=form.password_field, min_age=form.min_form_age,
                                        press_default=True, replayable=True)
        except AuthRequired as refused:
            # a login flood guard naming its wait (SMF: «You will have to wait about 2 seconds to
            # login again»): wait it out once
            match = re.search(form.wait, str(refused)) if form.wait else None
            if match is None:
                raise
            self.wait(float(next((g for g in match.groups() if g), 5)) + 1, url, "the forum's login flood guard")
            response = self.submit_form(url, fields, form_with=form.password_field, min_age=form.min_form_age,
                                        press_default=True, replayable=True)
        if response.status >= 400:
            raise AuthRequired(url, f"login as {form.username!r} answered HTTP {response.status}",
                               ru=f"вход как «{form.username}»: форум ответил HTTP {response.status}")
        landed_on_login = response.location is None and _has_password_field(response.content, form)
        target = response.location or ""
        if landed_on_login or (target and _same_page(self.url(target), url)):
            said = _error_text(response.content, form.error_selector)
            if not said and target:
                # Sent back to the form: forums with flash messages (Django's, Spirit's login rate
                # limit «Too many submissions, wait 5m.») say why only on the page redirected to
                said = _error_text(self._send("GET", self.url(target)).content, form.error_selector)
            raise AuthRequired(url, f"login as {form.username!r} failed: {said or 'the forum refused it'}",
                               ru=f"вход как «{form.username}» не удался"
                               + (f"; форум пишет: «{said}»" if said else ": форум отказал"))
        self.logged_in = True
        log.info("logged in to %s as %s", self.base_url, form.username)

    def _is_login_page(self, response: requests.Response, asked: str | None = None, *,
                       by_content: bool = False) -> bool:
        """The forum answered with its login page: a 401, a redirect to the login form, or
        (`by_content`) the login form itself, served with 200 where a page was asked for.
        A guest page's quick-login box reads as one too, which only costs a login and a
        second read. The login page asked for on purpose is not one."""
        if self.login_form is None:
            return response.status_code in (401,)
        login_url = self.url(self.login_form.url)
        if asked is not None and _same_page(asked, login_url):
            return False
        if response.status_code == 401:
            return True
        if response.url and _same_page(response.url, login_url):
            return True
        if any(_same_page(self.url(r.headers.get("Location", "")), login_url)
               for r in response.history if r.headers.get("Location")):
            return True
        return by_content and response.status_code == 200 and _has_password_field(response.content, self.login_form)

    # -- forms ------------------------------------------------------------------------
    def submit_form(
        self,
        page_url: str,
        fields: Mapping[str, str],
        *,
        form_with: str | None = None,
        auth: bool = False,
        min_age: float = 0.0,
        press_default: bool = False,
        replayable: bool = False,
    ) -> Fetched:
        """GET `page_url`, take its first POST form (the first holding a field named
        `form_with`, if given), POST the form's hidden fields overlaid with `fields` to its
        action, `min_age` seconds after the GET at the earliest. `press_default`: send the
        form's default button (its first named submit button) as a browser does on Enter
        (phpBB and FluxBB log in only when `login` is in the POST). Redirects are not
        followed: the answer's `location` tells where the forum sent us (for a new post, its id).
        `replayable`: sending the form twice does no harm (a login), so it is retried like a read."""
        page = self.get(page_url, auth=auth)
        shown_at = self.clock()
        try:
            doc = lxml.html.fromstring(page.content, base_url=page.url)
        except (etree.ParserError, ValueError):
            raise LayoutChanged(page.url, "http", "form", "the page is empty or not HTML") from None
        wanted = form_with or next(iter(fields), "")
        forms = [
            f for f in doc.forms
            if (f.method or "GET").upper() == "POST" and (not wanted or f.xpath(".//*[@name=$n]", n=wanted))
        ]
        if not forms:
            where = f"form[method=post] with a field {wanted!r}"
            named = self.login_form.profile if self.login_form is not None and self.login_form.profile else ""
            raise LayoutChanged(page.url, named or "(no profile)", where, "the form to submit is not on the page")
        form = forms[0]
        data: dict[str, str] = {}
        for element in form.xpath(".//input[@type='hidden'][@name]"):
            data[element.get("name")] = element.get("value") or ""
        csrf = self.session.cookies.get("csrftoken")
        if csrf and "csrfmiddlewaretoken" not in data:
            data["csrfmiddlewaretoken"] = csrf
        if press_default:
            data.update(_default_button(form))
        data.update(fields)
        action = self.url(urljoin(page.url, form.get("action") or page.url))
        origin = urlsplit(action)
        headers = {"Referer": page.url, "Origin": f"{origin.scheme}://{origin.netloc}"}
        if min_age and self.clock() - shown_at < min_age:
            self.sleep(min_age - (self.clock() - shown_at))
        if csrf:
            headers["X-CSRFToken"] = csrf
        response = self._send("POST", action, data=data, headers=headers, allow_redirects=False,
                              replayable=replayable)
        if response.status_code in (401, 403):
            said = _error_text(response.content, self.login_form.error_selector if self.login_form else
                               LoginForm.error_selector) or _page_text(response.content)
            raise AuthRequired(action, f"the forum refused the form (HTTP {response.status_code})"
                               + (f": {said}" if said else ""),
                               ru=f"форум отказал в отправке формы (HTTP {response.status_code})"
                               + (f"; на странице: «{said}»" if said else ""))
        if response.status_code >= 400:
            self._raise_for_status(action, response)
        location = response.headers.get("Location") if response.is_redirect else None
        return _fetched(action, response, location=location)

    def send_json(self, method: str, url: str, body: Any = None, headers: Mapping[str, str] | None = None) -> Fetched:
        """One JSON request (`scraper.api`), paced and retried as every request; its answer
        whatever the status (a refusal's reason is in its JSON). Redirects are not followed."""
        url = self.url(url)
        sent = {"Accept": "application/json", "Referer": self.base_url, **(headers or {})}
        extra = {"json": body} if body is not None else {}
        response = self._send(method, url, headers=sent, allow_redirects=False, **extra)
        return _fetched(url, response, location=response.headers.get("Location") if response.is_redirect else None)

    # -- the transport ------------------------------------------------------------------
    def _send(self, method: str, url: str, *, replayable: bool | None = None, **kwargs) -> requests.Response:
        """One logical request: paced, retried on what may be retried (see the module
        docstring). `replayable` defaults to true for GET and HEAD only."""
        settings = self.settings
        replayable = method.upper() in ("GET", "HEAD") if replayable is None else replayable
        attempt = 0
        while True:
            self._pace()
            try:
                self.requests_sent += 1
                started = self.clock()
                response = self.session.request(method, url, timeout=settings.timeout, stream=True, **kwargs)
                read_body(response, url, until=started + settings.deadline, clock=self.clock,
                          limit=settings.max_body, seconds=settings.deadline)
            except TooSlow as exc:
                if not replayable:
                    raise WriteUncertain(url, f"{exc.reason}: the form was sent; the forum may have saved it") from exc
                raise
            except RETRIED as exc:
                why = _failure(exc)
                if not replayable and not _never_sent(exc):
                    raise WriteUncertain(url, f"{why}: the answer was lost after the form was sent; "
                                              "the forum may have saved it") from exc
                kind = _failure_kind(exc)
                limit = settings.retries_unreachable if kind in ("refused", "dns") else settings.retries
                if attempt >= limit:
                    raise ForumUnavailable(url, f"{why} after {attempt + 1} attempts", kind=kind,
                                           attempts=attempt + 1, timeout=settings.timeout) from exc
                self.wait(self._backoff(attempt), url, why)
                attempt += 1
                continue
            except (requests.RequestException, ValueError, UnicodeError) as exc:
                raise ForumError(url, _failure(exc)) from exc
            self._note_date(response)
            status = response.status_code
            if status == 429:
                wait = _retry_after(response, self.wall_clock())
                if wait is None and not replayable:
                    raise RateLimited(url, None, "HTTP 429 without Retry-After to a form")
                wait = self._backoff(attempt) if wait is None else wait
                if attempt >= settings.retries or wait > settings.max_retry_after:
                    raise RateLimited(url, wait)
                self.wait(wait, url, "429")
                attempt += 1
                continue
            if status >= 500:
                if not replayable:
                    raise WriteUncertain(url, f"HTTP {status} after the form was sent; the forum may have saved it")
                if attempt >= settings.retries:
                    raise ForumUnavailable(url, f"HTTP {status} after {attempt + 1} attempts", kind="http",
                                           status=status, attempts=attempt + 1)
                wait = _retry_after(response, self.wall_clock())
                self.wait(wait if wait is not None else self._backoff(attempt), url, f"HTTP {status}")
                attempt += 1
                continue
            return response

    def _note_date(self, response: requests.Response) -> None:
        value = response.headers.get("Date")
        if not value:
            return
        try:
            when = parsedate_to_datetime(value)
        except (TypeError, ValueError, IndexError):
            return
        if when.tzinfo is None:
            when = when.replace(tzinfo=timezone.utc)
        self.server_date = (when, self.wall_clock())

    def server_now(self) -> datetime | None:
        """The forum's clock now, by its last answer's `Date` header (None: no answer had one)."""
        if self.server_date is None:
            return None
        when, at = self.server_date
        return when + timedelta(seconds=self.wall_clock() - at)

    def _backoff(self, attempt: int) -> float:
        return min(self.settings.backoff * (2 ** attempt), self.settings.max_backoff)

    def wait(self, seconds: float, url: str, why: str) -> None:
        log.warning("%s: %s, retrying in %.1f s", url, why, seconds)
        self.sleep(seconds)
        # The wait already spaced us from the last request.
        self._next_request_at = None

    def _pace(self) -> None:
        now = self.clock()
        if self._next_request_at is not None and now < self._next_request_at:
            self.sleep(self._next_request_at - now)
            now = self.clock()
        self._next_request_at = now + self.settings.min_interval

    @staticmethod
    def _raise_for_status(url: str, response: requests.Response) -> None:
        status = response.status_code
        if status in (401, 403):
            raise AuthRequired(url, f"HTTP {status}")
        if status >= 400:
            raise HttpError(url, status)


# What the transport retries (a read) or reports as a lost answer (a write): the
# connection failed, the answer did not come in time or came cut short.
RETRIED = (requests.Timeout, requests.ConnectionError, requests.exceptions.ChunkedEncodingError,
           requests.exceptions.ContentDecodingError)


def settings_for(profile, **values) -> HttpSettings:
    """The client's settings for a forum of `profile`: its answer size limit (`max_page_mb`)."""
    return HttpSettings(max_body=int(getattr(profile, "max_page_mb", 10.0) * 1_000_000), **values)


def read_body(response: requests.Response, url: str, *, until: float, clock: Callable[[], float],
              limit: int, seconds: float) -> None:
    """Read a streamed answer into `response.content`, one socket read at a time (`read1`:
    a trickle returns each byte as it comes, so the clock is looked at after every one)."""
    said = response.headers.get("Content-Length", "")
    if said.isdigit() and int(said) > limit:
        response.close()
        raise TooLarge(url, limit, int(said))
    chunks: list[bytes] = []
    size = 0
    raw = response.raw
    try:
        while True:
            if clock() > until:
                raise TooSlow(url, seconds)
            chunk = raw.read1(64 * 1024, decode_content=True) if hasattr(raw, "read1") else raw.read(64 * 1024)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise TooLarge(url, limit)
            chunks.append(chunk)
    except (TooSlow, TooLarge):
        response.close()
        raise
    except urllib3.exceptions.ProtocolError as exc:
        raise requests.exceptions.ChunkedEncodingError(exc) from exc
    except urllib3.exceptions.ReadTimeoutError as exc:
        raise requests.exceptions.ReadTimeout(exc) from exc
    except urllib3.exceptions.DecodeError as exc:
        raise requests.exceptions.ContentDecodingError(exc) from exc
    response._content = b"".join(chunks)       # what `response.content` gives from now on
    response._content_consumed = True
    if hasattr(raw, "release_conn"):
        raw.release_conn()                      # read whole: the connection goes back to the pool


def _never_sent(exc: Exception) -> bool:
    """The request provably never reached the forum: no connection was made (refused,
    no route, name not resolved, the connect timed out)."""
    if isinstance(exc, requests.ConnectTimeout):
        return True
    if not isinstance(exc, requests.ConnectionError):
        return False
    reason = exc.args[0] if exc.args else None
    reason = getattr(reason, "reason", reason)   # urllib3's MaxRetryError wraps the cause
    return isinstance(reason, urllib3.exceptions.NewConnectionError) or isinstance(reason, ConnectionRefusedError)


def _failure_kind(exc: Exception) -> str:
    """What a transport failure was, for the GM's words: refused, dns, timeout, reset, connect."""
    if isinstance(exc, requests.Timeout):
        return "timeout"
    if isinstance(exc, (requests.exceptions.ChunkedEncodingError, requests.exceptions.ContentDecodingError)):
        return "reset"
    chain, seen = [exc], set()
    while chain:                      # requests wraps urllib3's MaxRetryError, which wraps the cause
        item = chain.pop()
        if item is None or id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, urllib3.exceptions.NameResolutionError) or isinstance(item, socket.gaierror):
            return "dns"
        if isinstance(item, ConnectionRefusedError):
            return "refused"
        if isinstance(item, ConnectionResetError):
            return "reset"
        chain.extend([getattr(item, "reason", None), item.__cause__, item.__context__,
                      *(a for a in getattr(item, "args", ()) if isinstance(a, BaseException))])
    text = str(exc)
    if "Connection refused" in text or "Errno 111" in text:
        return "refused"
    if "Name or service not known" in text or "nodename nor servname" in text or "Failed to resolve" in text:
        return "dns"
    return "connect"


def _failure(exc: Exception) -> str:
    """A transport failure in a few words, for the GM's notice and the log."""
    detail = str(exc).split("\n")[0][:200]
    return f"{type(exc).__name__}" + (f" ({detail})" if detail else "")


def _fetched(url: str, response: requests.Response, location: str | None = None) -> Fetched:
    return Fetched(
        response.url or url,
        response.status_code,
        response.content,
        response.encoding,
        Validators(response.headers.get("ETag"), response.headers.get("Last-Modified")),
        location=location,
    )


def _retry_after(response: requests.Response, now: float) -> float | None:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    value = value.strip()
    if value.isdigit():
        return float(value)
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - now)


def _default_button(form) -> dict[str, str]:
    """The form's first named submit button, as a browser sends it on Enter."""
    for button in form.xpath(".//input[@type='submit'][@name] | .//button[@name][not(@type) or @type='submit']"):
        return {button.get("name"): button.get("value") or ""}
    return {}


def _has_password_field(content: bytes, form: LoginForm) -> bool:
    if not content.strip() or b"password" not in content.lower() and form.password_field.encode() not in content:
        return False
    try:
        doc = lxml.html.fromstring(content)
    except (etree.ParserError, ValueError):
        return False
    return bool(doc.xpath("//input[@name=$n or @type='password']", n=form.password_field))


def _error_text(content: bytes, selector: str) -> str:
    if not content.strip():
        return ""
    try:
        doc = lxml.html.fromstring(content)
    except (etree.ParserError, ValueError):
        return ""
    texts = [" ".join(e.text_content().split()) for e in select(doc, selector)]
    return "; ".join(t for t in texts if t)


def _page_text(content: bytes, limit: int = 300) -> str:
    """A refusal page's own words, when no error selector finds them (its <title> and text, cut)."""
    if not content.strip():
        return ""
    tree = lxml.html.fromstring(content)
    for junk in tree.xpath("//style | //script | //noscript"):    # Django's 403 page: CSS, not words
        junk.drop_tree()
    heads = []
    for node in tree.xpath("//title | //h1"):
        words = " ".join(node.text_content().split())
        if words and words not in heads:
            heads.append(words)
    text = ": ".join(heads) if heads else " ".join(tree.text_content().split())
    return text if len(text) <= limit else text[:limit] + "…"


def _same_page(url: str, page: str) -> bool:
    """Is `url` the page `page` names: the same path, and every query parameter of `page`
    with the same value? (phpBB's login and PMs are both ucp.php, SMF's every page is
    index.php: only the query tells them apart.)"""
    a, b = urlsplit(url), urlsplit(page)
    if a.path != b.path:
        return False
    have = parse_qs(a.query, keep_blank_values=True)
    return all(have.get(key) == value for key, value in parse_qs(b.query, keep_blank_values=True).items())
