"""Sign-ups (заявки): who takes which open role.

«Явные роли – роли, указанные в поле "класс" в заявке, каждой явной роли может быть
только один представитель, кто не успел занять место, тот опоздал.»

`read_signups(posts)` reads the «класс» field of each post in thread order and
assigns every open role to its first applicant. It lists, for the GM:
- `late`: applied for a role someone had already taken (with who took it);
- `duplicates`: applications of a player who already has a role (ignored);
- `unknown`: a «класс» that is no open role (with the closest roles as candidates).
A player who was late may apply again for a free role; that later post counts.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from rapidfuzz import fuzz

from engine.names import OPEN_ROLES, canon_open_role
from scraper.model import Post

_CLASS = re.compile(r"(?:^|(?<=[.!?;]))[\s*_\[\]/b]*класс[^:\n—–-]{0,25}[:—–-]+\s*(.*)$", re.IGNORECASE | re.MULTILINE)
THRESHOLD = 85.0


@dataclass(frozen=True)
class Application:
    author: str
    post_id: str
    text: str            # the «класс» value as written
    role: str | None     # the open role it names, None when unknown


@dataclass(frozen=True)
class SignupResult:
    assigned: tuple[tuple[str, Application], ...] = ()          # (role, first applicant)
    late: tuple[tuple[Application, str], ...] = ()              # (application, who has the role)
    duplicates: tuple[Application, ...] = ()
    unknown: tuple[tuple[Application, tuple[str, ...]], ...] = ()

    @property
    def players(self) -> dict[str, dict[str, str]]:
        """The `players:` mapping of a game file (open roles only; secret ones are dealt later)."""
        return {app.author: {"open": role} for role, app in self.assigned}

    def to_json(self) -> dict[str, Any]:
        def app(a: Application) -> dict[str, Any]:
            return {"author": a.author, "post": a.post_id, "class": a.text}
        return {
            "assigned": {role: a.author for role, a in self.assigned},
            "free": [r for r in OPEN_ROLES if r not in dict(self.assigned)],
            "late": [{**app(a), "role": a.role, "taken_by": who} for a, who in self.late],
            "duplicates": [{**app(a), "role": a.role} for a in self.duplicates],
            "unknown": [{**app(a), "candidates": list(c)} for a, c in self.unknown],
        }


def class_field(text: str) -> str | None:
    """The value of the «класс» field of an application, or None if there is none."""
    for m in _CLASS.finditer(text or ""):
        value = m.group(1).strip().strip("*_[]").strip()
        if value:
            return value
    return None


def read_class(value: str) -> tuple[str | None, tuple[str, ...]]:
    """(the open role, candidates when it is not certain)."""
    from engine import morph
    from scraper.orders.text import key, tokens

    canon = canon_open_role(value)
    if canon is not None and canon in OPEN_ROLES:
        return canon, ()
    if canon is not None:            # «Мэр (бывший)» is a state, not a class to apply for
        return None, ("Мэр",)
    words = tokens(value)
    for tok in words[:3]:
        for role in OPEN_ROLES:
            if key(role) in morph.lemmas(tok.key) or canon_open_role(tok.text) == role:
                return role, ()
    first = words[0].key if words else key(value)
    scored = sorted(((fuzz.ratio(first, key(role)), role) for role in OPEN_ROLES), reverse=True)
    best = [role for score, role in scored if score >= 60][:3]
    if scored and scored[0][0] >= THRESHOLD and (len(scored) < 2 or scored[1][0] < scored[0][0] - 6):
        return scored[0][1], ()
    return None, tuple(best)


def read_signups(posts: Iterable[Post], gm: str | None = None) -> SignupResult:
    """The thread's posts, in thread order."""
    taken: dict[str, Application] = {}
    holder_of: dict[str, str] = {}
    late: list[tuple[Application, str]] = []
    duplicates: list[Application] = []
    unknown: list[tuple[Application, tuple[str, ...]]] = []
    for post in posts:
        author = post.author or ""
        if gm is not None and author.casefold() == gm.casefold():
            continue
        value = class_field(post.text or "")
        if value is None:
            continue
        role, candidates = read_class(value)
        app = Application(author, post.id, value, role)
        if author in holder_of:
            duplicates.append(app)
        elif role is None:
            unknown.append((app, candidates))
        elif role in taken:
            late.append((app, taken[role].author))
        else:
            taken[role] = app
            holder_of[author] = role
    assigned = tuple((role, taken[role]) for role in OPEN_ROLES if role in taken)
    return SignupResult(assigned, tuple(late), tuple(duplicates), tuple(unknown))


def posts_from_json(data: Any, source: str) -> list[Post]:
    """Posts of `gorod scrape --json` (a list of objects with author and text)."""
    if not isinstance(data, list) or not all(isinstance(p, dict) and "author" in p and "text" in p
                                             for p in data):
        raise ValueError(f"{source}: not a list of posts with author and text (gorod scrape --json)")
    return [Post(id=str(p.get("id", i)), author=str(p["author"]), posted_at=None, text=str(p["text"] or ""))
            for i, p in enumerate(data)]
