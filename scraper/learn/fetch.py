"""Fetching what `gorod forum learn` learns from, as a browser would: the thread's pages, and
with the GM's login the PM inbox, a few of its conversations and the new-PM page.

    fetch_thread(url, client, one_page=False) -> [(bytes, url)]
    fetch_pm(inbox_url, thread_url, user, password_env) -> LiveLearning(client, pm, login)

The login is learned first: the inbox as a guest sees it (or the login page its «Вход» link
names) shows the login form; gorod logs in through that form as it will later, and reads the
rest as the GM. A forum whose login is no HTML form (a JSON request: Misago, NodeBB) cannot be
learned so: `LearnError` says so, naming the profile keys to write by hand.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from scraper.errors import ScraperError, failure_in_russian
from scraper.http import HttpClient, HttpSettings, LoginForm
from scraper.learn import forms, inbox as inbox_mod, tree
from scraper.learn.learner import LOGIN_FORM_AGE, LearnError, PmPages, _parse

CONVERSATIONS = 3       # conversation pages read to learn a message's fields
_COMPOSE = re.compile(r"(?i)compose|new (?:pm|message)|write|написать|новое|создать|send message|"
                      r"отправить (?:лс|сообщение)")
_COMPOSE_HREF = re.compile(r"(?i)compose|[?&;](?:action|sa|mdl)=(?:send|post|new)\b|/publish/?$|/new/?$|newpm")


@dataclass
class LiveLearning:
    client: HttpClient          # logged in as the GM
    pm: PmPages


def client_for(url: str) -> HttpClient:
    parts = urlsplit(url)
    return HttpClient(f"{parts.scheme}://{parts.netloc}/", HttpSettings())


def fetch_thread(url: str, client: HttpClient, *, one_page: bool = False, auth: bool = False
                 ) -> list[tuple[bytes, str]]:
    """The thread page and, unless told not to, the next one its rel=next or numbered link names."""
    first = client.get(url, auth=auth)
    pages = [(first.content, first.url)]
    if one_page:
        return pages
    text = first.content.decode("utf-8", "replace")
    found = re.search(r"""<(?:a|link)\b[^>]*\brel=["']next["'][^>]*\bhref=["']([^"']+)""", text) or \
        re.search(r"""<(?:a|link)\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']next["']""", text)
    nxt_url = urljoin(first.url, found.group(1).replace("&amp;", "&")) if found else _learned_next(pages)
    if nxt_url and nxt_url.split("#")[0] != first.url.split("#")[0]:
        nxt = client.get(nxt_url, auth=auth)
        pages.append((nxt.content, nxt.url))
    return pages


def _learned_next(pages: list[tuple[bytes, str]]) -> str | None:
    """The next page as a profile learned from the first page alone reads its link."""
    from scraper.extract import extract_posts
    from scraper.learn.learner import learn_pages
    try:
        learned = learn_pages(pages).profile()
        return extract_posts(pages[0][0], learned, pages[0][1], url=pages[0][1]).next_url
    except ScraperError:
        return None


def fetch_pm(inbox_url: str, user: str, password_env: str, *, thread_url: str | None = None,
             compose_url: str | None = None, conversation_urls: tuple[str, ...] = ()) -> LiveLearning:
    """`conversation_urls`: conversations to read besides (or, for an inbox of one row, instead of)
    the ones its rows link to."""
    guest = client_for(inbox_url)
    login_page = _login_page(guest, inbox_url, thread_url)
    root = _parse(*login_page).root
    login = forms.find_login(root, login_page[1])
    if login is None:
        raise LearnError(f"{login_page[1]}: не найдена форма входа (поле пароля в форме): вход на этом форуме, "
                         "видимо, JSON-запрос скрипта страницы (так у Misago и NodeBB) — его по HTML не выучить; "
                         "опишите login.api и api: вручную (пример: config/profiles/misago.yaml) или дайте "
                         "сохранённые страницы ЛС (--inbox ФАЙЛ --conversations ФАЙЛ...)")
    client = HttpClient(guest.base_url, HttpSettings(),
                        login=LoginForm(url=login.page, username=user, password_env=password_env,
                                        username_field=login.username, password_field=login.password,
                                        min_form_age=LOGIN_FORM_AGE, profile="learned"))
    client.login()
    fetched = client.get(inbox_url, auth=True)
    inbox = (fetched.content, fetched.url)
    page = _parse(*inbox)
    first_guess = inbox_mod.find_inbox(page.root, fetched.url, [], user, page.timed)
    conversations = []
    for url in conversation_urls:
        got = client.get(url, auth=True)
        conversations.append((got.content, got.url))
    if first_guess is not None:
        seen = {u.split("#", 1)[0] for _, u in conversations}
        for link in first_guess.links:
            key = link.split("#", 1)[0]
            if key in seen:
                continue
            seen.add(key)
            got = client.get(link, auth=True)
            conversations.append((got.content, link))
            if len(conversations) >= CONVERSATIONS:
                break
    compose = _compose(client, page.root, fetched.url, compose_url)
    return LiveLearning(client, PmPages(inbox=(inbox,), conversations=tuple(conversations), compose=compose,
                                        login=login_page, gm=user))


_REPLY = re.compile(r"(?i)^(?:post )?reply$|ответить|post reply|add reply|новый ответ|^ответ$")
_REPLY_HREF = re.compile(r"(?i)mode=reply|newreply|action=post\b|post\.php\?tid=|/reply/?$|/publish/?$")


def reply_page(client: HttpClient, url: str) -> tuple[bytes, str]:
    """The thread's page as the GM sees it, where the reply form is; without a quick-reply box
    there, the page the thread's «Ответить»/«Post Reply» link opens."""
    got = client.get(url, auth=True)
    root = _parse(got.content, got.url).root
    if forms.find_form(root, got.url) is not None:
        return got.content, got.url
    for a in root.iter("a"):
        href = (a.get("href") or "").replace("&amp;", "&")
        if href and not href.startswith(("#", "javascript:")) and (
                _REPLY.search(tree.text(a)) or _REPLY_HREF.search(href)):
            try:
                page = client.get(urljoin(got.url, href), auth=True)
            except ScraperError:
                continue
            if forms.find_form(_parse(page.content, page.url).root, page.url) is not None:
                return page.content, page.url
    return got.content, got.url


def _login_page(guest: HttpClient, inbox_url: str, thread_url: str | None) -> tuple[bytes, str]:
    """A page with the login form: the page the inbox's or the thread's «Вход» link names,
    else the inbox as a guest sees it."""
    seen, failed = [], []
    for url in (inbox_url, thread_url):
        if not url:
            continue
        try:
            got = guest.get(url, allow_404=True)
        except ScraperError as exc:
            failed.append(exc)
            continue        # a 403 for guests (Misago): look at the thread's page
        page = (got.content, got.url)
        seen.append(page)
        root = _parse(*page).root
        found = forms.find_login(root, got.url)
        if found is not None and found.page != got.url:
            try:
                linked = guest.get(found.page)
                if forms.find_login(_parse(linked.content, linked.url).root, linked.url) is not None:
                    return linked.content, linked.url
            except ScraperError:
                pass
        if found is not None:
            return page
        for a in root.iter("a"):
            href = a.get("href") or ""
            if forms._LOGIN_LINK.search(tree.text(a)) or re.search(r"(?i)(?:^|[/?&;=.])(?:login|signin)", href):
                try:
                    linked = guest.get(urljoin(got.url, href.replace("&amp;", "&")))
                except ScraperError:
                    continue
                if forms.find_login(_parse(linked.content, linked.url).root, linked.url) is not None:
                    return linked.content, linked.url
    if not seen:
        why = "; ".join(failure_in_russian(exc) for exc in failed)
        raise LearnError(f"{inbox_url}: страница не получена" + (f": {why}" if why else ""))
    return seen[0]


def _compose(client: HttpClient, root, source: str, given: str | None) -> tuple[bytes, str] | None:
    """The new-PM page: the one given, else the inbox's «Написать»/«Compose» link whose page has
    a form with a recipient field."""
    candidates = [given] if given else []
    for a in root.iter("a"):
        href = (a.get("href") or "").replace("&amp;", "&")
        if href and not href.startswith(("#", "javascript:")) and (
                _COMPOSE.search(tree.text(a)) or _COMPOSE_HREF.search(href)):
            candidates.append(urljoin(source, href))
    tried = set()
    for url in candidates:
        if url in tried or len(tried) >= 4:
            continue
        tried.add(url)
        try:
            got = client.get(url, auth=True)
        except ScraperError:
            continue
        found = forms.find_form(_parse(got.content, got.url).root, got.url, pm=True)
        if found is not None and found.to:
            return got.content, got.url
    return None
