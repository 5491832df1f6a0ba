"""The scraper's exceptions: errors at the edge, each naming the place.

ScraperError
├── LayoutChanged     a required selector matched nothing (URL/file, profile, selector)
│   └── NoPosts       a page with content yielded no posts at all
├── InboxIncomplete   the PM list read, but not everything new in it can be told read
├── UnknownEngine     `--profile auto` recognised no engine in a page
└── DateFormatError   a time was found but no format of the profile reads it

(The live client in `scraper.http` adds its own HTTP errors beside these.)
"""
from __future__ import annotations

from urllib.parse import unquote, urlsplit


class ScraperError(Exception):
    """Base of every scraper error; `str()` is a message fit for a GM."""


class LayoutChanged(ScraperError):
    """A required selector matched nothing: the forum's markup is not what the profile says."""

    def __init__(self, url: str, profile: str, selector: str, detail: str = "") -> None:
        self.url = url
        self.profile = profile
        self.selector = selector
        self.detail = detail
        msg = f"{url}: profile {profile!r}: selector {selector!r} matched nothing"
        if detail:
            msg += f" ({detail})"
        super().__init__(msg)


class PartialPage(LayoutChanged):
    """A page that read fewer posts than its markup implies (`scraper.wholeness`)."""

    def __init__(self, url: str, profile: str, selector: str, read: int, expected: int, why: str,
                 key: str = "selectors.post.container") -> None:
        self.read, self.expected, self.why, self.key = read, expected, why, key
        super().__init__(url, profile, selector, f"the page read {read} of {expected} posts ({why})")


class NoPosts(LayoutChanged):
    """A page that has content yielded no posts (a board index given as a thread, say)."""

    def __init__(self, url: str, profile: str, selector: str, detail: str = "") -> None:
        super().__init__(url, profile, selector, detail or "the page has content but no posts; is it a thread page?")


class NotTheInbox(LayoutChanged):
    """A PM list page with no conversation that does not look like the profile's empty inbox
    (`pm_inbox.empty` / `pm_inbox.listing` match nothing): a changed layout or another page."""

    def __init__(self, url: str, profile: str, rules) -> None:
        self.marks = [m for m in (rules.empty, rules.listing) if m]
        selector = " | ".join([rules.container, *self.marks])
        detail = ("no conversation, and nothing the profile says an empty inbox shows"
                  if self.marks else
                  "no conversation, and the profile does not say how an empty inbox looks "
                  "(selectors.pm_inbox.empty or .listing)")
        super().__init__(url, profile, selector, detail)


class InboxIncomplete(ScraperError):
    """The PM list read, and what it showed taken, yet gorod cannot tell it saw every new
    message: the forum holds some outside the list (phpBB's full folder), or the list says
    it has more pages than its links lead to. `reasons` say why, in Russian, each naming
    the page; raised after the messages it did show were handed out."""

    def __init__(self, url: str, reasons: list[str]) -> None:
        self.url = url
        self.reasons = list(reasons)
        super().__init__(f"{url}: the PM list is not read whole: " + "; ".join(self.reasons))


class UnknownEngine(ScraperError):
    """`--profile auto` found no profile whose detection hints fit the page: the GM is told so
    in Russian, with the `gorod forum learn` command that learns a profile from the page."""

    def __init__(self, url: str, detail: str = "") -> None:
        self.url = url
        self.detail = detail
        super().__init__(
            f"{url}: ни один профиль gorod не подходит к этому форуму (проверены признаки всех "
            f"профилей{'; ' + detail if detail else ''}). Выучите профиль по страницам темы: "
            f"{learn_command(url)} — и укажите его: --profile profiles/my-forum.yaml"
        )


def learn_command(source: str) -> str:
    """The `gorod forum learn` line for a thread page: its address, or the saved file."""
    where = unquote(source or "")
    if where.startswith(("http://", "https://")):
        return f"gorod forum learn {where} --out profiles/my-forum.yaml"
    return f"gorod forum learn --pages {where or 'СТРАНИЦА.html'} --out profiles/my-forum.yaml"


def unread(exc: ScraperError, what: str) -> ScraperError:
    """Mark an error as a read that did not read `what` (Russian: «ЛС от Лиса», «посты
    темы»), for the GM's alarm; its type stays what it was (`AuthRequired`, ...)."""
    exc.unread = what
    return exc


def alarm_text(exc: Exception, what: str | None = None) -> str:
    """The GM's alarm for a failed read: «ЛС от Лиса не прочитаны: форум показал страницу входа»."""
    return f"{what or getattr(exc, 'unread', None) or 'форум'} не прочитаны: {failure_in_russian(exc)}"


def failure_in_russian(exc: Exception) -> str:
    """Why a read failed, in the GM's words (the URL shown readable, not percent-encoded)."""
    url = unquote(getattr(exc, "url", "") or "")
    if isinstance(exc, AuthRequired):
        return f"форум показал страницу входа ({url})"
    if isinstance(exc, NotTheInbox):
        if not exc.marks:
            return (f"на странице списка ЛС нет ни одной переписки, а профиль {exc.profile!r} не говорит, "
                    f"как выглядит пустой список (selectors.pm_inbox.empty или .listing) ({url})")
        return (f"страница не похожа на список ЛС, каким его описывает профиль {exc.profile!r}: ни одной "
                f"переписки ({exc.selector.split(' | ')[0]!r}) и ни признака пустого списка "
                f"({' или '.join(repr(m) for m in exc.marks)}) — форум показал другую страницу или сменил "
                f"разметку ({url})")
    if isinstance(exc, InboxIncomplete):
        return "; ".join(exc.reasons)
    if isinstance(exc, PartialPage):
        why = (f"номера постов на ней {exc.why.rsplit(' ', 1)[-1]}" if exc.why.startswith("post numbers")
               else "за ней есть следующая страница, значит она полная")
        return (f"страница прочитана не вся: {exc.read} постов из {exc.expected} ({why}); у части постов "
                f"разметка не та, что в профиле {exc.profile!r} (ключ {exc.key}: "
                f"{exc.selector!r}); из этого чтения ничего не сохранено, следующий раунд прочтёт страницу "
                f"снова ({url})")
    if isinstance(exc, NoPosts):
        return f"на странице нет ни одного поста — форум показал другую страницу или сменил разметку ({url})"
    if isinstance(exc, LayoutChanged):
        return f"разметка страницы не та, что в профиле: селектор {exc.selector!r} ничего не нашёл ({url})"
    if isinstance(exc, DateFormatError):
        return f"{post_problem_in_russian(exc)} ({url})"
    if isinstance(exc, TooSlow):
        return (f"форум отдавал ответ слишком медленно: за {exc.seconds:g} с пришёл не весь ({url}); "
                "прочитанное не принято, повторите позже")
    if isinstance(exc, TooLarge):
        return (f"ответ форума больше предела {exc.limit / 1_000_000:g} МБ (ключ max_page_mb профиля) — не "
                f"прочитан ({url}); если страница и правда такая большая, поднимите max_page_mb в профиле")
    if isinstance(exc, PostRejected):
        return exc.ru or f"форум не сохранил запись: {exc.reason} ({url})"
    if isinstance(exc, RateLimited):
        return f"форум просит подождать ({url})"
    if isinstance(exc, HttpError):
        return f"форум ответил ошибкой HTTP {exc.status} ({url})"
    if isinstance(exc, ForumUnavailable):
        return unavailable_in_russian(exc)
    if isinstance(exc, ForumError):
        return f"запрос к форуму {_host(url)} не удался: форум ответил не так, как ожидалось ({url})"
    return str(exc)


def _host(url: str) -> str:
    return urlsplit(url).netloc or url or "?"


def unavailable_in_russian(exc: "ForumUnavailable") -> str:
    """What failed, said plainly and naming the forum; never the exception's own text."""
    host = _host(unquote(exc.url or ""))
    what = {
        "refused": f"форум {host} не принимает соединений (соединение отклонено: сервер форума не запущен "
                   "или это не тот адрес и порт)",
        "dns": f"имя сервера форума {host} не найдено (DNS)",
        "timeout": f"форум {host} не ответил вовремя" + (f" (за {exc.timeout:g} с)" if exc.timeout else ""),
        "reset": f"форум {host} оборвал соединение",
        "http": f"форум {host} ответил ошибкой HTTP {exc.status}",
    }.get(exc.kind, f"нет связи с форумом {host}")
    tries = f"; попыток: {exc.attempts}" if exc.attempts > 1 else ""
    return f"{what}{tries}. Проверьте, что форум работает и что forum.base_url в конфиге верен"


def post_problem_in_russian(exc: Exception) -> str:
    """What one post's failed field is, in the GM's words (the post is named by the caller)."""
    if isinstance(exc, DateFormatError):
        return (f"время «{exc.text}» не читается ни одним форматом профиля {exc.profile!r} "
                f"(dates.formats: {', '.join(exc.formats)})")
    if isinstance(exc, LayoutChanged):
        what = {"no id": "нет номера поста", "no author": "нет автора", "no body": "нет текста",
                "no time": "нет времени"}
        missing = next((ru for en, ru in what.items() if exc.detail.endswith(en)), "поле не найдено")
        return f"{missing}: селектор {exc.selector!r} профиля {exc.profile!r} ничего не нашёл"
    return str(exc)


class DateFormatError(ScraperError):
    def __init__(self, url: str, profile: str, text: str, formats: tuple[str, ...]) -> None:
        self.url, self.profile, self.text, self.formats = url, profile, text, formats
        super().__init__(
            f"{url}: profile {profile!r}: cannot read the time {text!r} with formats {list(formats)}"
        )


# ---------------------------------------------------------------- the live forum (scraper.http)
#
# ScraperError
# └── ForumError          the live forum answered in a way we cannot go on with (names the URL)
#     ├── HttpError       an unexpected HTTP status
#     ├── AuthRequired    401/403, a login page where a page was expected, a refused login
#     ├── RateLimited     429 (or the forum's own "too many submissions") past retries or cap
#     ├── ForumUnavailable  timeouts, connection errors and 5xx past the retries
#     ├── WriteUncertain  a write whose answer was lost (5xx, timeout, reset, truncated body):
#     │                   the forum may have saved it; look it up before sending it again
#     └── PostRejected    a write the forum did not save (no new post id, a form error)


class ForumError(ScraperError):
    def __init__(self, url: str, reason: str) -> None:
        self.url = url
        self.reason = reason
        super().__init__(f"{url}: {reason}")


class HttpError(ForumError):
    def __init__(self, url: str, status: int) -> None:
        self.status = status
        super().__init__(url, f"unexpected HTTP {status}")


class AuthRequired(ForumError):
    """The forum wants a login we do not have, or refused ours. `ru`: the same in Russian for
    the GM (the forum's own words quoted as they are); `str()` stays the developer's English."""

    def __init__(self, url: str, reason: str, *, ru: str = "") -> None:
        self.ru = ru
        super().__init__(url, reason)


class RateLimited(ForumError):
    def __init__(self, url: str, retry_after: float | None, detail: str = "") -> None:
        self.retry_after = retry_after
        wait = f"; retry after {retry_after:.0f} s" if retry_after is not None else ""
        super().__init__(url, f"rate limited{wait}" + (f" ({detail})" if detail else ""))


class ForumUnavailable(ForumError):
    """Timeouts, connection errors or 5xx answers outlasted the retries. `kind` says what
    failed, for the GM's words (`failure_in_russian`): refused, dns, timeout, reset,
    connect (another failure to connect) or http (`status`); `attempts` how many were made."""

    def __init__(self, url: str, reason: str, *, kind: str = "connect", status: int | None = None,
                 attempts: int = 1, timeout: float | None = None) -> None:
        self.kind = kind
        self.status = status
        self.attempts = attempts
        self.timeout = timeout
        super().__init__(url, reason)


class TooSlow(ForumUnavailable):
    """The whole answer did not come within the request's deadline (a trickling page)."""

    def __init__(self, url: str, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(url, f"the answer took longer than {seconds:g} s in all")


class TooLarge(ForumError):
    """An answer larger than the profile's `max_page_mb`: refused, not read on."""

    def __init__(self, url: str, limit: int, said: int | None = None) -> None:
        self.limit, self.said = limit, said
        super().__init__(url, f"the answer is larger than {limit} bytes" + (f" ({said} announced)" if said else ""))


class WriteUncertain(ForumError):
    """A form was sent and its answer lost: the forum may have saved it or not.

    Never retried by the client: the caller looks on the forum first (`gorod.loop.publish`)."""


class PostRejected(ForumError):
    """A reply or PM that the forum did not save; the draft stays unpublished. `ru`: why, in
    Russian for the GM, with what he can do (where gorod knows it); `limit`: the profile key
    (`write.limits.title`, ...) the draft broke, when that is why."""

    def __init__(self, url: str, reason: str, *, ru: str = "", limit: str = "") -> None:
        self.ru = ru
        self.limit = limit
        super().__init__(url, reason)
