"""Issue 15 in the console: a bad order never takes a page down (problem 1), «Закончить
фазу сейчас» reads the forum first and says when (problem 3), «почему?» names players and
speaks Russian (problem 6), the GM's inbox (problem 7), nothing after the end (problem 8)."""
from __future__ import annotations

import re

from test_console import page, post

from gorod.loop import cycle, resolve_phase


def test_an_order_naming_an_unknown_player_is_refused_with_the_nearest_names(client, game, forum, clock):
    forum.pm("dave", "Кража — Гриша", clock.now)
    cycle(game, post=False)
    [item] = [u for u in game.records.unresolved() if u.author == "dave"]
    post(client, f"/unresolved/{item.id}/pick", order="{by: dave, ability: Кража, target: franc}")
    html = page(client)
    assert "цель «franc» — не игрок этой игры; может быть: frank" in html
    post(client, "/order/add", text="{by: dave, ability: Кражка, target: frank}")
    assert "неизвестная способность «Кражка»; может быть: Кража" in page(client)
    assert game.records.orders("night 1") == []
    assert item.id in [u.id for u in game.records.unresolved()]     # still open


def test_a_stored_bad_order_is_shown_with_its_problem_and_the_pages_keep_working(client, game, forum, clock):
    """An order in the store that cannot resolve (an older gorod let it in) leaves every
    page working — the orders, the tally — and says what to do with it."""
    resolve_phase(game)                                                    # day 1
    bad = game.records.add_order("day 1", "{by: bob, ability: Голосование, target: nobody}", "bob",
                                 source_kind="post", source_id="77", given_at=clock.now.isoformat())
    forum.post("alice", "Голосую против dave", clock.now)
    cycle(game, post=False)
    html = page(client)
    row = html[html.index(f'id="order-{bad}"'):]
    row = row[:row.index("</tr>")]
    assert "не разрешится: цель «nobody» — не игрок этой игры" in row and "кнопка «Снять» в списке заявок" in row
    assert "gorod order drop" not in row       # the console's own button, not a command to type
    tally = html[html.index('id="tally"'):html.index('id="drafts"')]
    assert "<b>dave</b>: 2" in tally
    post(client, "/phase/end", no_read="1")
    assert str(game.current().phase) == "night 2"
    assert f"заявка #{bad} (пост 77 от bob)" in page(client)


def test_phase_end_reads_the_forum_first_and_says_when(client, game, forum, clock):
    resolve_phase(game)                                                    # day 1
    cycle(game, post=False)
    forum.post("alice", "Голосую против dave", clock.now)                 # after the last read
    forum.post("bob", "Голосую против dave", clock.now)
    html = page(client)
    assert re.search(r"Форум прочитан: 30\.11 12:00 \(Москва\)", html)
    assert re.search(r'class="deadline">до \d\d\.\d\d \d\d:\d\d \(Москва\)', html)
    post(client, "/phase/end")
    html = page(client)
    assert "Форум прочитан перед концом фазы (30.11 12:00 (Москва)): постов 2" in html
    assert "День 1 разрешён" in html
    [day] = [p for p in game.records.phases() if str(p.phase) == "day 1"]
    assert "{by: alice, ability: Голосование, target: dave}" in day.texts
    assert "{by: bob, ability: Голосование, target: dave}" in day.texts


def test_phase_end_with_the_forum_down_changes_nothing_and_says_what_to_do(client, game, forum):
    def down(**_kwargs):
        from scraper.errors import ForumUnavailable
        raise ForumUnavailable("http://forum.test/topic/1/%D0%B8%D0%B3%D1%80%D0%B0/", "ConnectionError after 1 attempts")
        yield
    forum.poll_thread = down
    post(client, "/phase/end")
    html = page(client)
    assert "нет связи с форумом forum.test" in html and "ConnectionError" not in html
    assert "без чтения форума" in html
    assert str(game.current().phase) == "night 1"


def test_the_inbox_lists_a_players_question_and_marks_it_read(client, game, forum, clock):
    forum.pm("bob", "Мастер, а можно поменять маску?", clock.now)
    cycle(game, post=False)
    html = page(client)
    [item_id] = re.findall(r'id="notice-(\d+)"', html)
    assert "ЛС от bob: «Мастер, а можно поменять маску?»" in html and "письмо" in html
    post(client, "/notices/seen", id=item_id)
    assert f'id="notice-{item_id}"' not in page(client)


def test_why_names_the_reader_and_the_orders_in_russian(client, game):
    from gorod.loop import add_order
    from gorod.loop.phases import resolve_now
    resolve_phase(game)
    add_order(game, "{by: bob, ability: Пророчество, target: dave}")
    [draft_id] = resolve_now(game)
    html = page(client)
    card = html[html.index(f'id="draft-{draft_id}"'):]
    why = card[card.index('class="why"'):card.index("</details>")]
    assert "лично: bob" in why and "узнал(а)" in why and "b, o, b" not in why
    assert "может узнать Тайную роль" in why
    assert "{by: bob, ability: Пророчество, target: dave}" in why


def test_a_forum_that_stays_down_is_said_on_the_page_until_it_answers(client, game, forum, clock):
    def down(**_kwargs):
        from scraper.errors import ForumUnavailable
        raise ForumUnavailable("http://forum.test/topic/1/x/", "ConnectionError after 5 attempts")
        yield
    answers = forum.poll_thread
    forum.poll_thread = down
    cycle(game, post=False)                                      # the worker's round
    html = page(client)
    assert "Форум не читается с 30.11 12:00 (Москва): посты темы не прочитаны: нет связи с форумом forum.test" in html
    forum.poll_thread = answers
    cycle(game, post=False)
    assert "Форум не читается" not in page(client)


def test_phase_end_without_the_read_says_what_the_gm_gives_up(client, game):
    post(client, "/phase/end", no_read="1")
    html = page(client)
    assert "Форум перед концом фазы не читался" in html
    assert "Что игроки написали после него, в фазу «Ночь 1» не вошло: такие заявки, прочитанные позже, будут " \
           "отклонены как опоздавшие." in html
    assert "(написанное после последнего чтения в фазу не войдёт)" in html      # the checkbox says it too


def test_the_buttons_that_resolve_or_post_are_refused_beside_the_running_worker(client, game, open_game, forum):
    import os

    from gorod.loop import approve

    for draft in game.records.drafts(["pending"]):
        approve(game, draft.id)
    worker = open_game()                   # another process: its own descriptor on the lock
    worker.actor = "gorod run"
    with worker.writing("круг работника (чтение форума, разрешение фаз, отправка одобренного)"):
        for path, form in (("/publish", {}), ("/phase/end", {"no_read": "1"}), ("/refresh", {}),
                           ("/phase/extend", {"hours": "2"})):
            post(client, path, **form)
            html = page(client)
            assert f"с игрой сейчас работает gorod run (PID {os.getpid()}, с " in html, path
            assert "круг работника (чтение форума, разрешение фаз, отправка одобренного)" in html
    assert forum.sent_pms == [] and str(game.current().phase) == "night 1"
    post(client, "/publish")               # the round is over: the button works
    assert len(forum.sent_pms) == 6 and "Отправлены на форум: #1" in page(client)


def test_the_deal_button_is_refused_beside_another_writer_as_gorod_deal_is(client, open_game, game_path, capsys):
    """Issue 26: «Раздать роли» takes the writer lock as `gorod deal` does: beside a writer
    both are refused with the same Russian message, and nothing is dealt."""
    import os

    from gorod.cli import main

    holder = open_game()                   # another process: its own descriptor on the lock
    holder.actor = "gorod run"            # (the console words «gorod publish» as its own button)
    with holder.writing("круг работника"):
        post(client, "/deal")
        html = page(client)
        refusal = (f"с игрой сейчас работает gorod run (PID {os.getpid()}, с ", "): круг работника. ",
                   "раздача ролей — не начато, ничего не сделано")
        assert all(part in html for part in refusal), html
        assert "Роли розданы" not in html and "Роли ещё не розданы" in html
        capsys.readouterr()
        assert main(["deal", "--game", str(game_path)]) == 1
        err = capsys.readouterr().err
        assert err.startswith("gorod deal: с игрой сейчас работает gorod run") and all(p in err for p in refusal), err
        assert holder.deal() is None and holder.records.drafts() == []
    post(client, "/deal")                  # the writer is done: the button deals
    assert "Роли розданы, открыта ночь 1" in page(client)
    assert holder.deal() is not None and len(holder.records.drafts(["pending"])) == len(holder.config.seats)


def test_a_change_of_mind_is_two_buttons_and_one_click_settles_it(client, game, forum, clock):
    """Issue 26: «передумал(а)?» in the console is the two orders as buttons, no command."""
    forum.pm("dave", "Кража — alice", clock.now)
    cycle(game, post=False)
    forum.pm("dave", "Передумал: Кража — erin", clock.now)
    cycle(game, post=False)
    html = page(client)
    first, second = sorted(o.id for o in game.records.orders("night 1") if o.by == "dave")
    assert f"Оставить #{first}" in html and f"Взять #{second}" in html
    assert "gorod order keep" not in html
    post(client, f"/mind/{second}/keep")
    html = page(client)
    assert f"Заявка #{second} в силе, #{first} снята." in html
    assert [o.target for o in (r.order for r in game.records.orders("night 1")) if o.by == "dave"] == ["erin"]
