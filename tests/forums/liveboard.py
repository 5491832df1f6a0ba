"""A live forum as the conformance suite drives it: players' clients and writers, the forms
players use (a new topic, the quote button, an edit), and the whole thread read back with
gorod's own profile."""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from config.profiles import Profile, load_profile
from engines import Engine, FormSpec
from forumlab import Status
from scraper.extract import extract_posts
from scraper.http import Fetched, HttpClient, HttpSettings
from scraper.model import Post
from scraper.write import ForumWriter
from scraper.write_form import find_form, send_form


@dataclass
class Thread:
    posts: list[Post]
    pages: list[str]          # the URLs read, page 1 first


@dataclass
class Board:
    engine: Engine
    status: Status
    home: Path
    records: Path | None = None   # where the forum keeps its own records, if not home/<engine>/forum
    profile: Profile = field(init=False)
    _clients: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.profile = load_profile(self.engine.profile)
        self.password_env = f"GOROD_TEST_{self.engine.name.upper()}_PASSWORD"
        os.environ[self.password_env] = self.status.password
        self._password_envs = {}
        for i, (user, password) in enumerate(sorted(self.status.passwords.items())):   # one a player (Spirit)
            self._password_envs[user] = f"{self.password_env}_{i}"
            os.environ[self._password_envs[user]] = password

    @property
    def url(self) -> str:
        return self.status.url

    @property
    def gm(self) -> str:
        return self.status.gm

    @property
    def players(self) -> list[str]:
        return self.status.players

    @property
    def forum_dir(self) -> Path:
        return self.records or self.home / self.engine.name / "forum"

    # -- accounts -------------------------------------------------------------------------------
    def client(self, user: str | None, *, fresh: bool = False, password_env: str | None = None) -> HttpClient:
        """`user`'s logged-in client (one per user, reused), or an anonymous one."""
        if user is None or fresh or password_env:
            return self._new_client(user, password_env)
        if user not in self._clients:
            self._clients[user] = self._new_client(user, None)
        return self._clients[user]

    def _new_client(self, user: str | None, password_env: str | None) -> HttpClient:
        return HttpClient.for_profile(self.profile, self.url, username=user,
                                      password_env=(password_env or self._password_envs.get(user)
                                                    or self.password_env) if user else None,
                                      settings=HttpSettings(min_interval=0.0))

    def writer(self, user: str) -> ForumWriter:
        return ForumWriter(self.client(user), profile=self.profile, allow_writes=True)

    # -- what players do through the forum's own forms --------------------------------------------
    def submit(self, user: str, spec: FormSpec, text: str, subject: str | None = None, **where) -> Fetched:
        client = self.client(user)
        page = client.get(spec.url.format(**where), auth=True)
        shown = client.clock()
        form = find_form(page, selector=spec.form, holding=spec.text, default_charset=self.profile.encoding)
        fields = {**spec.fields, spec.text: text}
        if subject is not None and spec.subject:
            fields[spec.subject] = subject
        if spec.min_age and client.clock() - shown < spec.min_age:
            client.sleep(spec.min_age - (client.clock() - shown))
        return send_form(client, page, form, fields)

    def new_topic(self, user: str, subject: str, text: str) -> str:
        if self.engine.player is not None:
            return self.engine.player.new_topic(self, user, subject, text)
        answer = self.submit(user, self.engine.new_topic, text, subject, forum=self.engine.forum_id)
        where = answer.location or re.sub("&amp;", "&", answer.text)
        if self.engine.topic_on_page:
            target = answer.location or re.search(r"(?i)http-equiv=\"refresh\"[^>]*url=([^\"'>]+)", where).group(1)
            where = re.sub("&amp;", "&", self.client(user).get(target, auth=True).text)
        return self.engine.topic_id(where)

    def quote_text(self, user: str, topic: str, post: str) -> str:
        """What the quote button puts in the reply box."""
        if self.engine.player is not None:
            return self.engine.player.quote_text(self, user, topic, post)
        import lxml.html
        spec = self.engine.quote
        page = self.client(user).get(spec.url.format(thread=topic, post=post), auth=True)
        doc = lxml.html.fromstring(page.content)
        boxes = doc.xpath("//textarea[@name=$n]", n=spec.text)
        assert boxes, f"{page.url}: no textarea {spec.text!r}"
        text = boxes[0].text_content().strip()
        assert text, f"{page.url}: the quote button put nothing in the reply box"
        return text

    def edit(self, user: str, topic: str, post: str, text: str):
        if self.engine.player is not None:
            return self.engine.player.edit(self, user, topic, post, text)
        return self.submit(user, self.engine.edit, text, thread=topic, post=post)

    # -- reading back -----------------------------------------------------------------------------
    def thread_url(self, topic: str) -> str:
        return self.client(None).url(self.engine.thread_url.format(thread=topic))

    def read_thread(self, topic: str, user: str | None = None) -> Thread:
        """Every post from page 1 to the last, following the profile's next-page link."""
        client = self.client(user)
        posts, pages = [], []
        url: str | None = self.thread_url(topic)
        while url and url not in pages and len(pages) < 20:
            pages.append(url)
            page = client.get(url, auth=user is not None)
            extracted = extract_posts(page.content, self.profile, page.url, url=page.url)
            posts += [p for p in extracted.posts if p.id not in {q.id for q in posts}]   # Misago repeats one
            url = extracted.next_url
        return Thread(posts, pages)

    def forum_times(self, topic: str) -> dict[str, tuple[datetime, datetime | None]]:
        """The forum's own record of each post's time and last edit (its database)."""
        def when(epoch):
            return datetime.fromtimestamp(epoch, timezone.utc) if epoch else None
        return {pid: (when(posted), when(edited))
                for pid, (posted, edited) in self.engine.db_times(self.forum_dir, topic).items()}


def shown(moment: datetime, precision: int) -> datetime:
    """A time as the forum shows it (minutes: seconds dropped); precision 0: exactly."""
    moment = moment.astimezone(timezone.utc)
    if not precision:
        return moment
    return datetime.fromtimestamp(int(moment.timestamp()) // precision * precision, timezone.utc)
