"""Post facts a page keeps only in embedded JSON (a profile's `embedded_json:`).

Misago renders posts, quotes and times in its HTML, but says whether a post was edited
only in the JSON its page hands to its scripts (`misago.init({... "POSTS": {"results":
[{"id": 2, "edits": 1, "updated_on": ...}]}})`). `with_embedded(root, profile, posts)`
reads that JSON once per page and sets each post's edit count and edit time by its id.
A profile that names embedded JSON its page does not hold is a changed layout, not
silence.
"""
from __future__ import annotations

import dataclasses
import json
import re
from datetime import datetime

from scraper.api import dig
from scraper.errors import LayoutChanged
from config.select import compile_selector


def with_embedded(root, profile, posts: list, dates, source: str, now: datetime | None) -> list:
    rules = profile.embedded_json
    if rules is None or not posts:
        return posts
    found = compile_selector(rules.script)(root)
    text = next(("".join(el.itertext()) if hasattr(el, "itertext") else str(el) for el in found), None)
    data = None
    if text is not None:
        if rules.regex:
            match = re.search(rules.regex, text, re.S)
            text = match.group(1) if match else None
        data = _json(text) if text is not None else None
    items = None
    for dotted in rules.posts:
        items = dig(data, dotted) if data is not None else None
        if isinstance(items, list):
            break
    if not isinstance(items, list):
        raise LayoutChanged(source, profile.name, "embedded_json",
                            f"no list of posts at {' | '.join(rules.posts)} in {rules.script}")
    by_id = {str(dig(item, rules.id)): item for item in items if isinstance(item, dict)}
    out = []
    for post in posts:
        item = by_id.get(post.id)
        if item is None:
            out.append(post)
            continue
        count = dig(item, rules.edit_count) if rules.edit_count else None
        count = int(count) if isinstance(count, int) and not isinstance(count, bool) else None
        edited_at = None
        if count and rules.edited_time:
            raw = dig(item, rules.edited_time)
            edited_at = dates.read(str(raw), now) if raw else None
        if count is None:
            out.append(post)
            continue
        out.append(dataclasses.replace(post, edit_count=count, edited=count > 0 or post.edited,
                                       edited_at=edited_at or post.edited_at))
    return out


def _json(text: str):
    try:
        return json.loads(text)
    except ValueError:
        return None
