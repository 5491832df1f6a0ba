"""Entry points: the orders of one text (a post's open text, a PM, a private piece).

    parse_text(text, roster, settings, author="Боря", private=True, emphasis=spans)
    parse_post(post, roster, settings)     # scraper.model.Post: open text + private pieces
    parse_message(pm, roster, settings)    # scraper.model.PrivateMessage

The input is plain text (quotes, spoilers and struck-out text already removed by
the scraper) plus the bold/coloured fragments; BBCode [b]/[color] pasted into
the text is understood too. Nothing is guessed silently: what looks like an
order but cannot be read with certainty, or is given where the rules do not
accept it, comes back in `unresolved` with the reason and the candidates.

A vote withdrawal («Снимаю голос», «##unvote», «Unvote») is the order
`{by, ability: Голосование}` without a target (FORMAT.md has no form of its own
for it); an order whose author is unknown has `by: ""` (`null` in JSON).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterable

from engine.abilities import ABILITIES, RoleKind, abilities_of_role, find_ability
from engine.orders import Order
from scraper.orders.abilities import Strength, Trigger, find_triggers
from scraper.orders.args import CONSUMING, Fail, build
from scraper.orders.names import NameMatcher, Roster
from scraper.orders.result import ParseResult, Reason, Unresolved
from scraper.orders.settings import ParseSettings, VoteForm
from scraper.orders.targets import Context, scan_targets
from scraper.orders.text import Segment, Span, key, lines, split_line, strip_markup, tokens
from scraper.orders.vocabulary import Channel, channel_of
from scraper.orders.votes import emphasised, english_votes

VOTE = "Голосование"
SHORT = 10   # a private sentence this short may name its ability anywhere («Петя — кража»)


@lru_cache(maxsize=16)
def matcher_for(roster: Roster, aliases: tuple[tuple[str, str], ...] = ()) -> NameMatcher:
    return NameMatcher(roster, aliases)


@dataclass
class _Found:
    text: str
    ability: str | None
    strength: Strength
    order: Order | None = None
    fail: Fail | None = None
    form: VoteForm | None = None
    mark: str = ""           # what must be emphasised (a vote's target words)
    short: bool = True
    by_verb: bool = False    # ordered with a verb («кусаю»), not only named («Кража - …»)


def own_abilities(roster: Roster, nick: str | None) -> frozenset[str] | None:
    player = roster.player(nick)
    if player is None:
        return None
    names = {s.name for s in ABILITIES if s.kind == RoleKind.COMMON}
    for role in (player.open, player.secret):
        if role:
            names.update(s.name for s in abilities_of_role(role))
    return frozenset(names)


def _choose(ctx: Context, trig: Trigger) -> str | Fail:
    names = trig.abilities
    own = own_abilities(ctx.roster, ctx.author)
    if own is not None:
        mine = names & own
        if len(mine) == 1:
            return next(iter(mine))
        if len(mine) > 1:
            return Fail(Reason.AMBIGUOUS_ABILITY, sorted(mine))
        if not trig.by_verb and len(names) == 1:
            return next(iter(names))   # named outright: the engine rejects it with its reason
        return Fail(Reason.NOT_YOUR_ABILITY, sorted(names), sorted(names)[0] if len(names) == 1 else None)
    if len(names) == 1:
        return next(iter(names))
    return Fail(Reason.AMBIGUOUS_ABILITY, sorted(names))


def _segment_orders(ctx: Context, seg: Segment, line_no: int, all_lines: list[str],
                    consumed: set[int]) -> tuple[list[_Found], bool]:
    """Orders of one sentence; the flag says the rest of the line was consumed."""
    found: list[_Found] = []
    marks = english_votes(seg.text)
    if marks:
        for mark in marks:
            if mark.withdraw:
                found.append(_Found(seg.text, VOTE, Strength.STRONG, order=Order(ctx.author or "", VOTE),
                                    form=mark.form, mark=mark.mark))
                continue
            toks = tokens(mark.target_text)
            scan = scan_targets(ctx, toks, 0, min(len(toks), 3), 1, False)
            if scan.problem is not None:
                found.append(_Found(seg.text, VOTE, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, VOTE),
                                    form=mark.form, mark=mark.mark))
            else:
                c = scan.found[0]
                words = mark.target_text[toks[c.start].start:toks[c.end - 1].end]
                found.append(_Found(seg.text, VOTE, Strength.STRONG,
                                    order=Order(ctx.author or "", VOTE, target=c.nick), form=mark.form,
                                    mark=words))
        return found, False

    toks = tokens(seg.text)
    triggers = find_triggers(seg, toks)
    strong = [t for t in triggers if t.strength == Strength.STRONG]
    starts = strong or [t for t in triggers if t.strength == Strength.WEAK][:1]
    before = 0
    rest_consumed = False
    for n, trig in enumerate(starts):
        choice = _choose(ctx, trig)
        if isinstance(choice, Fail):
            found.append(_Found(seg.text, choice.ability, trig.strength, fail=choice, short=len(toks) <= SHORT))
            before = trig.end
            continue
        spec = find_ability(choice)
        assert spec is not None
        hi = starts[n + 1].start if n + 1 < len(starts) and choice not in CONSUMING else len(toks)
        use_seg, use_toks, shift = seg, toks, 0
        if choice in ("Голубиная почта", "Раскрыть карты", "Зомбирование"):
            # The message (or the list) runs to the end of the line, past full stops.
            text = seg.line[seg.offset:]
            if choice == "Раскрыть карты":
                j = line_no + 1
                while j < len(all_lines) and all_lines[j].strip():
                    text += ", " + all_lines[j].strip()
                    consumed.add(j)
                    j += 1
            use_seg = Segment(text, text, 0) if choice == "Раскрыть карты" else Segment(text, seg.line, seg.offset)
            use_toks = tokens(use_seg.text)
            hi = len(use_toks)
            rest_consumed = True
        result = build(ctx, spec, trig, use_seg, use_toks, trig.end, hi, before)
        mark = ""
        if isinstance(result, Order) and choice == VOTE and result.target is not None:
            mark = _target_words(use_toks, use_seg.text, result.target, ctx)
        elif choice == VOTE:
            mark = " ".join(t.text for t in use_toks[trig.start:trig.end])
        found.append(_Found(use_seg.text, choice, trig.strength,
                            order=result if isinstance(result, Order) else None,
                            fail=result if isinstance(result, Fail) else None,
                            form=VoteForm.RU if choice == VOTE else None, mark=mark,
                            short=len(toks) <= SHORT, by_verb=trig.by_verb))
        before = hi
        if rest_consumed or choice in CONSUMING:
            break
    return found, rest_consumed


def _target_words(toks, text: str, nick: str, ctx: Context) -> str:
    for i in range(len(toks)):
        for c in ctx.matcher.at(toks, i, ctx.author):
            if c.nick == nick and c.score >= ctx.settings.threshold:
                return text[toks[c.start].start:toks[c.end - 1].end]
    return nick


def _part(ctx: Context, text: str) -> list[_Found]:
    out: list[_Found] = []
    all_lines = lines(text)
    consumed: set[int] = set()
    for no, line in enumerate(all_lines):
        if no in consumed:
            continue
        for seg in split_line(line):
            found, rest = _segment_orders(ctx, seg, no, all_lines, consumed)
            out.extend(found)
            if rest:
                break
    return out


_COMMENT = r"^\s*[\[(]?\s*{label}\s*[\])]?\s*[:\-—–]?\s*(.*)$"


def split_comment(text: str, label: str) -> tuple[str, str]:
    """(the «комментарий» field, everything else): a labelled line and the lines after
    it up to the first blank line."""
    pattern = re.compile(_COMMENT.format(label=re.escape(label)), re.IGNORECASE)
    inside: list[str] = []
    outside: list[str] = []
    in_block = False
    for line in lines(text):
        m = pattern.match(line)
        if m and not in_block:
            in_block = True
            if m.group(1).strip():
                inside.append(m.group(1))
            continue
        if in_block and not line.strip():
            in_block = False
            outside.append(line)
            continue
        (inside if in_block else outside).append(line)
    return "\n".join(inside), "\n".join(outside)


def _unresolved(f: _Found, code: Reason | None = None, detail: str = "") -> Unresolved:
    if code is None and f.fail is not None:
        code = f.fail.code
        detail = f.fail.detail
        candidates = tuple(f.fail.candidates)
    else:
        candidates = (str(f.order),) if f.order is not None else tuple(f.fail.candidates if f.fail else ())
    assert code is not None
    reason = None
    if detail:
        from scraper.orders.result import MESSAGES
        reason = f"{MESSAGES[code]}: {detail}"
    return Unresolved(f.text, code, reason or "", candidates, f.ability or (f.fail.ability if f.fail else None))


def _apply_policy(found: list[_Found], *, private: bool, in_comment: bool, settings: ParseSettings,
                  spans: list[Span], stranger: str | None = None) -> ParseResult:
    orders: list[Order] = []
    unresolved: list[Unresolved] = []
    for f in found:
        if stranger is not None:
            if f.strength >= Strength.STRONG or (private and f.strength == Strength.WEAK and f.short):
                unresolved.append(Unresolved(f.text, Reason.NOT_A_PLAYER, candidates=(stranger,),
                                             ability=f.ability))
            continue
        ability = f.ability or (f.fail.ability if f.fail else None)
        channel = channel_of(ability) if ability else Channel.PM
        if f.fail is not None and f.fail.code == Reason.NOT_YOUR_ABILITY and not private:
            continue
        if private:
            if f.strength < Strength.STRONG and not (f.strength == Strength.WEAK and f.short):
                continue
            if ability == VOTE:
                unresolved.append(_unresolved(f, Reason.VOTE_IN_PM))
            elif channel == Channel.POST and ability is not None:
                unresolved.append(_unresolved(f, Reason.PUBLIC_IN_PM))
            elif f.fail is not None:
                unresolved.append(_unresolved(f))
            elif f.order is not None:
                orders.append(f.order)
            continue
        if f.strength < Strength.STRONG:
            continue
        if channel == Channel.PM:
            # A secret ability named in a public text is reported only when it reads as an
            # order (a verb, or a name with its target); «Кража - это сильно» is talk.
            if f.order is not None or f.by_verb:
                unresolved.append(_unresolved(f, Reason.SECRET_IN_POST))
            continue
        if settings.comment_field and not in_comment:
            unresolved.append(_unresolved(f, Reason.OUTSIDE_COMMENT))
            continue
        if f.fail is not None:
            unresolved.append(_unresolved(f))
            continue
        if ability == VOTE:
            if f.form is not None and f.form not in settings.vote_forms:
                unresolved.append(_unresolved(f, Reason.FORM_NOT_ALLOWED))
                continue
            if not emphasised(spans, settings, f.mark or f.text, f.text):
                unresolved.append(_unresolved(f, Reason.NOT_EMPHASISED))
                continue
        if f.order is not None:
            orders.append(f.order)
    return ParseResult(tuple(orders), tuple(unresolved))


def _bold_names(ctx: Context, text: str, spans: list[Span], voted: list[str]) -> list[_Found]:
    out = []
    where = key(text)
    for span in spans:
        if not span.bold or key(span.text) not in where:
            continue
        if any(key(span.text) in key(v) for v in voted):
            continue
        toks = tokens(span.text)
        if not toks:
            continue
        cands = ctx.matcher.at(toks, 0, ctx.author)
        if not cands or cands[0].end != len(toks) or cands[0].score < ctx.settings.threshold:
            continue
        scan = scan_targets(ctx, toks, 0, len(toks), 1, False)
        if scan.problem is not None:
            out.append(_Found(span.text, VOTE, Strength.STRONG, fail=Fail(scan.problem, scan.candidates, VOTE),
                              form=VoteForm.BOLD_NAME, mark=span.text))
        else:
            out.append(_Found(span.text, VOTE, Strength.STRONG, order=Order(ctx.author or "", VOTE,
                              target=scan.nicks[0]), form=VoteForm.BOLD_NAME, mark=span.text))
    return out


def parse_text(text: str, roster: Roster, settings: ParseSettings | None = None, *,
               author: str | None = None, private: bool = False,
               emphasis: Iterable[Any] = ()) -> ParseResult:
    """The orders of one text. `private`: a PM or a post's private text (secret orders
    go there); otherwise a post's open text. `emphasis`: bold/coloured fragments (any
    objects with `text`, `bold`, `color`, e.g. `scraper.model.Emphasis`)."""
    settings = settings or ParseSettings()
    plain, markup = strip_markup(text or "")
    spans = [Span(str(e.text), bool(getattr(e, "bold", False)), getattr(e, "color", None)) for e in emphasis]
    spans.extend(markup)
    player = roster.player(author) if author is not None else None
    stranger = author is not None and roster.players and player is None
    ctx = Context(roster, matcher_for(roster, settings.aliases), settings, player.nick if player else None)
    if stranger:
        ctx.author = None
    parts = [(plain, True)]
    if settings.comment_field and not private:
        comment, other = split_comment(plain, settings.comment_label)
        parts = [(comment, True), (other, False)]
    result = ParseResult()
    for part, in_comment in parts:
        found = _part(ctx, part)
        if not private and VoteForm.BOLD_NAME in settings.vote_forms:
            voted = [f.text for f in found if f.ability == VOTE]
            found.extend(_bold_names(ctx, part, spans, voted))
        result += _apply_policy(found, private=private, in_comment=in_comment, settings=settings,
                                spans=spans, stranger=author if stranger else None)
    return result


def parse_post(post: Any, roster: Roster, settings: ParseSettings | None = None) -> ParseResult:
    """A forum post (`scraper.model.Post`): its open text, then its private pieces."""
    result = parse_text(post.text, roster, settings, author=post.author, emphasis=post.emphasis)
    for piece in getattr(post, "secret", ()) or ():
        result += parse_text(piece, roster, settings, author=post.author, private=True)
    return result


def parse_message(message: Any, roster: Roster, settings: ParseSettings | None = None) -> ParseResult:
    """A private message to the GM (`scraper.model.PrivateMessage`)."""
    result = parse_text(message.text, roster, settings, author=message.sender, private=True,
                        emphasis=message.emphasis)
    for piece in getattr(message, "secret", ()) or ():
        result += parse_text(piece, roster, settings, author=message.sender, private=True)
    return result
