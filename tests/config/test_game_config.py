"""The game config: every error names the file and the key path."""
from __future__ import annotations

import pytest

from config.game import GameConfigError, game_from_mapping, load_game


def test_a_full_config_loads(tmp_path):
    path = tmp_path / "game.yaml"
    path.write_text("""
title: Тест
forum: {profile: spirit, base_url: "http://127.0.0.1:8000", thread_url: "http://127.0.0.1:8000/topic/1/x/",
        gm_user: gm, password_env: GOROD_GM_PASSWORD}
players:
  Аня: {open: Мэр, secret: Мирный житель}
  Боря: {open: вор, secret: бес}
schedule: {night_starts: "22:00", day_starts: 10:30, max_day_hours: 48}
rulings: {cycle_mode: rolling}
seed: 7
""", encoding="utf-8")
    game = load_game(path)
    assert game.players == {"Аня": ("Мэр", "Мирный житель"), "Боря": ("Вор", "Бес")}
    assert game.schedule.day_starts == "10:30" and game.schedule.night_starts == "22:00"
    assert game.rulings["cycle_mode"] == "rolling" and game.seed == 7
    assert game.forum.password_env == "GOROD_GM_PASSWORD"


@pytest.mark.parametrize("data, needle", [
    ({"player": {}}, "g.yaml: player: unknown key"),
    ({"players": {"Аня": {"open": "Король", "secret": "Бес"}}}, "players.Аня.open: unknown open role"),
    ({"players": {"Аня": {"open": "Мэр", "secret": "Бес"}, "Боря": {"open": "мэр", "secret": "Бес"}}},
     "players.Боря.open: Мэр is already held by Аня"),
    ({"schedule": {"night_starts": "25:00"}}, "schedule.night_starts: expected HH:MM"),
    ({"schedule": {"timezone": "Mars/Base"}}, "schedule.timezone: unknown time zone"),
    ({"forum": {"thread_url": "ftp://x"}}, "forum.thread_url: must be an http(s) URL"),
    ({"forum": {"password_env": "hunter 2"}}, "forum.password_env: the NAME"),
    ({"poll_interval": 1}, "poll_interval: must be at least 10"),
    ({"rulings": {"cycle_mod": "fixed"}}, "cycle_mode"),
])
def test_errors_name_the_key(data, needle):
    with pytest.raises(GameConfigError) as exc:
        game_from_mapping(data, "g.yaml")
    assert needle in str(exc.value)


def test_malformed_yaml_names_the_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("players: [", encoding="utf-8")
    with pytest.raises(GameConfigError, match="bad.yaml: malformed YAML"):
        load_game(path)
