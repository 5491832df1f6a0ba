"""Subcommands of `gorod`; each module defines `register(subparsers)`.

A command sets `handler=<callable(args) -> int>` with `set_defaults`.
"""
