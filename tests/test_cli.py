"""The CLI lists its subcommands and every one of them has --help."""
import pytest

from gorod.cli import build_parser, main


def _subcommands():
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return sorted(action.choices)


def test_help_lists_subcommands(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    for name in _subcommands():
        assert name in out


@pytest.mark.parametrize("name", _subcommands())
def test_every_subcommand_has_help(name, capsys):
    with pytest.raises(SystemExit) as exc:
        main([name, "--help"])
    assert exc.value.code == 0
    assert "использование:" in capsys.readouterr().out


def test_ctrl_c_at_any_moment_is_one_russian_line(capsys, monkeypatch):
    # Ctrl-C printed English «interrupted», and during start-up (the commands' imports) a traceback.
    import gorod.cli as cli

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "build_parser", interrupted)          # start-up
    assert cli.main(["state"]) == 130
    assert capsys.readouterr().err == "остановлено (Ctrl-C)\n"
    monkeypatch.undo()
    monkeypatch.setattr("gorod.commands.memo._memo", interrupted)      # while a command runs
    assert cli.main(["memo"]) == 130
    assert capsys.readouterr().err == "остановлено (Ctrl-C)\n"


def test_every_command_is_summed_up_in_russian_in_gorod_help():
    # exam finding 9: the GM reads `gorod --help`; most summaries were English
    import re

    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    english = [c.dest for c in action._choices_actions if not re.search("[а-яё]", c.help or "", re.I)]
    assert english == []
