"""Shared test helpers: where the read-only `shared/` folder is."""
from __future__ import annotations

import signal
from pathlib import Path

import pytest

from gorod_testpaths import ROOT, shared_dir  # noqa: F401  (ROOT for the fixtures below)


@pytest.fixture
def shared() -> Path:
    path = shared_dir()
    if path is None:
        pytest.skip("../shared (rules, scenarios, corpus) is not beside this checkout")
    return path


def pytest_addoption(parser) -> None:
    parser.addoption("--update-golden", action="store_true", default=False,
                     help="rewrite the golden files (tests/publisher/golden/) from the current output")


def pytest_configure(config) -> None:
    # The tests stop the gorod processes they start with SIGINT, as a GM's Ctrl-C does. A shell
    # that starts pytest in the background (`cmd &`, split.sh's live parts) makes it ignore
    # SIGINT, and children inherit an ignored signal: their Ctrl-C would never arrive.
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    config.addinivalue_line("markers", "live_forum: needs a live forum engine of tests/forums/forumlab.py "
                                       "(run last, so that their installs overlap the other tests)")


def pytest_collection_modifyitems(session, config, items) -> None:
    items.sort(key=lambda item: item.get_closest_marker("live_forum") is not None)   # stable: order kept
