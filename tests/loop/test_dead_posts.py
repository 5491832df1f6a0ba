"""Exam finding 23: «Кладбище (он же Мертв) - персонаж … не может писать игровые посты»;
a dead player posting in the thread is put before the GM (his call what to do), in Russian."""
from __future__ import annotations

from gorod.cli import main
from gorod.loop import add_order, cycle, deal, end_now
from gorod.loop.inbox import KIND_RU
from gorod.loop.records import NoticeKind


def test_a_post_from_the_graveyard_is_a_notice(make_game, forum, clock, tmp_path, capsys):
    game = make_game()
    deal(game)
    clock.at("13:00")
    end_now(game, read=False, confirmed=True)                       # day 1
    for voter in ("alice", "bob", "carol", "dave", "erin"):
        add_order(game, f"{{by: {voter}, ability: Голосование, target: grace}}")
    clock.at("14:00")
    end_now(game, read=False, confirmed=True)                       # grace executed; night 2
    assert game.fold()[0].players["grace"].dead
    clock.at("15:00")
    forum.post("grace", "голосую за alice, я с того света", clock.now)
    forum.post("heidi", "alice подозрительна", clock.now)
    cycle(game, post=False)
    dead = [n for n in game.records.notices() if n.kind == NoticeKind.DEAD_POST]
    assert len(dead) == 1 and dead[0].text.startswith("grace на Кладбище, а пишет в теме (пост ")
    assert "«голосую за alice, я с того света»" in dead[0].text and "не может писать игровые посты" in dead[0].text
    assert main(["state", "--game", str(tmp_path / "game.yaml")]) == 0
    assert f"[{KIND_RU[NoticeKind.DEAD_POST]}] grace на Кладбище" in capsys.readouterr().out


def test_every_notice_kind_has_its_russian_name():
    assert set(KIND_RU) == set(NoticeKind)
