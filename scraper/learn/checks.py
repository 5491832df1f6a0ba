"""Self-checks of a learned post profile: what it reads must look like a thread's posts.

    check_posts(data, pages, now=None) -> list[Problem]

`data` is the learned profile's mapping, `pages` the `(bytes, source)` pages it was learned
from. The profile reads every page as the extractor will, and the reading must pass checks a
wrong selector cannot pass by accident:

- most texts are non-empty, and they differ from each other;
- no text carries its post's header: its author on the first line, its time, its number
  («#12»), a line every post opens with (the subject «Re: …»), or a signature (the same last
  line under every post of two authors or more);
- a quote header is no body paragraph: each element the quote header selects stands inside a
  quote or just before one, and the headers name authors of the thread;
- times go forward along the thread, within the page's precision (a minute), but for a few
  (a moved post; a search listing, newest first, goes backward as well): relative times
  («Вчера, 23:40») are read at two moments and left out, as they say no order of their own.

A problem names the field to try otherwise (`body`, `quote_header`, `time`, `container`), the
post it was seen on, and says in Russian what is wrong (the GM reads it when nothing passes).
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import datetime, timedelta

from config.profiles import profile_from_mapping
from config.select import select
from scraper.decode import parse_html
from scraper.errors import ScraperError
from scraper.extract import extract_from_tree

_NUMBER = re.compile(r"^#\s?\d+\b")
_SAYS = re.compile(r"(?i)(?::\s*$|\b(?:wrote|said|posted|quote)\b|писал|пишет|сказал|цитат)")
_MIN_POSTS = 3          # fewer posts than this: what repeats cannot be told from what differs


@dataclass(frozen=True)
class Problem:
    field: str          # body | signature | quote_header | time | container
    post: str | None    # the post it was seen on (its id), when one
    message: str        # Russian, for the GM
    said: str = ""      # the words at fault (a signature's line), when the fix needs them

    def __str__(self) -> str:
        return self.message


def check_posts(data: dict, pages: list[tuple[bytes, str]], now: datetime | None = None) -> list[Problem]:
    try:
        profile = profile_from_mapping(data, "learned")
    except (ValueError, ScraperError) as exc:
        return [Problem("container", None, f"выученный профиль не проходит проверку формата: {exc}")]
    posts, roots, moved = [], [], set()
    later = (now or datetime.now().astimezone()) + timedelta(days=3)
    for content, source in pages:
        try:
            root = parse_html(content, profile.encoding)
            roots.append((root, source))
            read = extract_from_tree(parse_html(content, profile.encoding), profile, source, now=now).posts
            again = extract_from_tree(parse_html(content, profile.encoding), profile, source, now=later).posts
        except ScraperError as exc:
            return [Problem("container", None, f"{source}: выученный профиль не читает страницу: {exc}")]
        seen = {p.id for p in posts}
        posts += [p for p in read if p.id not in seen]      # (a page may show the thread's first post again)
        # a time said relative to now («Вчера, 23:40») moves with it: not in the order check
        moved |= {a.id for a, b in zip(read, again) if a.posted_at != b.posted_at}
    # (a page that shows no time has none learned: `missing` says so, nothing to check)
    timed = "time" in data.get("selectors", {}).get("post", {})
    problems = _texts(posts) + _headers_in_text(posts) + _quote_headers(data, roots, posts) + \
        (_times(posts, moved) if timed else [])
    return problems


def _texts(posts: list) -> list[Problem]:
    n = len(posts)
    empty = [p for p in posts if not p.text.strip()]
    if n and len(empty) > 0.2 * n:
        return [Problem("body", empty[0].id, f"пустой текст у {len(empty)} из {n} постов (первый — пост {empty[0].id})")]
    said = [p.text.strip() for p in posts if p.text.strip()]
    if len(said) >= _MIN_POSTS:
        counts = Counter(said)
        same, times = counts.most_common(1)[0]
        if len(counts) < 0.5 * len(said) or times > max(3, 0.5 * len(said)):
            first = next(p for p in posts if p.text.strip() == same)
            return [Problem("body", first.id, f"одинаковый текст «{same[:40]}» у {times} из {len(said)} постов "
                                              f"(первый — пост {first.id})")]
    return []


def _headers_in_text(posts: list) -> list[Problem]:
    """The post's header read as its words: in a third of the posts or more (a player may open
    a post with his own name or a date once; a template does it every time)."""
    from scraper.learn.times import formats_reading
    n = len(posts)
    if n < _MIN_POSTS:
        return []
    firsts = [(p, (p.text.strip().splitlines() or [""])[0].strip()) for p in posts]
    found = {
        "автор поста": [p for p, line in firsts if p.author and (line == p.author or line.startswith(p.author + " "))
                        and len(line) <= len(p.author) + 40],
        "номер поста": [p for p, line in firsts if _NUMBER.match(line)],
        # (in the header's first lines: «Re: subject» / «Sent to: Вася on: Today at 02:47 PM» / words)
        "время поста": [p for p in posts if any(0 < len(line) <= 80 and _has_time(line, formats_reading)
                                                for line in _lines(p.text)[:2]) and len(_lines(p.text)) > 1],
    }
    opening = Counter(line[:12] for _, line in firsts if len(line) >= 12)
    if opening:
        lead, count = opening.most_common(1)[0]
        if count >= max(3, 0.5 * n):
            found[f"строка «{lead}…», с которой начинается каждый пост (тема «Re: …»)"] = \
                [p for p, line in firsts if line.startswith(lead)]
    out = []
    for what, hits in found.items():
        if len(hits) >= max(2, n / 3):
            out.append(Problem("body", hits[0].id, f"в тексте постов стоит {what}: у {len(hits)} из {n} "
                                                   f"(первый — пост {hits[0].id})"))
    signed: dict[str, list] = {}
    for p in posts:
        lines = [x.strip() for x in p.text.strip().splitlines() if x.strip()]
        if len(lines) >= 2:
            signed.setdefault(p.author, []).append((p, lines[-1]))
    signers = [(a, said) for a, said in signed.items()
               if len(said) >= 2 and len({last for _, last in said}) == 1 and len(said[0][1]) >= 15]
    if len(signers) >= 2:
        p = signers[0][1][0][0]
        out.append(Problem("signature", p.id, f"в тексте постов стоит подпись автора («{signers[0][1][0][1][:40]}» "
                                              f"под каждым постом {signers[0][0]}; первый — пост {p.id})",
                           said=signers[0][1][0][1]))
    return out


def _lines(text: str) -> list[str]:
    return [x.strip() for x in text.strip().splitlines() if x.strip()]


def _has_time(line: str, formats_reading) -> bool:
    words = line.split()
    for i in range(len(words)):
        for j in range(len(words), i, -1):
            if formats_reading(" ".join(words[i:j]).strip(",.;|()"), False):
                return True
    return False


def _quote_headers(data: dict, roots: list, posts: list) -> list[Problem]:
    """Each element the quote header selects stands inside a quote; most headers name an author."""
    body = data.get("selectors", {}).get("body", {})
    header, quote = body.get("quote_header"), body.get("quote")
    post = data.get("selectors", {}).get("post", {})
    if not header or not quote:
        return []
    authors = {p.author for p in posts if p.author}
    container = post.get("container")
    body_sel = post.get("body")
    body_sel = body_sel if isinstance(body_sel, str) else (body_sel or {}).get("selector") if isinstance(body_sel, dict) else None
    named = total = 0
    for root, source in roots:
        try:
            blocks = select(root, container)
        except ValueError:
            return []
        for block in blocks:
            holders = select(block, body_sel) if body_sel else [block]
            for b in holders[:1]:
                try:
                    quotes = set(select(b, quote))
                    heads = select(b, header)
                except ValueError:
                    return [Problem("quote_header", None, f"селектор заголовка цитаты «{header}» не читается")]
                for h in heads:
                    total += 1
                    if not _heads_a_quote(h, quotes):
                        pid = _post_id(block, posts)
                        return [Problem("quote_header", pid, f"заголовок цитаты ({header}) выбирает абзац текста поста, "
                                                             f"а не строку над цитатой (пост {pid})")]
                    said = " ".join("".join(h.itertext()).split())
                    # (an author of the thread, or one of an earlier page: «X wrote:», «@X said:»)
                    named += any(a in said for a in authors) or bool(_SAYS.search(said)) and len(said) <= 120
    if total >= 2 and named < 0.5 * total:
        return [Problem("quote_header", None, f"заголовки цитат ({header}) не называют авторов темы: "
                                              f"имя есть в {named} из {total}")]
    return []


def _heads_a_quote(header, quotes: set) -> bool:
    """The header stands in a quote, or just before one (a «Quote from: X» line of its own)."""
    if header in quotes or any(a in quotes for a in header.iterancestors()):
        return True
    after = header.getnext()
    while after is not None and not isinstance(after.tag, str):
        after = after.getnext()
    return after is not None and (after in quotes or any(d in quotes for d in after.iter()))


def _post_id(block, posts) -> str | None:
    return None if not posts else next((p.id for p in posts if p.id and p.id in " ".join(block.attrib.values())), None)


def _times(posts: list, relative: set) -> list[Problem]:
    n = len(posts)
    missing = [p for p in posts if p.posted_at is None]
    if missing and len(missing) > 0.1 * n:
        return [Problem("time", missing[0].id, f"нет времени у {len(missing)} из {n} постов (первый — пост {missing[0].id})")]
    timed = [p for p in posts if p.posted_at is not None and p.id not in relative]
    back = [(a, b) for a, b in zip(timed, timed[1:]) if b.posted_at < a.posted_at - timedelta(minutes=1)]
    ahead = [(a, b) for a, b in zip(timed, timed[1:]) if b.posted_at > a.posted_at + timedelta(minutes=1)]
    if len(ahead) < len(back):
        back = ahead        # newest first (a search listing): in order all the same
    if back and len(back) > max(1, 0.2 * len(timed)):
        a, b = back[0]
        return [Problem("time", b.id, f"время идёт назад: пост {b.id} ({b.posted_at:%d.%m.%Y %H:%M}) раньше поста "
                                      f"{a.id} ({a.posted_at:%d.%m.%Y %H:%M}), и так у {len(back)} пар")]
    return []
