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
        "forum", help="форум игры: проверить, что gorod там читает и пишет",
        description="Commands about the game's forum itself (its profile, login, pages).")
    commands = parser.add_subparsers(dest="forum_command", metavar="COMMAND")
    commands.required = True
    for _, register_one in SUBCOMMANDS:
        register_one(commands)


def _register_check(commands) -> None:
    parser = commands.add_parser(
        "check", help="войти на форум, прочитать первую и последнюю страницы темы и ЛС, показать отчёт",
        description="With the game file: log in as the GM, read the thread's first and last page "
        "(posts, authors, times, quotes, edits), the PM list and its newest conversation, compare "
        "the times read with the forum's clock (its Date header) and the zone its pages state (the "
        "member's setting, the page's current time: the profile's clock:) with the profile's "
        "timezone, and look for the writer's forms; print one Russian line per check, ok or the exact "
        "problem with the profile key behind it. Posts nothing unless --write names a thread "
        "(one test reply there, its shown time checked against when it was posted, and with --pm-to "
        "one test PM, each found again by the crash lookup; nothing is deleted; what was confirmed is taken off the unconfirmed: list of "
        "the GM's own profile file). Exit "
        "status 1 when a check fails, 2 for a game file that cannot be read.")
    add_game_option(parser)
    parser.add_argument("--write", metavar="THREAD_URL",
                        help="also post one test reply in this thread (not the game's, unless you mean it)")
    parser.add_argument("--text", help="the test reply's text (default: a Russian note saying it is a test)")
    parser.add_argument("--pm-to", metavar="NAME",
                        help="with --write: also send one test PM to this member (found again in the sent "
                             "list); a confirmed reply and PM are taken off a learned profile's unconfirmed: list")
    parser.set_defaults(handler=_check)


def _check(args) -> int:
    from config.game import GameConfigError, load_game
    from gorod.forumcheck import check_forum
    try:
        config = load_game(args.game)
    except GameConfigError as exc:
        print(f"gorod forum check: {exc}", file=sys.stderr)
        return 2
    if args.pm_to and not args.write:
        print("gorod forum check: --pm-to только вместе с --write URL_ТЕМЫ", file=sys.stderr)
        return 2
    report = check_forum(config, write_to=args.write, text=args.text, pm_to=args.pm_to)
    print(report.text())
    return 0 if report.ok else 1


def _register_learn(commands) -> None:
    parser = commands.add_parser(
        "learn", help="выучить профиль незнакомого gorod форума по его собственным страницам",
        description="Read one or two pages of a thread (a URL, or saved pages with --pages), find "
        "the repeated post blocks and in them the post id, the author, the time, the body, quotes "
        "and spoilers, the edit notice and the pagination, and the reply form; with the GM's PM "
        "inbox (--inbox URL with --user, or saved pages: --inbox FILE --conversations FILE...) also "
        "the inbox's rows (link, subject, sender, time, message count), a conversation's messages, "
        "the login form and the new-PM form. Write a commented profile YAML (to --out or stdout) "
        "usable at once with `gorod scrape --profile FILE` (and `gorod scrape --pm`), and print a "
        "Russian report (to stderr when the YAML goes to stdout) with the first posts and "
        "conversations as the learned profile reads them. A field it cannot find is named, not "
        "guessed. The write: section is proposed from the forms and marked unconfirmed until "
        "`gorod forum check --write` has posted through it. Exit status 1 when nothing a profile "
        "can be made of is found, 2 for bad arguments.")
    parser.add_argument("url", nargs="?", metavar="THREAD_URL",
                        help="a thread page, fetched through gorod's HTTP client (as the GM when --inbox is a "
                             "URL), and its next page (the page's rel=next link) unless --one-page")
    parser.add_argument("--pages", nargs="+", metavar="FILE", default=[],
                        help="saved pages of one thread (page 1 and 2 are best), read offline")
    parser.add_argument("--inbox", metavar="URL_OR_FILE",
                        help="the GM's PM inbox: a URL (gorod logs in through the login form it learns, as "
                             "--user) or a saved copy of the page as the GM sees it")
    parser.add_argument("--conversations", nargs="+", metavar="URL_OR_FILE", default=[],
                        help="conversation pages (a row's page of the inbox; two or three are best): saved files, "
                             "or with --inbox URL addresses read as the GM (needed when the inbox has one row)")
    parser.add_argument("--compose", metavar="URL_OR_FILE",
                        help="the new-PM page (its form becomes write.pm); default with --inbox URL: the "
                             "inbox's «Написать»/«Compose» link")
    parser.add_argument("--login-page", metavar="FILE",
                        help="a saved page with the login form (offline; with --inbox URL it is found)")
    parser.add_argument("--user", help="the GM's user name on the forum (needed with --inbox URL)")
    parser.add_argument("--password-env", default="GOROD_GM_PASSWORD", metavar="VAR",
                        help="the environment variable holding the GM's password (default GOROD_GM_PASSWORD)")
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
    live_inbox = bool(args.inbox and "://" in args.inbox)
    if live_inbox and not args.user:
        print("gorod forum learn: --inbox URL читается под мастером: дайте --user ИМЯ (пароль — в переменной "
              f"{args.password_env})", file=sys.stderr)
        return 2
    if args.conversations and not args.inbox:
        print("gorod forum learn: --conversations без --inbox: дайте и страницу входящих", file=sys.stderr)
        return 2
    try:
        ZoneInfo(args.timezone)
    except (ZoneInfoNotFoundError, ValueError):
        print(f"gorod forum learn: неизвестный часовой пояс {args.timezone!r}", file=sys.stderr)
        return 2
    try:
        pages = [(Path(f).read_bytes(), f) for f in args.pages]
        pm = _pm_pages(args, live_inbox, pages)
        name = args.name or (Path(args.out).stem if args.out else "learned")
        gm_pages = pm.thread_as_gm if pm is not None else ()
        learned = learn_pages(pages, pm=pm, gm_pages=gm_pages, timezone=args.timezone, name=name)
    except OSError as exc:
        print(f"gorod forum learn: {exc.filename}: не читается: {exc.strerror}", file=sys.stderr)
        return 2
    except LearnError as exc:
        print(f"gorod forum learn: {exc}", file=sys.stderr)
        return 1
    except ScraperError as exc:
        print(f"gorod forum learn: страница не получена: {getattr(exc, 'ru', '') or exc}", file=sys.stderr)
        return 1
    text = learned.yaml()
    report = learn_report(learned, pages, pm)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(report + f"Профиль записан: {args.out}")
    else:
        sys.stdout.write(text)
        sys.stderr.write(report)
    return 0


def _pm_pages(args, live_inbox: bool, pages: list):
    """The PM pages to learn from (None without --inbox); fetches the thread's pages too (into
    `pages`), as the GM when the inbox is read live, so that the reply form is on them."""
    from pathlib import Path

    from dataclasses import replace

    from scraper.learn import fetch
    from scraper.learn.learner import PmPages

    def saved(path):
        return (Path(path).read_bytes(), path) if path else None
    if live_inbox:
        live = fetch.fetch_pm(args.inbox, args.user, args.password_env, thread_url=args.url,
                              compose_url=args.compose if args.compose and "://" in args.compose else None,
                              conversation_urls=tuple(c for c in args.conversations if "://" in c))
        pm = live.pm
        if args.url:
            # the posts as a guest reads them (the game's thread is read so); the reply form as the GM sees it
            pages += fetch.fetch_thread(args.url, fetch.client_for(args.url), one_page=args.one_page)
            pm = replace(pm, thread_as_gm=(fetch.reply_page(live.client, args.url),))
        if args.compose and "://" not in args.compose:
            pm = replace(pm, compose=saved(args.compose))
        return pm
    if args.url:
        pages += fetch.fetch_thread(args.url, fetch.client_for(args.url), one_page=args.one_page)
    if not args.inbox and not args.compose:
        return None
    inbox = saved(args.inbox)
    compose = fetch_compose(args.compose) if args.compose else None
    if compose is None and inbox is not None:
        compose = inbox         # an inbox page holding the new-PM form (or the compose page given as --inbox)
    return PmPages(inbox=(inbox,) if inbox else (), conversations=tuple(saved(f) for f in args.conversations),
                   compose=compose, login=saved(args.login_page) or inbox, gm=args.user)


def fetch_compose(where: str):
    from pathlib import Path

    from scraper.learn import fetch
    if "://" in where:
        got = fetch.client_for(where).get(where)
        return got.content, got.url
    return Path(where).read_bytes(), where


SUBCOMMANDS = (("check", _register_check), ("learn", _register_learn))
