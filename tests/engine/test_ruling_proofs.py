"""A reading that changes nothing is a failing test (issue 27 item 3): for every reading of
every ruling, its proving scenario (gorod/ruling_proofs.py) passes under that reading, and
its whole outcome (the full `gorod scenario run` JSON) under the default is different. The
fields only that reading reads (engine/reading_fields.py) are left out of the default run,
as the same file would be written for the default."""
from __future__ import annotations

import dataclasses

import pytest

from engine.orders import Order
from engine.reading_fields import strip_reading_fields
from engine.ruling_rows import format_value
from engine.rulings import SPECS, Rulings
from gorod.ruling_proofs import NO_EFFECT, PROOFS, ROOT
from gorod.scenarios import ScenarioError, check_refused, check_scenario, load_scenario, run_scenario

READINGS = [(spec.key, format_value(reading)) for spec in SPECS if spec.configurable
            for reading in spec.readings[1:]]


def _outcome(scenario):
    try:
        return run_scenario(scenario)
    except ScenarioError as exc:
        return {"error": str(exc)}


def _under_default(scenario, key):
    """The same scenario with `key` at its default and its reading's own fields left out."""
    mapping = scenario.rulings.to_mapping()
    mapping.pop(key, None)
    setup, _ = strip_reading_fields(key, scenario.setup, [])
    phases = []
    for phase in scenario.phases:
        _, kept = strip_reading_fields(key, {}, [dict(o) for o in phase.raw_orders])
        phases.append(dataclasses.replace(phase, orders=[Order.from_mapping(o) for o in kept],
                                          raw_orders=kept))
    return dataclasses.replace(scenario, rulings=Rulings.from_mapping(mapping), setup=setup, phases=phases)


@pytest.mark.parametrize("key,reading", READINGS, ids=[f"{k}={r}" for k, r in READINGS])
def test_every_reading_changes_the_whole_outcome_of_its_scenario(key, reading):
    if key in NO_EFFECT:
        pytest.xfail(f"{key}: reading {reading} computes nothing, no scenario can prove it: {NO_EFFECT[key]}")
    path = PROOFS.get(key, {}).get(reading)
    assert path, f"{key}: {reading} has no proving scenario in gorod/ruling_proofs.py"
    scenario = load_scenario(ROOT / path)
    assert format_value(scenario.rulings[key]) == reading, f"{path} does not choose {key}: {reading}"
    if scenario.refused is not None:   # the reading's effect is to refuse the game's start
        assert check_refused(scenario) == [], f"{path} is not refused under its own reading"
        own = {"error": scenario.refused}
    else:
        own = run_scenario(scenario)
        assert check_scenario(scenario, own) == [], f"{path} fails under its own reading"
    default = _outcome(_under_default(scenario, key))
    # an engine that stops (a phase after the winner, A86) is an outcome; a file it reads
    # only under the reading is not
    assert "читается только при" not in default.get("error", ""), default
    assert default != own, f"{path}: {key}: {reading} gives the same whole outcome as the default"


def test_the_index_names_only_known_readings_and_files():
    known = set(READINGS)
    for key, rows in PROOFS.items():
        for reading, path in rows.items():
            assert (key, reading) in known, (key, reading)
            assert (ROOT / path).is_file(), path
    assert not set(NO_EFFECT) & set(PROOFS)


def test_the_rulings_that_compute_nothing_are_named_not_hidden():
    """turn_starts_with and bandit_not_attack: documented as computing nothing (README);
    their readings are the only ones without a proof, and this test says so."""
    unproved = sorted({key for key, reading in READINGS if reading not in PROOFS.get(key, {})})
    assert sorted(NO_EFFECT) == ["bandit_not_attack", "turn_starts_with"]
    assert set(NO_EFFECT) <= set(unproved)
