"""`gorod forum ...`: the game's forum itself. `gorod forum check` says what gorod can read
and write there before a game (`gorod.forumcheck`).

Each subcommand is one `(name, register)` pair in SUBCOMMANDS: a new one (`learn`) is one
more function and one more entry.
"""
from __future__ import annotations

import sys

from gorod.commands._game import add_game_option


def register(sub) -> None:
    parser = sub.add_parser(
        "forum", help="the game's forum: check what gorod can read and write there",
        description="Commands about the game's forum itself (its profile, login, pages).")
    commands = parser.add_subparsers(dest="forum_command", metavar="COMMAND")
    commands.required = True
    for _, register_one in SUBCOMMANDS:
        register_one(commands)


def _register_check(commands) -> None:
    parser = commands.add_parser(
        "check", help="log in, read the thread's first and last page and the inbox, report in Russian",
        description="With the game file: log in as the GM, read the thread's first and last page "
        "(posts, authors, times, quotes, edits), the PM list and its newest conversation, and "
        "look for the writer's forms; print one Russian line per check, ok or the exact "
        "problem with the profile key behind it. Posts nothing unless --write names a thread "
        "(one test reply there, found again by the crash lookup; nothing is deleted). Exit "
        "status 1 when a check fails, 2 for a game file that cannot be read.")
    add_game_option(parser)
    parser.add_argument("--write", metavar="THREAD_URL",
                        help="also post one test reply in this thread (not the game's, unless you mean it)")
    parser.add_argument("--text", help="the test reply's text (default: a Russian note saying it is a test)")
    parser.set_defaults(handler=_check)


def _check(args) -> int:
    from config.game import GameConfigError, load_game
    from gorod.forumcheck import check_forum
    try:
        config = load_game(args.game)
    except GameConfigError as exc:
        print(f"gorod forum check: {exc}", file=sys.stderr)
        return 2
    report = check_forum(config, write_to=args.write, text=args.text)
    print(report.text())
    return 0 if report.ok else 1


def _register_learn(commands) -> None:
    parser = commands.add_parser(
        "learn", help="learn a profile for a forum gorod does not know, from its own thread pages",
        description="Read one or two pages of a thread (a URL, or saved pages with --pages), find "
        "the repeated post blocks and in them the post id, the author, the time, the body, quotes "
        "and spoilers, the edit notice and the pagination, and the reply form; write a commented "
        "profile YAML (to --out or stdout) usable at once with `gorod scrape --profile FILE`, and "
        "print a Russian report (to stderr when the YAML goes to stdout) with the first posts as "
        "the learned profile reads them. A field it cannot find is named, not guessed. The write: "
        "section is proposed from the reply form and marked unconfirmed until `gorod forum check "
        "--write` has posted through it. Exit status 1 when nothing a profile can be made of is "
        "found, 2 for bad arguments.")
    parser.add_argument("url", nargs="?", metavar="THREAD_URL",
                        help="a thread page, fetched through gorod's HTTP client, and its next page "
                             "(the page's rel=next link) unless --one-page")
    parser.add_argument("--pages", nargs="+", metavar="FILE", default=[],
                        help="saved pages of one thread (page 1 and 2 are best), read offline")
    parser.add_argument("--inbox", metavar="URL_OR_FILE",
                        help="the GM's PM compose page (or a saved copy): its form becomes write.pm")
    parser.add_argument("--out", metavar="FILE", help="write the profile here (default: stdout)")
    parser.add_argument("--name", default=None, help="the profile's name (default: the --out file's stem)")
    parser.add_argument("--timezone", default="UTC",
                        help="the forum's time zone for times written without one (default UTC)")
    parser.add_argument("--one-page", action="store_true", help="with a URL: do not read its next page")
    parser.set_defaults(handler=_learn)


def _learn(args) -> int:
    from pathlib import Path
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    from scraper.errors import ScraperError
    from scraper.learn import LearnError, learn_pages
    from scraper.learn.report import learn_report
    if not args.url and not args.pages:
        print("gorod forum learn: дайте URL темы или --pages ФАЙЛ ...", file=sys.stderr)
        return 2
    try:
        ZoneInfo(args.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        print(f"gorod forum learn: неизвестный часовой пояс {args.timezone!r}", file=sys.stderr)
        return 2
    try:
        pages = [(Path(f).read_bytes(), f) for f in args.pages]
        inbox = None
        if args.url or (args.inbox and "://" in args.inbox):
            pages += _fetch_pages(args.url, args.one_page) if args.url else []
            if args.inbox and "://" in args.inbox:
                inbox = _fetch(args.inbox)
        if args.inbox and "://" not in args.inbox:
            inbox = (Path(args.inbox).read_bytes(), args.inbox)
        name = args.name or (Path(args.out).stem if args.out else "learned")
        learned = learn_pages(pages, inbox, timezone=args.timezone, name=name)
    except OSError as exc:
        print(f"gorod forum learn: {exc.filename}: не читается: {exc.strerror}", file=sys.stderr)
        return 2
    except LearnError as exc:
        print(f"gorod forum learn: {exc}", file=sys.stderr)
        return 1
    except ScraperError as exc:
        print(f"gorod forum learn: страница не получена: {exc}", file=sys.stderr)
        return 1
    text = learned.yaml()
    report = learn_report(learned, pages)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(report + f"Профиль записан: {args.out}")
    else:
        sys.stdout.write(text)
        sys.stderr.write(report)
    return 0


def _fetch(url: str) -> tuple[bytes, str]:
    from urllib.parse import urlsplit

    from scraper.http import HttpClient, HttpSettings
    parts = urlsplit(url)
    client = HttpClient(f"{parts.scheme}://{parts.netloc}/", HttpSettings())
    fetched = client.get(url)
    return fetched.content, fetched.url


def _fetch_pages(url: str, one_page: bool) -> list[tuple[bytes, str]]:
    """The thread page and, unless told not to, the next one its rel=next or numbered link names."""
    import re
    from urllib.parse import urljoin
    first = _fetch(url)
    if one_page:
        return [first]
    text = first[0].decode("utf-8", "replace")
    found = re.search(r"""<(?:a|link)\b[^>]*\brel=["']next["'][^>]*\bhref=["']([^"']+)""", text) or \
        re.search(r"""<(?:a|link)\b[^>]*\bhref=["']([^"']+)["'][^>]*\brel=["']next["']""", text)
    if not found:
        return [first]
    return [first, _fetch(urljoin(first[1], found.group(1).replace("&amp;", "&")))]


SUBCOMMANDS = (("check", _register_check), ("learn", _register_learn))
