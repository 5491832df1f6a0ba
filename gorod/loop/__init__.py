"""The game loop (issue 6): store, worker, drafts for approval, posting exactly once.

The library a CLI or a web console calls; `gorod/commands/` is a thin edge over it.

    from gorod.loop import Game, deal, poll, tick, resolve_phase, publish, cycle

    game = Game.open("game.yaml")            # the config, its store (SQLite), the real clock
    deal(game)                               # secret roles at random (seed recorded), night 1 opens,
                                             # start PMs drafted
    cycle(game)                              # poll + tick + publish: what `gorod run --once` does
    poll(game)                               # new posts/PMs -> orders, unresolved items, receipts
    tick(game)                               # day orders at once, «резолв», vote complete, scheduled count, boundary
    draft_count(game)                        # the open day's public vote count, a post for approval (`gorod count`)
    resolve_phase(game)                      # the open phase now (`gorod phase end`)
    draft(game, "night 1")                   # a resolved phase's drafts again (after a template change)
    extend(game, hours=12)                   # `gorod phase extend`
    game.fold(upto="day 1")                  # (GameState, events) at any past moment
    with game.writing("what this step does"):   # the game's writer lock (`gorod.loop.lock`):
        ...                                  # cycle, publish, end_now, extend, deal take it themselves
    game.records.drafts(["pending"])         # DraftRow: id, kind, audience, title, body, trace, state
    approve(game, id) / reject(game, id) / edit(game, id, body)
    publish(game)                            # approved drafts -> forum, exactly once
    add_order(game, "{by: Аня, ability: Голосование, target: Боря}")   # the GM's own orders
    drop_order(game, order_id)

Where things are:
- `records.Records`: the tables (game_meta, game_orders, unresolved, notices, phases,
  drafts, outbox) — every read a console needs (`orders()`, `unresolved()`,
  `notices()`, `phases()`, `drafts()`, `outbox()`).
- `game.Game`: config + store + clock + forum; `fold()` gives the state, from the fold of
  the log it keeps and extends (and a notice to the GM when a stored phase now resolves
  otherwise); `drafting.save_drafts` stores made drafts, the one way it is done.
- `deal`, `intake` (poll), `phases` (resolve, tick, extend), `publish`, `worker`
  (cycle, run), `orders` (the GM's overrides), `forum` (the site behind it all).

Drafts change state pending → approved → posted (or rejected); only `publish` posts and
only approved drafts; `approve` refuses a text that names a secret its audience does not
know (`publisher.secrets`) unless forced.
"""
from gorod.loop.count import draft_count
from gorod.loop.deal import deal
from gorod.loop.drafting import draft
from gorod.loop.game import Game, LoopError, PhaseClock
from gorod.loop.intake import poll
from gorod.loop.orders import add_order, drop_order
from gorod.loop.phases import end_now, extend, resolve_phase, tick
from gorod.loop.publish import approve, check_draft, edit, publish, reject
from gorod.loop.worker import cycle, run

__all__ = ["Game", "LoopError", "PhaseClock", "add_order", "approve", "check_draft", "cycle", "deal", "draft", "draft_count",
           "drop_order", "edit", "end_now", "extend", "poll", "publish", "reject", "resolve_phase", "run", "tick"]
