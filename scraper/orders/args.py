"""The arguments of one order, read from the words after its trigger.

Which arguments an ability takes comes from the registry's `fields` /
`optional` (FORMAT.md, SPEC §6.7), and how they are written from its `Words`
(engine/abilities/<role>.py): its `shape` and the words of its `keywords`. This
module knows how Russian says each shape, whatever the ability: a target or two,
a card (and «как» for the Джокер), the four cards of a shuffle, a mode («вылечить»
/ «убить»), a keyword («в копилку»), a command, a message text.
Each builder returns an `Order`, or `Fail` with the reason and the candidates.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from engine.abilities import WORDS, AbilitySpec, Field, Keyword, Reach, RoleKind, Shape, TargetRule, find_ability
from engine.abilities import words_of
from engine.orders import Order, Command
from engine import morph
from scraper.orders.abilities import Strength, Trigger, find_triggers
from scraper.orders.index import matters
from scraper.orders.cards import SHARPER_CARDS, find_cards, find_secret_roles
from scraper.orders.result import Reason
from scraper.orders.targets import Context, Scan, scan_targets
from scraper.orders.text import Segment, Token, tokens

_QUOTED = re.compile(r"«([^»]*)»|\"([^\"]*)\"|“([^”]*)”|„([^“]*)“")


@dataclass
class Fail:
    code: Reason
    candidates: list[str] = field(default_factory=list)
    ability: str | None = None
    detail: str = ""


def _has(toks: list[Token], lo: int, hi: int, words: frozenset[str]) -> int | None:
    for i in range(lo, hi):
        if _is_one_of(words, toks[i].low):
            return i
    return None


@lru_cache(maxsize=65536)
def _is_one_of(words: frozenset[str], low: str) -> bool:
    """The word, or one of its lemmas, is among `words` (memoised per word: a frozenset's
    hash is kept, so the key is cheap)."""
    return low in words or bool(matters(low) and morph.lemmas(low) & words)


_NOW = frozenset({"теперь"})
_FROM = frozenset({"с", "со"})


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
    special = _BUILDERS.get(shape_of(name))
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


def shape_of(ability: str) -> Shape:
    words = words_of(ability)
    return words.shape if words is not None else Shape.PLAIN


def _keyword(spec: AbilitySpec, value: str) -> frozenset[str]:
    """The words of one of the ability's keywords (its `Words.keywords`)."""
    words = words_of(spec.name)
    found = words.keyword(value) if words is not None else None
    return found.words if found is not None else frozenset()


def _modes(ability: str) -> tuple[Keyword, ...]:
    words = words_of(ability)
    return words.keywords if words is not None and words.shape is Shape.MODE else ()


def _named_by(trig: Trigger, spec: AbilitySpec, keyword: frozenset[str]) -> bool:
    """The trigger is one of the ability's own names that is also a keyword («копилка»)."""
    words = words_of(spec.name)
    names = (spec.name, *spec.aliases, *(words.names if words is not None else ()))
    return trig.lemma in keyword and any(
        len(toks) == 1 and trig.lemma == morph.lemma(toks[0].low) for toks in map(tokens, names))


def _scan_both(ctx, toks, lo, hi, before, trig_start, count, allow_self, skip=frozenset()) -> Scan:
    scan = scan_targets(ctx, toks, lo, hi, count, allow_self, skip)
    if scan.problem in (Reason.NO_TARGET, Reason.LOW_CONFIDENCE) and not scan.found and before < trig_start:
        back = scan_targets(ctx, toks, before, trig_start, count, allow_self, skip)
        if back.problem is None or back.found or scan.problem == Reason.NO_TARGET:
            return back if (back.problem is None or scan.problem == Reason.NO_TARGET) else scan
    return scan


# --- the shapes of `Words.shape` ----------------------------------------------------------

# «Воздерживаюсь от комментариев» abstains from something else than the vote: no order.
_ABSTAINING = frozenset({"воздерживаться", "воздержаться"})


def _abstains_from_other(spec: AbilitySpec, toks, trig) -> bool:
    if not (morph.lemmas(toks[trig.start].low) & _ABSTAINING):
        return False
    words = words_of(spec.name)
    about = frozenset(words.about) if words is not None else frozenset()   # what the order is about
    at = next((i for i in range(trig.end, min(len(toks), trig.end + 3)) if toks[i].low == "от"), None)
    return at is not None and at + 1 < len(toks) and not (morph.lemmas(toks[at + 1].low) | {toks[at + 1].low}) & about


def _vote(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    if _abstains_from_other(spec, toks, trig):
        return Fail(Reason.NO_TARGET, [], spec.name)
    if _has(toks, max(before, trig.start - 2), hi, _keyword(spec, "withdraw")) is not None:
        return Order(by, spec.name)
    start = lo
    now = _has(toks, lo, hi, _NOW)
    if now is not None:
        start = now + 1          # «Меняю голос: был Шаман, теперь Тень»
    # «меняю голос с Бори на Веру»: the new target follows «на».
    elif _has(toks, lo, hi, _FROM) is not None:
        for i in range(hi - 1, lo - 1, -1):
            if toks[i].low == "на":
                start = i + 1
                break
    scan = _scan_both(ctx, toks, start, hi, before, trig.start, 1, False)
    if scan.problem is not None:
        return _fail(scan, spec)
    return Order(by, spec.name, target=scan.nicks[0])


def _message(ctx, spec, trig, seg, toks, lo, hi, before):
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
    if scan.problem == Reason.NO_TARGET and before < trig.start:
        scan = scan_targets(ctx, toks, before, trig.start, 1, False)   # «а Ольге анонимку: «…»»
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
    return Order.make(by, spec.name, to=target.nick, text=text)


def _mode(ctx, spec, trig, seg, toks, lo, hi, before):
    """A target and one of the modes, said by the trigger verb («лечу») or a word after it."""
    by = ctx.author or ""
    modes = _modes(spec.name)
    values = [m.value for m in modes]
    mode = next((m.value for m in modes if trig.lemma in m.words), None)
    at = {m.value: _has(toks, lo, hi, m.words) for m in modes}
    said = [value for value, i in at.items() if i is not None]
    if len(said) == 1:
        mode = mode or said[0]
    elif len(said) > 1 and mode is None:
        return Fail(Reason.MISSING_ARGUMENT, values, spec.name, ", ".join(f"и «{m.written}»" for m in modes))
    skip = frozenset(i for i in at.values() if i is not None)
    scan = _scan_both(ctx, toks, lo, hi, before, trig.start, 1, True, skip)
    if scan.problem is not None:
        return _fail(scan, spec)
    if mode is None:
        return Fail(Reason.MISSING_ARGUMENT, values, spec.name,
                    "не сказано: " + " или ".join(m.written for m in modes))
    return Order.make(by, spec.name, target=scan.nicks[0], mode=mode)


def _command_mode(ability: str, sub: Trigger, toks, hi: int) -> str | None:
    """The mode of a commanded ability that has modes («прооперируй Лекаря, вылечить»)."""
    return next((m.value for m in _modes(ability)
                 if sub.lemma in m.words or _has(toks, sub.start, hi, m.words) is not None), None)


# Numbers as words, by lemma («два голоса», «одну»): a count of saved votes.
NUMBERS = {"один": 1, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7, "восемь": 8,
           "девять": 9, "десять": 10}


def _count_before(toks: list[Token], lo: int, hi: int, words: frozenset[str]) -> int | None:
    """A number written right before one of `words` («2 голоса», «три голоса»), or None."""
    for i in range(max(lo, 1), hi):
        if not (toks[i].low in words or morph.lemmas(toks[i].low) & words):
            continue
        low = toks[i - 1].low
        if low.isdigit() and 0 < int(low) < 100:
            return int(low)
        number = next((NUMBERS[m] for m in morph.lemmas(low) if m in NUMBERS), None)
        if number is not None:
            return number
    return None


def _save(ctx, spec, trig, seg, toks, lo, hi, before):
    """A target, or the `save` keyword («в копилку»); before the target, a number of votes
    («2 голоса из копилки на Борю»: the `votes` keyword's field)."""
    by = ctx.author or ""
    save = _keyword(spec, "save")
    count = _count_before(toks, min(before, trig.start), hi, _keyword(spec, "votes"))
    scan = _scan_both(ctx, toks, lo, hi, before, trig.start, 1, False)
    if scan.found:
        return Order.make(by, spec.name, target=scan.nicks[0], votes=count)
    if count is not None and scan.problem in (None, Reason.NO_TARGET):
        # «в копилке уже 2 голоса»: a number of votes and nobody to spend them on is no save
        return Fail(Reason.NO_TARGET, [], spec.name)
    if scan.problem not in (None, Reason.NO_TARGET):
        return _fail(scan, spec)
    if _named_by(trig, spec, save) or _has(toks, trig.start, hi, save) is not None:
        return Order.make(by, spec.name, save=True)
    return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "ни «в копилку», ни цели")


def _second(ctx, spec, trig, seg, toks, lo, hi, before):
    """A target, then (after the keyword's words) a second name in the keyword's field."""
    by = ctx.author or ""
    keyword = words_of(spec.name).keywords[0]
    at = _has(toks, lo, hi, keyword.words)
    scan = _scan_both(ctx, toks, lo, at if at is not None else hi, before, trig.start, 1, True)
    if scan.problem is not None:
        return _fail(scan, spec)
    second = None
    if at is not None:
        again = scan_targets(ctx, toks, at + 1, hi, 1, True)
        if again.problem is not None:
            return _fail(again, spec)
        second = again.nicks[0]
    return Order.make(by, spec.name, target=scan.nicks[0], **{keyword.value: second})


def _flag(ctx, spec, trig, seg, toks, lo, hi, before):
    """A target; the keyword's words, not negated, set its flag («сменить маску»)."""
    by = ctx.author or ""
    keyword = words_of(spec.name).keywords[0]
    at = _has(toks, lo, hi, keyword.words)
    scan = _scan_both(ctx, toks, lo, at if at is not None else hi, before, trig.start, 1, True)
    if scan.problem is not None:
        return _fail(scan, spec)
    swap = at is not None and not any(toks[j].low in ("не", "без", "ни")
                                      for j in range(max(lo, at - 2), min(hi, at + 3)))
    return Order.make(by, spec.name, target=scan.nicks[0], **{keyword.value: swap})


def _card(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    # the card may be the trigger itself (shorthand: «Рок — Ольге», «Валет Пик на …»)
    cards = find_cards(toks, trig.start, hi)
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
            toks[j].low in _keyword(spec, "as") for j in range(card.end, cards[1].start)):
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
        return Order.make(by, spec.name, card=card.name, as_card=as_card, targets=tuple(scan.nicks), roles=roles)
    return Order.make(by, spec.name, card=card.name, as_card=as_card, target=scan.nicks[0], roles=roles)


def _cards(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    cards = find_cards(toks, lo, hi)
    if any(c.name == "" for c in cards):
        return Fail(Reason.AMBIGUOUS_CARD, list(SHARPER_CARDS), spec.name)
    if len(cards) != 4:
        return Fail(Reason.MISSING_ARGUMENT, [c.name for c in cards], spec.name,
                    f"нужно четыре карты, названо {len(cards)}")
    return Order.make(by, spec.name, cards=tuple(c.name for c in cards))


def _list(ctx, spec, trig, seg, toks, lo, hi, before):
    by = ctx.author or ""
    pairs: dict[str, str] = {}
    i = lo
    while i < hi:
        scan = scan_targets(ctx, toks, i, hi, 1, True)
        if not scan.found:
            if scan.problem in (Reason.AMBIGUOUS_TARGET, Reason.AMBIGUOUS_NAME, Reason.NO_HOLDER):
                return _fail(scan, spec)
            break
        who = scan.found[0]
        roles = find_secret_roles(toks, who.end, hi)
        if roles and roles[0].start == who.end:
            pairs[who.nick or ""] = roles[0].name
            i = roles[0].end
            continue
        written = ctx.matcher.role_at(toks, who.end)
        if written is not None:
            # «Фонарь — Оборотень»: an open role where the secret one should be is the list's
            # own (wrong) entry, kept as written: never the next entry's role taken for it
            pairs[who.nick or ""] = written
            i = who.end + len(written.split())
            continue
        if not roles:
            return Fail(Reason.MISSING_ARGUMENT, [who.nick or ""], spec.name, "у ника нет тайной роли")
        return Fail(Reason.MISSING_ARGUMENT, [who.nick or ""], spec.name, "тайная роль не сразу после ника")
    if not pairs:
        return Fail(Reason.MISSING_ARGUMENT, [], spec.name, "пустой список")
    return Order.make(by, spec.name, reveal_list=tuple(pairs.items()))


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
        spec.kind == RoleKind.OPEN or shape_of(spec.name) is Shape.VOTE)


def _command(ctx, spec, trig, seg, toks, lo, hi, before):
    """A target and a command (an open role's ability, or the vote, and an open role), or
    the `signal`."""
    by = ctx.author or ""
    signal = _keyword(spec, "signal")
    cmd_at = _has(toks, lo, hi, _keyword(spec, "command"))
    sub = _command_trigger(toks, seg, lo, hi, _open_command)
    sig = _has(toks, trig.start, hi, signal)   # «сигнал зомби»: the signal is the trigger
    if sub is None:
        if sig is not None or _named_by(trig, spec, signal):
            return Order.make(by, spec.name, signal=True)
        if cmd_at is not None:   # a command is written, but in it no action gorod can name
            return Fail(Reason.MISSING_ARGUMENT, [], spec.name,
                        "команда не прочитана: в ней не найдено публичное действие явной роли или голос "
                        "(форма: «[публичное действие явной роли], [цель по явной роли]»)")
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
    mode = _command_mode(ability, sub, toks, hi)
    needs_target = cspec is not None and (Field.TARGET in cspec.fields or Field.TARGETS in cspec.fields)
    if role is None and needs_target:
        if nick_named is not None:
            return Fail(Reason.BAD_COMMAND, [nick_named], spec.name,
                        "цель команды указывается по Явной роли, а не по нику")
        return Fail(Reason.BAD_COMMAND, [], spec.name, "в команде нет цели (Явной роли)")
    return Order.make(by, spec.name, target=scan.nicks[0],
                      command=Command(ability, role, mode))


def _puppet(ctx, spec, trig, seg, toks, lo, hi, before):
    """A command of the puppet's: an open role's ability or the vote, and a nickname."""
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
    mode = _command_mode(ability, sub, toks, hi)
    return Order.make(by, spec.name, command=Command(ability, scan.nicks[0] if scan.found else None, mode))


_BUILDERS = {
    Shape.VOTE: _vote,
    Shape.MESSAGE: _message,
    Shape.MODE: _mode,
    Shape.SAVE: _save,
    Shape.SECOND: _second,
    Shape.FLAG: _flag,
    Shape.CARD: _card,
    Shape.CARDS: _cards,
    Shape.LIST: _list,
    Shape.COMMAND: _command,
    Shape.PUPPET: _puppet,
}

# Abilities whose words run to the end of the text piece (no second order inside).
CONSUMING = frozenset(name for name, words in WORDS.items() if words.consumes)
# Abilities whose words run past full stops to the end of the line (`Reach.LINE`), and on
# over the following lines (`Reach.PARAGRAPH`).
TO_LINE_END = frozenset(name for name, words in WORDS.items() if words.reach is not Reach.SENTENCE)
OVER_LINES = frozenset(name for name, words in WORDS.items() if words.reach is Reach.PARAGRAPH)
# Orders with more than a target (a mode, a card, a message, a second name, a flag, a
# command): a correction naming a new target cannot be applied to them as it stands.
MORE_THAN_A_TARGET = frozenset(name for name, words in WORDS.items() if words.shape in (
    Shape.MODE, Shape.CARD, Shape.MESSAGE, Shape.SECOND, Shape.FLAG, Shape.COMMAND))
# Abilities an author may use several times in one text (several cards, several messages):
# for the rest the last word wins («будет учитываться только последний»).
REPEATABLE = frozenset(name for name, words in WORDS.items() if words.repeatable)
