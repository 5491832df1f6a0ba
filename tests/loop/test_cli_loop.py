"""The game-loop commands as a GM types them (the README's «A GM's day», offline: the
commands that need no forum), and their errors: one line naming the place, never a
traceback, and nothing stored lost."""
from __future__ import annotations

import json

import yaml

from gorod.cli import main
from loopdata import PLAYERS


def run(capsys, *args) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def make_config(tmp_path, capsys, monkeypatch) -> str:
    path = tmp_path / "game.yaml"
    code, out, _ = run(capsys, "init", str(path))
    assert code == 0 and "gorod deal" in out
    assert run(capsys, "init", str(path))[0] == 1            # never overwritten
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    data["players"] = PLAYERS
    data["secret_roles"] = []
    data["forum"]["base_url"] = "http://127.0.0.1:9"        # nothing there: these commands stay offline
    data["forum"]["thread_url"] = "http://127.0.0.1:9/topic/1/x/"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    monkeypatch.setenv("GOROD_GAME", str(path))
    return str(path)


def test_a_gms_day_offline(tmp_path, capsys, monkeypatch):
    make_config(tmp_path, capsys, monkeypatch)
    code, out, err = run(capsys, "deal")
    assert code == 0, err
    assert "Роли розданы" in out and "Черновиков стартовых ЛС: 9" in out
    code, out, _ = run(capsys, "drafts")
    assert out.count("ждёт") == 9 and "ЛС alice" in out
    code, out, _ = run(capsys, "show", "1")
    assert "Ваша тайная роль: Лич" in out and "Проверка тайн: чисто" in out
    assert run(capsys, "approve", "--all")[0] == 0
    assert json.loads(run(capsys, "drafts", "--json")[1])[0]["state"] == "approved"

    code, out, err = run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")
    assert code == 0 and out.startswith("#1 {by: dave, ability: Нападение, target: grace}"), err
    code, out, _ = run(capsys, "order", "add", "Исповедую erin", "--from", "carol")
    assert "#2 {by: carol, ability: Исповедь, target: erin}" in out
    assert run(capsys, "order", "drop", "2")[0] == 0
    code, out, _ = run(capsys, "order", "list", "--all")
    assert "#2 [Ночь 1]" in out and "(снята: снята мастером)" in out
    code, out, _ = run(capsys, "state")
    assert "Открыта: Ночь 1" in out and "#1 {by: dave, ability: Нападение, target: grace}" in out
    assert "Лич" in out                                       # the GM's table shows the secret roles

    assert run(capsys, "phase", "extend", "--hours", "2")[0] == 0
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0 and "Ночь 1 разрешена" in out, err
    code, out, _ = run(capsys, "drafts")
    assert "новости" in out and "Ночь 1 (Новолуние)" in out
    code, out, _ = run(capsys, "state", "--at", "night 1", "--json")
    assert json.loads(out)["phase"] == "night 1"
    code, out, _ = run(capsys, "state", "--at", "start", "--json")
    assert json.loads(out)["phase"] == "start"

    news_id = next(d["id"] for d in json.loads(run(capsys, "drafts", "--json")[1]) if d["kind"] == "news")
    story = tmp_path / "story.txt"
    story.write_text("Ночь была тёмной.\n", encoding="utf-8")
    code, out, _ = run(capsys, "edit", str(news_id), "--file", str(story))
    assert code == 0 and "исправлен" in out
    assert run(capsys, "reject", str(news_id))[0] == 0
    code, out, _ = run(capsys, "drafts", "--all", "--json")
    assert next(d for d in json.loads(out) if d["id"] == news_id)["state"] == "rejected"


def test_errors_name_the_place_and_lose_nothing(tmp_path, capsys, monkeypatch):
    path = make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    code, _, err = run(capsys, "deal")
    assert code == 1 and "роли уже розданы" in err
    code, _, err = run(capsys, "show", "999")
    assert code == 1 and "gorod show: нет черновика #999" in err
    code, _, err = run(capsys, "order", "add", "{by: dave")
    assert code == 1 and "gorod order add: не заявка" in err
    code, _, err = run(capsys, "state", "--at", "noon 3")
    assert code == 2 and "--at («start» — до первой фазы): не фаза: «noon 3» (пишите «ночь 2» или «день 3»" in err
    # every command that takes a phase refuses a typo the same way, never with a traceback
    code, _, err = run(capsys, "redraft", "day 6x")
    assert code == 2 and err.startswith("gorod redraft: не фаза: «day 6x» (пишите «ночь 2» или «день 3»"), err
    code, _, err = run(capsys, "order", "list", "--phase", "ночь 0")
    assert code == 2 and "gorod order list: --phase: не фаза: «ночь 0»" in err
    code, _, err = run(capsys, "order", "list", "--phase", "Ночь 1 (Полнолуние)")   # night 1 is a Новолуние
    assert code == 2 and "не фаза: «Ночь 1 (Полнолуние)» (у ночи 1 луна — Новолуние; пишите «ночь 1»)" in err
    code, _, err = run(capsys, "order", "list", "--phase", "день 1 (Новолуние)")
    assert code == 2 and "(у дня луны нет; пишите «день 1»)" in err
    assert run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")[0] == 0
    # the forms a GM types all name the same phase: with or without the space, Russian or
    # English, any case, and the title of a draft copied whole
    for typed in ("Ночь 1", "ночь1", "НОЧЬ 1", "night1", "night 1", "Ночь 1 (Новолуние)"):
        code, out, err = run(capsys, "order", "list", "--phase", typed)
        assert code == 0 and "[Ночь 1] {by: dave, ability: Нападение" in out, (typed, err)
    code, _, err = run(capsys, "redraft", "day6")                   # read as «день 6», not a traceback
    assert code == 1 and "фаза «День 6» не разрешена" in err, err
    code, _, err = run(capsys, "phase", "extend", "--hours", "100")
    assert code == 1 and "позже предела игрового дня" in err
    # a broken config is refused with its key path; the store is untouched
    text = open(path, encoding="utf-8").read()
    open(path, "w", encoding="utf-8").write(text.replace("poll_interval: 300", "poll_interval: often"))
    code, _, err = run(capsys, "drafts")
    assert code == 2 and "poll_interval: нужно целое число" in err
    open(path, "w", encoding="utf-8").write(text)
    assert run(capsys, "drafts")[1].count("ждёт") == 9


def test_a_rejected_draft_is_posted_only_if_approved_again_and_the_help_says_so(tmp_path, capsys, monkeypatch):
    # Re-approval is the undo of a mistaken «Отклонить» (the console offers it too); the help must
    # not promise «never posted», and approving a rejected draft says what it now means.
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "reject", "1")[0] == 0
    code, out, _ = run(capsys, "approve", "--all")           # --all never takes a rejected one
    assert code == 0 and "#1 " not in out
    code, out, err = run(capsys, "approve", "1")
    assert code == 0 and "#1 одобрен (был отклонён; теперь будет отправлен)" in out, err
    from gorod.cli import build_parser
    helps = build_parser().format_help()
    assert "never posted" not in helps and "не отправится, если не одобрить его снова" in helps


def test_a_dealt_games_own_store_replays_with_the_dealt_secret_roles(tmp_path, capsys, monkeypatch):
    # README: SOURCE may be «a running game's store»; when `gorod deal` drew the secret roles
    # they are in the store, not in game.yaml (it failed with «unknown secret role ''»).
    path = make_config(tmp_path, capsys, monkeypatch)
    data = yaml.safe_load(open(path, encoding="utf-8"))
    data["players"] = {nick: {"open": p["open"]} for nick, p in PLAYERS.items()}
    data["secret_roles"] = [p["secret"] for p in PLAYERS.values()]
    open(path, "w", encoding="utf-8").write(yaml.safe_dump(data, allow_unicode=True))
    assert run(capsys, "deal")[0] == 0
    dealt = json.loads(run(capsys, "state", "--json")[1])["players"]
    code, out, err = run(capsys, "replay", str(tmp_path / "gorod.sqlite3"), "--game", path)
    assert code == 0, err
    assert "неизвестная тайная роль" not in err
    for nick, player in dealt.items():      # the replay's table shows the roles the deal drew
        line = next(l for l in out.splitlines() if l.strip().startswith(nick + " "))
        assert player["secret"] in line, (nick, line)
    empty = tmp_path / "pages"
    empty.mkdir()
    code, _, err = run(capsys, "replay", str(empty), "--game", path)   # no store, no secrets: said in Russian
    assert code == 2 and "нет тайной роли у игроков: alice" in err and "gorod deal" in err


def test_phase_end_twice_does_not_end_the_phase_it_just_opened(tmp_path, capsys, monkeypatch):
    # A repeated `gorod phase end` (↑ Enter) ended day 1 seconds after it opened, with no votes.
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "order", "add", "{by: dave, ability: Нападение, target: grace}")[0] == 0
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 0 and "Ночь 1 разрешена" in out and "не было ни одной заявки" not in out, err
    code, out, err = run(capsys, "phase", "end", "--no-read")
    assert code == 1 and out == ""
    assert "День 1 открыт 0 мин назад" in err and "заявок пока нет" in err and "Ничего не сделано" in err
    assert 'gorod phase end --yes (или gorod phase end "день 1")' in err
    assert json.loads(run(capsys, "state", "--json")[1])["open"]["phase"] == "day 1"    # nothing ended
    code, _, err = run(capsys, "phase", "end", "--no-read", "ночь 2")
    assert code == 1 and "открыт день 1, а не ночь 2: ничего не сделано" in err
    code, out, err = run(capsys, "phase", "end", "--no-read", "день 1")          # named: the GM means it
    assert code == 0 and "Внимание: в фазе «День 1» не было ни одной заявки." in out and "День 1 разрешён" in out, err
    code, out, err = run(capsys, "phase", "end", "--no-read", "--yes")
    assert code == 0 and "Ночь 2 разрешена" in out, err


def test_a_second_worker_on_the_same_game_is_refused_naming_the_first(tmp_path, capsys, monkeypatch):
    # Two `gorod run` on one game (cron + a hand-run one) ran side by side without a word.
    import subprocess
    import sys

    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    store = str(tmp_path / "gorod.sqlite3")
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from gorod.loop.lock import worker_lock\n"
         "with worker_lock(sys.argv[1]):\n print('held', flush=True); time.sleep(60)", store],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        code, out, err = run(capsys, "run", "--once", "--no-read", "--no-post")
        assert code == 1 and out == ""
        assert f"с этой игрой уже работает другой gorod run (PID {holder.pid};" in err
        assert f"kill {holder.pid}" in err and "ничего не сделано" in err
    finally:
        holder.kill()
        holder.wait()
    code, out, err = run(capsys, "run", "--once", "--no-read", "--no-post")   # a killed worker leaves no lock
    assert code == 0, err


def test_the_gm_reads_draft_kinds_and_repeated_approvals_in_russian(tmp_path, capsys, monkeypatch):
    # exam findings 19 and 9: «ждёт receipt ЛС dave», «почему?» ending in «receipt», «одобрен, а не ждёт»
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    code, out, _ = run(capsys, "drafts")
    assert "ждёт      роль" in out and " start " not in out
    code, out, _ = run(capsys, "show", "1")
    assert out.startswith("#1 роль → ЛС alice")
    assert run(capsys, "approve", "1")[0] == 0
    code, _, err = run(capsys, "approve", "1")
    assert code == 1 and "черновик #1 уже одобрен" in err and "а не ждёт" not in err
    assert json.loads(run(capsys, "drafts", "--json")[1])[0]["kind"] == "start"   # the JSON keeps the key


def test_a_tie_in_the_tally_is_said_once(tmp_path, capsys, monkeypatch):
    """Exam finding 27: «казни не будет (ничья: казни нет)» said it twice."""
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    assert run(capsys, "phase", "end", "--no-read", "--yes")[0] == 0            # day 1
    for order in ("{by: bob, ability: Голосование, target: dave}", "{by: grace, ability: Голосование, target: erin}"):
        assert run(capsys, "order", "add", order)[0] == 0
    code, out, _ = run(capsys, "tally")
    assert code == 0 and "Если день кончится сейчас, казни не будет (ничья)." in out, out


def test_order_add_cuts_quotes_out_of_the_text(tmp_path, capsys, monkeypatch):
    """Issue 24: a quote pasted into `gorod order add` is someone else's words, no order."""
    make_config(tmp_path, capsys, monkeypatch)
    assert run(capsys, "deal")[0] == 0
    code, out, err = run(capsys, "order", "add", "[quote=erin]Исповедую frank[/quote]\nИсповедую erin",
                         "--from", "carol")
    assert code == 0, err
    assert "#1 {by: carol, ability: Исповедь, target: erin}" in out and "frank" not in out
    code, _, err = run(capsys, "order", "add", "[quote=erin]Исповедую frank[/quote]", "--from", "carol")
    assert code != 0 and "нет заявки" in err
