"""A game file is validated whole at load, alike for every command (issue 14): one Russian
line naming the file and key path on stderr, exit 2, no traceback."""
from __future__ import annotations

import pytest

from test_cli_loop import make_config, run

BROKEN = [
    ("poll_interval: 300", "poll_interval: 9223372036854775808", "poll_interval: не больше 86400"),
    ("poll_interval: 300", "poll_interval: 300\npoll_interval: 60", "повторён"),
    ("parsing: {}", "parsing: {threshold: 200}", "parsing.threshold"),
    ("templates: null", "templates: nowhere", "templates: "),
    ("poll_interval: 300", "poll_interval: 300\nreplay: {hots: 1}", "replay.hots"),
]


@pytest.mark.parametrize("old, new, needle", BROKEN, ids=["huge", "twice", "parsing", "templates", "replay"])
@pytest.mark.parametrize("command", [["deal"], ["run", "--once"], ["state"], ["web", "--port", "0"]],
                         ids=["deal", "run", "state", "web"])
def test_every_command_refuses_a_broken_game_file_alike(tmp_path, capsys, monkeypatch, command, old, new, needle):
    path = make_config(tmp_path, capsys, monkeypatch)
    text = open(path, encoding="utf-8").read()
    assert old in text
    open(path, "w", encoding="utf-8").write(text.replace(old, new, 1))
    code, out, err = run(capsys, *command)
    assert code == 2, (out, err)
    assert err.startswith(f"gorod {command[0]}: {path}") and needle in err and "Traceback" not in err


def test_a_game_file_not_in_utf8_is_refused_by_its_line(tmp_path, capsys, monkeypatch):
    path = make_config(tmp_path, capsys, monkeypatch)
    raw = open(path, "rb").read().decode("utf-8")
    open(path, "wb").write(raw.encode("cp1251", "replace"))
    code, _, err = run(capsys, "state")
    assert code == 2 and "не в кодировке UTF-8" in err
