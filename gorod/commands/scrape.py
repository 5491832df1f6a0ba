"""`gorod scrape`: the posts of saved pages, folders of pages or thread URLs.

A thin edge over `scraper.extract` (pages) and `scraper.http` (URLs): every
scraper error becomes one message naming the file or URL, the profile and the
selector, and exit status 1; a bad profile or argument exits 2.
"""
from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

from config.profiles import Profile, ProfileError, load_profile, profile_names
from scraper.errors import ScraperError
from scraper.extract import extract_file, extract_posts, page_files, thread_order
from scraper.model import ExtractedPage, Post

MAX_FOLLOWED_PAGES = 500


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "scrape",
        help="посты из сохранённых страниц форума или по URL (posts of saved forum pages or URLs)",
        description=(
            "Прочитать посты темы из сохранённых страниц (файлы .html/.json или папки с ними) "
            "или по URL темы. Страницы папки сортируются в порядке темы, повторы постов убираются."
        ),
        epilog=(
            "Профили: " + ", ".join(profile_names()) + " или путь к своему YAML-профилю "
            "(`extends: mybbru` плюс адреса и часовой пояс вашего форума). "
            "Адрес читается вежливо (запрос в секунду, повторы при сбоях); "
            "--follow читает и следующие страницы. "
            "Код выхода: 0 — всё прочитано, 1 — страница не прочиталась (сообщение называет файл или адрес, "
            "профиль и селектор), 2 — неверные аргументы или профиль."
        ),
    )
    parser.add_argument("sources", nargs="+", metavar="SOURCE",
                        help="saved page, folder of saved pages, or http(s) URL of a thread page")
    parser.add_argument("--profile", default="auto",
                        help="engine profile name or YAML path; 'auto' (default) detects it per page")
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list of posts (id, author, posted_at, edited, text, quotes, page, ...)")
    parser.add_argument("--follow", action="store_true",
                        help="for URLs: follow the pages' next-page links to the thread's end")
    parser.add_argument("--interval", type=float, default=1.0, metavar="SECONDS",
                        help="for URLs: at least this long between two requests to the forum (default 1)")
    parser.add_argument("--now", metavar="ISO-TIME", type=_iso,
                        help="the time relative dates («сегодня», 'Yesterday') count from "
                             "(default: now; set it to when the pages were saved)")
    pm = parser.add_argument_group(
        "PMs", "--pm: SOURCE is the forum's address; read the PM inbox of the GM's account "
        "(every conversation, each message once; needs --profile, --user, --password-env)")
    pm.add_argument("--pm", action="store_true", help="read the PM inbox of a live forum (личные сообщения)")
    pm.add_argument("--user", help="the account whose inbox is read (the GM's)")
    pm.add_argument("--password-env", metavar="VARIABLE",
                    help="the environment variable holding that account's password")
    parser.set_defaults(handler=run)


def _iso(value: str) -> datetime:
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an ISO 8601 time: {value!r}") from None
    if moment.tzinfo is None:
        raise argparse.ArgumentTypeError(f"give a time zone offset: {value!r} (e.g. 2024-05-01T12:00+03:00)")
    return moment


def run(args: argparse.Namespace) -> int:
    try:
        profile = None if args.profile == "auto" else load_profile(args.profile)
    except ProfileError as exc:
        print(f"gorod scrape: {exc}", file=sys.stderr)
        return 2
    if args.pm:
        return _run_pm(args, profile)
    try:
        pages = list(read_pages(args.sources, profile, args.now, args.follow, args.interval))
    except ScraperError as exc:
        print(f"gorod scrape: ошибка: {exc}", file=sys.stderr)
        return 1
    posts = thread_order(pages)
    if args.json:
        json.dump([_json(p) for p in posts], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
    else:
        _table(posts, pages)
    return 0


def read_pages(sources: list[str], profile: Profile | None, now: datetime | None, follow: bool,
               interval: float):
    """The extracted pages of saved files, folders or thread URLs (`follow`: every page)."""
    for source in sources:
        if _is_url(source):
            yield from _fetch(source, profile, now, follow, interval)
        else:
            for path in page_files(source):
                yield extract_file(path, profile, now=now)


def _is_url(source: str) -> bool:
    return urlsplit(source).scheme in ("http", "https")


def _fetch(url: str, profile: Profile | None, now: datetime | None, follow: bool, interval: float):
    from scraper.http import HttpClient, HttpSettings  # only URLs need the network client

    parts = urlsplit(url)
    client = HttpClient(f"{parts.scheme}://{parts.netloc}/", HttpSettings(min_interval=max(0.0, interval)))
    seen: set[str] = set()
    while url and url not in seen and len(seen) < MAX_FOLLOWED_PAGES:
        seen.add(url)
        fetched = client.get(url)
        page = extract_posts(fetched.content, profile, fetched.url, url=fetched.url, now=now)
        yield page
        if not follow or page.is_last or not page.next_url:
            return
        url = page.next_url
        if urlsplit(url).netloc != parts.netloc:
            raise ScraperError(f"{fetched.url}: the next page {url} is on another site; not following it")


def _json(post: Post) -> dict:
    data = post.to_json()
    # the documented keys first, then the rest of the model
    head = {k: data.pop(k) for k in ("id", "author", "posted_at", "edited", "text", "quotes", "page")}
    return {**head, **data}


def _table(posts: list[Post], pages: list[ExtractedPage]) -> None:
    out = sys.stdout
    profiles = sorted({p.profile for p in pages})
    out.write(f"{len(posts)} posts from {len(pages)} page(s), profile {', '.join(profiles)}\n")
    if not posts:
        return
    rows = [("id", "page", "posted at", "author", "ed.", "q.", "text")]
    for p in posts:
        first = p.text.split("\n", 1)[0]
        rows.append((
            p.id,
            "" if p.page is None else str(p.page),
            p.posted_at.strftime("%Y-%m-%d %H:%M %z") if p.posted_at else "-",
            p.author,
            "*" if p.edited else "",
            str(len(p.quotes)) if p.quotes else "",
            first[:60] + ("…" if len(first) > 60 or "\n" in p.text else ""),
        ))
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]) - 1)]
    for r in rows:
        out.write("  ".join(c.ljust(w) for c, w in zip(r, widths)) + "  " + r[-1] + "\n")


def _run_pm(args: argparse.Namespace, profile: Profile | None) -> int:
    from scraper.live import read_pms  # only --pm needs the live poller

    missing = [flag for flag, value in (("--profile", profile), ("--user", args.user),
                                         ("--password-env", args.password_env)) if not value]
    if missing or len(args.sources) != 1 or not _is_url(args.sources[0]):
        print("gorod scrape --pm: give the forum's address and " + ", ".join(missing or ["one URL"]),
              file=sys.stderr)
        return 2
    try:
        messages = read_pms(profile, args.sources[0], username=args.user, password_env=args.password_env)
    except ScraperError as exc:
        print(f"gorod scrape: ошибка: {exc}", file=sys.stderr)
        return 1
    if args.json:
        json.dump([m.to_json() for m in messages], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(f"{len(messages)} message(s) in the inbox of {args.user}\n")
    for m in messages:
        when = m.sent_at.strftime("%Y-%m-%d %H:%M %z") if m.sent_at else "-"
        first = m.text.split("\n", 1)[0]
        sys.stdout.write(f"{m.conversation_id:>6}  {when}  {m.sender}  «{m.subject}»  {first[:60]}\n")
    return 0
