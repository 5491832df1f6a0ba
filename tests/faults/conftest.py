"""Fixtures shared by the offline fault tests (the fake Spirit of tests/scraper/fakespirit.py)."""
from __future__ import annotations

import pytest
import responses


@pytest.fixture
def rsps():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as r:
        yield r
