"""Encodings at every entry (issue 23): a game file, a profile or a template that is not
UTF-8 gets the Russian message naming the file on every command that reads it, never a
traceback (`gorod rulings --game` and `gorod parse --game` crashed on 22 of 500 fuzzed
game files where the other commands said it in Russian).

The fuzz runs the game-file commands over the mutated game files of test_fuzz.py
(`GOROD_FUZZ_EXAMPLES=10000`: 500 files; `make test`: 50)."""
from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest
import yaml
from hypothesis import given

import gorod.loop.game as loop_game
from gorod.cli import main
from test_fuzz import GOOD, fuzz, mutated_games

COMMANDS = [["state"], ["tally"], ["drafts"], ["memo"], ["rulings", "--game"], ["parse", "--game"]]


def run(argv: list[str], game: Path) -> tuple[int, str]:
    """One command in-process; a traceback (an exception out of `main`) fails the test."""
    args = [*argv, str(game)] if argv[-1] == "--game" else [*argv, "--game", str(game)]
    said = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, redirect_stdout(said), redirect_stderr(said):
        patch.setattr(sys, "stdin", io.StringIO("голосую против Ани"))
        try:
            status = main(args)
        except SystemExit as exc:          # argparse's own refusals
            status = exc.code
    assert "Traceback" not in said.getvalue()
    return status, said.getvalue()


def _folder(path: Path):
    # every fuzzed `store:` lands in the test's folder (a fuzzed absolute path must not be created)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(loop_game, "store_path", lambda config: path / "gorod.sqlite3")
        (path / "templates").mkdir()
        yield path


@pytest.fixture
def folder(tmp_path):
    yield from _folder(tmp_path)


@pytest.fixture(scope="module")
def fuzz_folder(tmp_path_factory):
    yield from _folder(tmp_path_factory.mktemp("fuzzed-commands"))


@fuzz("games")
@given(raw=mutated_games())
def test_every_game_file_command_reads_any_game_file_or_says_where(fuzz_folder, raw):
    game = fuzz_folder / "game.yaml"
    game.write_bytes(raw)
    for store in fuzz_folder.glob("gorod.sqlite3*"):
        store.unlink()
    for argv in COMMANDS:
        status, said = run(argv, game)
        if status not in (0, None):
            assert said.strip(), argv


def good_game(folder: Path, **extra) -> Path:
    path = folder / "game.yaml"
    path.write_text(yaml.safe_dump({**GOOD, **extra}, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_a_game_file_in_cp1251_is_told_in_russian_by_every_command(folder, argv):
    game = folder / "game.yaml"
    game.write_bytes(yaml.safe_dump(GOOD, allow_unicode=True).encode("cp1251"))
    status, said = run(argv, game)
    assert status == 2
    assert str(game) in said and "не в кодировке UTF-8" in said


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda a: " ".join(a))
def test_a_profile_not_in_utf8_is_told_in_russian_by_every_command(folder, argv):
    (folder / "profiles").mkdir()
    (folder / "profiles" / "mine.yaml").write_bytes("name: mine\nextends: spirit\n# форум\n".encode("cp1251"))
    game = good_game(folder, forum={**GOOD["forum"], "profile": "mine"})
    status, said = run(argv, game)
    if argv[0] in ("rulings", "parse", "memo"):      # they read no profile
        assert status == 0, said
        return
    assert status == 2, said
    assert "mine.yaml" in said and "не в кодировке UTF-8" in said


@pytest.mark.parametrize("argv", COMMANDS[:3], ids=lambda a: " ".join(a))
def test_a_template_not_in_utf8_is_told_in_russian_by_every_command(folder, argv):
    (folder / "mine").mkdir()
    (folder / "mine" / "news.j2").write_bytes("{{ m.bold(phase_title) }} — новости\n".encode("cp1251"))
    game = good_game(folder, templates="mine")
    status, said = run(argv, game)
    assert status == 2, said
    assert "news.j2" in said and "не в кодировке UTF-8" in said
