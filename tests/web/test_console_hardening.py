"""The console refuses what it cannot take, in Russian, never with a 500 (issue 14):
strict numbers, a body limit, its own Host and Origin only."""
from __future__ import annotations

import pytest

from gorod.loop import deal  # noqa: F401  (the game fixture deals)
from gorod.web.guard import MAX_BODY
from gorod.web.security import csrf_token
from webdata import TOKEN

CSRF = csrf_token(TOKEN)


def post(client, path, **form):
    return client.post(path, data={"csrf": CSRF, **form})


@pytest.mark.parametrize("value", ["inf", "nan", "1e308", "-5", "0", "²", "١٢", "12 часов", "", "9" * 20])
def test_bad_hours_are_a_russian_400(client, game, value):
    deadline = game.current().deadline
    response = post(client, "/phase/extend", hours=value)
    assert response.status_code == 400 and "часы" in response.text
    assert game.current().deadline == deadline


def test_good_hours_still_extend(client, game):
    deadline = game.current().deadline
    assert post(client, "/phase/extend", hours="1,5").status_code == 303
    assert (game.current().deadline - deadline).total_seconds() == 5400


@pytest.mark.parametrize("path", ["/draft/99999999999999999999/approve", "/order/١/drop",
                                  "/unresolved/0/dismiss", "/draft/1e3/approve"])
def test_bad_ids_in_the_address_are_a_russian_400(client, game, path):
    response = post(client, path)
    assert response.status_code == 400 and "целое число" in response.text


def test_a_bad_unresolved_number_in_a_form_is_a_400(client, game):
    response = post(client, "/order/add", text="{by: dave, ability: Кража, target: grace}", resolves="²")
    assert response.status_code == 400
    assert game.records.orders() == []


def test_a_body_over_the_limit_is_refused_before_it_is_read(client, game):
    response = client.post("/order/add", data={"csrf": CSRF, "text": "x" * (MAX_BODY + 10)})
    assert response.status_code == 413 and "Слишком большой запрос" in response.text
    assert game.records.orders() == []


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1:9999", "127.0.0.2"])
def test_another_host_is_refused(client, game, host):
    response = client.get("/", headers={"Host": host})
    assert response.status_code == 403 and "127.0.0.1" in response.text


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:9999"])
def test_a_post_from_another_origin_is_refused(client, game, origin):
    [draft, *_] = game.records.drafts(["pending"])
    response = client.post(f"/draft/{draft.id}/approve", data={"csrf": CSRF}, headers={"Origin": origin})
    assert response.status_code == 403
    assert game.records.draft(draft.id).state == "pending"


def test_the_consoles_own_origin_is_served(client, game):
    [draft, *_] = game.records.drafts(["pending"])
    response = client.post(f"/draft/{draft.id}/approve", data={"csrf": CSRF}, headers={"Origin": "http://localhost"})
    assert response.status_code == 303


def test_an_unknown_page_is_the_consoles_own_russian_page_with_a_way_back(client):
    """Issue 26: not werkzeug's English «Not Found», but a styled Russian page and a link back."""
    for path, method, heading in (("/nosuch", "get", "Страница не найдена"), ("/publish", "get", "Так нельзя")):
        answer = getattr(client, method)(path)
        html = answer.get_data(as_text=True)
        assert answer.status_code in (404, 405)
        assert heading in html and '<a href="/">← Вернуться в консоль</a>' in html
        assert 'href="/static/console.css"' in html and "Not Found" not in html and "Method Not Allowed" not in html
