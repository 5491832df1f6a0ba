"""Fixtures of the end-to-end tests against the real Spirit forum that `make test` starts.

`tests/realforum/run.sh` (called by `make test`) installs and starts two Spirit instances
and exports their URLs: GOROD_REALFORUM_URL (Spirit's rate limit and double-post guard
off) and GOROD_REALFORUM_LIMITED_URL (both on). Without them (a bare `pytest`) these tests
skip, saying how to run them. Before each test the instance's database is put back to
the seeded copy (an atomic file swap: Django opens SQLite afresh on every request), and
Spirit's rate-limit counters are emptied.
"""
from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

import forum_seed
from config.profiles import load_profile
from scraper.http import HttpClient, HttpSettings, LoginForm
from scraper.write import ForumWriter

HOW = "no test forum: run `make test` (or tests/realforum/run.sh pytest ...) to start one"


@dataclass
class Forum:
    url: str
    home: Path
    manifest: dict
    monkeypatch: pytest.MonkeyPatch

    @property
    def topic_id(self) -> int:
        return self.manifest["topic"]["id"]

    @property
    def topic_url(self) -> str:
        return self.manifest["topic"]["url"]

    def login_form(self, user: str) -> LoginForm:
        env = f"GOROD_TEST_PASSWORD_{self.manifest['users'][user]}"
        self.monkeypatch.setenv(env, forum_seed.PASSWORDS[user])
        return LoginForm(url="/user/login/", username=user, password_env=env)

    def client(self, user: str | None = None, **settings) -> HttpClient:
        """A client of its own (own session) for `user`, or anonymous; not paced."""
        login = self.login_form(user) if user else None
        return HttpClient(self.url, HttpSettings(**{"min_interval": 0.0, **settings}), login=login)

    def writer(self, user: str, **settings) -> ForumWriter:
        return ForumWriter(self.client(user, **settings), profile=load_profile("spirit"), allow_writes=True)


def _forum(variable: str, name: str, monkeypatch) -> Forum:
    url = os.environ.get(variable)
    if not url:
        pytest.skip(f"{variable} is not set: {HOW}")
    home = Path(os.environ["GOROD_REALFORUM_HOME"])
    # Back to the seeded state: copy beside, then swap atomically.
    fresh = home / f"{name}.sqlite3.fresh"
    shutil.copyfile(home / "seed.sqlite3", fresh)
    os.replace(fresh, home / f"{name}.sqlite3")
    # and Spirit's rate-limit counters forgotten (with the limits on: 5 logins per 5 minutes
    # from 127.0.0.1, which the tests before this one may have spent)
    shutil.rmtree(home / f"{name}.sqlite3.ratelimit", ignore_errors=True)
    manifest = json.loads((home / "manifest.json").read_text(encoding="utf-8"))
    return Forum(url, home, manifest, monkeypatch)


@pytest.fixture
def forum(monkeypatch) -> Forum:
    """The test forum, seeded afresh, with Spirit's rate limit and double-post guard off."""
    return _forum("GOROD_REALFORUM_URL", "open", monkeypatch)


@pytest.fixture
def limited_forum(monkeypatch) -> Forum:
    """The test forum with Spirit's rate limit and double-post guard on."""
    return _forum("GOROD_REALFORUM_LIMITED_URL", "limited", monkeypatch)

