"""An order the engine takes but which then does nothing (exam finding 11): a Гончая's Укус
on a target another Демон chose the same night. Rules: «Не может применяться на цель,
которую в эту же ночь выбирали другие Демоны», and «Если по какой-либо причине способность
роли не сработала, то использующий эту способность не узнает об этом, если не указано
обратного». So the biter is told nothing, but the GM sees it: in the tally before the
phase ends, and in `gorod state --at` after it."""
from __future__ import annotations

import json

import yaml

from test_cli_loop import make_config, run


def bite_on_a_demons_target(tmp_path, capsys, monkeypatch) -> str:
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["players"]["erin"]["secret"] = "Гончая Ада"          # dave is the Бес, frank a Стражник
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    for order in ("{by: dave, ability: Нападение, target: grace}", "{by: erin, ability: Укус, target: grace}",
                  "{by: frank, ability: На страже, target: grace}"):
        code, _, err = run(capsys, "order", "add", order)
        assert code == 0, err
    return path


def test_the_tally_says_the_bite_will_not_work_and_why(tmp_path, capsys, monkeypatch):
    bite_on_a_demons_target(tmp_path, capsys, monkeypatch)
    code, out, _ = run(capsys, "tally")
    assert code == 0
    assert ("#2 {by: erin, ability: Укус, target: grace} — в силе, но не сработает: цель уже выбирали "
            "другие Демоны (игрок об этом не узнает)") in out
    assert "#1 {by: dave, ability: Нападение, target: grace} — в силе\n" in out
    verdicts = {o["id"]: o["verdict"] for o in json.loads(run(capsys, "tally", "--json")[1])["orders"]}
    assert verdicts[2].startswith("в силе, но не сработает") and verdicts[1] == "в силе"


def test_after_the_phase_the_gm_sees_which_order_had_no_effect_and_the_biter_is_not_told(
        tmp_path, capsys, monkeypatch):
    bite_on_a_demons_target(tmp_path, capsys, monkeypatch)
    code, out, err = run(capsys, "phase", "end", "--no-read", "--yes")
    assert code == 0, err
    code, out, _ = run(capsys, "state", "--at", "ночь 1")
    assert "Заявки фазы и что с ними стало (3):" in out
    assert ("#2 {by: erin, ability: Укус, target: grace} — принята, но не сработала: цель уже выбирали "
            "другие Демоны (игрок об этом не узнает)") in out
    assert "#1 {by: dave, ability: Нападение, target: grace} — принята" in out
    taken = json.loads(run(capsys, "state", "--at", "night 1", "--json")[1])["phase_orders"]
    assert [t["id"] for t in taken] == [1, 2, 3] and "не сработала" in taken[1]["verdict"]
    # one attack reached the guard, not two
    frank = json.loads(run(capsys, "state", "--json")[1])["players"]["frank"]
    assert frank["lives"] == 2 and frank["max_lives"] == 3, frank     # the Бес's attack only, on the guard
    # the player learns nothing: no draft after the deal tells erin of her bite
    drafts = json.loads(run(capsys, "drafts", "--all", "--json")[1])
    assert [d for d in drafts if d["kind"] == "news"]
    assert not [d for d in drafts if d["audience"] == "erin" and d["kind"] != "start" and "Укус" in d["body"]]


def test_an_old_store_with_the_bite_as_a_plain_trace_is_no_drift(tmp_path, capsys, monkeypatch):
    """A game resolved by an older gorod stored the failed bite as a plain Trace; the newer
    engine's typed event says the same thing, so no «правила изменились» alarm."""
    path = bite_on_a_demons_target(tmp_path, capsys, monkeypatch)
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0
    from gorod.loop.game import Game

    game = Game.open(path)
    [stored] = game.store.db.execute("SELECT events FROM phases WHERE phase = 'night 1'").fetchone()
    events = json.loads(stored)
    [fizzled] = [e for e in events if e["type"] == "Fizzled"]
    assert fizzled["user"] == "erin" and fizzled["ability"] == "Укус"
    old = [({k: v for k, v in e.items() if k not in ("user", "ability", "why")} | {"type": "Trace"})
           if e is fizzled else e for e in events]
    with game.store.transaction() as db:
        db.execute("UPDATE phases SET events = ? WHERE phase = 'night 1'", (json.dumps(old, ensure_ascii=False),))
    game.store.close()
    again = Game.open(path)
    again.fold()
    assert [n for n in again.records.notices() if n.kind == "drift"] == []
    # a trace whose words changed still is drift: the check compares the explanation's text
    changed = [dict(e, text=e["text"] + "!") if e["type"] == "Trace" and "Укус" in e["text"] else e for e in old]
    with again.store.transaction() as db:
        db.execute("UPDATE phases SET events = ? WHERE phase = 'night 1'", (json.dumps(changed, ensure_ascii=False),))
    again.store.close()
    third = Game.open(path)
    third.fold()
    assert [n.kind for n in third.records.notices()].count("drift") == 1
    third.store.close()


def test_a_refusal_told_in_new_words_is_no_drift(tmp_path, capsys, monkeypatch):
    """A newer gorod words a refusal otherwise («вы в Тюрьме…» for «этот персонаж…»): the
    order and its reason code are the result, so an old store raises no alarm; another
    reason code still does."""
    from gorod.loop.game import Game

    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: carol, ability: Sacrifice!, target: grace}")[0] == 0   # not a Полнолуние
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0
    game = Game.open(path)
    events = json.loads(game.store.db.execute("SELECT events FROM phases WHERE phase = 'night 1'").fetchone()[0])
    [rejected] = [e for e in events if e["type"] == "Rejected"]
    for change, drift in (({"message": "Заявка «Sacrifice!» отклонена: старые слова."}, 0), ({"reason": "cooldown"}, 1)):
        stored = [dict(e, **change) if e is rejected else e for e in events]
        with game.store.transaction() as db:
            db.execute("UPDATE phases SET events = ? WHERE phase = 'night 1'", (json.dumps(stored, ensure_ascii=False),))
        game.store.close()
        game = Game.open(path)
        game.fold()
        assert [n.kind for n in game.records.notices()].count("drift") == drift, change
    game.store.close()
