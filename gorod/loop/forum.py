"""The forum as the game loop sees it: read the thread and the GM's PMs, write replies and
PMs, and look on the forum for something sent before a crash.

`SiteForum.from_config(config, store)` builds it from the game config over the scraper
(`ThreadPoller`, `PmPoller`, `ForumWriter`): it logs in as the GM (`forum.gm_user`), with
the password from the environment variable `forum.password_env` or from
`forum.password_file` (refused unless only its owner may read it); the password is never
logged or stored. Writing is built with `allow_writes=True` here and used only by
`gorod.loop.publish` for approved drafts.

Tests put any object with the same methods in its place (`ForumPort`).
"""
from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from config.game import GameConfig
from config.profiles import WriteLimits, WriteRules, available_profiles, load_profile
from gorod.store import Store
from scraper.errors import AuthRequired, ScraperError
from scraper.http import HttpClient, HttpSettings, LoginForm, settings_for
from scraper.poll import PmEvent, PmPoller, PostEvent, ThreadPoller
from scraper.write import Created, ForumWriter
from scraper.write_lookup import words


class ForumConfigError(ValueError):
    """The game config does not say enough to reach the forum; names the key."""


class ForumPort(Protocol):
    gm: str
    engine: str
    max_length: int
    time_precision: int     # seconds: to what the forum's shown times are exact (profile dates.precision)
    pm_lookup: bool         # a PM list gorod can read, to find a PM sent before a crash (`find_pm`)
    pm_max_length: int      # characters of one PM's text (profile write.limits.pm_length, else max_length)
    limits: WriteLimits     # what one PM takes (profile write.limits): titles are fitted to it

    def poll_thread(self, *, rescan: bool = False) -> Iterator[PostEvent]: ...
    def poll_pms(self, *, rescan: bool = False) -> Iterator[PmEvent]: ...
    def last_post_id(self) -> int | None: ...
    def reply(self, text: str, *, after: int | None) -> Created: ...
    def send_pm(self, to: str, title: str, text: str, *, exclude: frozenset[str] = frozenset()) -> Created: ...
    def find_reply(self, after: int | None, plain: str) -> Created | None: ...
    def find_pm(self, to: str, title: str, text: str, exclude: frozenset[str] = frozenset()) -> Created | None: ...


@dataclass(frozen=True)
class FileLoginForm(LoginForm):
    """A login whose password is in a file only its owner may read."""

    password_file: str = ""

    def password(self) -> str:
        return read_password_file(self.password_file, self.url)


def read_password_file(path: str, where: str = "forum.password_file") -> str:
    path = os.path.expanduser(path)
    try:
        info = os.stat(path)
    except OSError as exc:
        raise AuthRequired(where, f"forum.password_file: cannot read {path}: {exc.strerror}") from None
    if info.st_mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise AuthRequired(where, f"forum.password_file: {path} may be read by others: chmod 600 {path}")
    value = Path(path).read_text(encoding="utf-8").strip()
    if not value:
        raise AuthRequired(where, f"forum.password_file: {path} is empty")
    return value


def _detected(thread_url: str, game_dir: Path, settings: HttpSettings, where: str):
    """`forum.profile: auto`: the profile (the GM's own ones too) that fits the thread's page."""
    from scraper.detect import detect_profile
    from scraper.errors import UnknownEngine
    page = HttpClient(thread_url, settings).get(thread_url)
    try:
        return detect_profile(page.content, page.url, page.url, profiles=available_profiles(game_dir))
    except UnknownEngine as exc:
        raise ForumConfigError(f"{where}: forum.profile: auto: {exc} (README «Your forum»)") from None


def topic_id_of(url: str) -> str:
    """The topic's id in its URL (Spirit `/topic/12/slug/`, Misago and Discourse `/t/slug/12/`,
    phpBB `t=12`, MyBB `tid=12`, SMF `topic=12.0` (topic 12 from its first post), `id=12`)."""
    for pattern in (r"/topic/(\d+)", r"/t/[^/]+/(\d+)", r"[?&]t=(\d+)", r"[?&]tid=(\d+)", r"[?&;]topic=(\d+)",
                    r"[?&]id=(\d+)", r"/(\d+)(?:[-/]|$)"):
        match = re.search(pattern, url)
        if match:
            return match.group(1)
    raise ForumConfigError(f"forum.thread_url: no topic id in {url}")


# How a draft and the forum's rendering of it are compared (markup, escapes and spacing
# differ, the words do not): letters and digits only, case-folded (`scraper.write_lookup`).
plain = words


class SiteForum:
    def __init__(self, client: HttpClient, profile, store: Store, thread_url: str, gm: str,
                 *, rules: WriteRules | None = None) -> None:
        self.client = client
        self.profile = profile
        self.store = store
        self.gm = gm
        self.engine = profile.engine
        self.time_precision = profile.dates.precision_seconds
        self.thread = ThreadPoller(client, profile, store, thread_url)
        self.pms = PmPoller(client, profile, store)
        self.topic_id = topic_id_of(thread_url)
        self.writer = ForumWriter(client, rules, profile=profile, allow_writes=True)
        self.max_length = self.writer.max_length
        self.limits = self.writer.rules.limits if self.writer.rules else WriteLimits()
        self.pm_max_length = self.writer.rules.pm_max_length if self.writer.rules else self.max_length
        self.pm_lookup = self.writer.can_find_pm()

    @classmethod
    def from_config(cls, config: GameConfig, store: Store, *, settings: HttpSettings | None = None) -> SiteForum:
        forum = config.forum
        where = config.path
        for key in ("base_url", "thread_url", "gm_user"):
            if not getattr(forum, key):
                raise ForumConfigError(f"{where}: forum.{key}: required to run the game")
        if not forum.password_env and not forum.password_file:
            raise ForumConfigError(f"{where}: forum.password_env or forum.password_file: required "
                                   "(the GM's password, never in the config itself)")
        game_dir = Path(where).parent
        if forum.profile == "auto":
            profile = _detected(forum.thread_url, game_dir, settings or HttpSettings(min_interval=forum.min_interval),
                                where)
        else:
            profile = load_profile(forum.profile, game_dir)
        base = forum.base_url.rstrip("/")
        login_url = profile.url("login", base=base)
        names = {"username_field": profile.login.username_field,
                 "password_field": profile.login.password_field}   # the engine's own (SMF: passwrd)
        if profile.login.error:
            names["error_selector"] = profile.login.error
        names.update(api=profile.login.api, api_rules=profile.api, profile=profile.name,   # a JSON login
                     min_form_age=profile.login.min_form_age, wait=profile.login.wait)
        if forum.password_file:
            login = FileLoginForm(url=login_url, username=forum.gm_user, password_env="",
                                  password_file=forum.password_file, **names)
        else:
            login = LoginForm(url=login_url, username=forum.gm_user, password_env=forum.password_env, **names)
        client = HttpClient(forum.base_url, settings or settings_for(profile, min_interval=forum.min_interval),
                            login=login)
        return cls(client, profile, store, forum.thread_url, forum.gm_user)

    # -- reading ----------------------------------------------------------------------------
    def poll_thread(self, *, rescan: bool = False) -> Iterator[PostEvent]:
        """New posts (from the last page on); `rescan` reads from page 1, to see edits on
        older pages."""
        return self.thread.poll(rescan=rescan)

    def poll_pms(self, *, rescan: bool = False) -> Iterator[PmEvent]:
        """New PMs; `rescan` reads every conversation of the inbox again (before a phase ends)."""
        return self.pms.poll(rescan=rescan)

    def last_post_id(self) -> int | None:
        known = self.store.known_posts(self.thread.key)
        ids = [int(k.post_id) for k in known.values() if k.post_id.isdigit()]
        return max(ids) if ids else None

    def server_now(self):
        """The forum's clock now, by its last answer's `Date` header (None: none had one)."""
        return self.client.server_now()

    def read_clock(self):
        """What the forum's pages say of the zone its times are in (`scraper.forumclock`)."""
        from scraper.forumclock import read_clock
        return read_clock(self.client, self.profile)

    # -- writing ----------------------------------------------------------------------------
    def reply(self, text: str, *, after: int | None) -> Created:
        return self.writer.reply(self.topic_id, text, after=after)

    def send_pm(self, to: str, title: str, text: str, *, exclude: frozenset[str] = frozenset()) -> Created:
        """A new PM to `to`; never confirmed by a conversation in `exclude` (other drafts')."""
        return self.writer.send_pm([to], title, text, exclude=exclude)

    # -- looking for what a crash may have sent ------------------------------------------------
    def find_reply(self, after: int | None, text: str) -> Created | None:
        """The GM's post after `after` whose words are `text`'s, read from the forum with
        the profile's selectors (any engine): from the last page gorod has seen on, else
        from the thread's last page (the profile's `write.last_page`), else from page 1."""
        pages = self.store.pages(self.thread.key)
        url = pages[max(pages)].url if pages else (self.writer.last_page_url(self.topic_id) or self.thread.url)
        return self.writer.find_reply(url, after=after, text=text)

    def find_pm(self, to: str, title: str, text: str, exclude: frozenset[str] = frozenset()) -> Created | None:
        """A conversation the GM started with this title whose message has `text`'s words
        (titles are the same for every player) and, where the forum shows it, `to` as its
        recipient, from the forum's list of PMs (the profile's `write.pm.sent_list`, else
        the inbox); none whose id is in `exclude`."""
        return self.writer.find_pm(title, text, exclude=exclude, to=to)


__all__ = [
    "AuthRequired",
    "ForumConfigError",
    "ForumPort",
    "ScraperError",
    "SiteForum",
    "plain",
    "read_password_file",
    "topic_id_of",
]
