"""The replay: the bundled demo game replays with no difference from its GM, a changed deal
shows the differences with their traces, the GM's mechanical text is read by the game's
settings, and the `replay:` section is validated with key paths."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
import yaml

from config.game import GameConfigError, game_from_mapping, load_game
from engine import events as ev
from gorod.cli import main
from gorod.demo import DEMO_DIR, run_demo
from gorod.replay.replayer import replay
from gorod.replay.settings import replay_settings
from gorod.replay.gm import Fact, engine_facts, gm_facts, implied_facts, mechanical_text
from gorod.replay.source import Message
from scraper.model import Emphasis
from scraper.orders import Roster

GAME = DEMO_DIR / "game.yaml"
THREAD = DEMO_DIR / "thread"
PMS = DEMO_DIR / "pms"
ROSTER = Roster.from_mapping({"Аня": {}, "Боря": {}, "Вера": {}, "Игорь": {}})


def _game(path=GAME):
    return load_game(path, extra_keys=frozenset({"replay"}))


def test_demo_game_replays_with_no_difference():
    report = replay(_game(), str(THREAD), str(PMS))
    assert report.differences == [] and report.errors == []
    assert [str(p.phase) for p in report.phases] == [
        f"{kind} {n}" for n in range(1, 6) for kind in ("night", "day")]
    assert report.state.game_over and report.state.winner == "НЖ"
    # every order came from the pages: votes in the thread, secret orders in the PMs
    assert sum(len(p.orders) for p in report.phases) == 62
    assert sum(p.from_pms for p in report.phases) == 33
    assert all(not p.unresolved and not p.late for p in report.phases)


def test_replay_is_deterministic():
    first = replay(_game(), str(THREAD), str(PMS))
    second = replay(_game(), str(THREAD), str(PMS))
    assert [p.events for p in first.phases] == [p.events for p in second.phases]


def test_schedule_boundaries_give_the_same_game(tmp_path):
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    data["replay"].update(boundaries="schedule", first_night="2026-11-02 22:00")
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    report = replay(_game(path), str(THREAD), str(PMS))
    assert report.differences == [] and len(report.phases) == 10


def test_a_different_deal_shows_differences_with_traces(tmp_path):
    """Боря as a Мирный житель: the day 1 reveal differs from what the GM announced."""
    data = yaml.safe_load(GAME.read_text(encoding="utf-8"))
    data["players"]["Боря"]["secret"] = "Мирный житель"
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    report = replay(_game(path), str(THREAD), str(PMS))
    day1 = next(p for p in report.phases if str(p.phase) == "day 1")
    assert {(d.side, d.fact) for d in day1.differences} == {
        ("gorod", Fact("revealed", "Боря", "Мирный житель")), ("gm", Fact("revealed", "Боря", "Бес"))}
    ours = next(d for d in day1.differences if d.side == "gorod")
    assert "Голосование" in ours.trace                      # the engine's cause
    theirs = next(d for d in day1.differences if d.side == "gm")
    assert "Тайная роль игрока Боря: Бес" in theirs.trace   # the GM's own words


def test_cli_exit_status_says_whether_there_were_differences(tmp_path, capsys):
    assert main(["replay", str(THREAD), "--game", str(GAME), "--pms", str(PMS)]) == 0
    out = capsys.readouterr().out
    assert "расхождений с мастером: 0" in out
    # without the GM's PMs the secret orders are missing: the night results differ
    assert main(["replay", str(THREAD), "--game", str(GAME)]) == 1
    out = capsys.readouterr().out
    assert "≠" in out and "Расхождения с мастером" in out
    assert main(["replay", str(tmp_path / "nothing"), "--game", str(GAME)]) == 2


def test_pms_as_json(tmp_path):
    """An export of the GM's PMs as JSON works like the saved PM pages."""
    from gorod.replay.source import pm_messages
    from config.profiles import load_profile
    items = [{"sender": m.author, "sent_at": m.when.isoformat(), "text": m.text, "id": m.id}
             for m in pm_messages(str(PMS), load_profile("spirit"))]
    path = tmp_path / "pms.json"
    path.write_text(json.dumps(items, ensure_ascii=False), encoding="utf-8")
    report = replay(_game(), str(THREAD), str(path))
    assert report.differences == []


def test_late_orders_during_resolve_are_listed_not_resolved():
    """«Просьба не давать заявки во время резолва»: a vote after the GM's «Резолв» is late."""
    from gorod.replay.replayer import Replayer
    from gorod.replay.source import thread_messages, pm_messages
    from config.profiles import load_profile
    profile = load_profile("spirit")
    replayer = Replayer(_game(), pm_messages(str(PMS), profile))
    late = None
    for message in thread_messages(str(THREAD), profile):
        list(replayer.feed(message))
        if late is None and replayer.resolving and str(replayer.current.phase) == "day 1":
            late = Message("x1", "Вера", message.when, "Голосую против Аня")
            list(replayer.feed(late))
    list(replayer.finish())
    day1 = next(p for p in replayer.done if str(p.phase) == "day 1")
    assert [(m.author, o.target) for m, o in day1.late] == [("Вера", "Аня")]
    assert day1.differences == []


def test_mechanical_text_by_colour_bold_and_label():
    post = Message("1", "Мастер", None, "Ночь прошла.\nКомментарий: Аня попадает в Лазарет.\n\nХудожество.",
                   (Emphasis("Боря убит.", color="#ff9900"), Emphasis("Красиво", bold=True),
                    Emphasis("Вера казнена.", color="red")))
    settings = replay_settings(game_from_mapping({"replay": {"host": "Мастер"}}, extra_keys=frozenset({"replay"})))
    assert mechanical_text(post, settings.gm_text) == "Боря убит."
    bold = replay_settings(game_from_mapping(
        {"replay": {"host": "M", "gm_text": {"colors": [], "bold": True, "label": "комментарий"}}},
        extra_keys=frozenset({"replay"})))
    assert mechanical_text(post, bold.gm_text).splitlines() == ["Красиво", "Аня попадает в Лазарет."]


@pytest.mark.parametrize("text, facts", [
    ("По итогам Дневного Вече казнён игрок Боря.", {("executed", "Боря", ""), ("status", "Боря", "Кладбище")}),
    ("Казнена Вера (Зомби).", {("executed", "Вера", ""), ("status", "Вера", "Кладбище"),
                               ("revealed", "Вера", "Зомби")}),
    ("Тайная роль игрока Игорь: Начальник стражи.", {("revealed", "Игорь", "Начальник стражи")}),
    ("Этой ночью убит Игорь.", {("status", "Игорь", "Кладбище")}),
    ("Аню отправили в Лазарет.", {("status", "Аня", "Лазарет")}),
    ("Игрок Аня покидает Лазарет.", {("left", "Аня", "Лазарет")}),
    ("Вера и Боря отправляются в Тюрьму.", {("status", "Вера", "Тюрьма"), ("status", "Боря", "Тюрьма")}),
    ("Игрок Боря возвращается с Кладбища.", {("left", "Боря", "Кладбище")}),
    ("Явная роль игрока Аня: Мэр (бывший).", set()),
    ("Применена способность «Аутодафе» (цель: Боря).", set()),
])
def test_gm_facts(text, facts):
    assert {(f.kind, f.player, f.value) for f, _ in gm_facts(text, ROSTER)} == facts


def test_engine_facts_merge_a_death_and_its_status():
    cause = ev.Cause("N19")
    events = [ev.Died("night 1", cause, "Боря"), ev.StatusChanged("night 1", cause, "Боря", "none", "Кладбище"),
              ev.Revealed("night 1", cause, "Боря", "Бес"), ev.StatusChanged("night 1", cause, "Аня", "Лазарет", "none")]
    assert set(engine_facts(events)) == {Fact("status", "Боря", "Кладбище"), Fact("revealed", "Боря", "Бес"),
                                         Fact("left", "Аня", "Лазарет")}


def test_the_blessings_lazaret_visit_is_a_fact_the_gm_may_state_or_leave_to_the_blessing():
    """«О том, что Священник попадал в Лазарет, наутро пишется»: gorod tells the visit; a GM
    who wrote only «применено Божественное благословление» told it too."""
    blessed = ev.Announced("night 1", ev.Cause("Божественное благословление"), "Божественное благословление",
                           by="Аня", target="Аня", visited="Лазарет")
    assert engine_facts([blessed]) == {}
    assert set(implied_facts([blessed])) == {Fact("status", "Аня", "Лазарет"), Fact("left", "Аня", "Лазарет")}
    assert implied_facts([ev.Announced("night 1", ev.Cause("x"), "Преемственность", by="Аня", target="Боря")]) == {}


@pytest.mark.parametrize("section, message", [
    ({"hots": "x"}, "replay.hots: неизвестный ключ"),
    ({"gm_text": {"colors": ["orange", 3]}}, "replay.gm_text.colors[1]"),
    ({"gm_text": {"colors": [], "bold": False}}, "replay.gm_text: так ничто не сочтётся"),
    ({"phase_header": "(ночь"}, "replay.phase_header: это не регулярное выражение"),
    ({"phase_header": "ночь"}, "replay.phase_header: нужны две группы"),
    ({"boundaries": "moon"}, "replay.boundaries"),
    ({"boundaries": "schedule"}, "replay.first_night: нужно при boundaries: schedule"),
])
def test_replay_section_errors_name_the_key_path(section, message):
    game = game_from_mapping({"replay": section}, "g.yaml", extra_keys=frozenset({"replay"}))
    with pytest.raises(GameConfigError) as err:
        replay_settings(game)
    assert str(err.value).startswith("g.yaml: ") and message in str(err.value)


def test_demo_prints_drafts_and_a_summary():
    out = io.StringIO()
    assert run_demo(out=out) == 0
    text = out.getvalue()
    assert "=== Ночь 5 (Полулуние) ===" in text and "=== День 5 ===" in text
    assert "Игра окончена. Победа: Нежить (НЖ)." in text
    assert "Итог по фазам:" in text and "расхождений с мастером: 0" in text
    assert "Заявка «Укус» отклонена: способность перезаряжается." in text
    # exam finding 31: the start has no news post; the end says the winner as the news does
    start = text.split("=== Начало игры ===", 1)[1].split("=== Ночь 1", 1)[0]
    assert "Сводка новостей" not in start and "Ничего примечательного" not in start
    assert "Стартовые ЛС (черновики gorod): каждому игроку — его явная и тайная роль; кроме того узнают:" in start
    assert "Игра окончена, победа: Нежить (НЖ)." in text and "победитель: НЖ" not in text


def test_progress_bar(tmp_path):
    from gorod.replay.report import ProgressBar
    out = io.StringIO()
    replay(_game(), str(THREAD), str(PMS), progress=ProgressBar(out))
    assert out.getvalue().endswith("страниц 5/5\n")


def test_game_store_as_source(tmp_path):
    """A running game's store (gorod's SQLite, as the pollers fill it) is a source too."""
    from gorod.store import Store
    from scraper.extract import extract_file, page_files
    from config.profiles import load_profile
    store = Store(tmp_path / "game.sqlite3")
    posts = store
    profile = load_profile("spirit")
    posts.ensure_thread("topic:demo", "topic", "http://127.0.0.1/topic/1/")
    n = 0
    for file in page_files(THREAD):
        for post in extract_file(file, profile).posts:
            n += 1
            posts.record("topic:demo", post.id, sort_key=n, page=post.page or 1, change="new", hash=str(n),
                         data=post.to_json(), seen_at="2026-11-10T00:00:00+00:00")
    store.close()
    report = replay(_game(), str(tmp_path / "game.sqlite3"), str(PMS))
    assert report.differences == [] and report.posts == 98


def test_benchmark_archive_replays_like_the_demo(tmp_path):
    """The benchmark's synthetic archive (the demo's posts repeated) changes nothing the
    engine sees: the replay still matches every announcement (no timing asserted)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_replay", DEMO_DIR.parents[2] / "benchmarks" / "replay.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    n = bench.build_archive(tmp_path / "archive", 300)
    report = replay(_game(), str(tmp_path / "archive"), str(PMS))
    assert n == report.posts == 300 and report.differences == []
