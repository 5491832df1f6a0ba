"""Each engine's own limits (the profile's `write.limits`), and drafts held to them (issue 22,
items 4 and 5): PM titles fitted before approval by a rule the GM sees, titles made unique
where the forum drops a repeated one, a refused send a Russian notice on its draft that
stops no other draft, and a GM's own title over the limit flagged at approval."""
from __future__ import annotations

import pytest

from config.profiles import WriteLimits, load_profile
from gorod.loop import approve, cycle, deal, edit, publish, resolve_phase
from gorod.loop.drafting import draft_notes
from gorod.loop.game import LoopError
from publisher.fit import fit_title, shorten
from scraper.errors import PostRejected

NODEBB = load_profile("nodebb").write.limits
SPIRIT = load_profile("spirit").write.limits
# a game's name as GMs write them: with «: Ночь 1 (Новолуние)» after it, 53 characters: over NodeBB's 50
LONG_TITLE = "Город N: осенняя партия — 2026 г."


def _pms(game):
    return [d for d in game.records.drafts() if d.audience != "public"]


def test_the_shipped_profiles_say_the_engines_limits():
    """The values of each engine's own code (its source in the lab), confirmed live by the
    conformance suite (tests/forums/test_conformance.py)."""
    titles = {name: load_profile(name).write.limits.title for name in ("nodebb", "spirit", "smf2", "phpbb3",
                                                                         "mybb", "misago")}
    assert titles == {"nodebb": 50, "spirit": 255, "smf2": 100, "phpbb3": 60, "mybb": 85, "misago": 90}
    assert (NODEBB.pm_length, SPIRIT.same_title_minutes) == (1000, 30)


def test_a_night_pm_title_over_nodebbs_50_characters_is_shortened_before_approval(make_game, forum, clock):
    forum.limits = NODEBB
    game = make_game(title=LONG_TITLE)
    deal(game)
    clock.at("13:00")
    forum.pm("carol", "Исповедую erin", clock.now)     # the Демонолог's night order: a night PM to her
    cycle(game, post=False)
    resolve_phase(game)
    night = [d for d in _pms(game) if d.kind == "pm"]
    assert night, "the night drafted no PM"
    full = f"{LONG_TITLE}: Ночь 1 (Новолуние)"
    assert len(full) > 50
    for d in night:
        assert len(d.title) <= 50 and d.title.endswith("…"), d.title
        assert any("сокращён до 50 знаков" in note and full in note for note in draft_notes(game, d.id))
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    report = publish(game)
    assert not report.failed
    assert {pm.title for pm in forum.sent_pms if pm.title.startswith(LONG_TITLE[:10])} >= {d.title for d in night}


def test_start_pms_on_a_forum_that_drops_a_repeated_title_carry_the_players_name(make_game, forum):
    forum.limits = SPIRIT
    game = make_game()
    deal(game)
    starts = [d for d in _pms(game) if d.kind == "start"]
    assert len(starts) == 9
    assert len({d.title for d in starts}) == 9
    for d in starts:
        assert d.title == f"Город N: тест: ваша роль — {d.audience}"
        assert any("добавлено имя игрока" in note for note in draft_notes(game, d.id))


def test_a_refused_pm_is_a_russian_notice_on_its_draft_and_the_others_are_sent(make_game, forum):
    game = make_game()
    deal(game)
    for d in game.records.drafts(["pending"]):
        approve(game, d.id)
    real = forum.send_pm

    def send_pm(to, title, text, **kw):
        if to == "carol":
            raise PostRejected("/api/v3/chats", "the forum did not save it (write.pm.api[1], HTTP 400): "
                                                "[[error:chat-room-name-too-long]]",
                               ru="форум отказал (HTTP 400), его слова: «[[error:chat-room-name-too-long]]»")
        return real(to, title, text, **kw)

    forum.send_pm = send_pm
    first = publish(game)
    refused = next(d for d in game.records.drafts() if d.audience == "carol")
    assert list(first.failed) == [refused.id]
    assert len(first.posted) == 8
    assert game.records.draft(refused.id).state == "pending"      # back to the GM, not retried
    assert game.records.outbox(refused.id) == []                    # nothing of it is on the forum
    [note] = [n for n in game.records.notices() if n.key.startswith(f"publish-refused:{refused.id}:")]
    assert "не отправлен" in note.text and "chat-room-name-too-long" in note.text and "«Править»" in note.text
    assert note.text in draft_notes(game, refused.id)
    from gorod.web.queries import drafts_view                       # the console's card shows it
    [card] = [v for v in drafts_view(game) if v.row.id == refused.id]
    assert note.text in card.notes and card.row.state == "pending"
    again = publish(game)
    assert not again.failed                                          # later publishes are clean
    edit(game, refused.id, refused.body, title="Роль")                # the GM's fix, then his word
    approve(game, refused.id)
    forum.send_pm = real
    assert publish(game).posted == [refused.id]
    assert [pm.title for pm in forum.pms_to("carol")] == ["Роль"]


def test_a_gms_own_title_over_the_limit_is_flagged_at_approval(make_game, forum):
    forum.limits = NODEBB
    game = make_game()
    deal(game)
    start = _pms(game)[0]
    edit(game, start.id, start.body, title="Очень длинный заголовок, который мастер написал сам, от руки")
    with pytest.raises(LoopError, match="форум берёт не больше 50"):
        approve(game, start.id)


def test_two_approved_pms_of_one_title_are_flagged_where_the_forum_drops_a_repeat(make_game, forum):
    forum.limits = SPIRIT
    game = make_game()
    deal(game)
    first, second = _pms(game)[:2]
    edit(game, first.id, first.body, title="Ваша роль")
    edit(game, second.id, second.body, title="Ваша роль")
    approve(game, first.id)
    with pytest.raises(LoopError, match=f"#{first.id}.*тот же заголовок"):
        approve(game, second.id)


@pytest.mark.parametrize("title, room", [
    ("Город N: осенняя партия: Ночь 1 (Новолуние)", 30),
    ("Город N: осенняя партия: Ночь 1 (Новолуние)", 10),
    ("Одно_очень_длинное_слово_без_пробелов_вообще", 20),
])
def test_a_shortened_title_fits_and_keeps_its_beginning(title, room):
    short = shorten(title, room)
    assert len(short) <= room and short.endswith("…")
    assert title.startswith(short[:-1].rstrip())


def test_the_fitted_title_keeps_room_for_the_name_and_the_parts():
    limits = WriteLimits(title=40, same_title_minutes=30)
    fitted = fit_title("Город N: осенняя партия: Ночь 1 (Новолуние)", "мирон", limits, parts=2)
    assert fitted.title.endswith(" — мирон")
    assert len(fitted.title + " (2/2)") <= 40
    assert len(fitted.notes) == 2
