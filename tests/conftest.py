"""Shared test helpers: where the read-only `shared/` folder is."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    """`../shared` beside the checkout (as on CI), or $GOROD_SHARED."""
    for candidate in (os.environ.get("GOROD_SHARED"), ROOT.parent / "shared", ROOT / "shared"):
        if candidate and Path(candidate, "rules").is_dir():
            return Path(candidate)
    return None


@pytest.fixture
def shared() -> Path:
    path = shared_dir()
    if path is None:
        pytest.skip("../shared (rules, scenarios, corpus) is not beside this checkout")
    return path


def pytest_addoption(parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files (tests/publisher/golden/) from the current output")
