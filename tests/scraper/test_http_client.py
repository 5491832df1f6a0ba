"""The HTTP client: pacing, retries, Retry-After, conditional GETs, CSRF login, writing.

All offline with `responses`; a fake clock stands in for time, so nothing sleeps.
"""
import pytest
import requests
import responses

from scraper.errors import AuthRequired, ForumUnavailable, HttpError, PostRejected, RateLimited
from scraper.http import HttpClient, HttpSettings, LoginForm, Validators
from scraper.write import ForumWriter, WritingDisabled

BASE = "http://forum.test"

LOGIN_PAGE = """<html><body>
<form action="." method="post">
  <input type="hidden" name="csrfmiddlewaretoken" value="tok123">
  <input type="text" name="username"><input type="password" name="password">
</form></body></html>"""

LOGIN_REFUSED = LOGIN_PAGE.replace(
    "<form", '<ul class="errorlist"><li>Please enter a correct username and password.</li></ul><form'
)

REPLY_PAGE = """<html><body>
<form action="/search/" method="get"><input name="q"></form>
<form action="." method="post">
  <input type="hidden" name="csrfmiddlewaretoken" value="tok456">
  <input type="hidden" name="comment_hash" value="">
  <textarea name="comment"></textarea>
</form></body></html>"""

TOO_MANY = REPLY_PAGE.replace(
    "<form action=\".\"",
    '<div class="messages_error"><ul><li>Too many submissions, wait 10s.</li></ul></div><form action="."',
)


class FakeTime:
    """A clock that only moves when the client sleeps."""

    def __init__(self):
        self.now = 1000.0
        self.sleeps = []

    def clock(self):
        return self.now

    def sleep(self, seconds):
        self.sleeps.append(round(seconds, 3))
        self.now += seconds


@pytest.fixture
def fake():
    return FakeTime()


def client(fake, login=None, **settings):
    return HttpClient(
        BASE,
        HttpSettings(**{"min_interval": 1.0, "retries": 3, "backoff": 2.0, **settings}),
        login=login,
        clock=fake.clock,
        sleep=fake.sleep,
        wall_clock=lambda: 1_700_000_000.0,
    )


@pytest.fixture
def gm_login(monkeypatch):
    monkeypatch.setenv("GOROD_TEST_GM_PASSWORD", "s3cret")
    return LoginForm(url="/user/login/", username="gm", password_env="GOROD_TEST_GM_PASSWORD")


@responses.activate
def test_user_agent_names_gorod_and_requests_are_spaced(fake):
    responses.get(f"{BASE}/a", body="a")
    c = client(fake)
    c.get("/a")
    c.get("/a")
    c.get("/a")
    assert fake.sleeps == [1.0, 1.0]
    assert responses.calls[0].request.headers["User-Agent"].startswith("gorod/")


@responses.activate
def test_5xx_and_timeouts_are_retried_with_backoff(fake):
    responses.get(f"{BASE}/t", status=503)
    responses.get(f"{BASE}/t", body=requests.exceptions.ConnectTimeout("slow"))
    responses.get(f"{BASE}/t", body="ok")
    page = client(fake).get("/t")
    assert page.text == "ok"
    assert fake.sleeps == [2.0, 4.0]


@responses.activate
def test_persistent_5xx_becomes_forum_unavailable(fake):
    responses.get(f"{BASE}/t", status=502)
    with pytest.raises(ForumUnavailable, match="HTTP 502 after 4 attempts"):
        client(fake).get("/t")
    assert len(responses.calls) == 4


@responses.activate
def test_429_waits_retry_after_seconds_or_date(fake):
    responses.get(f"{BASE}/r", status=429, headers={"Retry-After": "7"})
    responses.get(f"{BASE}/r", status=429, headers={"Retry-After": "Tue, 14 Nov 2023 22:13:50 GMT"})
    responses.get(f"{BASE}/r", body="ok")
    assert client(fake).get("/r").text == "ok"
    assert fake.sleeps == [7.0, 30.0]  # the date is 30 s after the fake wall clock


@responses.activate
def test_429_beyond_the_cap_raises_rate_limited(fake):
    responses.get(f"{BASE}/r", status=429, headers={"Retry-After": "3600"})
    with pytest.raises(RateLimited) as exc:
        client(fake).get("/r")
    assert exc.value.retry_after == 3600
    assert fake.sleeps == []


@responses.activate
def test_conditional_get_and_304(fake):
    responses.get(f"{BASE}/p", body="page", headers={"ETag": '"v1"', "Last-Modified": "Mon, 01 Jan 2024 00:00:00 GMT"})
    c = client(fake)
    first = c.get("/p")
    assert first.validators == Validators('"v1"', "Mon, 01 Jan 2024 00:00:00 GMT")
    responses.replace(responses.GET, f"{BASE}/p", status=304)
    again = c.get("/p", first.validators)
    assert again.not_modified and again.content == b""
    sent = responses.calls[1].request.headers
    assert sent["If-None-Match"] == '"v1"'
    assert sent["If-Modified-Since"] == "Mon, 01 Jan 2024 00:00:00 GMT"


@responses.activate
def test_other_statuses_name_the_url(fake):
    responses.get(f"{BASE}/gone", status=404)
    responses.get(f"{BASE}/secret", status=403)
    c = client(fake)
    with pytest.raises(HttpError, match=r"forum.test/gone: unexpected HTTP 404"):
        c.get("/gone")
    assert c.get("/gone", allow_404=True).status == 404
    with pytest.raises(AuthRequired):
        c.get("/secret")


@responses.activate
def test_login_sends_the_forms_csrf_token(fake, gm_login):
    responses.get(f"{BASE}/user/login/", body=LOGIN_PAGE)
    responses.post(f"{BASE}/user/login/", status=302, headers={"Location": "/user/"})
    c = client(fake, login=gm_login)
    c.login()
    assert c.logged_in
    body = responses.calls[1].request.body
    assert "csrfmiddlewaretoken=tok123" in body
    assert "username=gm" in body and "password=s3cret" in body


@responses.activate
def test_refused_login_is_a_clear_error(fake, gm_login):
    responses.get(f"{BASE}/user/login/", body=LOGIN_PAGE)
    responses.post(f"{BASE}/user/login/", body=LOGIN_REFUSED)
    with pytest.raises(AuthRequired, match="login as 'gm' failed: Please enter a correct username"):
        client(fake, login=gm_login).login()


def test_missing_password_names_the_variable(fake, monkeypatch):
    monkeypatch.delenv("GOROD_NO_SUCH_PASSWORD", raising=False)
    form = LoginForm(url="/user/login/", username="gm", password_env="GOROD_NO_SUCH_PASSWORD")
    with pytest.raises(AuthRequired, match="GOROD_NO_SUCH_PASSWORD"):
        client(fake, login=form).login()


@responses.activate
def test_a_login_page_instead_of_a_private_page_logs_in_again(fake, gm_login):
    responses.get(f"{BASE}/topic/private/", status=302, headers={"Location": "/user/login/?next=/topic/private/"})
    responses.get(f"{BASE}/user/login/", body=LOGIN_PAGE)
    responses.post(f"{BASE}/user/login/", status=302, headers={"Location": "/user/"})
    c = client(fake, login=gm_login)
    c.logged_in = True  # a session that expired
    responses.add(responses.GET, f"{BASE}/topic/private/", body="inbox")
    # First answer: the redirect to login; after logging in: the inbox.
    assert c.get("/topic/private/", auth=True).text == "inbox"


@responses.activate
def test_writing_is_off_unless_allowed(fake):
    with pytest.raises(WritingDisabled):
        ForumWriter(client(fake)).reply(1, "text")
    assert len(responses.calls) == 0


@responses.activate
def test_reply_is_confirmed_by_its_new_pk(fake):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/42/find/"})
    created = ForumWriter(client(fake), allow_writes=True).reply(1, "Ночь наступила.", after=41)
    assert created.id == 42
    assert "csrfmiddlewaretoken=tok456" in responses.calls[1].request.body


@responses.activate
def test_a_dropped_double_post_is_not_a_success(fake):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/40/find/"})
    with pytest.raises(PostRejected, match="double post"):
        ForumWriter(client(fake), allow_writes=True).reply(1, "Ночь наступила.", after=41)


@responses.activate
def test_the_forums_own_rate_limit_is_waited_out(fake):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", body=TOO_MANY)
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/43/find/"})
    assert ForumWriter(client(fake), allow_writes=True).reply(1, "x", after=42).id == 43
    assert 10.0 in fake.sleeps


@responses.activate
def test_too_long_text_is_rejected_before_sending(fake):
    with pytest.raises(PostRejected, match="at most 3000: split it"):
        ForumWriter(client(fake), allow_writes=True).reply(1, "я" * 3001)
    assert len(responses.calls) == 0


@responses.activate
def test_send_pm_returns_the_conversation_id(fake):
    responses.get(f"{BASE}/topic/private/publish/", body=REPLY_PAGE.replace(
        "<textarea", '<input name="title"><input name="users"><textarea'))
    responses.post(f"{BASE}/topic/private/publish/", status=302, headers={"Location": "/topic/private/9/roli/"})
    created = ForumWriter(client(fake), allow_writes=True).send_pm(["alice"], "Роль", "Вы мирный житель.")
    assert created.id == 9
    assert "users=alice" in responses.calls[1].request.body


@responses.activate
def test_a_redirect_to_someone_elses_newer_post_is_not_a_confirmation(fake, gm_login):
    from config.profiles import load_profile
    from fakespirit import render_page, FakePost

    responses.get(f"{BASE}/user/login/", body=LOGIN_PAGE)
    responses.post(f"{BASE}/user/login/", status=302, headers={"Location": "/user/"})
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    # The guard dropped our text; the newest post (pk 45) is alice's.
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/45/find/"})
    responses.get(f"{BASE}/comment/45/find/", body=render_page([FakePost(45, "alice", "голос")], 1, 1, 1))
    writer = ForumWriter(client(fake, login=gm_login), profile=load_profile("spirit"), allow_writes=True)
    with pytest.raises(PostRejected, match="post 45 is alice's, not ours"):
        writer.reply(1, "Ночь наступила.", after=41)
    responses.replace(responses.GET, f"{BASE}/comment/45/find/",
                      body=render_page([FakePost(45, "GM", "Ночь наступила.")], 1, 1, 1))
    assert writer.reply(1, "Ночь наступила.", after=41).id == 45


def test_a_page_at_the_login_path_with_another_query_is_not_the_login_page():
    """phpBB: login ucp.php?mode=login, PMs ucp.php?i=pm; SMF: every page is index.php."""
    from scraper.http import _same_page
    assert _same_page("https://f/ucp.php?mode=login&redirect=x", "https://f/ucp.php?mode=login")
    assert not _same_page("https://f/ucp.php?i=pm&mode=compose", "https://f/ucp.php?mode=login")
    assert not _same_page("https://f/index.php?topic=7.0", "https://f/index.php?action=login2")
    assert _same_page("https://f/user/login/?next=/x", "https://f/user/login/")
    assert not _same_page("https://f/other/", "https://f/user/login/")


DJANGO_403 = """<!DOCTYPE html><html lang="en"><head><title>403 Forbidden</title>
<style type="text/css">html * { padding:0; margin:0; } body * { padding:10px 20px; }</style></head>
<body><div id="summary"><h1>Forbidden <span>(403)</span></h1><p>CSRF verification failed.</p></div></body></html>"""


@responses.activate
def test_a_refused_login_reaches_the_gm_in_russian_with_the_forums_own_words(fake, gm_login, monkeypatch):
    # exam findings 26 and 2: gorod's English inside the Russian line; a 403 shown as Django's CSS
    from gorod.loop.words import forum_trouble

    responses.get(f"{BASE}/user/login/", body=LOGIN_PAGE)
    responses.post(f"{BASE}/user/login/", body=LOGIN_REFUSED)
    with pytest.raises(AuthRequired) as refused:
        client(fake, login=gm_login).login()
    said = forum_trouble(refused.value, "повторите позже")
    assert "вход как «gm» не удался; форум пишет: «Please enter a correct username and password.»" in said
    assert "login as" not in said and "failed" not in said

    responses.replace(responses.POST, f"{BASE}/user/login/", status=403, body=DJANGO_403)
    with pytest.raises(AuthRequired) as forbidden:
        client(fake, login=gm_login).login()
    said = forum_trouble(forbidden.value, "повторите позже")
    assert "форум отказал в отправке формы (HTTP 403); на странице: «403 Forbidden: Forbidden (403)»" in said
    assert "padding" not in said and "refused the form" not in said

    monkeypatch.delenv("GOROD_NO_SUCH_PASSWORD", raising=False)
    form = LoginForm(url="/user/login/", username="gm", password_env="GOROD_NO_SUCH_PASSWORD")
    with pytest.raises(AuthRequired) as unset:
        client(fake, login=form).login()
    said = forum_trouble(unset.value, "")
    assert "пароль «gm» не задан: положите его в переменную окружения GOROD_NO_SUCH_PASSWORD" in said
    assert "is not set" not in said
