#!/usr/bin/env python3
"""Generate the bundled demo game: a complete «Город N» played on a real Spirit forum.

    .venv/bin/python tools/make_demo_game.py [--out gorod/data/demo]

1. Installs the test forum (tests/realforum/setup.sh: Spirit in .realforum/venv), makes an
   empty forum database with the GM's administrator account (tools/demo_forum/prepare.py)
   and starts it on 127.0.0.1 with a clock this script sets (tools/demo_forum/settings_demo.py),
   so that the pages show a game paced like a real one.
2. Twelve players register through the forum's registration form and activate their
   accounts by the link of the activation e-mail (the forum's console mail, in its log),
   then log in — the same HTTP paths as real players.
3. The GM opens the game topic and sends every player their roles in a PM. The game of
   `plan.yaml` is played phase by phase: each player writes each order of the plan as
   Russian free text — public orders and votes in the thread, secret orders as replies in
   their PM conversation with the GM — and every text is checked to parse back to exactly
   the planned order. The GM's announcements are the engine's resolution of the plan
   (publisher drafts): a header post opens each phase («Ночь 2 (Полулуние)», «День 2»),
   «Резолв» closes it, the next header carries the results as the game's mechanical text
   (bold: Spirit's Markdown has no colours, and the demo's game.yaml says so), and the
   private results go as PM replies.
4. Saves the thread's pages and the GM's PM conversation pages into --out (only the pages;
   the game config `game.yaml` beside them is written too) and stops the forum.

Everything runs on 127.0.0.1; nothing is fetched but Spirit from the package index.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from config.profiles import load_profile  # noqa: E402
from engine.phase import PhaseId  # noqa: E402
from engine.resolve import resolve  # noqa: E402
from engine.setup import new_game  # noqa: E402
from gorod.scenarios import load_scenario  # noqa: E402
from publisher.render import render_phase  # noqa: E402
from scraper.extract import extract_posts  # noqa: E402
from scraper.http import HttpClient, HttpSettings, LoginForm  # noqa: E402
from scraper.orders import ParseSettings, Roster, parse_text  # noqa: E402
from scraper.orders.memo import render  # noqa: E402
from scraper.orders.names import Player  # noqa: E402
from scraper.orders.vocabulary import Channel, channel_of  # noqa: E402
from scraper.write import ForumWriter  # noqa: E402

PLAN = ROOT / "gorod" / "data" / "demo" / "plan.yaml"
HOME = ROOT / ".realforum"
VENV_PY = HOME / "venv" / "bin" / "python"
PROJECT = HOME / "project" / "gorodforum"
GM = "Мастер"
FIRST_NIGHT = datetime(2026, 11, 2, 19, 0, tzinfo=timezone.utc)   # 22:00 Moscow time
MSK = timezone(timedelta(hours=3))

GAME_HEAD = """\
title: "Демо: пять ночей и пять дней в городе N (форум Spirit)"
# The bundled demo game (tools/make_demo_game.py played it on a real Spirit forum):
# `gorod replay gorod/data/demo/thread --game gorod/data/demo/game.yaml --pms gorod/data/demo/pms`
forum:
  profile: spirit
  gm_user: Мастер
schedule:
  timezone: Europe/Moscow
  night_starts: "22:00"
  day_starts: "10:00"
replay:
  host: Мастер
  # Spirit's Markdown has no colours: this game's GM marks the mechanical text in bold,
  # as the opening post says.
  gm_text: {colors: [], bold: true}
  boundaries: announcements
"""

CHATTER = [
    "Доброе утро, город. Кто что видел ночью?",
    "Я мирный, честно. Давайте думать головой.",
    "Подозрительно тихо сегодня.",
    "Не нравится мне, как некоторые отмалчиваются.",
    "Предлагаю не торопиться с голосованием.",
    "Кто-нибудь понимает, что происходит?",
    "Ставлю на то, что нечисть среди самых тихих.",
    "Ночь была неспокойной, чувствую.",
    "Ладно, давайте по делу.",
    "Интересно, кого выберут сегодня.",
]


class Clock:
    """The forum's clock: a file the demo settings read on every `now()`."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def set(self, when: datetime) -> None:
        self.path.write_text(when.astimezone(timezone.utc).isoformat(), encoding="utf-8")


def sh(*args: str, env: dict | None = None, capture: bool = False) -> str:
    out = subprocess.run(args, check=True, env={**os.environ, **(env or {})}, text=True,
                         stdout=subprocess.PIPE if capture else None)
    return out.stdout if capture else ""


def forum_env(db: Path, clock: Path) -> dict:
    return {"GOROD_FORUM_DB": str(db), "GOROD_FORUM_LIMITS": "0", "GOROD_DEMO_CLOCK": str(clock),
            "PYTHONPATH": os.pathsep.join([str(PROJECT), str(ROOT / "tests/realforum/spirit_project"),
                                           str(ROOT / "tools/demo_forum")]),
            "DJANGO_SETTINGS_MODULE": "settings_demo"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Forum:
    """The demo forum: an empty database, the GM's account, a server on 127.0.0.1."""

    def __init__(self, work: Path) -> None:
        self.work = work
        self.db = work / "demo.sqlite3"
        self.clock = Clock(work / "clock.txt")
        self.log = work / "demo.log"
        self.proc: subprocess.Popen | None = None
        self.url = ""

    def start(self, gm_password: str) -> int:
        sh("bash", str(ROOT / "tests/realforum/setup.sh"))
        self.work.mkdir(parents=True, exist_ok=True)
        self.db.unlink(missing_ok=True)
        self.clock.set(FIRST_NIGHT - timedelta(days=1))
        env = forum_env(self.db, self.clock.path)
        sh(str(VENV_PY), str(PROJECT / "manage.py"), "migrate", "--noinput", "-v", "0", env=env)
        category = int(sh(str(VENV_PY), str(ROOT / "tools/demo_forum/prepare.py"), GM, gm_password,
                          env=env, capture=True).strip().splitlines()[-1])
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.proc = subprocess.Popen(
            [str(VENV_PY), str(PROJECT / "manage.py"), "runserver", f"127.0.0.1:{port}", "--noreload"],
            env={**os.environ, **env}, stdout=self.log.open("wb"), stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        import requests
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"demo forum exited; see {self.log}")
            try:
                if requests.get(self.url + "/", timeout=5).status_code == 200:
                    return category
            except requests.RequestException:
                pass
            time.sleep(0.2)
        raise SystemExit(f"demo forum: no answer from {self.url}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()

    def activation_link(self, username: str) -> str:
        """The link of the activation e-mail the forum 'sent' (console mail, in its log)."""
        for _ in range(50):
            text = self.log.read_text(encoding="utf-8", errors="replace").replace("=\n", "")
            links = re.findall(r"/user/activation/(\d+)/([0-9A-Za-z_\-.]+)/", text)
            if links:
                found = [f"/user/activation/{pk}/{token}/" for pk, token in links]
                return found[-1]
            time.sleep(0.1)
        raise SystemExit(f"no activation e-mail for {username} in {self.log}")


def client(url: str, username: str, password: str) -> HttpClient:
    env = f"GOROD_DEMO_PW_{abs(hash(username))}"
    os.environ[env] = password   # a throwaway local forum's fixture password
    login = LoginForm(url=f"{url}/user/login/", username=username.lower(), password_env=env)
    return HttpClient(url, HttpSettings(min_interval=0.0, retries=1), login=login)


def register(forum: Forum, nick: str, password: str) -> ForumWriter:
    anon = HttpClient(forum.url, HttpSettings(min_interval=0.0, retries=1))
    mail = f"player{abs(hash(nick)) % 10**8}@example.org"
    seen = len(re.findall(r"/user/activation/", forum.log.read_text(encoding="utf-8", errors="replace")))
    answer = anon.submit_form("/user/register/", {"username": nick, "email": mail, "email2": mail,
                                                   "password": password, "honeypot": ""}, form_with="email2")
    if answer.location is None:
        raise SystemExit(f"registration of {nick} refused: {answer.text[:300]}")
    for _ in range(50):
        text = forum.log.read_text(encoding="utf-8", errors="replace").replace("=\n", "")
        links = re.findall(r"/user/activation/(\d+)/([0-9A-Za-z_\-.]+)/", text)
        if len(links) > seen:
            pk, token = links[-1]
            break
        time.sleep(0.1)
    else:
        raise SystemExit(f"no activation e-mail for {nick}")
    anon.get(f"/user/activation/{pk}/{token}/")
    c = client(forum.url, nick, password)
    c.login()
    return ForumWriter(c, allow_writes=True)


class Game:
    def __init__(self, forum: Forum, out: Path, seed: int = 7) -> None:
        self.forum = forum
        self.out = out
        self.plan = load_scenario(PLAN)
        self.rng = random.Random(seed)
        self.roster = Roster(tuple(Player(s.nick, s.open_role, s.secret_role) for s in self.plan.seats))
        self.writers: dict[str, ForumWriter] = {}
        self.conversations: dict[str, int] = {}   # player -> PM topic id with the GM
        self.conversation_urls: dict[str, str] = {}
        self.topic_id = 0
        self.topic_path = ""
        self.now = FIRST_NIGHT - timedelta(hours=10)

    def tick(self, minutes: float) -> None:
        self.now += timedelta(minutes=minutes)
        self.forum.clock.set(self.now)

    def at(self, when: datetime) -> None:
        self.now = when
        self.forum.clock.set(when)

    # -- checked texts ------------------------------------------------------------------
    def order_text(self, order, *, private: bool) -> str:
        text = render(order)
        result = parse_text(text, self.roster, ParseSettings(), author=order.by, private=private)
        if result.orders != (order,) or result.unresolved:
            raise SystemExit(f"the text {text!r} does not parse back to {order}: {result}")
        return text

    def public_text(self, order) -> str:
        text = self.order_text(order, private=False)
        if self.rng.random() < 0.5:
            text = self.rng.choice(CHATTER) + "\n\n" + text
        result = parse_text(text, self.roster, ParseSettings(), author=order.by)
        if result.orders != (order,) or result.unresolved:
            raise SystemExit(f"the post {text!r} does not parse back to {order}: {result}")
        return text

    # -- the game -------------------------------------------------------------------------
    def play(self, gm_password: str, category: int) -> None:
        gm = client(self.forum.url, GM, gm_password)
        gm.login()
        self.gm = ForumWriter(gm, allow_writes=True)
        self.tick(0)
        for i, seat in enumerate(self.plan.seats):
            self.writers[seat.nick] = register(self.forum, seat.nick, f"demo-player-{i}")
            self.tick(3)
        opening = ("Добро пожаловать в город N!\n\nИграют двенадцать человек. Тайные роли разосланы в личных "
                   "сообщениях. Первая ночь начнётся в 22:00 по Москве; заявки на ночь — в ЛС мастеру, "
                   "голоса — в теме.\n\nИгромеханическую силу в постах мастера имеет только текст, "
                   "выделенный жирным.")
        answer = gm.submit_form("/topic/publish/", {"title": "Город N: демонстрационная партия",
                                                    "category": str(category), "comment": opening},
                                form_with="title", auth=True)
        m = re.search(r"/topic/(\d+)/", answer.location or "")
        if not m:
            raise SystemExit(f"the topic was not created: {answer.location}")
        self.topic_id = int(m.group(1))
        self.topic_path = answer.location
        state, start_events = new_game(self.plan.seats, self.plan.setup, self.plan.rulings)
        start_private = render_phase("start", start_events).private
        for seat in self.plan.seats:
            self.tick(2)
            lines = [f"Ваша явная роль: {seat.open_role}.", f"Ваша тайная роль: {seat.secret_role}."]
            lines += start_private.get(seat.nick, [])
            created = self.gm.send_pm(seat.nick.lower(), "Ваши роли", "\n".join(lines))
            self.conversations[seat.nick] = created.id
            self.conversation_urls[seat.nick] = created.url
        for nick in self.rng.sample([s.nick for s in self.plan.seats], 5):
            self.tick(11)
            self.writers[nick].reply(self.topic_id, self.rng.choice(["Я в игре!", "Всем удачи.",
                                                                     "Ну что, начнём?", "Роль получил."]))
        phase_start = FIRST_NIGHT
        results_news: list[str] | None = None
        results_private: dict[str, list[str]] = {}
        previous = None
        phases = [p for p in self.plan.phases if p.name != "start"]
        for n, phase in enumerate(phases):
            pid = PhaseId.parse(phase.name)
            end = phase_start + timedelta(hours=12)
            self.at(phase_start)
            self.header(pid, previous, results_news)
            self.private_results(results_private)
            self.tick(15)
            # the «минус первый» day throw is sent before night 1 by the plan's order; here
            # every order is written in the plan's order, a few minutes apart
            chatter = self.rng.sample([s.nick for s in self.plan.seats], 3 if pid.is_night else 6)
            for order in phase.orders:
                self.tick(self.rng.randint(6, 14))
                if channel_of(order.ability) == Channel.POST:
                    self.writers[order.by].reply(self.topic_id, self.public_text(order))
                else:
                    text = self.order_text(order, private=True)
                    self.writers[order.by].reply(self.conversations[order.by], text)
                if chatter:
                    self.tick(3)
                    self.writers[chatter.pop()].reply(self.topic_id, self.rng.choice(CHATTER))
            self.at(end - timedelta(minutes=30))
            self.gm.reply(self.topic_id, "Резолв! Заявки больше не принимаются, мастер считает.")
            result = resolve(state, pid, phase.orders)
            state = result.state
            drafts = render_phase(phase.name, result.events)
            results_news, results_private, previous = drafts.news, drafts.private, pid
            phase_start = end
        self.at(phase_start)
        body = [f"Итоги: {self.title(previous)}.", ""] + [f"**{line}**" for line in results_news]
        self.gm.reply(self.topic_id, "\n".join(body))
        self.private_results(results_private)
        if not state.game_over:
            raise SystemExit("the plan does not finish the game")

    @staticmethod
    def title(pid: PhaseId) -> str:
        return f"ночь {pid.number}" if pid.is_night else f"день {pid.number}"

    def header(self, pid: PhaseId, previous: PhaseId | None, news: list[str] | None) -> None:
        name = f"Ночь {pid.number} ({pid.moon.value})" if pid.is_night else f"День {pid.number}"
        ends = (self.now + timedelta(hours=12)).astimezone(MSK).strftime("%H:%M")
        lines = [name, ""]
        if pid.is_night:
            lines.append("Город засыпает. Туман ползёт по мостовым, где-то скрипит калитка.")
        else:
            lines.append("Город просыпается. На площади собирается Дневное Вече.")
        if previous is not None and news is not None:
            lines += ["", f"Итоги: {self.title(previous)}."] + [f"**{line}**" for line in news]
        lines += ["", f"Заявки принимаются до {ends} по Москве."]
        self.gm.reply(self.topic_id, "\n".join(lines))

    def private_results(self, private: dict[str, list[str]]) -> None:
        for nick, lines in private.items():
            self.tick(1)
            self.gm.reply(self.conversations[nick], "\n".join(lines))

    # -- saving -----------------------------------------------------------------------------
    def write_config(self) -> None:
        """game.yaml: the plan's players and setup, the forum's profile, how to read the GM."""
        import yaml
        plan = yaml.safe_load(PLAN.read_text(encoding="utf-8"))
        lines = [GAME_HEAD.rstrip(), "players:"]
        for nick, roles in plan["players"].items():
            lines.append(f"  {nick}: {{open: {roles['open']}, secret: {roles['secret']}}}")
        lines.append("setup:")
        for nick, choice in (plan.get("setup") or {}).items():
            flow = yaml.safe_dump(choice, allow_unicode=True, default_flow_style=True).strip()
            lines.append(f"  {nick}: {flow}")
        (self.out / "game.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")

    def save(self) -> None:
        self.write_config()
        profile = load_profile("spirit")
        thread = self.out / "thread"
        pms = self.out / "pms"
        for folder in (thread, pms):
            shutil.rmtree(folder, ignore_errors=True)
            folder.mkdir(parents=True)
        reader = HttpClient(self.forum.url, HttpSettings(min_interval=0.0, retries=1))
        page = 1
        while True:
            fetched = reader.get(f"{self.topic_path}?page={page}")
            (thread / f"page-{page:02d}.html").write_bytes(fetched.content)
            extracted = extract_posts(fetched.content, profile, fetched.url)
            if extracted.is_last:
                break
            page += 1
        gm = self.gm.client
        for nick, conv in self.conversations.items():
            page = 1
            while True:
                fetched = gm.get(f"{self.conversation_urls[nick]}?page={page}", auth=True)
                (pms / f"pm-{conv:03d}-{page}.html").write_bytes(fetched.content)
                extracted = extract_posts(fetched.content, profile, fetched.url)
                if extracted.is_last:
                    break
                page += 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "gorod" / "data" / "demo"))
    parser.add_argument("--work", default=str(HOME / "demo"), help="where the demo forum's files live")
    args = parser.parse_args()
    forum = Forum(Path(args.work))
    gm_password = "demo-gm-password"
    try:
        category = forum.start(gm_password)
        game = Game(forum, Path(args.out))
        game.play(gm_password, category)
        game.save()
    finally:
        forum.stop()
    print(f"demo game saved in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
