"""Сплетник (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from engine.abilities.registry import day_effect, on, refusal, target_rule
from engine.abilities.spec import D, AbilitySpec as _A, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.ruling_rows import ReadingField, choice, flag
from engine.orders import Order, OrderError
from engine.reasons import Reason

SPECS = (
    _A("Компромат", RoleKind.OPEN, ("Сплетник",), D, "Компромат - вместо голосования может сохранить голос \"в копилку\". Голоса из \"копилки\" могут быть использованы в любой день вместе с обычным (при этом они расходуются).",
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET, Field.SAVE, Field.VOTES), on_vote=True),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Компромат", Channel.PM, "«в копилку» — сохранить сегодняшний голос; ник — потратить копилку на него; "
          "число голосов перед ником — потратить столько (если мастер разрешил тратить часть: gossip_spend: any_number)",
          names=("копилка",), verbs=("сохранять", "сохранить", "откладывать", "отложить", "тратить", "потратить"),
          examples=(("Компромат: в копилку", {"save": True}),
                    ("Компромат: все голоса из копилки на Борю", {"target": "Боря"}),
                    ("Трачу 2 голоса из копилки на Борю", {"target": "Боря", "votes": 2})),
          shape=Shape.SAVE,
          keywords=(Keyword("save", "в копилку", frozenset({"копилка", "сохранить", "сохранять",
                        "отложить", "откладывать", "save", "копить"})),
                    # «2 голоса», «два голоса»: the number of saved votes spent (the field votes, A30 1)
                    Keyword("votes", "N голоса", frozenset({"голос"})))),
)


# The fields only one reading of its rulings reads (engine/reading_fields.py).
READING_FIELDS = (
    ReadingField("gossip_spend", "any_number", "order", "votes", "Компромат",
                 hint="иначе тратятся все голоса из копилки"),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "gossip_spend", "A30", "Сплетник's saved votes",
        "Компромат: голоса «из копилки могут быть использованы в любой день вместе с обычным». "
        "Сколько голосов тратится за раз?",
        ("all", "все накопленные сразу"),
        ("any_number", "любое число по выбору Сплетника"),
    ),
    flag(
        "gossip_saved_follow_regular", "A30", "Сплетник's saved votes",
        "Должны ли голоса из копилки идти против той же цели, что и обычный голос Сплетника "
        "(«вместе с обычным»)?",
        yes="да: они всегда идут за цель его обычного голоса",
        no="нет: они идут за цель заявки на трату, которая может отличаться",
        default=False,
    ),
    flag(
        "gossip_refund_if_void", "A30", "Сплетник's saved votes",
        "Если голос Сплетника позже в тот же день аннулирован, что с потраченными голосами из копилки?",
        yes="не учитываются и возвращаются в копилку",
        no="не учитываются и пропадают",
    ),
)


@day_effect("Компромат")
def gossip(day, order: Order, spec, controller) -> None:
    """Компромат: save today's vote «в копилку», or spend the saved votes (A30)."""
    if order.save:   # «вместо голосования»: today's vote is replaced by the save
        from engine.abilities.voting import replace_ballot
        replace_ballot(day, order.by, order, remove=True)
        day.saved_today.add(order.by)
        day.spend(order, spec)
        day.trace(saving(order), "Компромат", order)
    else:
        day.spends[order.by] = (order.target, order)
        how_many = "все голоса" if order.votes is None else f"{order.votes} голос(а)"
        day.trace(f"{order.by} тратит {how_many} из копилки против {order.target}", "Компромат", order)


def spent_count(order: Order, saved: int) -> int:
    """How many saved votes a spend uses: all under `gossip_spend: all`; under `any_number`
    the number written (`votes`), all if none is (A30 1)."""
    return saved if order.votes is None else min(order.votes, saved)


def saving(order: Order) -> str:
    return f"{order.by} откладывает голос в копилку"


@on("tally_note", "Компромат")
def gossip_tally_note(order: Order) -> str | None:
    """«вместо голосования может сохранить голос "в копилку"»
    What the GM's tally shows of an accepted save (a save casts no vote to list)."""
    return saving(order) if order.save else None


@on("shape", "Компромат")
def gossip_shape(order: Order) -> None:
    """«вместо голосования может сохранить голос "в копилку"»: a spend names its target, a save
    names nobody."""
    if not order.save and order.target is None:
        raise OrderError("Компромат: нужна цель (поле target) или «в копилку» (save: true)")


@target_rule("Компромат")
def gossip_target(ctx, user, order: Order):
    """«Голоса из "копилки" могут быть использованы в любой день вместе с обычным»
    A spend names another living character; a save names nobody."""
    return ctx.living(order.target, other=True) if order.target and not order.save else None


@refusal("Компромат", phase="day")
def gossip_refusal(day, order: Order, spec=None, controller=None):
    """«вместо голосования может сохранить голос»: a save needs today's vote; a spend
    needs saved votes."""
    from engine.abilities.voting import own_vote_refusal
    if order.save:
        return own_vote_refusal(day, order, controller)
    if order.votes is not None and day.rulings["gossip_spend"] != "any_number":
        raise OrderError("Компромат: число голосов (поле votes) выбирается только при "
                         "rulings.gossip_spend: any_number; иначе тратятся все")
    saved = day.p(order.by).saved_votes
    if saved <= 0 or (order.votes is not None and order.votes > saved):
        return Reason.NO_SAVED_VOTES, None   # «копилка» holds fewer than he spends
    return None


@on("tally", "Компромат", sub="b")
def spent_votes(day, votes: dict[str, int]) -> None:
    """«Голоса из "копилки" могут быть использованы в любой день вместе с обычным (при
    этом они расходуются)» (A30); today's save goes into the «копилка»."""
    from engine.abilities.voting import added_votes, can_vote
    for gossip, (target, order) in day.spends.items():
        player = day.p(gossip)
        if not can_vote(day, player):
            # «его голос не учитывается»: the spent votes don't count either (A30 4)
            if not day.rulings["gossip_refund_if_void"]:
                player.saved_votes -= spent_count(order, player.saved_votes)
            continue
        if day.rulings["gossip_saved_follow_regular"] and gossip in day.ballots:
            target = day.ballots[gossip].target
        count = spent_count(order, player.saved_votes)
        votes[target] = votes.get(target, 0) + count
        added_votes(day, target, count, "Компромат", gossip,
                    f"Компромат: {gossip} тратит {count} голос(а) из копилки против {target}",
                    order)
        day.trace(f"{gossip}: {count} голос(а) из копилки против {target}",
                  "Компромат", order)
        player.saved_votes -= count
    for gossip in day.saved_today:
        player = day.p(gossip)
        if can_vote(day, player):
            player.saved_votes += 1
