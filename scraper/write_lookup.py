"""Finding on the forum what we posted: our newest post in a thread, a PM by its subject.

    find_own_post(client, profile, url, author="gm", after=41, text=draft) -> Created | None
    find_sent_pm(client, profile, url, subject="Город N: ваша роль", text=draft) -> Created | None

Used twice: by the writer, on engines whose answer to a reply names no post id (it reads
the thread's last page: our post after `after` with our words is the new one), and after
a crash, to learn whether a part whose intent was stored reached the forum before
sending it again (`gorod.loop.publish`). Both read pages with the profile's own
selectors, so they work on every engine the scraper reads.

PM titles are the drafts' own («Город N: Ночь 1»), the same for every player: a PM is
ours when its subject is the title AND its conversation holds a message with the
draft's words (all of them: `same_pm_words`) AND the list's row, where it names a
recipient, names ours; conversations already accounted for (`exclude`: their ids) are
skipped, so two PMs with the same title and text are told apart too.

A post is ours when its author is the GM's account and its words are the draft's words
(`words()`: letters and digits, case-folded, markup dropped; a forum's rendering changes
spacing, escapes and markup, not words). A forum may add words (a signature the profile
does not drop, a smiley's text): a draft of at least `PREFIX` letters is also found when
the post's words begin with the draft's first `PREFIX` letters.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from config.profiles import Profile
from scraper.extract import extract_from_tree, extract_json, extract_posts, parse_html
from scraper.errors import ScraperError
from scraper.http import HttpClient
from config.select import compile_selector
from scraper.inbox import extract_inbox
from scraper.text import element_text

PREFIX = 200
MAX_PAGES = 5


@dataclass(frozen=True)
class Created:
    """What a confirmed write created: its id and its URL on the forum."""

    id: int
    url: str


def words(text: str) -> str:
    """Letters and digits only, case-folded, BBCode tags dropped: how a draft and the
    forum's rendering of it are compared."""
    text = re.sub(r"\[/?[a-z*]+(=[^\]\n]*)?\]", "", text, flags=re.IGNORECASE)
    return "".join(ch for ch in text.replace("ё", "е").replace("Ё", "Е").casefold() if ch.isalnum())


# What the extractor takes out of a post's own text (quotes, spoilers, struck and hidden parts)
# is taken out of the draft too before the words are compared: a reply quoting a post is
# found by the words of its own.
_SET_APART = re.compile(r"\[(quote|spoiler|s|strike|hide)\b[^\]]*\].*?\[/\1\]", re.IGNORECASE | re.DOTALL)
_MARKDOWN_QUOTE = re.compile(r"^>.*$", re.MULTILINE)


def own_words(draft: str) -> str:
    """The draft's text less the parts a forum shows apart from the post's own text."""
    previous = None
    while previous != draft:   # nested quotes: innermost first
        previous, draft = draft, _SET_APART.sub(" ", draft)
    return _MARKDOWN_QUOTE.sub(" ", draft)


def same_words(draft: str, post: str) -> bool:
    want, got = words(own_words(draft)), words(post)
    if want == got:
        return True
    return len(want) >= PREFIX and got.startswith(want[:PREFIX])


def fill(template: str, client: HttpClient, **values: Any) -> str:
    return template.format(base=client.base_url.rstrip("/"), **values)


def post_url(profile: Profile, client: HttpClient, post_id: int | str, page_url: str) -> str:
    """A post's own link: the profile's `write.post_url`, else `urls.post`, else its page's URL
    with the `#p<id>` anchor most engines give a post."""
    template = (profile.write.post_url if profile.write else None) or profile.urls.get("post")
    if template:
        return client.url(fill(template, client, post=post_id))
    return page_url.split("#")[0] + f"#p{post_id}"


def merged_words(draft: str, post: str) -> bool:
    """The post holds the draft's words after words of its own: a reply glued to it."""
    want, got = words(own_words(draft)), words(post)
    return bool(want) and got != want and got.endswith(want)


def find_own_post(client: HttpClient, profile: Profile, url: str, *, author: str, after: int | None,
                  text: str, max_pages: int = MAX_PAGES, merges: bool = False) -> Created | None:
    """Our post (by `author`, with `text`'s words, id greater than `after`) on the page at
    `url` or the pages after it (at most `max_pages`); the newest if several. `merges`
    (a forum that glues consecutive posts of one author): else the thread's last post,
    whatever its id, when it is ours and ends with `text`'s words."""
    found: Created | None = None
    last = None
    seen: set[str] = set()
    current: str | None = url
    while current and current not in seen and len(seen) < max_pages:
        seen.add(current)
        page = client.get(current, auth=True)
        extracted = extract_posts(page.content, profile, page.url, url=page.url)
        for post in extracted.posts:
            last = (post, page.url)
            if not post.id.isdigit() or (after is not None and int(post.id) <= after):
                continue
            if post.author.casefold() == author.casefold() and same_words(text, post.text):
                found = Created(int(post.id), post_url(profile, client, post.id, page.url))
        current = extracted.next_url
    if found is None and merges and last is not None:
        post, page_url = last
        if post.id.isdigit() and post.author.casefold() == author.casefold() and merged_words(text, post.text):
            found = Created(int(post.id), post_url(profile, client, post.id, page_url))
    return found


def find_sent_pm(client: HttpClient, profile: Profile, url: str, *, subject: str, text: str | None = None,
                 exclude: frozenset[str] = frozenset(), to: str | None = None, me: str | None = None,
                 max_pages: int = MAX_PAGES) -> Created | None:
    """A conversation with this subject in the PM list at `url`, newest first as the list
    shows them; with `text`, one whose first page holds a message with `text`'s words
    (titles are not unique); never one whose id is in `exclude`; with `to`, never one whose
    row names someone else (a sent list's recipient column; a list of conversations may
    name their starter, `me`, the GM)."""
    if profile.pm_inbox is None and profile.pm_json is None:
        return None
    current: str | None = url
    pages = 0
    while current and pages < max_pages:
        page = client.get(current, auth=True)
        pages += 1
        listing = extract_inbox(page.content, profile, page.url)
        for entry in listing.entries:
            # a JSON conversation (pm_json: its count is of messages) opened without its
            # message (NodeBB: a crash between the two calls) is not a PM sent
            empty = profile.pm_json is not None and entry.count == 0
            if entry.subject.strip() != subject.strip() or not entry.id.isdigit() or entry.id in exclude or empty:
                continue
            if to is not None and not _may_be_to(entry.sender, to, me):
                continue
            if text is None or _conversation_holds(client, profile, entry.url, text, entry.id, to):
                return Created(int(entry.id), client.url(entry.url))
        current = listing.next_url
    return None


def _may_be_to(shown: str | None, to: str, me: str | None) -> bool:
    """A row naming `shown` may be our PM to `to`: it names him, or us, or nobody."""
    if not shown or not shown.strip():
        return True
    names = {n.strip().casefold() for n in re.split(r"[,;\n]", shown) if n.strip()}
    return to.casefold() in names or (me is not None and me.casefold() in names)


def same_pm_words(draft: str, message: str) -> bool:
    """A conversation's message is the draft's PM: the same words, or the same words and
    more after them (a signature the profile does not drop). Not `same_words`' first
    `PREFIX` letters: two PMs of one title whose texts part after them (a long night
    result) would both be confirmed by one conversation."""
    want, got = words(own_words(draft)), words(message)
    return bool(want) and (want == got or got.startswith(want))


def _conversation_holds(client: HttpClient, profile: Profile, url: str, text: str, entry_id: str,
                        to: str | None = None) -> bool:
    """The conversation's first page (its messages, on a JSON forum) has a message with
    `text`'s words (we started it), read as the PM poller reads it; with `to`, where the
    page names its members (`selectors.pm_participants`), he is one of them. Where the
    list's rows are messages (`pm_inbox.rows: messages`), only the row's own message counts:
    SMF's page of a row shows the folder's every message, so PMs of one title would all
    match the first row."""
    from scraper.poll import _first_page, pm_messages_rules   # the poller's own reading

    if profile.pm_json is not None:
        page = client.get(url, auth=True)
        extracted = extract_json(page.content, profile, page.url, rules=pm_messages_rules(profile.pm_json))
    else:
        page = client.get(_first_page(url), auth=True)
        if to is not None and not _among_participants(page.content, profile, to):
            return False
        if profile.pm_message is not None:
            # a PM page read with the PM message selectors, as the poller reads it (MyBB's
            # has post-like blocks without ids, which the post selectors refuse)
            try:
                extracted = extract_from_tree(parse_html(page.content, profile.encoding), profile, page.url,
                                              url=page.url, rules=profile.pm_message)
                if any(same_pm_words(text, post.text) for post in _own(extracted.posts, profile, entry_id)):
                    return True
            except ScraperError:
                pass
        extracted = extract_posts(page.content, profile, page.url, url=page.url)
    return any(same_pm_words(text, post.text) for post in _own(extracted.posts, profile, entry_id))


def _among_participants(content: bytes, profile: Profile, to: str) -> bool:
    """`to` is a member of the conversation, where its page names them (else: may be)."""
    if not profile.pm_participants:
        return True
    root = parse_html(content, profile.encoding)
    names = {element_text(el).casefold() for el in compile_selector(profile.pm_participants)(root)}
    return not names or to.casefold() in names


def _own(posts, profile: Profile, entry_id: str):
    """The messages a PM list's row stands for: all of its page's, or, where rows are
    messages, the row's own (all of them where none carries its id: a PM is rather found
    as another than not found and sent twice)."""
    if profile.pm_inbox is not None and profile.pm_inbox.rows == "messages":
        return [post for post in posts if post.id == entry_id] or posts
    return posts
