"""Reading the targets of an order: the first confident names in a span of words.

A name is accepted when its best reading scores at least the game's threshold
and no other player's reading is within the margin; otherwise the order is
unresolved, with the readings as candidates. An open role names its holder
(«Мэра» → whoever is Мэр now); «себя» names the author where the ability allows.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine import morph
from scraper.orders.cards import find_secret_roles
from scraper.orders.index import read_tokens
from scraper.orders.names import Candidate, NameMatcher, Roster
from scraper.orders.result import Reason
from scraper.orders.settings import ParseSettings
from scraper.orders.text import Token
from scraper.orders.vocabulary import ability_words

FLOOR = 70.0   # readings below this are not even offered as candidates


@dataclass
class Context:
    roster: Roster
    matcher: NameMatcher
    settings: ParseSettings
    author: str | None = None
    addressee: str | None = None   # the player a clause speaks to («@Шпуля …», «…, Ольга»): «тебя»


@dataclass
class Scan:
    found: list[Candidate] = field(default_factory=list)
    problem: Reason | None = None
    candidates: list[str] = field(default_factory=list)

    @property
    def nicks(self) -> list[str]:
        return [c.nick for c in self.found if c.nick is not None]


def _label(c: Candidate) -> str:
    if c.nick is None:
        return f"{c.role} (нет владельца)" if c.role else "?"
    return c.nick if c.via != "role" else f"{c.nick} ({c.role})"


def scan_targets(ctx: Context, toks: list[Token], lo: int, hi: int, count: int,
                 allow_self: bool, skip: frozenset[int] = frozenset()) -> Scan:
    """Up to `count` targets among toks[lo:hi], left to right."""
    scan = Scan()
    near: dict[str, float] = {}
    self_refused = False
    i = lo
    while i < hi and len(scan.found) < count:
        if i in skip:
            i += 1
            continue
        if ctx.addressee is not None and toks[i].low in YOU and ctx.addressee != ctx.author:
            scan.found.append(Candidate(ctx.addressee, 100.0, "addressee", i, i + 1))
            i += 1
            continue
        cands = [c for c in ctx.matcher.at(toks, i, ctx.author)
                 if c.end <= hi and not (skip and any(j in skip for j in range(c.start, c.end)))]
        if not cands:
            i += 1
            continue
        best = cands[0]
        if _secret_role_name(toks, best, hi):
            i = best.end           # «Мастера карт» is a secret role, not the player «Мастер»
            continue
        if best.score < ctx.settings.threshold:
            if _ability_word(toks[i]):
                i += 1        # «в ведьмовстве», «в копилку»: the order's own word, no likeness of a name
                continue
            for c in cands:
                if c.score >= FLOOR:
                    near[_label(c)] = max(near.get(_label(c), 0.0), c.score)
            i += 1
            continue
        rivals = [c for c in cands[1:] if c.nick != best.nick
                  and c.score >= best.score - ctx.settings.margin
                  and not (c.via == "role" and c.score < 100.0 and _nick_word_itself(toks, best))]
        if rivals:
            chosen = _by_context(toks, i, [best, *rivals])
            if chosen is not None:
                best, rivals = chosen, []
        if rivals:
            # a nickname that is an open role's name, read both ways: said so to the GM
            same_words = all(c.start == best.start and c.end == best.end for c in rivals)
            both = {best.via, *(c.via for c in rivals)} == {"nick", "role"}
            scan.problem = Reason.AMBIGUOUS_NAME if same_words and both else Reason.AMBIGUOUS_TARGET
            scan.candidates = [_label(c) for c in (best, *rivals)]
            return scan
        if best.via == "self" and best.nick is None:
            # «себя» with no known author: nobody to name.
            scan.problem = Reason.NO_TARGET
            return scan
        if best.nick is None:
            scan.problem = Reason.NO_HOLDER
            scan.candidates = [best.role or ""]
            return scan
        if best.nick == ctx.author and not allow_self:
            if best.via == "self":
                scan.problem = Reason.SELF_NOT_ALLOWED
                scan.candidates = [best.nick]
                return scan
            self_refused = True       # «роль Мэра» said by the Мэр: not a target, read on
            i = best.end
            continue
        if best.nick in scan.nicks and count > 1:
            i = best.end
            continue
        scan.found.append(best)
        i = best.end
    if scan.found and len(scan.found) == count and scan.problem is None:
        other = _alternative(ctx, toks, scan.found[-1].end, hi, skip)
        if other is not None and other.nick not in scan.nicks:
            # «против Лиса или Маши»: two candidates for one place are a question
            scan.problem = Reason.AMBIGUOUS_TARGET
            scan.candidates = [_label(c) for c in (scan.found[-1], other)]
            scan.found = scan.found[:-1]
            return scan
        if other is None and _open_choice(toks, scan.found[-1], lo, hi):
            # «хейди или грейс» with one of the two unknown: still a choice not made
            scan.problem = Reason.AMBIGUOUS_TARGET
            scan.candidates = [_label(scan.found[-1])]
            scan.found = scan.found[:-1]
            return scan
    if len(scan.found) < count and scan.problem is None:
        if near:
            scan.problem = Reason.LOW_CONFIDENCE
            scan.candidates = [n for n, _ in sorted(near.items(), key=lambda kv: -kv[1])][:5]
        elif self_refused:
            scan.problem = Reason.SELF_NOT_ALLOWED
            scan.candidates = [ctx.author or ""]
        else:
            scan.problem = Reason.NO_TARGET
    return scan


# Words before a name that say which reading is meant when a nickname is also an open role's
# name («Мэр» the player, while another is the Мэр): «игрока Мэр» is the nickname, «роль Мэра»
# the role's holder.
AS_NICK = frozenset({"игрок", "игрока", "игроку", "игроком", "ник", "ника", "нику", "ником", "юзер", "юзера"})
AS_ROLE = frozenset({"роль", "роли", "ролью"})


def _by_context(toks: list[Token], i: int, readings: list[Candidate]) -> Candidate | None:
    """The one reading the word before the name points at, or None (then it is asked)."""
    if i == 0:
        return None
    before = toks[i - 1].low
    via = "nick" if before in AS_NICK else "role" if before in AS_ROLE else None
    picked = [c for c in readings if c.via == via]
    return picked[0] if via is not None and len(picked) == 1 else None


def _ability_word(tok: Token) -> bool:
    return len(tok.low) >= 5 and bool(morph.lemmas(tok.low) & ability_words())


ALTERNATIVE = frozenset({"или", "либо", "ли"})
YOU = frozenset({"тебя", "тебе", "тобой", "ты"})


def _alternative(ctx: Context, toks: list[Token], after: int, hi: int,
                 skip: frozenset[int]) -> Candidate | None:
    """A name offered as the other choice right after a target («Лиса или Маши», «то ли
    Лиса, то ли Машу»)."""
    i = after
    seen_or = False
    while i < min(hi, after + 4):
        if toks[i].low in ALTERNATIVE or (toks[i].low == "и" and i == after and toks[i].start - toks[i - 1].end <= 2):
            seen_or = True   # «против Маши или Пети»; «против Маши и Пети» (two for one place)
        elif seen_or and i not in skip:
            cands = ctx.matcher.at(toks, i, ctx.author)
            if cands and cands[0].score >= FLOOR:
                return cands[0]
        elif toks[i].low not in ("то", "против", "за", "на"):
            return None
        i += 1
    return None


OR_WORDS = frozenset({"или", "либо"})


def _open_choice(toks: list[Token], found: Candidate, lo: int, hi: int) -> bool:
    """«или»/«либо» with a word on its other side right after or right before the target, in
    the same run of words: another choice is offered even when it is no name we know."""
    def joined(a: int, b: int) -> bool:
        return toks[b].start - toks[a].end <= 2
    after = found.end
    if after + 1 < min(hi, len(toks)) and toks[after].low in OR_WORDS \
            and joined(after - 1, after) and joined(after, after + 1):
        return True
    before = found.start - 1
    return before - 1 >= lo and toks[before].low in OR_WORDS \
        and joined(before - 1, before) and joined(before, found.start)


def _secret_role_name(toks: list[Token], c: Candidate, hi: int) -> bool:
    """The words read as a nickname begin a longer secret-role name («Мастер» + «карт»)."""
    if c.via != "nick":
        return False
    named = find_secret_roles(toks, c.start, min(hi, c.end + 2))
    return bool(named) and named[0].start == c.start and named[0].end > c.end


def _nick_word_itself(toks, best) -> bool:
    """The words are the nickname's own words as written («Мэри» of Мэри Поппинс): a role
    only like them («Мэри» ~ «Мэра») is no rival."""
    if best.via != "nick" or best.nick is None:
        return False
    words = {t.key for t in read_tokens(best.nick)}
    return all(toks[j].key in words for j in range(best.start, best.end))
