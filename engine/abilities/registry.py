"""The hooks each ability module joins, registered by decorators in that module.

An ability's effect is spread over the phase's steps (the night's N0–N23 of SPEC §7,
the day's D0–D5 of §8); its module says at which step it acts and the engine's
step tables (`engine.night.NIGHT_STEPS`, `engine.day`) call what is registered
there. So the precedence stays in one table and the rule in one file.

    @night_step("N11", ability="Порча")
    def curses(night: NightAPI) -> None: ...

The kinds of hook are a closed set: the `Kind` enum names them, and each has one typed
decorator below (`HookKind[F]`, F the signature its hooks have, written with the engine's
API of engine/api.py), so the type checker holds every hook to its kind's signature and
the engine reads each kind through the same typed object:
- night_step(step, sub, ability): runs at that step of the night, sub-steps in order
- info(ability): what the user learns at N21, called per accepted order in order given
- anytime(ability): an «в любой момент» order's effect, at once (N1, D1)
- intake(ability) / accepted(ability): a night order judged later in N2 / acting at once
- phase_exempt(ability): its phase is judged by its own refusal (the day −1 throw)
- day_step(step, sub, ability): runs at that step of the day (D0, D2 …)
- day_effect(ability): what an accepted day order does (D1)
- refusal / night_refusal / day_refusal(ability, first): the ability's own refusals (§3.3)
  beyond the common ones, in any phase, by night, by day (`first`: before the common ones)
- target_rule(ability): replaces the common target check of its TargetRule
- day_block(ability): a refusal of other players' day orders that the ability causes
- open_block(ability): the ability blocks a player's open-role abilities today (day, nick)
- open_passives_off(ability): the ability stops a player's open-role passives today
- passives_off(ability): the ability stops a player's passive defences tonight (Чары)
- not_heir(ability): the player cannot become the Мэр (Анархизм)
- no_vote(ability): the ability takes a player's vote for the day (§4.3 weight 0)
- vote_weight(sub, ability): a change to a counted vote's weight (§4.3)
- ballot_cast(ability): fn(day, voter) when a ballot is cast for a voter
- abstain_excused(ability): fn(day, nick) -> True when one who cast no ballot did not abstain
- tally(sub, ability): votes added at the tally (Митинг, Компромат)
- tally_note(ability): fn(order) -> the line the GM's tally shows of an accepted order
  that casts no vote (Компромат's save), or None
- acquit / no_acquittal(ability): an acquittal of the condemned at D3, and what forbids one
- attack(ability): an attack's rank and damage when its record is built (N6)
- late_damage(late, ability) / no_damage(ability): damage known only at N13; no damage
- unsaveable(ability): a kill no Шулер saves from («Не спасает ничего»)
- death_save(ability): fn(ctx, nick, death, order) -> True if it keeps a dying player alive
  (death: "night", "day" or "execution")
- death(ability): fn(ctx, player) at a death (not an Арест), after the triggers
- true_role(ability): fn(ctx, player) -> True when a check sees the player's own role, not
  his mask
- cancel(ability): a defence that cancels attacks on its holder (N7)
- mail_copy(ability): fn(night, action, recipient, message) as an anonymous message is
  delivered at night: who else reads it (Туз Крестей); `message` is its text
- trigger(ability): a standing order fired at a death or an Арест (A52)
- max_lives(ability): +1 to a holder's maximum
- lazaret(sub, ability): a say when its holder would enter the Лазарет (True: handled)
- shape(ability): the order's own fields, checked when it is read (SPEC §3.2)
- win(sub, ability): a neutral's win check of §5, before the factions' (state -> outcome)
- start(ability): what someone is told at the start of the game (state -> events)
- setup_choice(key, ability, role): a `setup:` choice of the role's holder (the mask, the
  hand), fn(state, player, value), raising SetupError on a choice the rules forbid
- setup_check(ability): after every choice, what the game needs chosen (state -> None)
- role_passed(ability): fn(ctx, old, heir, role, keeps) as `heir` takes `role` (Перерождение,
  Преемственность): what the ability kept of the old holder moves (`keeps`) or is forgotten
- day_kill(ability): fn(day, victim, order) -> what the victim of its attack by day is
  revealed as (Пожирай's mask), or None; at the end of the day, before the burial
- judged(ability): fn(ctx, order) -> which common refusals an order of a special form goes
  through (an `engine.api.Judging`), or None for all of them (Зомбирование's signal)
- explain(ability): fn(state, order) -> why the order will be refused, said plainly to the
  GM before the phase ends (where its §3.3 code alone says less), or None
- act_block(ability): fn(ctx, player) -> the §3.3 reason none of his orders is taken now (one
  back from the Кладбище tonight), after the phase's refusal and before the limits
- role_lost(ability): fn(ctx, player, role) as a player loses a role («теряет свою старую роль»)
- vote_protocol(ability): fn() -> the `engine.api.VoteProtocol` of §4.3 (who may vote, the
  weights, the tally) that the day's skeleton runs; exactly one module registers it
- the deck (rules-ru.txt «Колода для Мастера карт»): card(spec) registers a card's row;
  on_throw(card), card_refusal(card), as_thrown(card), card_info(card) its hooks
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable, Generic, Protocol, TypeVar

from engine.abilities.spec import AbilitySpec, CardSpec, When
from engine.names import fold

from engine import events as ev
from engine.actions import Action, Attack, Ballot, ThrownCard
from engine.api import DayAPI, Judging, NightAPI, PhaseAPI, Refused, TargetAPI, VoteProtocol
from engine.orders import Order, register_args
from engine.reasons import Reason
from engine.state import GameState, PlayerState


class Kind(str, Enum):
    NIGHT_STEP = "night_step"
    DAY_STEP = "day_step"
    INFO = "info"
    ANYTIME = "anytime"
    INTAKE = "intake"
    ACCEPTED = "accepted"
    PHASE_EXEMPT = "phase_exempt"
    DAY_EFFECT = "day_effect"
    REFUSAL = "refusal"
    NIGHT_REFUSAL = "night_refusal"
    DAY_REFUSAL = "day_refusal"
    DAY_FIRST_REFUSAL = "day_first_refusal"
    TARGET_RULE = "target_rule"
    DAY_BLOCK = "day_block"
    OPEN_BLOCK = "open_block"
    OPEN_PASSIVES_OFF = "open_passives_off"
    PASSIVES_OFF = "passives_off"
    NOT_HEIR = "not_heir"
    NO_VOTE = "no_vote"
    VOTE_WEIGHT = "vote_weight"
    BALLOT_CAST = "ballot_cast"
    ABSTAIN_EXCUSED = "abstain_excused"
    TALLY = "tally"
    TALLY_NOTE = "tally_note"
    ACQUIT = "acquit"
    NO_ACQUITTAL = "no_acquittal"
    ATTACK = "attack"
    LATE_DAMAGE = "late_damage"
    NO_DAMAGE = "no_damage"
    UNSAVEABLE = "unsaveable"
    DEATH_SAVE = "death_save"
    DEATH = "death"
    TRUE_ROLE = "true_role"
    CANCEL = "cancel"
    MAIL_COPY = "mail_copy"
    TRIGGER = "trigger"
    MAX_LIVES = "max_lives"
    LAZARET = "lazaret"
    SHAPE = "shape"
    WIN = "win"
    START = "start"
    SETUP = "setup"
    SETUP_CHECK = "setup_check"
    ON_THROW = "on_throw"
    CARD_REFUSAL = "card_refusal"
    AS_THROWN = "as_thrown"
    CARD_INFO = "card_info"
    ROLE_PASSED = "role_passed"
    ACT_BLOCK = "act_block"
    EXPLAIN = "explain"
    JUDGED = "judged"
    DAY_KILL = "day_kill"
    ROLE_LOST = "role_lost"
    VOTE_PROTOCOL = "vote_protocol"


F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class Hook(Generic[F]):
    kind: Kind
    ability: str
    fn: F
    step: str = ""
    sub: str = "m"
    label: str = ""      # vote hooks: the Russian reason the GM reads («Мэр: Деспотия …»);
                         # setup choices: the role whose holder makes it
    asks: str = ""       # setup choices: the question the start PM asks when it is not made


HOOKS: list[Hook[Any]] = []
JOINS: dict[str, set[Kind]] = defaultdict(set)   # ability -> the kinds of hook it joins


class HookKind(Generic[F]):
    """One kind of hook: its decorator (`register`) and its readers, typed by F."""

    def __init__(self, kind: Kind) -> None:
        self.kind = kind
        KINDS[kind] = self

    def register(self, ability: str, *, step: str = "", sub: str = "m",
                 label: str = "", asks: str = "") -> Callable[[F], F]:
        def wrap(fn: F) -> F:
            HOOKS.append(Hook(self.kind, ability, fn, step, sub, label, asks))
            JOINS[ability].add(self.kind)
            return fn
        return wrap

    __call__ = register   # `@INFO("Исповедь")`

    def hooks(self) -> list[Hook[F]]:
        found: list[Hook[F]] = _index().kind.get(self.kind, [])
        return found

    def fns(self) -> list[F]:
        return [h.fn for h in self.hooks()]

    def at(self, step: str) -> list[Hook[F]]:
        found: list[Hook[F]] = _index().step.get((self.kind, step), [])
        return found

    def of(self, ability: str) -> list[F]:
        return [h.fn for h in _index().pair.get((self.kind, ability), ())]

    def first(self, ability: str) -> F | None:
        hooks = _index().pair.get((self.kind, ability))
        return hooks[0].fn if hooks else None

    def of_ability(self, ability: str) -> list[Hook[F]]:
        found: list[Hook[F]] = _index().pair.get((self.kind, ability), [])
        return found


KINDS: dict[Kind, HookKind[Any]] = {}


class WinCheck(Protocol):
    def __call__(self, state: GameState) -> tuple[str | None, bool, str] | None: ...


class VoteWeightFn(Protocol):
    def __call__(self, day: DayAPI, voter: PlayerState, target: str, ballot: Ballot | None,
                 w: int) -> int | tuple[int, str]: ...


class DeathSaveFn(Protocol):
    def __call__(self, ctx: PhaseAPI, nick: str, death: str, order: Order | None = None) -> bool: ...


# --- the kinds, typed (engine/api.py is what their first argument can do) ----------------
NIGHT_STEP: HookKind[Callable[[NightAPI], None]] = HookKind(Kind.NIGHT_STEP)
DAY_STEP: HookKind[Callable[[DayAPI], None]] = HookKind(Kind.DAY_STEP)
INFO: HookKind[Callable[[NightAPI, Action], None]] = HookKind(Kind.INFO)
ANYTIME: HookKind[Callable[[PhaseAPI, Order], None]] = HookKind(Kind.ANYTIME)
INTAKE: HookKind[Callable[[NightAPI, Order, AbilitySpec], bool]] = HookKind(Kind.INTAKE)
ACCEPTED: HookKind[Callable[[NightAPI, Order, AbilitySpec], bool]] = HookKind(Kind.ACCEPTED)
PHASE_EXEMPT: HookKind[Callable[[NightAPI], bool]] = HookKind(Kind.PHASE_EXEMPT)
DAY_EFFECT: HookKind[Callable[[DayAPI, Order, AbilitySpec, "str | None"], "bool | None"]] = \
    HookKind(Kind.DAY_EFFECT)
REFUSAL: HookKind[Callable[[PhaseAPI, Order, AbilitySpec], "Refused | None"]] = HookKind(Kind.REFUSAL)
NIGHT_REFUSAL: HookKind[Callable[[NightAPI, Order, AbilitySpec], "Refused | None"]] = \
    HookKind(Kind.NIGHT_REFUSAL)
DAY_REFUSAL: HookKind[Callable[[DayAPI, Order, AbilitySpec, "str | None"], "Refused | None"]] = \
    HookKind(Kind.DAY_REFUSAL)
DAY_FIRST_REFUSAL: HookKind[Callable[[DayAPI, Order, AbilitySpec, "str | None"], "Refused | None"]] = \
    HookKind(Kind.DAY_FIRST_REFUSAL)
TARGET_RULE: HookKind[Callable[[TargetAPI, PlayerState, Order], "Refused | None"]] = HookKind(Kind.TARGET_RULE)
DAY_BLOCK: HookKind[Callable[[DayAPI, Order, AbilitySpec, "str | None"], "Refused | None"]] = \
    HookKind(Kind.DAY_BLOCK)
OPEN_BLOCK: HookKind[Callable[[DayAPI, str], bool]] = HookKind(Kind.OPEN_BLOCK)
OPEN_PASSIVES_OFF: HookKind[Callable[[PhaseAPI, str], bool]] = HookKind(Kind.OPEN_PASSIVES_OFF)
PASSIVES_OFF: HookKind[Callable[[PhaseAPI, str], bool]] = HookKind(Kind.PASSIVES_OFF)
NOT_HEIR: HookKind[Callable[[PlayerState], bool]] = HookKind(Kind.NOT_HEIR)
NO_VOTE: HookKind[Callable[[DayAPI, PlayerState], bool]] = HookKind(Kind.NO_VOTE)
VOTE_WEIGHT: HookKind[VoteWeightFn] = HookKind(Kind.VOTE_WEIGHT)
BALLOT_CAST: HookKind[Callable[[DayAPI, str], None]] = HookKind(Kind.BALLOT_CAST)
ABSTAIN_EXCUSED: HookKind[Callable[[DayAPI, str], bool]] = HookKind(Kind.ABSTAIN_EXCUSED)
TALLY: HookKind[Callable[[DayAPI, "dict[str, int]"], None]] = HookKind(Kind.TALLY)
TALLY_NOTE: HookKind[Callable[[Order], "str | None"]] = HookKind(Kind.TALLY_NOTE)
ACQUIT: HookKind[Callable[[DayAPI, str], bool]] = HookKind(Kind.ACQUIT)
NO_ACQUITTAL: HookKind[Callable[[DayAPI, str], bool]] = HookKind(Kind.NO_ACQUITTAL)
ATTACK: HookKind[Callable[[NightAPI, Action], "tuple[int, int | None]"]] = HookKind(Kind.ATTACK)
LATE_DAMAGE: HookKind[Callable[[NightAPI, Attack], int]] = HookKind(Kind.LATE_DAMAGE)
NO_DAMAGE: HookKind[Callable[[NightAPI, Attack], None]] = HookKind(Kind.NO_DAMAGE)
UNSAVEABLE: HookKind[Callable[[NightAPI], bool]] = HookKind(Kind.UNSAVEABLE)
DEATH_SAVE: HookKind[DeathSaveFn] = HookKind(Kind.DEATH_SAVE)
DEATH: HookKind[Callable[[PhaseAPI, PlayerState], None]] = HookKind(Kind.DEATH)
TRUE_ROLE: HookKind[Callable[[PhaseAPI, PlayerState], bool]] = HookKind(Kind.TRUE_ROLE)
CANCEL: HookKind[Callable[[PhaseAPI, Attack], "ev.NoticeCode | None"]] = HookKind(Kind.CANCEL)
MAIL_COPY: HookKind[Callable[[NightAPI, Action, str, str | None], None]] = HookKind(Kind.MAIL_COPY)
TRIGGER: HookKind[Callable[[PhaseAPI, PlayerState], None]] = HookKind(Kind.TRIGGER)
MAX_LIVES: HookKind[Callable[[PlayerState], bool]] = HookKind(Kind.MAX_LIVES)
LAZARET: HookKind[Callable[[PhaseAPI, PlayerState], bool]] = HookKind(Kind.LAZARET)
SHAPE: HookKind[Callable[[Order], None]] = HookKind(Kind.SHAPE)
WIN: HookKind[WinCheck] = HookKind(Kind.WIN)
START: HookKind[Callable[[GameState], "list[ev.Event]"]] = HookKind(Kind.START)
SETUP: HookKind[Callable[[GameState, PlayerState, Any], None]] = HookKind(Kind.SETUP)
SETUP_CHECK: HookKind[Callable[[GameState], None]] = HookKind(Kind.SETUP_CHECK)
ON_THROW: HookKind[Callable[[PhaseAPI, ThrownCard], None]] = HookKind(Kind.ON_THROW)
CARD_REFUSAL: HookKind[Callable[[PhaseAPI, Order, str, PlayerState], "Refused | None"]] = \
    HookKind(Kind.CARD_REFUSAL)
AS_THROWN: HookKind[Callable[[PhaseAPI, Order, str, PlayerState, "tuple[str, ...]"], "Refused | None"]] = \
    HookKind(Kind.AS_THROWN)
CARD_INFO: HookKind[Callable[[NightAPI, ThrownCard], None]] = HookKind(Kind.CARD_INFO)
ROLE_PASSED: HookKind[Callable[[PhaseAPI, PlayerState, PlayerState, str, bool], None]] = \
    HookKind(Kind.ROLE_PASSED)
DAY_KILL: HookKind[Callable[[DayAPI, str, Order], "str | None"]] = HookKind(Kind.DAY_KILL)
JUDGED: HookKind[Callable[[PhaseAPI, Order], "Judging | None"]] = HookKind(Kind.JUDGED)
EXPLAIN: HookKind[Callable[[GameState, Order], "str | None"]] = HookKind(Kind.EXPLAIN)
ACT_BLOCK: HookKind[Callable[[PhaseAPI, PlayerState], "Reason | None"]] = HookKind(Kind.ACT_BLOCK)
ROLE_LOST: HookKind[Callable[[PhaseAPI, PlayerState, str], None]] = HookKind(Kind.ROLE_LOST)
VOTE_PROTOCOL: HookKind[Callable[[], VoteProtocol]] = HookKind(Kind.VOTE_PROTOCOL)

assert set(KINDS) == set(Kind), "every kind of hook has its typed HookKind"


# --- the decorators of the kinds with arguments of their own ------------------------------

def night_step(step: str, sub: str = "m", *, ability: str) -> Callable[[Callable[[NightAPI], None]], Callable[[NightAPI], None]]:
    return NIGHT_STEP.register(ability, step=step, sub=sub)


def day_step(step: str, sub: str = "m", *, ability: str) -> Callable[[Callable[[DayAPI], None]], Callable[[DayAPI], None]]:
    return DAY_STEP.register(ability, step=step, sub=sub)


def day_effect(ability: str) -> Callable[[Callable[[DayAPI, Order, AbilitySpec, str | None], bool | None]],
                                          Callable[[DayAPI, Order, AbilitySpec, str | None], bool | None]]:
    return DAY_EFFECT.register(ability)


def refusal(ability: str) -> Callable[[Callable[[PhaseAPI, Order, AbilitySpec], Refused | None]],
                                      Callable[[PhaseAPI, Order, AbilitySpec], Refused | None]]:
    """A refusal of the ability's orders in any phase."""
    return REFUSAL.register(ability)


def night_refusal(ability: str) -> Callable[[Callable[[NightAPI, Order, AbilitySpec], Refused | None]],
                                            Callable[[NightAPI, Order, AbilitySpec], Refused | None]]:
    return NIGHT_REFUSAL.register(ability)


def day_refusal(ability: str, *, first: bool = False) -> Callable[
        [Callable[[DayAPI, Order, AbilitySpec, str | None], Refused | None]],
        Callable[[DayAPI, Order, AbilitySpec, str | None], Refused | None]]:
    """A refusal by day; `first`: before the common refusals (a prisoner's vote)."""
    return (DAY_FIRST_REFUSAL if first else DAY_REFUSAL).register(ability)


def target_rule(ability: str) -> Callable[[Callable[[TargetAPI, PlayerState, Order], Refused | None]],
                                          Callable[[TargetAPI, PlayerState, Order], Refused | None]]:
    return TARGET_RULE.register(ability)


def vote_weight(sub: str, *, ability: str, label: str) -> Callable[[VoteWeightFn], VoteWeightFn]:
    """fn(day, voter, target, ballot, w) -> the new weight, or (weight, reason text)."""
    return VOTE_WEIGHT.register(ability, sub=sub, label=label)


def attack(ability: str) -> Callable[[Callable[[NightAPI, Action], tuple[int, int | None]]],
                                     Callable[[NightAPI, Action], tuple[int, int | None]]]:
    return ATTACK.register(ability)


def cancel(ability: str) -> Callable[[Callable[[PhaseAPI, Attack], ev.NoticeCode | None]],
                                     Callable[[PhaseAPI, Attack], ev.NoticeCode | None]]:
    """A defence that cancels attacks on its holder (N7), by night and by an attack by day."""
    return CANCEL.register(ability)


def trigger(ability: str, *, sub: str = "m") -> Callable[[Callable[[PhaseAPI, PlayerState], None]],
                                                         Callable[[PhaseAPI, PlayerState], None]]:
    return TRIGGER.register(ability, sub=sub)


def max_lives(ability: str) -> Callable[[Callable[[PlayerState], bool]], Callable[[PlayerState], bool]]:
    return MAX_LIVES.register(ability)


def lazaret(sub: str, *, ability: str) -> Callable[[Callable[[PhaseAPI, PlayerState], bool]],
                                                   Callable[[PhaseAPI, PlayerState], bool]]:
    return LAZARET.register(ability, sub=sub)


def win(sub: str, *, ability: str) -> Callable[[WinCheck], WinCheck]:
    return WIN.register(ability, sub=sub)


def vote_protocol(ability: str) -> Callable[[Callable[[], VoteProtocol]], Callable[[], VoteProtocol]]:
    return VOTE_PROTOCOL.register(ability)


def the_vote_protocol() -> VoteProtocol:
    """The one registered vote protocol (a second one, or none, is a bug of the modules)."""
    found = VOTE_PROTOCOL.fns()
    if len(found) != 1:
        raise AssertionError(f"{len(found)} vote protocols registered, the day needs exactly one")
    return found[0]()


class SetupError(ValueError):
    """A game that cannot start (unknown role, duplicate open role, bad setup)."""


def setup_choice(key: str, *, ability: str, role: str, asks: str = "") -> Callable[
        [Callable[[GameState, PlayerState, Any], None]], Callable[[GameState, PlayerState, Any], None]]:
    """fn(state, player, value): the `setup.<nick>.<key>` choice of a `role` holder; `asks`
    is the question his start PM asks while the choice is not made (Russian; none for an
    optional choice)."""
    return SETUP.register(ability, step=key, label=role, asks=asks)


# --- the deck: each card's row, registered by its module ---------------------------------
DECK: dict[str, CardSpec] = {}


def card(spec: CardSpec) -> CardSpec:
    """Register a card's row (each card's module, as it loads)."""
    DECK[spec.name] = spec
    return spec


# --- reading the registry ----------------------------------------------------------------
# Read at every order and step of every phase, so indexed once; rebuilt if HOOKS changes
# (a test may add a hook).

@dataclass
class _Index:
    key: tuple[int, int]
    kind: dict[Kind, list[Hook[Any]]]
    pair: dict[tuple[Kind, str], list[Hook[Any]]]
    step: dict[tuple[Kind, str], list[Hook[Any]]]


_INDEX: list[_Index] = []


def _index() -> _Index:
    key = (id(HOOKS), len(HOOKS))
    if not _INDEX or _INDEX[0].key != key:
        by_kind: dict[Kind, list[Hook[Any]]] = defaultdict(list)
        by_pair: dict[tuple[Kind, str], list[Hook[Any]]] = defaultdict(list)
        by_step: dict[tuple[Kind, str], list[Hook[Any]]] = defaultdict(list)
        for hook in sorted(HOOKS, key=lambda h: h.sub):   # stable: registration order within a sub
            by_kind[hook.kind].append(hook)
            by_pair[(hook.kind, hook.ability)].append(hook)
            if hook.step:
                by_step[(hook.kind, hook.step)].append(hook)
        _INDEX[:] = [_Index(key, dict(by_kind), dict(by_pair), dict(by_step))]
    return _INDEX[0]


def setup_keys() -> list[str]:
    """The keys a player's `setup:` may hold, in the order they were registered."""
    return list(dict.fromkeys(h.step for h in SETUP.hooks()))


def anytime_effects() -> dict[str, Callable[[PhaseAPI, Order], None]]:
    return {h.ability: h.fn for h in ANYTIME.hooks()}


def lateness(ability: str) -> int:
    """Attacks whose damage is known only at N13 deal it last, in this order."""
    hooks = LATE_DAMAGE.of_ability(ability)
    return int(hooks[0].sub) if hooks else 0


# --- the spec rows, by name (filled by engine/abilities/__init__.py) ----------------------

_BY_KEY: dict[str, AbilitySpec] = {}
_ORDER: dict[str, int] = {}


def install(specs: tuple[AbilitySpec, ...]) -> None:
    for index, spec in enumerate(specs):
        _ORDER[spec.name] = index
        for name in (spec.name, *spec.aliases):
            _BY_KEY[fold(name)] = spec
        if spec.args is not None:
            register_args((spec.name, *spec.aliases), spec.args)


def find_ability(name: str) -> AbilitySpec | None:
    """The spec for a canonical name or alias (case- and ё-insensitive), or None."""
    return _BY_KEY.get(fold(name))


def is_passive(name: str | None) -> bool:
    """Is `name` a passive ability (a defence that blocked or cancelled an attack, say)?"""
    spec = find_ability(name) if name else None
    return spec is not None and spec.when is When.PASSIVE


def ability(name: str) -> AbilitySpec:
    spec = find_ability(name)
    if spec is None:
        raise KeyError(name)
    return spec


def registry_index(name: str) -> int:
    """A stable order for lists of ability names (the registry's)."""
    return _ORDER.get(name, len(_ORDER))
