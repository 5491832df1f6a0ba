"""The recall net behind the confident reader: order-like sentences become questions.

A sentence that gave no order and no unresolved item is looked at again. If it carries an
order signal, it goes to the GM as an `order_like` item with ranked candidate orders
(«похоже на голос против Лиса?»), each a full order the console accepts with one click:

- an ability word or verb (slang included) that orders, or that would order an ability
  of the sender, however weakly it was written («Лис, голос тебе», «бью Машу» where the
  grammar found no target);
- a player's nickname or an open role alone on the text's last line («Лис», «Вор!»), or
  in bold or colour: in a post a vote, in a PM the sender's targeted abilities;
- anything that names a player inside the «комментарий» field, which by the rules holds
  only game text.

Talk is left alone outside the field: a question, «бы», «нельзя/надо/давайте…», a
negation, past or third-person verbs (`find_triggers` gives those no strength).
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.abilities import Field, find_ability
from engine.orders import Order
from scraper.orders.abilities import IMPERSONAL, Strength, addressed, find_triggers
from scraper.orders.names import Candidate, own_abilities
from scraper.orders.result import VOTE, Reason, Unresolved
from scraper.orders.index import read_tokens
from scraper.orders.targets import Context
from scraper.orders.text import Segment, Span, Token
from scraper.orders.vocabulary import Channel, channel_of
MAX_CANDIDATES = 5
# A name the net offers: at least a part of a nickname or the same consonants (names.py);
# a plain fuzzy likeness below this («последней» ~ «Серый») is not offered.
NET_FLOOR = 80.0
# Words before a target that make it the likelier one («против Лиса», «за Машу»).
POINTING = frozenset({"против", "за", "на", "к", "у", "в"})


@dataclass(frozen=True)
class Zone:
    private: bool         # a PM or a post's private text
    comment: bool = False  # inside the «комментарий» field: game text only, no talk


def _talk(seg: Segment, toks: list[Token]) -> bool:
    """A question, «бы», a negation, an impersonal judgement, or words said to someone
    («ты мне должен голос», «не торопитесь с голосами»)."""
    if "?" in seg.text:
        return True
    if any(t.low in ("бы", "не", "ни") or t.low in IMPERSONAL for t in toks):
        return True
    return addressed(toks)


def named_players(ctx: Context, toks: list[Token]) -> list[Candidate]:
    """Every player named in the sentence (one reading per place, best first), ranked:
    confident readings, then after «против/за/на», then later in the sentence."""
    out: list[Candidate] = []
    i = 0
    while i < len(toks):
        cands = [c for c in ctx.matcher.at(toks, i, ctx.author) if c.nick is not None and c.score >= NET_FLOOR]
        if not cands:
            i += 1
            continue
        out.extend(cands[:2])
        i = max(c.end for c in cands[:1])
    threshold = ctx.settings.threshold

    def rank(c: Candidate) -> tuple:
        pointed = c.start > 0 and toks[c.start - 1].low in POINTING
        return (c.score < threshold, not pointed, -c.score, -c.start)

    ranked: list[Candidate] = []
    for c in sorted(out, key=rank):
        if all(r.nick != c.nick for r in ranked):
            ranked.append(c)
    return ranked


def _own(ctx: Context) -> frozenset[str] | None:
    return own_abilities(ctx.roster, ctx.author)


def _targeted(ctx: Context, private: bool) -> list[str]:
    """Abilities a bare name may order: in a post the vote (and public targeted abilities
    of the sender), in a PM the sender's secret targeted ones."""
    own = _own(ctx)
    if not private:
        return [VOTE]
    out = []
    for name in sorted(own or ()):
        spec = find_ability(name)
        if spec is None or not spec.orderable or channel_of(name) != Channel.PM:
            continue
        if Field.TARGET in spec.fields or Field.TARGETS in spec.fields:
            out.append(name)
    return out


def _orders(ctx: Context, abilities: list[str], names: list[Candidate]) -> list[Order]:
    by = ctx.author or ""
    out: list[Order] = []
    nicks = [c.nick for c in names if c.nick is not None]
    for ability in abilities:
        spec = find_ability(ability)
        if spec is None:
            continue
        wants = set(spec.fields) | set(spec.optional)
        if Field.TARGETS in wants:
            if len(nicks) >= 2:
                out.append(Order(by, ability, targets=(nicks[0], nicks[1])))
        elif Field.TARGET in wants:
            for nick in nicks:
                if nick == ctx.author and ability == VOTE:
                    continue
                out.append(Order(by, ability, target=nick))
        elif not nicks and not wants - {Field.SAVE}:
            out.append(Order(by, ability))
    # interleave so that the best name of each ability comes first
    return out[:MAX_CANDIDATES]


def _question(order: Order | None) -> str:
    if order is None:
        return ""
    if order.ability == VOTE and order.target:
        return f"похоже на голос против {order.target}?"
    target = order.target or ", ".join(order.targets or ())
    return f"похоже на заявку «{order.ability}»" + (f" на {target}?" if target else "?")


def _item(seg: Segment, orders: list[Order], ability: str | None) -> Unresolved:
    reason = _question(orders[0] if orders else None)
    from scraper.orders.result import MESSAGES
    full = f"{reason} ({MESSAGES[Reason.ORDER_LIKE]})" if reason else ""
    return Unresolved(seg.text, Reason.ORDER_LIKE, full, tuple(str(o) for o in orders), ability)


def _alone(ctx: Context, toks: list[Token], floor: float | None = None) -> bool:
    """The sentence is only a name (or an open role), perhaps with «!»; `floor`: the
    least score of the name (default: the game's threshold; the net's last line takes a
    nickname in the other alphabet too, «грейс» for grace, to ask about it)."""
    if not toks:
        return False
    cands = ctx.matcher.at(toks, 0, ctx.author)
    need = ctx.settings.threshold if floor is None else floor
    return bool(cands) and cands[0].end == len(toks) and cands[0].score >= need


def name_spans(ctx: Context, spans: list[Span]) -> frozenset[str]:
    """The keys of the bold or coloured fragments that are only a name (computed once per
    text, so a long post with many fragments stays linear)."""
    return frozenset(" ".join(t.key for t in read_tokens(s.text)) for s in spans
                     if (s.bold or s.color) and _alone(ctx, read_tokens(s.text)))


def net_item(ctx: Context, seg: Segment, zone: Zone, emphasised: frozenset[str],
             last_line: bool = True) -> Unresolved | None:
    """The question for one sentence that gave nothing, or None when it is not order-like.
    `last_line`: the sentence is on the text's last line, where a bare name is a vote (a
    bare name in a list of names higher up is a read list, not an order)."""
    toks = read_tokens(seg.text)
    if not toks:
        return None
    # talk gives no item: asked only before one is made (its morphology of every word is
    # the dearer test, and most clauses give no item anyway)
    def talk() -> bool:
        return not zone.comment and _talk(seg, toks)

    own = _own(ctx)
    triggers = [t for t in find_triggers(seg, toks)
                if t.strength >= Strength.WEAK and (zone.comment or not t.narrated)]
    abilities: list[str] = []
    for trig in triggers:
        for ability in sorted(trig.abilities):
            if own is not None and ability not in own:
                continue
            public = channel_of(ability) == Channel.POST
            if not zone.private and not public:
                continue          # a secret ability in open text: talk, or flagged already
            if ability not in abilities:
                abilities.append(ability)
    if abilities:
        if talk():
            return None
        names = named_players(ctx, toks)
        if not names and any(_needs_target(a) for a in abilities):
            return None           # «бью тревогу»: an ability word with nobody to aim it at
        found = _orders(ctx, abilities, names)
        return _item(seg, found, abilities[0]) if found else None
    alone = (last_line and _alone(ctx, toks, NET_FLOOR) and not _reaction(seg)) \
        or _emphasised_name(toks, emphasised, last_line) \
        or (zone.private and _labelled_name(ctx, seg, toks))
    if alone or zone.comment:
        if talk():
            return None
        names = named_players(ctx, toks)
        targeted = _targeted(ctx, zone.private)
        found = _orders(ctx, targeted, names) if names and targeted else []
        if not found:
            return None           # nobody but the author named: nothing to propose
        return _item(seg, found, targeted[0] if len(targeted) == 1 else None)
    return None


# Emoji that react to someone's post («Лиса 👍»: agreeing with Лиса, no vote).
REACTIONS = frozenset("👍👎👏🤝❤♥💯😂🤣😁😄😆🙏")


def _reaction(seg: Segment) -> bool:
    """The line is a name and a reaction emoji after it."""
    after = seg.line[seg.offset + len(seg.text):] if seg.line.startswith(seg.text, seg.offset) else ""
    marks = {ch for ch in after if not ch.isspace() and ch not in "\ufe0f\u200d"}
    return bool(marks) and marks <= REACTIONS


def _labelled_name(ctx: Context, seg: Segment, toks: list[Token]) -> bool:
    """A PM line that ends «…: Кузя» or «… — Кузя» («Цель на ночь: Кузя»): a name given
    as the value of something."""
    if len(toks) < 2:
        return False
    for n in (1, 2, 3):
        if n >= len(toks):
            break
        head = toks[-n - 1]
        between = seg.text[head.end:toks[-n].start]
        if between.strip() in (":", "—", "–", "-", "->", "→"):
            cands = ctx.matcher.at(toks, len(toks) - n, ctx.author)
            return bool(cands) and cands[0].end == len(toks) and cands[0].score >= ctx.settings.threshold
    return False


def _needs_target(ability: str) -> bool:
    spec = find_ability(ability)
    return spec is not None and (Field.TARGET in spec.fields or Field.TARGETS in spec.fields)


def _emphasised_name(toks: list[Token], emphasised: frozenset[str], last_line: bool) -> bool:
    """The sentence is a bold or coloured name, or (on the last line) ends with one: a
    name in bold inside a read list or an argument is emphasis, not a vote."""
    if not emphasised:
        return False
    if " ".join(t.key for t in toks) in emphasised:
        return True
    return last_line and any(" ".join(t.key for t in toks[-n:]) in emphasised for n in (1, 2, 3)
                             if n < len(toks))


def unread_item(ctx: Context, seg: Segment, toks: list[Token], names: list[Candidate], triggers,
                private: bool) -> Unresolved:
    """A clause that names a player, an open role or an ability and is no order by any rule
    the reader knows (issue 24: talk is earned): the GM reads it, offered the whole orders
    it may be (the author's abilities its words name, else those a bare name orders)."""
    own = _own(ctx)
    abilities: list[str] = []
    for trig in triggers:
        for ability in sorted(trig.abilities):
            if (own is None or ability in own) and ability not in abilities:
                abilities.append(ability)
    if not abilities:
        abilities = _targeted(ctx, private)
    found = _orders(ctx, abilities, [c for c in names if c.nick != ctx.author or private])
    from scraper.orders.result import MESSAGES
    lead = _question(found[0]) if found else ""
    reason = f"{lead} ({MESSAGES[Reason.UNREAD]})" if lead else ""
    return Unresolved(seg.text, Reason.UNREAD, reason, tuple(str(o) for o in found),
                      abilities[0] if len(abilities) == 1 else None)
