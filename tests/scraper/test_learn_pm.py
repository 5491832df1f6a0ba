"""`gorod forum learn` on the GM's PM pages (saved from the live forums of `make test`,
tests/scraper/pages/learnpm/<profile>/, with their addresses in pages.json): the learned
profile reads the inbox's rows and each conversation exactly as the shipped profile does
(scraper.learn.compare_pm), whether a row is a message or a conversation, the message count;
the new-PM form becomes write.pm; what cannot be found is named."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from config.profiles import load_profile
from scraper.learn import learn_pages
from scraper.learn.compare_pm import compare_conversation, compare_inbox
from scraper.learn.learner import PmPages

ROOT = Path(__file__).resolve().parents[2]
PAGES = ROOT / "tests" / "scraper" / "pages" / "learnpm"
DEMO = sorted((ROOT / "gorod" / "data" / "demo" / "thread").glob("*.html"))[:2]


def _pm(folder: Path) -> tuple[list, PmPages]:
    meta = json.loads((folder / "pages.json").read_text(encoding="utf-8"))
    urls = meta["urls"]

    def page(name):
        return (folder / name).read_bytes(), urls[name]
    threads = sorted(folder.glob("thread-*.html")) or DEMO
    pm = PmPages(inbox=(page("inbox.html"),),
                 conversations=tuple(page(n) for n in sorted(urls) if n.startswith("conv-")),
                 compose=page("compose.html") if "compose.html" in urls else None, gm=meta["gm"])
    return [(p.read_bytes(), p.name) for p in threads], pm


@pytest.mark.parametrize("name", sorted(p.name for p in PAGES.iterdir() if p.is_dir()))
def test_the_learned_inbox_and_conversations_read_as_the_shipped_profile_reads_them(name):
    shipped = load_profile(name)
    thread, pm = _pm(PAGES / name)
    learned = learn_pages(thread, pm=pm, timezone=shipped.timezone).profile()
    content, source = pm.inbox[0]
    assert compare_inbox(content, source, shipped, learned) == []
    assert learned.pm_inbox.rows == shipped.pm_inbox.rows
    for content, source in pm.conversations:
        assert compare_conversation(content, source, shipped, learned) == [], source
    assert learned.urls["pm_inbox"].startswith("{base}/")
    # no empty inbox was read: an emptied one must not pass for "no new PMs" unasked
    assert learned.pm_inbox.empty is None and learned.pm_inbox.listing is None
    assert any(u.startswith("selectors.pm_inbox.empty:") for u in learned.unconfirmed)


def test_a_list_whose_every_row_links_past_its_conversation_is_read_as_the_shipped_one():
    """Misago's unread conversations all link to `/p/slug/5/new/` (the first unread post): the
    conversation pages read at `/p/slug/5/` are theirs all the same, so the link is cut to the
    conversation and the replies column becomes the count (a live GM's list failed both)."""
    shipped = load_profile("misago")
    thread, pm = _pm(PAGES.parent / "learnpm-unread" / "misago")
    learned = learn_pages(thread, pm=pm, timezone=shipped.timezone).profile()
    content, source = pm.inbox[0]
    assert b"/new/" in content
    assert compare_inbox(content, source, shipped, learned) == []
    assert learned.pm_inbox.count is not None


def test_a_list_of_messages_and_a_list_of_conversations_with_their_counts():
    phpbb = learn_pages(_pm(PAGES / "phpbb3")[0], pm=_pm(PAGES / "phpbb3")[1]).data["selectors"]["pm_inbox"]
    assert phpbb["rows"] == "messages" and "count" not in phpbb          # phpBB lists each message
    fluxbb = learn_pages(_pm(PAGES / "punbb")[0], pm=_pm(PAGES / "punbb")[1]).data["selectors"]["pm_inbox"]
    assert fluxbb["rows"] == "conversations" and fluxbb["count"]         # FluxBB: the replies column
    misago = learn_pages(_pm(PAGES / "misago")[0], pm=_pm(PAGES / "misago")[1]).data["selectors"]["pm_inbox"]
    assert misago["link"]["regex"]          # its title links to the first unread post: cut to the thread


def test_the_new_pm_form_becomes_write_pm_with_phpbbs_add_button_and_the_sent_folders():
    thread, pm = _pm(PAGES / "phpbb3")
    # the reply form as the GM sees it (the saved thread pages are a guest's): a small form page
    reply = (b"<html><body><form id='postform' method='post' action='./posting.php?mode=reply&amp;t=3'>"
             b"<textarea name='message'></textarea><input type='submit' name='post' value='Submit'></form>"
             b"</body></html>", "http://127.0.0.1:57483/posting.php?mode=reply&t=3")
    learned = learn_pages(thread, pm=pm, gm_pages=[reply])
    write = learned.data["write"]
    assert write["reply"]["url"] == "{base}/posting.php?mode=reply&t={thread}"
    assert (write["pm"]["to"], write["pm"]["text"], write["pm"]["fields"], write["pm"]["add_recipients"]) == (
        "username_list", "message", {"post": "Submit"}, {"add_to": "Add"})
    assert write["pm"]["sent_list"].startswith("{base}/") and "sentbox" in write["pm"]["sent_list"]
    assert "outbox" in write["pm"]["outbox"]
    assert [u.split(":")[0] for u in learned.unconfirmed if u.startswith("write")] == ["write.reply", "write.pm"]
    learned.profile()


def test_no_inbox_rows_and_no_conversation_are_named_not_guessed():
    thread, _ = _pm(PAGES / "phpbb3")
    empty = (b"<html><body><p>No messages</p></body></html>", "http://127.0.0.1:1/inbox")
    learned = learn_pages(thread, pm=PmPages(inbox=(empty,)))
    assert {"pm_inbox", "pm_message", "login"} <= set(learned.missing)
    assert "pm_inbox" not in learned.data["selectors"]


def test_the_command_learns_the_pms_from_saved_pages(tmp_path):
    folder = PAGES / "punbb"
    out = tmp_path / "fluxbb.yaml"
    convs = [str(p) for p in sorted(folder.glob("conv-*.html"))]
    run = subprocess.run([sys.executable, "-m", "gorod", "forum", "learn", "--pages",
                          *[str(p) for p in sorted(folder.glob("thread-*.html"))],
                          "--inbox", str(folder / "inbox.html"), "--conversations", *convs,
                          "--compose", str(folder / "compose.html"), "--out", str(out)],
                         capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    assert "входящие ЛС:" in run.stdout and "Разговор" in run.stdout
    assert "urls.pm_inbox" in run.stdout          # a saved page has no address: the report asks for it
    assert "форма ответа" in run.stdout and "форма входа" in run.stdout      # a guest's pages: named, not guessed
    profile = load_profile(out)
    assert profile.pm_inbox is not None and profile.pm_message is not None


def test_an_inbox_url_without_the_gms_name_is_a_usage_error():
    run = subprocess.run([sys.executable, "-m", "gorod", "forum", "learn", "--pages", str(DEMO[0]),
                          "--inbox", "http://127.0.0.1:9/inbox"], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 2 and "--user" in run.stderr


@pytest.mark.parametrize("url, template", [
    ("https://f.example/index.php?topic=3.0", "{base}/index.php?topic={thread}.0"),
    ("https://f.example/viewtopic.php?t=3&sid=d1567b94caeff5a62776bd0f025e0d35", "{base}/viewtopic.php?t={thread}"),
    ("https://f.example/posting.php?mode=reply&t=3", "{base}/posting.php?mode=reply&t={thread}"),
    ("https://f.example/showthread.php?tid=2", "{base}/showthread.php?tid={thread}"),
    ("https://f.example/topic/12/slug/", "{base}/topic/{thread}/slug/"),
    ("https://f.example/about/", None),
])
def test_the_reply_page_takes_the_thread_number_where_gorod_reads_it(url, template):
    """The writer is called with the number gorod.loop.forum.topic_id_of reads from the game's
    thread_url: the learned template puts {thread} there (none: no reply URL is proposed)."""
    from gorod.loop.forum import topic_id_of
    from scraper.learn.learner import thread_template
    assert thread_template(url) == template
    if template:
        assert template.replace("{base}", "https://f.example").replace("{thread}", topic_id_of(url)) == \
            url.replace("&sid=d1567b94caeff5a62776bd0f025e0d35", "")


def test_forum_check_takes_what_it_confirmed_off_the_learned_files_unconfirmed_list(tmp_path):
    import yaml
    from config.profiles import load_profile
    from gorod.forumcheck import Report, _confirm
    thread, pm = _pm(PAGES / "phpbb3")
    reply = (b"<html><body><form id='postform' method='post' action='./posting.php?mode=reply&amp;t=3'>"
             b"<textarea name='message'></textarea></form></body></html>",
             "http://127.0.0.1:57483/posting.php?mode=reply&t=3")
    path = tmp_path / "learned.yaml"
    path.write_text(learn_pages(thread, pm=pm, gm_pages=[reply]).yaml(), encoding="utf-8")
    report = Report("x", "learned")
    _confirm(report, load_profile(path), ["write.reply"])          # the reply went through, the PM was not tried
    left = yaml.safe_load(path.read_text(encoding="utf-8"))["unconfirmed"]
    assert not any(u.startswith("write.reply:") for u in left) and any(u.startswith("write.pm:") for u in left)
    assert report.ok and "write.reply" in report.lines[-1].detail
    assert "# " in path.read_text(encoding="utf-8")                # its comments kept
    shipped = load_profile("phpbb3")
    _confirm(Report("x", "phpbb3"), shipped, ["write.reply"])     # a shipped profile's file is never edited
