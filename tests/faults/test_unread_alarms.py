"""A read that did not read names what it did not read, offline (issue 14).

The PM poller against the fake Spirit of tests/scraper: a conversation whose page did not
read is named in the GM's alarm by its sender («ЛС от alice»), not by its subject, even on
Spirit, whose inbox does not show senders.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from config.profiles import load_profile
from gorod.store import Store
from scraper.errors import ScraperError, alarm_text
from scraper.poll import PmPoller

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scraper"))
from fakespirit import BASE, FakeSpirit, gm_client, render_page  # noqa: E402

ERROR_PAGE = "<html><body><h1>Ошибка</h1><p>Что-то пошло не так.</p></body></html>"


def pm_poller(db) -> PmPoller:
    return PmPoller(gm_client(), load_profile("spirit"), Store(db))


def alarm_of(poller: PmPoller) -> str:
    with pytest.raises(ScraperError) as caught:
        list(poller.poll())
    return alarm_text(caught.value)


def test_a_conversation_read_before_is_named_by_its_sender(rsps, tmp_path):
    forum = FakeSpirit(rsps)
    conv = forum.pm(None, "alice", "Проверяю bob.", subject="Ночь 1")
    pms = pm_poller(tmp_path / "g.sqlite3")
    assert [e.message.sender for e in pms.poll()] == ["alice"]
    forum.pm(conv, "gm", "Принято.")
    forum.pm(conv, "alice", "И ещё одно.")
    forum.served[str(conv.id)] = ERROR_PAGE
    text = alarm_of(pms)
    assert text.startswith("ЛС от alice не прочитаны: "), text
    assert "Ночь 1" not in text


@pytest.mark.parametrize("pages", [1, 2], ids=["no-pagination", "pagination-kept"])
def test_a_new_conversation_in_a_changed_layout_is_named_by_the_author_its_page_shows(rsps, tmp_path, pages):
    forum = FakeSpirit(rsps)
    conv = forum.pm(None, "bob", "Стреляю в carol.", subject="Ночь 1")
    # a new theme: the post blocks are renamed, the author's link is as it was (with its
    # pagination kept, the page reads as "all deleted" and the inbox's count catches it)
    page = render_page(conv.posts, 1, 1, pages)
    forum.served[str(conv.id)] = page.replace("comments_list__comment", "comment-row")
    text = alarm_of(pm_poller(tmp_path / "g.sqlite3"))
    assert text.startswith("ЛС от bob не прочитаны: "), text


def test_a_new_conversation_whose_page_shows_nobody_is_named_by_its_subject(rsps, tmp_path):
    forum = FakeSpirit(rsps)
    conv = forum.pm(None, "carol", "Исповедую erin.", subject="Исповедь")
    forum.served[str(conv.id)] = ERROR_PAGE
    text = alarm_of(pm_poller(tmp_path / "g.sqlite3"))
    assert text.startswith("ЛС «Исповедь» (отправитель не виден) не прочитаны: "), text
