"""Russian everywhere the GM reads on the command line (issue 26, item 9): argparse's own
words through the Russian ArgumentParser (gorod.help_ru), and every subcommand's --help."""
from __future__ import annotations

import argparse
import re

import pytest

from gorod.cli import build_parser, main
from gorod.help_ru import walk

# English words a Russian help may still hold: names of things, not sentences
NAMES = {"gorod", "yaml", "json", "stdin", "stdout", "stderr", "ok", "pm", "id", "url", "html", "bbcode", "auto",
         "true", "false", "null", "by", "ability", "target", "author", "posted_at", "edited", "text", "quotes",
         "page", "thread", "pms", "rel", "next", "order_like", "vote_forms", "vote_emphasis", "vote_color",
         "orders_outside_comment", "comment_label", "threshold", "margin", "aliases", "players", "open", "secret",
         "parsing", "start", "night", "day", "day1", "expect", "error", "cron", "write", "unconfirmed", "pid",
         "run", "lock", "sqlite3", "replay", "cookie", "mybbru", "extends", "color", "compose", "talk", "rule",
         "why", "shown", "date", "clock", "timezone"}


def english_words(text: str) -> list[str]:
    text = re.sub(r"gorod(?: [a-z]+)+|`[^`]*`|'[^']*'|\"[^\"]*\"|«[^»]*»|\{[^}]*\}|\[[^\]]*\]|--?[\w-]+|\$\w+|\b\w+\.\w+\b|"
                  r"\b[A-Z_]{2,}\b|https?://\S+|\w+/", " ", text)
    return [w for w in re.findall(r"\b[A-Za-z]{2,}\b", text) if w.lower() not in NAMES]


def test_every_help_and_description_is_russian():
    english = []
    for parser in walk(build_parser()):
        texts = [("описание", parser.description)] + [("/".join(a.option_strings) or a.dest, a.help)
                                                       for a in parser._actions]
        for name, text in texts:
            if text and text is not argparse.SUPPRESS and len(english_words(text)) >= 2:
                english.append(f"{parser.prog} {name}: {text[:80]}")
    assert english == []


def test_argparse_speaks_russian(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["phase", "extend", "--hours", "x"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("использование: gorod phase extend")
    assert "gorod phase extend: ошибка: аргумент --hours: неверное значение (float): 'x'" in err
    with pytest.raises(SystemExit):
        main(["order"])
    assert "ошибка: нужны аргументы: ACTION" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["nosuch"])
    assert "нет такого варианта: 'nosuch'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["deal", "--help"])
    out = capsys.readouterr().out
    assert "параметры:" in out and "показать эту справку и выйти" in out and "usage" not in out
