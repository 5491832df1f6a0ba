"""Issue 15, problem 7: what the GM must see. Every PM and every post addressed to the GM
that is not an order is in the inbox (CLI and console); notices belong to the open phase
and go when their cause does; the CLI marks them read; `gorod run --rescan` reads the
whole thread and the time of the last full read is shown."""
from __future__ import annotations

import json

from gorod.cli import main
from gorod.loop import approve, cycle, publish
from gorod.loop.inbox import inbox


def cli(capsys, game, *args) -> tuple[int, str, str]:
    code = main([*args[:1], *args[1:], "--game", str(game.config.path)]) if args else 0
    out, err = capsys.readouterr()
    return code, out, err


def test_pms_and_posts_to_the_gm_that_are_not_orders_are_listed(make_game, forum, clock):
    game = make_game()
    from gorod.loop import deal
    deal(game)
    forum.pm("bob", "Мастер, а можно поменять маску?", clock.now)                 # a question, no order
    forum.pm("dave", "Кража — frank", clock.now)                                   # an order: not the inbox
    forum.post("carol", "gm, когда итоги ночи?", clock.now)                        # addressed to the GM
    forum.post("erin", "Всем доброй ночи!", clock.now)                             # talk among players
    cycle(game, post=False)
    items = inbox(game)
    texts = [i.text for i in items]
    assert any("ЛС от bob" in t and "можно поменять маску" in t for t in texts)
    assert any("пост carol" in t and "когда итоги ночи" in t for t in texts)
    assert not any("Кража" in t or "доброй ночи" in t for t in texts)


def test_a_publish_error_notice_goes_when_the_draft_is_posted(make_game, forum, clock):
    from gorod.loop import deal
    game = make_game()
    deal(game)
    draft = game.records.drafts(["pending"])[0]
    approve(game, draft.id)
    send = forum.send_pm

    def refuse(*args, **kwargs):
        from scraper.errors import ForumUnavailable
        raise ForumUnavailable("http://forum.test/pm/", "HTTP 502 after 5 attempts")
    forum.send_pm = refuse
    publish(game)
    assert any(f"черновик #{draft.id} не отправлен" in i.text for i in inbox(game))
    forum.send_pm = send
    publish(game)
    assert game.records.draft(draft.id).state == "posted"
    assert not any(f"черновик #{draft.id}" in i.text for i in inbox(game))


def test_the_cli_lists_marks_read_and_rescans(make_game, forum, clock, capsys, monkeypatch):
    from gorod.loop import deal
    game = make_game()
    deal(game)
    forum.pm("bob", "Мастер, а можно поменять маску?", clock.now)
    cycle(game, post=False)
    monkeypatch.setattr("gorod.loop.game.Game.open", classmethod(lambda cls, path, **kw: game_again(make_game)))
    code, out, _ = cli(capsys, game, "inbox")
    assert code == 0 and "можно поменять маску" in out
    [item] = [i for i in inbox(game) if "маску" in i.text]
    code, out, _ = cli(capsys, game, "inbox", "--read", str(item.id))
    assert code == 0 and f"#{item.id} прочитано" in out
    code, out, _ = cli(capsys, game, "inbox")
    assert "маску" not in out
    code, out, _ = cli(capsys, game, "inbox", "--all", "--json")
    assert any("маску" in i["text"] and i["seen"] for i in json.loads(out))
    code, out, _ = cli(capsys, game, "state")
    assert "целиком: ещё ни разу" in out
    code, out, err = cli(capsys, game, "run", "--once", "--no-post", "--rescan")
    assert code == 0, err
    assert forum.rescans == 1
    code, out, _ = cli(capsys, game, "state")
    assert "целиком: 30.11 12:00 (Москва)" in out


def game_again(make_game):
    return make_game()


def test_a_deleted_posts_notice_goes_when_its_orders_are_dropped(make_game, forum, clock):
    from gorod.loop import deal, drop_order
    from gorod.loop.intake import take_post
    from scraper.poll import Change, PostEvent
    game = make_game()
    deal(game)
    from gorod.loop import resolve_phase
    resolve_phase(game)                                                   # day 1: votes in the thread
    item = forum.post("alice", "Голосую против dave", clock.now)
    cycle(game, post=False)
    [vote] = game.records.orders("day 1")
    take_post(game, PostEvent(Change.DELETED, "topic", str(item.id), 2, None,
                              {"author": "alice", "text": item.text}))
    assert any("удалён" in i.text for i in inbox(game))
    drop_order(game, vote.id)
    assert not any("удалён" in i.text for i in inbox(game))


def test_the_worker_says_in_russian_that_the_forum_is_down_and_what_to_do(make_game, forum, capsys, monkeypatch):
    from gorod.loop import deal
    from scraper.errors import ForumUnavailable
    game = make_game()
    deal(game)

    def down(**_kwargs):
        raise ForumUnavailable("http://forum.test/topic/1/%D0%B8%D0%B3%D1%80%D0%B0/", "ConnectionError after 2 attempts",
                               kind="refused", attempts=2)
        yield
    forum.poll_thread = down
    monkeypatch.setattr("gorod.loop.game.Game.open", classmethod(lambda cls, path, **kw: game_again(make_game)))
    code, out, err = cli(capsys, game, "run", "--once", "--no-post")
    assert code == 1
    assert "ошибка: посты темы не прочитаны: форум forum.test не принимает соединений (соединение " \
           "отклонено" in out and "ConnectionError" not in out and "прочитано: постов" not in out
    assert "Проверьте, что форум работает" in out
    assert "повторю в следующем круге" in out
    code, out, _ = cli(capsys, game, "state")
    assert "Форум не читается с 30.11 12:00 (Москва)" in out


def test_a_post_is_addressed_to_the_gm_by_his_name_or_title_not_by_the_master_of_cards():
    from gorod.loop.inbox import addressed_to_gm
    assert addressed_to_gm("Мастер, когда итоги?", "gm") and addressed_to_gm("@gm привет", "gm")
    assert addressed_to_gm("вопрос ведущему", "gm") and addressed_to_gm("Гоша, ответь", "Гоша")
    assert not addressed_to_gm("думаю, Мастер карт — это bob", "gm")
    assert not addressed_to_gm("у мастера карт четыре карты", "gm")
    assert not addressed_to_gm("всем доброй ночи", "gm")


def test_the_worker_with_rescan_reads_the_whole_thread_in_its_first_round(make_game, forum):
    from gorod.loop import run
    game = make_game()
    run(game, sleep=lambda s: None, rounds=1, rescan_first=True)
    assert forum.rescans == 1
    assert game.records.get("last_full_read") is not None


def test_the_complete_vote_notice_goes_when_a_vote_is_withdrawn_and_comes_back(make_game, forum, clock):
    from gorod.loop import deal
    game = make_game()
    deal(game)
    clock.at("11:00", 1)
    cycle(game)                                                      # the night ends at 10:00: day 1
    nicks = ["alice", "bob", "carol", "dave", "erin", "frank", "grace", "heidi", "мирон"]
    posts = {nick: forum.post(nick, "Голосую против dave" if nick != "dave" else "Голосую против erin", clock.now)
             for nick in nicks}
    assert [n for n in cycle(game).tick.notices if "проголосовали все" in n.text]
    assert any("проголосовали все" in i.text for i in inbox(game))
    forum.edit(posts["мирон"], "Снимаю голос")                      # no longer complete
    cycle(game)
    assert not any("проголосовали все" in i.text for i in inbox(game))
    forum.edit(posts["мирон"], "Голосую против dave")
    assert [n for n in cycle(game).tick.notices if "проголосовали все" in n.text]
    [item] = [i for i in inbox(game) if "проголосовали все" in i.text]
    from gorod.loop.inbox import mark_read
    mark_read(game, [item.id])
    assert not cycle(game).tick.notices                              # read by the GM: not again


def test_an_inbox_notice_declines_the_senders_nickname(make_game):
    """«ЛС от Васи», as the drafts would write it (publisher.russian.inflect_nick); a
    nickname that cannot be declined keeps its nominative («ЛС от Kot_99»)."""
    from gorod.loop.inbox import note_message
    game = make_game()
    note_message(game, kind="pm", source_id="pm-v", version=1, author="Вася", text="привет", phase=None)
    note_message(game, kind="pm", source_id="pm-k", version=1, author="Kot_99", text="привет", phase=None)
    texts = [n.text for n in inbox(game, everything=True)]
    assert any(t.startswith("ЛС от Васи: ") for t in texts), texts
    assert any(t.startswith("ЛС от Kot_99: ") for t in texts), texts


def test_a_pms_clauses_with_no_order_are_shown_highlighted_beside_its_order(make_game, forum, clock):
    """Issue 24: in a PM to the GM every clause that is no greeting, thanks or question and
    gives no order is shown to the GM, highlighted inside the PM."""
    from gorod.loop import deal
    game = make_game()
    deal(game)
    forum.pm("dave", "Привет! Кража — frank. Я сегодня устала, завтра напишу больше.", clock.now)
    cycle(game, post=False)
    assert [o.text for o in game.records.orders(str(game.current().phase))]      # the order is taken
    shown = [i.text for i in inbox(game) if "ЛС от" in i.text]
    assert len(shown) == 1
    assert "⟦Я сегодня устала, завтра напишу больше.⟧" in shown[0]
    assert "⟦Привет!⟧" not in shown[0] and "⟦Кража" not in shown[0]


def test_pms_the_forum_holds_back_are_an_alarm_after_the_ones_it_shows_are_taken(make_game, forum, clock):
    """phpBB's full folder: the PMs it lists are read and taken, the ones it holds back are the
    GM's Russian alarm naming the list; the round is no whole read (a deadline waits for one)."""
    from gorod.loop import deal
    from gorod.loop.intake import WHOLE_READ_STARTED, poll
    from scraper.errors import InboxIncomplete, unread
    game = make_game()
    deal(game)
    forum.pm("bob", "Мастер, а можно поменять маску?", clock.now)
    shown = forum.poll_pms
    reason = ("форум задерживает 11 ЛС вне списка входящих, и gorod их не видит: «You have 11 private "
              "messages currently on hold because of full folder.» (http://forum.test/ucp.php?i=pm&folder=inbox)")

    def held(**kwargs):
        yield from shown(**kwargs)
        raise unread(InboxIncomplete("http://forum.test/ucp.php?i=pm&folder=inbox", [reason]), "ЛС (список входящих)")
    forum.poll_pms = held
    before = game.records.get(WHOLE_READ_STARTED)
    report = poll(game)
    assert report.pms == 1 and any("маску" in i.text for i in inbox(game))
    assert report.failed == [f"ЛС (список входящих) не прочитаны: {reason}"]
    assert any("задерживает 11 ЛС" in i.text and "folder=inbox" in i.text for i in inbox(game))
    assert game.records.get(WHOLE_READ_STARTED) == before
