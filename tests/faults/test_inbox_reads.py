"""An inbox that lists nothing is empty only when it looks like the profile's empty inbox
(issue 14): else it is a failed read, never "no messages".

The pages of tests/faults/pages/ were saved from the live engines of `make test` (the
shared lab, 2026-12-01): each engine's inbox of a player with messages and of one without
(and the sent folder where it is another page).
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from lxml import etree

from config.profiles import engine_profiles, load_profile
from config.select import compile_selector
from gorod.store import Store
from scraper.decode import parse_html
from scraper.errors import AuthRequired, NotTheInbox, ScraperError, alarm_text
from scraper.inbox import extract_inbox
from scraper.poll import PmPoller

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scraper"))
from fakespirit import BASE, FakeSpirit, gm_client  # noqa: E402

PAGES = Path(__file__).resolve().parent / "pages"
LIVE = {"mybb": "mybb", "phpbb": "phpbb3", "smf": "smf2", "fluxbb": "punbb", "misago": "misago"}
ERROR_PAGE = b"<html><head><title>Database error</title></head><body><p>MySQL server has gone away</p></body></html>"


def _without_rows(content: bytes, profile) -> bytes:
    """The page in a layout whose rows the profile no longer finds (here: taken out)."""
    root = parse_html(content, profile.encoding)
    for el in compile_selector(profile.pm_inbox.container)(root):
        el.getparent().remove(el)
    return etree.tostring(root, encoding="utf-8")


@pytest.mark.parametrize("engine", sorted(LIVE))
def test_a_live_empty_inbox_reads_as_empty_and_a_full_one_with_its_rows_gone_does_not(engine):
    profile = load_profile(LIVE[engine])
    empty = sorted(PAGES.glob(f"{engine}-*-empty.html"))
    assert empty
    for page in empty:
        assert extract_inbox(page.read_bytes(), profile, "http://forum.test/inbox").entries == ()
    full = (PAGES / f"{engine}-inbox.html").read_bytes()
    assert extract_inbox(full, profile, "http://forum.test/inbox").entries
    with pytest.raises(NotTheInbox) as caught:
        extract_inbox(_without_rows(full, profile), profile, "http://forum.test/inbox")
    text = alarm_text(caught.value, "ЛС (список входящих)")
    assert text.startswith(f"ЛС (список входящих) не прочитаны: страница не похожа на список ЛС, каким его "
                           f"описывает профиль '{profile.name}'")
    assert text.endswith("(http://forum.test/inbox)")


def _inbox_profiles():
    return [p for p in engine_profiles() if p.pm_inbox is not None]


def test_every_shipped_profile_says_how_an_empty_inbox_looks():
    missing = [p.name for p in _inbox_profiles() if not (p.pm_inbox.empty or p.pm_inbox.listing)]
    assert missing == []


@pytest.mark.parametrize("name", [p.name for p in _inbox_profiles()])
def test_an_error_page_in_place_of_the_inbox_is_a_failed_read(name):
    profile = load_profile(name)
    with pytest.raises(NotTheInbox):
        extract_inbox(ERROR_PAGE, profile, "http://forum.test/inbox")
    login = b"<html><body><form><input name='username'><input type='password' name='password'></form></body></html>"
    with pytest.raises(AuthRequired):
        extract_inbox(login, profile, "http://forum.test/inbox")


def test_a_profile_that_does_not_say_how_an_empty_inbox_looks_never_reads_one():
    from dataclasses import replace
    spirit = load_profile("spirit")
    profile = replace(spirit, pm_inbox=replace(spirit.pm_inbox, empty=None, listing=None))   # a GM's own profile
    page = b"<html><body><div class='layout__topics'><p>There are no topics here, yet</p></div></body></html>"
    with pytest.raises(NotTheInbox) as caught:
        extract_inbox(page, profile, "http://forum.test/topic/private/")
    assert "не говорит, как выглядит пустой список (selectors.pm_inbox.empty или .listing)" in alarm_text(caught.value)


# ---------------------------------------------------------------- Spirit, through the poller

def pm_poller(store) -> PmPoller:
    return PmPoller(gm_client(), load_profile("spirit"), store)


def test_spirits_inbox_in_a_new_theme_is_a_failed_read_and_its_empty_inbox_is_empty(rsps, tmp_path):
    forum = FakeSpirit(rsps)
    store = Store(tmp_path / "g.sqlite3")
    assert list(pm_poller(store).poll()) == []                     # really empty: «There are no topics here, yet»
    forum.pm(None, "alice", "Проверяю bob.", subject="Ночь 1")
    listed = forum._inbox(type("R", (), {"url": BASE + "/topic/private/"})())[2]
    forum.served["inbox"] = listed.replace("layout__topics__topic", "topic-row")   # the rows' class renamed
    with pytest.raises(ScraperError) as caught:
        list(pm_poller(store).poll())
    assert alarm_text(caught.value).startswith("ЛС (список входящих) не прочитаны: страница не похожа на список ЛС")
    assert store.known_posts(pm_poller(store).conversation_key("100")) == {}
    del forum.served["inbox"]
    assert [e.message.sender for e in pm_poller(store).poll()] == ["alice"]     # read once the page reads
