"""One conformance suite, run on every live forum engine of `make test` (tests/forums/engines.py).

Players log in and write a game thread of more than one page through the forum's own forms
(Russian text, inflected names, a quote made with the quote button, bold, orange, struck
text and a spoiler where the engine's markup has them, an edited post); gorod reads it back
whole with the engine's profile and must get every author, every own text apart from quotes
and spoilers, the exact times the forum itself recorded, the edit and its time, and every
page to the last. Then the GM's PM inbox, and gorod's writer posting a reply and a PM as the
GM exactly once (the crash lookup finds both).
"""
from __future__ import annotations

import logging
import re
import time
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from dataclasses import dataclass, field

import pytest

from engines import ENGINES, Engine
from forumlab import live_engine
from liveboard import Board, shown
from scraper.errors import AuthRequired, PostRejected
from gorod.store import Store
from scraper.poll import PmPoller
from scraper.write_lookup import words

pytestmark = pytest.mark.live_forum
FLOOD_SECONDS = 6        # the flood guard the writing tests turn on (each engine's `flood` hook)


@dataclass
class Expected:
    author: str
    text: str                          # the own text, markup gone
    quote: str | None = None           # words a quote of it holds
    spoiler: str | None = None
    struck: str | None = None
    bold: str | None = None
    orange: str | None = None


@dataclass
class GameThread:
    board: Board
    topic: str
    expected: list[Expected]
    ids: list[str] = field(default_factory=list)
    edited: int = 0                    # index of the edited post


def plain(text: str) -> str:
    return " ".join(text.split())


# a forum already up first (Spirit): its tests run while forumlab's engines still install
@pytest.fixture(scope="module", params=sorted(ENGINES, key=lambda name: (ENGINES[name].live is None, name)))
def board(request, tmp_path_factory) -> Board:
    engine: Engine = ENGINES[request.param]
    import os
    from pathlib import Path
    if engine.live is not None:          # started by tests/realforum/run.sh (Spirit)
        status, records = engine.live()
        return Board(engine, status, records.parent, records)
    status = live_engine(engine.name)
    return Board(engine, status, Path(os.environ["GOROD_FORUMS_HOME"]))


@pytest.fixture(scope="module")
def game(board: Board) -> GameThread:
    """The thread: the GM opens it, the players fill more than one page, one quotes with
    the quote button, one edits her post afterwards."""
    if board.engine.prepare:
        board.engine.prepare(board.forum_dir)
    m = board.engine.markup
    vasya, petya, anya, katya = board.players
    opening = Expected(board.gm, "Начинаем игру «Город N». Ночь первая: жители спят, мафия просыпается.",
                       bold="мафия")
    topic = board.new_topic(board.gm, f"Город N: партия на проверку {int(time.time())}",
                            "Начинаем игру «Город N». Ночь первая: жители спят, " + m.bold.format("мафия")
                            + " просыпается.")
    expected = [opening]
    writers = {name: board.writer(name) for name in board.players}

    def reply(author: str, raw: str, want: Expected) -> str:
        created = writers[author].reply(topic, raw)
        expected.append(want)
        return str(created.id)

    first = reply(vasya, "Голосую против " + m.bold.format("Пети") + ": Петя всю ночь молчал.",
                  Expected(vasya, "Голосую против Пети: Петя всю ночь молчал.", bold="Пети"))
    quoted = board.quote_text(petya, topic, first)
    reply(petya, quoted + "\n\nНе согласен с Васей. Голосую против Ани.",
          Expected(petya, "Не согласен с Васей. Голосую против Ани.", quote="Голосую против Пети"))
    colour = m.orange or m.bold
    heal = reply(anya, colour.format("Лечу Катю") + ". Кате сегодня нужна помощь.",
                 Expected(anya, "Лечу Катю. Кате сегодня нужна помощь.",
                          orange="Лечу Катю" if m.orange else None, bold=None if m.orange else "Лечу Катю"))
    if m.strike:
        reply(katya, m.strike.format("Голосую против Васи") + " Передумала: голосую против Пети.",
              Expected(katya, "Передумала: голосую против Пети.", struck="Голосую против Васи"))
    if m.spoiler:
        reply(vasya, "Под спойлером: " + m.spoiler.format("видел Аню ночью у дома Пети"),
              Expected(vasya, "Под спойлером:", spoiler="видел Аню ночью у дома Пети"))
    n = 0
    while len(expected) < board.engine.per_page + 3:
        n += 1
        author = board.players[(len(expected) + 1) % 4]
        text = f"Реплика №{n}: думаю, что Катя мирная, а Петю надо проверить."
        reply(author, text, Expected(author, text))
    edited_index = next(i for i, e in enumerate(expected) if e.text.startswith("Лечу Катю"))
    answer = board.edit(anya, topic, heal, colour.format("Лечу Петю") + ". Передумала: Петя важнее Кати.")
    assert answer is None or answer.location or answer.status == 200, f"edit answered HTTP {answer.status}"
    expected[edited_index] = Expected(anya, "Лечу Петю. Передумала: Петя важнее Кати.",
                                      orange="Лечу Петю" if m.orange else None,
                                      bold=None if m.orange else "Лечу Петю")
    return GameThread(board, topic, expected, edited=edited_index)


@pytest.fixture(scope="module")
def guarded(game: GameThread) -> GameThread:
    """Where the writing tests write with the board's flood guard on: the game's thread, the
    guard turned on by the engine's `flood` hook for the test; on a board whose guards are
    settings of its server process (Spirit: its rate limit and double-post guard), a thread
    the GM opens on a second instance started with them on (the engine's `guarded`)."""
    engine = game.board.engine
    if engine.guarded is None:
        return game
    status, records = engine.guarded()
    board = Board(engine, status, records.parent, records)
    opening = "Город N, вторая партия: правила те же, голосование до 21:00."
    topic = board.new_topic(board.gm, f"Город N: партия с защитой от флуда {int(time.time())}", opening)
    rules = "Напоминаю: один голос в день, менять голос можно до вечера."
    board.writer(board.gm).reply(topic, rules)     # the GM's own last post: his next one meets the guard
    return GameThread(board, topic, [Expected(board.gm, opening), Expected(board.gm, rules)])


@contextmanager
def flood_guard_on(board: Board):
    """The board's flood guard on for the block (the engine's `flood` hook; on a `guarded`
    instance it is always on), off again afterwards."""
    if board.engine.flood is not None:
        board.engine.flood(board.forum_dir, FLOOD_SECONDS)
    try:
        yield
    finally:
        if board.engine.flood is not None:
            board.engine.flood(board.forum_dir, 0)


# -- logging in -------------------------------------------------------------------------------
def test_the_gm_and_a_player_log_in_and_a_wrong_password_says_the_forums_words(board: Board, monkeypatch):
    for user in (board.gm, board.players[0]):
        client = board.client(user, fresh=True)
        client.login()
        assert client.logged_in
    monkeypatch.setenv("GOROD_TEST_WRONG_PASSWORD", "not-the-password-1")
    wrong = board.client(board.players[1], password_env="GOROD_TEST_WRONG_PASSWORD")
    with pytest.raises(AuthRequired) as refused:
        wrong.login()
    message = str(refused.value)
    assert board.url in message and board.players[1] in message
    assert "the forum refused it" not in message, f"the board's own reason is not shown: {message}"


# -- reading the thread -------------------------------------------------------------------------
def test_the_whole_thread_is_read_authors_texts_quotes_and_pages(game: GameThread):
    thread = game.board.read_thread(game.topic)
    assert len(thread.pages) >= 2, f"one page only: {thread.pages}"
    got = thread.posts
    assert [p.author for p in got] == [e.author for e in game.expected]
    ids = [int(p.id) for p in got]
    assert ids == sorted(ids) and len(set(ids)) == len(ids)
    for post, want in zip(got, game.expected):
        where = f"post {post.id} by {post.author}"
        assert plain(post.text) == want.text, where
        if want.quote:
            assert any(want.quote in plain(q) for q in post.quotes), f"{where}: quotes {post.quotes}"
            assert want.quote not in post.text
        else:
            assert not post.quotes, f"{where}: {post.quotes}"
        if want.spoiler:
            assert [plain(s) for s in post.spoilers] == [want.spoiler], where
        if want.struck:
            assert [plain(s) for s in post.struck] == [want.struck], where
        if want.bold:
            assert any(e.bold and plain(e.text) == want.bold for e in post.emphasis), f"{where}: {post.emphasis}"
        if want.orange:
            assert any(e.color and plain(e.text) == want.orange for e in post.emphasis), \
                f"{where}: {post.emphasis}"
    # the last page is the one holding the last post
    last = game.board.read_thread(game.topic).posts[-1]
    assert plain(last.text) == game.expected[-1].text


def test_times_and_the_edit_are_the_forums_own(game: GameThread):
    board = game.board
    thread = board.read_thread(game.topic)
    recorded = board.forum_times(game.topic)
    precision = board.engine.time_precision
    assert set(recorded) == {p.id for p in thread.posts}
    for post in thread.posts:
        posted, edited = recorded[post.id]
        assert post.posted_at is not None, f"post {post.id}: no time read"
        assert post.posted_at == shown(posted, precision), f"post {post.id}"
    edit = thread.posts[game.edited]
    posted, edited = recorded[edit.id]
    assert edited is not None, "the forum recorded no edit"
    assert edit.edited, f"post {edit.id}: the edit is not seen"
    if board.engine.edit_time:
        assert edit.edited_at == shown(edited, board.engine.edit_precision), f"post {edit.id}"
    else:     # the page shows no edit time (Spirit: only the count of edits): none is made up
        assert edit.edited_at is None, f"post {edit.id}: {edit.edited_at}"
    assert not any(p.edited for i, p in enumerate(thread.posts) if i != game.edited)


# -- the GM's PMs -------------------------------------------------------------------------------
def test_the_gms_inbox_and_each_conversation_with_replies(board: Board, tmp_path):
    from pmpages import inbox_owner
    vasya, petya = board.players[:2]
    gm = inbox_owner(board)       # phpBB: a GM of its own (the admin's folder fills, then holds PMs back)
    stamp = str(int(time.time()))
    started = datetime.now(timezone.utc)
    night = board.writer(vasya).send_pm([gm], f"Ночной ход {stamp}", "Проверяю Катю. Прошу ответить до утра.")
    question = board.writer(petya).send_pm([gm], f"Вопрос {stamp}", "Можно ли лечить себя? Спрашиваю за Аню.")
    answer = board.engine.pm_reply
    if answer is not None:          # replies inside the conversation
        answer(board, gm, night.id, "Принято: Катя проверена.")
        answer(board, vasya, night.id, "Спасибо, жду утра.")
    else:                           # a reply is a new conversation (its PM form only)
        board.writer(gm).send_pm([vasya], f"Re: Ночной ход {stamp}", "Принято: Катя проверена.")
        board.writer(vasya).send_pm([gm], f"Re: Re: Ночной ход {stamp}", "Спасибо, жду утра.")
    poller = PmPoller(board.client(gm), board.profile, Store(tmp_path / "pm.sqlite3"))
    # (a forum with conversations shows the GM's own messages in them too: not what he receives)
    events = [e for e in poller.poll() if stamp in e.message.subject]
    read = datetime.now(timezone.utc)
    seen = [(e.message.sender, plain(e.message.text)) for e in events if e.message.sender != gm]
    # every PM's own time, as the forum shows it, between the first sending and the read: never
    # none (a PM dated when gorod read it counts as late when read after a deadline: SMF 2.1)
    slack = timedelta(seconds=board.engine.time_precision + 60)
    for e in events:
        assert e.message.sent_at is not None, f"{board.engine.profile}: PM {e.message_id} has no time"
        assert started - slack <= e.message.sent_at <= read + slack, \
            f"{board.engine.profile}: PM {e.message_id} at {e.message.sent_at}, sent between {started} and {read}"
    assert sorted(seen) == sorted([
        (vasya, "Проверяю Катю. Прошу ответить до утра."),
        (petya, "Можно ли лечить себя? Спрашиваю за Аню."),
        (vasya, "Спасибо, жду утра."),
    ])
    assert [e for e in poller.poll() if stamp in e.message.subject] == []   # each message once
    if answer is not None:          # a reply in an older conversation, between two polls
        answer(board, petya, question.id, "И ещё: а себя дважды подряд?")
        later = [(e.message.sender, e.message.subject, plain(e.message.text)) for e in poller.poll()
                 if stamp in e.message.subject]
        assert later == [(petya, f"Вопрос {stamp}", "И ещё: а себя дважды подряд?")]


# -- gorod forum learn, the engine's profile hidden ---------------------------------------------
_LEARNED: dict = {}      # engine -> learnlive.LiveLearned (the writing test below uses its profile)


def test_a_profile_learned_from_the_forums_pages_reads_the_thread_and_the_inbox_as_the_shipped_one(
        game: GameThread):
    """Learned as a GM runs `gorod forum learn THREAD --inbox INBOX --user GM` (the login learned
    too, where it is a form): every page of the thread read exactly as the shipped profile reads
    it (posts, ids, authors, exact times, own texts, quotes apart, page number, next link), and
    the inbox and each of its newest conversations too (rows, subjects, links, senders, counts;
    messages as the thread's posts)."""
    from learnlive import learned_against_shipped
    live = learned_against_shipped(game.board, game.topic)
    _LEARNED[game.board.engine.name] = live
    name = game.board.engine.name
    wrong = [(p.source, p.differences[:3]) for p in live.pages if not p.exact]
    assert live.pages and not wrong, f"{name}: {wrong}\n{live.learned.yaml()}"
    if game.board.profile.pm_inbox is None:
        assert "pm_inbox" not in live.learned.data["selectors"] and live.pm_note, name      # said, not guessed
        return
    assert not live.inbox, f"{name}: {live.inbox}\n{live.learned.yaml()}"
    assert live.conversations and not any(live.conversations.values()), \
        f"{name}: {live.conversations}\n{live.learned.yaml()}"
    if game.board.profile.login.api is None:
        assert live.learned.data.get("login") and not live.pm_note, name


# -- gorod writing as the GM ----------------------------------------------------------------------
def test_gorods_reply_and_pm_appear_exactly_once_and_the_crash_lookup_finds_them(guarded: GameThread):
    """As the GM, with the board's flood guard on (most boards exempt their admins; Spirit's
    guards hold for its admins too)."""
    with flood_guard_on(guarded.board):
        _gm_writes_once(guarded)


def _gm_writes_once(game: GameThread) -> None:
    board = game.board
    writer = board.writer(board.gm)
    before = board.read_thread(game.topic).posts
    after = max(int(p.id) for p in before)
    news = "Утро. Ночью был убит житель Петя. Голосование открыто до вечера."
    created = writer.reply(game.topic, news, after=after)
    assert created.id > after
    # a crash between sending and recording: the lookup finds the post on the forum
    found = writer.find_reply(writer.last_page_url(game.topic) or board.thread_url(game.topic), after=after,
                              text=news)
    assert found is not None and found.id == created.id
    posts = board.read_thread(game.topic).posts
    mine = [p for p in posts if words(news) in words(p.text)]
    assert [(p.id, p.author) for p in mine] == [(str(created.id), board.gm)]
    title = f"Город N: ваша роль ({int(time.time())})"
    pm = writer.send_pm([board.players[2]], title, "Вы — Доктор. Лечите одного игрока каждую ночь.")
    again = writer.find_pm(title)
    assert again is not None, f"{board.engine.profile}: the crash lookup does not find the PM just sent"
    if pm.id:
        assert again.id == pm.id


# -- the engines' own limits ----------------------------------------------------------------------
def test_the_profiles_pm_title_limit_is_the_forums(board: Board):
    """A PM title of exactly the profile's `write.limits.title` arrives whole (its title found
    again in the PM list); one character more is refused by the forum or cut (then the crash
    lookup could never find it by its title): the limit is the forum's, not less, not more."""
    from dataclasses import replace

    from config.profiles import WriteLimits
    from scraper.errors import PostRejected
    from scraper.write import ForumWriter

    limit = board.profile.write.limits.title if board.profile.write else None
    if limit is None or board.profile.write.pm is None:
        pytest.skip(f"{board.engine.profile}: no PM title limit in the profile (no PMs)")
    unlimited = replace(board.profile.write, limits=WriteLimits())       # the forum's word alone
    writer = ForumWriter(board.client(board.gm), unlimited, profile=board.profile, allow_writes=True)
    stamp = f" {int(time.time())}"

    def title(length: int) -> str:     # no blanks a forum would fold
        return ("ГородN-ночь-" * 30)[:length - len(stamp)] + stamp

    exact = title(limit)
    text = f"Проверка предела заголовка: {len(exact)} знаков."
    writer.send_pm([board.players[3]], exact, text)                     # taken: no refusal
    lookup = writer.can_find_pm()
    if lookup:
        assert writer.find_pm(exact, text) is not None, f"{board.engine.profile}: a title of {limit} is not taken whole"
    over = title(limit + 1)
    longer = f"Проверка предела заголовка: {len(over)} знаков."
    try:
        writer.send_pm([board.players[3]], over, longer)
    except PostRejected:
        return                                                           # refused (NodeBB, MyBB, Misago, Spirit)
    assert lookup, f"{board.engine.profile}: a title of {limit + 1} is taken and no PM list shows whether it was cut"
    assert writer.find_pm(over, longer) is None, \
        f"{board.engine.profile}: a title of {limit + 1} is taken whole: write.limits.title is too small"


def test_a_players_posts_with_the_flood_and_double_post_guards_on_appear_once(guarded: GameThread, caplog):
    """A member's two replies in a row with the board's flood guard on: the writer waits the
    guard out and each text is on the forum once (glued into one post where the board merges
    a member's consecutive posts); the same text once more is either refused in the board's
    own words or a new post, never a silent success."""
    game = guarded
    board = game.board
    if board.engine.flood is None and board.engine.guarded is None:
        pytest.skip(f"{board.engine.name}: no way to turn its flood guard on in this suite")
    with flood_guard_on(board):
        writer = board.writer(board.players[3])
        after = max(int(p.id) for p in board.read_thread(game.topic).posts)
        first_text = "Дневной ход: голосую против Васи, он путается в показаниях."
        second_text = "И ещё: прошу Мастера продлить день до вечера."
        window = board.engine.flood_window
        if window:     # both posts early in one of the guard's windows: the second one meets it
            if not writer.client.logged_in:
                writer.client.login()
            time.sleep(window - time.time() % window + 0.2)
        with caplog.at_level(logging.WARNING):
            first = writer.reply(game.topic, first_text, after=after)
            second = writer.reply(game.topic, second_text, after=first.id)
        if window:
            assert any("rate limit" in r.getMessage() for r in caplog.records), \
                f"{board.url}: the second post in {window} s was not held back: is the flood guard on?"
        if board.engine.merges:    # (the first may be glued to her own last post of the game)
            assert first.id >= after
            assert second.id >= first.id
        else:
            assert second.id > first.id > after
        posts = board.read_thread(game.topic).posts

        def holding(text):
            return [p for p in posts if words(text) in words(p.text)]
        assert [p.id for p in holding(first_text)] == [str(first.id)]
        assert [p.id for p in holding(second_text)] == [str(second.id)]
        try:
            third = writer.reply(game.topic, second_text, after=second.id)
        except PostRejected as refused:
            assert "no reason shown" not in str(refused), str(refused)
            posts = board.read_thread(game.topic).posts
            assert len(holding(second_text)) == 1
        else:
            assert board.engine.guarded is None, \
                f"{board.url}: the same text again is a new post {third.id}: is the double-post guard on?"
            again = board.read_thread(game.topic).posts
            assert str(third.id) in [p.id for p in again if words(second_text) in words(p.text)]


# -- gorod forum check --------------------------------------------------------------------------
def test_gorod_forum_check_reads_every_live_forum(game: GameThread, tmp_path):
    """The GM's check before a game, with a game file for this board: every line ok, and
    with --write exactly one test reply in the thread, found again by the crash lookup.
    (phpBB: a GM of the test's own, one PM in his list: the lab admin's folder is full, and
    the check rightly says PMs are held back.)"""
    import yaml
    from config.game import load_game
    from gorod.forumcheck import check_forum
    from pmpages import inbox_owner
    board = game.board
    gm = inbox_owner(board)
    if gm != board.gm:
        board.writer(board.players[0]).send_pm([gm], f"Перед игрой {int(time.time())}", "Мастер, я готов к игре.")
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"forum": {
        "profile": board.engine.profile, "base_url": board.url, "thread_url": board.thread_url(game.topic),
        "gm_user": gm, "password_env": board.password_env, "min_interval": 0}}, allow_unicode=True),
        encoding="utf-8")
    before = board.read_thread(game.topic).posts
    quiet = check_forum(load_game(path))
    assert quiet.ok, quiet.text()
    assert [p.id for p in board.read_thread(game.topic).posts] == [p.id for p in before]   # nothing posted
    text = quiet.text()
    for what in ("вход как", "первая страница темы", "последняя страница темы", "время сообщений", "цитаты: в",
                 "правки: ", "список ЛС", "форма ответа в теме", "форма ЛС"):
        assert what in text, text
    note = f"Проверка gorod {int(time.time())}: тестовое сообщение, его можно удалить."
    written = check_forum(load_game(path), write_to=board.thread_url(game.topic), text=note)
    assert written.ok, written.text()
    mine = [p for p in board.read_thread(game.topic).posts if words(note) in words(p.text)]
    assert len(mine) == 1 and mine[0].author == gm


def test_the_learned_profile_alone_posts_a_reply_and_a_pm_exactly_once_through_forum_check(game: GameThread, tmp_path):
    """`gorod forum check --write THREAD --pm-to PLAYER` with the learned profile (its login, its
    reply and PM forms, all learned): one reply and one PM, each found again by the crash lookup,
    each on the forum exactly once, and the learned file's unconfirmed: list loses write.reply and
    write.pm. A forum whose login is a JSON request (Misago, NodeBB) has no form to learn it from."""
    import yaml
    from config.game import load_game
    from gorod.forumcheck import check_forum
    board = game.board
    live = _LEARNED.get(board.engine.name)
    if live is None:
        pytest.skip("the learning test did not run")
    if board.profile.login.api is not None:
        assert not live.learned.data.get("login") and live.pm_note, live.learned.missing      # said, not guessed
        from learnlive import record
        record(board.engine.name, kind="write", ok=None, lines=["the login is a JSON request: not learnable from HTML"])
        pytest.skip(f"{board.engine.name}: the login is a JSON request (login.api): nothing to learn it from in HTML")
    folder = tmp_path / "profiles"
    folder.mkdir()
    learned_file = folder / "learned.yaml"
    learned_file.write_text(live.learned.yaml(), encoding="utf-8")
    assert any(u.startswith("write.reply:") for u in live.learned.unconfirmed)
    path = tmp_path / "game.yaml"
    path.write_text(yaml.safe_dump({"forum": {
        "profile": str(learned_file), "base_url": board.url, "thread_url": board.thread_url(game.topic),
        "gm_user": live.gm, "password_env": board.password_env, "min_interval": 0}}, allow_unicode=True),
        encoding="utf-8")
    player = board.players[2]
    board.writer(player).reply(game.topic, f"Жду ночи {int(time.time())}, голосую позже.")   # the GM's reply is glued to nothing
    note = f"Проверка выученного профиля {int(time.time())}: тестовое сообщение."
    report = check_forum(load_game(path), write_to=board.thread_url(game.topic), text=note, pm_to=player)
    from learnlive import record
    record(board.engine.name, kind="write", ok=report.ok, lines=[f"{'ok' if line.ok else 'ОШИБКА'} {line.what}"
                                                                 for line in report.lines if not line.ok])
    assert report.ok, report.text()
    mine = [p for p in board.read_thread(game.topic).posts if words(note) in words(p.text)]
    assert len(mine) == 1 and mine[0].author == live.gm, [(p.id, p.author) for p in mine]
    title = next(line.detail for line in report.lines if line.what.startswith("тестовое ЛС")).split("»")[0].lstrip("«")
    from scraper.inbox import extract_inbox
    client = board.client(player)
    got = client.get(board.profile.url("pm_inbox", base=board.url.rstrip("/")), auth=True)
    # (a row's subject may carry the list's «New» mark after it: SMF)
    rows = [e for e in extract_inbox(got.content, board.profile, got.url).entries if e.subject.strip().startswith(title)]
    assert len(rows) == 1, (title, [e.subject for e in extract_inbox(got.content, board.profile, got.url).entries])
    unconfirmed = yaml.safe_load(learned_file.read_text(encoding="utf-8"))["unconfirmed"]
    assert not any(u.startswith(("write.reply:", "write.pm:")) for u in unconfirmed), unconfirmed


# -- the GM's PM list of more than one page ----------------------------------------------------------
def test_a_pm_sent_when_the_gms_list_has_more_than_one_page_is_read(board: Board, tmp_path):
    """The GM's PM list filled by players past its first page (tests/forums/pmpages.py; phpBB: a
    GM of the test's own, its admin's folder being full of every test's PMs and holding new
    ones back): a first pass reads every page and every PM of the fill; an unchanged list
    costs one page; a PM sent then is read, at the cost of page 1; and, where the suite can
    reply inside a conversation, the GM's answer in the one at the bottom of the last page
    too."""
    from pmpages import fill_past_one_page, inbox_owner, list_pages
    if board.profile.pm_inbox is None and board.profile.pm_json is None:
        pytest.skip(f"{board.engine.profile}: no PM list")
    gm = inbox_owner(board)
    stamp = str(int(time.time()))
    sent = fill_past_one_page(board, gm, stamp)
    pages = [p for p in list_pages(board, gm) if p.inbox.entries]
    assert len(pages) >= 2, f"{board.url}: {gm}'s list: {[p.fetched.url for p in pages]}"
    poller = PmPoller(board.client(gm), board.profile, Store(tmp_path / "pm.sqlite3"))

    def mine(events, *texts):
        return sorted((e.message.sender, plain(e.message.text)) for e in events
                      if e.message is not None and stamp in e.message.subject and plain(e.message.text) in texts)
    fill = [f"Письмо №{n} мастеру: ночной ход на проверку списка ЛС." for n in range(1, len(sent) + 1)]
    first = list(poller.poll())
    assert poller.last_list_pages >= len(pages)
    assert mine(first, *fill) == sorted((sender, text) for (sender, _), text in zip(sent, fill))
    assert [e for e in poller.poll() if e.message is not None and stamp in e.message.subject] == []
    assert poller.last_list_pages == 1, f"{board.url}: an unchanged list read {poller.last_list_pages} pages"
    late = "Новое письмо, когда в списке ЛС уже не одна страница."
    board.writer(board.players[1]).send_pm([gm], f"Новое ЛС {stamp}", late)
    got = list(poller.poll())
    assert mine(got, late) == [(board.players[1], late)], [(e.message.sender, e.message.subject) for e in got]
    assert poller.last_list_pages <= 2     # page 1 (page 2 only when the new row ties with its last)
    if board.engine.pm_reply is None:      # a reply is a new row, as the new PM above
        return
    # the conversation at the very bottom of the list; the GM answers in it (he is in every one)
    oldest = [p for p in list_pages(board, gm) if p.inbox.entries][-1].inbox.entries[-1]
    reply = "Ответ внутри самой старой переписки списка."
    board.engine.pm_reply(board, gm, oldest.id, reply)
    got = list(poller.poll())
    assert [(e.message.sender, plain(e.message.text)) for e in got if plain(e.message.text) == reply] == \
        [(gm, reply)], [(e.message.sender, e.message.subject) for e in got]
