"""The README's «A GM's day», run as written on the real Spirit forum (issue 15: «Done when»).

Every `gorod …` line of that section's shell blocks is run, in the README's order, as the
GM types it — the names of the README's players and its example ids replaced by this
game's (the forum's seeded users; the ids the earlier commands printed), nothing else —
and between the blocks the players write in the thread and send PMs over HTTP. The bad
inputs of the section are run too and must fail as its comments say. Two steps the README
describes in prose are the test's own: the worker's next round (`gorod run --once`) where
the README says the worker reads the night's PMs, and the console's «Закончить фазу сейчас»
where it says «at the deadline» (the console's bad inputs are tried there too). The test
checks that no example was left out.

gorod's clock in this process runs two minutes behind (Spirit shows times to the minute),
as in test_realforum_game.py; the commands run through `gorod.cli.main`, and the endless
`gorod run` and the forum-down check as real processes.
"""
from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
import yaml

from werkzeug.test import Client

from config.profiles import load_profile
from gorod.cli import main
from gorod.store import Store
from scraper.poll import PmPoller, ThreadPoller
from gorod.loop.game import Game
from gorod.web import Console
from gorod.web.security import csrf_token

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from test_readme import gm_day_examples  # noqa: E402
from test_realforum_game import realforum  # noqa: E402  (the Spirit forum's fixtures module)

import forum_seed  # noqa: E402

@pytest.fixture
def forum(monkeypatch):
    """The real Spirit forum of `make test` (test_realforum_game's `forum` now runs on every engine)."""
    return realforum._forum("GOROD_REALFORUM_URL", "open", monkeypatch)


def thread_posts(forum) -> list:
    poller = ThreadPoller(forum.client(), load_profile("spirit"), Store(":memory:"), forum.url + forum.topic_url)
    return [e.post for e in poller.poll() if e.post is not None]


def inbox(forum, nick: str) -> list:
    poller = PmPoller(forum.client(nick), load_profile("spirit"), Store(":memory:"))
    return [e.message for e in poller.poll() if e.message is not None and e.message.sender == "gm"]


ROLES = {
    "alice": ("Мэр", "Лич"), "bob": ("Оракул", "Гончая Ада"), "carol": ("Священник", "Демонолог"),
    "dave": ("Вор", "Бес"), "erin": ("Бандит", "Начальник стражи"), "frank": ("Лекарь", "Стражник"),
    "grace": ("Сыщик", "Мирный житель"), "heidi": ("Богач", "Дознаватель"), "мирон": ("Цыганка", "Мирный житель"),
}
# The README's players (and the forms its examples write them in) as this game's.
NAMES = {"Аня": "alice", "Боря": "bob", "Вера": "carol", "Гену": "dave", "Гена": "dave", "Геня": "dav"}


TOKEN = "readme-walk-token"


def behind() -> datetime:
    return datetime.now(timezone.utc) - timedelta(minutes=2)


class Walk:
    """The README's examples, taken one by one in order; each is run with the ids given."""

    def __init__(self, capsys, cwd: Path) -> None:
        self.examples = gm_day_examples()
        self.next = 0
        self.capsys = capsys
        self.cwd = cwd

    def line(self, expect: str) -> str:
        line = self.examples[self.next]
        assert line == expect, f"README example #{self.next}: {line!r}, the walk expected {expect!r}"
        self.next += 1
        return line

    def run(self, expect: str, ids: dict[str, int] | None = None, code: int = 0) -> str:
        line = self.line(expect)
        for readme, ours in NAMES.items():
            line = re.sub(rf"(?<!\w){readme}(?!\w)", ours, line)
        for readme, ours in (ids or {}).items():
            line = re.sub(rf"(?<![\w?#]){readme}(?!\w)", str(ours), line)
        argv = shlex.split(line)[1:]
        got = main(argv)
        out, err = self.capsys.readouterr()
        assert got == code, f"{line}: exit {got}\n{out}\n{err}"
        return out + err


def fill_in(path: Path, forum) -> None:
    """What the README's «then fill in forum: and players:» asks of the GM."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    moscow = (datetime.now(timezone.utc) + timedelta(hours=2)).strftime("%H:%M")   # no deadline in the test
    data["forum"].update({"base_url": forum.url, "thread_url": forum.url + forum.topic_url, "gm_user": "gm",
                          "min_interval": 0})
    data["players"] = {nick: {"open": o, "secret": s} for nick, (o, s) in ROLES.items()}
    data["secret_roles"] = []
    data["schedule"].update({"night_starts": moscow, "day_starts": moscow})
    data["seed"] = 5
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")


def test_a_gms_day_as_the_readme_writes_it(forum, tmp_path, capsys, monkeypatch):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    opened = Game.open.__func__
    monkeypatch.setattr(Game, "open", classmethod(lambda cls, path, **kw: opened(cls, path, now=behind, **kw)))
    walk = Walk(capsys, tmp_path)
    writers = {nick: forum.writer(nick) for nick in ROLES}

    out = walk.run("gorod init game.yaml")
    assert out.index("gorod run --once") < out.index("gorod deal")
    fill_in(tmp_path / "game.yaml", forum)
    # `export GOROD_GM_PASSWORD=...` and `export GOROD_GAME=game.yaml`:
    monkeypatch.setenv("GOROD_GM_PASSWORD", forum_seed.PASSWORDS["gm"])
    monkeypatch.setenv("GOROD_GAME", "game.yaml")

    out = walk.run("gorod run --once")
    assert f"прочитано: постов {len(forum_seed.TOPIC_POSTS)}" in out
    out = walk.run("gorod deal")
    assert "Роли розданы" in out and "открыта ночь 1 до" in out and "(Москва)" in out
    out = walk.run("gorod drafts")
    assert out.count("ждёт") == 9 and "ЛС alice" in out
    out = walk.run("gorod show 1")
    assert "Проверка тайн: чисто" in out
    walk.run("gorod approve --all")

    # `gorod run`: the worker, until the GM stops it (here: after its first round)
    walk.line("gorod run")
    worker = subprocess.Popen([sys.executable, "-m", "gorod", "run"], cwd=tmp_path, env={**os.environ},
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first = worker.stdout.readline()
        # each line of a round carries its time: «[02.12 10:00:05] прочитано: …»
        assert re.match(r"\[\d\d\.\d\d \d\d:\d\d:\d\d\] прочитано:", first), first
        deadline = time.monotonic() + 60
        while len(inbox(forum, "alice")) < 1 and time.monotonic() < deadline:
            time.sleep(0.5)
    finally:
        worker.send_signal(signal.SIGINT)
        assert worker.wait(timeout=30) == 130
    assert len(inbox(forum, "alice")) == 1 and len(inbox(forum, "мирон")) == 1

    # ---- the night: PMs to the GM; the worker's next round reads them
    writers["bob"].send_pm(["gm"], "Ночь 1", "кусаю Гошу")                       # an unknown target
    writers["carol"].send_pm(["gm"], "Вопрос", "Мастер, можно сменить маску?")    # no order: the inbox
    writers["carol"].send_pm(["gm"], "Ночь 1", "Исповедую erin")
    main(["run", "--once"])
    assert "заявок 1" in capsys.readouterr().out

    out = walk.run("gorod state")
    assert "Открыта: Ночь 1, с " in out and "night 1" not in out.split("Заявки")[0]
    [unresolved] = re.findall(r"\?(\d+) bob: «кусаю Гошу»", out)
    assert "ЛС от carol: «Мастер, можно сменить маску?»" in out and "Форум прочитан: " in out
    out = walk.run("gorod inbox")
    [letter] = re.findall(r"#(\d+) \[письмо\] ЛС от carol", out)
    out = walk.run("gorod inbox --read 4", {"4": int(letter)})
    assert f"#{letter} прочитано" in out and "маску" not in walk_inbox(capsys)
    out = walk.run('gorod order add "{by: Боря, ability: Укус, target: Гена}" --resolves 7', {"7": int(unresolved)})
    assert "{by: bob, ability: Укус, target: dave}" in out
    out = walk.run('gorod order add "кусаю Гену" --from Боря')
    [second] = re.findall(r"#(\d+) \{by: bob, ability: Укус, target: dave\}", out)
    out = walk.run("gorod order drop 12", {"12": int(second)})
    assert f"#{second} снята" in out

    # the bad inputs: refused, in words, with the nearest names; nothing stored
    out = walk.run('gorod order add "{by: Боря, ability: Укус, target: Геня}"', code=1)
    assert "цель «dav» — не игрок этой игры; может быть: dave" in out
    out = walk.run('gorod order add "{by: Боря, ability: Укуc, target: Гена}"', code=1)
    assert "неизвестная способность «Укуc»; может быть: Укус" in out
    out = walk.run('gorod order add "{by: Вера, ability: Укус, target: Гена}"', code=1)
    assert "«Укус» — способность роли Гончая Ада, а роли игрока carol: Священник, Демонолог" in out
    assert main(["order", "list"]) == 0
    listed = capsys.readouterr().out
    assert listed.count("{by: bob, ability: Укус") == 1 and "Исповедь" in listed

    # the same bad inputs in the console do not take its page down (problem 1) ...
    console = Client(Console(lambda: Game.open(tmp_path / "game.yaml"), TOKEN))
    assert console.get(f"/?token={TOKEN}").status_code == 303
    console.post("/order/add", data={"csrf": csrf_token(TOKEN), "text": "{by: bob, ability: Укус, target: dav}"})
    page = console.get("/")
    assert page.status_code == 200 and "цель «dav» — не игрок этой игры; может быть: dave" in page.text
    # ... and «at the deadline the phase is resolved»: here the console's «Закончить фазу сейчас»,
    # which reads the forum first (problem 3): a PM sent after the last read is in the night
    writers["frank"].send_pm(["gm"], "Ночь 1", "На страже grace")
    console.post("/phase/end", data={"csrf": csrf_token(TOKEN)})
    page = console.get("/").text
    assert "Форум прочитан перед концом фазы" in page and "Ночь 1 разрешена" in page, page
    game = Game.open(tmp_path / "game.yaml")
    [night] = [p for p in game.records.phases() if str(p.phase) == "night 1"]
    game.store.close()
    assert "{by: frank, ability: На страже, target: grace}" in night.texts
    out = walk.run("gorod drafts")
    [news] = re.findall(r"#(\d+)\s+ждёт\s+новости", out)
    pms = re.findall(r"#(\d+)\s+ждёт\s+итоги", out)
    assert "Ночь 1 (Новолуние)" in out and len(pms) >= 2, out
    story = tmp_path / "editor.sh"
    story.write_text("#!/bin/sh\nprintf 'Ночь была тёмной.\\n\\n' | cat - \"$1\" > \"$1.new\" && mv \"$1.new\" \"$1\"\n")
    story.chmod(0o755)
    monkeypatch.setenv("EDITOR", str(story))
    out = walk.run("gorod edit 31", {"31": int(news)})
    assert "исправлен" in out
    walk.run("gorod approve 31 32 33", {"31": int(news), "32": int(pms[0]), "33": int(pms[1])})
    out = walk.run("gorod publish")
    assert "отправлено: 3" in out
    out = walk.run("gorod drafts --all")
    assert re.search(rf"#{news}\s+отправлен\s+новости.*→ \d+", out)
    assert any(p.author == "gm" and "Ночь была тёмной." in p.text for p in thread_posts(forum))

    # ---- the day: votes in the thread after the last read; phase end reads them first
    writers["alice"].reply(forum.topic_id, "Голосую против **dave**.")
    main(["run", "--once", "--no-post"])
    capsys.readouterr()
    out = walk.run("gorod tally")
    assert "alice → dave: 2" in out and "Не голосовали: " in out and "carol" in out.split("Не голосовали: ")[1]
    out = walk.run("gorod count")
    assert "подсчёт голосов" in out and "dave — 2: alice ×2 (Мэр: Деспотия, голос за два)" in out, out
    for nick in ("carol", "erin", "frank", "heidi"):
        writers[nick].reply(forum.topic_id, "Голосую против **dave**.")
    out = walk.run("gorod phase end")
    assert "Форум прочитан перед концом фазы" in out and "новых заявок 4" in out
    assert "День 1 разрешён" in out and "открыта ночь 2" in out
    out = walk.run("gorod phase extend --hours 12")
    assert re.search(r"Ночь 2: новый срок \d\d\.\d\d \d\d:\d\d \(Москва\)", out)
    out = walk.run('gorod state --at "night 1"')
    assert "После фазы: Ночь 1" in out
    assert walk.next == len(walk.examples), f"README examples not run: {walk.examples[walk.next:]}"

    # ---- the forum down: said at once, with what to do; nothing changes
    bad = yaml.safe_load((tmp_path / "game.yaml").read_text(encoding="utf-8"))
    bad["forum"].update({"base_url": "http://127.0.0.1:9", "thread_url": "http://127.0.0.1:9/topic/1/игра/"})
    bad["store"] = str(tmp_path / "gorod.sqlite3")
    (tmp_path / "down").mkdir()
    (tmp_path / "down" / "game.yaml").write_text(yaml.safe_dump(bad, allow_unicode=True), encoding="utf-8")
    ending = subprocess.Popen([sys.executable, "-m", "gorod", "phase", "end", "--game", "down/game.yaml"],
                              cwd=tmp_path, env={**os.environ}, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True)
    try:
        said = ending.stderr.readline()
    finally:
        ending.send_signal(signal.SIGINT)
        ending.wait(timeout=30)
    assert "форум 127.0.0.1:9 не отвечает (http://127.0.0.1:9/topic/1/игра/" in said, said
    assert "gorod phase end --no-read" in said
    assert main(["state", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["open"]["phase"] == "night 2"


def walk_inbox(capsys) -> str:
    main(["inbox"])
    return capsys.readouterr().out
