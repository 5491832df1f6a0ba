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

    def send_pm(to, title, text, **kw):
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


# ---------------------------------------------------------------- no PM list to look in (issue 14)

def _lost_once(forum, monkeypatch, saved: bool):
    """The forum's first answer to a PM is lost (it took the PM or not); the rest come back."""
    real_send = forum.send_pm
    lost = {"left": 1}

    def send_pm(to, title, text, **kw):
        if lost["left"]:
            lost["left"] -= 1
            if saved:
                real_send(to, title, text)
            raise WriteUncertain("/pm/send", "HTTP 502 after the form was sent")
        return real_send(to, title, text)

    monkeypatch.setattr(forum, "send_pm", send_pm)


@pytest.mark.parametrize("saved", [True, False], ids=["forum-saved-it", "forum-did-not"])
def test_without_a_pm_list_a_lost_pm_is_never_resent_blind_the_gm_decides(make_game, forum, monkeypatch, saved):
    from gorod.loop.publish import allow_resend, mark_sent

    forum.pm_lookup = False                    # no sent list gorod can read on this forum
    game = _approved(make_game)
    drafts = game.records.drafts(["approved"])
    _lost_once(forum, monkeypatch, saved)
    first = publish(game)
    [(unsure_id, _)] = first.failed.items()
    unsure = game.records.draft(unsure_id)
    for _ in range(3):                         # round after round: asked, never resent
        publish(game)
    assert len(forum.pms_to(unsure.audience)) == (1 if saved else 0)
    [asked] = [n for n in game.records.notices() if n.key.startswith(f"pm-unsure:{unsure_id}:")]
    assert asked.text.startswith(f"ЛС игроку {unsure.audience} «{unsure.title}» (черновик #{unsure_id}): "
                                    "ответ форума на отправку потерян")
    assert "может быть, ЛС ушло, может быть, нет" in asked.text
    assert f"«gorod sent {unsure_id}»" in asked.text and f"«gorod resend {unsure_id}»" in asked.text
    assert game.records.draft(unsure_id).state == "approved"
    # the GM looked on the forum and says what he saw
    (mark_sent if saved else allow_resend)(game, unsure_id)
    publish(game)
    publish(game)
    assert len(forum.pms_to(unsure.audience)) == 1                     # once, either way
    assert all(game.records.draft(d.id).state == "posted" for d in drafts)
    assert len(forum.sent_pms) == len(drafts)


def test_without_a_pm_list_a_crash_after_the_intent_asks_the_gm_too(make_game, forum, monkeypatch):
    from gorod.loop.crash import SimulatedCrash

    forum.pm_lookup = False
    game = _approved(make_game)
    monkeypatch.setenv("GOROD_CRASH_MODE", "raise")
    monkeypatch.setenv("GOROD_CRASH_AT", "sent")
    with pytest.raises(SimulatedCrash):
        publish(game)                          # the first PM went, its confirmation did not
    monkeypatch.delenv("GOROD_CRASH_AT")
    report = publish(make_game())
    assert len(report.failed) == 1
    [asked] = [n for n in game.records.notices() if n.key.startswith("pm-unsure:")]
    assert "gorod начал его отправлять, но не знает, дошло ли оно" in asked.text
    assert sorted(p.to for p in forum.sent_pms) == sorted(set(p.to for p in forum.sent_pms))   # none twice


def test_gorod_sent_and_resend_refuse_a_draft_with_nothing_in_doubt(make_game, forum):
    from gorod.loop.game import LoopError
    from gorod.loop.publish import allow_resend, mark_sent

    game = _approved(make_game)
    publish(game)
    some = game.records.drafts(["posted"])[0]
    for command in (mark_sent, allow_resend):
        with pytest.raises(LoopError, match=f"черновик #{some.id}: нет ЛС, про которое не известно, ушло ли оно"):
            command(game, some.id)


def test_the_gm_says_it_on_the_command_line(make_game, forum, monkeypatch, capsys):
    from gorod.cli import main

    forum.pm_lookup = False
    game = _approved(make_game)
    _lost_once(forum, monkeypatch, saved=True)
    [(unsure_id, _)] = publish(game).failed.items()
    path = str(game.config.path)
    assert main(["sent", str(unsure_id), "--game", path]) == 0
    assert f"черновик #{unsure_id}: ЛС отмечено отправленным (1 ч.), снова не уйдёт" in capsys.readouterr().out
    assert main(["resend", str(unsure_id), "--game", path]) != 0          # nothing in doubt any more
    assert "нет ЛС, про которое не известно, ушло ли оно" in "".join(capsys.readouterr())
    publish(make_game())
    assert len(forum.pms_to(game.records.draft(unsure_id).audience)) == 1
