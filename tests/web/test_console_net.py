"""The recall net's questions (issue 13) in the console and in `gorod state`: each
candidate is a whole order, taken with one click."""
from __future__ import annotations

from webdata import TOKEN

from gorod.loop import cycle
from gorod.web.security import csrf_token

CSRF = csrf_token(TOKEN)


def test_an_order_like_pm_is_offered_as_one_click_orders(client, game, forum, clock):
    forum.pm("dave", "frank!", clock.now)      # dave (Вор, Бес) names a player and nothing else
    cycle(game, post=False)
    [item] = [u for u in game.records.unresolved() if u.author == "dave"]
    assert item.candidates == ("{by: dave, ability: Кража, target: frank}",
                               "{by: dave, ability: Нападение, target: frank}")
    html = client.get("/").text
    assert f'id="unresolved-{item.id}"' in html
    assert "Принять: {by: dave, ability: Нападение, target: frank}" in html
    response = client.post(f"/unresolved/{item.id}/pick",
                           data={"csrf": CSRF, "order": item.candidates[1]})
    assert response.status_code == 303
    assert "{by: dave, ability: Нападение, target: frank}" in [o.text for o in game.records.orders("night 1")]
