"""Text that XML cannot hold is cleaned at the edge: one post never stops a round (issue 14)."""
from __future__ import annotations

from pathlib import Path

from config.profiles import load_profile
from scraper.clean import clean_page, clean_text
from scraper.extract import extract_posts, parse_html

DEMO_PAGE = Path(__file__).resolve().parents[2] / "gorod/data/demo/thread/page-01.html"


def test_control_characters_go_raw_and_as_references():
    page = "<p>a\x01b&#1;c&#x1F;d&#10;e&#x0d;f&#127;g&#x100;h\tі</p>".encode()
    assert clean_page(page) == "<p>abcd&#10;e&#x0d;f&#127;g&#x100;h\tі</p>".encode()


def test_clean_text_drops_controls_and_replaces_lone_surrogates():
    assert clean_text("ку\x00с\x1bаю \ud800Гену\n") == "кусаю \ufffdГену\n"
    assert clean_text("𘀀 Тангут") == "𘀀 Тангут"


def test_a_post_with_a_control_character_is_read_with_the_others():
    content = DEMO_PAGE.read_bytes()
    clean = extract_posts(content, load_profile("spirit"), "page")
    dirty = content.replace("Ночь".encode(), "Ночь\x01&#1;".encode(), 1)
    got = extract_posts(dirty, load_profile("spirit"), "page")
    assert [p.text for p in got.posts] == [p.text for p in clean.posts]


def test_a_declared_charset_never_stops_the_parse():
    for charset in (b"cp65001", b"utf-7", b"unicode_escape", b"idna", b"undefined", b"base64", b"x-nonsense"):
        page = b'<html><head><meta charset="' + charset + b'"></head><body><p>\\ud800 hi +AGE-</p></body></html>'
        assert parse_html(page).find(".//p") is not None
