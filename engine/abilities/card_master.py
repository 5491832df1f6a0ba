"""Мастер карт (Н): his own abilities (the deck's cards are in engine/abilities/cards/, one
module per card; Король Пик's day orders with its card).

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from typing import Any

from engine import events as ev
from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, ANY_, Cooldown, D, Field, Freq, N, RoleKind, S, TargetRule
from engine.abilities.spec import Channel, Keyword, Reach, Shape, Words
from engine.abilities.registry import ACCEPTED, ANYTIME, AS_THROWN, CARD_INFO, CARD_REFUSAL, DECK, INFO, ON_THROW, PHASE_EXEMPT, SHAPE, SetupError, day_effect, night_refusal, night_step, refusal, setup_choice
from engine.api import DayAPI, NightAPI, PhaseAPI, Refused, THROW
from engine.ruling_rows import ReadingField, choice, flag, number
from engine.names import CARDS, canon_card, canon_secret_role
from engine.orders import Args, Canon, Order, OrderError, arg, read_list, read_pairs
from engine.reasons import Reason
from engine.state import GameState, PlayerState
from engine.actions import Action, ThrownCard

# How the names its orders hold are made canonical («Рок» is the Двойка Червей), and what the
# GM is told of one that is neither («неизвестная карта «…» (поле card)»)
CARD_NAME = Canon(canon_card, "карта")
SECRET_ROLE = Canon(canon_secret_role, "тайная роль")


@dataclass(frozen=True)
class ShuffleArgs(Args):
    """«выбирает любые четыре из оставшихся в колоде»: the four cards taken."""
    cards: tuple[str, ...] = arg((), read=read_list, required=True, missing="нужны карты (поле cards)",
                                 said="карты: {}", canon=CARD_NAME)

    def written(self, order: Order) -> str:
        """As the memo teaches (Shape.CARDS): «Тасовать карты: Рок, Щит, Джокер, Туз Бубен»."""
        return f"{order.ability}: " + ", ".join(self.cards)


@dataclass(frozen=True)
class ThrowArgs(Args):
    """«выбрать карту из руки … и цель, на кого он эту карту кинет»: the card, the card a
    Джокер stands for (`as`), the secret roles a card asks about (`roles`)."""
    card: str | None = arg(required=True, missing="нужна карта (поле card)", canon=CARD_NAME)
    as_card: str | None = arg(key="as", canon=CARD_NAME)
    roles: tuple[str, ...] = arg((), read=read_list, said="роли: {}", canon=SECRET_ROLE)

    def said(self) -> tuple[list[str], list[str]]:
        before = [f"карта {self.card}" + (f" как {self.as_card}" if self.as_card else "")] if self.card else []
        return before, super().said()[1]

    def written(self, order: Order) -> str:
        """As the memo teaches (Shape.CARD): «Кинуть карты: Джокер как Щит на Вера»,
        «… на Аня и Боря», «…: Лич, Тварь»."""
        text = f"{order.ability}: {self.card}"
        if self.as_card:
            stands_for = _words("Кинуть карты").keyword("as")
            assert stands_for is not None
            text += f" {stands_for.written} {self.as_card}"
        text += " на " + (" и ".join(order.targets) if order.targets else str(order.target))
        if self.roles:
            text += ": " + ", ".join(self.roles)
        return text


@dataclass(frozen=True)
class RevealArgs(Args):
    """«полный список соответствия Явных и Тайных ролей»: nickname → secret role."""
    reveal_list: tuple[tuple[str, str], ...] = arg((), key="list", read=read_pairs, required=True,
                                                   missing="нужен список «ник: тайная роль» (поле list)",
                                                   canon=SECRET_ROLE, nick=True)

    def written(self, order: Order) -> str:
        """As the memo teaches (Shape.LIST): «Раскрыть карты: Аня — Лич, Боря — Гончая Ада»."""
        return f"{order.ability}: " + ", ".join(f"{n} — {r}" for n, r in self.reveal_list)


SPECS = (
    _A("Сдать карты", RoleKind.SECRET, ("Мастер карт",), S, "Сдать карты – в начале игры выбирает четыре карты из колоды (см. приложение) и кладет себе в руку."),
    _A("Тасовать карты", RoleKind.SECRET, ("Мастер карт",), N, "Тасовать карты (Л, Т) – один раз ночью складывает находящиеся в руке карты в колоду и выбирает любые четыре из оставшихся в колоде (может взять и те же самые). Перезаряжается в Полнолуние.",
       cooldown=Cooldown.FULL_MOON, keeps="ЛТ", args=ShuffleArgs),
    _A("Кинуть карты", RoleKind.SECRET, ("Мастер карт",), D, "Кинуть карты (Л, Т) – днем может выбрать карту из руки, которую будет использовать, и цель, на кого он эту карту кинет. Можно кинуть и на себя. Карта подействует ночью, после чего теряется. В начале первой ночи может кинуть карту, считается, что она была брошена в \"минус первый\" день.",
       freq=Freq.PER_DAY, keeps="ЛТ", target=TargetRule.CARD, optional=(Field.TARGET, Field.TARGETS), args=ThrowArgs,
       uses_ruling="cards_per_day"),
    _A("Раскрыть карты", RoleKind.SECRET, ("Мастер карт",), ANY_, "Раскрыть карты (Л, Т) - в любой момент игры публично выкладывает полный список соответствия Явных и Тайных ролей (см. приложение). Если список верный, то Мастер карт единолично побеждает. В противном случае он покидает игру навсегда.",
       freq=Freq.PER_GAME, keeps="ЛТ", args=RevealArgs, public=True),
)


@dataclass(frozen=True)
class Deck:
    """The Мастер карт's memory across phases (his state slot): each one's hand, the cards
    thrown and waiting for (or acting in) their night, the cards gone from the deck."""
    hands: dict[str, tuple[str, ...]] = field(default_factory=dict)
    thrown: tuple[ThrownCard, ...] = ()
    used: tuple[str, ...] = ()

    def hand(self, nick: str) -> tuple[str, ...]:
        return self.hands.get(nick, ())

    def with_hand(self, nick: str, hand: tuple[str, ...]) -> "Deck":
        return replace(self, hands={**self.hands, nick: hand})

    def gm_notes(self, nick: str) -> tuple[str, ...]:
        """What the GM's console shows beside the player: the cards in his hand."""
        return self.hand(nick)


@setup_choice("hand", ability="Сдать карты", role="Мастер карт",
              asks="какие четыре карты из колоды вы берёте в руку")
def deal_hand(state: GameState, player: PlayerState, value: Any) -> None:
    """«в начале игры выбирает четыре карты из колоды … и кладет себе в руку»:
    `setup.<nick>.hand`."""
    if not isinstance(value, list):
        raise SetupError(f"setup.{player.nick}.hand: нужен список из четырёх карт")
    hand = []
    for name in value:
        card = canon_card(str(name))
        if card is None:
            raise SetupError(f"setup.{player.nick}.hand: неизвестная карта «{name}»")
        hand.append(card)
    if len(hand) != 4 or len(set(hand)) != 4:
        raise SetupError(f"setup.{player.nick}.hand: нужны четыре разные карты, дано {len(hand)}")
    state.put(state.of(Deck).with_hand(player.nick, tuple(hand)))


@dataclass(frozen=True)
class SetupThrows:
    """The «минус первый» day's throws written in the setup (its state slot), judged in
    night 1 (`minus_first_day_throw: setup`, A65 b)."""
    orders: tuple[Order, ...] = ()


@setup_choice("throw", ability="Кинуть карты", role="Мастер карт")
def setup_throw(state: GameState, player: PlayerState, value: Any) -> None:
    """«В начале первой ночи может кинуть карту, считается, что она была брошена в "минус
    первый" день.»: `setup.<nick>.throw: {card, target | targets, as, roles}` under
    `minus_first_day_throw: setup` (A65 b); judged in night 1 like the night-1 order."""
    where = f"setup.{player.nick}.throw"
    if state.rulings["minus_first_day_throw"] != "setup":
        raise SetupError(f"{where}: бросок «минус первого» дня в раскладе пишется только при "
                         "rulings.minus_first_day_throw: setup (иначе это заявка Кинуть карты в ночь 1)")
    if not isinstance(value, dict):
        raise SetupError(f"{where}: нужен словарь {{card: …, target: …}}")
    fields = {str(k): v for k, v in value.items()}
    if "by" in fields or "ability" in fields:
        raise SetupError(f"{where}: поля by и ability не нужны: бросает {player.nick}, способность Кинуть карты")
    try:
        order = Order.from_mapping({"by": player.nick, "ability": "Кинуть карты", **fields})
        throw_shape(order)
    except OrderError as exc:
        raise SetupError(f"{where}: {exc}") from None
    throws = state.of(SetupThrows).orders
    if any(o.by == player.nick for o in throws):
        raise SetupError(f"{where}: бросок «минус первого» дня — только один")
    state.put(SetupThrows((*throws, order)))


@night_step("N2", "a", ability="Кинуть карты")
def setup_throw_in_night_one(night: NightAPI) -> None:
    """«В начале первой ночи может кинуть карту»: the throw written in the setup (A65 b) is
    judged now, as the night-1 order is under the default, and acts this night."""
    if night.n != 1 or night.rulings["minus_first_day_throw"] != "setup":
        return
    spec = next(s for s in SPECS if s.name == "Кинуть карты")
    for order in night.state.of(SetupThrows).orders:
        refused = night.refusal(order, spec, snapshot=night.s0, skip_phase=True) or throw_refusal(night, order)
        if refused:
            night.reject(order, *refused)
            continue
        # the use is day −1's, no day's of the game: a night-1 throw order is refused for
        # its phase (wrong_phase), not as a second use
        night.emit(ev.Accepted(str(night.phase), night.cause("принята (бросок из расклада)", order), order))
        minus_first_day_throw(night, order, spec)


# The fields only one reading of its rulings reads (engine/reading_fields.py).
READING_FIELDS = (
    ReadingField("minus_first_day_throw", "setup", "setup", "throw", "Кинуть карты",
                 hint="иначе бросок «минус первого» дня — заявка Кинуть карты в ночь 1"),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Тасовать карты", Channel.PM, "четыре карты через запятую",
          names=("тасовка",), verbs=("тасовать", "перетасовать"),
          examples=(("Тасую: Рок, Щит, Джокер, Туз Бубен",
                     {"cards": ["Двойка Червей", "Шестерка Бубен", "Джокер", "Туз Бубен"]}),),
          shape=Shape.CARDS,
          consumes=True),
    Words("Кинуть карты", Channel.PM, "карта и цель: «Кидаю Рок на Борю»; Джокер — «как Рок»; "
          "Валет Пик — две цели; Четверка Бубен — и список тайных ролей",
          names=("бросок",), verbs=("кинуть", "кидать", "бросить", "бросать", "метнуть"),
          examples=(("Кидаю Рок на Борю", {"card": "Двойка Червей", "target": "Боря"}),
                    ("Кидаю Джокер как Щит на Веру", {"card": "Джокер", "as": "Шестерка Бубен",
                                                     "target": "Вера"}),
                    ("Кидаю Подмену на Аню и Борю", {"card": "Валет Пик", "targets": ["Аня", "Боря"]}),
                    ("Кидаю Догадку на Гену: Лич, Тварь", {"card": "Четверка Бубен", "target": "Гена",
                                                           "roles": ["Лич", "Тварь"]})),
          shape=Shape.CARD,
          keywords=(Keyword("as", "как", frozenset({"как", "вместо", "за", "в"})),),
          consumes=True,
          repeatable=True),
    Words("Раскрыть карты", Channel.POST, "список «ник — тайная роль» для всех игроков",
          # the imperfective a player writes of himself («Раскрываю карты!», «вскрываю карты»)
          names=("вскрыть карты", "раскрывать карты", "вскрывать карты"), verbs=(),
          examples=(("Раскрыть карты: Аня — Лич, Боря — Гончая Ада, Гена — Тварь",
                     {"list": {"Аня": "Лич", "Боря": "Гончая Ада", "Гена": "Тварь"}}),),
          shape=Shape.LIST,
          reach=Reach.PARAGRAPH,
          consumes=True,
          own_verb=True),
)


def _words(ability: str) -> Words:
    return next(w for w in WORDS if w.ability == ability)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    choice(
        "shuffle_recharge", "A18", '"Перезаряжается в Полнолуние" (Тасовать карты)',
        "Тасовать карты «перезаряжается в Полнолуние». Когда после применения в ночь N "
        "можно тасовать снова?",
        ("next_full_moon", "с первого Полнолуния после ночи N, в ту же ночь Полнолуния "
                           "(применение в Полнолуние перезаряжается к следующему)"),
        ("night_after_full_moon", "перезаряжается в Полнолуние, но доступно только со следующей ночи"),
        ("once_per_cycle", "просто раз за цикл ночей"),
    ),
    number(
        "cards_per_day", "A33", "General card rules",
        "Сколько карт Мастер карт может кинуть за день?",
        (1, 2, 3, 4),
        "одну",
        "до этого числа карт",
    ),
    flag(
        "thrown_card_survives_master", "A33", "General card rules",
        "Действует ли брошенная днём карта, если Мастер карт умер до ночи?",
        yes="да, кроме Короля Пик («после смерти Мастера карт эффект спадает»)",
        no="нет: со смертью Мастера брошенные и ещё не сработавшие карты пропадают",
    ),
    choice(
        "reveal_list_scope", "A63", "Раскрыть карты",
        "Раскрыть карты: «полный список соответствия Явных и Тайных ролей». Кого он должен охватывать?",
        ("all_other_players", "всех остальных игроков, живых и мёртвых; запись о себе можно "
                              "добавить, но тогда верную"),
        ("all_players", "всех игроков, включая самого Мастера карт"),
        ("living_others", "только остальных живых игроков"),
    ),
    flag(
        "reveal_real_roles", "A63", "Раскрыть карты",
        "Какие Тайные роли должны быть в списке Раскрыть карты?",
        yes="настоящие текущие (Тварь как Тварь, Инквизитор как Инквизитор, переродившийся "
            "Некромант как Лич)",
        no="видимые (маски Твари и Инквизитора считаются верными)",
    ),
    flag(
        "reveal_from_prison_wins", "A63", "Раскрыть карты",
        "Раскрыть карты помечено (Л, Т), но Тюрьма «считается мертвым» для победы. Побеждает ли верный "
        "список из Тюрьмы?",
        yes="да: пометка Т важнее",
        no="нет",
    ),
    flag(
        "failed_reveal_is_death", "A63", "Раскрыть карты",
        "Неверный список: Мастер карт «покидает игру навсегда». Это смерть?",
        yes="да, для всех правил (нет способностей и голоса, не может выиграть, Шулер не спасает); "
            "в выводе статус «Выбыл», роль раскрыта",
        no="нет: он просто выбывает, правила о смерти на него не срабатывают",
    ),
    choice(
        "shuffle_from_deck", "A64", "Тасовать карты",
        "Тасовать карты: кладёт карты руки в колоду и «выбирает любые четыре из оставшихся». "
        "Из чего выбирать?",
        ("remaining_plus_hand", "16 карт минус брошенные (включая брошенную днём и ждущую ночи); "
                                "если осталось меньше 4 — берёт все"),
        ("full_deck", "из всех 16 карт: брошенные возвращаются в колоду"),
    ),
    choice(
        "minus_first_day_throw", "A65", "The day −1 throw",
        "«В начале первой ночи может кинуть карту, считается, что она была брошена в „минус первый“ "
        "день». Как это записывается?",
        ("night1_orders", "заявка Кинуть карты среди заявок ночи 1; действует в ночь 1; только одна"),
        ("setup", "в раскладе игры, отдельно от заявок ночи 1"),
    ),
    flag(
        "card_bonus_uses_mask", "A82", "Card bonus and masks",
        "Бонус карты («Брошенная на X, позволяет Мастеру узнать его Тайную роль») — по видимой или "
        "настоящей роли?",
        yes="по видимой: маска Твари или Инквизитора считается",
        no="по настоящей роли",
    ),
    choice(
        "card_bonus_timing", "A82", "Card bonus and masks",
        "Когда Мастер карт узнаёт роль по бонусу карты?",
        ("acting_night", "в конце ночи, когда карта действует (для всех карт, включая Короля Пик)"),
        ("at_throw", "сразу при броске"),
    ),
)


@night_refusal("Тасовать карты")
def shuffle_refusal(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«один раз ночью складывает находящиеся в руке карты в колоду и выбирает любые
    четыре из оставшихся в колоде»
    Тасовать карты: four cards from the deck, the hand returned to it (A64)."""
    deck = [c for c in CARDS if c not in night.state.of(Deck).used]
    if night.rulings["shuffle_from_deck"] == "full_deck":
        deck = list(CARDS)
    if len(set(order.args_as(ShuffleArgs).cards)) != len(order.args_as(ShuffleArgs).cards) or len(order.args_as(ShuffleArgs).cards) != min(4, len(deck)):
        return Reason.CARD_TARGET, None   # «выбирает любые четыре из оставшихся в колоде» (A64)
    if any(c not in deck for c in order.args_as(ShuffleArgs).cards):
        return Reason.NOT_IN_HAND, None
    return None


def reveal_cards(ctx: PhaseAPI, order: Order) -> None:
    """Раскрыть карты: «Если список верный, то Мастер карт единолично побеждает. В
    противном случае он покидает игру навсегда.» (A63)"""
    master = ctx.p(order.by)
    claimed = dict(order.args_as(RevealArgs).reveal_list)
    scope = ctx.rulings["reveal_list_scope"]
    expected = {}
    for player in ctx.players():
        if player.nick == master.nick and scope != "all_players":
            continue
        if scope == "living_others" and not player.alive:
            continue
        expected[player.nick] = player.secret_role if ctx.rulings["reveal_real_roles"] \
            else ctx.apparent(player.nick)
    own = claimed.pop(master.nick, None)
    own_ok = own is None or own == master.secret_role
    if scope == "all_players":
        own_ok = own == master.secret_role
        expected.pop(master.nick, None)
    correct = own_ok and all(claimed.get(n) == r for n, r in expected.items()) \
        and set(claimed) <= set(expected)
    ctx.announce("Раскрыть карты", "Раскрыть карты", order, by=master.nick)
    beast = any(p.active and p.secret_role == "Тварь" for p in ctx.players())
    if correct and beast and ctx.rulings["irritate_blocks"] == "factions_and_master":
        # A32 (1) b: «пока Тварь жива … не могут победить» covers the Мастер карт too
        ctx.trace("Раскрыть карты: список верен, но Тварь жива (Раздражай)", "Раздражай", order)
        return
    if correct and (not master.in_prison or ctx.rulings["reveal_from_prison_wins"]):
        ctx.end_game(master.nick, "Раскрыть карты: список верен", order)
        return
    master.left = True
    cause = ctx.cause("Раскрыть карты: список неверен", order)
    ctx.emit(ev.Left(str(ctx.phase), cause, master.nick))
    ctx.emit(ev.Revealed(str(ctx.phase), cause, master.nick, master.secret_role))
    if ctx.rulings["failed_reveal_is_death"]:
        ctx.died(master)   # A63 3: leaving counts as death (a Король Пик's effect ends)


def throw_refusal(ctx: PhaseAPI, order: Order) -> tuple[Reason, str | None] | None:
    """Кинуть карты: the card must be in hand; each card's own rules (§6.4, its module)."""
    master = ctx.p(order.by)
    if order.args_as(ThrowArgs).card not in ctx.state.of(Deck).hand(master.nick):
        return Reason.NOT_IN_HAND, None
    return card_refusal(ctx, order, master)


def throw(ctx: PhaseAPI, order: Order, acts_in_night: int) -> None:
    """«Карта подействует ночью, после чего теряется.»"""
    master = ctx.p(order.by)
    args = order.args_as(ThrowArgs)
    assert args.card is not None   # throw_shape: a throw names its card
    deck = ctx.state.of(Deck)
    hand = list(deck.hand(master.nick))
    hand.remove(args.card)
    effect = effect_of(order)
    targets = targets_of(order, effect)
    card = ThrownCard(args.card, effect, master.nick, tuple(targets), args.roles,
                      ctx.phase, acts_in_night, order)
    ctx.state.put(replace(deck.with_hand(master.nick, tuple(hand)), used=(*deck.used, args.card),
                          thrown=(*deck.thrown, card)))
    card_thrown(ctx, card)
    ctx.trace(f"{master.nick} бросает карту {args.card}"
               + (f" как {effect}" if effect != args.card else "")
               + f" на {', '.join(targets)}", "Кинуть карты", order)


@day_effect("Кинуть карты")
def throw_card(day: DayAPI, order: Order, spec: AbilitySpec, controller: str | None) -> None:
    """«днем может выбрать карту из руки … Карта подействует ночью»."""
    day.spend(order, spec)
    throw(day, order, acts_in_night=day.n + 1)


@ANYTIME("Раскрыть карты")
def reveal_order(ctx: PhaseAPI, order: Order) -> None:
    """«в любой момент игры»: at once, by day or by night (N1, A24); the resolver spends
    the use."""
    reveal_cards(ctx, order)
    if not ctx.phase.is_night:
        ctx.check_win()


@INFO("Раскрыть карты")
def reveal_queued(night: NightAPI, action: Action) -> None:
    """«в любой момент игры публично выкладывает полный список», under `anytime_at_night:
    queued_with_night` (A24 b): judged with the night's orders at its end, unless void
    (Чары); the win check of N23 follows."""
    if action.live:
        reveal_cards(night, action.order)


@refusal("Кинуть карты")
def throw_refusal_hook(ctx: PhaseAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """By day: the card in hand and its target rule. At night only the «минус первый»
    day's throw, written with the night-1 orders (A65)."""
    if ctx.phase.is_night and (ctx.n != 1 or ctx.rulings["minus_first_day_throw"] != "night1_orders"):
        return Reason.WRONG_PHASE, None
    return throw_refusal(ctx, order)


@PHASE_EXEMPT("Кинуть карты")
def minus_first_day(night: NightAPI) -> bool:
    """«В начале первой ночи может кинуть карту, считается, что она была брошена в "минус
    первый" день.»
    Its night-1 phase is judged by `throw_refusal_hook` (A65)."""
    return True


@ACCEPTED("Кинуть карты")
def minus_first_day_throw(night: NightAPI, order: Order, spec: AbilitySpec) -> bool:
    """«В начале первой ночи может кинуть карту, считается, что она была брошена в
    "минус первый" день.»: it acts this very night."""
    throw(night, order, acts_in_night=night.n)
    night.set_cards(c for c in night.state.of(Deck).thrown if c.night == night.n)
    return True


@SHAPE("Кинуть карты")
def throw_shape(order: Order) -> None:
    """«днем может выбрать карту из руки, которую будет использовать, и цель, на кого он эту
    карту кинет»: the order names its card (and, for the Джокер, the card it stands for)."""
    args = order.args_as(ThrowArgs)
    if args.card is None:
        raise OrderError("Кинуть карты: нужна карта (поле card)")
    if DECK[args.card].stands_for_any and args.as_card is None:
        raise OrderError("Джокер: нужна карта, которую он заменяет (поле as)")
    card_shape(order, effect_of(order))


@night_step("N22", "i", ability="Тасовать карты")
def shuffled_hand(night: NightAPI) -> None:
    """«складывает находящиеся в руке карты в колоду и выбирает любые четыре»."""
    for action in night.live_actions("Тасовать карты"):
        night.state.put(night.state.of(Deck).with_hand(action.user, tuple(action.order.args_as(ShuffleArgs).cards)))


# --- the deck (rules-ru.txt «Колода для Мастера карт», SPEC §6.4): what every card shares;
# each card's row and hooks are in its module of engine/abilities/cards/, in the registry.

def effect_of(order: Order) -> str:
    """The card whose effect acts: the card itself, or the one a Джокер stands for."""
    args = order.args_as(ThrowArgs)
    assert args.card is not None
    if DECK[args.card].stands_for_any:
        assert args.as_card is not None
        return args.as_card
    return args.card


def targets_of(order: Order, effect: str) -> tuple[str, ...]:
    if DECK[effect].targets == 2:
        return tuple(order.targets)
    assert order.target is not None
    return (order.target,)


def card_shape(order: Order, effect: str) -> None:
    spec = DECK[effect]
    if spec.targets == 2:
        if len(order.targets) != 2:
            raise OrderError(f"{effect}: нужны два игрока (поле targets)")
    elif order.target is None:
        raise OrderError(f"{effect}: нужна цель (поле target)")
    if spec.needs_roles and not order.args_as(ThrowArgs).roles:
        raise OrderError(f"{effect}: нужны роли (поле roles)")


def card_refusal(ctx: PhaseAPI, order: Order, master: PlayerState) -> Refused | None:
    """The card as thrown, then its effect's target rule (§6.4): the targets alive, not on
    oneself where the card forbids it, then the card's own rules."""
    effect = effect_of(order)
    card = order.args_as(ThrowArgs).card
    assert card is not None
    own = AS_THROWN.first(card)
    refused = own(ctx, order, effect, master, ctx.state.of(Deck).hand(master.nick)) if own else None
    if refused:
        return refused
    spec = DECK[effect]
    for nick in targets_of(order, effect):
        if not ctx.p(nick).alive:
            return spec.dead_target, nick
    if not spec.on_self and order.target == master.nick:
        return Reason.CARD_TARGET, order.target
    for rule in CARD_REFUSAL.of(effect):
        refused = rule(ctx, order, effect, master)
        if refused:
            return refused
    return None


def card_thrown(ctx: PhaseAPI, card: ThrownCard) -> None:
    """What a card does from the moment it is thrown; its bonus, when told at the throw."""
    for effect in ON_THROW.of(card.acts_as):
        effect(ctx, card)
    if ctx.rulings["card_bonus_timing"] == "at_throw":
        card_bonus_now(ctx, card)


@night_step("N0", "0", ability=THROW)
def cards_of_tonight(night: NightAPI) -> None:
    """«Карта подействует ночью, после чего теряется.»: the cards thrown for this night."""
    night.set_cards(c for c in night.state.of(Deck).thrown if c.night == night.n)


@night_step("N0", "e", ability=THROW)
def cards_need_master(night: NightAPI) -> None:
    """«Карта подействует ночью, после чего теряется.»
    A33 (2) b: under `thrown_card_survives_master: false` a thrown card needs its
    Мастер карт alive."""
    if not night.rulings["thrown_card_survives_master"]:
        night.set_cards(c for c in night.cards if not night.p(c.by).dead)


@night_step("N22", "z", ability=THROW)
def thrown_cards_gone(night: NightAPI) -> None:
    """N22 (z): «Карта подействует ночью, после чего теряется.»"""
    deck = night.state.of(Deck)
    night.state.put(replace(deck, thrown=tuple(c for c in deck.thrown if c.night > night.n)))


@night_step("N21", "b", ability=THROW)
def card_information(night: NightAPI) -> None:
    """«Карта подействует ночью, после чего теряется.»
    N21: what each card acting tonight tells (its `card_info` hook), then its bonus, in
    the order the cards were thrown."""
    for thrown_card in night.cards:
        for info in CARD_INFO.of(thrown_card.acts_as):
            info(night, thrown_card)
        if night.rulings["card_bonus_timing"] == "acting_night":
            card_bonus_now(night, thrown_card)


def card_bonus_now(ctx: PhaseAPI, card: ThrownCard) -> None:
    """«Брошенная на X, позволяет Мастеру узнать его Тайную роль» (A82): the bonus of the
    card that acts, if the rulings of the card thrown and of its effect let it."""
    effect = card.acts_as
    for name in dict.fromkeys((card.card, effect)):
        ruling = DECK[name].bonus_ruling
        if ruling and not ctx.rulings[ruling]:
            return
    role = DECK[effect].bonus
    if role is None:
        return
    for nick in card.targets:
        seen = ctx.apparent(nick) if ctx.rulings["card_bonus_uses_mask"] else ctx.p(nick).secret_role
        if seen == role:
            ctx.learn(card.by, f"{effect}: бонус", card.order, about=nick, secret=role)
