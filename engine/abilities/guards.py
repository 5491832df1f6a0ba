"""Начальник стражи and Стражник (З), who share На страже and Пивное пузо.

The spec rows (SPEC.md §6) and the hooks by which these abilities act; each hook cites
the sentence of rules-ru.txt it implements.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

from engine.abilities.spec import AbilitySpec, AbilitySpec as _A, Field, Freq, HALF, N, P, RoleKind, TargetRule
from engine.abilities.spec import Channel, Words
from engine.abilities.registry import INFO, day_step, max_lives, night_refusal, night_step
from engine.api import DayAPI, NightAPI, Refused
from engine.ruling_rows import choice, flag
from engine.phase import PhaseId, PhaseKind
from engine.reasons import Reason
from engine.state import PlayerState, Prison
from engine.actions import Action, Attack
from engine.orders import Order

SPECS = (
    _A("Пивное пузо", RoleKind.SECRET, ("Начальник стражи", "Стражник"), P, "Пивное пузо (Л, Т) - плюс один к максимуму жизней.", keeps="ЛТ"),
    _A("Арест", RoleKind.SECRET, ("Начальник стражи",), N, "Арест - один раз за игру может отправить любого персонажа в Тюрьму пожизненно.",
       freq=Freq.PER_GAME, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       slang=("вязать", "повязать", "задерживать", "задержать", "брать под стражу")),
    _A("Дозор", RoleKind.SECRET, ("Начальник стражи",), N, "Дозор - может выбрать любого жителя города. Утром Начальник стражи узнает, кто применял на этого персонажа какие-либо ночные способности, но не узнает, какие именно.",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,), info_only=True,
       slang=("смотреть", "присматривать", "приглядывать", "заглядывать", "заглянуть", "проверять",
              "проверить", "пасти")),
    _A("На страже", RoleKind.SECRET, ("Начальник стражи", "Стражник"), N, "На страже - может выбрать человека и охранять его всю ночь, принимая на себя все нападения на человека (получая урон весь вместо него).",
       target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       # «спасаю» is the Лекарь's heal too: a sender with both is asked which (issue 24)
       slang=("прикрывать", "прикрыть", "защищать", "защитить", "караулить", "беречь", "сторожить",
              "спасать", "спасти")),
    _A("Темница", RoleKind.SECRET, ("Стражник",), N, "В Полулуние может применить На страже или Темница - отправляет человека в Тюрьму на полтора дня (день, ночь, день).",
       moons=HALF, target=TargetRule.ANY_LIVING, fields=(Field.TARGET,),
       slang=("запирать", "запереть", "закрывать", "закрыть")),
)


# What the order parser and the memo read of its orders (scraper/orders reads them generically).
WORDS = (
    Words("Арест", Channel.PM, "ник или явная роль",
          verbs=("арестовать", "арестовывать"),
          examples=(("Арестовываю Борю", {"target": "Боря"}),)),
    Words("Дозор", Channel.PM, "ник или явная роль",
          names=("слежка",), verbs=("следить", "проследить", "патрулировать"),
          examples=(("Дозор: Гена", {"target": "Гена"}),)),
    Words("На страже", Channel.PM, "ник или явная роль (можно себя)",
          names=("охрана",), verbs=("охранять", "сторожить", "стеречь"),
          examples=(("Охраняю Мэра", {"target": "Аня"}),)),
    Words("Темница", Channel.PM, "ник или явная роль",
          verbs=("посадить", "сажать", "заточить"),
          examples=(("Сажаю Гену в темницу", {"target": "Гена"}),)),
)


# Its rulings (SPEC §10, §11): gathered into engine.rulings.SPECS.
RULINGS = (
    flag(
        "watch_counts_pigeon", "A47", "Дозор's visitors",
        "Дозор показывает, «кто применял на этого персонажа какие-либо ночные способности». "
        "Считается ли Голубиная почта («считается ночной»)?",
        yes="да",
        no="нет",
    ),
    flag(
        "watch_counts_cards", "A47", "Дозор's visitors",
        "Считается ли для Дозора Мастер карт, чья карта подействовала на персонажа этой ночью?",
        yes="да",
        no="нет: карты бросаются днём",
        default=False,
    ),
    choice(
        "double_guard", "A34", "Two guards, chains, self-guard",
        "Начальник стражи и Стражник охраняют одного человека («принимая на себя все нападения»). "
        "Кто принимает атаки?",
        ("chief_takes_all", "все атаки принимает Начальник стражи"),
        ("both_take_all", "каждый принимает все атаки (урон удваивается)"),
        ("split_alternately", "атаки делятся между ними по очереди"),
        ("guard_takes_all", "все атаки принимает Стражник"),
    ),
    choice(
        "guard_chain", "A34", "Two guards, chains, self-guard",
        "A охраняет B, B охраняет C. Куда уходит атака на C?",
        ("single_hop", "к B и там останавливается"),
        ("follow_chain", "дальше по цепочке, к A"),
    ),
    choice(
        "guard_self", "A34", "Two guards, chains, self-guard",
        "На страже: «может выбрать человека». Можно ли охранять себя?",
        ("no_effect", "заявка принимается и ничего не делает"),
        ("rejected", "заявка отвергается (target_self)"),
    ),
    choice(
        "prison_starts", "A71", "When Арест / Темница start",
        "Когда начинается Тюрьма от Ареста или Темницы («на полтора дня: день, ночь, день»)?",
        ("end_of_night", "в конце ночи: собственные заявки цели этой ночью выполняются"),
        ("immediate", "сразу: заявки цели этой ночью не выполняются"),
    ),
    choice(
        "dungeon_release", "A72", "When Темница ends",
        "Темница в ночь N (Полулуние): Тюрьма после ночи N, дня N и ночи N+1. Когда цель выходит?",
        ("end_of_second_day", "в конце дня N+1 (после дня N+1 статус уже снят)"),
        ("start_of_next_night", "в начале ночи N+2 (после дня N+1 ещё Тюрьма)"),
    ),
)


@night_step("N4", "f", ability="Арест")
def jail_now(night: NightAPI) -> None:
    """«может отправить любого персонажа в Тюрьму пожизненно»
    `prison_starts: immediate` (A71 b): Арест / Темница act before the target's
    own orders, which are void unless their ability survives Тюрьма (Т)."""
    if night.rulings["prison_starts"] != "immediate":
        return
    for jail in night.live_actions("Арест") + night.live_actions("Темница"):
        for action in night.actions_of(jail.targets[0]):
            if action is not jail and "Т" not in action.spec.keeps:
                action.void = True


@night_step("N4", "g2", ability="Арест")
def jailed_do_not_act(night: NightAPI) -> None:
    """«может отправить любого персонажа в Тюрьму пожизненно»
    `night_victims_act: false` (A70 b): a player jailed tonight does not act tonight."""
    if night.rulings["night_victims_act"]:
        return
    for fate in night.live_actions("Арест") + night.live_actions("Темница"):
        night.void_orders_of(fate.targets[0], fate, ": он выбывает этой ночью")


@night_step("N9", ability="На страже")
def guard_transfers(night: NightAPI) -> None:
    """N9: На страже: «принимая на себя все нападения на человека (получая урон весь
    вместо него)» (A34)."""
    guards: dict[str, list[Action]] = defaultdict(list)
    for action in night.live_actions("На страже"):
        guarded = action.targets[0]
        if guarded != action.user:    # guarding oneself does nothing (A34 3)
            guards[guarded].append(action)
    if not guards:
        return
    hops = 0
    while True:
        moved = False
        start = [(a, a.recipient) for a in night.attacks if a.live and not a.action.shielded]
        for guarded, posts in guards.items():
            on_guarded = [a for a, r in start if r == guarded and "guarded" not in a.flags]
            if night.rulings["guard_chain"] == "follow_chain":
                on_guarded = [a for a, r in start if r == guarded and guarded not in a.flags]
            if night.rulings["guard_chain"] == "follow_chain":
                # a chain stops before it returns to someone the attack already left
                on_guarded = [a for a in on_guarded
                              if not any(p.user in a.flags for p in posts)]
            if not on_guarded:
                continue
            assign_to_guards(night, guarded, posts, on_guarded)
            moved = True
        hops += 1
        if night.rulings["guard_chain"] != "follow_chain" or not moved or hops > len(night.state.players):
            break


def assign_to_guards(night: NightAPI, guarded: str, posts: list[Action], attacks: list[Attack]) -> None:
    mode = night.rulings["double_guard"]
    posts = sorted(posts, key=lambda a: night.state.order_index(a.user))
    if len(posts) > 1 and mode in ("chief_takes_all", "guard_takes_all"):
        wanted = "Начальник стражи" if mode == "chief_takes_all" else "Стражник"
        chosen = [a for a in posts if night.p(a.user).secret_role == wanted] or posts[:1]
        posts = chosen[:1]
    if len(posts) > 1 and mode == "both_take_all":
        for attack in list(attacks):
            for post in posts[1:]:
                twin = replace(attack, flags=set(attack.flags))   # `double_guard: both_take_all`
                night.add_attack(twin)
                guard_move(night, twin, post, guarded)
            guard_move(night, attack, posts[0], guarded)
        return
    ordered = sorted(attacks, key=night.strength_key)
    for i, attack in enumerate(ordered):
        guard_move(night, attack, posts[i % len(posts)], guarded)


def guard_move(night: NightAPI, attack: Attack, post: Action, guarded: str) -> None:
    attack.flags.add("guarded")
    attack.flags.add(guarded)
    night.move(attack, post.user, "guarded", "На страже", post.order)


@INFO("Дозор")
def watch(night: NightAPI, action: Action) -> None:
    """Дозор: «узнает, кто применял на этого персонажа какие-либо ночные способности, но не
    узнает, какие именно» (A47)."""
    target = action.targets[0]
    visitors: list[str] = []
    if action.live:
        for other in night.actions:
            if other is action or other.void or other.user == action.user:
                continue   # «кто применял»: accepted, non-void orders (A47)
            if other.spec.kind is RoleKind.COMMON and not night.rulings["watch_counts_pigeon"]:
                continue
            if target in other.targets and other.user not in visitors:
                visitors.append(other.user)
        if night.rulings["watch_counts_cards"]:
            for card in night.cards:
                if target in card.targets and card.by not in visitors:
                    visitors.append(card.by)
    visitors.sort(key=night.state.order_index)
    night.learn(action.user, "Дозор", action.order, about=target, visitors=visitors)


ONE_ACTION_PER_NIGHT = {
    "Начальник стражи": frozenset({"Арест", "Дозор", "На страже"}),   # «одну из следующих способностей»
    "Стражник": frozenset({"На страже", "Темница"}),                  # «На страже или Темница»
}


@max_lives("Пивное пузо")
def beer_belly(player: PlayerState) -> bool:
    """«Пивное пузо (Л, Т) - плюс один к максимуму жизней.»"""
    return player.secret_role in ("Начальник стражи", "Стражник")


@night_refusal("На страже")
def guard_self(night: NightAPI, order: Order, spec: AbilitySpec) -> Refused | None:
    """«может выбрать человека и охранять его всю ночь»
    Guarding oneself does nothing (A34); refused under `guard_self: rejected`."""
    if order.target == order.by and night.rulings["guard_self"] == "rejected":
        return Reason.TARGET_SELF, order.target
    return None


@night_step("N0", "a", ability="Темница")
def dungeon_release_at_night(night: NightAPI) -> None:
    """«отправляет человека в Тюрьму на полтора дня (день, ночь, день)»
    `dungeon_release: start_of_next_night` (A72 b)."""
    if night.rulings["dungeon_release"] != "start_of_next_night":
        return
    for player in night.players():
        prison = player.prison
        if prison and not prison.for_life and prison.release_after is not None \
                and prison.release_after.number < night.n:
            player.prison = None


@night_step("N20", "a", ability="Арест")
def prisons(night: NightAPI) -> None:
    """N20: «Арест - … отправить любого персонажа в Тюрьму пожизненно»; «Темница -
    отправляет человека в Тюрьму на полтора дня (день, ночь, день)» (A71, A72)."""
    for action in night.live_actions("Арест"):
        target = night.p(action.targets[0])
        if target.alive:
            target.prison = Prison(for_life=True)
            night.after_removal(target.nick, by_arrest=True)
    for action in night.live_actions("Темница"):
        target = night.p(action.targets[0])
        if target.alive and not (target.prison and target.prison.for_life):
            target.prison = Prison(for_life=False,
                                   release_after=PhaseId(night.n + 1, PhaseKind.DAY))


@day_step("D4", "a", ability="Темница")
def dungeon_release_by_day(day: DayAPI) -> None:
    """D4: «на полтора дня (день, ночь, день)»: the term ends with its second day (A72)."""
    for player in day.players():
        prison = player.prison
        if prison and not prison.for_life and prison.release_after == day.phase \
                and day.rulings["dungeon_release"] == "end_of_second_day":
            player.prison = None
