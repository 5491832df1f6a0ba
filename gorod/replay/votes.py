"""Votes of real archived games against their hosts' posted vote counts.

The TeamLiquid games of ../shared/corpus/games/ (EDN) are English «mafia» games: no roles of
«Город N», but the same day vote protocol («будет учитываться только последний»; a vote
without a target withdraws it). For each vote count the host (or a cohost) posted, every
player post of that day before it is parsed with the game's `parsing:` settings
(`##Vote X`), the parsed votes go through the public count (`engine.public_count`: the engine's
day protocol on what the thread shows, the same function as the count gorod posts), and the ballots are compared with the host's lines
«Target (N): voter, voter» (struck-out voters are withdrawn votes and are not read).

Every voter whose vote differs is classified:
- `gorod`: the voter wrote a `##vote` that the parser did not read as the host did;
- `host`: gorod's reading is the voter's certain last vote in the thread and the host's
  count says otherwise (a count compiled before a later vote, a slip);
- `elsewhere`: the host counts a vote that is not in this thread (the Void's separate vote
  thread, edited posts), or posts are missing from the archive after the voter's last vote;
- `rules`: a vote «Город N» forbids and the English game allows (a vote for oneself).
A vote the host accepted in another form than the `##vote` the host required is the host's.

The game config (`gorod/data/teamliquid/*.yaml`) seats every player in the engine with a
distinct open role of weight 1 and a plain secret role, and names the hosts in `votecount:`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

from config.game import GameConfig, GameConfigError, load_game
from engine.api import VOTE
from engine.orders import Order
from engine.phase import PhaseId
from engine.public_count import public_count
from engine.resolve import resolve
from engine.setup import new_game
from gorod.replay.replayer import game_roster
from gorod.replay.edn import EdnPost, edn_posts
from scraper.orders import ParseSettings, parse_text
from scraper.orders.text import key

_COUNT_TITLE = re.compile(r"vote ?count", re.I)
_COUNT_LINE = re.compile(r"^(?P<target>[^()\n:]+?)\s*\((?P<n>\d+)\)\s*:\s*(?P<voters>.*)$")
_DAY = re.compile(r"^\s*(day|night)\s+(\d+)\b", re.I)
_RAW_VOTE = re.compile(r"##\s*(un)?vote\b[^\n]*", re.I)


@dataclass(frozen=True)
class VoteCountSettings:
    hosts: frozenset[str]
    archive: str
    vote_thread: bool = False   # the game also had a separate vote thread (not archived)


def votecount_settings(game: GameConfig) -> VoteCountSettings:
    raw = game.extra.get("votecount")
    where = f"{game.path}: votecount"
    if not isinstance(raw, Mapping):
        raise GameConfigError(f"{where}: must be a mapping with hosts and archive")
    for k in raw:
        if k not in ("hosts", "archive", "vote_thread"):
            raise GameConfigError(f"{where}.{k}: unknown key (known: archive, hosts, vote_thread)")
    hosts = raw.get("hosts")
    if not isinstance(hosts, list) or not hosts:
        raise GameConfigError(f"{where}.hosts: a list of the host and cohosts")
    if not isinstance(raw.get("archive"), str):
        raise GameConfigError(f"{where}.archive: the EDN file's name in ../shared/corpus/games")
    if not isinstance(raw.get("vote_thread", False), bool):
        raise GameConfigError(f"{where}.vote_thread: must be true or false")
    return VoteCountSettings(frozenset(key(str(h)) for h in hosts), raw["archive"], raw.get("vote_thread", False))


@dataclass
class Mismatch:
    count_post: int
    voter: str
    host_says: str | None
    gorod_says: str | None
    kind: str            # gorod | host | elsewhere
    why: str


@dataclass
class CountCheck:
    post: int
    day: int
    lines: int
    lines_same: int
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def reproduced(self) -> bool:
        return not self.mismatches


@dataclass
class GameVotes:
    name: str
    posts: int
    votes_parsed: int
    votes_unresolved: int
    counts: list[CountCheck]

    @property
    def mismatches(self) -> list[Mismatch]:
        return [m for c in self.counts for m in c.mismatches]

    def by_kind(self) -> dict[str, int]:
        out = {"gorod": 0, "host": 0, "elsewhere": 0, "rules": 0}
        for m in self.mismatches:
            out[m.kind] += 1
        return out


def load_votecount_game(path: str | Path) -> tuple[GameConfig, VoteCountSettings]:
    game = load_game(path, extra_keys=frozenset({"votecount"}))
    return game, votecount_settings(game)


def host_count(post: EdnPost, nick_of) -> dict[str, str] | None:
    """The host's count as voter -> target, or None when the post is no vote count."""
    lines = post.text.splitlines()
    if not any(_COUNT_TITLE.search(line) for line in lines[:3]):
        return None
    ballots: dict[str, str] = {}
    found = False
    for line in lines:
        m = _COUNT_LINE.match(line.strip())
        if not m:
            continue
        target = nick_of(m.group("target"))
        if target is None:
            continue   # «Not voted (4): …», «No lynch»
        found = True
        for voter in (v.strip() for v in m.group("voters").split(",")):
            nick = nick_of(voter)
            if nick:
                ballots[nick] = target
    return ballots if found else None


def engine_ballots(game: GameConfig, orders: list[Order]) -> dict[str, str]:
    """The day's ballots after `orders`: the public count of `engine.public_count`, the one
    gorod posts in a live game (the engine's day protocol on what the thread shows)."""
    state, _ = new_game(list(game.seats), game.setup, game.rulings, seed=game.seed)
    state = resolve(state, PhaseId.parse("night 1"), []).state
    return public_count(state, PhaseId.parse("day 1"), orders).ballots()


def check_game(path: str | Path, games_dir: str | Path) -> GameVotes:
    game, settings = load_votecount_game(path)
    roster = game_roster(game)
    parsing = ParseSettings.from_mapping(game.parsing, f"{game.path}: parsing")
    by_key = {key(s.nick): s.nick for s in game.seats}

    def nick_of(text: str) -> str | None:
        return by_key.get(key(text.strip().rstrip(".")))

    posts = edn_posts(Path(games_dir) / settings.archive)
    gaps = [(a.number + 1, b.number - 1) for a, b in zip(posts, posts[1:]) if b.number > a.number + 1]
    day = 0
    day_start = 0
    orders: list[Order] = []
    history: dict[str, list[tuple[int, str, Order | None, Any]]] = {}   # voter -> (post, raw, order, unresolved)
    counts: list[CountCheck] = []
    parsed = unresolved = 0
    for post in posts:
        is_host = key(post.author) in settings.hosts
        first = post.text.strip().splitlines()[0] if post.text.strip() else ""
        if is_host:
            m = _DAY.match(first)
            if m and first.strip().lower() == f"{m.group(1).lower()} {m.group(2)}":
                day = int(m.group(2)) if m.group(1).lower() == "day" else -int(m.group(2))
                orders, history, day_start = [], {}, post.number
                continue
            if day > 0:
                host = host_count(post, nick_of)
                if host is not None:
                    counts.append(_compare(post.number, day, host, engine_ballots(game, orders), history,
                                           gaps, day_start, settings.vote_thread))
            continue
        if day <= 0 or nick_of(post.author) is None:
            continue
        result = parse_text(post.text, roster, parsing, author=post.author, emphasis=post.emphasis)
        voter = nick_of(post.author)
        raws = [m.group(0).strip() for m in _RAW_VOTE.finditer(post.text)]
        for order in result.orders:
            if order.ability == VOTE:
                orders.append(order)
                parsed += 1
                history.setdefault(voter, []).append((post.number, raws[-1] if raws else "", order, None))
        for item in result.unresolved:
            if item.ability == VOTE or item.text.lower().lstrip().startswith("##"):
                unresolved += 1
                history.setdefault(voter, []).append((post.number, item.text, None, item))
    return GameVotes(Path(path).stem, len(posts), parsed, unresolved, counts)


def _compare(number: int, day: int, host: dict[str, str], ours: dict[str, str],
             history: dict[str, list], gaps: list[tuple[int, int]], day_start: int,
             elsewhere: bool = False) -> CountCheck:
    lines_same = sum(1 for t in set(host.values())
                     if {v for v, x in host.items() if x == t} == {v for v, x in ours.items() if x == t})
    check = CountCheck(number, day, len(set(host.values())), lines_same)
    for voter in sorted(set(host) | set(ours)):
        h, g = host.get(voter), ours.get(voter)
        if h != g:
            check.mismatches.append(_classify(number, voter, h, g, history.get(voter, []), gaps, day_start,
                                                elsewhere))
    return check


def _gap_between(gaps: list[tuple[int, int]], lo: int, hi: int) -> tuple[int, int] | None:
    return next(((a, b) for a, b in gaps if a < hi and b > lo), None)


def _classify(number: int, voter: str, h: str | None, g: str | None, items: list,
              gaps: list[tuple[int, int]], day_start: int, elsewhere: bool) -> Mismatch:
    def out(kind: str, why: str) -> Mismatch:
        return Mismatch(number, voter, h, g, kind, why)

    read = [i for i in items if i[2] is not None]
    unread = [i for i in items if i[2] is None and (not read or i[0] > read[-1][0])]
    unread = [i for i in unread if h == voter or not i[3].candidates or any(h and h in c for c in i[3].candidates)]
    if h is not None and unread:
        post, text, _, item = unread[-1]
        cands = ", ".join(item.candidates) or "—"
        if item.code.value == "self_not_allowed":
            return out("rules", f"пост {post}: «{text}» — голос против себя: правила «Города N» его "
                                f"не допускают («другого персонажа»), ведущий TeamLiquid засчитал")
        if not text.lstrip().startswith("##"):
            return out("host", f"пост {post}: «{text[:60]}» — не в форме ##vote, которую требует ведущий, "
                               "но он засчитал голос")
        return out("gorod", f"пост {post}: «{text}» не прочитан ({item.code.value}; кандидаты: {cands})")
    last_read = read[-1][0] if read else day_start
    gap = _gap_between(gaps, last_read, number)
    if gap is not None:
        return out("elsewhere", f"посты {gap[0]}–{gap[1]} потеряны в архиве (после последнего голоса в теме)")
    if h is not None and not any(i[2].target == h for i in read):
        return out("elsewhere", f"в теме нет голоса {voter} против {h} в этот день")
    last = read[-1]
    if h is not None and any(i[2].target == h for i in read[:-1]):
        return out("host", f"последний голос — пост {last[0]} «{last[1]}»; у ведущего более ранний голос")
    if h is None and elsewhere:
        return out("elsewhere", f"голос в посте {last[0]} «{last[1]}» мог смениться в отдельной теме голосования")
    if h is None:
        return out("host", f"голос в посте {last[0]} «{last[1]}» ведущий не учёл")
    return out("host", f"последний голос — пост {last[0]} «{last[1]}»")
