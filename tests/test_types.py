"""The engine's API is checked, not only declared: mypy --strict on engine/ (pyproject's
[tool.mypy]) holds every hook to its kind's signature (engine/abilities/registry.py) and to
the operations engine/api.py lists, and the resolvers (engine/night.py, day.py, context.py)
to the Protocols they stand for. A hook that misspells an operation, takes the wrong
arguments or reaches into a resolver's private data fails here."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("mypy", reason="mypy is a test dependency (pyproject [test])")


def _mypy(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mypy", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=600)


def test_the_engine_passes_mypy_strict():
    result = _mypy()   # files and strictness: pyproject.toml [tool.mypy]
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success" in result.stdout


BAD_HOOKS = {
    "a misspelled operation": "    night.learnn(action.user, 'x', action.order)\n",
    "a resolver's private data": "    night._damage[action.user] = 1\n",
    "a wrong argument": "    night.heal_at_dawn(action.user, 'one')\n",
}


@pytest.mark.parametrize("body", BAD_HOOKS.values(), ids=BAD_HOOKS.keys())
def test_a_hook_that_leaves_the_api_fails_the_check(tmp_path, body):
    """The check can fail: a hook of the same shape as the real ones, outside the engine."""
    hook = tmp_path / "bad_hook.py"
    hook.write_text(
        "from engine.abilities.registry import INFO\n"
        "from engine.actions import Action\n"
        "from engine.api import NightAPI\n\n\n"
        "@INFO('Исповедь')\n"
        "def told(night: NightAPI, action: Action) -> None:\n" + body, encoding="utf-8")
    result = _mypy("--strict", "--follow-imports=silent", str(hook), cwd=ROOT)
    assert result.returncode == 1 and "bad_hook.py:8: error" in result.stdout, result.stdout


def test_a_hook_of_the_wrong_signature_fails_the_check(tmp_path):
    hook = tmp_path / "bad_hook.py"
    hook.write_text(
        "from engine.abilities.registry import night_step\n"
        "from engine.api import DayAPI\n\n\n"
        "@night_step('N21', ability='Исповедь')\n"
        "def told(day: DayAPI) -> None:\n"
        "    pass\n", encoding="utf-8")
    result = _mypy("--strict", "--follow-imports=silent", str(hook), cwd=ROOT)
    assert result.returncode == 1 and "bad_hook.py:5: error" in result.stdout, result.stdout


def test_the_worked_example_role_passes_the_check_too():
    """README «Layout»'s new role (tests/engine/newrole/chronicler.py) is held to the same API."""
    result = _mypy("--strict", "--follow-imports=silent", "tests/engine/newrole/chronicler.py")
    assert result.returncode == 0, result.stdout + result.stderr
