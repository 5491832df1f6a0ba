"""A game on the real Spirit forum of `make test`, for the tests of this folder: its config
(through the fault proxy), gorod as a real process (`gorod ...` in a subprocess), and what
the forum itself shows, read directly (not through the proxy, not from gorod's store).

    forum = spirit(monkeypatch)                      # the instance with its guards off, seeded afresh
    path = write_config(forum, proxy, tmp_path)      # gorod talks to the forum through the proxy
    process = start(["publish"], path)               # a real `gorod publish`
    code, out, err = finish(process)
    pms_of(forum, "alice"); thread_posts(forum)
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

import yaml

from config.profiles import load_profile
from gorod.loop.forum import plain
from gorod.store import Store
from publisher.markup import MARKDOWN
from scraper.poll import PmPoller, ThreadPoller

ROOT = Path(__file__).resolve().parents[2]
REALFORUM = ROOT / "tests" / "realforum"
sys.path.insert(0, str(REALFORUM))
_spec = importlib.util.spec_from_file_location("realforum_fixtures_faults", REALFORUM / "conftest.py")
realforum = importlib.util.module_from_spec(_spec)
sys.modules["realforum_fixtures_faults"] = realforum
_spec.loader.exec_module(realforum)
import forum_seed  # noqa: E402

ROLES = {
    "alice": ("Мэр", "Лич"), "bob": ("Оракул", "Зомби"), "carol": ("Священник", "Демонолог"),
    "dave": ("Вор", "Бес"), "erin": ("Бандит", "Начальник стражи"), "frank": ("Лекарь", "Стражник"),
    "grace": ("Сыщик", "Мирный житель"), "heidi": ("Богач", "Дознаватель"), "мирон": ("Цыганка", "Мирный житель"),
}
GM_ENV = "GOROD_TEST_GM_PASSWORD"
SEND_PM = r"^/topic/private/publish/"
REPLY = r"^/comment/\d+/publish/"
THREAD = r"^/topic/(?!private)\d+/"


def spirit(monkeypatch):
    """The real Spirit forum with its guards off, seeded afresh; the GM's password in the env."""
    monkeypatch.setenv(GM_ENV, forum_seed.PASSWORDS["gm"])
    return realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch)


def behind() -> datetime:
    """gorod's clock runs two minutes behind: Spirit shows post times to the minute."""
    return datetime.now(timezone.utc) - timedelta(minutes=2)


def write_config(forum, proxy, tmp_path: Path, title: str = "Город N: сбои") -> Path:
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # no deadline in the test
    data = {
        "title": title,
        "forum": {"profile": "spirit", "base_url": proxy.url, "thread_url": proxy.url + forum.topic_url,
                  "gm_user": "gm", "password_env": GM_ENV, "min_interval": 0},
        "players": {nick: {"open": o, "secret": s} for nick, (o, s) in ROLES.items()},
        "schedule": {"night_starts": moscow, "day_starts": moscow},
        "seed": 11,
    }
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


# -- gorod as a real process ---------------------------------------------------------------------
def start(args: list[str], path: Path, env_extra: dict[str, str] | None = None) -> subprocess.Popen:
    """`gorod ARGS` on the game of `path`, its output unbuffered (read as it comes)."""
    env = {**os.environ, "GOROD_GAME": str(path), "PYTHONUNBUFFERED": "1", **(env_extra or {})}
    for name in ("GOROD_CRASH_AT", "GOROD_CRASH_MODE"):
        env.pop(name, None)
    return subprocess.Popen([sys.executable, "-m", "gorod", *args], env=env, cwd=path.parent, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)


def finish(process: subprocess.Popen, timeout: float = 300) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=timeout)
    return process.returncode, out, err


def gorod(args: list[str], path: Path) -> tuple[int, str, str]:
    return finish(start(args, path))


# -- what the forum itself shows ---------------------------------------------------------------
def thread_posts(forum) -> list:
    poller = ThreadPoller(forum.client(), load_profile("spirit"), Store(":memory:"), forum.url + forum.topic_url)
    return [e.post for e in poller.poll() if e.post is not None]


def pms_of(forum, nick: str) -> list:
    poller = PmPoller(forum.client(nick), load_profile("spirit"), Store(":memory:"))
    return [e.message for e in poller.poll() if e.message is not None]


def shown(body: str) -> str:
    return plain(MARKDOWN.strip(body))
