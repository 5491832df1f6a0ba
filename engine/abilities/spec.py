"""An ability's spec row (SPEC.md §6): the data every part reads.

Validation (engine), the order parser and the players' memo all read these rows,
so an ability's name, aliases, timing, limits, targets and attack strength are
written once, in the ability's own module (engine/abilities/<role>.py) beside the
hooks that carry its effect.
"""
from __future__ import annotations

from dataclasses import dataclass, fields as data_fields
from typing import Any
from enum import Enum

from engine.names import Moon
from engine.orders import Args, key_of
from engine.reasons import Reason


class RoleKind(str, Enum):
    COMMON = "common"   # «Способности, имеющиеся у всех ролей»
    OPEN = "open"       # явная («дневная») роль
    SECRET = "secret"   # тайная («ночная») роль
    CARD = "card"       # a card action of the Мастер карт (Король Пик)


class When(str, Enum):
    NIGHT = "night"
    DAY = "day"
    ANY = "any"          # «в любой момент»
    PASSIVE = "passive"  # never ordered
    TRIGGER = "trigger"  # a standing order that fires at an event (SPEC A52)
    START = "start"      # chosen in `setup:`, never ordered


class Freq(str, Enum):
    UNLIMITED = "unlimited"   # every night / every day, changeable
    PER_DAY = "per_day"
    PER_CYCLE = "per_cycle"   # «раз за цикл ночей» (A16)
    PER_GAME = "per_game"     # «один раз за игру», «три раза за игру»


class Cooldown(str, Enum):
    NONE = "none"
    ONE_NIGHT = "one_night"   # «Перезаряжается одну ночь» (A17)
    FULL_MOON = "full_moon"   # «Перезаряжается в Полнолуние» (A18)


class Field(str, Enum):
    """Order fields of FORMAT.md that an ability reads."""
    TARGET = "target"
    TARGETS = "targets"
    TO = "to"
    TEXT = "text"
    CARD = "card"
    AS = "as"
    CARDS = "cards"
    MODE = "mode"
    COMMAND = "command"
    SIGNAL = "signal"
    ROLES = "roles"
    LIST = "list"
    SAVE = "save"
    SWAP_MASK = "swap_mask"
    RESUMMON = "resummon"
    VOTES = "votes"


class TargetRule(str, Enum):
    """Who may be named (SPEC §6 "Targets"): checked at the order, §3.3 codes."""
    NONE = "none"                 # no target
    OTHER_LIVING = "other"        # «другого персонажа»: not self, not on Кладбище
    ANY_LIVING = "any"            # self allowed
    LIVING_IN_LAZARET = "lazaret" # Операция
    OTHER_DEAD = "dead"           # Расследование
    TWO_OTHER_FREE = "two_free"   # Дознание: two living, not in Тюрьма, not self
    HEIR = "heir"                 # Преемственность
    PAIR = "pair"                 # Очарование / Влияние: two roles in one order
    CARD = "card"                 # by the card thrown


@dataclass(frozen=True)
class AbilitySpec:
    name: str
    kind: RoleKind
    roles: tuple[str, ...]          # holders (empty for communal abilities)
    when: When
    rule: str                       # the sentence of rules-ru.txt it implements
    freq: Freq = Freq.UNLIMITED
    uses: int = 1                   # with PER_GAME / PER_CYCLE / PER_DAY
    moons: frozenset[Moon] = frozenset()
    cooldown: Cooldown = Cooldown.NONE
    keeps: str = ""                 # the Л / Т / К markers
    attack_rank: int | None = None  # «О мощности атаки», 1 = strongest
    target: TargetRule = TargetRule.NONE
    # its order's fields: `target`/`targets` as given here, then those of its `args` class
    # (engine/orders.py `Args`), required or optional as that class declares them
    fields: tuple[Field, ...] = ()  # required fields
    optional: tuple[Field, ...] = ()
    args: type[Args] | None = None
    public: bool = False            # «публично» (SPEC §3.1)
    stated_secret: bool = False     # «тайно» (Составить гороскоп, Порча); the rest follow A21
    info_only: bool = False         # «способности, которые только сообщают информацию» (§9)
    aliases: tuple[str, ...] = ()
    # players' slang for it (infinitives, or a word matched as written: «кусь», «брейнс»):
    # the order parser reads a first-person form as this ability of the sender, and the
    # memo lists them (issue 13)
    slang: tuple[str, ...] = ()
    # rulings that change the row (SPEC §11), read by engine/validate.py:
    when_ruling: str = ""           # its phase: the ruling's value "night" / "day" / "any"
    phase_unstated: bool = False    # the rules state no phase: any phase under `unstated_phase: any` (A22 b)
    moons_ruling: str = ""          # its moon: "any_night" / "new_moon" / "half_moon" / "full_moon"
    uses_ruling: str = ""           # its number of uses: an integer or "unlimited"
    keeps_ruling: tuple[str, str] = ("", "")   # (ruling, marker): the marker holds only if true
    command_by_open_role: bool = False   # a `command` whose target names an open role (§6.5)
    # its day order casts, saves or dictates a vote (§4.3): the GM's tally lists its refusals
    # beside the votes
    on_vote: bool = False

    def __post_init__(self) -> None:
        if self.args is None:
            return
        own = [(Field(key_of(f)), bool(f.metadata.get("required"))) for f in data_fields(self.args)]
        object.__setattr__(self, "fields", (*self.fields, *(f for f, required in own if required)))
        object.__setattr__(self, "optional", (*self.optional, *(f for f, required in own if not required)))

    @property
    def is_attack(self) -> bool:
        return self.attack_rank is not None

    @property
    def orderable(self) -> bool:
        return self.when not in (When.PASSIVE, When.START)


@dataclass(frozen=True)
class CardSpec:
    """A card's row of the deck (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): what the
    text says of all cards alike. What a card does is in its module's hooks."""
    name: str                        # as in engine.names.CARDS
    rule: str                        # its sentence of rules-ru.txt «Колода для Мастера карт»
    bonus: str | None = None         # «Брошенная на X, позволяет Мастеру узнать его Тайную роль»
    bonus_ruling: str = ""           # the bonus holds only if this ruling is true
    on_self: bool = True             # False: «Не может бросаться на себя»
    targets: int = 1                 # «эта карта кидается сразу на две цели» (Валет Пик)
    dead_target: Reason = Reason.TARGET_DEAD   # the code for a target on the Кладбище
    needs_roles: bool = False        # «вместе с броском пишет мастеру список … Тайных ролей»
    stands_for_any: bool = False     # «можно использовать как любую карту из колоды» (Джокер)


N, D, ANY_, P, T, S = When.NIGHT, When.DAY, When.ANY, When.PASSIVE, When.TRIGGER, When.START
FULL, HALF = frozenset({Moon.FULL}), frozenset({Moon.HALF})


# --- what the order parser and the players' memo read of an ability ------------------------

class Channel(str, Enum):
    """Where its order is given."""
    POST = "post"   # «Заявки на публичные действия должны быть даны в посте в графе "комментарий"»
    PM = "pm"       # «Заявки на скрытые действия … через систему личных сообщений мастеру, приватным текстом в посте»


class Shape(str, Enum):
    """How an order's arguments are written after its name; the order parser reads each
    shape one way (scraper/orders/args.py), whatever the ability."""
    PLAIN = "plain"        # its `fields`: nothing, a target or two targets
    VOTE = "vote"          # a target after «против»/«на» («меняю голос с Бори на Веру»); `withdraw` words
    MESSAGE = "message"    # a recipient, then a text in quotes or after «:», kept as written
    MODE = "mode"          # a target and the words of one of its modes (`keywords`: «вылечить» / «убить»)
    SAVE = "save"          # a target, or its `save` words («в копилку»)
    SECOND = "second"      # a target, then after its keyword's words a second one («перепризвать Борю»)
    FLAG = "flag"          # a target, and its keyword's words (not negated) set a flag («сменить маску»)
    CARD = "card"          # a card (a Джокер «как» another), its target(s), a list of roles
    CARDS = "cards"        # four cards
    LIST = "list"          # «ник — тайная роль» pairs
    COMMAND = "command"    # a target and a command (another ability, an open role), or its `signal`
    PUPPET = "puppet"      # a command (another ability and a nickname), or nothing


class Reach(str, Enum):
    """How far an order's words run."""
    SENTENCE = "sentence"
    LINE = "line"             # past full stops, to the end of its line (a message, a command)
    PARAGRAPH = "paragraph"   # and on over the next lines up to a blank one (a list)


@dataclass(frozen=True)
class Keyword:
    """Words that give an argument its value: `value` is what the order holds (a mode, or
    the name of a flag or field: «heal», «save»), `written` how the memo writes it, `words`
    what the parser takes for it (as written or as a lemma)."""
    value: str
    written: str
    words: frozenset[str]


@dataclass(frozen=True)
class Words:
    """The Russian of an ability's orders beyond its row's name, aliases and slang: other
    nouns players use for it, the verbs whose first-person forms order it («обворовываю»),
    where the order goes, what the memo says to write, worked examples (the memo prints
    them and a test parses each), and how its arguments are written."""
    ability: str
    channel: Channel
    args: str                       # the memo's line on what to write after the name (Russian)
    names: tuple[str, ...] = ()     # nouns / phrases besides the registry name and aliases
    verbs: tuple[str, ...] = ()     # infinitives; «я …» forms (and imperatives in commands) order it
    examples: tuple[tuple[str, dict[str, Any]], ...] = ()   # (text, order mapping without `by`), SAMPLE_PLAYERS
    shape: Shape = Shape.PLAIN
    keywords: tuple[Keyword, ...] = ()
    reach: Reach = Reach.SENTENCE
    consumes: bool = False     # its words run to the end of the text piece: no second order inside
    own_verb: bool = False     # its order carries a third-person verb of its own («Аня голосует
                               # против Бори»): a narrating verb does not make it talk
    repeatable: bool = False   # several in one text all count; else the last word wins
    # `standing_orders: false` (A52 b): the words by which a reply to the GM's question at
    # the trigger makes its choice («передаю», «принимаю», «перепризываю»), as lemmas or as
    # written, and the memo's line on how to answer (scraper/orders/answer.py reads them)
    answer_words: tuple[str, ...] = ()
    answer: str = ""
    # nouns (lemmas) of what the order is about, beyond its names: «воздерживаюсь от голосования»
    # is this order, «воздерживаюсь от комментариев» another matter (scraper/orders/args.py)
    about: tuple[str, ...] = ()
    # lemmas by which a condition restates the ability's own trigger, as its rule sentence
    # gives it (Перерождение: «в случае смерти или посадки в Тюрьму … Лича»): «если Лич
    # падёт, …» is then the order itself, not a conditional one (scraper/orders/talk.py)
    condition: tuple[str, ...] = ()

    def keyword(self, value: str) -> Keyword | None:
        return next((k for k in self.keywords if k.value == value), None)


# The sample roster of the memo's examples (nickname: open, secret role).
SAMPLE_PLAYERS: dict[str, dict[str, str]] = {
    "Аня": {"open": "Мэр", "secret": "Лич"},
    "Боря": {"open": "Вор", "secret": "Гончая Ада"},
    "Вера": {"open": "Лекарь", "secret": "Мастер карт"},
    "Гена": {"open": "Богач", "secret": "Тварь"},
}
