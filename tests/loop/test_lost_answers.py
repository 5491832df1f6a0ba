"""A write whose answer is lost is looked up on the forum, never resent blind (issue 14)."""
from __future__ import annotations

import pytest

from gorod.loop import approve, deal, publish
from scraper.errors import WriteUncertain


def _approved(make_game):
    game = make_game()
    deal(game)
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    return game


@pytest.mark.parametrize("saved", [True, False], ids=["forum-saved-it", "forum-did-not"])
def test_a_lost_answer_to_a_pm_is_looked_up_not_resent(make_game, forum, monkeypatch, saved):
    game = _approved(make_game)
    drafts = game.records.drafts(["approved"])
    real_send = forum.send_pm
    lost = {"left": 1}

    def send_pm(to, title, text):
        if lost["left"]:
            lost["left"] -= 1
            if saved:
                real_send(to, title, text)
            else:
                forum.sends += 1
            raise WriteUncertain("/topic/private/publish/", "HTTP 502 after the form was sent")
        return real_send(to, title, text)

    monkeypatch.setattr(forum, "send_pm", send_pm)
    first = publish(game)
    assert len(first.failed) == (0 if saved else 1)
    assert len(first.recovered) == (1 if saved else 0)
    publish(game)     # the next round: looks again, then sends what is not there
    # PM titles carry no draft number any more (issue 17): one PM is its recipient and title
    sent = [(p.to, p.title) for p in forum.sent_pms]
    assert sorted(sent) == sorted(set(sent))
    assert len(sent) == len(drafts)
    assert all(d.state == "posted" for d in game.records.drafts())
    if not saved:
        assert any("ответ форума потерян" in n.text for n in game.records.notices())


def test_a_lost_answer_to_a_reply_is_found_in_the_thread(make_game, forum, clock, monkeypatch):
    game = _approved(make_game)
    publish(game)
    clock.at("10:00", 1)
    from gorod.loop import cycle
    cycle(game, post=False)
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    real_reply = forum.reply

    def reply(text, *, after):
        real_reply(text, after=after)
        raise WriteUncertain("/comment/publish/1/", "ReadTimeout after the form was sent")

    monkeypatch.setattr(forum, "reply", reply)
    report = publish(game)
    news = [p for p in forum.gm_posts()]
    assert len(news) == 1 and report.recovered and not report.failed
