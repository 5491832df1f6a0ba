"""Сплетник (open role).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.abilities.registry import ABSTAIN_EXCUSED, BALLOT_CAST, ROLE_LOST, SHAPE, TALLY, TALLY_NOTE, day_effect, day_refusal, target_rule
from engine.api import DayAPI, PhaseAPI, Refused, TargetAPI
from engine.ruling_rows import ReadingField, choice, flag
from engine.orders import Args, Order, OrderError, arg, read_count, read_flag
from engine.reasons import Reason
from engine.state import PlayerState

@dataclass(frozen=True)
class GossipArgs(Args):
    """«сохранить голос "в копилку"» (`save`), or spend it: how many saved votes (`votes`,
    under `gossip_spend: any_number`; all if not written)."""
    save: bool = arg(False, read=read_flag, said="в копилку")
    votes: int | None = arg(read=read_count)


SPECS = (
    _A("Компромат", RoleKind.OPEN, ("Сплетник",), D, "Компромат - вместо голосования может сохранить голос \"в копилку\". Голоса из \"копилки\" могут быть использованы в любой день вместе с обычным (при этом они расходуются).",
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET,), args=GossipArgs, on_vote=True),
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


@dataclass(frozen=True)
class Piggybank:
    """Компромат's memory across phases (its state slot): Сплетник -> the votes in his
    «копилка»."""
    saved: dict[str, int] = field(default_factory=dict)

    def of(self, nick: str) -> int:
        return self.saved.get(nick, 0)

    def holding(self, nick: str, votes: int) -> "Piggybank":
        return Piggybank({**self.saved, nick: votes})


@dataclass
class GossipDay:
    """Today's saves («в копилку») and spends of the Сплетники: Сплетник -> (target, order)."""
    saved: set[str] = field(default_factory=set)
    spends: dict[str, tuple[str, Order]] = field(default_factory=dict)


@day_effect("Компромат")
def gossip(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """Компромат: save today's vote «в копилку», or spend the saved votes (A30)."""
    if order.args_as(GossipArgs).save:   # «вместо голосования»: today's vote is replaced by the save
        day.replace_ballot(order.by, order, remove=True)
        day.own(GossipDay).saved.add(order.by)
        day.spend(order, spec)
        day.trace(saving(order), "Компромат", order)
    else:
        assert order.target is not None
        day.own(GossipDay).spends[order.by] = (order.target, order)
        votes = order.args_as(GossipArgs).votes
        how_many = "все голоса" if votes is None else f"{votes} голос(а)"
        day.trace(f"{order.by} тратит {how_many} из копилки против {order.target}", "Компромат", order)


def spent_count(order: Order, saved: int) -> int:
    """How many saved votes a spend uses: all under `gossip_spend: all`; under `any_number`
    the number written (`votes`), all if none is (A30 1)."""
    votes = order.args_as(GossipArgs).votes
    return saved if votes is None else min(votes, saved)


def saving(order: Order) -> str:
    return f"{order.by} откладывает голос в копилку"


@TALLY_NOTE("Компромат")
def gossip_tally_note(order: Order) -> str | None:
    """«вместо голосования может сохранить голос "в копилку"»
    What the GM's tally shows of an accepted save (a save casts no vote to list)."""
    return saving(order) if order.args_as(GossipArgs).save else None


@SHAPE("Компромат")
def gossip_shape(order: Order) -> None:
    """«вместо голосования может сохранить голос "в копилку"»: a spend names its target, a save
    names nobody."""
    if not order.args_as(GossipArgs).save and order.target is None:
        raise OrderError("Компромат: нужна цель (поле target) или «в копилку» (save: true)")


@target_rule("Компромат")
def gossip_target(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«Голоса из "копилки" могут быть использованы в любой день вместе с обычным»
    A spend names another living character; a save names nobody."""
    return ctx.living(order.target, other=True) if order.target and not order.args_as(GossipArgs).save else None


@day_refusal("Компромат")
def gossip_refusal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«вместо голосования может сохранить голос»: a save needs today's vote; a spend
    needs saved votes."""
    if order.args_as(GossipArgs).save:
        return day.own_vote_refusal(order, controller)
    votes = order.args_as(GossipArgs).votes
    if votes is not None and day.rulings["gossip_spend"] != "any_number":
        raise OrderError("Компромат: число голосов (поле votes) выбирается только при "
                         "rulings.gossip_spend: any_number; иначе тратятся все")
    saved = day.state.of(Piggybank).of(order.by)
    if saved <= 0 or (votes is not None and votes > saved):
        return Reason.NO_SAVED_VOTES, None   # «копилка» holds fewer than he spends
    return None


@TALLY("Компромат", sub="b")
def spent_votes(day: DayAPI, votes: dict[str, int]) -> None:
    """«Голоса из "копилки" могут быть использованы в любой день вместе с обычным (при
    этом они расходуются)» (A30); today's save goes into the «копилка»."""
    for gossip, (target, order) in day.own(GossipDay).spends.items():
        player = day.p(gossip)
        saved = day.state.of(Piggybank).of(gossip)
        if not day.can_vote(player):
            # «его голос не учитывается»: the spent votes don't count either (A30 4)
            if not day.rulings["gossip_refund_if_void"]:
                day.state.put(day.state.of(Piggybank).holding(gossip, saved - spent_count(order, saved)))
            continue
        regular = day.ballots().get(gossip)
        if day.rulings["gossip_saved_follow_regular"] and regular is not None:
            target = regular.target
        count = spent_count(order, saved)
        votes[target] = votes.get(target, 0) + count
        day.add_votes(target, count, "Компромат", gossip,
                    f"Компромат: {gossip} тратит {count} голос(а) из копилки против {target}",
                    order)
        day.trace(f"{gossip}: {count} голос(а) из копилки против {target}",
                  "Компромат", order)
        day.state.put(day.state.of(Piggybank).holding(gossip, saved - count))
    for gossip in day.own(GossipDay).saved:
        player = day.p(gossip)
        if day.can_vote(player):
            bank = day.state.of(Piggybank)
            day.state.put(bank.holding(gossip, bank.of(gossip) + 1))


@BALLOT_CAST("Компромат")
def vote_replaces_save(day: DayAPI, voter: str) -> None:
    """«вместо голосования может сохранить голос»: a vote cast after the save takes its place."""
    day.own(GossipDay).saved.discard(voter)


@ABSTAIN_EXCUSED("Компромат")
def saved_is_no_abstention(day: DayAPI, nick: str) -> bool:
    """«вместо голосования»: who saved his vote did not abstain."""
    return nick in day.own(GossipDay).saved


@ROLE_LOST("Компромат")
def piggybank_goes_with_the_role(ctx: PhaseAPI, player: PlayerState, role: str) -> None:
    """«вместо голосования может сохранить голос "в копилку"»: the «копилка» is the
    Сплетник's; one who loses the role (Преемственность: «тот теряет свою старую роль»)
    loses what it holds."""
    bank = ctx.state.of(Piggybank)
    if bank.of(player.nick):
        ctx.state.put(bank.holding(player.nick, 0))
