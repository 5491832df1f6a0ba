"""End to end against a real Spirit forum: players log in, vote, quote, edit and write to
the GM; gorod's pollers pick up exactly what is new, across polls and a restart.

The seeded topic has 7 posts at 5 per page (forum_seed.py), so it starts on page 2 and
the posts below push it to page 3.
"""
import lxml.html
import pytest

import forum_seed
from config.profiles import load_profile
from gorod.store import Store
from scraper.errors import AuthRequired, PostRejected
from scraper.poll import Change, PmPoller, ThreadPoller
from scraper.http import HttpClient, HttpSettings


@pytest.fixture
def spirit():
    return load_profile("spirit")


def textarea(client, url, name="comment"):
    """The prefilled text of a form's textarea (Spirit's quote page)."""
    doc = lxml.html.fromstring(client.get(url, auth=True).content)
    return doc.xpath("//textarea[@name=$n]", n=name)[0].text_content()


def summary(events):
    return [(e.change.value, e.post.author if e.post else None, e.post.text if e.post else None) for e in events]


def test_thread_polls_see_exactly_the_new_posts_across_pages_and_a_restart(forum, spirit, tmp_path):
    db = tmp_path / "gorod.sqlite3"
    reader = forum.client()  # the thread is public: polled anonymously
    poller = ThreadPoller(reader, spirit, Store(db), forum.topic_url)

    first = list(poller.poll())
    assert [e.post.author for e in first] == [author for author, _ in forum_seed.TOPIC_POSTS]
    assert {e.post.page for e in first} == {1, 2}
    assert [int(e.post_id) for e in first] == sorted(int(e.post_id) for e in first)

    alice, bob, carol, dave = (forum.writer(u) for u in ("alice", "bob", "carol", "dave"))
    vote = alice.reply(forum.topic_id, "Голосую против **мирон**.", after=int(first[-1].post_id))
    quoted = textarea(bob.client, f"/comment/{forum.topic_id}/publish/{vote.id}/quote/")
    assert "@alice said:" in quoted
    bob.reply(forum.topic_id, quoted + "\n\nНе согласен. Голосую против **alice**.", after=vote.id)
    carol.reply(forum.topic_id, "голосую против dave", after=vote.id)
    last = dave.reply(forum.topic_id, "голосую против carol", after=vote.id)

    second = list(poller.poll())
    assert summary(second) == [
        ("new", "alice", "Голосую против мирон."),
        ("new", "bob", "Не согласен. Голосую против alice."),
        ("new", "carol", "голосую против dave"),
        ("new", "dave", "голосую против carol"),
    ]
    bob_post = second[1].post
    assert any("Голосую против мирон" in q for q in bob_post.quotes)  # the quoted vote is a quote
    assert [e.post.page for e in second] == [2, 2, 2, 3]

    # An unchanged thread costs one request.
    assert list(poller.poll()) == [] and poller.last_requests == 1

    # dave changes his vote: an edit is a new version.
    answer = dave.client.submit_form(f"/comment/{last.id}/update/", {"comment": "голосую против bob"}, auth=True)
    assert answer.location
    [edit] = poller.poll()
    assert (edit.change, edit.post_id, edit.version) == (Change.EDITED, str(last.id), 2)
    assert edit.post.text == "голосую против bob" and edit.post.edit_count == 1
    assert edit.last_seen["text"] == "голосую против carol"

    # A restart: a new process with a fresh Store on the same file sees nothing new...
    restarted = ThreadPoller(forum.client(), spirit, Store(db), forum.topic_url)
    assert list(restarted.poll()) == []
    # ...and then exactly the next post.
    miron = forum.writer("мирон").reply(forum.topic_id, "Я мирный житель!", after=last.id)
    assert summary(restarted.poll()) == [("new", "мирон", "Я мирный житель!")]

    # The GM (an administrator) deletes a post on the last page: the next poll notices.
    gm = forum.client("gm")
    assert gm.submit_form(f"/comment/{miron.id}/delete/", {}, auth=True).location
    [gone] = restarted.poll()
    assert (gone.change, gone.post_id, gone.last_seen["author"]) == (Change.DELETED, str(miron.id), "мирон")
    # One on an older page is noticed by a rescan (polls read from the last page on).
    carol_id = second[2].post_id
    assert gm.submit_form(f"/comment/{carol_id}/delete/", {}, auth=True).location
    assert list(restarted.poll()) == []
    assert [(e.change, e.post_id) for e in restarted.poll(rescan=True)] == [(Change.DELETED, carol_id)]
    assert list(restarted.poll(rescan=True)) == []


def test_pm_polls_see_new_conversations_and_replies_once(forum, spirit, tmp_path):
    db = tmp_path / "gorod.sqlite3"
    gm = forum.client("gm")
    inbox = PmPoller(gm, spirit, Store(db))

    [seeded] = inbox.poll()
    assert (seeded.message.sender, seeded.message.subject, seeded.message.text) == (
        "alice", "Ночной ход", "Проверяю bob.")

    bob = forum.writer("bob")
    bob.send_pm(["gm"], "Выстрел", "Ночью стреляю в **carol**.")
    old_conversation = forum.manifest["pms"][0]["id"]
    forum.writer("alice").reply(old_conversation, "И ещё: голосую против dave.")

    got = sorted((e.message.sender, e.message.subject, e.message.text) for e in inbox.poll())
    assert got == [
        ("alice", "Ночной ход", "И ещё: голосую против dave."),
        ("bob", "Выстрел", "Ночью стреляю в carol."),
    ]
    # Unchanged: one request for the inbox.
    assert list(inbox.poll()) == [] and inbox.last_requests == 1

    # A restart: a fresh Store on the same file, a new session that logs in again.
    restarted = PmPoller(forum.client("gm"), spirit, Store(db))
    assert list(restarted.poll()) == []
    for i in range(5):  # past a page of the conversation (5 per page)
        forum.writer("alice").reply(old_conversation, f"Дополнение {i}.")
    texts = [e.message.text for e in restarted.poll()]
    assert texts == [f"Дополнение {i}." for i in range(5)]


def test_a_refused_login_is_a_clear_error(forum, monkeypatch):
    client = forum.client("gm")
    monkeypatch.setenv(client.login_form.password_env, "wrong password")
    # the forum's own words, in the language gorod asks for (Russian first, scraper/http.py)
    with pytest.raises(AuthRequired, match="login as 'gm' failed: (Please enter a correct username and password"
                                           "|Пожалуйста, введите правильные имя пользователя и пароль)"):
        client.login()


def test_a_rate_limited_login_says_the_forums_words(limited_forum, monkeypatch):
    """Spirit's login limit (5 per 5 minutes from one address) sends the form back with no
    error on it; its words are a flash message on the page redirected to: gorod says them."""
    for _ in range(5):
        client = limited_forum.client("gm")
        monkeypatch.setenv(client.login_form.password_env, "wrong password")
        with pytest.raises(AuthRequired, match="correct username|правильные имя"):
            client.login()
    # the right password now, past the limit; the client as gorod makes it, from the profile
    limited_forum.login_form("gm")
    client = HttpClient.for_profile(load_profile("spirit"), limited_forum.url, username="gm",
                                    password_env=f"GOROD_TEST_PASSWORD_{limited_forum.manifest['users']['gm']}",
                                    settings=HttpSettings(min_interval=0.0))
    with pytest.raises(AuthRequired, match="Too many submissions, wait 5m|Слишком много"):
        client.login()


def test_with_the_forums_rate_limit_and_double_post_guard_on(limited_forum, spirit, tmp_path):
    """Spirit allows one post per 10 s per user and drops a repeated text as if saved:
    the writer waits the limit out and confirms every post by its new id."""
    forum = limited_forum
    poller = ThreadPoller(forum.client(), spirit, Store(tmp_path / "gorod.sqlite3"), forum.topic_url)
    seeded = list(poller.poll())
    top = max(int(e.post_id) for e in seeded)

    bob, carol = forum.writer("bob"), forum.writer("carol")
    bob_vote = bob.reply(forum.topic_id, "Голосую против alice.", after=top)
    carol_vote = carol.reply(forum.topic_id, "Голосую против dave.", after=bob_vote.id)
    alice = forum.writer("alice")
    first = alice.reply(forum.topic_id, "Голосую против bob.", after=carol_vote.id)
    # The second post within 10 s is refused with "Too many submissions": waited out.
    second = alice.reply(forum.topic_id, "Передумала: голосую против carol.", after=first.id)
    assert second.id > first.id
    # bob's and carol's windows have passed meanwhile; the same text again is dropped by
    # the guard, which sends them to the topic's last post: alice's, so no confirmation,
    # even with a high-water mark that predates her posts (carol's).
    with pytest.raises(PostRejected, match="double post"):
        bob.reply(forum.topic_id, "Голосую против alice.", after=second.id)
    with pytest.raises(PostRejected, match=f"post {second.id} is alice's, not ours"):
        carol.reply(forum.topic_id, "Голосую против dave.", after=carol_vote.id)

    assert summary(poller.poll()) == [
        ("new", "bob", "Голосую против alice."),
        ("new", "carol", "Голосую против dave."),
        ("new", "alice", "Голосую против bob."),
        ("new", "alice", "Передумала: голосую против carol."),
    ]


def test_gorod_scrape_pm_reads_the_gms_inbox(forum, capsys, monkeypatch):
    import functools
    import json

    from gorod.cli import main
    from scraper.http import HttpSettings

    # The CLI paces itself at one request a second; a local test forum needs no pacing.
    monkeypatch.setattr("scraper.live.HttpSettings", functools.partial(HttpSettings, min_interval=0))
    forum.writer("bob").send_pm(["gm"], "Выстрел", "Ночью стреляю в **carol**.")
    monkeypatch.setenv("GOROD_GM_PASSWORD", forum_seed.PASSWORDS["gm"])
    args = ["scrape", "--pm", forum.url, "--profile", "spirit", "--user", "gm", "--password-env", "GOROD_GM_PASSWORD"]
    assert main([*args, "--json"]) == 0
    got = [(m["sender"], m["subject"], m["text"]) for m in json.loads(capsys.readouterr().out)]
    assert sorted(got) == [("alice", "Ночной ход", "Проверяю bob."), ("bob", "Выстрел", "Ночью стреляю в carol.")]
    monkeypatch.setenv("GOROD_GM_PASSWORD", "wrong")
    assert main(args) == 1
    assert "login as 'gm' failed" in capsys.readouterr().err


def test_a_comment_the_moderator_removed_is_no_post_and_no_gap_in_the_page(forum, spirit, tmp_path):
    """Spirit keeps a removed comment's place (and number) as a placeholder, its text hidden
    but in the page for a moderator: a vote removed before gorod read it is never read and its
    page still reads whole (no PartialPage: the numbers around it run on); one gorod stored and
    the moderator then removes is a deletion. The GM (the board's admin) removes them through
    the comment's «delete» form, and reads the thread."""
    from scraper.write_form import find_form, send_form
    gm = forum.client("gm")
    poller = ThreadPoller(gm, spirit, Store(tmp_path / "gorod.sqlite3"), forum.topic_url)
    seen = {e.post_id for e in poller.poll()}
    alice, bob, carol = (forum.writer(u) for u in ("alice", "bob", "carol"))
    stored = alice.reply(forum.topic_id, "Голосую против **bob**.")
    unseen = bob.reply(forum.topic_id, "Голосую против **carol**.", after=stored.id)
    carol.reply(forum.topic_id, "Флуд.", after=unseen.id)

    def remove(pk):
        page = gm.get(f"/comment/{pk}/delete/", auth=True)
        answer = send_form(gm, page, find_form(page, selector=None, holding="csrfmiddlewaretoken"), {})
        assert answer.location, f"Spirit did not remove comment {pk}: {answer.status}"
    remove(unseen.id)
    new = [e.post_id for e in poller.poll()]
    assert str(stored.id) in new and str(unseen.id) not in new and len(new) == 2 and not seen & set(new)
    remove(stored.id)
    assert [(e.change, e.post_id) for e in poller.poll(rescan=True)] == [(Change.DELETED, str(stored.id))]
    html = gm.get(forum.topic_url + "?page=2", auth=True).text   # posts 6..10 (5 a page)
    assert f'data-pk="{unseen.id}"' in html and "comments_list__item js-comment" in html   # still on the page
