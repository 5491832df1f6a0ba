"""`whole:` in a scenario phase: the listed keys are the phase's whole outcome, so an
unwanted extra event fails (issue 16 item 5: a Кража that also leaks the thief's role
failed 1 scenario of 40; no scenario pinned a whole outcome)."""
from __future__ import annotations

import json

import pytest

from engine.abilities import registry, thief
from gorod.cli import main
from gorod.scenarios import ScenarioError, check_scenario, load_scenario, run_scenario

SCENARIO = """
title: Кража blocks the robbed player's vote
rule: "Кража - раз за цикл ночей может обокрасть цель. Следующим днем она не может применять способности Явной роли и голосовать."
players:
  Аня:  {open: Вор, secret: Мирный житель}
  Боря: {open: Мэр, secret: Бес}
  Вера: {open: Оракул, secret: Стражник}
phases:
  - phase: night 1
    orders:
      - {by: Аня, ability: Кража, target: Боря}
    whole: [learned, announced, revealed]
    expect:
      deaths: []
  - phase: day 1
    orders:
      - {by: Боря, ability: Голосование, target: Аня}
    whole: [rejected]
    expect:
      rejected: [{by: Боря, ability: Голосование, reason: cannot_vote}]
"""


@pytest.fixture
def path(tmp_path):
    file = tmp_path / "theft.yaml"
    file.write_text(SCENARIO, encoding="utf-8")
    return file


@pytest.fixture
def leaky_theft(monkeypatch):
    """A Кража that also tells its target the thief's secret role."""
    def leak(night) -> None:
        for action in night.live_actions("Кража"):
            night.learn(action.targets[0], "Кража", action.order, about=action.user,
                        secret=night.apparent(action.user))
    hooks = list(registry.HOOKS)
    hooks.append(registry.Hook(registry.Kind.NIGHT_STEP, "Кража", leak, step="N21", sub="z"))
    monkeypatch.setattr(registry, "HOOKS", hooks)
    assert thief.robbed_tomorrow   # the real hook stays


def test_the_whole_outcome_passes_as_resolved(path):
    scenario = load_scenario(path)
    assert check_scenario(scenario, run_scenario(scenario)) == []


def test_an_extra_learned_fact_fails_a_whole_phase_and_passes_a_partial_one(path, leaky_theft):
    scenario = load_scenario(path)
    problems = check_scenario(scenario, run_scenario(scenario))
    assert [(p.phase, p.key) for p in problems] == [("night 1", "learned (whole)")]
    partial = path.parent / "partial.yaml"
    partial.write_text(SCENARIO.replace("    whole: [learned, announced, revealed]\n", ""), encoding="utf-8")
    scenario = load_scenario(partial)
    assert check_scenario(scenario, run_scenario(scenario)) == []   # what `expect` alone lets pass


def test_a_whole_fact_must_be_the_whole_fact(path, tmp_path):
    """An expected fact with a key missing does not match a fuller one."""
    text = SCENARIO.replace(
        "  - phase: day 1\n",
        "  - phase: day 1\n    whole: [learned]\n    expect_placeholder: 1\n").replace(
        "    orders:\n      - {by: Боря, ability: Голосование, target: Аня}\n    whole: [rejected]\n",
        "    orders:\n      - {by: Вера, ability: Пророчество, target: Аня}\n")
    text = text.replace("    expect_placeholder: 1\n", "")
    text = text.replace("      rejected: [{by: Боря, ability: Голосование, reason: cannot_vote}]",
                        "      learned: [{to: Вера, about: Аня}]")
    file = tmp_path / "prophecy.yaml"
    file.write_text(text, encoding="utf-8")
    scenario = load_scenario(file)
    problems = check_scenario(scenario, run_scenario(scenario))
    assert [(p.phase, p.key) for p in problems] == [("day 1", "learned (whole)")]
    file.write_text(text.replace("{to: Вера, about: Аня}", "{to: Вера, about: Аня, secret: Мирный житель}"),
                    encoding="utf-8")
    scenario = load_scenario(file)
    assert check_scenario(scenario, run_scenario(scenario)) == []


def test_a_bad_whole_value_is_an_error_naming_the_phase(tmp_path):
    file = tmp_path / "bad.yaml"
    file.write_text(SCENARIO.replace("whole: [rejected]", "whole: [players]"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="day 1: 'whole' must be"):
        load_scenario(file)


def test_run_still_prints_only_the_format_keys(path, capsys):
    assert main(["scenario", "run", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"phases"}
    assert set(out["phases"][0]) == {"phase", "moon", "players", "deaths", "executed", "revealed", "learned",
                                     "announced", "rejected", "winner", "game_over"}


def test_our_files_check_secret_information_whole_by_default_unless_they_say_partial(path, leaky_theft, tmp_path):
    """Issue 27 item 4: in our scenarios learned / announced / revealed / rejected are whole
    by default in every phase with an `expect`; `partial: <reason>` opts a file out."""
    from gorod.scenarios import whole_by_default

    plain = tmp_path / "plain.yaml"
    plain.write_text(SCENARIO.replace("    whole: [learned, announced, revealed]\n", "").replace(
        "    whole: [rejected]\n", ""), encoding="utf-8")
    scenario = load_scenario(plain)
    assert check_scenario(scenario, run_scenario(scenario)) == []          # FORMAT.md's reading
    problems = check_scenario(whole_by_default(scenario), run_scenario(scenario))
    assert [(p.phase, p.key) for p in problems] == [("night 1", "learned (whole)")]
    opted = tmp_path / "opted.yaml"
    opted.write_text("partial: the leak is what this file shows\n" + plain.read_text(encoding="utf-8"),
                     encoding="utf-8")
    scenario = load_scenario(opted)
    assert check_scenario(whole_by_default(scenario), run_scenario(scenario)) == []
    opted.write_text("partial: ''\n" + plain.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(ScenarioError, match="partial: нужна причина"):
        load_scenario(opted)
