"""What the news post says of an Арест and of the Священник's blessing (issue 26, low items),
and that a game stored before the news could say it raises no «правила изменились».

The rules: «Арест - один раз за игру может отправить любого персонажа в Тюрьму
пожизненно» (the Темница's Тюрьма is «на полтора дня»); «Божественное благословление -
… попадая в Лазарет, мгновенно исцеляет себя на единицу здоровья (и тут же из Лазарета
выходит). О том, что Священник попадал в Лазарет, наутро пишется.»

erin is the Начальник стражи, frank the Стражник, carol the Священник, dave the Бес
(loopdata.PLAYERS).
"""
from __future__ import annotations

import json

import pytest
import yaml

from gorod.loop.game import Game
from test_cli_loop import make_config, run


def night_one(tmp_path, capsys, monkeypatch, *orders: str, style: str = "terse") -> str:
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["style"] = style
    # the Священник a Мирный житель: a Демонолог's Protective circle would block the attack
    data["players"]["carol"]["secret"], data["players"]["мирон"]["secret"] = "Мирный житель", "Демонолог"
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    for order in orders:
        code, _, err = run(capsys, "order", "add", order)
        assert code == 0, err
    code, _, err = run(capsys, "phase", "end", "--no-read", "--yes")
    assert code == 0, err
    return path


def news_of(capsys) -> str:
    drafts = json.loads(run(capsys, "drafts", "--all", "--json")[1])
    [news] = [d for d in drafts if d["kind"] == "news" and d["phase"] == "night 1"]
    return news["body"]


ARREST = "{by: erin, ability: Арест, target: grace}"
BITE = "{by: dave, ability: Нападение, target: carol}"     # carol at 1 life: the blessing fires


@pytest.mark.parametrize("style, arrested, blessed", [
    ("terse", "grace отправляется в Тюрьму пожизненно.",
     "carol попадает в Лазарет. Благодаря способности «Божественное благословление» carol тут же покидает Лазарет."),
    ("full", "grace отправляется в Тюрьму пожизненно.",
     "carol попадает в Лазарет. Благодаря способности «Божественное благословление» carol тут же выписывается из Лазарета."),
])
def test_the_news_says_an_arrest_is_for_life_and_that_the_priest_was_in_the_lazaret(
        tmp_path, capsys, monkeypatch, style, arrested, blessed):
    night_one(tmp_path, capsys, monkeypatch, ARREST, BITE, style=style)
    state = json.loads(run(capsys, "state", "--json")[1])["players"]
    assert state["carol"]["lives"] == 2 and state["grace"]["status"] == "Тюрьма", state
    news = news_of(capsys)
    assert arrested in news, news
    assert blessed in news, news
    assert "Божественное благословление" in news and news.count("carol") == 2, news


def test_a_dungeon_is_not_for_life(tmp_path, capsys, monkeypatch):
    """The Стражник's Темница (only in a Полулуние: night 2) is «на полтора дня»."""
    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0   # night 1
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0   # day 1
    assert run(capsys, "order", "add", "{by: frank, ability: Темница, target: grace}")[0] == 0
    code, _, err = run(capsys, "phase", "end", "--no-read", "--yes")
    assert code == 0, err
    drafts = json.loads(run(capsys, "drafts", "--all", "--json")[1])
    [news] = [d["body"] for d in drafts if d["kind"] == "news" and d["phase"] == "night 2"]
    assert "grace отправляется в Тюрьму." in news and "пожизненно" not in news, news


def stored_events(game: Game) -> list[dict]:
    return json.loads(game.store.db.execute("SELECT events FROM phases WHERE phase = 'night 1'").fetchone()[0])


def store_events(path: str, events: list[dict]) -> None:
    game = Game.open(path)
    with game.store.transaction() as db:
        db.execute("UPDATE phases SET events = ? WHERE phase = 'night 1'", (json.dumps(events, ensure_ascii=False),))
    game.store.close()


def drift_notices(path: str) -> int:
    game = Game.open(path)
    game.fold()
    count = [n.kind for n in game.records.notices()].count("drift")
    game.store.close()
    return count


def test_a_night_stored_before_the_news_said_it_is_no_drift(tmp_path, capsys, monkeypatch):
    """A game resolved by a gorod whose events had no `for_life` (Тюрьма) and no `visited`
    (the blessing's Лазарет) is refolded by this one: the same results, told more fully,
    so no alarm. A result that differs in a field the old event had still is one."""
    path = night_one(tmp_path, capsys, monkeypatch, ARREST, BITE)
    game = Game.open(path)
    events = stored_events(game)
    game.store.close()
    [jailed] = [e for e in events if e["type"] == "StatusChanged" and e["player"] == "grace"]
    [blessing] = [e for e in events if e["type"] == "Announced"]
    assert jailed["after"] == "Тюрьма" and jailed["for_life"] is True
    assert blessing["ability"] == "Божественное благословление" and blessing["visited"] == "Лазарет"
    old = [{k: v for k, v in e.items() if k not in ("for_life", "visited")} for e in events]
    assert old != events
    store_events(path, old)
    assert drift_notices(path) == 0
    # another result in a field the old event had: drift, told once
    store_events(path, [dict(e, after="Лазарет") if e.get("player") == "grace" and e["type"] == "StatusChanged"
                        else e for e in old])
    assert drift_notices(path) == 1
