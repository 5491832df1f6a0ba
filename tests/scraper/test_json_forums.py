"""JSON-API forums offline: Misago and NodeBB pages saved from the live forums of tests/forums
(tests/scraper/pages/live/), and their JSON API served with `responses` as the live forums
answered it (status codes, bodies, the CSRF cookie and header).

- reading: auto-detection, post count, authors, exact times, own text apart from quotes and
  spoilers, edits (Misago's only in its page's JSON), the private-thread list, NodeBB's chats;
- writing: login, reply and PM as JSON calls with the CSRF token from a cookie (Misago) or
  from /api/config (NodeBB), the recipient's uid looked up by name, floods waited out,
  refusals in the forum's words, the crash lookup;
- the profile schema of `api:`, `login.api`, `write.*.api`, `pm_json:`, `embedded_json:`.
"""
from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
import responses

from config.profiles import ProfileError, load_profile
from gorod.store import Store
from scraper.errors import AuthRequired, PostRejected
from scraper.extract import extract_posts
from scraper.http import HttpClient, HttpSettings
from scraper.inbox import extract_inbox
from scraper.poll import PmPoller
from scraper.write import ForumWriter

LIVE = Path(__file__).parent / "pages" / "live"
BASE = "http://forum.test"


def page(name: str) -> bytes:
    return (LIVE / name).read_bytes()


def utc(*parts) -> datetime:
    return datetime(*parts, tzinfo=timezone.utc)


# ============================================================================ reading

def test_misago_thread_pages_are_detected_and_read_whole():
    first = extract_posts(page("misago-0.39-topic-p1.html"), None, "p1")
    second = extract_posts(page("misago-0.39-topic-p2.html"), None, "p2")
    assert first.profile == second.profile == "misago"
    posts = {p.id: p for p in first.posts + second.posts}   # page 2 repeats page 1's last post
    assert len(first.posts) == 18 and first.next_url is not None and second.next_url is None
    assert sorted(map(int, posts)) == list(range(1, 28)) + [31, 32, 33, 34, 36]
    assert posts["1"].author == "gm" and posts["2"].author == "Vasya" and posts["3"].author == "Petya"
    assert posts["1"].posted_at == utc(2026, 12, 1, 10, 34, 25, 691819)     # to the microsecond
    quoting = posts["7"]
    assert quoting.text.strip() == "Отвечаю Васе: не согласна."
    assert [q.strip() for q in quoting.quotes] == ["Пост номер 0 от Vasya"]
    hiding = posts["9"]
    assert "я мафия" not in hiding.text and [s.strip() for s in hiding.spoilers] == ["я мафия"]
    assert "зачёркнуто" in posts["4"].struck[0] and "зачёркнуто" not in posts["4"].text


def test_misago_edits_come_from_the_pages_json():
    posts = {p.id: p for p in extract_posts(page("misago-0.39-topic-p1.html"), load_profile("misago"), "p1").posts}
    edited = posts["2"]
    assert edited.edited and edited.edit_count == 1
    assert edited.edited_at == utc(2026, 12, 1, 10, 35, 2, 546362)
    assert "ИСПРАВЛЕНО" in edited.text
    assert [p.id for p in posts.values() if p.edited] == ["2"]


def test_misago_without_its_json_is_a_changed_layout_not_silence():
    from scraper.errors import LayoutChanged
    html = page("misago-0.39-topic-p1.html").replace(b"misago.init(", b"misago.start(")
    with pytest.raises(LayoutChanged, match="embedded_json"):
        extract_posts(html, load_profile("misago"), "p1")


def test_misago_private_threads_list_and_a_private_thread():
    profile = load_profile("misago")
    inbox = extract_inbox(page("misago-0.39-private-threads.html"), profile, BASE + "/private-threads/")
    by_subject = {e.subject: e for e in inbox.entries}
    entry = by_subject["Приказ на ночь"]
    assert entry.id == "2" and entry.url == BASE + "/p/prikaz-na-noch/2/" and entry.count == 0
    messages = extract_posts(page("misago-0.39-private-thread.html"), None, "pm").posts
    assert [(m.author, m.text.strip()) for m in messages] == [("Vasya", "Мастер, я кусаю Петю.")]


def test_nodebb_topic_pages_are_detected_and_read():
    first = extract_posts(page("nodebb-4.10-topic-p1.html"), None, "p1")
    last = extract_posts(page("nodebb-4.10-topic-p3.html"), None, "p3")
    assert first.profile == last.profile == "nodebb"
    assert len(first.posts) == 10 and first.next_url is not None
    posts = {p.id: p for p in first.posts + last.posts}
    assert posts["2"].author == "gm" and posts["3"].author == "Вася"
    assert posts["2"].posted_at == utc(2026, 12, 1, 10, 35, 39, 921000)      # epoch ms
    assert posts["3"].edited and posts["3"].edited_at == utc(2026, 12, 1, 10, 35, 40, 716000)
    assert [p.id for p in first.posts if p.edited] == ["3"]
    quoting = posts["8"]
    assert quoting.text.strip() == "Отвечаю Васе: не согласна."
    assert quoting.quotes and "Пост номер 0" in quoting.quotes[0]
    assert "зачёркнуто" in posts["4"].struck[0]


# ============================================================================ NodeBB's chats

def nodebb_client(fake=None, user="gm") -> HttpClient:
    return HttpClient.for_profile(load_profile("nodebb"), BASE, username=user, password_env="GOROD_TEST_JSON_PW",
                                  settings=HttpSettings(min_interval=0, retries=2),
                                  **({"clock": fake.clock, "sleep": fake.sleep} if fake else {}))


class FakeTime:
    def __init__(self):
        self.now = 1000.0
        self.sleeps = []

    def clock(self):
        return self.now

    def sleep(self, seconds):
        self.sleeps.append(round(seconds, 3))
        self.now += seconds


def serve_nodebb_login(rsps):
    rsps.get(BASE + "/api/config", json={"csrf_token": "tok-1"})
    rsps.post(BASE + "/api/v3/utilities/login", json={"status": {"code": "ok"}, "response": {"uid": 1}},
              match=[responses.matchers.header_matcher({"x-csrf-token": "tok-1"}),
                     responses.matchers.json_params_matcher({"username": "gm", "password": "secret-1"})])


@responses.activate
def test_nodebb_chats_are_read_through_its_json_api(monkeypatch, tmp_path):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_nodebb_login(responses)
    rooms = json.loads(page("nodebb-4.10-chats.json"))
    rooms["response"]["rooms"] = [r for r in rooms["response"]["rooms"] if r["roomId"] == 1]
    assert rooms["response"]["nextStart"] == 20     # every page names the next start: past the end, no room
    responses.get(BASE + "/api/v3/chats", json={"status": rooms["status"], "response": {"rooms": [], "nextStart": 40}},
                  match=[responses.matchers.query_param_matcher({"start": "20"})])
    responses.get(BASE + "/api/v3/chats", json=rooms, match=[responses.matchers.query_param_matcher({})])
    responses.get(BASE + "/api/v3/chats/1/messages", body=page("nodebb-4.10-chat-messages.json"),
                  content_type="application/json")
    poller = PmPoller(nodebb_client(), load_profile("nodebb"), Store(tmp_path / "s.sqlite3"))
    got = [(e.message.conversation_id, e.message.sender, e.message.subject, e.message.text.strip(), e.message.sent_at)
           for e in poller.poll()]
    assert got == [
        ("1", "Вася", "Приказ на ночь", "Мастер, я кусаю Петю.", utc(2026, 12, 1, 10, 35, 40, 766000)),
        ("1", "gm", "Приказ на ночь", "Принято.", utc(2026, 12, 1, 10, 35, 40, 780000)),
    ]
    assert list(poller.poll()) == []   # unchanged message counts: nothing read twice


def chat_answer(room: int, mid: int) -> dict:
    return {"status": {"code": "ok", "message": "OK"},
            "response": {"mid": mid, "messageId": mid, "roomId": str(room), "content": "<p>x</p>"}}


@responses.activate
def test_nodebb_pm_looks_the_uid_up_opens_a_room_and_sends_the_message(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    fake = FakeTime()
    serve_nodebb_login(responses)
    responses.get(BASE + "/api/user/username/%D0%92%D0%B0%D1%81%D1%8F", json={"uid": 2, "username": "Вася"})
    responses.post(BASE + "/api/v3/chats", json={"status": {"code": "ok"}, "response": {"roomId": 5}},
                   match=[responses.matchers.json_params_matcher({"uids": [2], "roomName": "Роль (№3)"}),
                          responses.matchers.header_matcher({"x-csrf-token": "tok-1"})])
    flood = {"status": {"code": "bad-request", "message": "[[error:too-many-messages]]"}, "response": {}}
    responses.post(BASE + "/api/v3/chats/5", status=400, json=flood)
    responses.post(BASE + "/api/v3/chats/5", json=chat_answer(5, 9),
                   match=[responses.matchers.json_params_matcher({"message": "Вы — Доктор."})])
    writer = ForumWriter(nodebb_client(fake), profile=load_profile("nodebb"), allow_writes=True)
    created = writer.send_pm(["Вася"], "Роль (№3)", "Вы — Доктор.")
    assert (created.id, created.url) == (5, BASE + "/chats/5")
    assert fake.sleeps == [3.0]                      # the flood waited out (rate_limit_wait), no second room
    assert [c.request.url for c in responses.calls].count(BASE + "/api/v3/chats") == 1


@responses.activate
def test_nodebb_refusals_are_the_forums_words(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_nodebb_login(responses)
    responses.get(BASE + "/api/user/username/%D0%9A%D0%BE%D1%82", status=404,
                  json={"status": {"code": "not-found", "message": "[[error:no-user]]"}})
    writer = ForumWriter(nodebb_client(), profile=load_profile("nodebb"), allow_writes=True)
    with pytest.raises(PostRejected, match=r"write\.pm\.api\[0\].*\[\[error:no-user\]\]"):
        writer.send_pm(["Кот"], "Роль", "Текст сообщения.")


@responses.activate
def test_nodebb_wrong_password_says_why(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "wrong")
    responses.get(BASE + "/api/config", json={"csrf_token": "tok-1"})
    responses.post(BASE + "/api/v3/utilities/login", status=403, body="[[error:invalid-login-credentials]]")
    with pytest.raises(AuthRequired, match=r"login as 'gm' failed: \[\[error:invalid-login-credentials\]\]"):
        nodebb_client().login()


@responses.activate
def test_nodebb_crash_lookup_finds_the_room_only_with_its_message(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_nodebb_login(responses)
    rooms = json.loads(page("nodebb-4.10-chats.json"))
    rooms["response"]["rooms"] = [r for r in rooms["response"]["rooms"] if r["roomId"] == 1]
    rooms["response"]["rooms"][0].update(roomName="Роль (№4)", messageCount=0)   # opened, message never sent
    responses.get(BASE + "/api/v3/chats", json=rooms)
    writer = ForumWriter(nodebb_client(), profile=load_profile("nodebb"), allow_writes=True)
    assert writer.find_pm("Роль (№4)") is None
    rooms["response"]["rooms"][0]["messageCount"] = 1
    responses.replace(responses.GET, BASE + "/api/v3/chats", json=rooms)
    found = writer.find_pm("Роль (№4)")
    assert found is not None and found.id == 1


@responses.activate
def test_nodebb_crash_lookup_by_title_and_words_reads_the_rooms_messages(monkeypatch):
    """PM titles repeat («Город N: Ночь 1» to every player): the room is ours when one of its
    JSON messages has the draft's words."""
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_nodebb_login(responses)
    rooms = json.loads(page("nodebb-4.10-chats.json"))
    rooms["response"]["rooms"] = [r for r in rooms["response"]["rooms"] if r["roomId"] == 1]
    assert rooms["response"]["nextStart"] == 20     # every page names the next start: past the end, no room
    responses.get(BASE + "/api/v3/chats", json={"status": rooms["status"], "response": {"rooms": [], "nextStart": 40}},
                  match=[responses.matchers.query_param_matcher({"start": "20"})])
    responses.get(BASE + "/api/v3/chats", json=rooms, match=[responses.matchers.query_param_matcher({})])
    responses.get(BASE + "/api/v3/chats/1/messages", body=page("nodebb-4.10-chat-messages.json"),
                  content_type="application/json")
    title = rooms["response"]["rooms"][0]["roomName"]
    writer = ForumWriter(nodebb_client(), profile=load_profile("nodebb"), allow_writes=True)
    assert writer.find_pm(title, "Принято.").id == 1
    assert writer.find_pm(title, "Другие слова.") is None
    assert writer.find_pm(title, "Принято.", exclude=frozenset({"1"})) is None


# ============================================================================ Misago

def misago_client(fake=None, user="gm") -> HttpClient:
    return HttpClient.for_profile(load_profile("misago"), BASE, username=user, password_env="GOROD_TEST_JSON_PW",
                                  settings=HttpSettings(min_interval=0, retries=2),
                                  **({"clock": fake.clock, "sleep": fake.sleep} if fake else {}))


def serve_misago_login(rsps):
    rsps.get(BASE + "/", body="<html></html>", headers={"Set-Cookie": "csrftoken=ck-1; Path=/"})
    rsps.post(BASE + "/api/auth/", json={"id": 1, "username": "gm"},
              match=[responses.matchers.header_matcher({"X-CSRFToken": "ck-1"})])


@responses.activate
def test_misago_reply_through_its_api_waits_out_the_flood(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    fake = FakeTime()
    serve_misago_login(responses)
    responses.post(BASE + "/api/threads/1/posts/", status=403,
                   json={"detail": "You can't post message so quickly after previous one."})
    responses.post(BASE + "/api/threads/1/posts/", json={"id": 40, "url": {"index": "/t/igra/1/post/40/"}},
                   match=[responses.matchers.json_params_matcher({"post": "Утро. Петя убит."}),
                          responses.matchers.header_matcher({"X-CSRFToken": "ck-1"})])
    writer = ForumWriter(misago_client(fake), profile=load_profile("misago"), allow_writes=True)
    created = writer.reply("1", "Утро. Петя убит.", after=39)
    assert (created.id, created.url) == (40, BASE + "/t/igra/1/post/40/")
    assert fake.sleeps == [4.0]


@responses.activate
def test_misago_pm_and_its_refusal(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_misago_login(responses)
    responses.post(BASE + "/api/private-threads/", json={"id": 7, "title": "Роль (№5)", "url": "/p/rol-no-5/7/"},
                   match=[responses.matchers.json_params_matcher(
                       {"title": "Роль (№5)", "to": ["Vasya"], "post": "Вы — Мэр."})])
    writer = ForumWriter(misago_client(), profile=load_profile("misago"), allow_writes=True)
    assert writer.send_pm(["Vasya"], "Роль (№5)", "Вы — Мэр.").id == 7
    responses.replace(responses.POST, BASE + "/api/private-threads/", status=400,
                      json={"to": ["One or more users could not be found: nobody"]})
    with pytest.raises(PostRejected, match="could not be found: nobody"):
        writer.send_pm(["nobody"], "Роль (№6)", "Вы — Мэр.")


@responses.activate
def test_misago_reply_naming_an_old_post_is_not_a_confirmation(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_misago_login(responses)
    responses.post(BASE + "/api/threads/1/posts/", json={"id": 30, "url": {"index": "/t/igra/1/post/30/"}})
    writer = ForumWriter(misago_client(), profile=load_profile("misago"), allow_writes=True)
    with pytest.raises(PostRejected, match="not after 39"):
        writer.reply("1", "Утро. Петя убит.", after=39)


@responses.activate
def test_misago_wrong_password_says_why(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "wrong")
    responses.get(BASE + "/", body="<html></html>", headers={"Set-Cookie": "csrftoken=ck-1; Path=/"})
    responses.post(BASE + "/api/auth/", status=400,
                   json={"detail": "Login or password is incorrect.", "code": "invalid_login"})
    with pytest.raises(AuthRequired, match="failed: Login or password is incorrect."):
        misago_client().login()


def test_writing_is_off_without_an_approved_draft():
    from scraper.write import WritingDisabled
    writer = ForumWriter(misago_client(), profile=load_profile("misago"))
    with pytest.raises(WritingDisabled):
        writer.reply("1", "Утро.")


# ============================================================================ the schema

def write_profile(tmp_path, text: str) -> Path:
    path = tmp_path / "board.yaml"
    path.write_text("engine: custom\nselectors: {post: {container: div.p, id: {attr: id}, author: b, body: i}}\n"
                    + text, encoding="utf-8")
    return path


@pytest.mark.parametrize("text, where", [
    ("write: {reply: {api: {url: '{base}/x', body: {t: '{text}'}}}}\n", "write.reply.api.id: обязательный ключ"),
    ("write: {reply: {api: [{url: '{base}/a'}, {url: '{base}/b'}]}}\n", r"write.reply.api\[1\].id: обязательный ключ"),
    ("write: {reply: {api: {url: '{base}/x', method: FETCH, id: id}}}\n", "write.reply.api.method: нужно одно из: GET, POST"),
    ("api: {csrf: {header: X, cookie: c, url: '{base}/c', field: t}}\n", "api.csrf: укажите либо cookie"),
    ("api: {csrf: {header: X, url: '{base}/c'}}\n", "api.csrf.field: обязателен при url"),
    ("pm_json: {inbox: '{base}/c'}\n", "pm_json.author: обязательный ключ"),
    ("embedded_json: {script: script, regex: 'init', posts: [a], id: id}\n", "embedded_json.regex: нужна группа в скобках"),
])
def test_json_api_sections_are_validated(tmp_path, text, where):
    with pytest.raises(ProfileError, match=where):
        load_profile(write_profile(tmp_path, text))


# ============================================================================ Discourse (unconfirmed)
# Served as Discourse's documented API describes its answers: never seen from a real Discourse
# here, which is why discourse.yaml lists its write section under `unconfirmed:`.

def discourse_client(user="gm") -> HttpClient:
    return HttpClient.for_profile(load_profile("discourse"), BASE, username=user, password_env="GOROD_TEST_JSON_PW",
                                  settings=HttpSettings(min_interval=0, retries=1))


@responses.activate
def test_discourse_login_reply_and_pm_as_its_api_documents(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    responses.get(BASE + "/session/csrf.json", json={"csrf": "dc-1"})
    responses.post(BASE + "/session", json={"user": {"id": 1, "username": "gm"}},
                   match=[responses.matchers.header_matcher({"X-CSRF-Token": "dc-1"}),
                          responses.matchers.json_params_matcher({"login": "gm", "password": "secret-1"})])
    responses.post(BASE + "/posts.json", json={"id": 501, "post_number": 7, "topic_id": 12},
                   match=[responses.matchers.json_params_matcher({"topic_id": "12", "raw": "Утро."})])
    responses.post(BASE + "/posts.json", json={"id": 502, "post_number": 1, "topic_id": 40},
                   match=[responses.matchers.json_params_matcher(
                       {"title": "Роль (№1)", "raw": "Вы — Мэр.", "target_recipients": "anna,boris",
                        "archetype": "private_message"})])
    writer = ForumWriter(discourse_client(), profile=load_profile("discourse"), allow_writes=True)
    reply = writer.reply("12", "Утро.", after=500)
    assert (reply.id, reply.url) == (501, BASE + "/p/501")
    pm = writer.send_pm(["anna", "boris"], "Роль (№1)", "Вы — Мэр.")
    assert (pm.id, pm.url) == (40, BASE + "/t/40")


@responses.activate
def test_discourse_refused_login_with_http_200_is_refused(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "wrong")
    responses.get(BASE + "/session/csrf.json", json={"csrf": "dc-1"})
    responses.post(BASE + "/session", json={"error": "Incorrect username, email or password"})
    with pytest.raises(AuthRequired, match="Incorrect username, email or password"):
        discourse_client().login()


@responses.activate
def test_an_expired_session_logs_in_again_and_sends_once(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_misago_login(responses)
    responses.post(BASE + "/api/threads/1/posts/", status=401, json={"detail": "Authentication required."})
    responses.post(BASE + "/api/threads/1/posts/", json={"id": 41, "url": {"index": "/t/igra/1/post/41/"}})
    writer = ForumWriter(misago_client(), profile=load_profile("misago"), allow_writes=True)
    assert writer.reply("1", "Утро. Петя убит.").id == 41
    logins = [c for c in responses.calls if c.request.url == BASE + "/api/auth/"]
    posts = [c for c in responses.calls if c.request.url == BASE + "/api/threads/1/posts/"]
    assert len(logins) == 2 and len(posts) == 2


@responses.activate
def test_a_nodebb_chat_past_its_newest_fifty_loses_no_message(monkeypatch, tmp_path):
    """The messages API answers the newest 50: a message that falls off is not deleted."""
    monkeypatch.setenv("GOROD_TEST_JSON_PW", "secret-1")
    serve_nodebb_login(responses)

    def room(count):
        return {"response": {"rooms": [{"roomId": 1, "roomName": "Приказы", "messageCount": count}]}}

    def messages(first, last):
        return {"response": {"messages": [
            {"messageId": i, "fromUser": {"username": "Вася"}, "timestamp": 1_796_121_340_000 + i,
             "content": f"<p>Приказ {i}</p>", "editedISO": ""} for i in range(first, last + 1)]}}
    responses.get(BASE + "/api/v3/chats", json=room(50))
    responses.get(BASE + "/api/v3/chats/1/messages", json=messages(1, 50))
    poller = PmPoller(nodebb_client(), load_profile("nodebb"), Store(tmp_path / "s.sqlite3"))
    assert len(list(poller.poll())) == 50
    responses.replace(responses.GET, BASE + "/api/v3/chats", json=room(52))
    responses.replace(responses.GET, BASE + "/api/v3/chats/1/messages", json=messages(3, 52))
    events = list(poller.poll())
    assert [(e.change.value, e.message_id) for e in events] == [("new", "51"), ("new", "52")]
