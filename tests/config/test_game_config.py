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
    ({"player": {}}, "g.yaml: player: неизвестный ключ"),
    ({"players": {"Аня": {"open": "Король", "secret": "Бес"}}}, "players.Аня.open: неизвестная явная роль"),
    ({"players": {"Аня": {"open": "Мэр", "secret": "Бес"}, "Боря": {"open": "мэр", "secret": "Бес"}}},
     "players.Боря.open: роль Мэр уже у Аня"),
    ({"schedule": {"night_starts": "25:00"}}, "schedule.night_starts: нужно время ЧЧ:ММ"),
    ({"schedule": {"timezone": "Mars/Base"}}, "schedule.timezone: неизвестный часовой пояс"),
    ({"forum": {"thread_url": "ftp://x"}}, "forum.thread_url: нужен адрес http:// или https://"),
    ({"forum": {"password_env": "hunter 2"}}, "forum.password_env: нужно ИМЯ"),
    ({"poll_interval": 1}, "poll_interval: не меньше 10"),
    ({"rulings": {"cycle_mod": "fixed"}}, "cycle_mode"),
    ({"vote_count": {"every_hours": -1}}, "vote_count.every_hours: нужно число часов от 0.1 до 720, а не -1"),
    ({"vote_count": {"before_deadline_hours": [1, "два"]}},
     "vote_count.before_deadline_hours[1]: нужно число часов, а не 'два'"),
    ({"vote_count": {"every_hour": 6}}, "vote_count.every_hour: неизвестный ключ; может быть: every_hours"),
])
def test_errors_name_the_key(data, needle):
    with pytest.raises(GameConfigError) as exc:
        game_from_mapping(data, "g.yaml")
    assert needle in str(exc.value)


def test_malformed_yaml_names_the_file(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("players: [", encoding="utf-8")
    with pytest.raises(GameConfigError, match="bad.yaml: ошибка в YAML"):
        load_game(path)


@pytest.mark.parametrize("text, needle", [
    ("poll_interval: 300\npoll_interval: 60\n", "poll_interval"),
    ("players:\n  Аня: {open: Мэр}\n  Аня: {open: Вор}\n", "Аня"),
])
def test_a_key_given_twice_is_refused(tmp_path, text, needle):
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameConfigError, match="повторён") as exc:
        load_game(path)
    assert needle in str(exc.value)


def test_a_file_not_in_utf8_is_refused_with_its_line(tmp_path):
    path = tmp_path / "g.yaml"
    path.write_bytes("title: x\nplayers:\n  Аня: {open: Мэр}\n".encode("cp1251"))
    with pytest.raises(GameConfigError, match="строка 3: файл не в кодировке UTF-8"):
        load_game(path)


@pytest.mark.parametrize("data, needle", [
    ({"poll_interval": 2**63}, "poll_interval: не больше 86400"),
    ({"seed": 2**70}, "seed: не больше"),
    ({"forum": {"min_interval": float("nan")}}, "forum.min_interval: нужно число секунд"),
    ({"forum": {"min_interval": float("inf")}}, "forum.min_interval: нужно число секунд"),
    ({"forum": {"profile": "nosuchengine"}}, "forum.profile: нет такого профиля 'nosuchengine'; есть: "),
    ({"forum": {"gm_user": ["a"]}}, "forum.gm_user: нужна строка"),
    ({"schedule": {"max_day_hours": 10**9}}, "schedule.max_day_hours: не больше"),
    ({"title": {"a": 1}}, "title: нужна строка"),
    ({"parsing": [1]}, "parsing: нужен словарь"),
    ({"replay": "x"}, "replay: нужен словарь"),
    ({"setup": {"Аня": "Мирный житель"}}, "setup.Аня: нужен словарь"),
    ({"players": {"Аня": {"open": "Мэр", "secert": "Бес"}}}, "players.Аня.secert: неизвестный ключ"),
    ({"templates": 5}, "templates: нужен путь"),
    ({1: 2}, "1: ключ должен быть словом"),
])
def test_every_value_is_checked(data, needle):
    with pytest.raises(GameConfigError) as exc:
        game_from_mapping(data, "g.yaml")
    assert needle in str(exc.value)


def test_templates_must_be_a_folder(tmp_path):
    path = tmp_path / "g.yaml"
    (tmp_path / "file.txt").write_text("x", encoding="utf-8")
    path.write_text("templates: file.txt\n", encoding="utf-8")
    with pytest.raises(GameConfigError, match="templates: .*это файл, а не папка"):
        load_game(path)
    path.write_text("templates: missing\n", encoding="utf-8")
    with pytest.raises(GameConfigError, match="такой папки нет"):
        load_game(path)


@pytest.mark.parametrize("text, needle", [
    ("title: x\nplayers: {Аня: {open: Мэр} Боря: {open: Вор}}\n",
     "строка 2, столбец 28: в записи {…} после значения нужна запятая или «}»"),
    ("forum:\n\tprofile: spirit\n", "строка 2, столбец 1: символ табуляции: отступы в YAML — только пробелами"),
    ("pol_interval: 60\nthred_url: x\n",
     "pol_interval: неизвестный ключ; может быть: poll_interval; thred_url: неизвестный ключ"),
    ("forum:\n  thred_url: x\n", "forum.thred_url: неизвестный ключ; может быть: thread_url"),
    ("players:\n  carol: {open: Оракл}\n", "players.carol.open: неизвестная явная роль «Оракл»; может быть: Оракул"),
])
def test_config_errors_are_russian_with_the_nearest_name(tmp_path, text, needle):
    # exam finding 15: PyYAML's English, no nearest name, one unknown key of two
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GameConfigError) as exc:
        load_game(path)
    assert needle in str(exc.value)
    assert "expected" not in str(exc.value) and "found character" not in str(exc.value)


def test_a_missing_game_file_says_where_gorod_looks(tmp_path):
    with pytest.raises(GameConfigError, match=r"gmae.yaml: файл игры не найден \(укажите --game ФАЙЛ или переменную GOROD_GAME"):
        load_game(tmp_path / "gmae.yaml")
    with pytest.raises(GameConfigError, match="это папка, а не файл игры"):
        load_game(tmp_path)


def test_the_vote_count_schedule_is_off_by_default_and_read_when_given():
    base = {"players": {"Аня": {"open": "Мэр", "secret": "Бес"}}}
    assert not game_from_mapping(base, "g.yaml").vote_count.on
    given = game_from_mapping({**base, "vote_count": {"every_hours": 6, "before_deadline_hours": [1, 2.5]}}, "g.yaml")
    assert given.vote_count.on
    assert (given.vote_count.every_hours, given.vote_count.before_deadline_hours) == (6.0, (2.5, 1.0))
