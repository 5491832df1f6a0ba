"""`gorod init [FILE]`: write a commented example game config to start from."""
from __future__ import annotations

import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parent.parent / "data" / "game-example.yaml"


def register(sub) -> None:
    parser = sub.add_parser(
        "init", help="записать пример конфига игры с пояснениями (game.yaml)",
        description="Write a commented example game config: the forum and the GM's account, the "
        "players, the schedule in Moscow time, rulings, parsing, templates. Edit it, then "
        "`gorod run --once` (the thread so far: sign-ups are talk) and `gorod deal` (README: "
        "«Руководство мастера»). An existing file is never overwritten.")
    parser.add_argument("file", nargs="?", default="game.yaml", help="where to write it (default: game.yaml)")
    parser.set_defaults(handler=_init)


def _init(args) -> int:
    target = Path(args.file)
    if target.exists():
        print(f"gorod init: {target} уже есть; не перезаписан", file=sys.stderr)
        return 1
    target.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{target}: записан. Дальше: заполните forum: и players:, положите пароль мастера в переменную "
          "окружения из forum.password_env, затем `gorod run --once` (прочитать тему: записи — это ещё "
          "не заявки) и `gorod deal` (раздать роли).")
    return 0
