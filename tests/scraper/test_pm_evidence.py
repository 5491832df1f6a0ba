"""A sent PM is confirmed only by evidence of this PM (issue 22, item 5), on a Spirit with its
double-post guard on (fakespiritpm.py): four start PMs of one title were all confirmed by the
first player's conversation, and three never reached their players."""
from __future__ import annotations

import pytest
import responses

from config.profiles import load_profile
from fakespirit import gm_client
from fakespiritpm import FakeSpiritPms
from scraper.errors import PostRejected
from scraper.write import ForumWriter

TITLE = "Город N: ваша роль"
PLAYERS = {"alice": "Вы — Мэр. Удачи, alice.", "bob": "Вы — Вор. Удачи, bob.",
           "carol": "Вы — Лекарь. Удачи, carol.", "dave": "Вы — Сыщик. Удачи, dave."}


def writer() -> ForumWriter:
    return ForumWriter(gm_client(), profile=load_profile("spirit"), allow_writes=True)


@responses.activate
def test_pms_of_one_title_dropped_by_the_guard_are_refused_not_confirmed_by_anothers():
    forum = FakeSpiritPms(responses.mock)
    w = writer()
    results = {}
    for nick, text in PLAYERS.items():
        try:
            results[nick] = w.send_pm([nick], TITLE, text).id
        except PostRejected as exc:
            results[nick] = exc
    assert results["alice"] == 1 and [t.to for t in forum.topics] == ["alice"]
    for nick in ("bob", "carol", "dave"):
        assert isinstance(results[nick], PostRejected), results[nick]
        assert "повтор" in results[nick].ru and "/topic/private/" in results[nick].ru


@responses.activate
def test_the_lookup_never_takes_another_drafts_conversation_nor_another_recipients():
    forum = FakeSpiritPms(responses.mock, guard=False)
    w = writer()
    first = w.send_pm(["alice"], TITLE, PLAYERS["alice"])
    w.send_pm(["bob"], TITLE, PLAYERS["bob"])
    assert w.find_pm(TITLE, PLAYERS["alice"], to="alice").id == first.id
    assert w.find_pm(TITLE, PLAYERS["alice"], to="alice", exclude=frozenset({str(first.id)})) is None
    assert w.find_pm(TITLE, PLAYERS["alice"], to="bob") is None          # the page names alice
    assert w.find_pm(TITLE, PLAYERS["carol"], to="carol") is None        # same title, other words
    assert len(forum.topics) == 2


@responses.activate
def test_two_pms_whose_words_part_after_their_first_200_letters_are_told_apart():
    """Night results start alike («Ночь 1 прошла так: …»); the lookup once took any
    conversation whose words began with the draft's first 200 letters."""
    FakeSpiritPms(responses.mock, guard=False)
    w = writer()
    common = "Ночь прошла так: " + "в городе было тихо, никто не выходил из дома, " * 6
    a = w.send_pm(["alice"], TITLE, common + "а вас проверил Сыщик.")
    assert w.find_pm(TITLE, common + "а вас вылечил Лекарь.", to="alice") is None
    assert w.find_pm(TITLE, common + "а вас проверил Сыщик.", to="alice").id == a.id


@responses.activate
@pytest.mark.parametrize("claimed", [True, False])
def test_a_redirect_to_a_conversation_already_confirmed_for_another_draft_is_no_confirmation(claimed):
    FakeSpiritPms(responses.mock, guard=False)
    w = writer()
    first = w.send_pm(["alice"], TITLE, PLAYERS["alice"])
    exclude = frozenset({str(first.id + 1)}) if claimed else frozenset()
    if claimed:
        with pytest.raises(PostRejected, match="another PM's"):
            w.send_pm(["bob"], TITLE, PLAYERS["bob"], exclude=exclude)
    else:
        assert w.send_pm(["bob"], TITLE, PLAYERS["bob"], exclude=exclude).id == first.id + 1


@responses.activate
def test_a_pm_over_the_profiles_limits_is_refused_before_anything_is_sent():
    forum = FakeSpiritPms(responses.mock)
    w = writer()
    with pytest.raises(PostRejected) as refused:
        w.send_pm(["alice"], "З" * 256, PLAYERS["alice"])
    assert refused.value.limit == "write.limits.title" and "255" in refused.value.ru
    assert forum.posts == 0
