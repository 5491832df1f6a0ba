"""`gorod deal`: deal the secret roles (a recorded seed), open night 1, draft the start PMs."""
from __future__ import annotations

from gorod.commands._game import add_game_option, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "deal", help="раздать тайные роли случайно и подготовить каждому игроку стартовое ЛС",
        description="Assign the secret roles the config does not fix at random from `secret_roles:` "
        "(the seed is recorded), open night 1 with its deadline, and draft one start PM per player "
        "(his roles, the Лич's and Демонолог's team, a request for a mask or cards). Nothing is "
        "posted: review with `gorod drafts`, then `gorod approve`.")
    add_game_option(parser)
    parser.add_argument("--seed", type=int, help="the deal's seed (default: the config's, or a random one)")
    parser.set_defaults(handler=_deal)


@with_game("deal")
def _deal(game, args) -> int:
    from gorod.loop import deal
    from gorod.loop.words import moment, opened

    ids = deal(game, seed=args.seed)
    record = game.deal()
    current = game.current()
    print(f"Роли розданы (seed {record['seed']}); {opened(current.phase)} до "
          f"{moment(current.deadline, game.config.schedule)}.")
    print(f"Черновиков стартовых ЛС: {len(ids)} — gorod drafts, gorod approve --all.")
    return 0
