"""The public vote count: the day's votes as the thread shows them, and nothing secret.

    count = public_count(state, PhaseId.parse("day 2"), orders)   # the day's orders in the order given
    count.candidates   # (Candidate("Боря", 3, (CountedVote("Аня", 2, ("Мэр: Деспотия, голос за два",)),
                       #                       CountedVote("Вера", 1))), …), the most votes first
    count.not_voted    # «не голосовали»: who may vote, as the public sees it, and has not
    count.ballots()    # voter -> target, every ballot counted or not

Players ask the GM «какой сейчас расклад голосов?». The engine's own tally (engine/preview.py)
cannot be shown to them: part of what decides the day is secret (a vote dictated by Влияние
or a zombie command, votes saved with Компромат, a vote lost to Кража or Туз Бубен, the
Обвинение's ×3). So the count is the engine's own day protocol («будет учитываться только
последний», a vote without a target withdraws it, whom one may vote for) run on the public
view of the game (`public_view`): the players as the public knows them (alive, Лазарет,
Тюрьма and Кладбище, announced by the rules: «Все случаи получения или потери любым
персонажем любого их этих статусов объявляются публично»; the open roles, public by
definition; every secret role replaced by a Мирный житель; no secret mark, card, command or
saved vote), with the day's public orders only (`is_public_order`: the day abilities of open
roles and Голосование, which the rules make public acts). So a weight comes only from an open
role (the Мэр's Деспотия) or an ability used in public (Митинг, Смена пола), and a vote shows
as it was posted even when the engine will refuse it for a secret reason.

One function for every count: the GM's count post (gorod/loop/count.py) and the replay of
archived games against their hosts' counts (gorod/replay/votes.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from engine import events as ev
from engine.abilities import RoleKind, When, find_ability
from engine.names import CIVILIAN
from engine.orders import Order
from engine.phase import PhaseId
from engine.preview import preview_phase
from engine.state import GameState, PlayerState, Prison

# Open roles and Голосование: the kinds of ability whose day use is a public act.
PUBLIC_KINDS = (RoleKind.COMMON, RoleKind.OPEN)
# The lives a player shows: the public knows Лазарет (one life), not a secret maximum.
SHOWN_LIVES, LAZARET_LIVES = 2, 1


@dataclass(frozen=True)
class CountedVote:
    voter: str
    weight: int
    why: tuple[str, ...] = ()     # a public weight's reason («Мэр: Деспотия, голос за два»)

    def to_json(self) -> dict[str, Any]:
        return {"voter": self.voter, "weight": self.weight, "why": list(self.why)}


@dataclass(frozen=True)
class Candidate:
    nick: str
    total: int
    voters: tuple[CountedVote, ...]
    added: tuple[tuple[int, str], ...] = ()   # votes that are no one's ballot (Митинг's three): (n, why)

    def to_json(self) -> dict[str, Any]:
        return {"nick": self.nick, "total": self.total, "voters": [v.to_json() for v in self.voters],
                "added": [list(a) for a in self.added]}


@dataclass(frozen=True)
class PublicCount:
    phase: PhaseId
    candidates: tuple[Candidate, ...]
    not_voted: tuple[str, ...]
    electorate: tuple[str, ...]
    void: tuple[tuple[str, str, str], ...] = ()   # (voter, target, why): ballots that count for nothing

    def ballots(self) -> dict[str, str]:
        """Every ballot of the day as voter -> target (counted or void)."""
        out = {v.voter: c.nick for c in self.candidates for v in c.voters}
        out.update({voter: target for voter, target, _why in self.void})
        return out

    def totals(self) -> dict[str, int]:
        return {c.nick: c.total for c in self.candidates}

    def to_json(self) -> dict[str, Any]:
        return {"phase": str(self.phase), "candidates": [c.to_json() for c in self.candidates],
                "not_voted": list(self.not_voted), "electorate": list(self.electorate),
                "void": [list(v) for v in self.void]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PublicCount":
        return cls(PhaseId.parse(data["phase"]),
                   tuple(Candidate(c["nick"], int(c["total"]),
                                   tuple(CountedVote(v["voter"], int(v["weight"]), tuple(v["why"]))
                                         for v in c["voters"]),
                                   tuple((int(n), str(why)) for n, why in c["added"]))
                         for c in data["candidates"]),
                   tuple(data["not_voted"]), tuple(data["electorate"]), tuple(tuple(v) for v in data["void"]))


def is_public_order(order: Order) -> bool:
    """An order whose use by day is a public act: Голосование and the public day abilities of
    the open roles (Смена пола, Митинг, Поймать в подворотне). A secret role's or a card's
    order (its holder is secret), a night or «в любой момент» order, and every PM-only
    ability (Влияние, Компромат) are not."""
    spec = find_ability(order.ability)
    return (spec is not None and spec.public and spec.when is When.DAY and spec.kind in PUBLIC_KINDS
            and not order.arg("save"))


def public_view(state: GameState) -> GameState:
    """The game as every player knows it: each player's open role, his public statuses and
    the uses of public abilities; every secret role a Мирный житель, no mask, card, command,
    saved vote, day mark or pending effect. Nothing secret of `state` reaches the result."""
    players = {}
    for nick, p in state.players.items():
        players[nick] = PlayerState(
            nick=nick, open_role=p.open_role, secret_role=CIVILIAN,
            lives=LAZARET_LIVES if p.lazaret else SHOWN_LIVES, lazaret=p.lazaret, dead=p.dead, left=p.left,
            prison=Prison(p.prison.for_life, p.prison.release_after) if p.prison else None,
            held_roles={p.open_role} if p.open_role else set(),
            uses={name: list(used) for name, used in p.uses.items() if _public_ability(name)},
            start_lives=SHOWN_LIVES)
    public = {kind: slot for kind, slot in state.slots.items() if getattr(kind, "PUBLIC", False)}
    return GameState(players=players, rulings=state.rulings, phase=state.phase,
                     winner=state.winner, game_over=state.game_over, slots=public)


def _public_ability(name: str) -> bool:
    spec = find_ability(name)
    return spec is not None and spec.public and spec.kind in PUBLIC_KINDS


def public_count(state: GameState, phase: PhaseId, orders: Iterable[Order]) -> PublicCount:
    """The count of day `phase` over `orders` (the day's orders in the order given; those that
    are no public act are left out) on the public view of `state`, the game before the day."""
    if phase.is_night:
        raise ValueError(f"{phase}: голоса считаются только днём")
    view = public_view(state)
    preview = preview_phase(view, phase, [o for o in orders if is_public_order(o)])
    if preview.problem:
        raise ValueError(preview.problem)
    seat = {nick: i for i, nick in enumerate(view.players)}
    voters: dict[str, list[CountedVote]] = {}
    void: list[tuple[str, str, str]] = []
    for vote in preview.votes:
        if vote.weight <= 0:
            void.append((vote.voter, vote.target, "; ".join(r.text for r in vote.reasons)))
            continue
        why = tuple(r.text for r in vote.reasons if r.code is ev.VoteWhy.WEIGHT)
        voters.setdefault(vote.target, []).append(CountedVote(vote.voter, vote.weight, why))
    added: dict[str, list[tuple[int, str]]] = {}
    for extra in preview.added:
        added.setdefault(extra.target, []).append((extra.votes, extra.text))
    candidates = [Candidate(nick, sum(v.weight for v in voters.get(nick, ())) + sum(n for n, _ in added.get(nick, ())),
                            tuple(voters.get(nick, ())), tuple(added.get(nick, ())))
                  for nick in set(voters) | set(added)]
    candidates.sort(key=lambda c: (-c.total, seat.get(c.nick, len(seat))))
    return PublicCount(phase, tuple(candidates), tuple(preview.abstained), tuple(preview.electorate), tuple(void))
