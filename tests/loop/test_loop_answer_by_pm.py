"""`standing_orders: false` (A52 b, issue 27): «the GM, or the heir by PM, answers». The asked
player's reply to the GM's question — a PM, or for a public choice (Преемственность) an order
in the thread — is read as the answer: a nickname out of the options or yes / no, with a
receipt; what is not clear is asked to the GM with the possible answers, never guessed."""
from __future__ import annotations

from datetime import timedelta

from engine.api import shown_open_role
from gorod.loop import add_order, cycle, deal
from gorod.loop.records import NoticeKind

SO_FALSE = {"rulings": {"standing_orders": False}}


def _arrested_mayor(make_game, forum, clock, **extra):
    """Night 1: erin (Начальник стражи) arrests alice (Мэр); at the deadline the night asks alice."""
    game = make_game(**SO_FALSE, **extra)
    deal(game)
    clock.at("13:00")
    forum.pm("erin", "Арест alice", clock.now)
    cycle(game, post=False)
    clock.at("10:01", 1)
    report = cycle(game, post=False)
    assert report.tick.resolved == [], report.to_json()
    assert asked(game)[:2] == ("alice", "Преемственность")
    return game


def asked(game) -> tuple[str, str, tuple[str, ...]] | None:
    """The question the open phase waits on, as stored by the loop: (to, ability, options)."""
    data = game.records.get(f"question:{game.current().phase}")
    return (data["to"], data["ability"], tuple(data["options"])) if data else None


def answers_of(game, nick: str) -> list[str]:
    return [o.text for o in game.records.orders(str(game.current().phase)) if o.by == nick and "answer" in o.text]


def _state(game):
    return game.fold()[0]


def test_the_mayors_pm_names_his_heir_and_the_night_goes_on(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=3)
    forum.pm("alice", "Передаю роль grace", clock.now)      # a PM: Преемственность is a post's order
    report = cycle(game, post=False)
    # stored, as the answer, in force although the deadline passed
    [answer] = [o for o in game.records.orders("night 1") if o.by == "alice"]
    assert answer.text == "{by: alice, ability: Преемственность, answer: grace}" and answer.source_kind == "pm"
    assert game.records.unresolved() == []                  # no «публичная заявка в ЛС», no «похоже на …»
    [receipt] = [d for d in game.records.drafts(["pending"]) if d.key.startswith("answer:night 1:alice")]
    assert "ваш ответ на вопрос мастера" in receipt.body and "grace" in receipt.body
    assert any(n.kind == NoticeKind.QUESTION and "alice ответил(а)" in n.text for n in game.records.notices())
    # the same round resolved the night with it (the question was asked by the deadline's end)
    assert report.tick.resolved == ["night 1"], report.to_json()
    players = _state(game).players
    assert players["grace"].open_role == "Мэр"
    assert shown_open_role(game.fold()[0], players["alice"]) == "Мэр (бывший)"


def test_a_bare_nickname_answers_and_never_counts_as_late(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "Грейсия", clock.now)   # a likeness of the nickname: not sure, so asked
    cycle(game, post=False)
    [item] = game.records.unresolved()
    assert item.candidates == ("{by: alice, ability: Преемственность, answer: grace}",
                               "{by: alice, ability: Преемственность, answer: false}")
    forum.pm("alice", "Grace!", clock.now + timedelta(minutes=1))
    clock.now += timedelta(minutes=2)
    cycle(game, post=False)
    assert not [d for d in game.records.drafts() if d.kind == "late"]
    assert _state(game).players["grace"].open_role == "Мэр"


def test_the_nickname_written_as_it_sounds_in_the_other_alphabet_answers_at_once(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "Грейс", clock.now)     # grace as it sounds: one player, so read (h/ofix6)
    cycle(game, post=False)
    assert game.records.unresolved() == []
    assert _state(game).players["grace"].open_role == "Мэр"


def test_nikomu_passes_the_role_to_nobody(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "никому не передаю", clock.now)
    report = cycle(game, post=False)
    assert report.tick.resolved == ["night 1"]
    assert [n for n, p in _state(game).players.items() if p.open_role == "Мэр"] == ["alice"]   # kept


def test_an_unclear_reply_is_asked_to_the_gm_with_the_answers_it_may_be(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "Ой, даже не знаю, может grace или bob", clock.now)
    report = cycle(game, post=False)
    assert report.tick.resolved == []                       # still waiting
    assert [o for o in game.records.orders("night 1") if o.by == "alice"] == []
    [item] = game.records.unresolved()
    assert item.author == "alice" and "ответ на вопрос мастера" in item.reason
    assert "{by: alice, ability: Преемственность, answer: grace}" in item.candidates
    assert "{by: alice, ability: Преемственность, answer: false}" in item.candidates
    # the GM picks one: the phase end goes on at the next round
    add_order(game, "{by: alice, ability: Преемственность, answer: bob}", resolves=item.id)
    assert cycle(game, post=False).tick.resolved == ["night 1"]
    assert _state(game).players["bob"].open_role == "Мэр"


def test_a_name_he_may_not_choose_is_asked_not_taken(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "Передаю роль alice", clock.now)     # himself: not among the options
    cycle(game, post=False)
    assert [o for o in game.records.orders("night 1") if o.by == "alice"] == []
    [item] = game.records.unresolved()
    assert "ответ на вопрос мастера" in item.reason


def test_a_pm_written_before_the_question_is_no_answer(make_game, forum, clock):
    game = make_game(**SO_FALSE)
    deal(game)
    clock.at("13:00")
    forum.pm("erin", "Арест alice", clock.now)
    cycle(game, post=False)
    clock.at("10:01", 1)
    forum.pm("alice", "grace", clock.at("09:00", 1))       # sent at 09:00, read only with the question
    clock.at("10:01", 1)
    cycle(game, post=False)
    assert asked(game)[:2] == ("alice", "Преемственность") and answers_of(game, "alice") == []


def test_another_players_pm_is_read_as_ever(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.pm("grace", "grace", clock.now)                   # not the one asked
    cycle(game, post=False)
    assert answers_of(game, "grace") == [] and answers_of(game, "alice") == []


NECRO = {"alice": {"open": "Мэр", "secret": "Лич"}, "bob": {"open": "Оракул", "secret": "Некромант"},
         "erin": {"open": "Бандит", "secret": "Начальник стражи"}, "grace": {"open": "Сыщик", "secret": "Мирный житель"},
         "dave": {"open": "Вор", "secret": "Бес"}}


def test_the_necromancers_yes_by_pm_takes_the_lichs_role_then_the_mayor_is_asked(make_game, forum, clock):
    """The Лич (and Мэр) alice is arrested: two trigger choices, asked one after the other."""
    game = make_game(players=NECRO, **SO_FALSE)
    deal(game)
    clock.at("13:00")
    forum.pm("erin", "Арест alice", clock.now)
    cycle(game, post=False)
    clock.at("10:01", 1)
    cycle(game, post=False)
    assert asked(game) == ("bob", "Перерождение", ())
    clock.now += timedelta(minutes=1)
    forum.pm("bob", "Да, принимаю роль Лича", clock.now)
    report = cycle(game, post=False)
    assert report.tick.resolved == [], report.to_json()      # the next death's choice: the Мэр's
    assert asked(game)[:2] == ("alice", "Преемственность") and answers_of(game, "alice") == []
    clock.now += timedelta(minutes=1)
    forum.pm("alice", "Передаю роль grace", clock.now)
    assert cycle(game, post=False).tick.resolved == ["night 1"]
    players = _state(game).players
    assert players["bob"].secret_role == "Лич" and players["grace"].open_role == "Мэр"


def test_a_post_in_the_thread_answers_a_public_choice_only_as_its_order(make_game, forum, clock):
    game = _arrested_mayor(make_game, forum, clock)
    clock.now += timedelta(minutes=1)
    forum.post("alice", "Эх, grace молодец", clock.now)     # talk in the thread: no answer
    cycle(game, post=False)
    assert answers_of(game, "alice") == [] and asked(game) is not None
    clock.now += timedelta(minutes=1)
    forum.post("alice", "Преемственность: grace", clock.now)
    assert cycle(game, post=False).tick.resolved == ["night 1"]
    assert _state(game).players["grace"].open_role == "Мэр"



def test_a_phase_ended_early_goes_on_once_the_pm_answers_it(make_game, forum, clock):
    """`gorod phase end` before the deadline stopped at the arrest: the answer lets the next
    round of the worker finish that end, the deadline still ahead."""
    from gorod.loop import end_now
    from gorod.loop.phases import PhaseAsks

    game = make_game(**SO_FALSE)
    deal(game)
    clock.at("13:00")
    forum.pm("erin", "Арест alice", clock.now)
    cycle(game, post=False)
    clock.at("20:00")
    try:
        end_now(game)
    except PhaseAsks as asked_now:
        assert "фаза ждёт ответа alice" in str(asked_now)
    else:
        raise AssertionError("the phase end did not stop at the arrest")
    assert cycle(game, post=False).tick.resolved == []        # no answer yet, deadline ahead
    forum.pm("alice", "передаю роль heidi", clock.at("20:05"))
    assert cycle(game, post=False).tick.resolved == ["night 1"]
    assert _state(game).players["heidi"].open_role == "Мэр"
