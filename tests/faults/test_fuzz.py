"""Hostile input raises only clean errors (issue 14): random Unicode to the order parser,
mutated pages to the scraper, mutated game files to the loader. Hypothesis, offline.

How many examples: `GOROD_FUZZ_EXAMPLES=N` runs N texts, N/2 pages and max(50, N/20)
game files (N=10000: 10,000 / 5,000 / 500); `make test` runs N=600. A clean error is
the component's own: `ScraperError` for pages, `GameConfigError` for game files, and
none at all for the parser (it reads any text, putting what it cannot read before the GM).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from config.game import GameConfigError, load_game
from config.profiles import engine_profiles, load_profile
from gorod.loop.game import check_sections
from scraper.errors import ScraperError
from scraper.extract import extract_posts
from scraper.inbox import extract_inbox
from scraper.orders import ParseSettings, Roster, parse_text

ROOT = Path(__file__).resolve().parents[2]
N = int(os.environ.get("GOROD_FUZZ_EXAMPLES", "600"))
COUNTS = {"texts": N, "pages": max(1, N // 2), "games": max(50, N // 20)}


def fuzz(kind: str):
    return settings(max_examples=COUNTS[kind], deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much])


# ================================================================ the order parser
sys.path.insert(0, str(ROOT / "tests" / "orders"))
from test_order_properties import NICKS, PLAYERS  # noqa: E402

ROSTER = Roster.from_mapping(PLAYERS)
WORDS = ["кусаю", "голосую", "против", "Нападение", "на", "Укус", "лечу", "проверяю", "##vote", "[b]", "[/b]",
         "ночь", "Карта", "Туз", "Бубен", "снимаю", "голос", "—", ":", ",", "и", *NICKS]
ASTRAL = st.characters(min_codepoint=0x10000, max_codepoint=0x3FFFF)
TANGUT = st.characters(min_codepoint=0x17000, max_codepoint=0x18AFF)
ANY_CHAR = st.characters(blacklist_categories=())        # surrogates and controls included
TOKEN = st.one_of(st.sampled_from(WORDS), st.text(ANY_CHAR, max_size=6), st.text(TANGUT, min_size=1, max_size=4),
                  st.text(ASTRAL, min_size=1, max_size=4),
                  st.tuples(st.text(TANGUT, max_size=2), st.sampled_from(WORDS), st.text(ASTRAL, max_size=2))
                  .map("".join))
TEXTS = st.lists(TOKEN, max_size=14).map(" ".join)


@fuzz("texts")
@given(text=TEXTS, author=st.sampled_from(NICKS), private=st.booleans())
def test_the_order_parser_reads_any_text(text, author, private):
    result = parse_text(text, ROSTER, ParseSettings(), author=author, private=private)
    assert isinstance(result.orders, tuple) and isinstance(result.unresolved, tuple)


# ================================================================ the scraper
def _samples() -> list[tuple[bytes, str, str]]:
    """(bytes, profile name, kind) of the pages in the repository."""
    out = []
    for page in sorted((ROOT / "gorod/data/demo/thread").glob("*.html"))[:2]:
        out.append((page.read_bytes(), "spirit", "thread"))
    for page in sorted((ROOT / "gorod/data/demo/pms").glob("*.html"))[:2]:
        out.append((page.read_bytes(), "spirit", "thread"))
    for page in sorted((ROOT / "tests/scraper/pages").glob("*.html")):
        engine = page.name.split("-")[0]
        out.append((page.read_bytes(), engine if engine in {p.name for p in engine_profiles()} else "auto", "thread"))
    out.append((b'{"post_stream": {"posts": [{"id": 1, "username": "a", "cooked": "<p>x</p>"}]}}', "discourse",
                "json"))
    return out


SAMPLES = _samples()
PROFILES = [p.name for p in engine_profiles()]
CHARSETS = [b"cp65001", b"utf-7", b"utf-16", b"utf-32", b"x-unknown", b"unicode_escape", b"idna", b"undefined",
            b"base64", b"rot13", b"windows-1251", b"koi8-r", b"", b"\xff\xfe", b"utf-8\x00"]
NASTY = [b"\x00", b"\x01", b"&#1;", b"&#x0;", b"&#xD800;", b"&#1114112;", b"\xed\xa0\x80", b"\xff\xfe", b"\xc3",
         b"]]>", b"<![CDATA[", b"<!--", b"<script>", b"</div>", b"<div class='comment__text'>", b"&", b"\r\n"]


@st.composite
def mutated_pages(draw) -> tuple[bytes, str, str]:
    content, profile, kind = draw(st.sampled_from(SAMPLES))
    if draw(st.integers(0, 3)) == 0:   # mostly the page's own profile: the deep paths
        profile = draw(st.sampled_from(PROFILES + ["auto"]))
    for _ in range(draw(st.integers(0, 5))):
        op = draw(st.sampled_from(["charset", "insert", "text", "text", "text", "cut", "truncate", "nest", "json", "bytes"]))
        at = draw(st.integers(0, len(content)))
        if op == "text":   # into the posts' text: where the Cyrillic letters are
            letters = [i for i in range(0, len(content), 7) if content[i:i + 1] in (b"\xd0", b"\xd1")]
            at = draw(st.sampled_from(letters)) if letters else at
            op = "insert"
        if op == "charset":
            meta = b'<meta charset="' + draw(st.sampled_from(CHARSETS)) + b'">'
            content = content[:at] + meta + content[at:] if draw(st.booleans()) else meta + content
        elif op == "insert":
            content = content[:at] + draw(st.sampled_from(NASTY)) + content[at:]
        elif op == "cut":
            end = draw(st.integers(at, min(len(content), at + 5000)))
            content = content[:at] + content[end:]
        elif op == "truncate":
            content = content[:at]
        elif op == "nest":
            depth = draw(st.sampled_from([300, 3000, 30000]))
            content = content[:at] + b"<div>" * depth + b"x" + content[at:]
        elif op == "json":
            depth = draw(st.sampled_from([10, 1000, 100_000]))
            content = b"[" * depth + b"]" * draw(st.sampled_from([0, depth]))
        else:
            content = content[:at] + draw(st.binary(max_size=64)) + content[at:]
    return content, profile, kind


@fuzz("pages")
@given(page=mutated_pages())
def test_the_scraper_reads_any_page_or_says_why(page):
    content, name, _kind = page
    profile = None if name == "auto" else load_profile(name)
    try:
        extract_posts(content, profile, "fuzzed-page")
    except ScraperError:
        pass
    if profile is not None and profile.pm_inbox is not None:
        try:
            extract_inbox(content, profile, "fuzzed-inbox")
        except ScraperError:
            pass


# ================================================================ game files
GOOD = {
    "title": "Город N",
    "forum": {"profile": "spirit", "base_url": "http://127.0.0.1:8000", "thread_url": "http://127.0.0.1:8000/topic/1/x/",
              "gm_user": "gm", "password_env": "GOROD_GM_PASSWORD", "min_interval": 1.0},
    "players": {"Аня": {"open": "Мэр", "secret": "Лич"}, "Боря": {"open": "Вор", "secret": "Бес"}},
    "setup": {"Аня": {"mask": "Мирный житель"}},
    "schedule": {"timezone": "Europe/Moscow", "night_starts": "22:00", "day_starts": "10:00",
                 "max_day_hours": 48, "resolve_minutes": 30},
    "poll_interval": 300, "rulings": {"cycle_mode": "rolling"}, "parsing": {"threshold": 85, "vote_forms": ["ru"]},
    "templates": None, "seed": 7, "secret_roles": ["Лич", "Бес"], "receipts": False,
    "replay": {"host": "gm", "boundaries": "announcements"},
}
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True), st.text(ANY_CHAR.filter(lambda c: c not in "\ud800"), max_size=12),
    st.sampled_from([2**63, 10**30, float("inf"), float("nan"), "", ".", "templates", "/etc", "spirit", "auto",
                     "../config", "25:00", "Mars/Base", "ftp://x", "hunter 2", [], {}, [1, [2]], {"a": {"b": 1}}]),
    st.lists(st.integers(), max_size=3), st.dictionaries(st.text(max_size=4), st.integers(), max_size=3),
)


def _paths(data, prefix=()):
    if isinstance(data, dict):
        for key, value in data.items():
            yield prefix + (key,)
            yield from _paths(value, prefix + (key,))


@st.composite
def mutated_games(draw) -> bytes:
    data = yaml.safe_load(yaml.safe_dump(GOOD, allow_unicode=True))
    for _ in range(draw(st.integers(1, 4))):
        paths = list(_paths(data))
        path = draw(st.sampled_from(paths)) if paths else ("x",)
        node = data
        for key in path[:-1]:
            node = node[key] if isinstance(node, dict) and isinstance(node.get(key), dict) else None
            if node is None:
                break
        if not isinstance(node, dict):
            continue
        op = draw(st.sampled_from(["set", "set", "drop", "add"]))
        if op == "set":
            node[path[-1]] = draw(VALUES)
        elif op == "drop":
            node.pop(path[-1], None)
        else:
            node[draw(st.text(max_size=8))] = draw(VALUES)
    try:
        text = yaml.safe_dump(data, allow_unicode=True)
    except (yaml.YAMLError, ValueError):
        text = "title: x\n"
    raw = text.encode("utf-8", "surrogatepass")
    op = draw(st.sampled_from(["none", "none", "cp1251", "utf16", "duplicate", "bytes", "cut", "deep"]))
    if op == "cp1251":
        raw = text.encode("cp1251", "replace")
    elif op == "utf16":
        raw = text.encode("utf-16")
    elif op == "duplicate":
        raw += b"\npoll_interval: 60\n"
    elif op == "bytes":
        at = draw(st.integers(0, len(raw)))
        raw = raw[:at] + draw(st.binary(max_size=16)) + raw[at:]
    elif op == "cut":
        raw = raw[:draw(st.integers(0, len(raw)))]
    elif op == "deep":
        raw = b"players: " + b"[" * draw(st.sampled_from([100, 10000])) + b"\n"
    return raw


@pytest.fixture(scope="module")
def game_dir(tmp_path_factory):
    folder = tmp_path_factory.mktemp("fuzzed-games")
    (folder / "templates").mkdir()
    return folder


@fuzz("games")
@given(raw=mutated_games())
def test_the_loader_reads_any_game_file_or_says_where(game_dir, raw):
    path = game_dir / "game.yaml"
    path.write_bytes(raw)
    try:
        config = load_game(path)
        check_sections(config)
    except GameConfigError as exc:
        assert str(exc).startswith(str(path)), exc    # the message names the file
        return
    # what loads is usable whole: the parser's settings (issue 14: threshold 200 passed the
    # load and failed every post at intake)
    ParseSettings.from_mapping(config.parsing)
