"""`gossip_spend: any_number` (A30 1, issue 27) added the order field `votes: N`; a Сплетник's
PM «трачу 2 голоса из копилки на X» now carries it. Under the default `all` the number is
not a field of this game: the GM is asked (the spend of all its candidate), the order is
never stored to be refused at the phase's end nor read as meaning less."""
from __future__ import annotations

from gorod.loop import cycle, deal

PLAYERS = {"alice": {"open": "Сплетник", "secret": "Лич"}, "bob": {"open": "Оракул", "secret": "Зомби"},
           "erin": {"open": "Бандит", "secret": "Начальник стражи"}, "dave": {"open": "Вор", "secret": "Бес"}}


def _spend(make_game, forum, clock, **rulings):
    game = make_game(players=PLAYERS, **({"rulings": rulings} if rulings else {}))
    deal(game)
    clock.at("13:00")
    forum.pm("alice", "Трачу 2 голоса из копилки на dave", clock.now)
    cycle(game, post=False)
    return game


def test_under_any_number_the_number_is_read_into_votes(make_game, forum, clock):
    game = _spend(make_game, forum, clock, gossip_spend="any_number")
    assert [o.text for o in game.records.orders("night 1")] == [
        "{by: alice, ability: Компромат, target: dave, votes: 2}"]
    assert game.records.unresolved() == []


def test_under_all_the_number_is_asked_with_the_spend_of_all_as_its_candidate(make_game, forum, clock):
    game = _spend(make_game, forum, clock)
    assert game.records.orders("night 1") == []
    [item] = game.records.unresolved()
    assert "gossip_spend: any_number" in item.reason and "тратятся все голоса из копилки" in item.reason
    assert item.candidates == ("{by: alice, ability: Компромат, target: dave}",)
