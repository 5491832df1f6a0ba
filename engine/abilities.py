"""The ability registry: one spec per ability (SPEC.md §6), the data every part reads.

Validation (engine), the order parser and the players' memo all read this table,
so an ability's name, aliases, timing, limits, targets and attack strength are
written once. Effects live in the resolution steps (engine/night.py,
engine/day.py), which cite the same rule sentences.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.names import Moon, fold


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
    fields: tuple[Field, ...] = ()  # required fields
    optional: tuple[Field, ...] = ()
    public: bool = False            # «публично» (SPEC §3.1)
    stated_secret: bool = False     # «тайно» (Составить гороскоп, Порча); the rest follow A21
    info_only: bool = False         # «способности, которые только сообщают информацию» (§9)
    aliases: tuple[str, ...] = ()

    @property
    def is_attack(self) -> bool:
        return self.attack_rank is not None

    @property
    def orderable(self) -> bool:
        return self.when not in (When.PASSIVE, When.START)


_A = AbilitySpec
N, D, ANY_, P, T, S = When.NIGHT, When.DAY, When.ANY, When.PASSIVE, When.TRIGGER, When.START
FULL, HALF = frozenset({Moon.FULL}), frozenset({Moon.HALF})

ABILITIES: tuple[AbilitySpec, ...] = (
    # --- communal -------------------------------------------------------------------------
    _A("Голосование", RoleKind.COMMON, (), D, "Голосование (считается \"дневной\") - днем (на Дневном Вече) может публично отдать голос против любого персонажа.",
       # without a target: the vote is withdrawn («Цель можно менять неограниченное количество раз»)
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET,), public=True, keeps="Л"),
    _A("Голубиная почта", RoleKind.COMMON, (), N, "Голубиная почта (считается \"ночной\") - три раза за игру может через мастера передать анонимное сообщение любому другому персонажу.",
       freq=Freq.PER_GAME, uses=3, target=TargetRule.OTHER_LIVING, fields=(Field.TO, Field.TEXT), keeps="Л"),
    # --- open roles -----------------------------------------------------------------------
    _A("Деспотия", RoleKind.OPEN, ("Мэр",), P, "Деспотия - на общем обсуждении имеет два голоса вместо одного."),
    _A("Преемственность", RoleKind.OPEN, ("Мэр",), T, "Преемственность - умирая или отправляясь в тюрьму бессрочно, может передать свою Явную роль любому другому человеку (тот теряет свою старую роль).",
       freq=Freq.PER_GAME, target=TargetRule.HEIR, fields=(Field.TARGET,), public=True),
    _A("Составить гороскоп", RoleKind.OPEN, ("Астролог",), N, "Составить гороскоп - раз за цикл ночей может тайно указать персонажа. Если ночью тот использовал способности Тайной роли, Астролог узнает его Тайную роль.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True,
       stated_secret=True),
    _A("Пророчество", RoleKind.OPEN, ("Оракул",), ANY_, "Пророчество - один раз за игру в любой момент может узнать Тайную роль другого персонажа.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True),
    _A("Чары", RoleKind.OPEN, ("Цыганка",), N, "Чары - один раз за игру любой ночью может очаровать другого человека. В эту ночь тот не применяет свои способности, но не знает этого.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
    _A("Исповедь", RoleKind.OPEN, ("Священник",), N, "Исповедь - один раз за игру любой ночью может узнать Тайную роль другого персонажа. Этот персонаж, в свою очередь, узнает Тайную роль священника.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), info_only=True),
    # automatic (A51 `blessing_auto`); under `blessing_auto: false` a standing order
    _A("Божественное благословление", RoleKind.OPEN, ("Священник",), T, "Божественное благословление - один раз за игру, попадая в Лазарет, мгновенно исцеляет себя на единицу здоровья (и тут же из Лазарета выходит). О том, что Священник попадал в Лазарет, наутро пишется.",
       freq=Freq.PER_GAME, public=True, aliases=("Божественное благословение",)),
    _A("Влияние", RoleKind.OPEN, ("Дворянин",), D, "Влияние - каждый ход может диктовать голоса другого персонажа. У Мэра забирает оба голоса. Не может использоваться на одну и ту же цель два раза подряд.",
       freq=Freq.PER_DAY, target=TargetRule.PAIR, fields=(Field.TARGETS,)),
    _A("Расследование", RoleKind.OPEN, ("Сыщик",), ANY_, "Расследование - раз за цикл ночей может публично расследовать чужую смерть, тайно узнавая способность, которая отправила персонажа на Кладбище. Если в ночь смерти наносящих урон способностей было несколько, Сыщик узнает все.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_DEAD, fields=(Field.TARGET,), public=True, info_only=True),
    _A("Поймать в подворотне", RoleKind.OPEN, ("Бандит",), D, "Поймать в подворотне - один раз за игру может днем публично избить другого персонажа в подворотне, отнимая у него все жизни кроме одной.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,), public=True),
    _A("Митинг", RoleKind.OPEN, ("Бунтарь",), D, "Митинг - раз за цикл ночей получает три голоса против себя, но этим днем голос Бунтаря считается за пять.",
       freq=Freq.PER_CYCLE, public=True),
    _A("Анархизм", RoleKind.OPEN, ("Бунтарь",), P, "Анархизм - не может стать Мэром."),
    _A("Порча", RoleKind.OPEN, ("Ведьма",), N, "Проклятие! Порча - раз за цикл ночей может тайно наложить на персонажа проклятье. Если этой ночью персонажа кто-либо атакует (кроме самой Ведьмы), он умирает мгновенно, даже если атака была заблокирована способностями цели. Если атака была заблокирована/перенаправлена способностями другого человека, Порча не срабатывает.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), stated_secret=True,
       aliases=("Проклятие! Порча", "Проклятие Порча")),
    _A("Смена пола", RoleKind.OPEN, ("Ведьма",), D, "Проклятие! Смена пола - в любой день публично может сменить пол любого персонажа. Этим днем он не может голосовать. Других последствий нет (кроме самой смены пола).",
       freq=Freq.PER_DAY, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True, aliases=("Проклятие! Смена пола", "Проклятие Смена пола")),
    _A("Закалка", RoleKind.OPEN, ("Кузнец",), P, "Закалка (Т) - плюс один к максимальному запасу здоровья.", keeps="Т"),
    _A("Кража", RoleKind.OPEN, ("Вор",), N, "Кража - раз за цикл ночей может обокрасть цель. Следующим днем она не может применять способности Явной роли и голосовать.",
       freq=Freq.PER_CYCLE, target=TargetRule.OTHER_LIVING, fields=(Field.TARGET,)),
    _A("Регенерация", RoleKind.OPEN, ("Оборотень",), P, "Регенерация - каждое Полнолуние восстанавливает одну жизнь."),
    _A("Операция", RoleKind.OPEN, ("Лекарь",), D, "Операция - один раз за цикл ночей в любой день может вылечить (+1 жизнь) или убить любого, кто лежит в Лазарете.",
       freq=Freq.PER_CYCLE, target=TargetRule.LIVING_IN_LAZARET, fields=(Field.TARGET, Field.MODE)),
    _A("Компромат", RoleKind.OPEN, ("Сплетник",), D, "Компромат - вместо голосования может сохранить голос \"в копилку\". Голоса из \"копилки\" могут быть использованы в любой день вместе с обычным (при этом они расходуются).",
       target=TargetRule.OTHER_LIVING, optional=(Field.TARGET, Field.SAVE)),
    _A("Взятка", RoleKind.OPEN, ("Богач",), D, "Взятка - один раз за игру может оправдать того, кого приговорили на Дневном Вече.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, optional=(Field.TARGET,)),
    # --- secret roles ---------------------------------------------------------------------
    _A("Армия тьмы", RoleKind.SECRET, ("Лич",), P, "Армия тьмы (Л) - пока Лич не на Кладбище и не в Тюрьме, Зомби, Призрак и Некромант возрождаются каждое Новолуние с полным здоровьем. Действовать в ту же ночь они не могут.", keeps="Л"),
    _A("Щит душ", RoleKind.SECRET, ("Лич",), P, "Щит душ - блокирует единицу урона каждую ночь и наносит единицу урона тому, кто этой ночью сыграл самую сильную атаку по Личу."),
    _A("Зомбирование", RoleKind.SECRET, ("Лич",), N, "Зомбирование - один раз за игру в любую ночь Лич может зомбировать человека, чтобы записать ему в мозг желаемую команду (см. приложение). По сигналу Лича (через мастера) команда будет выполнена.",
       freq=Freq.PER_GAME, target=TargetRule.OTHER_LIVING, optional=(Field.TARGET, Field.COMMAND, Field.SIGNAL)),
    _A("Без души", RoleKind.SECRET, ("Лич",), P, "Без души (Л,Т) - Демоны не могут атаковать Лича и отменяют свои атаки по нему. Они знают, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Мистическая связь", RoleKind.SECRET, ("Лич",), S, "Мистическая связь - на старте игры Лич узнает у кого Тайные роли Зомби, Призрака и Некроманта"),
    _A("Bra-a-a-ains", RoleKind.SECRET, ("Зомби",), N, "Bra-a-a-ains - наносит единицу урона цели.",
       attack_rank=6, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), aliases=("Braaains", "Brains")),
    _A("Касание смерти", RoleKind.SECRET, ("Призрак",), N, "Касание смерти - в любую ночь если цель в Лазарете, наносит единицу урона, иначе цель не может использовать способности Явной роли следующим днем (и знает об этом). Не может применяться на тех, кто этой ночью уже становился целью способностей Нежити. В любом случае считается атакой.",
       attack_rank=7, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Бестелесность", RoleKind.SECRET, ("Призрак",), P, "Бестелесность (Л) - каждую ночь блокирует одну атаку по Призраку. Если атак было сыграно несколько, блокируется самая сильная (см. приложение).", keeps="Л"),
    _A("Перерождение", RoleKind.SECRET, ("Некромант",), T, "Перерождение(Л,Т) - в случае смерти или посадки в Тюрьму пожизненно Лича может принять его роль в тот же момент.",
       freq=Freq.PER_GAME, keeps="ЛТ"),
    _A("Переливание жизни", RoleKind.SECRET, ("Некромант",), N, "Переливание жизни - в любую ночь наносит единицу урона Некроманту и восстанавливает единицу здоровья цели.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Sacrifice!", RoleKind.SECRET, ("Демонолог",), N, "Sacrifice! - в Полнолуние наносит цели количество урона, равное числу Демонов на Кладбище. Если к концу ночи цель умирает, Демонолог может перепризвать любого из демонов, восстанавливая ему здоровье до максимума и снимая все статусы.",
       moons=FULL, attack_rank=2, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), optional=(Field.RESUMMON,), aliases=("Sacrifice",)),
    _A("Protective circle", RoleKind.SECRET, ("Демонолог",), P, "Protective circle (Л) - блокирует самую сильную атаку ночью, но после этого исчезает (Демонолог знает, когда круг исчезает). Восстанавливается через цикл ночей.", keeps="Л"),
    _A("Aura of darkness", RoleKind.SECRET, ("Демонолог",), P, "Aura of darkness (Л,Т) - чувствуя зло в Демонологе, Нежить отменяет атаку. Нежить знает, из-за чего была отменена атака.", keeps="ЛТ"),
    _A("Знакомства по ту сторону", RoleKind.SECRET, ("Демонолог",), S, "Знакомства по ту сторону - в начале игры узнает, у кого есть Тайные роли Беса, Суккуба и Гончей Ада."),
    _A("Нападение", RoleKind.SECRET, ("Бес",), N, "Нападение - в любую ночь атакует цель, нанося единицу урона.",
       attack_rank=5, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Загнанный в угол", RoleKind.SECRET, ("Бес",), P, "Загнанный в угол - если на Кладбище находятся либо Суккуб и Гончая Ада, либо Демонолог, Нападение наносит две единицы урона."),
    _A("Очарование", RoleKind.SECRET, ("Суккуб",), N, "Очарование - в Полнолуние может очаровать персонажа, из-за чего все его действия в эту ночь перенаправляются на выбранного Суккубом человека (включая проверки роли и анонимные сообщения).",
       moons=FULL, target=TargetRule.PAIR, fields=(Field.TARGETS,)),
    _A("Ревность", RoleKind.SECRET, ("Суккуб",), N, "Ревность - если на Кладбище находятся либо Бес и Гончая Ада, либо Демонолог, вместо Очарования можно нанести единицу урона цели.",
       moons=FULL, attack_rank=8, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Укус", RoleKind.SECRET, ("Гончая Ада",), N, "Укус - в наносит единицу урона цели. Не может применяться на цель, которую в эту же ночь выбирали другие Демоны. Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=4, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Гон", RoleKind.SECRET, ("Гончая Ада",), P, "Гон(Л) - если наутро после Укуса жертва осталась жива, следующей ночью Гончая автоматически проводит еще одну атаку (не Укус), нанося единицу урона.",
       keeps="Л", attack_rank=4),
    _A("Пивное пузо", RoleKind.SECRET, ("Начальник стражи", "Стражник"), P, "Пивное пузо (Л, Т) - плюс один к максимуму жизней.", keeps="ЛТ"),
    _A("Арест", RoleKind.SECRET, ("Начальник стражи",), N, "Арест - один раз за игру может отправить любого персонажа в Тюрьму пожизненно.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Дозор", RoleKind.SECRET, ("Начальник стражи",), N, "Дозор - может выбрать любого жителя города. Утром Начальник стражи узнает, кто применял на этого персонажа какие-либо ночные способности, но не узнает, какие именно.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), info_only=True),
    _A("На страже", RoleKind.SECRET, ("Начальник стражи", "Стражник"), N, "На страже - может выбрать человека и охранять его всю ночь, принимая на себя все нападения на человека (получая урон весь вместо него).",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Темница", RoleKind.SECRET, ("Стражник",), N, "В Полулуние может применить На страже или Темница - отправляет человека в Тюрьму на полтора дня (день, ночь, день).",
       moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Никто не ждал испанскую инквизицию!", RoleKind.SECRET, ("Инквизитор",), S, "Никто не ждал испанскую инквизицию! (Л,Т,К) - в начале игры может выбрать любую другую роль. Все проверки роли будут показывать выбранную роль. При смерти Инквизитора всем сообщается, что умерший был выбранной Инквизитором роли. Применение любых других способностей Тайной роли снимет маску.",
       keeps="ЛТК", aliases=("Никто не ждал испанскую инквизицию", "Маска")),
    _A("Лицо толпы", RoleKind.SECRET, ("Инквизитор",), P, "Лицо толпы (Л) - о применении всех способностей Тайной роли Инквизитора публично объявляется следующим утром.", keeps="Л"),
    _A("Аутодафе", RoleKind.SECRET, ("Инквизитор",), N, "Аутодафе - раз за цикл ночей убивает выбранную цель. Не спасает ничего.",
       freq=Freq.PER_CYCLE, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True),
    _A("Обвинение в ведьмовстве", RoleKind.SECRET, ("Инквизитор",), N, "Обвинение в ведьмовстве - следующим днем персонаж не может применять способности Явной роли и быть оправдан Богачом, а голос Инквизитора против этого персонажа считается за три (в любом случае за три. Дополнительные голоса Сплетника считаются за единицу каждый, как обычно). Нельзя применять в ту же ночь, что и Аутодафе.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), public=True),
    _A("Дознание", RoleKind.SECRET, ("Дознаватель",), N, "Дознание - в любую ночь может выбрать двух живых персонажей не в Тюрьме (кроме себя) и сравнить, на одной ли стороне они находятся.",
       target=TargetRule.TWO_OTHER_FREE, fields=(Field.TARGETS,), info_only=True),
    _A("Пытка", RoleKind.SECRET, ("Дознаватель",), N, "Пытка - Дознаватель один раз за игру наносит цели единицу урона, и если наутро она не умирает, узнает её Тайную роль.",
       freq=Freq.PER_GAME, moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,)),
    _A("Приспосабливайся", RoleKind.SECRET, ("Тварь",), S, "Приспосабливайся (Т,К) - в начале игры может выбрать любую Тайную роль. При любых попытках узнать его роль будет показываться выбранная. При смерти Твари всем сообщается, что умерший был выбранной Тварью роли.", keeps="ТК"),
    _A("Пожирай", RoleKind.SECRET, ("Тварь",), N, "Пожирай - наносит две единицы урона цели. Если та умирает, Тварь восстанавливает себе единицу здоровья и может сменить маску от Приспосабливайся на Тайную роль своей жертвы (наутро объявится, что жертва была той роли, которая ранее была маской Твари). Перезаряжается одну ночь.",
       cooldown=Cooldown.ONE_NIGHT, attack_rank=1, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), optional=(Field.SWAP_MASK,)),
    _A("Превзмогай", RoleKind.SECRET, ("Тварь",), P, "Превзмогай - Тварь не попадает в Лазарет."),
    _A("Уничтожай", RoleKind.SECRET, ("Тварь",), P, "Уничтожай - побеждает, если остается единственным живым и не в Тюрьме."),
    _A("Раздражай", RoleKind.SECRET, ("Тварь",), P, "Раздражай - пока Тварь жива, Демоны, Нежить и Закон не могут победить."),
    _A("Сдать карты", RoleKind.SECRET, ("Мастер карт",), S, "Сдать карты – в начале игры выбирает четыре карты из колоды (см. приложение) и кладет себе в руку."),
    _A("Тасовать карты", RoleKind.SECRET, ("Мастер карт",), N, "Тасовать карты (Л, Т) – один раз ночью складывает находящиеся в руке карты в колоду и выбирает любые четыре из оставшихся в колоде (может взять и те же самые). Перезаряжается в Полнолуние.",
       cooldown=Cooldown.FULL_MOON, keeps="ЛТ", fields=(Field.CARDS,)),
    _A("Кинуть карты", RoleKind.SECRET, ("Мастер карт",), D, "Кинуть карты (Л, Т) – днем может выбрать карту из руки, которую будет использовать, и цель, на кого он эту карту кинет. Можно кинуть и на себя. Карта подействует ночью, после чего теряется. В начале первой ночи может кинуть карту, считается, что она была брошена в \"минус первый\" день.",
       freq=Freq.PER_DAY, keeps="ЛТ", target=TargetRule.CARD, fields=(Field.CARD,), optional=(Field.AS, Field.TARGET, Field.TARGETS, Field.ROLES)),
    _A("Раскрыть карты", RoleKind.SECRET, ("Мастер карт",), ANY_, "Раскрыть карты (Л, Т) - в любой момент игры публично выкладывает полный список соответствия Явных и Тайных ролей (см. приложение). Если список верный, то Мастер карт единолично побеждает. В противном случае он покидает игру навсегда.",
       freq=Freq.PER_GAME, keeps="ЛТ", fields=(Field.LIST,), public=True),
    _A("Король Пик", RoleKind.CARD, ("Мастер карт",), D, "Король Пик (Кукла) - в любой день, начиная с момента броска этой карты, Мастер карт может публично раскрыть свою роль. После этого все дневные действия цели (голосование и способности Явных ролей) полностью контролируются Мастером. После смерти Мастер карт эффект спадает.",
       optional=(Field.COMMAND,), public=True, aliases=("Кукла",)),
)

_BY_KEY: dict[str, AbilitySpec] = {}
for _spec in ABILITIES:
    for _name in (_spec.name, *_spec.aliases):
        _BY_KEY[fold(_name)] = _spec


def find_ability(name: str) -> AbilitySpec | None:
    """The spec for a canonical name or alias (case- and ё-insensitive), or None."""
    return _BY_KEY.get(fold(name))


def ability(name: str) -> AbilitySpec:
    spec = find_ability(name)
    if spec is None:
        raise KeyError(name)
    return spec


def abilities_of_role(role: str) -> tuple[AbilitySpec, ...]:
    return tuple(s for s in ABILITIES if role in s.roles)


# «В любую ночь может применить одну из следующих способностей» and the other
# "one of" groups (SPEC A23): per role, the abilities of which one per night.
ONE_ACTION_PER_NIGHT: dict[str, frozenset[str]] = {
    "Начальник стражи": frozenset({"Арест", "Дозор", "На страже"}),
    "Стражник": frozenset({"На страже", "Темница"}),
    "Дознаватель": frozenset({"Дознание", "Пытка"}),
    "Суккуб": frozenset({"Очарование", "Ревность"}),
}
