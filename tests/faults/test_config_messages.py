"""Every message the GM sees from the game-file validator is Russian and names the key
path (issue 14).

Two scans. The static one reads the validators' source: every message they can raise
(`raise ...Error(...)`, the rulings' `problems`), its fixed words with the values left
out, must be Russian prose: a Latin word in it must be a key, a value the GM writes or a
name (YAML, UTF-8). The dynamic one loads bad game files — `parsing:`, `replay:`,
`rulings:`, `templates:`, the profile, the file itself — as `gorod` does and checks each
message the same way, and that it starts with the file and names the key path.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
import yaml

from config.game import FORUM_KEYS, SCHEDULE_KEYS, TOP_KEYS, VOTE_COUNT_KEYS, GameConfigError, load_game
from engine.rulings import SPEC_BY_KEY
from gorod.loop.game import check_sections
from gorod.replay.settings import replay_settings
from scraper.orders.settings import Emphasis, ParseSettings, VoteForm

ROOT = Path(__file__).resolve().parents[2]
VALIDATORS = {   # module: the functions whose messages the GM sees (None: all of the module)
    "config/game.py": None,
    "scraper/orders/settings.py": None,
    "gorod/replay/settings.py": None,
    "engine/rulings.py": None,
    "gorod/loop/game.py": {"check_sections"},
    "gorod/commands/rulings.py": {"_load_game"},
}
ERRORS = {"GameConfigError", "SettingsError", "RulingsError", "CommandError", "ValueError", "KeyError"}
# Latin words a Russian message may hold: keys, values the GM writes, names
ALLOWED = (set(TOP_KEYS) | set(FORUM_KEYS) | set(SCHEDULE_KEYS) | set(VOTE_COUNT_KEYS) | set(SPEC_BY_KEY)
           | {f.name for f in ParseSettings.__dataclass_fields__.values()}
           | {v.value for v in VoteForm} | {e.value for e in Emphasis}
           | {"host", "gm_text", "phase_header", "resolve_marker", "boundaries", "first_night", "colors", "bold",
              "label", "announcements", "schedule", "open", "secret", "gender", "mask", "hand", "terse",
              "true", "false", "YAML", "UTF-8", "UTF", "http", "https", "rrggbb", "SPEC", "README", "title",
              "forum", "players", "rulings", "game", "chmod", "Europe", "Moscow", "Europe/Moscow", "ЧЧ", "game.yaml",
              "yaml", "GOROD_GAME", "password_env", "password_file", "base_url", "thread_url", "gm_user",
              "selectors", "pm_inbox", "gorod", "init", "full"})
QUOTED = re.compile(r"«[^»]*»|'[^']*'|\"[^\"]*\"|\{\}")
LATIN_WORD = re.compile(r"(?<![\w./-])[A-Za-z][A-Za-z0-9_]*(?:[./-][A-Za-z0-9_]+)*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def _skeleton(node: ast.AST) -> str | None:
    """A message's fixed text with its values as {} (None: not a literal message)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _skeleton(node.left), _skeleton(node.right)
        return None if left is None and right is None else (left or "{}") + (right or "{}")
    if isinstance(node, ast.List) and node.elts:
        parts = [_skeleton(e) for e in node.elts]
        return "\n".join(p for p in parts if p) or None
    return None


def _messages(path: str, functions: set[str] | None) -> list[tuple[int, str]]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    scopes = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
              and (functions is None or n.name in functions)]
    for scope in scopes:
        for node in ast.walk(scope):
            call = None
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                call = node.exc
                name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", "")
                if name not in ERRORS:
                    continue
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "append"
                  and isinstance(node.func.value, ast.Name) and node.func.value.id == "problems"):
                call = node
            if call is None or not call.args:
                continue
            text = _skeleton(call.args[0])
            if text is not None:
                found.append((node.lineno, text))
    return found


def _latin_prose(text: str, also: frozenset[str] = frozenset()) -> list[str]:
    """The Latin words of a message that are no key, value or name (`also`: the values the
    GM wrote and the choices a message lists)."""
    allowed = ALLOWED | also
    bare = QUOTED.sub(" ", text)
    words = []
    for word in LATIN_WORD.findall(bare):
        parts = re.split(r"[./\[\]]", word)
        if word in allowed or all(p in allowed or not p or p.isdigit() for p in parts):
            continue
        words.append(word)
    return words


def _choices() -> frozenset[str]:
    """What messages list as the possible values: profiles, rulings' readings, styles, SPEC entries."""
    from config.profiles import profile_names
    from engine.rulings import SPECS, format_value
    from publisher.texts import STYLES

    words = set(profile_names()) | set(STYLES) | {spec.entry for spec in SPECS}
    for spec in SPECS:
        for reading in spec.readings:
            words |= set(re.findall(r"[A-Za-z_]+", format_value(reading)))
    return frozenset(words)


def _written(data) -> frozenset[str]:
    """Every word of the test's bad game file (keys and values the GM wrote)."""
    return frozenset(re.findall(r"[A-Za-z_]+", yaml.safe_dump(data)))


def _problem(text: str) -> str | None:
    if _latin_prose(text):
        return f"Latin prose {_latin_prose(text)}"
    # a message of its own has Russian words; a wrapper («{file}: forum.profile: {why}») only
    # keys, and what it wraps is checked where it is written
    words = [w for w in re.findall(r"\w{2,}", QUOTED.sub(" ", text)) if w not in ALLOWED]
    if words and not CYRILLIC.search(text):
        return "no Russian word"
    return None


def test_every_message_the_validators_can_raise_is_russian():
    bad = []
    count = 0
    for path, functions in VALIDATORS.items():
        for line, text in _messages(path, functions):
            count += 1
            problem = _problem(text)
            if problem:
                bad.append(f"{path}:{line}: {text!r}: {problem}")
    assert count > 60, count           # the scan sees the validators' messages (80 on 2026-12-01)
    assert bad == [], "\n".join(bad)


def test_the_scan_catches_english_prose():
    assert _problem("{}.{}: unknown key (known: {})") is not None
    assert _problem("{}: must be a mapping") is not None
    assert _problem("{}.vote_forms: нужен список форм голоса") is None
    assert _problem("{}.bold: нужно true или false, а не {}") is None


# ---------------------------------------------------------------- bad game files, loaded as gorod does

BASE = {"title": "Город N", "players": {"Аня": {"open": "Мэр", "secret": "Бес"}}}
BAD = [
    ({"parsing": {"threshold": 200}}, "parsing.threshold"),
    ({"parsing": {"threshold": "много"}}, "parsing.threshold"),
    ({"parsing": {"treshold": 80}}, "parsing.treshold"),
    ({"parsing": {"vote_forms": "bold"}}, "parsing.vote_forms"),
    ({"parsing": {"vote_forms": ["shout"]}}, "parsing.vote_forms[0]"),
    ({"parsing": {"vote_emphasis": "italic"}}, "parsing.vote_emphasis"),
    ({"parsing": {"orders_outside_comment": "yes"}}, "parsing.orders_outside_comment"),
    ({"parsing": {"comment_label": " "}}, "parsing.comment_label"),
    ({"parsing": {"aliases": ["Аня"]}}, "parsing.aliases"),
    ({"parsing": {"aliases": {"Анюта": 5}}}, "parsing.aliases.Анюта"),
    ({"parsing": {"margin": -1}}, "parsing.margin"),
    ({"parsing": [1]}, "parsing"),
    ({"replay": {"hots": "x"}}, "replay.hots"),
    ({"replay": "x"}, "replay"),
    ({"replay": {"phase_header": "(ночь"}}, "replay.phase_header"),
    ({"replay": {"phase_header": "ночь"}}, "replay.phase_header"),
    ({"replay": {"boundaries": "moon"}}, "replay.boundaries"),
    ({"replay": {"boundaries": "schedule"}}, "replay.first_night"),
    ({"replay": {"first_night": "позавчера"}}, "replay.first_night"),
    ({"replay": {"gm_text": "orange"}}, "replay.gm_text"),
    ({"replay": {"gm_text": {"colour": ["orange"]}}}, "replay.gm_text.colour"),
    ({"replay": {"gm_text": {"colors": "orange"}}}, "replay.gm_text.colors"),
    ({"replay": {"gm_text": {"colors": ["orange", 3]}}}, "replay.gm_text.colors[1]"),
    ({"replay": {"gm_text": {"bold": "да"}}}, "replay.gm_text.bold"),
    ({"replay": {"gm_text": {"label": ""}}}, "replay.gm_text.label"),
    ({"replay": {"gm_text": {"colors": [], "bold": False}}}, "replay.gm_text"),
    ({"rulings": {"cycle_mod": "fixed"}}, "rulings.cycle_mod"),
    ({"rulings": {"cycle_mode": "sometimes"}}, "rulings.cycle_mode"),
    ({"rulings": ["cycle_mode"]}, "rulings"),
    ({"rulings": {"typo_fixes": True}}, "rulings.typo_fixes"),
    ({"forum": {"profile": "nosuchengine"}}, "forum.profile"),
    ({"forum": {"profile": "own.yaml"}}, "forum.profile"),
    ({"forum": {"profile": "broken.yaml"}}, "forum.profile"),
    ({"templates": "tpl"}, "templates"),
    ({"templates": "nowhere"}, "templates"),
    ({"poll_interval": 2**63}, "poll_interval"),
    ({"schedule": {"night_starts": "25:99"}}, "schedule.night_starts"),
    ({"style": "baroque"}, "style"),
    ({"vote_count": {"every_hours": "часто"}}, "vote_count.every_hours"),
    ({"vote_count": {"every_hours": 0}}, "vote_count.every_hours"),
    ({"vote_count": {"before_deadline_hours": [2, "час"]}}, "vote_count.before_deadline_hours[1]"),
    ({"vote_count": {"before_deadline_hours": [2, 2]}}, "vote_count.before_deadline_hours[1]"),
    ({"vote_count": {"before_deadline_hours": "2"}}, "vote_count.before_deadline_hours"),
    ({"vote_count": {"every_hour": 6}}, "vote_count.every_hour"),
    ({"vote_count": [6]}, "vote_count"),
    ({"hots": 1}, "hots"),
]


def _load(tmp_path: Path, data: dict):
    (tmp_path / "broken.yaml").write_text("extends: spirit\nselectors: {post: 5}\n", encoding="utf-8")
    (tmp_path / "tpl").mkdir(exist_ok=True)
    (tmp_path / "tpl" / "news.j2").write_text("{% if %}", encoding="utf-8")
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({**BASE, **data}, allow_unicode=True), encoding="utf-8")
    config = load_game(path, extra_keys=frozenset({"replay"})) if "replay" in data else load_game(path)
    check_sections(config)
    replay_settings(config)
    return path


@pytest.mark.parametrize("data, key", BAD, ids=[key for _, key in BAD])
def test_a_bad_game_file_is_told_in_russian_with_its_key_path(tmp_path, data, key):
    with pytest.raises(GameConfigError) as caught:
        _load(tmp_path, data)
    text = str(caught.value)
    assert text.startswith(str(tmp_path / "game.yaml") + ": "), text
    assert f" {key}" in text or f": {key}:" in text or f": {key}." in text, text
    assert CYRILLIC.search(text), text
    assert _latin_prose(text.split(": ", 1)[1], _choices() | _written(data)) == [], text


def test_a_file_that_is_no_yaml_or_no_utf8_is_told_in_russian(tmp_path):
    for raw in (b"title: [\n", "title: Город\n".encode("cp1251"), b"- a\n- b\n", b"title: a\ntitle: b\n"):
        path = tmp_path / "game.yaml"
        path.write_bytes(raw)
        with pytest.raises(GameConfigError) as caught:
            load_game(path)
        text = str(caught.value)
        assert CYRILLIC.search(text) and _latin_prose(text.split(": ", 1)[1]) == [], text
