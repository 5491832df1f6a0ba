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


SUBCOMMANDS = (("check", _register_check),)
