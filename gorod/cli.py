"""The `gorod` command line: a thin edge over the library.

Each subcommand lives in its own module under `gorod.commands` and exposes
`register(subparsers)`; the module list is discovered, so adding a command
means adding a file, not editing this one.
"""
from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from gorod import commands
from gorod.help_ru import RussianArgumentParser, russify


def build_parser() -> argparse.ArgumentParser:
    parser = RussianArgumentParser(
        prog="gorod",
        description="gorod: помощник мастера форумной игры «Город N».",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(sub)
    russify(parser)            # every subcommand's --help in Russian (gorod.help_ru)
    return parser


INTERRUPTED = "остановлено (Ctrl-C)"


def main(argv: list[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:       # at any moment, start-up (imports) included: never a traceback
        print(INTERRUPTED, file=sys.stderr)
        return 130


def _main(argv: list[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    from gorod.store_faults import StoreError

    try:
        return int(handler(args) or 0)
    except StoreError as exc:           # a command that opens a store outside `with_game`
        print(f"gorod {args.command}: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        # the reader (e.g. `| head`) went away: stop quietly
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
