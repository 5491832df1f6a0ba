"""`--profile auto`: which engine's profile fits a page.

    detect_profile(content: bytes, url=None, source="page", profiles=None) -> Profile

JSON content goes to the `format: json` profiles (Discourse). HTML is parsed
once and scored per profile: a `detect.generator` regex matching the page's
<meta name="generator"> counts 10, each matching `detect.markup` selector 3,
a `detect.url` regex 2, and a post container that matches 1. The best score
wins; on a tie, a forum's own profile whose `detect.url` matches the page's
URL, else the engine's own profile; nothing above zero raises
`UnknownEngine` naming the page.
"""
from __future__ import annotations

import re
from typing import Iterable

from config.profiles import Profile, available_profiles
from scraper.decode import looks_json, parse_html
from scraper.errors import UnknownEngine
from config.select import compile_selector

_GENERATOR = compile_selector("xpath://meta[translate(@name,'GENERATOR','generator')='generator']/@content")


def detect_profile(content: bytes, url: str | None = None, source: str = "page",
                   profiles: Iterable[Profile] | None = None) -> Profile:
    if looks_json(content):
        return detect_json_profile(source, profiles)
    return detect_tree_profile(parse_html(content), url, source, profiles)


def detect_json_profile(source: str = "page", profiles: Iterable[Profile] | None = None) -> Profile:
    profiles = list(profiles) if profiles is not None else available_profiles()
    json_profiles = [p for p in profiles if p.format == "json"]
    if json_profiles:
        return json_profiles[0]
    raise UnknownEngine(source, "JSON content and no JSON profile")


def detect_tree_profile(root, url: str | None = None, source: str = "page",
                        profiles: Iterable[Profile] | None = None) -> Profile:
    """The best-scoring HTML profile for an already parsed page."""
    profiles = list(profiles) if profiles is not None else available_profiles()
    best, _ = _best(root, url, [p for p in profiles if p.format == "html"])
    if best is None:
        raise UnknownEngine(source)
    return best


def score(root, profile: Profile, url: str | None = None, generators: list[str] | None = None) -> int:
    if generators is None:
        generators = [str(g) for g in _GENERATOR(root)]
    s = 0
    d = profile.detect
    if any(re.search(rx, g, re.I) for rx in d.generator for g in generators):
        s += 10
    for sel in d.markup:
        if compile_selector(sel)(root):
            s += 3
    if url and any(re.search(rx, url) for rx in d.url):
        s += 2
    if s and profile.post is not None and compile_selector(profile.post.container)(root):
        s += 1
    return s


def _best(root, url, profiles):
    """The best score; on a tie the engine's own profile (a forum's profile that
    `extends:` it wins only by its `detect.url`, i.e. when the page's URL is known)."""
    generators = [str(g) for g in _GENERATOR(root)]
    best, best_key = None, (0, False, False)
    for p in profiles:
        sc = score(root, p, url, generators)
        own_forum = bool(url) and p.name != p.engine and any(re.search(rx, url) for rx in p.detect.url)
        key = (sc, own_forum, p.name == p.engine)
        if sc > 0 and key > best_key:
            best, best_key = p, key
    return best, best_key[0]
