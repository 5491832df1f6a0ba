"""Issue 15, problems 1, 2 and 8 at the command line: orders are checked against the game
when the GM enters them (players, abilities, holders, targets, the nearest names offered),
an order that still cannot resolve is skipped at the phase's end with a notice naming it,
and the GM reads Russian: phases, errors, deadlines."""
from __future__ import annotations

import json
import re

from scraper.orders.result import Reason, Unresolved
from test_cli_loop import make_config, run


def dealt(tmp_path, capsys, monkeypatch) -> str:
    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    return path


def active_orders(capsys) -> list[str]:
    return [o["text"] for o in json.loads(run(capsys, "order", "list", "--json")[1])]


def test_order_add_refuses_an_unknown_target_with_the_nearest_player(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "{by: dave, ability: Нападение, target: gracee}")
    assert code == 1
    assert "цель «gracee» — не игрок этой игры; может быть: grace" in err
    assert active_orders(capsys) == []


def test_order_add_refuses_a_misspelled_ability_with_the_players_own(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "{by: dave, ability: Кражаа, target: grace}")
    assert code == 1 and "неизвестная способность «Кражаа»; может быть: Кража" in err
    assert active_orders(capsys) == []


def test_order_add_refuses_an_ability_the_player_does_not_have(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "{by: grace, ability: Кража, target: dave}")
    assert code == 1 and "«Кража» — способность роли Вор, а роли игрока grace: Сыщик, Мирный житель" in err
    code, _, err = run(capsys, "order", "add", "{by: gracie, ability: Кража, target: dave}")
    assert code == 1 and "заявитель «gracie» — не игрок этой игры; может быть: grace" in err
    assert active_orders(capsys) == []


def test_a_stored_order_that_cannot_resolve_is_skipped_at_the_phase_end(tmp_path, capsys, monkeypatch):
    """An order that got into the store anyway (read before a role moved, an older gorod)
    does not stop the phase: it is skipped, and the GM is told which and how to drop it."""
    from config.game import load_game
    from gorod.loop.game import Game
    from gorod.store import Store

    path = dealt(tmp_path, capsys, monkeypatch)
    assert run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")[0] == 0
    game = Game(load_game(path), Store(tmp_path / "gorod.sqlite3"))
    bad = game.records.add_order("night 1", "{by: carol, ability: Исповедь, target: nobody}", "carol",
                                 source_kind="pm", source_id="7/7", given_at=game.now().isoformat())
    game.store.close()
    code, out, err = run(capsys, "state")
    assert code == 0 and f"#{bad}" in out and "не разрешится: цель «nobody»" in out
    assert f"снять: gorod order drop {bad}" in out
    code, out, err = run(capsys, "tally")
    assert code == 0 and "Фаза: Ночь 1" in out, err
    assert f"#{bad} {{by: carol, ability: Исповедь, target: nobody}} — не разрешится: цель «nobody»" in out
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0, err
    assert "night 1: night 1" not in out + err
    assert f"заявка #{bad} (ЛС от carol (сообщение 7)) «{{by: carol, ability: Исповедь, target: nobody}}» пропущена" in out
    assert "Ночь 1 разрешена" in out and "открыт день 1" in out
    code, out, _ = run(capsys, "order", "list", "--all", "--phase", "night 1")
    assert re.search(rf"#{bad} .*снята: пропущена при разрешении: цель «nobody»", out)


def test_phases_errors_and_deadlines_are_russian(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, out, _ = run(capsys, "state")
    assert "Открыта: Ночь 1" in out and "night 1" not in out.split("Заявки")[0]
    assert re.search(r"до \d\d\.\d\d \d\d:\d\d \(Москва\)", out)
    assert not re.search(r"\d\d:\d\d:\d\d\.\d+", out)            # no seconds, no microseconds
    code, _, err = run(capsys, "phase", "extend", "--hours", "100")
    assert code == 1 and "позже предела игрового дня" in err and re.search(r"\d\d\.\d\d \d\d:\d\d", err)
    assert "T" not in err.split(":", 1)[1] or "+00:00" not in err
    code, _, err = run(capsys, "order", "drop", "999")
    assert code == 1 and "нет заявки #999" in err


def test_nothing_opens_after_the_end_and_extend_and_end_are_refused(tmp_path, capsys, monkeypatch):
    import yaml
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["players"] = {"alice": {"open": "Мэр", "secret": "Мирный житель"},
                       "bob": {"open": "Оракул", "secret": "Мирный житель"},
                       "dave": {"open": "Вор", "secret": "Бес"},
                       "erin": {"open": "Бандит", "secret": "Мирный житель"}}
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "phase", "end", "--no-read")[0] == 0                    # night 1: day 1 opens
    for voter in ("alice", "bob"):
        assert run(capsys, "order", "add", f"{{by: {voter}, ability: Голосование, target: dave}}")[0] == 0
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0, err
    assert "День 1 разрешён" in out and "игра окончена" in out and "открыт" not in out
    code, out, _ = run(capsys, "state", "--json")
    assert json.loads(out)["open"] is None and json.loads(out)["game_over"]
    code, out, _ = run(capsys, "state")
    assert "Открыта:" not in out and "игра окончена, победа: Закон" in out
    for args in (("phase", "extend", "--hours", "2"), ("phase", "end", "--no-read"),
                 ("order", "add", "{by: alice, ability: Голосование, target: bob}")):
        code, _, err = run(capsys, *args)
        assert code == 1 and "игра окончена (день 1, победа: Закон)" in err, (args, err)


def test_parse_reads_the_dealt_roles_and_the_game_from_the_environment(tmp_path, capsys, monkeypatch):
    import io
    import yaml
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    del data["players"]["dave"]["secret"]                      # dealt from the pool: only the store knows
    data["secret_roles"] = ["Бес"]
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("Нападаю на grace"))
    code, out, err = run(capsys, "parse", "--from", "dave", "--secret")    # no --game: $GOROD_GAME
    assert code == 0, out + err
    assert json.loads(out)["orders"] == [{"by": "dave", "ability": "Нападение", "target": "grace"}]


def test_a_zombie_command_the_zombie_cannot_carry_out_is_refused_with_the_reason(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add",
                       "{by: alice, ability: Зомбирование, target: erin, command: {ability: Кража, target: Мэр}}")
    assert code == 1
    assert "явная роль игрока erin — Бандит, а «Кража» — действие роли Вор: зомби не сможет его выполнить" in err
    code, out, err = run(capsys, "order", "add",
                         "{by: alice, ability: Зомбирование, target: dave, command: {ability: Кража, target: Мэр}}")
    assert code == 0, err


def test_free_text_that_cannot_be_read_is_refused_with_the_parsers_candidates(tmp_path, capsys, monkeypatch):
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "Кража — грейсон", "--from", "dave")
    assert code == 1 and "не прочитано: «Кража — грейсон»" in err
    assert active_orders(capsys) == []


def test_order_add_from_settles_a_public_vote_as_the_post_it_came_from(tmp_path, capsys, monkeypatch):
    """Exam finding 13: ?N came from a thread post («Голосую за казнь фрэнка»); settling it
    in words with --from is read as that post (a vote counts there), not as a PM."""
    from gorod.loop.game import Game
    from scraper.orders import Reason, Unresolved

    path = dealt(tmp_path, capsys, monkeypatch)
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0          # day 1: votes are public
    game = Game.open(path)
    post_item = game.records.add_unresolved("day 1", "grace", Unresolved("Голосую за казнь фрэнка", Reason.NO_TARGET),
                                            source_kind="post", source_id="77", source_version=1, item=0)
    pm_item = game.records.add_unresolved("day 1", "heidi", Unresolved("голосую за frank", Reason.VOTE_IN_PM),
                                          source_kind="pm", source_id="5/9", source_version=1, item=0)
    game.store.close()
    code, out, err = run(capsys, "order", "add", "голосую за frank", "--from", "grace", "--resolves", str(post_item))
    assert code == 0, err
    assert "{by: grace, ability: Голосование, target: frank}" in out
    assert [u["id"] for u in json.loads(run(capsys, "state", "--json")[1])["unresolved"]] == [pm_item]
    # a PM's vote stays refused, and the refusal names the way for a post
    code, _, err = run(capsys, "order", "add", "голосую за frank", "--from", "heidi", "--resolves", str(pm_item))
    assert code == 1 and "голос в личном сообщении не засчитывается" in err
    assert "(если текст был постом в теме: --public)" in err
    code, out, err = run(capsys, "order", "add", "голосую за frank", "--from", "heidi", "--public")
    assert code == 0 and "{by: heidi, ability: Голосование, target: frank}" in out, err


def test_order_add_says_what_is_wrong_with_the_form_in_russian(tmp_path, capsys, monkeypatch):
    """Exam finding 8: PyYAML's English dump was shown; now the place and the problem."""
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "{by: dave ability: Кража}")
    assert code == 1 and "«{by: dave ability: Кража}»: позиция 18: в записи {…} после значения нужна запятая" in err
    assert "while parsing" not in err and "<unicode string>" not in err
    code, _, err = run(capsys, "order", "add", "{by: dave, abilty: Кража, target: grace}")
    assert code == 1 and "неизвестное поле «abilty»; может быть: ability" in err
    code, _, err = run(capsys, "order", "add", "{by: dave, target: grace}")
    assert code == 1 and "нет поля «ability»" in err
    code, _, err = run(capsys, "order", "add", "dave крадёт у grace")
    assert code == 1 and "нужна запись в фигурных скобках" in err and "или дайте --from НИК" in err
    assert active_orders(capsys) == []


def test_order_add_offers_the_authors_own_ability_by_the_players_slang(tmp_path, capsys, monkeypatch):
    """Exam finding 8: «Брейнс» for bob the Зомби suggested Ревность, Арест; his one attack
    is Bra-a-a-ains, which players call «брейнс» and «есть мозги»."""
    dealt(tmp_path, capsys, monkeypatch)
    code, _, err = run(capsys, "order", "add", "{by: bob, ability: Брейнс, target: grace}")
    assert code == 1 and "неизвестная способность «Брейнс»; может быть: Bra-a-a-ains" in err, err
    code, _, err = run(capsys, "order", "add", "{by: bob, ability: Мозги, target: grace}")
    assert code == 1 and "может быть: Bra-a-a-ains" in err, err
