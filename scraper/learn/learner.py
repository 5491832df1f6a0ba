"""The learner's orchestration: pages in, a `LearnedProfile` out.

    learn_pages(pages, inbox=None, timezone="UTC", name="learned") -> LearnedProfile

`pages` are `(bytes, url or file name)` of one thread (one or two pages are enough;
more are used as well). The post blocks are found on each page and must agree on one
container selector; the fields are then learned over the blocks of all pages, so that
a selector that fits page 1 only is not kept. `inbox` is the GM's PM compose or inbox
page, for the PM form. What cannot be found is named in `LearnedProfile.missing`
(author, body and id are required by every profile: without them `LearnError`).
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from config.profiles import Profile, profile_from_mapping
from scraper.decode import parse_html, sniff_encoding
from scraper.errors import ScraperError
from scraper.learn import blocks as blocks_mod
from scraper.learn import checks, fields, forms, paging, times, tree


class LearnError(ScraperError):
    """Nothing a profile can be made of: no repeated post blocks, or no author/body/id in them.
    The message is Russian (the GM reads it) and names the page and the field."""


@dataclass(frozen=True)
class LearnedProfile:
    """A learned profile: the mapping its YAML says, a note per key (why), what is missing,
    what is unconfirmed, and the pages it was learned from."""

    data: dict
    notes: dict[str, str]
    missing: tuple[str, ...]
    unconfirmed: tuple[str, ...]
    sources: tuple[str, ...]
    posts_per_page: tuple[int, ...] = ()
    extras: dict = field(default_factory=dict)

    def profile(self) -> Profile:
        """The profile itself, validated as `load_profile` would validate the YAML."""
        return profile_from_mapping(self.data, f"learned:{self.data.get('name', 'learned')}")

    def yaml(self) -> str:
        from scraper.learn.profile_yaml import profile_yaml
        return profile_yaml(self)


@dataclass
class _Page:
    source: str
    root: object
    timed: dict
    blocks: blocks_mod.Blocks | None = None
    css: str = ""             # the page's own <style> rules (read before they are taken out)


def page_encoding(content: bytes) -> str | None:
    """The charset to force for a page that declares none and is not UTF-8: Windows-1251 when
    its text is mostly high bytes (Cyrillic), else Windows-1252; None when no forcing is needed."""
    if sniff_encoding(content):
        return None
    try:
        content.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    # Russian text is mostly high bytes; a Western page has a few accented letters among ASCII ones
    high = sum(1 for b in content if b >= 0xC0)
    latin = sum(1 for b in content if 0x61 <= b <= 0x7A)
    return "windows-1251" if high > 0.3 * latin else "windows-1252"


def _parse(content: bytes, source: str) -> _Page:
    from scraper.decode import looks_json
    if looks_json(content):
        raise LearnError(f"{source}: это ответ JSON API, а не страница темы: gorod forum learn учится по HTML-"
                         "страницам (адрес темы, как её открывает браузер, или страница, сохранённая из браузера)")
    try:
        root = parse_html(content, sniff_encoding(content) or page_encoding(content) or "utf-8")
    except ScraperError as exc:
        raise LearnError(f"{source}: страница не читается как HTML: {exc}") from None
    css = " ".join("".join(el.itertext()) for el in root.iter("style"))
    # scripts and styles say nothing a reader sees (the extractor leaves them out too), nor do
    # a <title>, <meta> or <link> out of the page's head (an ad's own document pasted into a post)
    for el in list(root.iter("script", "style", "title", "meta", "link")):
        if tree.tag(el) not in ("script", "style") and any(tree.tag(a) == "head" for a in el.iterancestors()):
            continue
        parent = el.getparent()
        if parent is not None:
            if el.tail:
                prev = el.getprevious()
                if prev is not None:
                    prev.tail = (prev.tail or "") + el.tail
                else:
                    parent.text = (parent.text or "") + el.tail
            parent.remove(el)
    return _Page(source, root, times.timed_elements(root), css=css)


@dataclass(frozen=True)
class PmPages:
    """The GM's PM pages to learn from: the inbox (its conversation list), conversation pages
    (one or more: a row's page), the new-PM page (its form becomes write.pm), a page with the
    login form and its address (the inbox as a guest sees it, or the login page), and the
    GM's own name (the sender column is the other party). Each page is (bytes, url or name)."""

    inbox: tuple = ()
    conversations: tuple = ()
    compose: tuple | None = None
    login: tuple | None = None
    gm: str | None = None
    thread_as_gm: tuple = ()        # the thread's page as the GM sees it: the reply form is there


@dataclass
class _Posts:
    """What the post blocks of some pages taught: the post rules, the body rules, the date forms,
    notes (keys under `selectors.post.` / `selectors.body.`), what is missing or unconfirmed."""

    post: dict
    body: dict
    dates: dict
    notes: dict
    missing: list
    unconfirmed: list
    container: str


def learn_pages(pages: list[tuple[bytes, str]], inbox: tuple[bytes, str] | None = None, *, now=None,
                pm: "PmPages | None" = None, gm_pages: list[tuple[bytes, str]] = (), timezone: str = "UTC",
                name: str = "learned") -> LearnedProfile:
    """`inbox` (kept for callers of the first version): the PM compose page, as `pm.compose`.
    `gm_pages`: the thread's pages as the GM sees them (logged in), where the reply form is;
    the posts are learned from `pages` (a guest's view, as the game's thread is read).
    `now`: the moment saved pages were saved, for their relative times («Вчера, 23:40») in the
    self-checks (`checks.check_posts`); the clock's when None."""
    if not pages:
        raise LearnError("нет страниц: дайте URL темы или --pages ФАЙЛ")
    parsed = [_parse(content, source) for content, source in pages]
    posts = _checked_posts(pages, parsed, timezone, now)
    notes, missing, unconfirmed = dict(posts.notes), list(posts.missing), list(posts.unconfirmed)
    post, body_rules, dates = posts.post, posts.body, posts.dates
    pg = paging.find_paging(parsed[0].root, parsed[0].source)
    pagination: dict = {}
    for key in ("current", "last", "next"):
        g = getattr(pg, key)
        if g is not None:
            pagination[key] = g.as_yaml()
            notes[f"selectors.pagination.{key}"] = g.note
    if not pagination:
        missing.append("pagination")
    elif pg.next is None and pg.refused_next:
        # (no next link rather than a wrong one: the poller would read another topic as this thread's)
        missing.append("pagination.next")
        notes["selectors.pagination.next"] = f"the page's rel=next ({pg.refused_next}) is none of its page links"
    pagination["single"] = pg.single or paging.SINGLE
    notes["selectors.pagination.single"] = ("a page that links no page by the number 1 or 2 is the thread's only "
                                            "page: page 1 of 1 (read only where the fields above find nothing)"
                                            + ("; a foreign list's links (another address's pages) not counted"
                                               if pg.single not in ("", paging.SINGLE) else ""))

    data: dict = {
        "engine": "learned",
        "name": name,
        "description": "learned by `gorod forum learn` from " + ", ".join(p.source for p in parsed),
        "timezone": timezone,
    }
    forced = page_encoding(pages[0][0])
    if forced:
        data["encoding"] = forced
        notes["encoding"] = "the pages declare no charset and are not UTF-8"
        unconfirmed.append(f"encoding: the pages declare none; {forced} was chosen from their bytes")
    urls = _urls(parsed[0].source)
    if urls:
        data["urls"] = urls
    data["selectors"] = {"post": post, "body": body_rules}
    if pagination:
        data["selectors"]["pagination"] = pagination
    if dates:
        data["dates"] = dates
    if pm is not None and inbox is None:
        inbox = pm.compose
    if pm is not None:
        _learn_pm(pm, data, notes, missing, unconfirmed, posts)
    write, write_notes = _write(parsed, inbox, pm, [_parse(c, s) for c, s in gm_pages])
    if write is None:
        missing.append("write")
    else:
        data["write"] = write
        notes.update(write_notes)
        unconfirmed.append("write.reply: proposed from the reply form on the page, not tried: "
                           "`gorod forum check --write THREAD_URL` posts one test reply and confirms it")
        if "pm" in write:
            unconfirmed.append("write.pm: proposed from the new-PM form, not tried: `gorod forum check --write "
                               "THREAD_URL --pm-to NAME` sends one test PM and confirms it")
    if timezone == "UTC":
        unconfirmed.append("timezone: the pages do not say the forum's zone; UTC is assumed for times "
                           "written without one (set timezone: to the forum's)")
    data["unconfirmed"] = unconfirmed
    learned = LearnedProfile(data=data, notes=notes, missing=tuple(missing), unconfirmed=tuple(unconfirmed),
                             sources=tuple(p.source for p in parsed),
                             posts_per_page=tuple(len(p.blocks.members) for p in parsed))
    learned.profile()   # a learned profile that does not validate is the learner's bug: fail here
    return learned


_TRIES = 8     # readings checked before the learner gives up


def _checked_posts(pages: list[tuple[bytes, str]], parsed: list[_Page], timezone: str, now) -> _Posts:
    """The post rules whose reading of the pages passes `checks.check_posts`. A failed check says
    which field to try otherwise: the body (the next best text element), the quote header (none
    then: a quote's text keeps its «X wrote:» line rather than a post losing its words), or the
    container (the next best blocks). When no reading passes: no profile, a Russian report of
    what was tried and what was wrong on which post."""
    skip, skip_bodies, tried = set(), set(), []
    for _ in range(_TRIES):
        try:
            posts = _learn_posts(parsed, skip=frozenset(skip), skip_bodies=frozenset(skip_bodies))
        except LearnError as exc:
            if not tried:
                raise
            tried.append(f"другие блоки: {exc}")
            break
        signature_drops: list[str] = []
        for _ in range(4):
            data = {"engine": "learned", "timezone": timezone, "selectors": {"post": posts.post, "body": posts.body}}
            if posts.dates:
                data["dates"] = posts.dates
            encoding = page_encoding(pages[0][0])
            if encoding:
                data["encoding"] = encoding
            problems = checks.check_posts(data, pages, now=now)
            if not problems:
                break
            if problems[0].field == "quote_header":
                posts.notes["selectors.body.quote_header"] = f"not set: {problems[0]} (a learner's check)"
                posts.body.pop("quote_header", None)
                posts.unconfirmed.append(f"quote_header: {problems[0]}; not set")
            elif problems[0].field == "signature":
                # the signature's element, dropped from the body (tried once each way)
                if not signature_drops:
                    signature_drops = _signature_drops(parsed, posts, problems[0].said)
                if not signature_drops:
                    break
                drop = signature_drops.pop(0)
                posts.body["drop"] = fields.union([d for d in [posts.body.get("drop"), drop] if d])
                posts.notes["selectors.body.drop"] = (posts.notes.get("selectors.body.drop", "") +
                                                      f"; the signature under each post ({drop}): a learner's check")
            else:
                break
        if not problems:
            return posts
        body = posts.post.get("body")
        tried.append(f"блоки {posts.container}, текст {body}: {problems[0]}")
        if problems[0].field == "body" and isinstance(body, str):
            skip_bodies.add(body)
        else:
            skip.add(posts.container)
    raise LearnError(f"{parsed[0].source}: профиль не записан: ни одно прочтение постов не прошло проверку.\n"
                     + "\n".join(f"  — {t}" for t in tried))


def _signature_drops(parsed: list[_Page], posts: _Posts, said: str) -> list[str]:
    """Ways to drop a signature whose line is `said` from the bodies: its element's kind where
    it has a class, else what follows a rule (<hr>) in the body."""
    from config.select import select
    body = posts.post.get("body") if isinstance(posts.post.get("body"), str) else None
    out: list[str] = []
    for page in parsed:
        for block in page.blocks.members:
            holders = select(block, body) if body else [block]
            for h in holders[:1]:
                for el in h.iter():
                    if el is h or not isinstance(el.tag, str) or tree.text(el) != said:
                        continue
                    if tree.classes(el):
                        out.append(tree.step(el))
                    prev = el.getprevious()
                    if prev is not None and tree.tag(prev) == "hr":
                        out.append("xpath:descendant::hr[following-sibling::*] | descendant::hr/following-sibling::*")
    return list(dict.fromkeys(out))


def _shown_block(block) -> str:
    """A post block as the GM can find it on the page: its id and its first words."""
    words = " ".join(" ".join(block.itertext()).split())
    words = words[:60] + "…" if len(words) > 60 else words
    return (f"id «{block.get('id')}», " if block.get("id") else "") + f"«{words}»"


class _NoFields(LearnError):
    """Blocks were found, but no author, text or number in them: other blocks may be the posts."""

    def __init__(self, message: str, container: str):
        super().__init__(message)
        self.container = container


def _learn_posts(parsed: list[_Page], what: str = "постов", short_ids: bool = False,
                 exclude: frozenset = frozenset(), skip: frozenset = frozenset(),
                 skip_bodies: frozenset = frozenset()) -> _Posts:
    """The post container and the fields inside it, learned over the blocks of every page.
    (`short_ids`, `exclude`: for PM pages, see `_learn_pm_posts`.) Blocks without an author,
    a text or a number are not the posts (a list of notifications beside a page's one post):
    the next best blocks are tried; if none serves, the first blocks' failure is said."""
    skip = set(skip)
    first_failure = None
    for _ in range(4):
        try:
            return _learn_posts_in(parsed, what, short_ids, exclude, frozenset(skip), skip_bodies)
        except _NoFields as failed:
            first_failure = first_failure or failed
            skip.add(failed.container)
        except LearnError:
            if first_failure is None:
                raise
            break
    raise LearnError(str(first_failure))


def _learn_posts_in(parsed: list[_Page], what: str, short_ids: bool, exclude: frozenset,
                    skip: frozenset, skip_bodies: frozenset = frozenset()) -> _Posts:
    notes: dict[str, str] = {}
    missing: list[str] = []
    unconfirmed: list[str] = []
    container = _container(parsed, short_ids, exclude, skip)
    all_blocks = [b for p in parsed for b in p.blocks.members]
    if len(all_blocks) < 2:
        # what repeats from post to post (the author's place, the chrome around the words)
        # cannot be seen in one post: every field below is a guess
        unconfirmed.append("one post: these pages hold a single post, so nothing could be compared between "
                           "posts; learn from a page with several posts")
    notes["selectors.post.container"] = _container_note(container, parsed)
    timed_all: dict = {}
    for p in parsed:
        timed_all.update({k: v for k, v in p.timed.items() if v.element not in exclude})

    time_guess = fields.find_time(all_blocks, timed_all)
    time_els = [fields.element_of(b, time_guess[0]) if time_guess else None for b in all_blocks]
    author = fields.find_author(all_blocks, [[t] for t in time_els])
    if author is None:
        raise _NoFields(f"{parsed[0].source}: в блоках {what} ({container}) не найден автор: "
                        "короткое имя, которое повторяется в каждом посте и различается между постами "
                        f"(первый пост: {_shown_block(all_blocks[0])})", container)
    author_els = [fields.element_of(b, author) for b in all_blocks]
    shown = [fields.own_time_elements(b, time_guess[0], timed_all) if time_guess else [] for b in all_blocks]
    body = fields.find_body(all_blocks, [[a, t, *s] for a, t, s in zip(author_els, time_els, shown)], skip_bodies)
    if body is None:
        raise _NoFields(f"{parsed[0].source}: в блоках {what} ({container}) не найден текст поста: ни один элемент "
                        "не держит в каждом посте его слова отдельно от автора и времени, и разные в разных постах "
                        f"(первый пост: {_shown_block(all_blocks[0])})" + (
                            f"; отвергнуты проверкой: {', '.join(sorted(skip_bodies))}" if skip_bodies else ""), container)
    pid = fields.find_id(all_blocks, parsed[0].blocks.how, pages=len(parsed))
    if pid is None:
        # (no numbered id nor attribute: the number the post's own link carries, «#post-7»)
        pid = _linked_number(all_blocks)
    if pid is None:
        raise _NoFields(f"{parsed[0].source}: в блоках {what} ({container}) не найден номер поста: "
                        f"ни id блока, ни атрибута с номером, ни ссылки на пост (первый пост: {_shown_block(all_blocks[0])})",
                        container)

    post: dict = {"container": container, "id": pid.as_yaml(), "author": author.as_yaml(), "body": body.as_yaml()}
    notes["selectors.post.id"] = pid.note
    notes["selectors.post.author"] = author.note
    notes["selectors.post.body"] = body.note
    dates: dict = {}
    if time_guess is None:
        missing.append("time")
    else:
        guess, formats = time_guess
        post["time"] = guess.as_yaml()
        notes["selectors.post.time"] = guess.note
        dates["formats"] = list(formats)
        notes["dates.formats"] = "the date forms that read every post's time"
        if fields.relative_only(guess):
            notes["dates.formats"] = "every post's time here is relative: forms written with the same clock"
            unconfirmed.append("dates: every time on these pages is relative («Сегодня 11:41»): the form of "
                               "older dates is not shown; dates.formats lists every known form with the same "
                               "clock: keep the forum's one")
    edited = fields.find_edited(all_blocks)
    if edited is not None:
        post["edited"] = edited.as_yaml()
        notes["selectors.post.edited"] = edited.note
    else:
        unconfirmed.append("edits: no post of these pages shows an edit notice; selectors.post.edited is not set")

    bodies = [fields.first(b, body.selector) for b in all_blocks]
    parts = fields.find_body_parts(bodies)
    # no quote on these pages: the common <blockquote> is kept (null would read a later quote as words)
    body_rules: dict = {"quote": parts.quote or "blockquote"}
    strike = fields.find_strike(bodies, " ".join(p.css for p in parsed))
    if strike is not None:
        body_rules["strike"] = strike.selector
        notes["selectors.body.strike"] = strike.note
        if not strike.confirmed:
            unconfirmed.append("strike: struck-out text is known by its class name only (the stylesheet that "
                               "draws it is not on the page): check a struck-out vote reads as struck")
    drops = list(body.drops) + [d for d in fields.find_drops(bodies) if d != body.selector]
    code_heads = fields.find_code_headers(bodies)
    drops += code_heads
    notices = fields.find_notices(bodies)
    if notices:
        drops += notices
        unconfirmed.append("drop: lines taken for the forum's own notices inside posts (the same words but for "
                           "the numbers, in a style of their own, alone on their line): "
                           + "; ".join(notices))
    if edited is not None and edited.selector:
        # an edit notice inside the body is no part of the post's words (nor is what the forum
        # writes in an element of the notice's own kind: no author's markup makes that)
        if any(b is not None and fields.first(b, edited.selector) is not None for b in bodies):
            drops += (edited.kind or edited.selector).split(", ")
    if drops:
        body_rules["drop"] = fields.union(drops)
        notes["selectors.body.drop"] = "inside the body but no post's own words: buttons and folds that say " \
                                       "the same in every post, the edit notice" + (
                                           ", a code box's header («Code: Select all»)" if code_heads else "") + (
                                           ", the forum's notice lines («…спустя 06 с:»)" if notices else "")
    notes["selectors.body.quote"] = ("quotes inside the body (taken apart from the post's own text)"
                                     if parts.quote else "no quote on these pages: <blockquote>, the common one, "
                                     "is assumed")
    if parts.quote_header:
        body_rules["quote_header"] = parts.quote_header
        notes["selectors.body.quote_header"] = "the quote's «X wrote:» line, dropped from the quote's text"
    if parts.spoiler:
        body_rules["spoiler"] = parts.spoiler
        notes["selectors.body.spoiler"] = "spoiler blocks inside the body"
        if parts.spoiler_header:
            body_rules["spoiler_header"] = parts.spoiler_header
    lines = fields.find_quote_lines(bodies) if not parts.quote else None
    if lines:
        body_rules["quote_lines"] = lines
        notes["selectors.body.quote_lines"] = ("quotes drawn as text: lines opening with «>» (another post's words "
                                               "among them), taken apart from the post's own text")
        unconfirmed.append("quote_lines: the quotes are text lines opening with «>», not elements: a player's own "
                           "line opening so is read as a quote")
    elif not parts.quote:
        unconfirmed.append("quotes: no quote on these pages; selectors.body.quote is the common blockquote")
    if not parts.spoiler:
        unconfirmed.append("spoilers: no spoiler on these pages; selectors.body.spoiler is not set")
    notice = fields.find_notice_lines(bodies)
    if notice:
        body_rules["notice_lines"] = notice
        notes["selectors.body.notice_lines"] = ("an edit notice written as bare text on a line of its own, in no "
                                                "element: that line is taken out of the post's words")
        unconfirmed.append(f"notice_lines: a line of a post matching {notice} is read as the forum's edit notice "
                           "and left out: a player's own line opening so is left out too")

    return _Posts(post, body_rules, dates, notes, missing, unconfirmed, container)


def _combined(pages: list[_Page]) -> _Page:
    """The pages side by side in one document: conversation pages show one message or a few,
    too few to see what repeats; together they show as many as all of them. The pages'
    bodies become <div>s of one <body>, so selectors learned here select on each page alone."""
    from lxml import etree, html as lxml_html
    root = lxml_html.Element("html")
    body = etree.SubElement(root, "body")
    for p in pages:
        inner = p.root.find("body")
        inner = inner if inner is not None else p.root
        holder = etree.SubElement(body, "div")
        holder.text = inner.text
        for child in inner:
            holder.append(copy.deepcopy(child))
    source = pages[0].source if len(pages) == 1 else f"{pages[0].source} (+{len(pages) - 1})"
    return _Page(source, root, times.timed_elements(root))


def _learn_pm(pm: PmPages, data: dict, notes: dict, missing: list, unconfirmed: list, posts: _Posts) -> None:
    """selectors.pm_message from the conversation pages, selectors.pm_inbox from the inbox,
    urls.pm_inbox, and the login form (reading PMs needs the GM's login)."""
    from scraper.learn import inbox as inbox_mod
    selectors = data["selectors"]
    seen, conv_pages = set(), []
    for content, source in pm.conversations:
        key = source.split("#", 1)[0]
        if key not in seen:
            seen.add(key)
            conv_pages.append(_parse(content, source))
    conversations: list = []
    if conv_pages:
        try:
            combined = _combined(conv_pages)
            learned = _learn_pm_posts(combined)
        except LearnError as exc:
            missing.append("pm_message")
            unconfirmed.append(f"pm_message: {exc}")
            learned = None
        if learned is not None:
            learned.post = _thread_fields(learned, posts, combined)
            selectors["pm_message"] = learned.post
            if learned.dates:
                formats = data.setdefault("dates", {}).setdefault("formats", [])
                formats += [f for f in learned.dates["formats"] if f not in formats]
            for key, note in learned.notes.items():
                if key.startswith("selectors.post."):
                    notes["selectors.pm_message." + key[len("selectors.post."):]] = note
            conversations = _conversations(data, pm.conversations)
    else:
        missing.append("pm_message")
    if pm.inbox:
        content, source = pm.inbox[0]
        page = _parse(content, source)
        guess = inbox_mod.find_inbox(page.root, source, conversations, pm.gm, page.timed)
        if guess is None:
            missing.append("pm_inbox")
        else:
            selectors["pm_inbox"] = guess.as_yaml()
            notes.update(guess.notes)
            # (an ancestor of the rows is no sign: FluxBB's is gone from its empty list, Misago's
            # is on every page, an error page too; so neither is guessed from a page with rows)
            unconfirmed.append("selectors.pm_inbox.empty: not learned (no empty inbox read): until it names what "
                               "the forum's empty PM list shows (its «no messages» row), an inbox listing nothing "
                               "is a failed read, never an empty one")
            if not guess.matched:
                unconfirmed.append("pm_inbox: no conversation page of the inbox's rows was read; rows are "
                                   "taken for conversations, without a message count")
            if urlsplit(source).scheme in ("http", "https"):
                data.setdefault("urls", {})["pm_inbox"] = _template(source)
                notes["urls.pm_inbox"] = "the inbox page the rows were learned from"
            else:
                unconfirmed.append("urls.pm_inbox: learned from a saved page: set it to the inbox's address "
                                   "({base}/...)")
    else:
        missing.append("pm_inbox")
    login = forms.find_login(_parse(*pm.login).root, pm.login[1]) if pm.login else None
    if login is None:
        missing.append("login")
    else:
        data["login"] = {"username_field": login.username, "password_field": login.password,
                         "min_form_age": LOGIN_FORM_AGE}
        notes["login"] = (f"the login form ({login.selector}); sent {LOGIN_FORM_AGE:g} s after it is shown, as a "
                          "person would (some forums refuse a form sent at once)")
        if urlsplit(login.page).scheme in ("http", "https"):
            # (where the forum would send us after logging in says nothing of the login page)
            data.setdefault("urls", {})["login"] = re.sub(r"(?i)[?&;](?:next|redirect|return(?:_?to)?|referer)=[^&;#]*",
                                                          "", _template(login.page)).replace("?&", "?")
        else:
            unconfirmed.append("urls.login: learned from a saved page: set it to the login page's address")


def _learn_pm_posts(page: _Page) -> _Posts:
    """The messages of conversation pages put side by side (`_combined`). Their numbers may be
    short (a young forum's messages count from 1). Blocks whose texts repeat are the pages'
    own chrome (a notifications list every page shows), not messages: left out, and looked again."""
    exclude: set = set()
    for _ in range(3):
        _container([page], True, frozenset(exclude))
        texts = [tree.text(m) for m in page.blocks.members]
        if len(set(texts)) == len(texts):
            break
        for m in page.blocks.members:
            exclude.update(m.iter())
            node = m.getparent()
            while node is not None:        # the chrome's holders hold no message's time either
                exclude.add(node) if all(tree.contains(m, t.element) or not tree.contains(node, t.element)
                                         for t in page.timed.values()) else None
                node = node.getparent()
    for _ in range(3):
        posts = _learn_posts([page], "сообщений", short_ids=True, exclude=frozenset(exclude))
        said = _members_dates(page, posts)
        if not said:
            break
        exclude.update(said)
    return posts


_MEMBERS_DATE = re.compile(r"(?i)join|regist|member since|last (?:visit|active|seen)|регистр|с нами|"
                           r"последн\w* (?:визит|посещ|активн)")


def _members_dates(page: _Page, posts: _Posts) -> set:
    """The learned time's elements when they say a member's date (joined, last visit), by their
    class or their label: with a few messages in no order, a join date passes for a message's."""
    time = posts.post.get("time")
    if time is None:
        return set()
    rules = time if isinstance(time, list) else [time]
    out: set = set()
    for rule in rules:
        sel = rule if isinstance(rule, str) else rule.get("selector")
        if not sel:
            continue
        for block in page.blocks.members:
            el = fields.first(block, sel)
            if el is not None and (_MEMBERS_DATE.search(sel) or _MEMBERS_DATE.search(tree.text(el)[:40])):
                out.update(el.iter())
    return out


def _thread_fields(pm_posts: _Posts, thread: _Posts, page: _Page) -> dict:
    """The PM's fields as the thread's posts have them, where those read every message too:
    most engines draw a message with the post's own template, and the thread's pages (more
    posts, in order) teach the time and the body better than a few messages do."""
    out = dict(pm_posts.post)
    formats = tuple((thread.dates or {}).get("formats") or ()) + tuple((pm_posts.dates or {}).get("formats") or ())
    for key in ("time", "body", "author", "edited"):
        if key not in thread.post or thread.post.get(key) == out.get(key):
            continue
        trial = {**out, key: thread.post[key]}
        data = {"engine": "learned", "selectors": {"post": trial}, "dates": {"formats": list(formats) or ["iso"]}}
        try:
            profile = profile_from_mapping(data, "pm")
            from scraper.extract import extract_from_tree
            read = extract_from_tree(page.root, profile, page.source)
        except (ScraperError, ValueError):
            continue
        if len(read.posts) != len(page.blocks.members):
            continue
        values = [{"time": p.posted_at, "body": p.text, "author": p.author, "edited": True}[key] for p in read.posts]
        if key == "edited" or all(values):
            out[key] = thread.post[key]
    return out


def _linked_number(blocks: list):
    """A message's number in its own links (`private.php?action=delete&pmid=7`, a permalink
    `#msg207`, `#post-7`): a query parameter or a fragment that differs in every message, the
    first link carrying it."""
    params: dict[str, list] = {}
    for b in blocks:
        seen = {}
        for a in b.iter("a"):
            href = (a.get("href") or "").replace("&amp;", "&")
            for name, value in re.findall(r"[?&;](\w*(?:id|msg|p))=(\d+)", href):
                seen.setdefault(("query", name), (a, value))
            fragment = re.search(r"#([A-Za-z][A-Za-z_-]*?)[_-]?(\d+)$", href)
            if fragment:
                seen.setdefault(("fragment", fragment.group(1)), (a, fragment.group(2)))
        for name, hit in seen.items():
            params.setdefault(name, []).append(hit)
    for (kind, name), hits in sorted(params.items(), key=lambda kv: -len(kv[1])):
        if len(hits) != len(blocks) or len({v for _, v in hits}) != len(blocks):
            continue
        if kind == "query":
            rx, sel, said = rf"[?&;]{name}=(\d+)", f"a[href*='{name}=']", f"{name}="
        else:
            rx, sel, said = rf"#{name}[_-]?(\d+)$", f"a[href*='#{name}']", f"#{name}…"
        if all(fields.first(b, sel) is not None and re.search(rx, fields.first(b, sel).get("href") or "")
               for b in blocks):
            return fields.FieldGuess(sel, "href", rx, f"the message's number in its own links ({said})")
    return None


# seconds between fetching a reply or PM form and sending it (phpBB wants two)
WRITE_FORM_AGE = 3.0

# seconds between fetching the login form and sending it: phpBB wants about one, FluxBB's
# anti-bot addon three; a person takes longer than either
LOGIN_FORM_AGE = 4.0


_SESSION_PARAM = re.compile(r"(?i)(?<=[?&;])(?:sid|s|phpsessid|sessionid)=[0-9A-Za-z]{16,}(?:&amp;|[&;]|$)")


def _template(url: str) -> str:
    """A page's address under {base}, without its fragment and the session id a guest's
    links carry (phpBB's `sid=`): the session is the client's cookie."""
    parts = urlsplit(url)
    rest = url[len(f"{parts.scheme}://{parts.netloc}"):].split("#", 1)[0]
    rest = _SESSION_PARAM.sub("", rest).rstrip("?&;")
    return "{base}" + (rest or "/")


def _conversations(data: dict, pages) -> list:
    """Each conversation page as the learned pm_message reads it (its messages' ids and authors)."""
    from scraper.decode import parse_html as parse
    from scraper.extract import extract_from_tree
    from scraper.learn.inbox import Conversation
    profile = profile_from_mapping(data, "learned")
    out = []
    for content, source in pages:
        root = _parse(content, source).root
        try:
            read = extract_from_tree(parse(content, profile.encoding), profile, source, rules=profile.pm_message)
            ids, authors = tuple(p.id for p in read.posts), tuple(p.author for p in read.posts)
        except ScraperError:
            ids, authors = (), ()
        out.append(Conversation(source if urlsplit(source).scheme in ("http", "https") else None,
                                tree.text(root), ids, authors))
    return out


def _container(parsed: list[_Page], short_ids: bool = False, exclude: frozenset = frozenset(),
               skip: frozenset = frozenset()) -> str:
    """The post container, the same selector on every page (none of `skip`: blocks tried already)."""
    for p in parsed:
        marked = _holding_times(p) - exclude
        p.blocks = blocks_mod.find_blocks(p.root, lambda el, m=marked: el in m, short_ids=short_ids, skip=skip)
        if p.blocks is None:
            p.blocks = blocks_mod.find_blocks_untimed(p.root, skip=skip)
        if p.blocks is None:
            raise LearnError(f"{p.source}: не найдены повторяющиеся блоки постов (элементы с номером "
                             "поста и временем или автором в каждом): это страница темы?")
    # the page with the most posts says best what a post block is (a last page of one post
    # shows a class of that one post too: FluxBB's «rowodd»)
    ref = max(parsed, key=lambda p: len(p.blocks.members))
    first = ref.blocks.selector
    for p in parsed:
        if p.blocks.selector != first:
            from config.select import select
            try:
                again = select(p.root, first)
            except ValueError:
                again = []
            if not again:
                raise LearnError(f"{p.source}: блоки постов здесь другие ({p.blocks.selector}), чем на "
                                 f"{ref.source} ({first}): это страницы одной темы?")
            p.blocks = blocks_mod.Blocks(first, tuple(again), ref.blocks.how)
    return first


def _holding_times(page: _Page) -> set:
    """Every element that holds a time (itself or below): the post blocks are among them.
    (A set of the elements themselves, not of id(): lxml's element proxies die and their
    ids come back for other elements when nothing holds them.)"""
    marked: set = set()
    for hit in page.timed.values():
        node = hit.element
        while node is not None and node not in marked:
            marked.add(node)
            node = node.getparent()
    return marked


def _container_note(selector: str, parsed: list[_Page]) -> str:
    counts = ", ".join(str(len(p.blocks.members)) for p in parsed)
    how = {"id": "a numbered id", "attr": "a post-id attribute", "class": "a class",
           "sibling": "repeated siblings of one holder"}[parsed[0].blocks.how]
    return f"one element per post, found by {how}: {counts} on the page(s) read"


def _urls(source: str) -> dict:
    parts = urlsplit(source)
    if parts.scheme not in ("http", "https"):
        return {}
    return {"base": f"{parts.scheme}://{parts.netloc}"}


_ID_IN_LINK = r"(?:[#?&;/](?:p|pid|post|msg|entry)[=_-]?|/post/|#post-|\.msg)(\d+)"


def thread_template(page_url: str) -> str | None:
    """The thread's page as a template: the site as {base}, the thread's number (where gorod
    reads it from the game's thread_url) as {thread}; None when the URL holds no number."""
    rest = _template(page_url)[len("{base}"):]
    for pattern in paging.THREAD_IN_URL:
        m = re.search(pattern, rest)
        if m:
            return "{base}" + rest[:m.start(1)] + "{thread}" + rest[m.end(1):]
    return None


def _reply_url(page_url: str | None, action: str) -> str | None:
    """Where the writer fetches the reply form: the page it was found on (the thread's page, or
    its «Ответить» page), as a template (`thread_template`). From saved pages: the form's action
    under {base}, when it names the thread. None: no thread number to put in (a reply page of a
    fixed thread would post every reply there)."""
    if not page_url:
        path = urlsplit(action).path + ("?" + urlsplit(action).query if urlsplit(action).query else "")
        template = thread_template("http://x/" + re.sub(r"^(?:\./|/)+", "", path))
        return template
    return thread_template(page_url)


def _write(parsed: list[_Page], inbox, pm: "PmPages | None" = None, gm: list[_Page] = ()
           ) -> tuple[dict | None, dict]:
    """write.reply from the reply form on the thread's pages; write.pm from the new-PM page's
    form (`inbox`: that page), its sent list and outbox from the inbox's folder links."""
    notes: dict[str, str] = {}
    source = parsed[0].source
    url = source if urlsplit(source).scheme in ("http", "https") else None
    form, form_page = None, source
    for p in list(gm) + parsed:
        form = forms.find_form(p.root, p.source if urlsplit(p.source).scheme in ("http", "https") else None)
        if form is not None:
            form_page = p.source
            break
    if form is None:
        return None, notes
    reply_url = _reply_url(form_page if form_page.startswith(("http://", "https://")) else None, form.action)
    if reply_url is None:
        notes["write"] = f"the reply form of {form_page} names no thread number: write: not proposed"
        return None, notes
    reply: dict = {"url": reply_url, "form": form.selector, "text": form.text,
                   "created": {"location": _ID_IN_LINK, "body": _ID_IN_REFRESH}}
    last = thread_template(url) if url else None
    if last:
        # a forum that answers with the thread's newest page (SMF's `topic=3.new`): our post is
        # looked for from page 1 on, by our name and words
        reply["created"]["last_page"] = True
    if form.subject:
        reply["subject"] = form.subject
    if form.submit:
        reply["fields"] = dict(form.submit)
    notes["write.reply"] = (f"the reply form on the thread page ({form.selector}, its textarea «{form.text}»); "
                            "the new post's id is looked for in the forum's redirect, or in the "
                            "«message posted» page's refresh")
    write: dict = {"reply": reply, "min_form_age": WRITE_FORM_AGE}
    notes["write.min_form_age"] = (f"seconds between fetching a form and sending it, as a person would: some forums "
                                   "(phpBB) refuse a form sent at once")
    if last:
        write["last_page"] = last
        notes["write.last_page"] = "the thread's first page: the crash lookup reads from there to its end"
    if inbox is not None:
        content, where = inbox
        live = urlsplit(where).scheme in ("http", "https")
        root = _parse(content, where).root
        found = forms.find_form(root, where if live else None, pm=True)
        if found is not None and found.to:
            form_pm = {"url": _template(where) if live else where, "form": found.selector, "text": found.text,
                       "to": found.to}
            if found.subject:
                form_pm["subject"] = found.subject
            if found.submit:
                form_pm["fields"] = dict(found.submit)
            if found.add:
                form_pm["add_recipients"] = dict(found.add)
            if root.xpath("//textarea[@name=$n]", n=found.to):
                form_pm["to_separator"] = "\n"     # one recipient a line
            folders = _pm_folders(pm) if pm is not None else {}
            form_pm.update(folders)
            write["pm"] = form_pm
            notes["write.pm"] = (f"the PM form of {where} ({found.selector}, recipient field «{found.to}»)"
                                 + (f"; a sent PM is looked for in {folders['sent_list']}" if folders.get("sent_list")
                                    else "") + (", first in the outbox" if folders.get("outbox") else ""))
    return write, notes


_ID_IN_REFRESH = r"""(?i)http-equiv=["']?refresh[^>]*url=[^"'>]*?""" + _ID_IN_LINK
_SENT = re.compile(r"(?i)\bsent\b|sentbox|отправленн")
_OUTBOX = re.compile(r"(?i)outbox|исходящ")


def _pm_folders(pm: "PmPages") -> dict:
    """The sent folder and the outbox (phpBB keeps a PM there until it is read), from the inbox
    page's links; a forum whose list shows whole conversations (ours too) needs neither."""
    if not pm.inbox:
        return {}
    content, source = pm.inbox[0]
    root = _parse(content, source).root
    live = urlsplit(source).scheme in ("http", "https")
    out: dict = {}
    from urllib.parse import urljoin
    for a in root.iter("a"):
        label, href = tree.text(a), (a.get("href") or "").replace("&amp;", "&")
        if not href or href.startswith(("#", "javascript:")) or re.search(r"(?i)sort|order=", href):
            continue
        where = _template(urljoin(source, href)) if live else href
        if "sent_list" not in out and (_SENT.search(label) or re.search(r"(?i)sentbox|[?&;]f(?:older)?=sent", href)):
            out["sent_list"] = where
        if "outbox" not in out and (_OUTBOX.search(label) or re.search(r"(?i)folder=outbox", href)):
            out["outbox"] = where
    return out
