"""The README tells the truth about the command line (issue 15, problem 9): every command
and sub-action gorod has is in its command table, every command of the table exists, and
every example of «A GM's day» is a command line gorod accepts (the same examples are run,
in order, on the real Spirit forum by tests/loop/test_realforum_readme.py)."""
from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

import pytest

from gorod.cli import build_parser

README = Path(__file__).resolve().parents[1] / "README.md"


def section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def table_commands() -> set[str]:
    """`gorod NAME` and `gorod NAME ACTION` of the command table's first column."""
    names = set()
    for row in section("Commands").splitlines():
        if not row.startswith("| `gorod"):
            continue
        cell = row.split(" | ")[0]
        for usage in re.findall(r"`gorod ([^`]+)`", cell):
            words = usage.split()
            names.add(words[0])
            if len(words) > 1 and re.fullmatch(r"[a-z]+(\\\|[a-z]+)*", words[1]):
                names.update(f"{words[0]} {a}" for a in words[1].split("\\|"))
    return names


def parser_commands() -> set[str]:
    names = set()
    for action in build_parser()._subparsers._group_actions:
        for name, sub in action.choices.items():
            names.add(name)
            for inner in sub._actions:
                if isinstance(inner, argparse._SubParsersAction):
                    names.update(f"{name} {a}" for a in inner.choices)
    return names


def gm_day_examples() -> list[str]:
    """Every `gorod …` line of the shell blocks of «A GM's day», without its comment."""
    lines = []
    for block in re.findall(r"```sh\n(.*?)```", section("A GM's day with gorod"), re.S):
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("gorod "):
                lines.append(line.split("  #")[0].strip())
    return lines


def test_every_command_is_in_the_readme_table_and_every_row_is_a_command():
    table, parser = table_commands(), parser_commands()
    assert parser - table == set(), f"commands missing from README's table: {sorted(parser - table)}"
    assert table - parser == set(), f"README's table names commands gorod lacks: {sorted(table - parser)}"


@pytest.mark.parametrize("line", gm_day_examples())
def test_every_example_of_a_gms_day_is_a_command_gorod_accepts(line):
    parser = build_parser()
    try:
        args = parser.parse_args(shlex.split(line, comments=True)[1:])
    except SystemExit as exc:
        pytest.fail(f"README example refused by gorod's parser ({exc.code}): {line}")
    assert getattr(args, "handler", None) is not None, line


def test_the_examples_are_read():
    examples = gm_day_examples()
    assert len(examples) >= 20 and "gorod init game.yaml" in examples and "gorod inbox" in examples


def test_init_says_what_the_readme_says_comes_next(tmp_path, capsys):
    from gorod.cli import main
    assert main(["init", str(tmp_path / "game.yaml")]) == 0
    out = capsys.readouterr().out
    first = [line.split("  #")[0].strip() for line in gm_day_examples()]
    assert first.index("gorod run --once") < first.index("gorod deal")
    assert out.index("gorod run --once") < out.index("gorod deal")


def test_demo_game_is_a_file_like_every_other_game_option():
    demo = next(a for a in build_parser()._subparsers._group_actions[0].choices["demo"]._actions
                if "--game" in a.option_strings)
    assert demo.metavar == "GAME.yaml" and demo.default.endswith("game.yaml")
