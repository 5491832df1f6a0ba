"""`gorod count`: draft the public vote count of the open day, a post for the thread."""
from __future__ import annotations

from gorod.commands._game import add_game_option, print_json, with_game


def register(sub) -> None:
    parser = sub.add_parser(
        "count", help="черновик поста с подсчётом голосов по постам в теме (днём)",
        description="Draft a post for the game's thread with the open day's vote count as the thread "
        "shows it: each candidate with the players whose last vote in the thread is for him, who has "
        "not voted, when it was counted and when the day ends. Only public facts: the votes as posted "
        "and withdrawn, the Мэр's two votes, abilities used in public (Митинг, Смена пола); never a "
        "vote dictated, saved or lost in secret (gorod tally shows the engine's real tally to the GM "
        "alone). The thread is read first (--no-read: not). The draft waits for approval like every "
        "post (gorod show, gorod approve) and replaces the day's counts not yet approved. Refused at "
        "night, before the deal and after the game's end. The game file's vote_count: drafts counts "
        "on a schedule.")
    add_game_option(parser)
    parser.add_argument("--no-read", action="store_true", help="не читать форум перед подсчётом")
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(handler=_count)


@with_game("count")
def _count(game, args) -> int:
    from gorod.loop.count import count_on_demand

    draft_id = count_on_demand(game, read=not args.no_read)
    draft = game.records.draft(draft_id)
    if args.json:
        print_json(draft.to_json())
        return 0
    print(f"Черновик #{draft_id} (подсчёт голосов, в тему) ждёт одобрения: gorod approve {draft_id}")
    print()
    print(draft.body, end="")
    return 0
