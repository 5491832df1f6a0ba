"""config/yamlfile.py: a key given twice is refused, a refused text is told the same way each
time it is read again (kept, so a hostile file is not scanned again), a loaded one is fresh."""
from __future__ import annotations

import pytest
import yaml

from config import yamlfile
from config.yamlfile import DuplicateKey, load_unique


def test_a_key_given_twice_is_refused_with_both_lines():
    with pytest.raises(DuplicateKey, match=r"ключ 'a' повторён \(впервые в строке 1\)"):
        load_unique("a: 1\nb: 2\na: 3\n")


def test_a_refused_text_is_refused_again_with_the_same_words_without_a_second_scan(monkeypatch):
    text = "forum: {profile: spirit host: x}\n"
    with pytest.raises(yaml.YAMLError) as first:
        load_unique(text)
    scans = []
    monkeypatch.setattr(yaml, "load", lambda *a, **k: scans.append(a) or {})
    with pytest.raises(yaml.YAMLError) as again:
        load_unique(text)
    assert scans == []
    assert str(again.value) == str(first.value)
    assert again.value.problem_mark.line == 0 and again.value.problem_mark.column == 28


def test_a_loaded_text_gives_each_caller_its_own_data():
    text = "players: {Аня: {open: Мэр}}\n"
    one = load_unique(text)
    one["players"]["Аня"]["open"] = "Вор"
    assert load_unique(text) == {"players": {"Аня": {"open": "Мэр"}}}


def test_only_a_few_refusals_are_kept():
    for n in range(yamlfile._REFUSED_KEPT + 5):
        with pytest.raises(yaml.YAMLError):
            load_unique(f"a: [{n}\n")
    assert len(yamlfile._REFUSED) == yamlfile._REFUSED_KEPT
    assert "a: [0\n" not in yamlfile._REFUSED
