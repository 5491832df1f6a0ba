"""The rulings table matches SPEC.md §11, and `Rulings` / `gorod rulings` load it strictly."""
from __future__ import annotations

import copy
import json
import os
import pickle
import re
from pathlib import Path

import pytest

from engine.rulings import ALL_SPECS, GM_SPECS, SPEC_BY_KEY, SPECS, RulingSpec, Rulings, RulingsError
from gorod.cli import main

REPO = Path(__file__).resolve().parents[2]


def _spec_md() -> Path | None:
    """SPEC.md of the shared folder: $GOROD_SHARED, beside the checkout (CI), or /work/shared."""
    candidates = [REPO.parent / "shared", Path("/work/shared")]
    if os.environ.get("GOROD_SHARED"):
        candidates.insert(0, Path(os.environ["GOROD_SHARED"]))
    for shared in candidates:
        path = shared / "rules" / "SPEC.md"
        if path.is_file():
            return path
    return None


_ROW = re.compile(r"^\| `(?P<key>[a-z0-9_]+)` \| (?P<default>.+?) \| (?P<entry>A\d+) (?P<title>.+?) \|$")


def _spec_default(text: str) -> object:
    """A §11 default cell as a value: `true`, `1`, `fixed`, `[Кладбище, Тюрьма, Лазарет]`."""
    text = text.strip()
    if text.startswith("(fixed"):
        return "<fixed>"
    text = text.strip("`")
    if text in ("true", "false"):
        return text == "true"
    if text.isdigit():
        return int(text)
    if text.startswith("["):
        return tuple(item.strip() for item in text.strip("[]").split(","))
    return text


@pytest.fixture(scope="module")
def spec_rows() -> list[dict[str, str]]:
    path = _spec_md()
    if path is None:
        pytest.skip("shared/rules/SPEC.md not found (set GOROD_SHARED to the shared folder)")
    text = path.read_text(encoding="utf-8")
    section = text[text.index("## §11") : text.index("## §12")]
    rows = [m.groupdict() for m in map(_ROW.match, section.splitlines()) if m]
    assert rows, "no option rows parsed from SPEC §11"
    return rows


def test_table_has_exactly_the_spec_keys_in_order(spec_rows):
    assert [row["key"] for row in spec_rows] == [spec.key for spec in SPECS]


def test_table_has_124_keys():
    """SPEC §11: «Total: 124 option keys (86 entries).»"""
    assert len(SPECS) == 124
    assert len(SPEC_BY_KEY) == 124
    assert len({spec.entry for spec in SPECS}) == 86


def test_defaults_entries_and_titles_match_the_spec(spec_rows):
    for row in spec_rows:
        spec = SPEC_BY_KEY[row["key"]]
        expected = _spec_default(row["default"])
        if expected == "<fixed>":
            assert not spec.configurable, spec.key
        else:
            assert spec.configurable, spec.key
            assert spec.default == expected, spec.key
            assert type(spec.default) is type(expected), spec.key
        assert spec.entry == row["entry"], spec.key
        assert spec.title == row["title"], spec.key


def test_gorods_own_rulings_are_no_spec_keys_and_load_like_them():
    """Issue 26: where SPEC leaves the GM's practice open (a change of mind at night), a
    ruling of gorod's own (entry G…), set in the same `rulings:`, never among §11's keys."""
    assert [spec.key for spec in GM_SPECS] == ["night_order_change"]
    assert all(spec.entry.startswith("G") and spec.key not in SPEC_BY_KEY for spec in GM_SPECS)
    assert Rulings.from_mapping({"night_order_change": "last"})["night_order_change"] == "last"
    with pytest.raises(RulingsError, match="night_order_change"):
        Rulings.from_mapping({"night_order_change": "both"})


def test_only_typo_fixes_is_fixed():
    assert [spec.key for spec in SPECS if not spec.configurable] == ["typo_fixes"]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.key)
def test_spec_is_well_formed(spec: RulingSpec):
    assert re.fullmatch(r"[a-z][a-z0-9_]*", spec.key)
    assert re.fullmatch(r"A\d+", spec.entry)
    assert spec.readings[0] == spec.default
    assert len(set(spec.readings)) == len(spec.readings)
    if spec.configurable:
        assert len(spec.readings) >= 2, "a configurable key needs an alternative reading"
    for reading in spec.readings:
        assert isinstance(reading, (bool, int, str, tuple)), reading
        if isinstance(reading, str):
            assert re.fullmatch(r"[a-z][a-z0-9_]*", reading), reading
    assert spec.title.strip()
    assert re.search(r"[А-Яа-яЁё]{4,}", spec.description_ru), "the description must be Russian"


@pytest.mark.parametrize("spec", [s for s in SPECS if s.configurable], ids=lambda s: s.key)
def test_every_reading_is_explained_and_loads(spec: RulingSpec):
    from engine.rulings import format_value, plain_value

    for reading in spec.readings:
        if not isinstance(reading, tuple):
            assert format_value(reading) in spec.description_ru, (spec.key, reading)
        rulings = Rulings.from_mapping({spec.key: plain_value(reading)})
        assert rulings[spec.key] == reading
        assert (spec.key in rulings.changed()) == (reading != spec.default)


def test_defaults_round_trip():
    defaults = Rulings.defaults()
    assert dict(defaults) == {spec.key: spec.default for spec in ALL_SPECS}
    assert defaults.changed() == {}
    assert defaults.to_mapping() == {}
    assert Rulings.from_mapping({}) == defaults
    assert Rulings.from_mapping(None) == defaults
    explicit = {spec.key: spec.default for spec in ALL_SPECS if spec.configurable}
    assert Rulings.from_mapping(explicit) == defaults
    assert Rulings.from_mapping(explicit).changed() == {}


def test_changed_values_round_trip_and_are_hashable():
    rulings = Rulings.from_mapping(
        {"cycle_mode": "rolling", "status_precedence": ["Тюрьма", "Кладбище", "Лазарет"]}
    )
    assert rulings.changed() == {
        "status_precedence": ("Тюрьма", "Кладбище", "Лазарет"),
        "cycle_mode": "rolling",
    }
    assert Rulings.from_mapping(rulings.to_mapping()) == rulings
    assert rulings != Rulings.defaults()
    assert len({rulings, Rulings.from_mapping(rulings.to_mapping()), Rulings.defaults()}) == 2
    assert pickle.loads(pickle.dumps(rulings)) == rulings
    assert copy.deepcopy(rulings) == rulings
    assert rulings.get("cycle_mode") == "rolling"
    assert rulings.get("no_such_key", "x") == "x"


def test_rulings_are_immutable():
    rulings = Rulings.defaults()
    with pytest.raises(AttributeError):
        rulings._values = {}  # type: ignore[misc]
    with pytest.raises(TypeError):
        rulings["cycle_mode"] = "rolling"  # type: ignore[index]


def test_unknown_key_is_refused_with_a_suggestion():
    with pytest.raises(RulingsError) as exc:
        Rulings.from_mapping({"cycle_mod": "fixed"}, where="game.yaml: rulings")
    assert str(exc.value) == "game.yaml: rulings.cycle_mod: неизвестное правило; может быть, 'cycle_mode'?"


def test_unknown_key_without_a_near_one_is_refused():
    with pytest.raises(RulingsError, match=r"rulings\.zzz: неизвестное правило$"):
        Rulings.from_mapping({"zzz": 1})


def test_unknown_key_on_access_names_the_nearest():
    with pytest.raises(KeyError, match="cooldown_nights"):
        Rulings.defaults()["cooldown_night"]


def test_bad_value_is_refused_naming_the_key():
    with pytest.raises(RulingsError) as exc:
        Rulings.from_mapping({"cycle_mode": "rolling2"})
    assert str(exc.value) == "rulings.cycle_mode: нужно одно из: fixed, rolling, а не 'rolling2'"


def test_all_problems_are_reported_at_once():
    with pytest.raises(RulingsError) as exc:
        Rulings.from_mapping({"cycle_mode": 3, "heal_cap": "max", "typo_fixes": True})
    assert len(exc.value.problems) == 3
    assert exc.value.problems[2].startswith("rulings.typo_fixes: не настраивается")


def test_typo_fixes_cannot_be_set():
    with pytest.raises(RulingsError, match="typo_fixes: не настраивается"):
        Rulings.from_mapping({"typo_fixes": True})


@pytest.mark.parametrize(
    "key, raw, value",
    [
        ("cooldown_nights", "2", 2),
        ("cooldown_nights", " 1 ", 1),
        ("execution_min_votes", 3, 3),
        ("extra_life_starts_full", "false", False),
        ("extra_life_starts_full", "No", False),
        ("prison_targetable", "True", True),
        ("shuffle_recharge", "Night-After-Full-Moon", "night_after_full_moon"),
        ("sex_change_per_day", "unlimited", "unlimited"),
        ("sex_change_per_day", "1", 1),
        ("circle_recharge_nights", "next_cycle", "next_cycle"),
        ("status_precedence", "тюрьма, кладбище, лазарет", ("Тюрьма", "Кладбище", "Лазарет")),
    ],
)
def test_harmless_yaml_spellings_are_accepted(key, raw, value):
    got = Rulings.from_mapping({key: raw})[key]
    assert got == value
    assert type(got) is type(value)


@pytest.mark.parametrize(
    "key, raw",
    [
        ("cooldown_nights", True),  # True == 1 in Python: must not pass as 1
        ("cooldown_nights", 1.0),
        ("cooldown_nights", 7),
        ("cooldown_nights", "one"),
        ("extra_life_starts_full", 1),
        ("extra_life_starts_full", "maybe"),
        ("extra_life_starts_full", None),
        ("cycle_mode", ["fixed"]),
        ("execution_min_votes", 0),
        ("status_precedence", ["Кладбище", "Тюрьма"]),
        ("status_precedence", ["Кладбище", "Кладбище", "Лазарет"]),
        ("status_precedence", "Кладбище"),
    ],
)
def test_wrong_values_are_never_accepted(key, raw):
    with pytest.raises(RulingsError, match=rf"^rulings\.{key}: "):
        Rulings.from_mapping({key: raw})


def test_a_non_mapping_is_refused():
    with pytest.raises(RulingsError, match="нужен словарь ключ: значение"):
        Rulings.from_mapping(["cycle_mode"])  # type: ignore[arg-type]


# --- gorod rulings --------------------------------------------------------


def test_cli_lists_every_key_with_its_description(capsys):
    assert main(["rulings"]) == 0
    out = capsys.readouterr().out
    for spec in SPECS:
        assert f"{spec.key}: " in out
    assert "cycle_mode: fixed" in out
    assert "варианты: fixed, rolling" in out
    assert "раз в каждом фиксированном цикле" in out


def test_cli_json_is_a_list_of_every_spec(capsys):
    assert main(["rulings", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [row["key"] for row in rows] == [spec.key for spec in ALL_SPECS]
    by_key = {row["key"]: row for row in rows}
    assert by_key["cycle_mode"]["default"] == "fixed"
    assert by_key["cycle_mode"]["readings"] == ["fixed", "rolling"]
    assert by_key["status_precedence"]["default"] == ["Кладбище", "Тюрьма", "Лазарет"]
    assert by_key["typo_fixes"]["configurable"] is False
    assert "value" not in by_key["cycle_mode"]


def test_cli_selected_keys(capsys):
    assert main(["rulings", "cooldown_nights"]) == 0
    out = capsys.readouterr().out
    assert "cooldown_nights: 1" in out
    assert "cycle_mode" not in out


def test_cli_game_marks_changed_values(tmp_path, capsys):
    game = tmp_path / "game.yaml"
    game.write_text("title: test\nrulings:\n  cycle_mode: rolling\n  cooldown_nights: 2\n", encoding="utf-8")
    assert main(["rulings", "--game", str(game)]) == 0
    out = capsys.readouterr().out
    assert "* cycle_mode: rolling  (по умолчанию fixed)" in out
    assert "* cooldown_nights: 2  (по умолчанию 1)" in out
    assert "  heal_cap: current_max" in out

    assert main(["rulings", "--game", str(game), "--changed", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [(r["key"], r["value"], r["changed"]) for r in rows] == [
        ("cycle_mode", "rolling", True),
        ("cooldown_nights", 2, True),
    ]


def test_cli_game_without_rulings_shows_defaults(tmp_path, capsys):
    game = tmp_path / "game.yaml"
    game.write_text("title: test\n", encoding="utf-8")
    assert main(["rulings", "--game", str(game), "--changed"]) == 0
    assert "все ключи — по умолчанию" in capsys.readouterr().out


@pytest.mark.parametrize(
    "text, message",
    [
        ("rulings:\n  cycle_mod: fixed\n", "rulings.cycle_mod: неизвестное правило; может быть, 'cycle_mode'?"),
        ("rulings:\n  cycle_mode: sometimes\n", "rulings.cycle_mode: нужно одно из: fixed, rolling, а не 'sometimes'"),
        ("rulings: [cycle_mode]\n", "нужен словарь ключ: значение"),
        ("- a\n- b\n", "на верхнем уровне нужен словарь ключей"),
        ("rulings: {cycle_mode: [\n", "ошибка в YAML"),
    ],
)
def test_cli_bad_game_exits_2_with_a_clear_message(tmp_path, capsys, text, message):
    game = tmp_path / "game.yaml"
    game.write_text(text, encoding="utf-8")
    assert main(["rulings", "--game", str(game)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err
    assert str(game) in captured.err


def test_cli_missing_game_file_exits_2(tmp_path, capsys):
    assert main(["rulings", "--game", str(tmp_path / "absent.yaml")]) == 2
    assert "absent.yaml: файл игры не найден" in capsys.readouterr().err


def test_cli_unknown_key_argument_exits_2(capsys):
    assert main(["rulings", "cycle_mod"]) == 2
    assert "неизвестное правило; может быть, 'cycle_mode'?" in capsys.readouterr().err


def test_every_entry_has_a_russian_title_for_the_gm():
    """Issue 26: the GM reads the entries' titles in Russian (`gorod rulings`, the console)."""
    import re

    from engine.ruling_titles import TITLES_RU

    assert set(TITLES_RU) <= {spec.entry for spec in ALL_SPECS}
    for spec in ALL_SPECS:
        words = re.findall(r"\b[A-Za-z]{3,}\b", spec.title_ru.replace("Sacrifice", "").replace("Protective circle", "").replace("(sic!)", ""))
        assert not words, (spec.entry, spec.title_ru)


def test_cli_headings_are_russian(capsys):
    assert main(["rulings", "cycle_mode"]) == 0
    out = capsys.readouterr().out
    assert "A16. «Раз за цикл ночей»" in out
