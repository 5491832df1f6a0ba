"""Every rules scenario passes: the public ones in ../shared/scenarios and ours in
tests/scenarios (except tests/scenarios/pending, which documents open engine bugs)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from gorod_testpaths import ROOT, shared_dir
from gorod.cli import main
from gorod.scenarios import check_refused, check_scenario, load_scenario, run_scenario, whole_by_default

OURS = sorted(p for p in (ROOT / "tests" / "scenarios").rglob("*.yaml") if "pending" not in p.parts)
SHARED = shared_dir()
PUBLIC = sorted((SHARED / "scenarios").glob("*.yaml")) if SHARED else []


def _check(path: Path, *, ours: bool = False) -> None:
    scenario = load_scenario(path)
    if ours:   # whole outcomes by default (issue 27 item 4); a file opts out with `partial: reason`
        scenario = whole_by_default(scenario)
    problems = (check_refused(scenario) if scenario.refused is not None
                else check_scenario(scenario, run_scenario(scenario)))
    assert not problems, "\n".join(map(str, problems))


@pytest.mark.skipif(not PUBLIC, reason="../shared/scenarios is not beside this checkout")
@pytest.mark.parametrize("path", PUBLIC, ids=lambda p: p.name)
def test_public_scenario(path):
    _check(path)


@pytest.mark.parametrize("path", OURS, ids=lambda p: str(p.relative_to(ROOT / "tests" / "scenarios")))
def test_our_scenario(path):
    _check(path, ours=True)


def test_public_scenarios_were_found_when_shared_exists():
    if SHARED is None:
        pytest.skip("../shared is not beside this checkout")
    assert len(PUBLIC) >= 30


def _write(tmp_path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


BASE = """
title: t
players:
  Аня:  {open: Астролог, secret: Мирный житель}
  Боря: {open: Вор,      secret: Бес}
phases:
  - phase: night 1
    orders:
"""


@pytest.mark.parametrize("order, needle", [
    ("{by: Боря, ability: Полёт, target: Аня}", "неизвестная способность «Полёт»"),
    ("{by: Вася, ability: Нападение, target: Аня}", "неизвестный игрок «Вася»"),
    ("{by: Боря, ability: Нападение, target: Петя}", "неизвестный игрок «Петя»"),
    ("{by: Аня, ability: Нападение, target: Боря}", "этой роли не было"),
    ("{by: Боря, ability: Нападение}", "нужна цель (поле target)"),
    ("{by: Боря, ability: Загнанный в угол}", "не заявляют"),
])
def test_run_prints_error_naming_the_problem_and_exits_2(tmp_path, capsys, order, needle):
    path = _write(tmp_path, BASE + f"      - {order}\n")
    code = main(["scenario", "run", path])
    out = json.loads(capsys.readouterr().out)
    assert code == 2
    assert set(out) == {"error"}
    assert needle in out["error"]
    assert path in out["error"] and "night 1" in out["error"]


def test_malformed_yaml_is_an_error(tmp_path, capsys):
    path = _write(tmp_path, "players: [unclosed\n")
    assert main(["scenario", "run", path]) == 2
    assert "malformed YAML" in json.loads(capsys.readouterr().out)["error"]


def test_unknown_ruling_is_an_error(tmp_path, capsys):
    path = _write(tmp_path, "rulings: {cycle_mod: fixed}\n" + BASE + "      - {by: Боря, ability: Нападение, target: Аня}\n")
    assert main(["scenario", "run", path]) == 2
    assert "cycle_mode" in json.loads(capsys.readouterr().out)["error"]


def test_check_reports_each_mismatch_and_fails(tmp_path, capsys):
    path = _write(tmp_path, BASE + """      - {by: Боря, ability: Нападение, target: Аня}
    expect:
      players:
        Аня: {lives: 2}
      deaths: [Аня]
""")
    assert main(["scenario", "check", path]) == 1
    out = capsys.readouterr().out
    assert f"{path}: night 1: players.Аня.lives: expected 2, got 1" in out
    assert f"{path}: night 1: deaths: expected [\"Аня\"], got []" in out


def test_run_prints_the_format_keys(tmp_path, capsys):
    path = _write(tmp_path, BASE + "      - {by: Боря, ability: Нападение, target: Аня}\n")
    assert main(["scenario", "run", path]) == 0
    phase = json.loads(capsys.readouterr().out)["phases"][0]
    assert list(phase) == ["phase", "moon", "players", "deaths", "executed", "revealed",
                           "learned", "announced", "rejected", "winner", "game_over"]
    assert phase["players"]["Аня"] == {"lives": 1, "max_lives": 2, "status": "Лазарет",
                                       "open": "Астролог", "secret": "Мирный житель"}
