"""Engines with no real topic page in the corpus, on pages written from their markup
(tests/scraper/pages/, each says where its markup comes from): MyBB.ru, MyBB 1.8.
Also: the body model (quotes, spoilers, struck and hidden text apart; emphasis kept)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from config.profiles import load_profile
from scraper.detect import detect_profile
from scraper.errors import LayoutChanged, NoPosts, ScraperError, UnknownEngine
from scraper.extract import extract_file, extract_posts, page_files, thread_order
from scraper.model import Emphasis

PAGES = Path(__file__).parent / "pages"
MSK = ZoneInfo("Europe/Moscow")
SAVED = datetime(2023, 11, 18, 12, 0, tzinfo=MSK)


def test_mybbru_page_is_cp1251_and_detected():
    raw = (PAGES / "mybbru-topic-p2-cp1251.html").read_bytes()
    with pytest.raises(UnicodeDecodeError):
        raw.decode("utf-8")
    assert detect_profile(raw).name == "mybbru"
    page = extract_posts(raw, None, "p2", url="https://mafia.example.mybb.ru/viewtopic.php?id=15&p=2", now=SAVED)
    assert page.profile == "mybbru"
    assert (page.page, page.last_page) == (2, 3)
    assert page.next_url == "https://mafia.example.mybb.ru/viewtopic.php?id=15&p=3"
    assert [(p.id, p.number, p.author, p.author_id) for p in page.posts] == [
        ("120", 21, "Алиса", "4"), ("121", 22, "Боб", "5"), ("125", 23, "Гость Вася", None)]


def test_mybbru_vote_in_a_quote_is_not_a_vote():
    bob = extract_file(PAGES / "mybbru-topic-p2-cp1251.html", now=SAVED).posts[1]
    assert bob.text == "Я мирный! Голосую против Карла"
    assert bob.quotes == ("Голосую против Боба",)            # the "Алиса написал(а):" cite dropped
    assert bob.spoilers == ("Голосую против Дины",)          # spoiler toggle "Спойлер" dropped
    assert bob.secret == ("Мастеру: проверяю Карла",)        # hide-box, though also a .quote-box
    assert bob.struck == ("Голосую против Алисы",)
    assert bob.emphasis == (Emphasis("Голосую против Карла", bold=True),)
    assert bob.edited and bob.edited_at == datetime(2023, 11, 17, 11, 55, 2, tzinfo=MSK)
    assert "Отредактировано" not in bob.text


def test_mybbru_signature_dropped_colour_kept_times():
    page = extract_file(PAGES / "mybbru-topic-p2-cp1251.html", now=SAVED)
    alice, _, guest = page.posts
    assert alice.text == "Голосую против Боба\nОн ночью ходил к Карлу, я видела."  # no signature
    assert alice.emphasis == (Emphasis("Голосую против Боба", bold=True), Emphasis("к Карлу", color="#ff0000"))
    assert alice.posted_at == datetime(2023, 11, 17, 11, 34, 56, tzinfo=MSK)   # data-posted 1700210096
    assert guest.posted_at == datetime(2023, 11, 18, 9, 15, 30, tzinfo=MSK)   # «Сегодня 09:15:30»


def test_mybbru_folder_in_thread_order_each_post_once(tmp_path):
    for name in ("mybbru-topic-p3-cp1251.html", "mybbru-topic-p2-cp1251.html"):
        (tmp_path / name).write_bytes((PAGES / name).read_bytes())
    (tmp_path / "notes.txt").write_text("not a page")
    posts = thread_order(extract_file(p, now=SAVED) for p in page_files(tmp_path))
    assert [p.id for p in posts] == ["120", "121", "125", "130"]
    assert posts[2].page == 2  # the copy first seen in thread order is kept
    gm = posts[3]
    assert gm.emphasis == (Emphasis("Итоги дня 2", bold=True, color="blue"),)


def test_mybbru_private_dialog_reads_as_messages():
    page = extract_file(PAGES / "mybbru-messages-dialog-cp1251.html")
    assert [(p.id, p.author, p.text) for p in page.posts] == [("9001", "Алиса", "Ночью лечу Боба.")]
    assert page.posts[0].posted_at == datetime(2023, 11, 17, 13, 0, tzinfo=MSK)


def test_mybb18_page_from_the_default_templates():
    page = extract_file(PAGES / "mybb18-showthread.html", now=datetime(2019, 8, 17, 12, 0, tzinfo=timezone.utc))
    assert page.profile == "mybb"
    assert (page.page, page.last_page, page.next_url) == (1, 2, "showthread.php?tid=7&page=2")
    gm, alice = page.posts
    assert (gm.id, gm.author, gm.number) == ("101", "GameMaster", 1)
    assert gm.posted_at == datetime(2019, 8, 15, 14, 21, tzinfo=timezone.utc)
    assert alice.posted_at == datetime(2019, 8, 16, 9, 5, tzinfo=timezone.utc)  # "Yesterday, 09:05 AM"
    assert alice.text == "Vote Carol"
    assert alice.quotes == ("Vote with bold text.",)
    assert alice.struck == ("Vote Bob",)  # <span class="mycode_s" style="text-decoration: line-through">
    assert alice.emphasis == (Emphasis("Vote Carol", bold=True, color="#ff0000"),)
    assert alice.edited and alice.edited_at == datetime(2019, 8, 16, 9, 30, tzinfo=timezone.utc)


def test_required_field_missing_raises_layout_changed_naming_the_selector():
    raw = (PAGES / "spirit-topic-p2.html").read_bytes().replace(b'data-pk="58"', b"")
    with pytest.raises(LayoutChanged) as exc:
        extract_posts(raw, load_profile("spirit"), "http://127.0.0.1:8000/topic/1/game/?page=2")
    assert exc.value.url == "http://127.0.0.1:8000/topic/1/game/?page=2"
    assert exc.value.profile == "spirit"
    assert "data-pk" in exc.value.selector
    assert "post #2 on the page" in str(exc.value)


def test_wrong_profile_yields_no_silent_empty_result():
    with pytest.raises(NoPosts, match="phpbb3"):
        extract_file(PAGES / "spirit-topic-p2.html", load_profile("phpbb3"))


def test_unknown_engine_and_empty_page():
    with pytest.raises(UnknownEngine, match="some.html: ни один профиль gorod не подходит"):
        extract_posts(b"<html><body><p>Hello</p></body></html>", None, "some.html")
    with pytest.raises(ScraperError, match="empty"):
        extract_posts(b"  \n", None, "blank.html")


def test_model_is_frozen_and_json_ready():
    post = extract_file(PAGES / "spirit-topic-p2.html").posts[1]
    with pytest.raises(AttributeError):
        post.text = "x"  # type: ignore[misc]
    data = post.to_json()
    assert data["posted_at"] == "2026-11-30T00:00:00+00:00"
    assert data["quotes"] == ["@alice said:\nГолосую против Боба"]
    assert hash(post) == hash(extract_file(PAGES / "spirit-topic-p2.html").posts[1])
