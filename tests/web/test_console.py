"""The GM's console as a WSGI application (werkzeug's test client, the loop's in-memory
forum): access, CSRF, escaping of everything from the forum, and each action calling the
library."""
from __future__ import annotations

import re

from webdata import TOKEN
from werkzeug.test import Client

from gorod.loop import cycle, resolve_phase
from gorod.web.security import COOKIE, csrf_token
from scraper.orders.result import Reason, Unresolved

CSRF = csrf_token(TOKEN)


def page(client) -> str:
    response = client.get("/")
    assert response.status_code == 200, response.text
    return response.text


def post(client, path: str, **form):
    return client.post(path, data={"csrf": CSRF, **form})


# -- access -----------------------------------------------------------------------------------
def test_a_request_without_the_token_is_refused(console, game):
    c = Client(console)
    for path in ("/", "/static/console.css", "/?token=wrong", "/draft/1/approve"):
        response = c.get(path)
        assert response.status_code == 403, path
        assert "Доступ закрыт" in response.text
    assert c.post("/drafts/approve-all", data={"csrf": CSRF}).status_code == 403
    assert game.records.drafts(["approved"]) == []


def test_the_token_link_sets_a_strict_cookie_and_drops_the_token_from_the_address(console, game):
    c = Client(console)
    response = c.get(f"/?token={TOKEN}")
    assert response.status_code == 303 and response.location == "/"
    cookie = response.headers["Set-Cookie"]
    assert cookie.startswith(f"{COOKIE}_80=") and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert c.get("/").status_code == 200
    assert "Content-Security-Policy" in c.get("/").headers


def test_a_form_without_the_csrf_token_is_refused(client, game):
    ids = [d.id for d in game.records.drafts(["pending"])]
    assert client.post(f"/draft/{ids[0]}/approve").status_code == 403
    assert client.post(f"/draft/{ids[0]}/approve", data={"csrf": "x" * 64}).status_code == 403
    assert game.records.draft(ids[0]).state == "pending"
    assert post(client, f"/draft/{ids[0]}/approve").status_code == 303
    assert game.records.draft(ids[0]).state == "approved"


def test_every_form_on_the_page_carries_the_csrf_token(client, game, forum, clock):
    forum.pm("dave", "Кража — Гриша", clock.now)
    cycle(game, post=False)
    html = page(client)
    forms = re.findall(r"<form\b.*?</form>", html, flags=re.S)
    assert len(forms) > 10
    for form in forms:
        assert f'name="csrf" value="{CSRF}"' in form, form


# -- escaping ---------------------------------------------------------------------------------
def test_a_script_from_the_forum_shows_as_text(client, game, forum, clock):
    forum.pm("dave", 'Кража — <script>alert("x")</script> <img src=x onerror=alert(1)>', clock.now)
    cycle(game, post=False)
    [item] = game.records.unresolved()
    assert "<script>" in item.text
    html = page(client)
    assert "<script>alert" not in html and "<img src=x" not in html
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in html
    assert "Город N: &lt;b&gt;тест&lt;/b&gt;" in html


def test_a_draft_with_markup_and_html_renders_the_markup_and_escapes_the_html(client, game):
    draft = game.records.drafts(["pending"])[0]
    body = "**Жирный** и <script>alert(1)</script>\n\n> цитата"
    assert post(client, f"/draft/{draft.id}/edit", body=body).status_code == 303
    html = page(client)
    assert "<strong>Жирный</strong> и &lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "<blockquote><p>цитата</p></blockquote>" in html


# -- the page ---------------------------------------------------------------------------------
def test_the_game_shows_the_players_with_secret_roles_the_phase_and_the_countdown(client, game):
    html = page(client)
    assert "Ночь 1" in html and "Новолуние" in html
    assert 'data-deadline="2026-12-01T10:00:00+03:00"' in html    # 10:00 in Moscow
    for nick, roles in [("alice", ("Мэр", "Лич")), ("dave", ("Вор", "Бес"))]:
        row = re.search(rf'<td class="nick"[^>]*>{nick}</td>(.*?)</tr>', html, flags=re.S).group(1)
        assert roles[0] in row and roles[1] in row and "2/2" in row


def test_an_unresolved_order_is_picked_from_its_candidates(client, game, forum, clock):
    forum.post("erin", "Голосую против Кэрол", clock.now)   # not the night: a vote in night 1?
    forum.pm("dave", "Кража — Гриша", clock.now)
    cycle(game, post=False)
    [item] = [u for u in game.records.unresolved() if u.author == "dave"]
    html = page(client)
    assert f'id="unresolved-{item.id}"' in html and "Кража — Гриша" in html
    response = post(client, f"/unresolved/{item.id}/pick", order="{by: dave, ability: Кража, target: frank}")
    assert response.status_code == 303
    assert item.id not in [u.id for u in game.records.unresolved()]
    assert "{by: dave, ability: Кража, target: frank}" in [o.text for o in game.records.orders("night 1")]
    assert "Неясное ?" in page(client)


def test_a_refusal_of_the_library_is_shown_and_changes_nothing(client, game):
    response = post(client, "/order/add", text="{by: nobody, ability: Кража, target: bob}")
    assert response.status_code == 303
    html = page(client)
    assert "заявитель «nobody» — не игрок этой игры" in html
    assert game.records.orders("night 1") == []


def test_manual_orders_drop_and_restore(client, game):
    post(client, "/order/add", text="Кража — frank", author="dave")
    [order] = game.records.orders("night 1")
    assert order.text == "{by: dave, ability: Кража, target: frank}" and order.source_kind == "gm"
    post(client, f"/order/{order.id}/drop", reason="дубль")
    assert game.records.order(order.id).status == "dropped"
    assert "снята" in page(client)
    post(client, f"/order/{order.id}/restore")
    assert game.records.order(order.id).status == "active"


def test_edit_approve_and_publish_a_draft(client, game, forum):
    [draft] = [d for d in game.records.drafts(["pending"]) if d.audience == "dave"]
    post(client, f"/draft/{draft.id}/edit", body=draft.body + "\nУдачи!", title="Ваша роль")
    assert game.records.draft(draft.id).edited
    assert "правка мастера" in page(client)
    post(client, f"/draft/{draft.id}/approve")
    post(client, "/publish")
    assert game.records.draft(draft.id).state == "posted"
    [sent] = forum.pms_to("dave")
    assert sent.text.rstrip().endswith("Удачи!") and sent.title == "Ваша роль"
    assert "на форуме" in page(client)


def test_approve_all_and_reject(client, game):
    ids = [d.id for d in game.records.drafts(["pending"])]
    post(client, f"/draft/{ids[0]}/reject")
    post(client, "/drafts/approve-all")
    assert game.records.draft(ids[0]).state == "rejected"
    assert {game.records.draft(i).state for i in ids[1:]} == {"approved"}


def test_the_live_tally_shows_each_vote_with_its_weight_and_why(client, game, forum, clock):
    resolve_phase(game)                                   # night 1 ends: day 1 is open
    for nick in ("alice", "bob"):
        forum.post(nick, "Голосую против dave", clock.now)
    forum.post("dave", "Голосую против erin", clock.now)
    cycle(game, post=False)
    html = page(client)
    tally = html[html.index('id="tally"'):html.index('id="drafts"')]
    assert "на казнь пойдёт <b>dave</b>" in tally
    assert re.search(r"<td[^>]*>alice</td><td[^>]*>dave</td><td class=\"weight\"[^>]*>2</td>\s*<td[^>]*>Мэр: Деспотия", tally)
    assert re.search(r"<td[^>]*>bob</td><td[^>]*>dave</td><td class=\"weight\"[^>]*>1</td>\s*<td[^>]*>обычный голос", tally)
    assert "<b>dave</b>: 3" in tally


def test_phase_end_and_extend(client, game):
    post(client, "/phase/extend", hours="1")
    assert "Срок продлён" in page(client)
    post(client, "/phase/end")
    assert str(game.current().phase) == "day 1"
    assert any(d.kind == "news" for d in game.records.drafts(["pending"]))


def test_the_rulings_of_this_game_are_listed(client, game):
    html = page(client)
    assert "Толкования этой игры" in html and "status_precedence" in html



def test_candidates_become_one_click_orders(client, game):
    """An unresolved item's candidates: an order as it is, a nickname as the item's ability
    (read again from its text) against that player."""
    asked = Unresolved("Кража — bob или bobby", Reason.AMBIGUOUS_TARGET,
                       candidates=("bob", "{by: dave, ability: Кража, target: carol}", "никто"))
    game.records.add_unresolved("night 1", "dave", asked, source_kind="pm", source_id="7/7", source_version=1,
                                item=0)
    [item] = game.records.unresolved()
    html = page(client)
    card = html[html.index(f'id="unresolved-{item.id}"'):html.index('<table class="orders">')]
    assert "Принять: {by: dave, ability: Кража, target: bob}" in card
    assert "Принять: {by: dave, ability: Кража, target: carol}" in card
    assert "никто}" not in card
    post(client, f"/unresolved/{item.id}/pick", order="{by: dave, ability: Кража, target: bob}")
    assert game.records.unresolved() == []
    assert [o.text for o in game.records.orders("night 1")] == ["{by: dave, ability: Кража, target: bob}"]


def test_an_edited_post_shows_its_diff_and_the_superseded_order(client, game, forum, clock):
    resolve_phase(game)
    item = forum.post("erin", "Голосую против dave", clock.now)
    cycle(game, post=False)
    forum.edit(item, "Голосую против carol")
    cycle(game, post=False)
    html = page(client)
    assert "заменена правкой" in html
    assert "+Голосую против carol" in html          # the GM's notice with the diff


def test_before_the_deal_the_page_lists_the_seats(client, open_game):
    html = page(client)
    assert "Роли ещё не розданы" in html and "alice — Мэр / Лич" in html


def test_orders_the_engine_will_refuse_or_has_replaced_say_so_before_the_day_ends(client, game, forum, clock):
    """Issue 15, problem 5: a vote by a robbed player and a vote since changed looked «в
    силе» until the phase ended; the tally did not say who has not voted."""
    from gorod.loop.orders import add_order

    add_order(game, "{by: dave, ability: Кража, target: bob}")
    resolve_phase(game)                                   # night 1 ends: day 1 is open, bob robbed
    (robbed,) = add_order(game, "{by: bob, ability: Голосование, target: dave}")
    (first,) = add_order(game, "{by: alice, ability: Голосование, target: erin}")
    (second,) = add_order(game, "{by: alice, ability: Голосование, target: dave}")
    html = page(client)
    orders = html[html.index('class="orders"'):html.index('id="tally"')]
    row = lambda rid: orders[orders.index(f'id="order-{rid}"'):].split("</tr>")[0]  # noqa: E731
    assert "будет отклонена: нет голоса сегодня" in row(robbed)
    assert f"заменена #{second}" in row(first)
    assert "в силе" in row(second)
    tally = html[html.index('id="tally"'):html.index('id="drafts"')]
    assert "Не голосовали: carol, dave, erin, frank" in tally
    assert "<b>dave</b>: 2" in tally


def test_the_count_button_drafts_the_public_count(client, game, forum, clock):
    resolve_phase(game)                                   # night 1 ends: day 1 is open
    forum.post("alice", "Голосую против dave", clock.now)
    forum.post("bob", "Голосую против dave", clock.now)
    html = page(client)
    tally = html[html.index('id="tally"'):html.index('id="drafts"')]
    assert 'action="/count"' in tally
    post(client, "/count")                                # the thread is read first, then the draft
    [count] = [d for d in game.records.drafts(["pending"]) if d.kind == "count"]
    assert "dave — 3: alice ×2 (Мэр: Деспотия, голос за два), bob" in count.body
    html = page(client)
    assert f"Черновик #{count.id}: подсчёт голосов по постам в теме" in html


def test_the_count_button_at_night_says_why_not(client, game):
    post(client, "/count")
    assert "подсчёт голосов — только днём" in page(client)
    assert not [d for d in game.records.drafts() if d.kind == "count"]
