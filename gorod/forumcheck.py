"""`gorod forum check`: what gorod can read and write on the game's forum, before a game.

    report = check_forum(config)                      # logs in, reads, posts nothing
    report = check_forum(config, write_to=URL)        # and one test reply in that thread
    report = check_forum(config, write_to=URL, pm_to=NAME)   # and one test PM to NAME
    print(report.text())                              # Russian, one line per check

Each line is ok or the exact problem, with the profile key behind it (the selector or
section a GM fixes in the profile). It reads the thread's first page and its last page
(following the next-page links), the GM's PM list and its newest conversation, and looks
for the writer's forms (the reply form on the thread, the PM form) or, on a JSON-API forum,
that its CSRF token can be had. Nothing is stored and nothing is posted unless `write_to`
names a thread; nothing is ever deleted. A test reply (and PM) that was posted and found
again by the crash lookup confirms the profile's `write.reply` (`write.pm`): a GM's own profile
(a learned one) loses that entry of its `unconfirmed:` list, in its file.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime, timezone
from urllib.parse import unquote

from config.game import GameConfig
from gorod.loop.forum import SiteForum, topic_id_of
from gorod.store import Store
from publisher.russian import inflect_nick
from scraper.errors import LayoutChanged, ScraperError, failure_in_russian
from scraper.extract import extract_posts
from scraper.model import ExtractedPage, Post

MAX_PAGES = 60


@dataclass(frozen=True)
class Line:
    ok: bool
    what: str                 # what was checked (Russian)
    detail: str               # what was found, or the problem (the forum's or gorod's words)
    key: str | None = None    # the profile key behind a problem

    def text(self) -> str:
        mark = "ok    " if self.ok else "ОШИБКА"
        key = f" [ключ профиля: {self.key}]" if self.key and not self.ok else ""
        return f"{mark} {self.what}: {self.detail}{key}"


@dataclass
class Report:
    forum: str
    profile: str
    lines: list[Line] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(line.ok for line in self.lines)

    def add(self, ok: bool, what: str, detail: str, key: str | None = None) -> bool:
        self.lines.append(Line(ok, what, detail, key))
        return ok

    def text(self) -> str:
        head = f"Проверка форума {self.forum} (профиль {self.profile})"
        problems = sum(not line.ok for line in self.lines)
        tail = "Итог: всё прочитано." if not problems else f"Итог: проблем — {problems}."
        return "\n".join([head, *(line.text() for line in self.lines), tail])


def _key_of(exc: Exception, default: str) -> str:
    if isinstance(exc, LayoutChanged):
        return exc.selector
    return default


def _when(moment: datetime | None) -> str:
    return moment.strftime("%d.%m.%Y %H:%M:%S %Z").strip() if moment else "—"


def check_forum(config: GameConfig, *, write_to: str | None = None, text: str | None = None,
                pm_to: str | None = None) -> Report:
    """Check the forum of a game config; see the module docstring."""
    try:
        forum = SiteForum.from_config(config, Store(":memory:"))
    except (ScraperError, ValueError) as exc:
        report = Report(config.forum.base_url or "?", config.forum.profile or "?")
        report.add(False, "профиль и вход", _said(exc), "forum.profile")
        return report
    profile = forum.profile
    report = Report(forum.client.base_url, f"{profile.name}, {profile.path}")
    try:
        forum.client.login()
    except ScraperError as exc:
        report.add(False, f"вход как «{forum.gm}»", _said(exc), "login.api" if profile.login.api else "urls.login")
        return report
    report.add(True, f"вход как «{forum.gm}»", "принят")
    foreign = _foreign_thread(forum)
    if foreign:   # neither read as this forum's thread nor its number used for this forum's forms
        report.add(False, "адрес темы", foreign, "forum.thread_url")
    else:
        pages = _thread(report, forum)
        if pages:
            _contents(report, pages)
            _clock(report, forum, pages)
    _pms(report, forum)
    if not foreign:
        _forms(report, forum)
    if write_to:
        confirmed = []
        if _write(report, forum, write_to, text):
            confirmed.append("write.reply")
        if pm_to and _write_pm(report, forum, pm_to, text):
            confirmed.append("write.pm")
        _confirm(report, forum.profile, confirmed)
    return report


# -- the thread -------------------------------------------------------------------------------
def _foreign_thread(forum: SiteForum) -> str | None:
    """Why the game's thread is not on the GM's forum: its URL names another site than
    base_url (gorod would read one board and write to the thread of that number on another)."""
    from urllib.parse import urlsplit

    def site(url: str) -> tuple:
        parts = urlsplit(url)
        host = (parts.hostname or "").removeprefix("www.")
        return host, parts.port or {"http": 80, "https": 443}.get(parts.scheme)

    if site(forum.thread.url) == site(forum.client.base_url):
        return None
    return (f"тема {forum.thread.url} — не на форуме {forum.client.base_url}: forum.thread_url и "
            "forum.base_url должны быть одним сайтом (тема — на форуме мастера)")


def _thread(report: Report, forum: SiteForum) -> list[ExtractedPage]:
    """Page 1 and, following the next-page links, the last page."""
    client, profile = forum.client, forum.profile
    url: str | None = forum.thread.url
    pages: list[ExtractedPage] = []
    seen: set[str] = set()
    while url and url not in seen and len(seen) < MAX_PAGES:
        seen.add(url)
        try:
            page = client.get(url, auth=True)
            extracted = extract_posts(page.content, profile, page.url, url=page.url)
        except ScraperError as exc:
            where = "первая страница темы" if not pages else f"страница {len(seen)} темы"
            report.add(False, where, _said(exc), _key_of(exc, "selectors.post"))
            return pages
        if not pages:
            authors = list(dict.fromkeys(p.author for p in extracted.posts))
            report.add(True, "первая страница темы",
                       f"{len(extracted.posts)} сообщ., авторов {len(authors)} ({', '.join(authors[:6])}"
                       f"{', …' if len(authors) > 6 else ''})")
        pages = [pages[0], extracted] if pages else [extracted]
        url = extracted.next_url
    if url and url in seen:
        pass   # a next link back to a page read: the last page
    elif url:
        report.add(False, "последняя страница темы", f"больше {MAX_PAGES} страниц по ссылкам «дальше»",
                   "selectors.pagination.next")
        return pages
    last = pages[-1]
    count = len(seen)
    if count == 1:
        report.add(True, "страницы темы", "одна страница (ссылки «дальше» нет)"
                   + ("" if forum.profile.pagination.next else ": в профиле нет selectors.pagination.next"))
    else:
        tail = last.posts[-1] if last.posts else None
        report.add(bool(last.posts), "последняя страница темы",
                   f"страница {count}: {len(last.posts)} сообщ., последнее — {tail.author}, {_when(tail.posted_at)}"
                   if tail else f"страница {count}: сообщений нет", "selectors.post.container")
    return pages


def _contents(report: Report, pages: list[ExtractedPage]) -> None:
    posts: list[Post] = [p for page in pages for p in page.posts]
    if not posts:
        return
    timed = [p for p in posts if p.posted_at is not None]
    report.add(len(timed) == len(posts), "время сообщений",
               f"у {len(timed)} из {len(posts)}; первое {_when(posts[0].posted_at)}"
               + ("" if len(timed) == len(posts) else " — у остальных время не прочитано"), "selectors.post.time")
    quoted = [p for p in posts if p.quotes]
    report.add(True, "цитаты", f"в {len(quoted)} сообщ. (текст цитат отделён от своего)" if quoted
               else "на этих страницах нет (selectors.body.quote не проверен)")
    edited = [p for p in posts if p.edited]
    with_time = [p for p in edited if p.edited_at is not None]
    report.add(True, "правки", f"{len(edited)} сообщ. изменено, время правки у {len(with_time)}" if edited
               else "на этих страницах нет (ни одного изменённого сообщения)")


# -- the forum's clock ----------------------------------------------------------------------------
def _clock(report: Report, forum: SiteForum, pages: list[ExtractedPage]) -> None:
    """The times read against the forum's clock (its `Date` header) and against what its pages
    state of the zone (the member's setting, a page's «current time»: the profile's `clock:`)."""
    from scraper.forumclock import alarm_text, future_time, read_clock

    times = [t for page in pages for p in page.posts for t in (p.posted_at, p.edited_at) if t is not None]
    server_now = forum.server_now()
    findings = [future_time(max(times, default=None), server_now, precision=forum.time_precision)]
    try:
        findings += read_clock(forum.client, forum.profile)
    except ScraperError as exc:
        report.add(False, "пояс в настройках форума", _said(exc), "clock.setting")
    findings = [f for f in findings if f is not None]
    for finding in findings:
        report.add(False, "время форума", alarm_text(finding, forum.profile), "timezone")
    if not findings:
        stated = " и с поясом в настройках учётной записи" if forum.profile.clock.setting_url else ""
        report.add(True, "время форума", f"сходится с часами форума ({_when(server_now)}){stated}; "
                   f"timezone профиля: {forum.profile.timezone}")


def _fresh_write(report: Report, forum: SiteForum, created, sent_at: datetime) -> None:
    """The time the forum shows for the test reply just posted is the moment it was posted."""
    from scraper.forumclock import alarm_text, fresh_write

    try:
        page = forum.client.get(created.url, auth=True)
        post = next((p for p in extract_posts(page.content, forum.profile, page.url, url=page.url).posts
                     if p.id == str(created.id)), None)
    except ScraperError as exc:
        report.add(False, "время тестового ответа", _said(exc), "selectors.post.time")
        return
    shown = post.posted_at if post is not None else None
    finding = fresh_write(shown, sent_at, precision=forum.time_precision,
                          what="время только что отправленного тестового ответа")
    if finding is not None:
        report.add(False, "время тестового ответа", alarm_text(finding, forum.profile), "timezone")
    else:
        report.add(shown is not None, "время тестового ответа",
                   f"{_when(shown)}: сходится с моментом отправки" if shown else "на странице не прочитано",
                   "selectors.post.time")


# -- PMs --------------------------------------------------------------------------------------
def _pms(report: Report, forum: SiteForum) -> None:
    profile = forum.profile
    key = "pm_json" if profile.pm_json is not None else "selectors.pm_inbox"
    if profile.pm_inbox is None and profile.pm_json is None:
        report.add(False, "личные сообщения", "профиль не умеет читать ЛС", key)
        return
    from scraper.inbox import extract_inbox
    try:
        page = forum.client.get(forum.pms.inbox_url, auth=True)
        inbox = extract_inbox(page.content, profile, page.url)
    except ScraperError as exc:
        report.add(False, "список ЛС", _said(exc), _key_of(exc, key))
        return
    if inbox.held is not None:   # the forum keeps PMs to the GM out of the list: gorod would not see them
        from scraper.poll import held_problem
        report.add(False, "задержанные ЛС", held_problem(inbox.held, page.url), "selectors.pm_inbox.held")
    if not inbox.entries:
        report.add(True, "список ЛС", "пуст (разговоров нет: прочесть нечего)")
        return
    entry = inbox.entries[0]
    pages = f", страниц: {inbox.last_page}" if inbox.last_page else ""
    report.add(True, "список ЛС", f"{len(inbox.entries)} разговор(ов) на первой странице{pages}")
    try:
        messages = forum.pms.read_conversation(entry)
    except ScraperError as exc:
        report.add(False, f"разговор «{entry.subject}»", _said(exc), _key_of(exc, "selectors.pm_message"))
        return
    senders = list(dict.fromkeys(m.author for m in messages))
    report.add(bool(messages), f"разговор «{entry.subject}»",
               f"{len(messages)} сообщ. от {', '.join(senders)}" if messages else "сообщений не прочитано",
               "selectors.pm_message" if profile.pm_json is None else "pm_json.posts")


# -- the writer's forms -----------------------------------------------------------------------
def _forms(report: Report, forum: SiteForum) -> None:
    rules = forum.profile.write
    if rules is None:
        report.add(False, "запись", "в профиле нет раздела write: gorod не сможет отвечать и писать ЛС", "write")
        return
    _form(report, forum, "форма ответа в теме", rules.reply, "write.reply", thread=forum.topic_id)
    if rules.pm is None:
        report.add(False, "форма ЛС", "в профиле нет write.pm", "write.pm")
    else:
        _form(report, forum, "форма ЛС", rules.pm, "write.pm")


def _form(report: Report, forum: SiteForum, what: str, form, key: str, **values) -> None:
    client = forum.client
    if form.api:
        from scraper.api import JsonApi
        try:
            headers = JsonApi(client, forum.profile.api, forum.profile.name).csrf_headers()
        except ScraperError as exc:
            report.add(False, what, _said(exc), "api.csrf")
            return
        token = f", токен CSRF есть ({', '.join(headers)})" if headers else ""
        report.add(True, what, f"JSON API, {len(form.api)} запрос(а): {form.api[-1].method} {form.api[-1].url}{token}")
        return
    from scraper.write_form import find_form
    from scraper.write_lookup import fill
    url = client.url(fill(form.url, client, **values))
    try:
        page = client.get(url, auth=True)
        find_form(page, selector=form.form, holding=form.text.replace("{thread}", str(values.get("thread", ""))),
                  default_charset=forum.profile.encoding, profile=forum.profile.name)
    except ScraperError as exc:
        report.add(False, what, _said(exc), _key_of(exc, f"{key}.url"))
        return
    report.add(True, what, f"есть на {url} (поле {form.text})")


def _write(report: Report, forum: SiteForum, url: str, text: str | None) -> bool:
    """One reply in the thread the GM named, then the crash lookup finding it (deletes nothing);
    True when both went right."""
    from scraper.write import ForumWriter
    text = text or f"Проверка gorod: это тестовое сообщение ({time.strftime('%d.%m.%Y %H:%M')}), его можно удалить."
    try:
        topic = topic_id_of(url)
        writer = ForumWriter(forum.client, profile=forum.profile, allow_writes=True)
        created = writer.reply(topic, text)
        sent_at = forum.server_now() or datetime.now(timezone.utc)
    except (ScraperError, ValueError) as exc:
        report.add(False, f"тестовый ответ в {url}", _said(exc), "write.reply")
        return False
    report.add(True, f"тестовый ответ в {url}", f"сообщение {created.id}: {created.url}")
    _fresh_write(report, forum, created, sent_at)
    try:
        found = writer.find_reply(writer.last_page_url(topic) or url, after=created.id - 1, text=text)
    except ScraperError as exc:
        report.add(False, "поиск после сбоя", _said(exc), "write.last_page")
        return False
    return report.add(found is not None and found.id == created.id, "поиск после сбоя",
                      f"находит сообщение {created.id}" if found is not None and found.id == created.id
                      else "не находит только что отправленное сообщение: после сбоя оно ушло бы дважды",
                      "write.last_page")


def _write_pm(report: Report, forum: SiteForum, to: str, text: str | None) -> bool:
    """One PM to `to`, then the crash lookup finding it in the sent list (deletes nothing)."""
    from scraper.write import ForumWriter
    title = f"Проверка gorod {time.strftime('%d.%m.%Y %H:%M:%S')}"
    text = text or "Проверка gorod: это тестовое личное сообщение, его можно удалить."
    writer = ForumWriter(forum.client, profile=forum.profile, allow_writes=True)
    try:
        created = writer.send_pm([to], title, text)
    except (ScraperError, ValueError) as exc:
        report.add(False, f"тестовое ЛС для {inflect_nick(to, 'gent')}", _said(exc), "write.pm")
        return False
    report.add(True, f"тестовое ЛС для {inflect_nick(to, 'gent')}", f"«{title}»" + (f": {created.url}" if created.url else ""))
    try:
        found = writer.find_pm(title, text)
    except ScraperError as exc:
        report.add(False, "поиск ЛС после сбоя", _said(exc), "write.pm.sent_list")
        return False
    return report.add(found is not None, "поиск ЛС после сбоя",
                      f"находит ЛС «{title}»" if found is not None
                      else "не находит только что отправленное ЛС: после сбоя оно ушло бы дважды",
                      "write.pm.sent_list")


def _confirm(report: Report, profile, confirmed: list[str]) -> None:
    """Take what the test writes confirmed off the `unconfirmed:` list of the GM's own profile
    file (a learned one): the file is edited line by line, its comments kept."""
    from config.profiles import PROFILES_DIR, ProfileError, reload_profile
    from pathlib import Path
    path = Path(profile.path) if profile.path else None
    entries = [u for u in profile.unconfirmed if any(u.startswith(c + ":") for c in confirmed)]
    if not entries or path is None or not path.is_file() or PROFILES_DIR in path.resolve().parents:
        return
    import yaml
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = []
    for line in lines:
        item = line.strip()
        if item.startswith("- "):
            try:
                value = yaml.safe_load(item[2:])
            except yaml.YAMLError:
                value = None
            if value in entries:
                continue
        kept.append(line)
    original = "".join(lines)
    path.write_text("".join(kept), encoding="utf-8")
    try:
        reload_profile(path)
    except (ProfileError, OSError) as exc:
        path.write_text(original, encoding="utf-8")
        reload_profile(path)
        report.add(False, "отметка unconfirmed", f"{path}: не снята ({exc})", "unconfirmed")
        return
    report.add(True, "отметка unconfirmed", f"{', '.join(confirmed)}: подтверждено, снято в {path}")


def _said(exc: Exception) -> str:
    """The error as the GM reads it, in Russian (`scraper.errors.failure_in_russian`; a refused
    login in the forum's words, `AuthRequired.ru`), naming the profile a wrong selector is in."""
    ru = getattr(exc, "ru", "")
    if ru:
        return f"{unquote(getattr(exc, 'url', ''))}: {ru}"
    said = failure_in_russian(exc)
    profile = getattr(exc, "profile", None)
    return f"{said}; профиль {profile!r}" if profile and f"{profile!r}" not in said else said
