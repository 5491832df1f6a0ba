"""A GM's PM list of more than one page, saved from the live engines (tests/forums/
capture_inbox.py), read as the PM poller reads it: every page followed to the last, each
row of it the forum's database lists (the oracle in each folder's inbox.json), a new PM
found on page 1 at the cost of one page, a reply inside an old conversation too, and
what keeps gorod from telling it read everything said in Russian with the list's address:
phpBB's messages held back by a full folder, a list whose page 1 says «of 2» without a
link to page 2. A list sorted the oldest first (phpBB's sd=a, MyBB's order=asc, SMF's own
default) is read to its end.
"""
from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urljoin

import lxml.html
import pytest

from config.profiles import load_profile
from config.select import compile_selector
from scraper.errors import InboxIncomplete, alarm_text
from scraper.http import Fetched, LoginForm
from scraper.inbox import extract_inbox
from scraper.poll import PmPoller
from scraper.poststore import MemoryPostStore

PAGES = Path(__file__).parent / "pages" / "inbox"
# one folder per engine (before, after, reply); phpbb-held, ENGINE-oldest: one step each.
# heldout/ENGINE: saved the same way once the code and profiles were done, never tuned on
# (frozen: a case it fails moves up here, and a fresh capture takes its place)
TUNED = sorted(p.name for p in PAGES.iterdir() if (p / "inbox.json").exists() and "-" not in p.name)
HELDOUT = sorted(f"heldout/{p.name}" for p in (PAGES / "heldout").iterdir() if (p / "inbox.json").exists())
SAVED = TUNED + HELDOUT
OLDEST = sorted(p.name for p in PAGES.iterdir() if p.name.endswith("-oldest"))


def saved(engine: str) -> dict:
    return json.loads((PAGES / engine / "inbox.json").read_text(encoding="utf-8"))


class SavedList:
    """The GM's client on the saved pages: each URL as it was fetched, the pages of `steps`
    (a later step's page in place of an earlier one's), every request kept in `hits`."""

    def __init__(self, data: dict, steps: tuple[str, ...], engine: str, edit=None) -> None:
        self.base_url = data["url"].rstrip("/") + "/"
        self.login_form = LoginForm("/login", data["gm"], "GOROD_TEST_UNUSED")
        self.pages: dict[str, bytes] = {}
        for step in steps:
            for p in data["pages"]:
                if p["step"] == step:
                    self.pages[p["url"]] = (PAGES / engine / p["file"]).read_bytes()
        if edit is not None:
            self.pages = {url: edit(url, content) for url, content in self.pages.items()}
        self.hits: list[str] = []

    def url(self, url: str) -> str:
        return urljoin(self.base_url, url)

    def get(self, url: str, validators=None, *, auth: bool = False, allow_404: bool = False) -> Fetched:
        self.hits.append(url)
        assert url in self.pages, f"the poller asked for a page not saved: {url}"
        return Fetched(url, 200, self.pages[url])


def poller_on(data: dict, engine: str, steps: tuple[str, ...], store=None, edit=None) -> PmPoller:
    client = SavedList(data, steps, engine, edit)
    first = next(p["url"] for p in data["pages"] if p["page"] == 1 and p["step"] == steps[0])
    return PmPoller(client, load_profile(data["profile"]), store or MemoryPostStore(), inbox_url=first)


def listed(data: dict, engine: str, step: str) -> list:
    """Every row of the step's saved pages, page 1 first, read by following the next links."""
    profile = load_profile(data["profile"])
    files = {p["url"]: p["file"] for p in data["pages"] if p["step"] == step}
    url = next(p["url"] for p in data["pages"] if p["step"] == step and p["page"] == 1)
    rows, pages = [], []
    while url:
        assert url in files, f"{engine}: page {len(pages) + 1} links {url}, which was not saved"
        inbox = extract_inbox((PAGES / engine / files[url]).read_bytes(), profile, url)
        pages.append(inbox)
        rows += inbox.entries
        url = inbox.next_url if inbox.entries else None    # NodeBB names a next start past the end
    return rows, pages


def knowing(data: dict, poller: PmPoller, step: str) -> MemoryPostStore:
    """The store of a poller that read the step's list whole: each row with its count."""
    store = poller.posts
    for row, count in data["rows"][step].items():
        key = poller.conversation_key(row)
        store.ensure_thread(key, "pm", "saved", "")
        store.set_known_count(key, 1 if count is None else count)
    return store


@pytest.mark.parametrize("engine", SAVED)
def test_every_page_of_the_list_is_followed_and_holds_the_rows_the_forum_lists(engine):
    data = saved(engine)
    rows, pages = listed(data, engine, "before")
    assert len([p for p in pages if p.entries]) >= 2, f"{engine}: the saved list has one page"
    assert len({r.id for r in rows}) == len(rows), f"{engine}: a row on two pages"
    oracle = data["rows"]["before"]
    assert {r.id for r in rows} == set(oracle)
    for row in rows:    # a conversation's count as its forum keeps it (a message row: 1)
        assert row.count == (1 if oracle[row.id] is None else oracle[row.id]), (engine, row)
    numbers = [p.page for p in pages if p.entries]
    if any(n is not None for n in numbers):     # the list numbers its pages: 1, 2, ...
        assert numbers == list(range(1, len(numbers) + 1)), (engine, numbers)
    lasts = {p.last_page for p in pages if p.entries}
    if lasts != {None}:                         # ... and says how many
        assert lasts == {len(numbers)}, (engine, lasts)


@pytest.mark.parametrize("engine", SAVED)
def test_a_first_pass_reads_every_page_and_takes_every_row(engine):
    data = saved(engine)
    poller = poller_on(data, engine, ("before",))
    scan = poller.scan_inbox(rescan=False)
    assert {e.id for e in scan.changed} == set(data["rows"]["before"])
    assert scan.problems == []
    assert len(poller.client.hits) == len([p for p in data["pages"] if p["step"] == "before"])


@pytest.mark.parametrize("engine", SAVED)
def test_an_unchanged_list_costs_one_page(engine):
    data = saved(engine)
    poller = poller_on(data, engine, ("before",))
    knowing(data, poller, "before")
    scan = poller.scan_inbox(rescan=False)
    assert scan.changed == [] and scan.problems == []
    assert len(poller.client.hits) == 1


@pytest.mark.parametrize("engine", SAVED)
def test_a_pm_sent_when_the_list_has_pages_is_found_on_page_one_at_the_cost_of_one_page(engine):
    data = saved(engine)
    poller = poller_on(data, engine, ("before", "after"))
    knowing(data, poller, "before")
    scan = poller.scan_inbox(rescan=False)
    new = set(data["rows"]["after"]) - set(data["rows"]["before"])
    assert len(new) == 1     # (MyBB's writer names the sender's copy: the recipient's has its own id)
    assert {e.id for e in scan.changed} == new
    assert scan.problems == []
    assert len(poller.client.hits) <= 2     # page 1; page 2 only when the new row ties with the page's last


@pytest.mark.parametrize("engine", [e for e in SAVED if "reply" in saved(e)["rows"]])
def test_a_reply_inside_an_old_conversation_is_found(engine):
    data = saved(engine)
    poller = poller_on(data, engine, ("before", "after", "reply"))
    knowing(data, poller, "after")
    scan = poller.scan_inbox(rescan=False)
    assert {e.id for e in scan.changed} == {data["replied"]}
    assert scan.problems == []


def without_next(profile):
    """The page as a changed layout would serve it: no next link the profile finds (every
    profile's `next` reads an href)."""
    def edit(url, content):
        if profile.pm_json is not None:
            return _dropped(content, profile.pm_json.next)
        nxt = (profile.pm_inbox.pages or profile.pagination).next
        root = lxml.html.fromstring(content)
        found = True
        while found:        # (an xpath taking the first of several pagers finds the next one then)
            found = [el for alt in nxt.alternatives or (nxt,) for el in compile_selector(alt.selector)(root)
                     if el.get("href") is not None]
            for el in found:    # the link loses its address, the page its numbers not (SMF's «2» is both)
                del el.attrib["href"]
        return lxml.html.tostring(root)
    return edit


def _dropped(content: bytes, path: str) -> bytes:
    data = json.loads(content)
    *parents, last = path.split(".")
    node = data
    for key in parents:
        node = node[key]
    node.pop(last, None)
    return json.dumps(data, ensure_ascii=False).encode()


def numbered(engine: str) -> bool:
    return bool(listed(saved(engine), engine, "before")[1][0].last_page)


@pytest.mark.parametrize("engine", [e for e in SAVED if numbered(e)])
def test_page_one_saying_there_are_more_without_a_link_to_them_is_said_in_russian(engine):
    """A changed layout that hides the next link while the page still says «1 of 2»: gorod
    says, on the first pass already, that it did not read further, naming the selector and
    the list's page."""
    data = saved(engine)
    poller = poller_on(data, engine, ("before",), edit=without_next(load_profile(data["profile"])))
    scan = poller.scan_inbox(rescan=False)
    assert len(poller.client.hits) == 1
    [problem] = scan.problems
    assert "страница 1 из" in problem and "selectors.pm_inbox.pages.next" in problem
    assert poller.client.hits[0] in problem


@pytest.mark.parametrize("engine", SAVED)
def test_a_list_ending_before_anything_read_before_is_said_in_russian(engine):
    """More than a page of new rows since the last pass, and page 1 without the next link
    (the list shows no page numbers, or does): the list ends before any row an earlier pass
    read, and gorod says it cannot tell it read everything new, naming the list."""
    data = saved(engine)
    poller = poller_on(data, engine, ("before",), edit=without_next(load_profile(data["profile"])))
    rows, pages = listed(data, engine, "before")
    on_page_one = {e.id for e in pages[0].entries}
    store = poller.posts
    for row in rows:
        if row.id not in on_page_one:      # what an earlier pass read: every page but the first
            store.ensure_thread(poller.conversation_key(row.id), "pm", "saved", "")
            store.set_known_count(poller.conversation_key(row.id), row.count)
    store.ensure_thread(poller.listed_key, "pm", "saved")
    store.set_known_count(poller.listed_key, len(rows) - len(on_page_one))
    scan = poller.scan_inbox(rescan=False)
    assert {e.id for e in scan.changed} == on_page_one
    assert scan.problems, engine
    key = "pm_json.next" if poller.profile.pm_json is not None else "selectors.pm_inbox.pages.next"
    assert all(key in p for p in scan.problems), scan.problems
    assert any(data["pages"][0]["url"] in p for p in scan.problems)


def test_phpbb_messages_held_by_a_full_folder_are_said_with_their_number_and_the_list():
    """The lab admin's folder: 50 of 50 (pm_max_msgs), the forum holding 11 more back
    (phpbb_privmsgs_to.folder_id = -4, the oracle): all 50 read, the 11 said, never silence."""
    data = saved("phpbb-held")
    rows, _ = listed(data, "phpbb-held", "held")
    assert {r.id for r in rows} == set(data["rows"]["held"]) and len(rows) == data["pm_max_msgs"] == 50
    page_one = extract_inbox((PAGES / "phpbb-held" / "held-1.html").read_bytes(), load_profile("phpbb3"),
                             data["pages"][0]["url"])
    assert page_one.held is not None and page_one.held.count == len(data["held"]) == 11
    poller = poller_on(data, "phpbb-held", ("held",))
    knowing(data, poller, "held")
    with pytest.raises(InboxIncomplete) as raised:
        list(poller.poll())
    [problem] = raised.value.reasons
    assert "11 ЛС" in problem and data["pages"][0]["url"] in problem
    alarm = alarm_text(raised.value)
    assert alarm.startswith("ЛС (список входящих) не прочитаны: форум задерживает 11 ЛС"), alarm


@pytest.mark.parametrize("folder", OLDEST)
def test_a_list_sorted_the_oldest_first_is_read_to_its_end_for_the_newest_message(folder):
    """The newest message of the list (the forum's rows: its greatest number) arrived since
    the last pass, which saw every other one and the newest number then; the list opens
    the oldest first, so page 1 holds only rows seen before. Its newest number being below
    the last pass's tells gorod the order is not the newest first: it reads on to the last
    page and finds the message."""
    data = saved(folder)
    ids = sorted(data["rows"]["oldest"], key=int)
    newest, seen = ids[-1], ids[:-1]
    _, pages = listed(data, folder, "oldest")
    assert newest in {e.id for e in pages[-1].entries}
    assert newest not in {e.id for e in pages[0].entries} and len(pages) >= 2

    def poller_knowing(top):
        poller = poller_on(data, folder, ("oldest",))
        for row in seen:
            poller.posts.ensure_thread(poller.conversation_key(row), "pm", "saved", "")
            poller.posts.set_known_count(poller.conversation_key(row), 1)
        if top is not None:
            poller.posts.ensure_thread(poller.top_key, "pm", "saved")
            poller.posts.set_known_count(poller.top_key, top)
        return poller
    poller = poller_knowing(int(seen[-1]))
    scan = poller.scan_inbox(rescan=False)
    assert [e.id for e in scan.changed] == [newest] and scan.problems == []
    assert len(poller.client.hits) == len(pages)
    blind = poller_knowing(None)          # without the last pass's newest number: page 1 only
    assert blind.scan_inbox(rescan=False).changed == [] and len(blind.client.hits) == 1


CONVERSATION_LISTS = [e for e in TUNED if load_profile(saved(e)["profile"]).pm_inbox is not None
                      and load_profile(saved(e)["profile"]).pm_inbox.count is not None]


@pytest.mark.parametrize("engine", CONVERSATION_LISTS)
def test_a_list_that_keeps_its_order_is_read_whole_when_its_profile_says_order_any(engine):
    """A forum whose list keeps a conversation in its place when it gets a reply (sorted by its
    start, say): the reply (its count up by one, in the conversation at the list's bottom) is
    only found by reading every page, which `pages.order: any` makes the poller do; with
    `newest` it stops at page 1, as it must for the lists that put a reply on top."""
    from dataclasses import replace

    from scraper.extract import field_value
    data = saved(engine)
    profile = load_profile(data["profile"])
    rules = profile.pm_inbox
    rows, pages = listed(data, engine, "before")
    bottom = rows[-1]
    last_url = [p["url"] for p in data["pages"] if p["step"] == "before"][len(pages) - 1]

    def replied(url, content):
        if url != last_url:
            return content
        root = lxml.html.fromstring(content)
        row = next(el for el in compile_selector(rules.container)(root) if field_value(el, rules.id) == bottom.id)
        [count] = compile_selector(rules.count.selector)(row)
        for child in list(count):
            count.remove(child)
        count.text = str(bottom.count + 1)
        return lxml.html.tostring(root)

    def scan(order):
        chosen = replace(profile, pm_inbox=replace(rules, pages=replace(rules.pages, order=order)))
        poller = PmPoller(SavedList(data, ("before",), engine, replied), chosen, MemoryPostStore(),
                          inbox_url=data["pages"][0]["url"])
        knowing(data, poller, "before")
        return poller, poller.scan_inbox(rescan=False)
    poller, found = scan("any")
    assert [e.id for e in found.changed] == [bottom.id] and found.changed[0].count == bottom.count + 1
    assert len(poller.client.hits) == len(pages)
    poller, stopped = scan("newest")
    assert stopped.changed == [] and len(poller.client.hits) == 1
