"""`--profile auto`: each page is recognised by its engine's markup."""
from pathlib import Path

import pytest

from config.profiles import load_profile
from scraper.detect import detect_profile
from scraper.errors import UnknownEngine

PAGES = Path(__file__).parent / "pages"


@pytest.mark.parametrize("name, engine", [
    ("spirit-topic-p2.html", "spirit"),
    ("mybbru-topic-p2-cp1251.html", "mybbru"),
    ("mybbru-topic-p3-cp1251.html", "mybbru"),
    ("mybbru-messages-dialog-cp1251.html", "mybbru"),
    ("mybb18-showthread.html", "mybb"),
])
def test_written_pages_are_detected(name, engine):
    assert detect_profile((PAGES / name).read_bytes()).name == engine


def test_json_goes_to_discourse():
    assert detect_profile(b'{"post_stream": {"posts": []}}').name == "discourse"


def test_url_hint_breaks_no_markup_tie():
    # a bare MyBB.ru skeleton with no posts still reads as the engine, from its markup
    page = b'<html><body><div id="pun_wrap"><div id="pun"><div id="pun-index" class="punbb"></div></div></div></body></html>'
    assert detect_profile(page, url="https://citymafia.rusff.me/").name == "mybbru"


def test_unknown_page_is_an_error_naming_it():
    with pytest.raises(UnknownEngine, match=r"^notes\.html: ни один профиль gorod не подходит.*gorod forum learn --pages notes\.html --out "):
        detect_profile(b"<html><body><p>shopping list</p></body></html>", source="notes.html")


def test_detection_among_given_profiles_only():
    with pytest.raises(UnknownEngine):
        detect_profile((PAGES / "spirit-topic-p2.html").read_bytes(), profiles=[load_profile("phpbb3")])


def test_a_forums_own_profile_wins_by_its_url(tmp_path):
    path = tmp_path / "citymafia.yaml"
    path.write_text("extends: mybbru\nname: citymafia\ndetect: {url: ['citymafia\\.rusff\\.me']}\n",
                    encoding="utf-8")
    forum = load_profile(path)
    profiles = [forum, load_profile("mybbru"), load_profile("spirit")]
    raw = (PAGES / "mybbru-topic-p2-cp1251.html").read_bytes()
    assert detect_profile(raw, profiles=profiles).name == "mybbru"  # no URL: the engine's own
    assert detect_profile(raw, url="https://citymafia.rusff.me/viewtopic.php?id=15",
                          profiles=profiles).name == "citymafia"


def test_an_unknown_forum_gets_the_learn_command_for_its_address_in_russian():
    page = (Path(__file__).parent / "pages/learned/t3/thread-p1.html").read_bytes()
    with pytest.raises(UnknownEngine) as caught:
        detect_profile(page, source="http://127.0.0.1:47101/topic/6/x")
    said = str(caught.value)
    assert "ни один профиль gorod не подходит" in said
    assert "gorod forum learn http://127.0.0.1:47101/topic/6/x --out profiles/my-forum.yaml" in said
