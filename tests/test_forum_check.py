"""`gorod forum check` offline: a Misago forum served with `responses` from the pages saved
from the live lab forum (tests/scraper/pages/live/), and the same forum read with a broken
profile of the GM's own. (The conformance suite runs it on every live forum.)"""
from __future__ import annotations

from pathlib import Path

import pytest
import responses

from config.game import load_game
from gorod.cli import main
from gorod.forumcheck import check_forum

LIVE = Path(__file__).parent / "scraper" / "pages" / "live"
BASE = "http://forum.test"


def serve_misago(rsps) -> None:
    rsps.get(BASE + "/", body="<html></html>", headers={"Set-Cookie": "csrftoken=ck-1; Path=/"})
    rsps.post(BASE + "/api/auth/", json={"id": 1, "username": "gm"})
    rsps.get(BASE + "/t/gorod-n-igra/1/", body=(LIVE / "misago-0.39-topic-p1.html").read_bytes())
    rsps.get(BASE + "/t/gorod-n-igra/1/2/", body=(LIVE / "misago-0.39-topic-p2.html").read_bytes())
    rsps.get(BASE + "/private-threads/", body=(LIVE / "misago-0.39-private-threads.html").read_bytes())
    for path in ("/p/gorod-n-rol-no-7/6/", "/p/gorod-n-rol-no-7/5/"):
        rsps.get(BASE + path, body=(LIVE / "misago-0.39-private-thread.html").read_bytes())


def game_file(tmp_path, profile: str = "misago") -> Path:
    path = tmp_path / "game.yaml"
    path.write_text(f"""forum:
  profile: {profile}
  base_url: {BASE}
  thread_url: {BASE}/t/gorod-n-igra/1/
  gm_user: gm
  password_env: GOROD_TEST_CHECK_PW
  min_interval: 0
""", encoding="utf-8")
    return path


@responses.activate
def test_a_readable_forum_is_all_ok_and_nothing_is_posted(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GOROD_TEST_CHECK_PW", "secret-1")
    serve_misago(responses)
    status = main(["forum", "check", "--game", str(game_file(tmp_path))])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "Проверка форума http://forum.test/ (профиль misago" in out
    assert "ok     вход как «gm»: принят" in out
    assert "первая страница темы: 18 сообщ., авторов 5 (gm, Vasya, Petya, Masha, Olya)" in out
    assert "последняя страница темы: страница 2:" in out
    assert "правки: 1 сообщ. изменено, время правки у 1" in out
    assert "форма ответа в теме: JSON API" in out and "X-CSRFToken" in out
    assert "Итог: всё прочитано." in out
    posts = [c for c in responses.calls if c.request.method == "POST"]
    assert [c.request.url for c in posts] == [BASE + "/api/auth/"]     # the login only


@responses.activate
def test_a_wrong_selector_is_named_with_its_profile_key(tmp_path, monkeypatch):
    monkeypatch.setenv("GOROD_TEST_CHECK_PW", "secret-1")
    serve_misago(responses)
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "mymisago.yaml").write_text(
        "extends: misago\nselectors: {post: {author: 'span.no-such-author'}}\n", encoding="utf-8")
    report = check_forum(load_game(game_file(tmp_path, "mymisago")))
    assert not report.ok
    bad = [line for line in report.lines if not line.ok]
    assert bad[0].what == "первая страница темы" and bad[0].key == "span.no-such-author"
    assert "профиль 'mymisago'" in bad[0].detail and "селектор 'span.no-such-author'" in bad[0].detail
    assert "ОШИБКА первая страница темы:" in report.text() and "[ключ профиля: span.no-such-author]" in report.text()


@responses.activate
def test_a_refused_login_stops_with_the_forums_words(tmp_path, monkeypatch):
    monkeypatch.setenv("GOROD_TEST_CHECK_PW", "wrong")
    responses.get(BASE + "/", body="<html></html>", headers={"Set-Cookie": "csrftoken=ck-1; Path=/"})
    responses.post(BASE + "/api/auth/", status=400, json={"detail": "Login or password is incorrect."})
    report = check_forum(load_game(game_file(tmp_path)))
    assert [(line.ok, line.key) for line in report.lines] == [(False, "login.api")]
    assert "Login or password is incorrect." in report.lines[0].detail


def test_a_game_file_that_cannot_be_read_is_exit_2(tmp_path, capsys):
    assert main(["forum", "check", "--game", str(tmp_path / "missing.yaml")]) == 2
    assert "gorod forum check:" in capsys.readouterr().err


def test_forum_wants_a_subcommand(capsys):
    with pytest.raises(SystemExit):
        main(["forum"])


@responses.activate
def test_a_thread_on_another_site_than_base_url_is_named_and_not_read_as_this_forums(tmp_path, monkeypatch):
    """gmexam finding 4: a FluxBB thread URL in an SMF game was «read» (an English selector
    error) and its number applied to the GM's own board: «ok форма ответа в теме» for a
    thread of somebody else's there."""
    monkeypatch.setenv("GOROD_TEST_CHECK_PW", "secret-1")
    serve_misago(responses)
    path = game_file(tmp_path)
    path.write_text(path.read_text(encoding="utf-8").replace(
        f"thread_url: {BASE}/t/gorod-n-igra/1/", "thread_url: http://other.test/viewtopic.php?id=1"), encoding="utf-8")
    report = check_forum(load_game(path))
    assert not report.ok
    [bad] = [line for line in report.lines if not line.ok]
    assert bad.key == "forum.thread_url" and "other.test" in bad.detail and "forum.test" in bad.detail
    assert not any(line.what == "форма ответа в теме" for line in report.lines)
    assert not any("other.test" in c.request.url for c in responses.calls)


def test_pms_a_full_phpbb_folder_holds_back_are_an_error_line_naming_the_list():
    """The lab admin's PM list saved live (tests/scraper/pages/inbox/phpbb-held: 50 of 50, 11
    held): the check's PM lines say the 11, the list's address and the profile key."""
    import json
    from types import SimpleNamespace

    from config.profiles import load_profile
    from gorod.forumcheck import Report, _pms
    from scraper.http import Fetched
    folder = Path(__file__).parent / "scraper" / "pages" / "inbox" / "phpbb-held"
    first = json.loads((folder / "inbox.json").read_text(encoding="utf-8"))["pages"][0]
    page = (folder / first["file"]).read_bytes()
    client = SimpleNamespace(get=lambda url, auth=False: Fetched(url, 200, page))
    pms = SimpleNamespace(inbox_url=first["url"], read_conversation=lambda entry: [])
    report = Report("http://127.0.0.1/", "phpbb3")
    _pms(report, SimpleNamespace(profile=load_profile("phpbb3"), client=client, pms=pms))
    [held] = [line for line in report.lines if line.what == "задержанные ЛС"]
    assert not held.ok and held.key == "selectors.pm_inbox.held"
    assert "задерживает 11 ЛС" in held.detail and first["url"] in held.detail
    assert any(line.what == "список ЛС" and "страниц: 2" in line.detail for line in report.lines)
    assert not report.ok
