"""The transport under faults (issue 14): reads retried, writes never resent blind,
nothing from `requests` escapes. Offline with `responses` and a fake clock."""
import pytest
import requests
import responses
import urllib3

from scraper.errors import ForumError, ForumUnavailable, RateLimited, WriteUncertain
from scraper.write import ForumWriter
from test_http_client import BASE, REPLY_PAGE, FakeTime, client  # noqa: F401  (fixtures)


@pytest.fixture
def fake():
    return FakeTime()


REFUSED = requests.ConnectionError(urllib3.exceptions.MaxRetryError(
    None, "/", urllib3.exceptions.NewConnectionError(None, "Connection refused")))
RESET = requests.ConnectionError(urllib3.exceptions.ProtocolError(
    "Connection aborted.", ConnectionResetError(104, "Connection reset by peer")))
LOST = {
    "502": {"status": 502},
    "reset": {"body": RESET},
    "timeout": {"body": requests.exceptions.ReadTimeout("read timed out")},
    "truncated": {"body": requests.exceptions.ChunkedEncodingError("IncompleteRead(10 bytes read, 90 more expected)")},
}


@pytest.mark.parametrize("fault", sorted(LOST))
@responses.activate
def test_a_write_whose_answer_is_lost_is_not_resent(fake, fault):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", **LOST[fault])
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/43/find/"})
    with pytest.raises(WriteUncertain, match="may have saved it"):
        ForumWriter(client(fake), allow_writes=True).reply(1, "Ночь наступила.", after=41)
    assert [c.request.method for c in responses.calls] == ["GET", "POST"]


@pytest.mark.parametrize("fault", sorted(LOST))
@responses.activate
def test_a_read_is_retried_on_the_same_faults(fake, fault):
    responses.get(f"{BASE}/t", **LOST[fault])
    responses.get(f"{BASE}/t", body="ok")
    assert client(fake).get("/t").text == "ok"


@responses.activate
def test_a_write_that_never_reached_the_forum_is_retried(fake):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", body=REFUSED)
    responses.post(f"{BASE}/comment/1/publish/", status=429, headers={"Retry-After": "5"})
    responses.post(f"{BASE}/comment/1/publish/", status=302, headers={"Location": "/comment/42/find/"})
    created = ForumWriter(client(fake), allow_writes=True).reply(1, "Ночь наступила.", after=41)
    assert created.id == 42
    assert [c.request.method for c in responses.calls] == ["GET", "POST", "POST", "POST"]


@responses.activate
def test_a_429_to_a_write_without_retry_after_is_not_guessed_at(fake):
    responses.get(f"{BASE}/comment/1/publish/", body=REPLY_PAGE)
    responses.post(f"{BASE}/comment/1/publish/", status=429)
    with pytest.raises(RateLimited):
        ForumWriter(client(fake), allow_writes=True).reply(1, "Ночь наступила.", after=41)
    assert len(responses.calls) == 2


@pytest.mark.parametrize("exc", [requests.TooManyRedirects("30 redirects"), requests.exceptions.InvalidURL("bad"),
                                 requests.exceptions.ContentDecodingError("gzip"), UnicodeError("label")])
@responses.activate
def test_no_transport_failure_escapes_as_anything_but_a_forum_error(fake, exc):
    responses.get(f"{BASE}/t", body=exc)
    with pytest.raises(ForumError):
        client(fake, retries=1).get("/t")


@responses.activate
def test_persistent_truncation_is_forum_unavailable(fake):
    responses.get(f"{BASE}/t", body=requests.exceptions.ChunkedEncodingError("cut"))
    with pytest.raises(ForumUnavailable, match="ChunkedEncodingError"):
        client(fake, retries=2).get("/t")
