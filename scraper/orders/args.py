"""The arguments of one order, read from the words after its trigger.

Which arguments an ability takes comes from the registry's `fields` /
`optional` (FORMAT.md, SPEC §6.7); this module only knows how Russian says them:
a target or two, a card (and «как» for the Джокер), the four cards of a shuffle,
«вылечить»/«убить», «в копилку», a Зомбирование command, a pigeon's message.
Each builder returns an `Order`, or `Fail` with the reason and the candidates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.abilities import AbilitySpec, Field, RoleKind, TargetRule, find_ability
from engine.orders import Order, ZombieCommand
from engine import morph
from scraper.orders.abilities import Strength, Trigger, find_triggers
from scraper.orders.cards import SHARPER_CARDS, find_cards, find_secret_roles
from scraper.orders.result import Reason
from scraper.orders.targets import Context, Scan, scan_targets
from scraper.orders.text import Segment, Token

HEAL = frozenset({"лечить", "вылечить", "подлечить", "исцелить", "исцелять", "излечить",
                  "лечение", "исцеление", "хил", "heal", "вылечивать", "спасти", "спасать", "хилить",
                  "отхилить", "хилю", "отхилю"})
KILL = frozenset({"убить", "убивать", "добить", "добивать", "зарезать", "kill", "умертвить",
                  "прикончить", "резать", "зарежу"})
SAVE = frozenset({"копилка", "сохранить", "сохранять", "отложить", "откладывать", "save", "копить"})
RESUMMON = frozenset({"перепризвать", "перепризывать", "призвать", "призывать", "вернуть",
                      "воскресить", "resummon", "перепризыв"})
SWAP = frozenset({"маска", "swap"})
SIGNAL = frozenset({"сигнал", "signal", "активировать", "выполнить", "исполнить", "запустить",
                    "активация"})
WITHDRAW = frozenset({"снимать", "снять", "отзывать", "отозвать", "забирать", "забрать",
                      "отменять", "отменить", "анвоут", "unvote"})
AS_WORDS = frozenset({"как", "вместо", "за", "в"})
COMMAND_WORDS = frozenset({"команда", "приказ"})
REVEAL = frozenset({"раскрываться", "раскрыться", "раскрывать", "раскрыть", "открываться", "открыться"})

_QUOTED = re.compile(r"«([^»]*)»|\"([^\"]*)\"|“([^”]*)”|„([^“]*)“")


@dataclass
class Fail:
    code: Reason
    candidates: list[str] = field(default_factory=list)
    ability: str | None = None
    detail: str = ""


def _has(toks: list[Token], lo: int, hi: int, words: frozenset[str]) -> int | None:
    for i in range(lo, hi):
        if toks[i].low in words or morph.lemmas(toks[i].low) & words:
            return i
    return None


def self_allowed(spec: AbilitySpec) -> bool:
    return spec.target in (TargetRule.ANY_LIVING, TargetRule.LIVING_IN_LAZARET, TargetRule.CARD)


def _fail(scan: Scan, spec: AbilitySpec) -> Fail:
    return Fail(scan.problem or Reason.NO_TARGET, scan.candidates, spec.name)


def build(ctx: Context, spec: AbilitySpec, trig: Trigger, seg: Segment, toks: list[Token],
          lo: int, hi: int, before: int) -> Order | Fail:
    """The order `trig` starts; its words are toks[lo:hi], and toks[before:trig.start]
    may hold a target written first («Петю кусаю»)."""
    by = ctx.author or ""
    name = spec.name
    special = _SPECIAL.get(name)
    if special is not None:
        return special(ctx, spec, trig, seg, toks, lo, hi, before)
    wants = set(spec.fields) | set(spec.optional)
    required = Field.TARGET in spec.fields or Field.TARGETS in spec.fields
    count = 2 if Field.TARGETS in wants else (1 if Field.TARGET in wants else 0)
    if count == 0:
        return Order(by, name)
    scan = _scan_both(ctx, toks, lo, hi, before, trig.start, count, self_allowed(spec))
    if scan.problem is not None and (required or scan.found or scan.problem != Reason.NO_TARGET):
        return _fail(scan, spec)
    if count == 2:
        return Order(by, name, targets=tuple(scan.nicks))
    return Order(by, name, target=scan.nicks[0] if scan.nicks else None)


def _scan_both(ctx, toks, lo, hi, before, trig_start, count, allow_self, skip=frozenset()) -> Scan:
    scan = scan_targets(ctx, toks, lo, hi, count, allow_self, skip)
    if scan.problem in (Reason.NO_TARGET, Reason.LOW_CONFIDENCE) and not scan.found and before < trig_start:
        back = scan_targets(ctx, toks, before, trig_start, count, allow_self, skip)
        if back.problem is None or back.found or scan.problem == Reason.NO_TARGET:
            return back if (back.problem is None or scan.problem == Reason.NO_TARGET) else scan
    return scan


# --- abilities with their own words ------------------------------------------------------

def _vote(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    if _has(toks, max(before, trig.start - 2), hi, WITHDRAW) is not None:
        return Order(by, spec.name)
    start = lo
    # «меняю голос с Бори на Веру»: the new target follows «на».
    if _has(toks, lo, hi, frozenset({"с", "со"})) is not None:
        for i in range(hi - 1, lo - 1, -1):
            if toks[i].low == "на":
                start = i + 1
                break
    scan = _scan_both(ctx, toks, start, hi, before, trig.start, 1, False)
    if scan.problem is not None:
        return _fail(scan, spec)
    return Order(by, spec.name, target=scan.nicks[0])


def _pigeon(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    line_rest = seg.line[seg.offset + toks[trig.end - 1].end:] if trig.end > 0 else seg.line
    quoted = _QUOTED.search(line_rest)
    cut = hi
    text = None
    if quoted:
        text = next(g for g in quoted.groups() if g is not None).strip()
        q_start = seg.offset + toks[trig.end - 1].end + quoted.start()
        cut = next((i for i in range(lo, hi) if seg.offset + toks[i].start >= q_start), hi)
    scan = scan_targets(ctx, toks, lo, cut, 1, False)
    if scan.problem is not None:
        return _fail(scan, spec)
    target = scan.found[0]
    if text is None:
        after = seg.line[seg.offset + toks[target.end - 1].end:]
        m = re.match(r"\s*[:—–-]\s*(.+)$", after)
        if m:
            text = m.group(1).strip()
    if not text:
        return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "нет текста сообщения")
    return Order(by, spec.name, to=target.nick, text=text)


def _operation(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    mode = None
    if trig.lemma in HEAL:
        mode = "heal"
    elif trig.lemma in KILL:
        mode = "kill"
    heal_at = _has(toks, lo, hi, HEAL)
    kill_at = _has(toks, lo, hi, KILL)
    if heal_at is not None and kill_at is None:
        mode = mode or "heal"
    elif kill_at is not None and heal_at is None:
        mode = mode or "kill"
    elif heal_at is not None and kill_at is not None and mode is None:
        return Fail(Reason.MISSING_ARGUMENT, ["heal", "kill"], spec.name, "и «вылечить», и «убить»")
    skip = frozenset(i for i in (heal_at, kill_at) if i is not None)
    scan = _scan_both(ctx, toks, lo, hi, before, trig.start, 1, True, skip)
    if scan.problem is not None:
        return _fail(scan, spec)
    if mode is None:
        return Fail(Reason.MISSING_ARGUMENT, ["heal", "kill"], spec.name, "не сказано: вылечить или убить")
    return Order(by, spec.name, target=scan.nicks[0], mode=mode)


def _kompromat(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    scan = _scan_both(ctx, toks, lo, hi, before, trig.start, 1, False)
    if scan.found:
        return Order(by, spec.name, target=scan.nicks[0])
    if scan.problem not in (None, Reason.NO_TARGET):
        return _fail(scan, spec)
    if trig.lemma == "копилка" or _has(toks, lo, hi, SAVE) is not None:
        return Order(by, spec.name, save=True)
    return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "ни «в копилку», ни цели")


def _sacrifice(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    at = _has(toks, lo, hi, RESUMMON)
    scan = _scan_both(ctx, toks, lo, at if at is not None else hi, before, trig.start, 1, True)
    if scan.problem is not None:
        return _fail(scan, spec)
    resummon = None
    if at is not None:
        again = scan_targets(ctx, toks, at + 1, hi, 1, True)
        if again.problem is not None:
            return _fail(again, spec)
        resummon = again.nicks[0]
    return Order(by, spec.name, target=scan.nicks[0], resummon=resummon)


def _devour(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    at = _has(toks, lo, hi, SWAP)
    scan = _scan_both(ctx, toks, lo, at if at is not None else hi, before, trig.start, 1, True)
    if scan.problem is not None:
        return _fail(scan, spec)
    swap = at is not None and not any(toks[j].low in ("не", "без", "ни")
                                      for j in range(max(lo, at - 2), min(hi, at + 3)))
    return Order(by, spec.name, target=scan.nicks[0], swap_mask=swap)


def _throw(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    cards = find_cards(toks, lo, hi)
    if not cards and before < trig.start:
        cards = find_cards(toks, before, trig.start)
    if not cards:
        return Fail(Reason.UNKNOWN_CARD, [], spec.name)
    card = cards[0]
    if card.name == "":
        return Fail(Reason.AMBIGUOUS_CARD, list(SHARPER_CARDS), spec.name)
    as_card = None
    used = set(range(card.start, card.end))
    if card.name == "Джокер" and len(cards) > 1 and any(
            toks[j].low in AS_WORDS for j in range(card.end, cards[1].start)):
        if cards[1].name == "":
            return Fail(Reason.AMBIGUOUS_CARD, list(SHARPER_CARDS), spec.name)
        as_card = cards[1].name
        used |= set(range(cards[1].start, cards[1].end))
    if card.name == "Джокер" and as_card is None:
        return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "для Джокера не сказано, какой картой он служит («как …»)")
    acting = as_card or card.name
    # Четверка Бубен: the list of secret roles follows the target («: Лич, Тварь»).
    roles_from = hi
    roles: tuple[str, ...] = ()
    if acting == "Четверка Бубен":
        colon = seg.text.find(":", toks[max(used)].end)
        named = find_secret_roles(toks, max(used) + 1, hi)
        if colon >= 0:
            after = [n for n in named if toks[n.start].start > colon]
            named = after or named
        if not named:
            return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "нет списка тайных ролей")
        roles = tuple(dict.fromkeys(n.name for n in named))
        roles_from = named[0].start
    count = 2 if acting == "Валет Пик" else 1
    skip = frozenset(used)
    scan = scan_targets(ctx, toks, lo, roles_from, count, True, skip)
    if scan.problem is not None and before < trig.start:
        back = scan_targets(ctx, toks, before, trig.start, count, True, skip)
        if back.problem is None:
            scan = back
    if scan.problem is not None:
        return _fail(scan, spec)
    if count == 2:
        return Order(by, spec.name, card=card.name, as_card=as_card, targets=tuple(scan.nicks), roles=roles)
    return Order(by, spec.name, card=card.name, as_card=as_card, target=scan.nicks[0], roles=roles)


def _shuffle(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    cards = find_cards(toks, lo, hi)
    if any(c.name == "" for c in cards):
        return Fail(Reason.AMBIGUOUS_CARD, list(SHARPER_CARDS), spec.name)
    if len(cards) != 4:
        return Fail(Reason.MISSING_ARGUMENT, [c.name for c in cards], spec.name,
                    f"нужно четыре карты, названо {len(cards)}")
    return Order(by, spec.name, cards=tuple(c.name for c in cards))


def _reveal_list(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    pairs: dict[str, str] = {}
    i = lo
    while i < hi:
        scan = scan_targets(ctx, toks, i, hi, 1, True)
        if not scan.found:
            if scan.problem in (Reason.AMBIGUOUS_TARGET, Reason.NO_HOLDER):
                return _fail(scan, spec)
            break
        who = scan.found[0]
        roles = find_secret_roles(toks, who.end, hi)
        if not roles:
            return Fail(Reason.MISSING_ARGUMENT, [who.nick or ""], spec.name, "у ника нет тайной роли")
        pairs[who.nick or ""] = roles[0].name
        i = roles[0].end
    if not pairs:
        return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "пустой список")
    return Order(by, spec.name, reveal_list=tuple(pairs.items()))


def _command_trigger(toks: list[Token], seg: Segment, lo: int, hi: int, allowed) -> Trigger | None:
    sub = [t for t in find_triggers(seg, toks) if lo <= t.start < hi and t.strength >= Strength.COMMAND]
    for t in sub:
        names = [a for a in t.abilities if allowed(a)]
        if names:
            return Trigger(frozenset(names), t.start, t.end, t.strength, t.by_verb, t.lemma)
    return None


def _open_command(name: str) -> bool:
    spec = find_ability(name)
    return spec is not None and spec.orderable and (
        spec.kind == RoleKind.OPEN or spec.name == "Голосование")


def _zombie(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    cmd_at = _has(toks, lo, hi, COMMAND_WORDS)
    sub = _command_trigger(toks, seg, lo, hi, _open_command)
    sig = _has(toks, lo, hi, SIGNAL)
    if sub is None:
        if sig is not None or trig.lemma == "сигнал":
            return Order(by, spec.name, signal=True)
        return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "нет ни команды, ни сигнала")
    end = min(i for i in (cmd_at, sub.start) if i is not None)
    scan = _scan_both(ctx, toks, lo, end, before, trig.start, 1, False)
    if scan.problem is not None:
        return _fail(scan, spec)
    if len(sub.abilities) > 1:
        return Fail(Reason.AMBIGUOUS_ABILITY, sorted(sub.abilities), spec.name)
    ability = next(iter(sub.abilities))
    cspec = find_ability(ability)
    role = None
    nick_named = None
    for i in range(sub.end, hi):
        role = ctx.matcher.role_at(toks, i)
        if role is not None:
            break
        if nick_named is None:
            cands = [c for c in ctx.matcher.at(toks, i) if c.via == "nick" and c.score >= ctx.settings.threshold]
            if cands:
                nick_named = cands[0].nick
    mode = None
    if ability == "Операция":
        mode = "heal" if (sub.lemma in HEAL or _has(toks, sub.start, hi, HEAL) is not None) else (
            "kill" if (sub.lemma in KILL or _has(toks, sub.start, hi, KILL) is not None) else None)
    needs_target = cspec is not None and (Field.TARGET in cspec.fields or Field.TARGETS in cspec.fields)
    if role is None and needs_target:
        if nick_named is not None:
            return Fail(Reason.BAD_COMMAND, [nick_named], spec.name,
                        "цель команды указывается по Явной роли, а не по нику")
        return Fail(Reason.BAD_COMMAND, [], spec.name, "в команде нет цели (Явной роли)")
    return Order(by, spec.name, target=scan.nicks[0],
                 command=ZombieCommand(ability, role, mode))


def _puppet(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    sub = _command_trigger(toks, seg, lo, hi, _open_command)
    if sub is None:
        return Order(by, spec.name)
    if len(sub.abilities) > 1:
        return Fail(Reason.AMBIGUOUS_ABILITY, sorted(sub.abilities), spec.name)
    ability = next(iter(sub.abilities))
    cspec = find_ability(ability)
    needs_target = cspec is not None and (Field.TARGET in cspec.fields)
    scan = scan_targets(ctx, toks, sub.end, hi, 1, True)
    if needs_target and scan.problem is not None:
        return _fail(scan, spec)
    mode = None
    if ability == "Операция":
        mode = "heal" if _has(toks, sub.start, hi, HEAL) is not None or sub.lemma in HEAL else (
            "kill" if _has(toks, sub.start, hi, KILL) is not None or sub.lemma in KILL else None)
    return Order(by, spec.name, command=ZombieCommand(ability, scan.nicks[0] if scan.found else None, mode))


_SPECIAL = {
    "Голосование": _vote,
    "Голубиная почта": _pigeon,
    "Операция": _operation,
    "Компромат": _kompromat,
    "Sacrifice!": _sacrifice,
    "Пожирай": _devour,
    "Кинуть карты": _throw,
    "Тасовать карты": _shuffle,
    "Раскрыть карты": _reveal_list,
    "Зомбирование": _zombie,
    "Король Пик": _puppet,
}

# Abilities whose words run to the end of the text piece (no second order inside).
CONSUMING = frozenset({"Голубиная почта", "Зомбирование", "Король Пик", "Раскрыть карты", "Влияние",
                       "Кинуть карты", "Тасовать карты"})
