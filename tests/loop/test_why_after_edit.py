"""Issue 26, item 3: «почему?» after the GM edited a draft pins each event on the line that
tells it by its words, never by position: a story line the GM added is explained by nothing,
a line he rewrote has no explanation beside it, the lines he kept keep theirs."""
from __future__ import annotations

from gorod.loop import deal, edit
from gorod.loop.why import explain


def start_pm(game, nick):
    return next(d for d in game.records.drafts() if d.kind == "start" and d.audience == nick)


def test_an_added_story_line_is_never_explained_as_an_event(make_game):
    game = make_game()
    deal(game)
    draft = start_pm(game, "carol")              # carol the Демонолог: her allies line is an event
    [allies] = [w for w in explain(game, draft) if w.line and "союзники" in w.line]
    body = draft.body.replace(allies.line, "Союзник у вас один, и вы его знаете.") + "Ночь была тиха и темна.\n"
    edited = edit(game, draft.id, body)
    whys = explain(game, edited)
    assert all(w.line != "Ночь была тиха и темна." for w in whys)
    assert all(w.line != "Союзник у вас один, и вы его знаете." for w in whys)
    assert len(whys) == len(explain(game, draft))        # every event still explained, its line unknown


def test_lines_the_gm_kept_keep_their_explanation(make_game):
    game = make_game()
    deal(game)
    draft = start_pm(game, "carol")
    before = [(w.line, w.rule) for w in explain(game, draft)]
    edited = edit(game, draft.id, "Добрый вечер!\n" + draft.body + "Удачи.\n")
    assert [(w.line, w.rule) for w in explain(game, edited)] == before
