"""Голосование (all roles) and the voting protocol («Протокол голосования», SPEC §4.3):
who may vote today, a vote's weight, the tally at the end of the day.

«Каждый день персонаж, имеющий способность Голосование, может отдать голос за казнь
какого-либо другого персонажа, написав об этом в комментарии к посту. Цель можно менять
неограниченное количество раз, будет учитываться только последний. Если персонаж теряет
способность голосовать в течение дня, то его голос не учитывается, даже если был дан
ранее. В конце дня персонаж, набравший больше всего голосов, попадает на Кладбище. Если
таких персонажей более одного, не умирает никто.»

Other abilities change a vote through hooks of their own modules: `no_vote` (Кража,
Смена пола, Туз Бубен), `vote_weight` (Деспотия, Туз Бубен, Митинг, Обвинение,
Влияние), `tally` (Митинг's three votes, Компромат's saved votes).
"""
from __future__ import annotations

from engine import events as ev
from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, D, Field, RoleKind, TargetRule
from engine.abilities.spec import Channel, Keyword, Shape, Words
from engine.abilities.registry import ABSTAIN_EXCUSED, NO_VOTE, TALLY, VOTE_WEIGHT, day_effect, day_refusal, target_rule
from engine.abilities.registry import vote_protocol
from engine.api import DayAPI, Refused, TargetAPI, VOTE, VoteProtocol
from engine.ruling_rows import choice, flag, number
from engine.actions import Ballot
from engine.orders import Order
from engine.reasons import Reason
from engine.state import PlayerState

SPECS = (
    _A("Голосование", RoleKind.COMMON, (), D, "Голосование (считается \"дневной\") - днем (на Дневном Вече) может публично отдать голос против любого персонажа.",
       # without a target: the vote is withdrawn («Цель можно менять неограниченное количество раз»)
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET,), public=True, keeps="Л", on_vote=True,
       slang=("вешать", "повесить", "выносить", "вынести", "казнить", "линчевать")),
)
assert SPECS[0].name == VOTE   # the name other rules use, engine.api.VOTE


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Голосование", Channel.POST, "ник или явная роль; «снимаю голос» — отозвать голос",
          names=("голос", "мой голос", "мой выбор"), verbs=("голосовать", "проголосовать", "переголосовать",
                                                "переголосовывать", "воздерживаться", "воздержаться"),
          examples=(("Голосую против Бори", {"target": "Боря"}),
                    ("Голос: Вера", {"target": "Вера"}),
                    ("Меняю голос на Мэра", {"target": "Аня"}),
                    ("Снимаю голос", {})),
          shape=Shape.VOTE,
          about=("голосование", "голос", "голосовать", "выбор", "казнь"),
          keywords=(Keyword("withdraw", "Снимаю голос", frozenset({"снимать", "снять", "отзывать",
                        "отозвать", "забирать", "забрать", "отменять", "отменить", "анвоут", "unvote",
                        # «Воздерживаюсь»: no vote today, so the one given before is taken back
                        "воздерживаться", "воздержаться"})),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "vote_void_on_loss", "A25", "Votes after losing the vote (e.g. imprisoned voter)",
        "«Если персонаж теряет способность голосовать в течение дня, то его голос не учитывается, "
        "даже если был дан ранее.»",
        yes="способность голосовать проверяется при подсчёте: если она потеряна в любой момент дня, "
            "голос (с потраченными голосами из копилки, продиктованными и ×5 Митинга) считается за 0",
        no="голос, отданный до потери способности, учитывается",
    ),
    number(
        "execution_min_votes", "A26", "Minimum votes for an execution",
        "Сколько голосов нужно, чтобы казнить «набравшего больше всего голосов»?",
        tuple(range(1, 11)),
        "одного голоса достаточно, если ни у кого нет столько же; ноль голосов — никого не казнят",
        "казнь, только если у лидера не меньше этого числа голосов",
    ),
    choice(
        "vote_targets", "A27", "Whom one may vote for",
        "Голосование — «против любого персонажа», протокол — «за казнь какого-либо другого "
        "персонажа». За кого можно голосовать?",
        ("other_living", "за любого другого живого, включая заключённых"),
        ("any_living", "за любого живого, включая себя"),
        ("other_living_free", "за любого другого живого, кроме заключённых"),
    ),
)


# --- the order ---------------------------------------------------------------------------

@day_effect("Голосование")
def vote(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«Цель можно менять неограниченное количество раз, будет учитываться только
    последний.» A vote without a target withdraws the vote."""
    day.replace_ballot(order.by, order, remove=order.target is None)
    if order.target is None:
        day.trace(f"{order.by} снимает голос", "Голосование", order)
        return None
    day.cast(order.by, Ballot(order.target, order, controller))
    day.trace(f"{order.by} голосует против {order.target}", "Голосование", order)


def replace_ballot(day: DayAPI, voter: str, by_order: Order, remove: bool = False) -> None:
    """The voter's earlier ballot of today, if any, no longer counts (`Replaced`); a new
    ballot takes its place in the tally's order, or `remove` drops it (a withdrawal, a save)."""
    earlier = day.drop_ballot(voter) if remove else day.ballots().get(voter)
    if earlier is not None:
        day.emit(ev.Replaced(str(day.phase), day.cause("Голосование: учитывается последний",
                                                       earlier.order, by_order),
                             earlier.order, by_order))


@day_refusal("Голосование", first=True)
def prisoner_vote(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """§3.3 cannot_vote: «(Кража, Смена пола, Туз Бубен, Тюрьма, …)»: a prisoner is told
    he has no vote rather than that he is in Тюрьма."""
    user = day.p(order.by)
    if user.alive and user.in_prison and day.rulings["prison_loses_common"]:
        return Reason.CANNOT_VOTE, None
    return None


@day_refusal("Голосование")
def vote_refusal(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> Refused | None:
    """«днем (на Дневном Вече) может публично отдать голос против любого персонажа»: an own
    vote the Протокол голосования refuses."""
    return own_vote_refusal(day, order, controller)


def own_vote_refusal(day: DayAPI, order: Order, controller: str | None) -> Refused | None:
    """A vote (or a Компромат save instead of one) by a player whose vote is dictated
    or who has no vote today."""
    user = day.p(order.by)
    if controller is None and day.controller_of(user.nick) is not None:
        return Reason.VOTE_CONTROLLED, None
    if not can_vote(day, user):
        return Reason.CANNOT_VOTE, None
    return None


@target_rule("Голосование")
def vote_target(ctx: TargetAPI, user: PlayerState, order: Order) -> Refused | None:
    """«за казнь какого-либо другого персонажа» (A27 `vote_targets`); without a target
    the order withdraws the vote."""
    if order.target is None:
        return None
    mode = ctx.rulings["vote_targets"]
    target = ctx.state.players[order.target]
    if order.target == user.nick and mode != "any_living":
        return Reason.TARGET_SELF, order.target
    if not target.alive:
        return Reason.TARGET_DEAD, order.target
    if target.in_prison and (mode == "other_living_free" or not ctx.rulings["prison_targetable"]):
        return Reason.TARGET_IN_PRISON, order.target
    return None


# --- the protocol ------------------------------------------------------------------------

def can_vote(day: DayAPI, player: PlayerState) -> bool:
    """Who has Голосование today (§4.3 weight 0 cases): not the dead, not a prisoner
    (A12), not one who lost it today; the abilities that take it say so (`no_vote`)."""
    return not no_vote_reasons(day, player)


def no_vote_reasons(day: DayAPI, player: PlayerState) -> list[ev.VoteReason]:
    """Why `player` has no vote today (empty: he has one)."""
    def why(text: str, ability: str | None = None) -> ev.VoteReason:
        return ev.VoteReason(ev.VoteWhy.NO_VOTE, text, ability)

    if not player.alive:
        return [why("голосующий на Кладбище" if player.dead else "голосующий выбыл из игры")]
    if player.in_prison and day.rulings["prison_loses_common"]:
        return [why("голосующий в Тюрьме")]
    reasons = [why("потерял(а) голос на этот день")] if day.vote_lost(player.nick) else []
    reasons += [why(hook.label, hook.ability) for hook in NO_VOTE.hooks() if hook.fn(day, player)]
    return reasons


def judge(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None = None) -> tuple[int, list[ev.VoteReason]]:
    """A counted vote's weight and why (§4.3): 1, changed by the abilities' `vote_weight`
    hooks in their order (Деспотия 2, Туз Бубен −1, Митинг 5, Обвинение 3, Влияние); 0 for
    a voter who has no vote today («его голос не учитывается, даже если был дан ранее»)."""
    reasons: list[ev.VoteReason] = []
    if ballot is not None and ballot.controlled_by:
        reasons.append(ev.VoteReason(ev.VoteWhy.DICTATED,
                                     f"голос продиктован: {ballot.controlled_by} ({ballot.order.ability})",
                                     ballot.order.ability))
    lost = no_vote_reasons(day, voter)
    if lost and day.rulings["vote_void_on_loss"]:
        return 0, lost + reasons
    w = 1
    for hook in VOTE_WEIGHT.hooks():
        result = hook.fn(day, voter, target, ballot, w)
        new, text = result if isinstance(result, tuple) else (result, hook.label)
        if new != w:
            reasons.append(ev.VoteReason(ev.VoteWhy.WEIGHT, text, hook.ability, w, new))
            w = new
    w = max(w, 0)
    if not reasons:
        reasons.append(ev.VoteReason(ev.VoteWhy.ORDINARY, "обычный голос"))
    return w, reasons


def weight(day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None = None) -> int:
    return judge(day, voter, target, ballot)[0]


def weight_before(day: DayAPI, voter: PlayerState, sub: str) -> int:
    """The weight the `vote_weight` hooks before sub-step `sub` give a vote (Туз Бубен:
    «Мэра лишает только одного голоса» asks whether the Мэр's Деспотия holds)."""
    w = 1
    for hook in VOTE_WEIGHT.hooks():
        if hook.sub >= sub:
            break
        result = hook.fn(day, voter, "", None, w)
        w = result[0] if isinstance(result, tuple) else result
    return w


def dictate(day: DayAPI, voter: str, target: str, controller: str, order: Order) -> None:
    """A vote cast for `voter` by another (Влияние, Король Пик, a zombie command)."""
    earlier = day.controller_of(voter)
    if (day.rulings["vote_control_precedence"] == "first_applied"
            and earlier is not None and earlier != controller):
        day.trace(f"голос {voter} уже продиктован {earlier}", "A80", order)
        return
    replace_ballot(day, voter, order)
    day.set_controller(voter, controller)
    day.cast(voter, Ballot(target, order, controller))
    day.trace(f"голос {voter} продиктован {controller}: против {target}", order.ability, order)


def tally(day: DayAPI) -> str | None:
    """D2: «В конце дня персонаж, набравший больше всего голосов, попадает на Кладбище.
    Если таких персонажей более одного, не умирает никто.» Each ballot is a `VoteCounted`
    event with its weight and why, the votes no ballot carries are `VotesAdded`, who
    could vote and did not is `Abstained`, and the result is the `Verdict`."""
    phase = str(day.phase)
    votes: dict[str, int] = {}
    ballots = day.ballots()
    for voter_nick, ballot in ballots.items():
        voter = day.p(voter_nick)
        if not day.p(ballot.target).alive:
            # the target died during the day (Операция): nothing to execute
            gone = ev.VoteReason(ev.VoteWhy.TARGET_GONE, f"{ballot.target} уже не в игре: голос не считается")
            day.emit(ev.VoteCounted(phase, day.cause("§4.3", ballot.order), voter_nick, ballot.target,
                                    0, (gone,), ballot.order, ballot.controlled_by))
            continue
        w, reasons = judge(day, voter, ballot.target, ballot)
        if w:
            votes[ballot.target] = votes.get(ballot.target, 0) + w
        day.emit(ev.VoteCounted(phase, day.cause("§4.3", ballot.order), voter_nick, ballot.target,
                                w, tuple(reasons), ballot.order, ballot.controlled_by))
        day.trace(f"голос {voter_nick} против {ballot.target}: вес {w}", "§4.3", ballot.order)
    electorate = tuple(p.nick for p in sorted(day.players(), key=lambda p: day.state.order_index(p.nick))
                       if can_vote(day, p))
    abstained = tuple(n for n in electorate if n not in ballots
                      and not any(excused(day, n) for excused in ABSTAIN_EXCUSED.fns()))
    for hook in TALLY.hooks():
        hook.fn(day, votes)
    day.emit(ev.Abstained(phase, day.cause("§4.3"), abstained, electorate))
    totals = tuple(sorted(votes.items(), key=lambda kv: (-kv[1], day.state.order_index(kv[0]))))
    if not votes:
        day.emit(ev.Verdict(phase, day.cause("§4.3"), totals, ev.TallyOutcome.NO_VOTES))
        return None
    top = max(votes.values())
    leaders = [n for n, v in votes.items() if v == top]
    if len(leaders) != 1 or top < int(day.rulings["execution_min_votes"]):
        outcome = ev.TallyOutcome.TIE if len(leaders) != 1 else ev.TallyOutcome.TOO_FEW
        day.emit(ev.Verdict(phase, day.cause("§4.3"), totals, outcome))
        # the public side of it: who led, for the day's news («Голоса разделились: …»)
        day.emit(ev.NoExecution(phase, day.cause("§4.3 казни нет"), tuple((n, top) for n in leaders)))
        day.trace(f"итог голосования: {votes}; казни нет", "§4.3")
        return None
    day.emit(ev.Verdict(phase, day.cause("§4.3"), totals, ev.TallyOutcome.CONDEMNED, leaders[0]))
    day.trace(f"итог голосования: {votes}; приговорён {leaders[0]}", "§4.3")
    return leaders[0]


def added_votes(day: DayAPI, target: str, votes: int, ability: str, by: str, text: str, order: Order | None = None) -> None:
    """A tally hook's votes, as an event (Митинг, Компромат)."""
    day.emit(ev.VotesAdded(str(day.phase), day.cause(ability, order), target, votes, ability, by, text))


# What the day's skeleton (engine/day.py) runs of the protocol, through the registry.
PROTOCOL = VoteProtocol(VOTE, tally, can_vote, dictate, replace_ballot, own_vote_refusal,
                        weight, weight_before, added_votes)


@vote_protocol("Голосование")
def protocol() -> VoteProtocol:
    """«Протокол голосования»: who may vote, a vote's weight and the tally of §4.3, as the
    day's skeleton runs them («В конце дня персонаж, набравший больше всего голосов,
    попадает на Кладбище.»)."""
    return PROTOCOL
