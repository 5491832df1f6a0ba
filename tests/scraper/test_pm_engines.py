"""The GM's PMs on every common engine, offline: the inbox, each conversation, the poller
and `gorod scrape --pm`, against saved pages written from each engine's markup
(tests/scraper/pages/pm/<profile>/; each profile's `unconfirmed:` says what no real page
has confirmed).

One story on every engine: alice writes «Ночной ход» (she checks bob), the GM answers
quoting her, bob writes «Выстрел»; later alice answers the GM, quoting him. Engines whose
inbox lists conversations (XenForo 1/2, vBulletin 5, IP.Board 4) show the GM's answer in
the conversation; engines whose inbox lists messages (phpBB, MyBB 1.8, SMF 2, vBulletin
3/4: `pm_inbox.rows: messages`) show what the GM received, and alice's answer is a new
row («Re: Ночной ход») whose page may show the earlier messages too (phpBB's history,
SMF's "all at once" display), of which only the row's is taken.
"""
from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import pytest
import responses

from config.profiles import load_profile
from gorod.store import Store
from scraper.errors import LayoutChanged
from scraper.decode import parse_html
from scraper.extract import extract_from_tree
from scraper.http import HttpClient, HttpSettings, LoginForm
from scraper.inbox import extract_inbox
from scraper.poll import Change, PmPoller

PAGES = Path(__file__).parent / "pages" / "pm"
BASE = "https://forum.test"
GM = "Ведущий"
PASSWORD_ENV = "GOROD_TEST_PM_PASSWORD"

A1_TEXT, A1_QUOTES = "Ночью проверяю bob.", ()
A2_TEXT, A2_QUOTES = "Принято, жди результат утром.", ("Ночью проверяю bob.",)
B1_TEXT, B1_QUOTES = "Стреляю в carol.", ()
A3_TEXT, A3_QUOTES = "И ещё: голосую против dave.", ("Принято, жди результат утром.",)


def utc(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)


A1_AT, A2_AT = utc("2026-11-28 21:05"), utc("2026-11-28 21:20")
B1_AT, A3_AT = utc("2026-11-28 22:10"), utc("2026-11-29 09:15")


@dataclass(frozen=True)
class Message:
    id: str
    conversation: str
    sender: str
    subject: str
    text: str
    quotes: tuple[str, ...]
    at: datetime


@dataclass(frozen=True)
class Engine:
    profile: str
    inbox: str                                  # the inbox's path, as the profile's urls.pm_inbox has it
    before: dict[str, str]                      # path -> saved page, before alice's answer
    after: dict[str, str]                       # what changed with it
    listed: tuple[tuple[str, str, str], ...]    # the inbox before: (id, sender, subject), as listed
    first: tuple[Message, ...]                  # the first poll, in order
    reply: Message                              # alice's answer
    page: str                                   # a page with a quote, and the messages it yields
    on_page: tuple[Message, ...]
    counts: bool = True                         # the inbox says which conversations changed

    def __str__(self) -> str:
        return self.profile


def conversations(profile, inbox, a, b, ids, *, conv_a, conv_b, counts=True) -> Engine:
    """An engine whose inbox lists conversations: A (alice, the GM's answer) and B (bob)."""
    a1, a2, b1, a3 = ids
    A1 = Message(a1, conv_a, "alice", "Ночной ход", A1_TEXT, A1_QUOTES, A1_AT)
    A2 = Message(a2, conv_a, GM, "Ночной ход", A2_TEXT, A2_QUOTES, A2_AT)
    B1 = Message(b1, conv_b, "bob", "Выстрел", B1_TEXT, B1_QUOTES, B1_AT)
    A3 = Message(a3, conv_a, "alice", "Ночной ход", A3_TEXT, A3_QUOTES, A3_AT)
    page_a, page_b = (f"{profile}/{conversation_page(profile, c)}" for c in (conv_a, conv_b))
    return Engine(
        profile, inbox,
        before={inbox: f"{profile}/inbox.html", a: f"{page_a}.html", b: f"{page_b}.html"},
        after={inbox: f"{profile}/inbox-reply.html", a: f"{page_a}-reply.html"},
        listed=((conv_b, "bob", "Выстрел"), (conv_a, "alice", "Ночной ход")),
        first=(A1, A2, B1), reply=A3,
        page=f"{page_a}-reply.html", on_page=(A1, A2, A3), counts=counts,
    )


def conversation_page(profile: str, conversation: str) -> str:
    """The saved page's name: `conversation-12`, vBulletin 5's `view-1012`."""
    return {"vbulletin5": "view"}.get(profile, "conversation") + f"-{conversation}"


def messages(profile, inbox, url, ids, *, page="", pages=None, a3_quotes=A3_QUOTES) -> Engine:
    """An engine whose inbox lists messages: what the GM received, one row each."""
    a1, b1, a3 = ids
    A1 = Message(a1, a1, "alice", "Ночной ход", A1_TEXT, A1_QUOTES, A1_AT)
    B1 = Message(b1, b1, "bob", "Выстрел", B1_TEXT, B1_QUOTES, B1_AT)
    A3 = Message(a3, a3, "alice", "Re: Ночной ход", A3_TEXT, a3_quotes, A3_AT)
    d = profile
    pages = pages or {i: f"{d}/{page}-{i}.html" for i in ids}
    return Engine(
        profile, inbox,
        before={inbox: f"{d}/inbox.html", url.format(a1): pages[a1], url.format(b1): pages[b1]},
        after={inbox: f"{d}/inbox-reply.html", url.format(a3): pages[a3]},
        listed=((b1, "bob", "Выстрел"), (a1, "alice", "Ночной ход")),
        first=(A1, B1), reply=A3,
        page=pages[a3], on_page=(A3,),
    )


ENGINES = [
    messages("phpbb3", "/ucp.php?i=pm&folder=inbox", "/ucp.php?i=pm&mode=view&f=0&p={}", ("1201", "1202", "1205"),
             page="message"),
    messages("mybb", "/private.php", "/private.php?action=read&pmid={}", ("31", "32", "35"), page="read"),
    # SMF's "all at once" display: a row links to #msgN on the folder's own page
    messages("smf2", "/index.php?action=pm;f=inbox;sort=date;desc;start=0", "/index.php?action=pm", ("501", "502", "505"),
             pages={"501": "smf2/inbox.html", "502": "smf2/inbox.html", "505": "smf2/inbox-reply.html"}),
    # vBulletin 3's quote keeps its «Originally Posted by» line inside, as in threads
    messages("vbulletin3", "/private.php", "/private.php?do=showpm&pmid={}", ("701", "702", "705"), page="showpm",
             a3_quotes=(f"Сообщение от {GM}\n" + A3_QUOTES[0],)),
    messages("vbulletin4", "/private.php", "/private.php?do=showpm&pmid={}", ("801", "802", "805"), page="showpm"),
    conversations("vbulletin5", "/privatemessage/index", "/privatemessage/view?id=1012", "/privatemessage/view?id=1013",
                  ("1012", "1014", "1013", "1016"), conv_a="1012", conv_b="1013"),
    conversations("xenforo1", "/conversations/", "/conversations/nochnoj-hod.12/", "/conversations/vystrel.13/",
                  ("101", "102", "103", "105"), conv_a="12", conv_b="13"),
    conversations("xenforo2", "/conversations/", "/conversations/nochnoj-hod.12/", "/conversations/vystrel.13/",
                  ("101", "102", "103", "105"), conv_a="12", conv_b="13"),
    conversations("ipboard", "/messenger/", "/messenger/12/", "/messenger/13/",
                  ("101", "102", "103", "105"), conv_a="12", conv_b="13", counts=False),
]
ANY_PAGE = re.compile(r"https://forum\.test/.*")


def page(name: str) -> bytes:
    return (PAGES / name).read_bytes()


class FakeForum:
    """Serves the saved pages by path (and the profile's login form); `reply()` is alice's
    answer arriving. Every request is kept in `hits`; an unknown path is a 404."""

    def __init__(self, rsps: responses.RequestsMock, engine: Engine) -> None:
        self.engine = engine
        self.pages = dict(engine.before)
        self.hits: list[str] = []
        profile = load_profile(engine.profile)
        self.login = profile.url("login", base=BASE)[len(BASE):]
        # the engine's own login field names (SMF: user/passwrd, vBulletin: vb_login_*)
        self.user_field = profile.login.username_field
        self.password_field = profile.login.password_field
        rsps.add_callback(responses.GET, ANY_PAGE, callback=self.get)
        rsps.add_callback(responses.POST, ANY_PAGE, callback=self.post)

    def reply(self) -> None:
        self.pages.update(self.engine.after)

    def get(self, request):
        path = request.url[len(BASE):]
        self.hits.append(path)
        if path == self.login:
            return 200, {}, self.login_form()
        if path not in self.pages:
            return 404, {}, f"no saved page for {path}"
        return 200, {"Content-Type": "text/html; charset=utf-8"}, page(self.pages[path])

    def login_form(self, error: str = "") -> str:
        action = self.login.replace("&", "&amp;")
        return (f'<html><head><meta charset="utf-8"></head><body>{error}<form method="post" action="{action}">'
                f'<input type="hidden" name="token" value="t1"><input name="{self.user_field}">'
                f'<input type="password" name="{self.password_field}"></form></body></html>')

    def post(self, request):
        path = request.url[len(BASE):]
        self.hits.append("POST " + path)
        body = request.body.decode() if isinstance(request.body, bytes) else request.body or ""
        if path == self.login and f"{self.password_field}=pw" in body and f"{self.user_field}=" in body:
            return 302, {"Location": BASE + "/"}, ""
        return 200, {}, self.login_form('<p class="error">Неверный пароль.</p>')


@pytest.fixture
def rsps():
    with responses.RequestsMock(assert_all_requests_are_fired=False) as r:
        yield r


def gm_client() -> HttpClient:
    client = HttpClient(BASE, HttpSettings(min_interval=0), sleep=lambda s: None,
                        login=LoginForm("/login", GM, "GOROD_TEST_UNUSED"))
    client.logged_in = True    # a live session: the login is `gorod scrape --pm`'s test
    return client


def got(events) -> list[Message]:
    out = []
    for e in events:
        assert e.change is Change.NEW and e.version == 1
        m = e.message
        out.append(Message(m.id, m.conversation_id, m.sender, m.subject, m.text, tuple(m.quotes), m.sent_at))
    return out


# ---------------------------------------------------------------- reading the pages

@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_the_inbox_lists_the_conversations_with_sender_subject_and_time(engine):
    profile = load_profile(engine.profile)
    inbox = extract_inbox(page(engine.before[engine.inbox]), profile, BASE + engine.inbox)
    assert tuple((e.id, e.sender, e.subject) for e in inbox.entries) == engine.listed
    assert all(e.time and any(ch.isdigit() for ch in e.time) for e in inbox.entries)
    assert all(e.url.startswith(BASE + "/") for e in inbox.entries)
    if profile.pm_inbox.rows == "messages":
        assert {e.count for e in inbox.entries} == {1}          # a row is one message, read once
    elif engine.counts:
        assert all(e.count is not None for e in inbox.entries)


@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_a_conversations_messages_come_out_like_posts(engine):
    """Author, time (timezone-aware), text, and quotes separated: a vote inside a quote
    is not a vote."""
    profile = load_profile(engine.profile)
    root = parse_html(page(engine.page), profile.encoding)
    extracted = extract_from_tree(root, profile, engine.page, url=BASE + "/", rules=profile.pm_message)
    posts = {p.id: p for p in extracted.posts}
    for m in engine.on_page:
        p = posts[m.id]
        assert (p.author, p.text, tuple(p.quotes), p.posted_at) == (m.sender, m.text, m.quotes, m.at)
        assert p.posted_at.tzinfo is not None


def test_alices_bold_target_is_kept_on_every_engine():
    for engine in ENGINES:
        profile = load_profile(engine.profile)
        posts = []
        for name in sorted(set(engine.before.values())):
            root = parse_html(page(name), profile.encoding)
            try:
                posts += extract_from_tree(root, profile, name, url=BASE + "/", rules=profile.pm_message).posts
            except LayoutChanged:
                pass                                            # the inbox listing itself
        first = next(p for p in posts if p.text == A1_TEXT)
        assert [e.text for e in first.emphasis if e.bold] == ["bob"], engine.profile


# ---------------------------------------------------------------- polling

@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_each_message_once_across_two_polls_and_a_restart(engine, rsps, tmp_path):
    forum = FakeForum(rsps, engine)
    db = tmp_path / "gorod.sqlite3"
    pms = PmPoller(gm_client(), load_profile(engine.profile), Store(db))
    assert got(pms.poll()) == list(engine.first)

    forum.hits.clear()
    assert list(pms.poll()) == []
    if engine.counts:
        assert forum.hits == [engine.inbox]                     # an unchanged inbox costs one request
    restarted = PmPoller(gm_client(), load_profile(engine.profile), Store(db))
    assert list(restarted.poll()) == []

    forum.reply()                                               # alice answers the GM in the old conversation
    restarted = PmPoller(gm_client(), load_profile(engine.profile), Store(db))
    assert got(restarted.poll()) == [engine.reply]
    assert list(restarted.poll()) == []
    assert list(PmPoller(gm_client(), load_profile(engine.profile), Store(db)).poll()) == []


def test_a_row_whose_page_does_not_show_its_message_is_a_changed_layout(rsps, tmp_path):
    """Inboxes that list messages: the row's message must be on its page, else the
    poller says so (never an empty result)."""
    engine = ENGINES[0]
    forum = FakeForum(rsps, engine)
    forum.pages["/ucp.php?i=pm&mode=view&f=0&p=1201"] = "phpbb3/message-1202.html"
    pms = PmPoller(gm_client(), load_profile("phpbb3"), Store(tmp_path / "gorod.sqlite3"))
    with pytest.raises(LayoutChanged, match=r"p=1201.*no message 1201 \(the inbox row's id\) on its page"):
        list(pms.poll())


@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_the_game_loop_starts_on_the_engine(engine):
    """The loop's forum reads PMs through `PmPoller`, which refuses a profile without
    PM selectors; every engine here has them."""
    from gorod.loop.forum import SiteForum
    profile = load_profile(engine.profile)
    thread = {"vbulletin5": BASE + "/forum/game/7-town"}.get(engine.profile, BASE + "/t/7")
    SiteForum(gm_client(), profile, Store(":memory:"), thread, GM)
    assert any("private messages" in u or "conversations" in u or "messenger" in u or "personal messages" in u
               for u in profile.unconfirmed), "say what no real PM page has confirmed"


# ---------------------------------------------------------------- the CLI

@pytest.mark.parametrize("engine", ENGINES, ids=str)
def test_gorod_scrape_pm_logs_in_and_reads_the_inbox(engine, rsps, capsys, monkeypatch):
    from gorod.cli import main

    forum = FakeForum(rsps, engine)
    forum.reply()
    monkeypatch.setattr("scraper.live.HttpSettings", functools.partial(HttpSettings, min_interval=0))
    monkeypatch.setenv(PASSWORD_ENV, "pw")
    args = ["scrape", "--pm", BASE, "--profile", engine.profile, "--user", GM, "--password-env", PASSWORD_ENV]
    assert main([*args, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    expected = list(engine.first) + [engine.reply]
    if engine.profile in ("xenforo1", "xenforo2", "vbulletin5", "ipboard"):
        # the inbox lists the latest activity first; the poller reads the oldest first
        expected = sorted(expected, key=lambda m: (m.conversation == engine.reply.conversation, m.at))
    assert [(m["sender"], m["subject"], m["text"], m["quotes"]) for m in listed] == [
        (m.sender, m.subject, m.text, list(m.quotes)) for m in expected]
    assert all(m["sent_at"].endswith("+00:00") for m in listed)
    assert forum.hits[:2] == [forum.login, "POST " + forum.login]

    monkeypatch.setenv(PASSWORD_ENV, "wrong")
    assert main(args) == 1
    assert "login as 'Ведущий' failed: Неверный пароль." in capsys.readouterr().err


# ---------------------------------------------------------------- the schema

@pytest.mark.parametrize("inbox,error", [
    ({"rows": "threads"}, "selectors.pm_inbox.rows: нужно conversations или messages, а не 'threads'"),
    ({"rows": "messages", "count": "dd"}, "selectors.pm_inbox.count: при rows: messages строка списка — одно сообщение"),
])
def test_pm_inbox_rows_is_validated_with_its_key_path(tmp_path, inbox, error):
    from config.profiles import ProfileError
    path = tmp_path / "forum.yaml"
    rules = {"container": "li.row", "id": "a", "subject": "a", **inbox}
    path.write_text(json.dumps({"extends": "phpbb3", "selectors": {"pm_inbox": rules}}), encoding="utf-8")
    with pytest.raises(ProfileError, match=re.escape(error)):
        load_profile(path)
