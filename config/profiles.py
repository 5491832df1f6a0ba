"""Forum site profiles: YAML data per engine, validated into frozen dataclasses.

Public API:
    load_profile(name_or_path) -> Profile     # "phpbb3", "mybbru", or a path to a .yaml
    engine_profiles() -> list[Profile]        # every shipped profile (for --profile auto)
    profile_names() -> list[str]
    ProfileError                              # "profiles/phpbb3.yaml: selectors.post.author: обязательный ключ, ..."
    ProfileNotFound                           # no profile of that name, no file at that path

A profile lives in `config/profiles/<name>.yaml` (or anywhere, given as a path).
`extends: <engine profile name or path>` starts from another profile and
overrides keys (dicts merge key by key, everything else replaces), so a GM adds
a forum of a known engine with a few lines of YAML, e.g.

    extends: mybbru
    name: mafiaforum
    timezone: Europe/Moscow
    urls: {base: "https://mafia.rusff.me"}

The schema (every key is checked; unknown keys are errors, to catch typos):

    engine: str                    # which engine's code handles what selectors cannot
    name: str                      # defaults to the file's stem
    description: str
    format: html | json
    encoding: str | null           # forced encoding; null: the page's declared charset, else utf-8
    timezone: IANA zone            # the forum's zone for times written without one
    unconfirmed: [str]             # parts no real page has confirmed
    max_page_mb: number            # the largest answer read from this forum (default 10 MB): more is refused
    urls: {name: template}         # thread_page, pm_inbox, pm_thread, login, reply, send_pm, base ...
    detect: {generator: [regex], markup: [selector], url: [regex]}
    selectors:
      post: {container, id, author, body, time, number, author_id, edited, edit_count, edited_time,
             subject, conversation, skip}
                                   # skip: elements that hold a post's place but are no
                                   # live post (phpBB's moderator view of a soft-deleted one,
                                   # Spirit's removed comment): left out, yet counted in
                                   # their page's place (scraper.wholeness)
      body: {quote, quote_header, spoiler, spoiler_header, strike, hidden, drop, quote_lines, notice_lines}
                                   # quote_lines: a line prefix («> »): lines of the text opening
                                   # with it are a quote (a forum showing Markdown's unrendered)
                                   # notice_lines: a regex: a line of the text it matches whole is
                                   # the forum's notice written as bare text («Edited 1 time(s).
                                   # Last edit at …»), taken out of the post's words
      pagination: {current, last, next, single}
                                   # single: what only a thread of one page shows (MyBB draws
                                   # no page list then): such a page is page 1 of 1, when
                                   # neither current, last nor next is found on it
      pm_inbox: {container, id, subject, sender, time, link, count, rows, empty, listing, pages, held}
                                   # empty: what only an inbox listing nothing shows (its
                                   # «no messages» row); listing: what every inbox page shows,
                                   # rows or none. A page with no row and neither is a failed
                                   # read, never an empty inbox (a changed layout, an error page)
                                   # count: a number that grows with each message of the
                                   # conversation (messages, replies): an unchanged one is
                                   # not read again; rows: conversations (default) |
                                   # messages (phpBB, MyBB 1.8, SMF, vBulletin 3/4 list each
                                   # message: its page is read once, and of the messages it
                                   # shows only the one with the row's id is taken)
                                   # pages: {next, current, last, order, link}: the PM list's
                                   # own pagination (fields as pagination's; without it the
                                   # thread's is tried); link: the next page's address made
                                   # of what next reads ("?start={next}": Misago's pager
                                   # links ?page=, which its view ignores); order: newest (the latest activity
                                   # first: a new message or a reply puts its row on page 1,
                                   # so the poller stops at the first page holding a row it
                                   # saw unchanged) | any (no order to rely on: every page is
                                   # read every pass)
                                   # held: the forum's notice that messages to the account
                                   # are held outside the list (phpBB's full folder; its
                                   # number, if any, is how many): the GM is told, naming it
      pm_message: like post (a PM conversation page)
      pm_participants: selector    # a conversation page's members' names (Spirit's participant
                                   # menu): the crash lookup checks the recipient is one of them
    json:                          # format: json only (Discourse)
      posts: [dotted path]  id, number, author, time, body_html, edit_count, edited_time, page
    dates: {formats: [str], time_formats: [str], months: {name: n}, relative: {word: days back}}
    write:                         # posting approved drafts (scraper.write); see WriteRules
      markup: bbcode | markdown | plain   # what drafts are written in (default: the engine's)
      max_length: int              # characters a post takes (longer drafts are split)
      encoding: str | null         # the form's charset; null: accept-charset, else the page's
      min_form_age: seconds        # wait between fetching a form and sending it (phpBB's lastclick)
      post_url: template           # {base}, {post}: a post's own link (confirmations, crash lookup)
      last_page: template          # {base}, {thread}: the thread's last page (lookups)
      reply: {url, form, text, subject, fields: {name: value}, omit: [name],
              created: {location: regex, body: regex, last_page: bool}}
      pm: {url, form, to, to_separator, subject, text, fields, add_recipients: {name: value},
           created: {location, body, redirect: bool}, sent_list: template,
           outbox: template}      # where a sent PM waits until it is read (phpBB): looked in first
      rate_limited: [regex]        # the forum's flood page; group 1: seconds to wait
      rate_limit_wait: seconds     # when the flood page names no time
      rejected: [regex]            # the forum's words for a refusal
      errors: selector             # where a form shown again says what is wrong
      merges: bool                 # a reply may be glued to our previous post (MyBB.ru)
      limits:                      # what one PM takes (see WriteLimits; unknown: not set)
        title: int                 # characters of a PM's title (drafts' titles are shortened to it)
        pm_length: int             # characters of a PM's text, where less than max_length
        recipients: int            # names one PM takes
        same_title_minutes: int    # a repeated PM title is dropped this long (a double-post
                                   # guard): PM titles get the player's name
    api: {csrf, refusal}           # JSON-API forums (Misago, NodeBB, Discourse): how JSON requests
                                   # carry the CSRF token, where a refusal's words are; with
    login: {api: call}             # a JSON login, `write.reply.api` / `write.pm.api` (calls in
                                   # order instead of a form), `pm_json:` (a JSON PM list and
                                   # messages), `embedded_json:` (post edits a page keeps in its
                                   # scripts' JSON): see config/profile_api.py

    clock:                         # where the forum says which zone its times are in (see ClockRules)
      now: field                   # a page's «Current time: …» (MyBB's footer), in the viewer's zone
      setting: {url: template, zone: field}
                                   # the member's zone setting (MyBB usercp options, Spirit /user/):
                                   # hours from UTC («3», «-3.5») or an IANA name

A *field* (id, author, time, ...) is either a selector string (the text of
the first match), a mapping {selector, attr, regex, required}: `selector`
relative to the post (omitted: the post element itself), `attr` to read an
attribute instead of the text, `regex` to keep its groups (joined by a space)
or the whole match; or a list of such fields, tried in order.

Writing selectors (what the extractor does with them, and what it costs):
- a post field's CSS selector is matched once per page over all the posts, as if
  inside each post: start it from elements of the post itself;
- each distinct selector costs a walk of the posts: alternatives that read two
  attributes of one selector cost one walk, two different selectors two;
- raw `xpath:` field selectors run once per post (they may be positional, like
  `(.//td)[1]`): prefer CSS for fields;
- page-level `xpath:` selectors (pagination) are cheapest anchored on a rare
  element (`//ul[contains(@class, 'pagination')]//span`) rather than `//span[...]`.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import yaml

from config.profile_api import (ApiCall, ApiRules, EmbeddedPosts, PmJsonRules, api_calls, api_rules,
                                embedded_posts, pm_json_rules)
from config.select import BadSelector, compile_selector
from config.yamlfile import NotUtf8, read_utf8, value_kind, yaml_problem

PROFILES_DIR = Path(__file__).resolve().parent / "profiles"


class ProfileError(ValueError):
    """A profile that does not validate; the message (Russian: the GM reads it) names the
    file and key path."""


class ProfileNotFound(ProfileError):
    """No profile to read: an unknown name (`is_path` False) or no file at the path given
    (`is_path` True). A subclass, so callers tell it apart without reading the text."""

    def __init__(self, message: str, *, is_path: bool) -> None:
        super().__init__(message)
        self.is_path = is_path


@dataclass(frozen=True)
class Field:
    """Where a value is: `selector` (None: the context element itself), then
    `attr` (None: the element's text), then `regex` (its groups joined by a
    space, or the whole match). `alternatives`: a list of fields tried in
    order, the first that yields a value wins (written as a YAML list)."""

    selector: str | None = None
    attr: str | None = None
    regex: str | None = None
    required: bool = False
    alternatives: tuple["Field", ...] = ()

    def describe(self) -> str:
        if self.alternatives:
            return " | ".join(a.describe() for a in self.alternatives)
        s = self.selector or "(the post itself)"
        if self.attr:
            s += f" @{self.attr}"
        if self.regex:
            s += f" ~ /{self.regex}/"
        return s


@dataclass(frozen=True)
class PostRules:
    container: str
    id: Field
    author: Field
    body: Field
    time: Field | None = None
    number: Field | None = None
    author_id: Field | None = None
    edited: Field | None = None
    edit_count: Field | None = None
    edited_time: Field | None = None
    subject: Field | None = None
    conversation: Field | None = None
    skip: str | None = None   # containers that are no live post (a moderator's view of a deleted one): left out, yet counted in their page's place (scraper.wholeness)


@dataclass(frozen=True)
class BodyRules:
    quote: str | None = "blockquote"
    quote_header: str | None = None
    spoiler: str | None = None
    spoiler_header: str | None = None
    strike: str | None = "s, strike, del"
    hidden: str | None = None
    drop: str | None = None
    quote_lines: str | None = None   # a line prefix, not a selector: lines opening with it are a quote
    notice_lines: str | None = None  # a regex, not a selector: a line it matches whole is the forum's notice


@dataclass(frozen=True)
class Pagination:
    current: Field | None = None
    last: Field | None = None
    next: Field | None = None
    single: str | None = None      # a selector matching only a thread's only page: page 1 of 1


@dataclass(frozen=True)
class InboxPages:
    """The PM list's own pagination (`selectors.pm_inbox.pages`) and its order."""

    next: Field | None = None
    current: Field | None = None
    last: Field | None = None
    order: str = "newest"          # or "any": see INBOX_ORDERS
    link: str | None = None        # the next page's address from what `next` reads, "{next}" in it


INBOX_ORDERS = ("newest", "any")


@dataclass(frozen=True)
class InboxRules:
    container: str
    id: Field
    subject: Field
    sender: Field | None = None
    time: Field | None = None
    link: Field | None = None
    count: Field | None = None
    rows: str = "conversations"   # or "messages": each row is one message, read once
    empty: str | None = None      # a selector only an inbox listing nothing matches
    listing: str | None = None    # a selector every inbox page matches, with rows or without
    pages: InboxPages | None = None   # the list's pagination; None: the thread's `pagination`
    held: Field | None = None     # the notice of messages held outside the list (phpBB's full folder)


@dataclass(frozen=True)
class JsonRules:
    posts: tuple[str, ...]
    id: str
    author: str
    body_html: str
    number: str | None = None
    time: str | None = None
    edit_count: str | None = None
    edited_time: str | None = None
    author_id: str | None = None


@dataclass(frozen=True)
class Dates:
    formats: tuple[str, ...] = ("iso",)
    time_formats: tuple[str, ...] = ("%H:%M", "%H:%M:%S", "%I:%M %p", "%I:%M:%S %p")
    months: Mapping[str, int] = field(default_factory=dict)
    relative: Mapping[str, int] = field(default_factory=dict)
    # to what the forum's shown times are exact: `minute` (Spirit shows no seconds) or
    # `second`; an order whose shown time cannot be put on one side of a phase boundary
    # is not refused as late (gorod.loop.intake)
    precision: str = "second"

    @property
    def precision_seconds(self) -> int:
        return PRECISIONS[self.precision]


PRECISIONS = {"second": 1, "minute": 60}


@dataclass(frozen=True)
class Detection:
    generator: tuple[str, ...] = ()
    markup: tuple[str, ...] = ()
    url: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewId:
    """How the new post's (or PM's) id is read from the forum's answer to a form:
    `location`, a regex over the redirect's target; `body`, a regex over the answer page
    (a meta refresh or a link on a "message posted" page); `last_page`, else look for our
    newest post on the thread's last page (`WriteRules.last_page`). Group 1 is the id.
    `redirect` (a PM form whose answer never names the PM, and no PM list gorod can
    read): a redirect without errors is taken as sent, id 0."""

    location: str | None = None
    body: str | None = None
    last_page: bool = False
    redirect: bool = False     # PMs only: a redirect with no error is the confirmation (id unknown: 0)


@dataclass(frozen=True)
class WriteForm:
    """One form to fill: where it is (`url`, a template with {base} and {thread}), which
    form of the page (`form`, a selector; None: the first POST form with the `text` field),
    its field names, fixed `fields` (a submit button's name and value: what the browser
    would send that is not a hidden input), fields of the form not to send (`omit`: a
    rich editor's HTML twin that would win over our BBCode), and how the answer names
    what was created."""

    url: str
    text: str
    form: str | None = None
    subject: str | None = None
    to: str | None = None
    to_separator: str = ", "
    fields: Mapping[str, str] = field(default_factory=dict)
    omit: tuple[str, ...] = ()
    add_recipients: Mapping[str, str] = field(default_factory=dict)
    created: NewId = NewId()
    sent_list: str | None = None
    outbox: str | None = None          # a sent PM waits here until read (phpBB), then moves to sent_list
    api: tuple[ApiCall, ...] = ()      # JSON calls instead of a form (config.profile_api)


@dataclass(frozen=True)
class WriteLimits:
    """What the forum takes in one PM, beside the text length of `WriteRules.max_length`
    (`write.limits:`). None: not known (nothing is fitted to it). Drafts are fitted to
    these before the GM approves them (`publisher.fit`), and a write that breaks one is
    refused before it is sent (`scraper.write`).

    `title`: characters of a PM's title (NodeBB refuses a chat name over 50 with HTTP 400;
    phpBB and SMF cut a longer one silently, so the crash lookup would never find it by its
    title); `pm_length`: characters of a PM's text where it differs from `max_length`
    (NodeBB's chat messages: 1000); `recipients`: names one PM takes; `same_title_minutes`:
    how long the forum drops a second PM of the same title from the same sender (Spirit's
    double-post guard, ST_DOUBLE_POST_THRESHOLD_MINUTES: 30), so PM titles are made unique
    with the player's name."""

    title: int | None = None
    pm_length: int | None = None
    recipients: int | None = None
    same_title_minutes: int = 0


@dataclass(frozen=True)
class WriteRules:
    """How an engine takes a reply and a PM (see scraper.write). `merges`: the forum glues
    a reply to the author's own previous post when nobody wrote between (MyBB.ru's
    «Добавлено спустя ...»): the answer then names that older post, now holding our words."""

    reply: WriteForm
    pm: WriteForm | None = None
    markup: str | None = None      # None: the engine's (publisher.markup.markup_for)
    max_length: int = 60000
    encoding: str | None = None
    min_form_age: float = 0.0
    post_url: str | None = None
    last_page: str | None = None
    rate_limited: tuple[str, ...] = ()
    rate_limit_wait: float = 30.0
    rejected: tuple[str, ...] = ()
    errors: str | None = None
    merges: bool = False
    limits: WriteLimits = WriteLimits()

    @property
    def pm_max_length(self) -> int:
        """Characters a PM's text takes (longer ones are split)."""
        return min(self.max_length, self.limits.pm_length or self.max_length)


@dataclass(frozen=True)
class LoginFields:
    """The login form's field names and where its error text is (`login:`); SMF says
    `user`/`passwrd`, vBulletin `vb_login_username`/`vb_login_password`, XenForo `login`."""
    username_field: str = "username"
    password_field: str = "password"
    error: str | None = None
    api: ApiCall | None = None         # a JSON login instead of the form (config.profile_api)
    min_form_age: float = 0.0          # seconds the login form is shown before it is sent (phpBB, FluxBB)
    wait: str | None = None            # a login flood guard's refusal, group 1 its seconds (SMF): wait, retry once


DEFAULT_PAGE_MB = 10.0


@dataclass(frozen=True)
class ClockRules:
    """Where a page states the zone its times are shown in (`clock:`), to check the profile's
    `timezone` against (scraper.forumclock): `now`, a page's statement of the current time
    (read with the profile's dates, it must be the `Date` header's moment); `setting_url`
    and `setting_zone`, the logged-in member's own zone setting (MyBB and Spirit show a
    member the times in his zone): hours from UTC or an IANA name."""

    now: Field | None = None
    setting_url: str | None = None
    setting_zone: Field | None = None


@dataclass(frozen=True)
class Profile:
    name: str
    engine: str
    format: str = "html"
    description: str = ""
    encoding: str | None = None
    timezone: str = "UTC"
    urls: Mapping[str, str] = field(default_factory=dict)
    detect: Detection = Detection()
    post: PostRules | None = None
    body: BodyRules = BodyRules()
    pagination: Pagination = Pagination()
    pm_inbox: InboxRules | None = None
    pm_message: PostRules | None = None
    json: JsonRules | None = None
    dates: Dates = Dates()
    write: WriteRules | None = None
    login: LoginFields = LoginFields()
    unconfirmed: tuple[str, ...] = ()
    path: str = ""
    api: ApiRules | None = None
    pm_json: PmJsonRules | None = None
    embedded_json: EmbeddedPosts | None = None
    pm_participants: str | None = None
    clock: ClockRules = ClockRules()
    max_page_mb: float = 10.0          # DEFAULT_PAGE_MB: a thread page is some 100 KB, a big one 2 MB

    def url(self, key: str, **values: Any) -> str:
        """Fill a URL template: `profile.url("thread_page", base=..., thread=7, page=2)`."""
        template = self.urls.get(key)
        if template is None:
            raise ProfileError(f"{self.path or self.name}: urls.{key}: такого адреса в профиле нет")
        return template.format(**{"base": self.urls.get("base", ""), **values})


# ---------------------------------------------------------------- loading

# The GM's own profiles: a `profiles/` folder beside the game file, and the folders of
# GOROD_PROFILES (separated like PATH). A profile there is found by its name before a shipped
# one of the same name, and `--profile auto` tries them all.
USER_PROFILES_ENV = "GOROD_PROFILES"
GAME_PROFILES_DIR = "profiles"


def user_profile_dirs(game_dir: str | Path | None = None) -> list[Path]:
    """Where the GM's own profiles are: beside the game file first, then GOROD_PROFILES."""
    dirs = [Path(game_dir) / GAME_PROFILES_DIR] if game_dir else []
    dirs += [Path(d).expanduser() for d in os.environ.get(USER_PROFILES_ENV, "").split(os.pathsep) if d]
    return [d for d in dirs if d.is_dir()]


def profile_names() -> list[str]:
    return sorted(p.stem for p in PROFILES_DIR.glob("*.yaml"))


def engine_profiles() -> list[Profile]:
    """Every shipped profile."""
    return [load_profile(n) for n in profile_names()]


def available_profiles(game_dir: str | Path | None = None) -> list[Profile]:
    """The GM's own profiles (see `user_profile_dirs`; without `game_dir`, beside the game
    file GOROD_GAME names) and the shipped ones, for `--profile auto`; a GM's profile named
    like a shipped one takes its place."""
    if game_dir is None and os.environ.get("GOROD_GAME"):
        game_dir = Path(os.environ["GOROD_GAME"]).expanduser().parent
    found: dict[str, Profile] = {}
    for folder in user_profile_dirs(game_dir):
        for path in sorted(folder.glob("*.y*ml")):
            profile = load_profile(path)
            found.setdefault(profile.name, profile)
    for profile in engine_profiles():
        found.setdefault(profile.name, profile)
    return list(found.values())


def locate_profile(name_or_path: str, game_dir: str | Path | None) -> str:
    """What a game file's `forum.profile` names, made independent of the working folder:
    a GM's own profile (a relative path from the game file's folder, or a name found in
    `user_profile_dirs`) becomes its absolute path; a shipped name, `auto` or a profile
    that does not load stays as written (it is reported when the forum is reached)."""
    if name_or_path == "auto":
        return name_or_path
    try:
        path = _resolve(name_or_path, relative_to=Path(game_dir) if game_dir else None,
                        search=user_profile_dirs(game_dir))
    except ProfileError:
        return name_or_path
    return name_or_path if path.parent == PROFILES_DIR else str(path)


_cache: dict[str, Profile] = {}


def load_profile(name_or_path: str | Path, game_dir: str | Path | None = None) -> Profile:
    """Load and validate a profile by name (the GM's own first, see `user_profile_dirs`,
    then the shipped ones) or by path to a YAML file (a relative one from `game_dir`,
    the game file's folder, when given)."""
    path = _resolve(name_or_path, relative_to=Path(game_dir) if game_dir else None,
                    search=user_profile_dirs(game_dir))
    key = str(path)
    if key not in _cache:
        data = _merged(path, seen=())
        _cache[key] = _validate(data, _label(path), path.stem)
    return _cache[key]


def reload_profile(path: str | Path) -> Profile:
    """A profile file read again (its cached reading dropped): after gorod itself edited it
    (`gorod forum check` taking a confirmed entry off `unconfirmed:`)."""
    _cache.pop(str(_resolve(path)), None)
    return load_profile(path)


def profile_from_mapping(data: Mapping, label: str) -> Profile:
    """A profile from a mapping (what a YAML file would hold, without `extends:`), validated
    like a file: `gorod forum learn` checks the profile it learned before writing it."""
    return _validate(dict(data), label, label.rsplit("/", 1)[-1])


def _resolve(name_or_path: str | Path, relative_to: Path | None = None, search: list[Path] = ()) -> Path:
    s = str(name_or_path)
    if s.endswith((".yaml", ".yml")) or "/" in s or "\\" in s:
        p = Path(s).expanduser()
        if not p.is_absolute() and relative_to is not None and (relative_to / p).is_file():
            p = relative_to / p   # beside the file that names it (a game file, an extending profile)
        if not p.is_file():
            where = (f" (ни в текущей папке, ни в {relative_to})"
                     if relative_to is not None and not Path(s).is_absolute() else "")
            raise ProfileNotFound(f"{s}: нет такого файла профиля{where}", is_path=True)
        return p.resolve()
    for folder in search:
        for suffix in (".yaml", ".yml"):
            if (folder / f"{s}{suffix}").is_file():
                return (folder / f"{s}{suffix}").resolve()
    p = PROFILES_DIR / f"{s}.yaml"
    if not p.is_file():
        own = sorted({f.stem for d in search for f in d.glob("*.y*ml")})
        mine = f"; ваши ({', '.join(map(str, search))}): {', '.join(own)}" if own else ""
        raise ProfileNotFound(f"нет такого профиля {s!r}; есть: {', '.join(profile_names())}{mine}", is_path=False)
    return p


def _label(path: Path) -> str:
    try:
        return "profiles/" + str(path.relative_to(PROFILES_DIR))
    except ValueError:
        return str(path)


def _merged(path: Path, seen: tuple[Path, ...]) -> dict:
    label = _label(path)
    if path in seen:
        raise ProfileError(f"{label}: extends: профили расширяют друг друга по кругу: {[str(p) for p in seen]}")
    try:
        data = yaml.safe_load(read_utf8(path))
    except NotUtf8 as exc:
        raise ProfileError(f"{label}: {exc}") from None
    except yaml.YAMLError as exc:
        raise ProfileError(f"{label}: ошибка в YAML: {yaml_problem(exc)}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ProfileError(f"{label}: {TOP}: нужен словарь ключей, а не {value_kind(data)}")
    parent = data.pop("extends", None)
    if parent is None:
        return data
    if not isinstance(parent, str):
        raise ProfileError(f"{label}: extends: нужно имя профиля или путь к файлу, а не {value_kind(parent)}")
    try:
        base = _merged(_resolve(parent, relative_to=path.parent), seen + (path,))
    except ProfileError as exc:
        raise ProfileError(f"{label}: extends: {exc}") from None
    base.pop("name", None)
    return _deep_merge(base, data)


def _deep_merge(base: dict, over: dict) -> dict:
    out = dict(base)
    for k, v in over.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = v
    return out


# ---------------------------------------------------------------- validation

class _V:
    """Validation helpers that carry the file label and key path."""

    def __init__(self, label: str) -> None:
        self.label = label

    def fail(self, path: str, msg: str) -> ProfileError:
        return ProfileError(f"{self.label}: {path or TOP}: {msg}")

    def mapping(self, value: Any, path: str, allowed: set[str], required: set[str] = frozenset()) -> dict:
        if not isinstance(value, dict):
            raise self.fail(path, f"нужен словарь ключей, а не {value_kind(value)}")
        for k in value:
            if k not in allowed:
                raise self.fail(_join(path, str(k)), f"неизвестный ключ (известны: {', '.join(sorted(allowed))})")
        for k in sorted(required):
            if value.get(k) in (None, ""):
                raise self.fail(_join(path, k), REQUIRED)
        return value

    def string(self, value: Any, path: str, optional: bool = True) -> str | None:
        if value is None and optional:
            return None
        if not isinstance(value, str) or (not optional and not value):
            raise self.fail(path, REQUIRED if value is None else
                            "нужна непустая строка" if value == "" else f"нужна строка, а не {value_kind(value)}")
        return value

    def strings(self, value: Any, path: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            kind = "" if isinstance(value, list) else f", а не {value_kind(value)}"
            raise self.fail(path, f"нужен список строк{kind}")
        return tuple(value)

    def selector(self, value: Any, path: str, optional: bool = True) -> str | None:
        s = self.string(value, path, optional)
        if s is not None:
            try:
                compile_selector(s)
            except BadSelector as exc:
                raise self.fail(path, str(exc)) from None
        return s

    def regex(self, value: Any, path: str) -> str | None:
        s = self.string(value, path)
        if s is not None:
            try:
                re.compile(s)
            except re.error as exc:
                raise self.fail(path, f"регулярное выражение не разбирается: «{exc}»") from None
        return s

    def field(self, value: Any, path: str, required: bool = False) -> Field | None:
        if value is None:
            if required:
                raise self.fail(path, REQUIRED)
            return None
        if isinstance(value, str):
            return Field(selector=self.selector(value, path), required=required)
        if isinstance(value, list):
            if not value:
                raise self.fail(path, "пустой список вариантов")
            alts = tuple(self.field(x, f"{path}[{i}]") for i, x in enumerate(value))
            return Field(required=required, alternatives=alts)
        m = self.mapping(value, path, {"selector", "attr", "regex", "required"})
        req = m.get("required", required)
        if not isinstance(req, bool):
            raise self.fail(_join(path, "required"), f"нужно true или false, а не {req!r}")
        return Field(
            selector=self.selector(m.get("selector"), _join(path, "selector")),
            attr=self.string(m.get("attr"), _join(path, "attr")),
            regex=self.regex(m.get("regex"), _join(path, "regex")),
            required=req,
        )


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


TOP = "(верхний уровень)"        # the key path of the file's top mapping
REQUIRED = "обязательный ключ, а его нет"


_POST_KEYS = {"container", "id", "author", "body", "time", "number", "author_id", "edited",
              "edit_count", "edited_time", "subject", "conversation", "skip"}


def _inbox_pages(v, raw, path: str) -> InboxPages | None:
    if raw is None:
        return None
    m = v.mapping(raw, path, {"next", "current", "last", "order", "link"})
    order = m.get("order", "newest")
    if order not in INBOX_ORDERS:
        raise v.fail(_join(path, "order"), f"нужно {' или '.join(INBOX_ORDERS)}, а не {order!r}")
    link = v.string(m.get("link"), _join(path, "link"))
    if link is not None and "{next}" not in link:
        raise v.fail(_join(path, "link"), "нужно {next} в адресе: туда встанет то, что прочитано по next")
    return InboxPages(**{k: v.field(m.get(k), _join(path, k)) for k in ("next", "current", "last")}, order=order,
                      link=link)


def _quote_lines(v: _V, raw: Any) -> str | None:
    prefix = v.string(raw, "selectors.body.quote_lines")
    if prefix is not None and not (prefix.strip() and len(prefix) <= 4 and not any(c.isalnum() for c in prefix)):
        raise v.fail("selectors.body.quote_lines", "нужна короткая приставка из знаков, например «> »")
    return prefix


def _post_rules(v: _V, raw: Any, path: str) -> PostRules:
    m = v.mapping(raw, path, _POST_KEYS, {"container", "id", "author", "body"})
    return PostRules(
        container=v.selector(m["container"], _join(path, "container"), optional=False),
        id=v.field(m["id"], _join(path, "id"), required=True),
        author=v.field(m["author"], _join(path, "author"), required=True),
        body=v.field(m["body"], _join(path, "body"), required=True),
        **{k: v.field(m.get(k), _join(path, k)) for k in
           ("time", "number", "author_id", "edited", "edit_count", "edited_time", "subject", "conversation")},
        skip=v.selector(m.get("skip"), _join(path, "skip")),
    )


def _validate(data: dict, label: str, stem: str) -> Profile:
    v = _V(label)
    top = v.mapping(data, "", {"engine", "name", "description", "format", "encoding", "timezone",
                               "unconfirmed", "urls", "detect", "selectors", "json", "dates", "write",
                               "login", "api", "pm_json", "embedded_json", "clock", "max_page_mb"},
                    {"engine"})
    fmt = top.get("format", "html")
    if fmt not in ("html", "json"):
        raise v.fail("format", f"нужно html или json, а не {fmt!r}")
    zone = v.string(top.get("timezone", "UTC"), "timezone", optional=False)
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise v.fail("timezone", f"неизвестный часовой пояс {zone!r} (например Europe/Moscow)") from None
    encoding = v.string(top.get("encoding"), "encoding")
    if encoding is not None:
        try:
            "".encode(encoding)
        except LookupError:
            raise v.fail("encoding", _unknown_encoding(encoding)) from None

    urls = top.get("urls") or {}
    if not isinstance(urls, dict):
        raise v.fail("urls", f"нужен словарь ключей, а не {value_kind(urls)}")
    for k, u in urls.items():
        v.string(u, _join("urls", str(k)), optional=False)

    d = v.mapping(top.get("detect") or {}, "detect", {"generator", "markup", "url"})
    detect = Detection(
        generator=tuple(v.regex(x, f"detect.generator[{i}]") for i, x in enumerate(v.strings(d.get("generator"), "detect.generator"))),
        markup=tuple(v.selector(x, f"detect.markup[{i}]") for i, x in enumerate(v.strings(d.get("markup"), "detect.markup"))),
        url=tuple(v.regex(x, f"detect.url[{i}]") for i, x in enumerate(v.strings(d.get("url"), "detect.url"))),
    )

    sel = v.mapping(top.get("selectors") or {}, "selectors",
                    {"post", "body", "pagination", "pm_inbox", "pm_message", "pm_participants"},
                    {"post"} if fmt == "html" else set())
    post = _post_rules(v, sel["post"], "selectors.post") if sel.get("post") is not None else None
    pm_message = _post_rules(v, sel["pm_message"], "selectors.pm_message") if sel.get("pm_message") is not None else None
    b = v.mapping(sel.get("body") or {}, "selectors.body", set(BodyRules.__dataclass_fields__))
    defaults = BodyRules()
    body = BodyRules(**{k: v.selector(b.get(k, getattr(defaults, k)), f"selectors.body.{k}")
                        for k in BodyRules.__dataclass_fields__ if k not in ("quote_lines", "notice_lines")},
                     quote_lines=_quote_lines(v, b.get("quote_lines")),
                     notice_lines=v.regex(b["notice_lines"], "selectors.body.notice_lines")
                     if b.get("notice_lines") is not None else None)
    pg = v.mapping(sel.get("pagination") or {}, "selectors.pagination", {"current", "last", "next", "single"})
    pagination = Pagination(**{k: v.field(pg.get(k), f"selectors.pagination.{k}") for k in ("current", "last", "next")},
                            single=v.selector(pg.get("single"), "selectors.pagination.single"))
    pm_inbox = None
    if sel.get("pm_inbox") is not None:
        p = "selectors.pm_inbox"
        m = v.mapping(sel["pm_inbox"], p, {"container", "id", "subject", "sender", "time", "link", "count", "rows",
                                           "empty", "listing", "pages", "held"},
                      {"container", "id", "subject"})
        rows = m.get("rows", "conversations")
        if rows not in ("conversations", "messages"):
            raise v.fail(_join(p, "rows"), f"нужно conversations или messages, а не {rows!r}")
        if rows == "messages" and m.get("count") is not None:
            raise v.fail(_join(p, "count"), "при rows: messages строка списка — одно сообщение, счётчика у неё нет")
        pm_inbox = InboxRules(
            container=v.selector(m["container"], _join(p, "container"), optional=False),
            id=v.field(m["id"], _join(p, "id"), required=True),
            subject=v.field(m["subject"], _join(p, "subject"), required=True),
            sender=v.field(m.get("sender"), _join(p, "sender")),
            time=v.field(m.get("time"), _join(p, "time")),
            link=v.field(m.get("link"), _join(p, "link")),
            count=v.field(m.get("count"), _join(p, "count")),
            rows=rows,
            empty=v.selector(m.get("empty"), _join(p, "empty")),
            listing=v.selector(m.get("listing"), _join(p, "listing")),
            pages=_inbox_pages(v, m.get("pages"), _join(p, "pages")),
            held=v.field(m.get("held"), _join(p, "held")),
        )

    json_rules = None
    if fmt == "json":
        j = v.mapping(top.get("json"), "json", set(JsonRules.__dataclass_fields__), {"posts", "id", "author", "body_html"})
        json_rules = JsonRules(
            posts=v.strings(j["posts"], "json.posts"),
            **{k: v.string(j.get(k), f"json.{k}") for k in JsonRules.__dataclass_fields__ if k != "posts"},
        )
    elif top.get("json") is not None:
        raise v.fail("json", "только при format: json")

    dt = v.mapping(top.get("dates") or {}, "dates", {"formats", "time_formats", "months", "relative", "precision"})
    precision = dt.get("precision", "second")
    if precision not in PRECISIONS:
        raise v.fail("dates.precision", f"нужно {' или '.join(PRECISIONS)}, а не {precision!r}")
    months = dt.get("months") or {}
    relative = dt.get("relative") or {}
    for name, table in (("months", months), ("relative", relative)):
        if not isinstance(table, dict) or not all(isinstance(k, str) and isinstance(n, int) for k, n in table.items()):
            raise v.fail(f"dates.{name}", "нужен словарь слово: целое число")
    dates = Dates(
        formats=v.strings(dt.get("formats"), "dates.formats") or Dates.formats,
        time_formats=v.strings(dt.get("time_formats"), "dates.time_formats") or Dates.time_formats,
        months=dict(months),
        relative=dict(relative),
        precision=precision,
    )
    return Profile(
        name=v.string(top.get("name", stem), "name", optional=False),
        engine=v.string(top["engine"], "engine", optional=False),
        format=fmt,
        description=v.string(top.get("description", ""), "description") or "",
        encoding=encoding,
        timezone=zone,
        urls=dict(urls),
        detect=detect,
        post=post,
        body=body,
        pagination=pagination,
        pm_inbox=pm_inbox,
        pm_message=pm_message,
        json=json_rules,
        dates=dates,
        write=_write_rules(v, top["write"], "write") if top.get("write") is not None else None,
        login=_login_fields(v, top.get("login")),
        unconfirmed=v.strings(top.get("unconfirmed"), "unconfirmed"),
        max_page_mb=_page_mb(v, top.get("max_page_mb")),
        path=label,
        api=api_rules(v, top.get("api")),
        pm_json=pm_json_rules(v, top.get("pm_json")),
        embedded_json=embedded_posts(v, top.get("embedded_json")),
        pm_participants=v.selector(sel.get("pm_participants"), "selectors.pm_participants"),
        clock=_clock_rules(v, top.get("clock")),
    )


def _unknown_encoding(name: str) -> str:
    return f"неизвестная кодировка {name!r} (например utf-8 или cp1251)"


def _clock_rules(v: "_V", raw: Any) -> ClockRules:
    if raw is None:
        return ClockRules()
    m = v.mapping(raw, "clock", {"now", "setting"})
    setting = v.mapping(m.get("setting") or {}, "clock.setting", {"url", "zone"},
                        {"url", "zone"} if m.get("setting") is not None else set())
    return ClockRules(now=v.field(m.get("now"), "clock.now"),
                      setting_url=v.string(setting.get("url"), "clock.setting.url"),
                      setting_zone=v.field(setting.get("zone"), "clock.setting.zone"))


def _login_fields(v: "_V", raw: Any) -> LoginFields:
    if raw is None:
        return LoginFields()
    m = v.mapping(raw, "login", {"username_field", "password_field", "error", "api", "min_form_age", "wait"}, set())
    return LoginFields(
        min_form_age=_number(v, m.get("min_form_age"), "login.min_form_age", 0.0),
        wait=v.regex(m.get("wait"), "login.wait"),
        api=api_calls(v, m["api"], "login.api", creates=False)[0] if m.get("api") is not None else None,
        username_field=v.string(m.get("username_field", "username"), "login.username_field", optional=False),
        password_field=v.string(m.get("password_field", "password"), "login.password_field", optional=False),
        error=v.selector(m.get("error"), "login.error"),
    )


# ---------------------------------------------------------------- the write section

_WRITE_KEYS = {"markup", "max_length", "encoding", "min_form_age", "post_url", "last_page", "reply", "pm",
               "rate_limited", "rate_limit_wait", "rejected", "errors", "merges", "limits"}
_FORM_KEYS = {"url", "form", "text", "subject", "to", "to_separator", "fields", "omit", "add_recipients",
              "created", "sent_list", "outbox", "api"}


def _page_mb(v: _V, value: Any) -> float:
    mb = _number(v, value, "max_page_mb", DEFAULT_PAGE_MB)
    if not 0.1 <= mb <= 1000:
        raise v.fail("max_page_mb", f"нужно число мегабайт от 0.1 до 1000, а не {value!r}")
    return mb


def _number(v: _V, value: Any, path: str, default: float) -> float:
    if value is None:
        return default
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        raise v.fail(path, f"нужно число, не меньше нуля, а не {value!r}")
    return float(value)


def _string_map(v: _V, value: Any, path: str) -> dict[str, str]:
    m = v.mapping(value or {}, path, set(value or {}))
    out = {}
    for k, x in m.items():
        if isinstance(x, bool) or not isinstance(x, (str, int, float)):
            raise v.fail(_join(path, str(k)), f"нужна строка, а не {value_kind(x)}")
        out[str(k)] = str(x)
    return out


def _write_form(v: _V, raw: Any, path: str, pm: bool) -> WriteForm:
    if isinstance(raw, dict) and raw.get("api") is not None:   # JSON calls, no form
        return _api_form(v, raw, path)
    m = v.mapping(raw, path, _FORM_KEYS, {"url", "text"} | ({"to"} if pm else set()))
    c = v.mapping(m.get("created") or {}, _join(path, "created"), {"location", "body", "last_page", "redirect"})
    flags = {}
    for key in ("last_page", "redirect"):
        flags[key] = c.get(key, False)
        if not isinstance(flags[key], bool):
            raise v.fail(_join(path, f"created.{key}"), f"нужно true или false, а не {flags[key]!r}")
    if flags["redirect"] and not pm:
        raise v.fail(_join(path, "created.redirect"), "только для формы ЛС (pm): ответ в теме подтверждается своим id")
    created = NewId(location=v.regex(c.get("location"), _join(path, "created.location")),
                    body=v.regex(c.get("body"), _join(path, "created.body")), **flags)
    for key, regex in (("location", created.location), ("body", created.body)):
        if regex is not None and re.compile(regex).groups < 1:
            raise v.fail(_join(path, f"created.{key}"), "нужна группа в скобках: id нового сообщения")
    if not pm and created == NewId():
        raise v.fail(_join(path, "created"), "укажите, откуда взять id нового сообщения (location, body или last_page)")
    return WriteForm(
        url=v.string(m["url"], _join(path, "url"), optional=False),
        text=v.string(m["text"], _join(path, "text"), optional=False),
        form=v.selector(m.get("form"), _join(path, "form")),
        subject=v.string(m.get("subject"), _join(path, "subject")),
        to=v.string(m.get("to"), _join(path, "to")),
        to_separator=v.string(m.get("to_separator", ", "), _join(path, "to_separator"), optional=False),
        fields=_string_map(v, m.get("fields"), _join(path, "fields")),
        omit=v.strings(m.get("omit"), _join(path, "omit")),
        add_recipients=_string_map(v, m.get("add_recipients"), _join(path, "add_recipients")),
        created=created,
        sent_list=v.string(m.get("sent_list"), _join(path, "sent_list")),
        outbox=v.string(m.get("outbox"), _join(path, "outbox")),
    )


def _api_form(v: _V, raw: dict, path: str) -> WriteForm:
    m = v.mapping(raw, path, {"api", "sent_list", "to_separator"})
    calls = api_calls(v, m["api"], _join(path, "api"), creates=True)
    return WriteForm(url=calls[0].url, text="", api=calls,
                     to_separator=v.string(m.get("to_separator", ", "), _join(path, "to_separator"), optional=False),
                     sent_list=v.string(m.get("sent_list"), _join(path, "sent_list")))


def _write_rules(v: _V, raw: Any, path: str) -> WriteRules:
    m = v.mapping(raw, path, _WRITE_KEYS, {"reply"})
    markup = m.get("markup")
    if markup is not None and markup not in ("bbcode", "markdown", "plain"):
        raise v.fail(_join(path, "markup"), f"нужно bbcode, markdown или plain, а не {markup!r}")
    max_length = m.get("max_length", WriteRules.max_length)
    if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 200:
        raise v.fail(_join(path, "max_length"), f"нужно целое число знаков, не меньше 200, а не {max_length!r}")
    encoding = v.string(m.get("encoding"), _join(path, "encoding"))
    if encoding is not None:
        try:
            "".encode(encoding)
        except LookupError:
            raise v.fail(_join(path, "encoding"), _unknown_encoding(encoding)) from None
    reply = _write_form(v, m["reply"], _join(path, "reply"), pm=False)
    if reply.created.last_page and not m.get("last_page"):
        raise v.fail(_join(path, "last_page"), "обязателен при reply.created.last_page: true")
    return WriteRules(
        reply=reply,
        pm=_write_form(v, m["pm"], _join(path, "pm"), pm=True) if m.get("pm") is not None else None,
        markup=markup,
        max_length=max_length,
        encoding=encoding,
        min_form_age=_number(v, m.get("min_form_age"), _join(path, "min_form_age"), 0.0),
        post_url=v.string(m.get("post_url"), _join(path, "post_url")),
        last_page=v.string(m.get("last_page"), _join(path, "last_page")),
        rate_limited=tuple(v.regex(x, f"{path}.rate_limited[{i}]")
                           for i, x in enumerate(v.strings(m.get("rate_limited"), _join(path, "rate_limited")))),
        rate_limit_wait=_number(v, m.get("rate_limit_wait"), _join(path, "rate_limit_wait"), 30.0),
        rejected=tuple(v.regex(x, f"{path}.rejected[{i}]")
                       for i, x in enumerate(v.strings(m.get("rejected"), _join(path, "rejected")))),
        errors=v.selector(m.get("errors"), _join(path, "errors")),
        merges=_flag(v, m.get("merges"), _join(path, "merges")),
        limits=_write_limits(v, m.get("limits"), _join(path, "limits")),
    )


def _write_limits(v: _V, raw: Any, path: str) -> WriteLimits:
    m = v.mapping(raw or {}, path, {"title", "pm_length", "recipients", "same_title_minutes"})
    values: dict[str, int] = {}
    for key, least in (("title", 5), ("pm_length", 200), ("recipients", 1), ("same_title_minutes", 0)):
        value = m.get(key)
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise v.fail(_join(path, key), f"нужно целое число, не меньше {least}, а не {value!r}")
        values[key] = value
    return WriteLimits(**values)


def _flag(v: _V, value: Any, path: str) -> bool:
    if value is None:
        return False
    if not isinstance(value, bool):
        raise v.fail(path, f"нужно true или false, а не {value!r}")
    return value
