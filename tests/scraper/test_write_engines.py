"""Posting on phpBB 3 and MyBB.ru (PunBB 1.2), offline: the forms and the forum's answers
are pages written from each engine's own templates and code, served with `responses`.

phpBB: styles/prosilver/template/posting_editor.html / posting_buttons (form#postform,
textarea "message", the submit button "post", hidden lastclick, topic_cur_post_id,
creation_time, form_token), message_body.html with the meta refresh that names the new
post, FLOOD_ERROR shown in the form as <p class="error">, ucp_pm_compose's two steps
(username_list + add_to, then address_list[u][id] hidden and "post").

MyBB.ru: PunBB 1.2's post.php form#post (req_message, hidden form_sent and form_user),
its redirect() page (meta refresh to viewtopic.php?pid=N#pN), the #posterror block; the
topic page markup of tests/scraper/pages/mybbru-topic-*.html. Boards are windows-1251.

None of these has been confirmed on a real board (see each profile's `unconfirmed:`).
"""
from __future__ import annotations

from urllib.parse import unquote_to_bytes

import pytest
import responses
from responses import matchers

from config.profiles import load_profile
from gorod.loop.forum import SiteForum
from gorod.store import Store
from scraper.errors import PostRejected, RateLimited
from scraper.http import HttpClient, HttpSettings, LoginForm
from scraper.write import ForumWriter

BASE = "http://forum.test"


class FakeTime:
    def __init__(self):
        self.now = 1000.0
        self.sleeps = []

    def clock(self):
        return self.now

    def sleep(self, seconds):
        self.sleeps.append(round(seconds, 3))
        self.now += seconds


@pytest.fixture
def fake():
    return FakeTime()


def gm_client(fake, login_url: str, user: str = "Ведущий", **settings) -> HttpClient:
    client = HttpClient(BASE, HttpSettings(**{"min_interval": 1.0, "retries": 2, **settings}),
                        login=LoginForm(url=login_url, username=user, password_env="GOROD_TEST_NO_PASSWORD"),
                        clock=fake.clock, sleep=fake.sleep, wall_clock=lambda: 1_700_000_000.0)
    client.logged_in = True   # a live session: these tests are about the forms
    return client


def form_of(call, charset: str = "utf-8") -> dict[str, str]:
    """A sent form body decoded in `charset` (what the forum's PHP would read)."""
    body = call.request.body
    body = body.decode("ascii") if isinstance(body, bytes) else body
    pairs = [part.split("=", 1) for part in body.split("&") if part]
    return {unquote_to_bytes(k.replace("+", " ")).decode(charset): unquote_to_bytes(v.replace("+", " ")).decode(charset)
            for k, v in pairs}


# ============================================================================ phpBB 3

PHPBB_REPLY = "/posting.php?mode=reply&t=7"


def phpbb_form(error: str = "", *, pm: bool = False, recipients: dict[int, str] | None = None) -> str:
    error_html = f'<p class="error">{error}</p>' if error else ""
    to = ""
    if pm:
        listed = "".join(f'<input type="hidden" name="address_list[u][{uid}]" value="to" />'
                         for uid in (recipients or {}))
        to = f"""<dl><dt><label for="username_list">Кому:</label></dt>
<dd><textarea id="username_list" name="username_list" class="inputbox" cols="50" rows="2"></textarea></dd>
<dd><input type="submit" name="add_to" value="Добавить" class="button2" /></dd>
<dd>{"".join(f'<span>{name}</span>' for name in (recipients or {}).values())}</dd></dl>{listed}"""
    action = "./ucp.php?i=pm&amp;mode=compose&amp;action=post" if pm else "./posting.php?mode=reply&amp;f=2&amp;t=7"
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="ru"><head><meta charset="utf-8" /><title>Мафия-клуб - Ответить</title></head>
<body id="phpbb" class="nojs notouch section-posting ltr">
<div id="wrap"><div id="page-body">
<form id="postform" method="post" action="{action}" enctype="multipart/form-data">
<div class="panel" id="postingbox"><div class="inner">
<h3>{"Новое сообщение" if pm else "Ответить"}</h3>
<fieldset class="fields1">
{error_html}
{to}
<dl style="clear: left;"><dt><label for="subject">Заголовок:</label></dt>
<dd><input type="text" name="subject" id="subject" size="45" maxlength="124" tabindex="2"
 value="{"" if pm else "Re: Город N: игра 7"}" class="inputbox autowidth" /></dd></dl>
<div id="message-box"><textarea name="message" id="message" rows="15" cols="76" tabindex="4" class="inputbox"></textarea></div>
</fieldset>
</div></div>
<div class="panel bg2"><div class="inner"><fieldset class="submit-buttons">
<input type="hidden" name="lastclick" value="1700000000" />
{"" if pm else '<input type="hidden" name="topic_cur_post_id" value="41" />'}
<input type="submit" tabindex="5" name="preview" value="Предпросмотр" class="button1" />&nbsp;
<input type="submit" accesskey="s" tabindex="6" name="post" value="Отправить" class="button1 default-submit-action" />&nbsp;
</fieldset></div></div>
<div class="panel bg3" id="options-panel"><div class="inner"><fieldset class="fields1">
<div><label for="disable_bbcode"><input type="checkbox" name="disable_bbcode" id="disable_bbcode" /> Отключить BBCode</label></div>
<div><label for="attach_sig"><input type="checkbox" name="attach_sig" id="attach_sig" checked="checked" /> Присоединить подпись</label></div>
</fieldset></div></div>
<input type="hidden" name="creation_time" value="1700000000" />
<input type="hidden" name="form_token" value="f0e1d2c3b4a5" />
</form>
</div></div></body></html>"""


def phpbb_posted(url: str, text: str = "Ваше сообщение было успешно отправлено.") -> str:
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="ru"><head><meta charset="utf-8" />
<meta http-equiv="refresh" content="3; url={url}" />
<title>Мафия-клуб - Информация</title></head>
<body id="phpbb" class="nojs notouch section-posting ltr"><div id="wrap"><div id="page-body">
<div class="panel" id="message"><div class="inner">
<h2 class="message-title">Информация</h2>
<p>{text}<br /><br /><a href="{url}">Просмотреть ваше сообщение</a></p>
</div></div></div></div></body></html>"""


def phpbb_topic(posts: list[tuple[int, str, str]]) -> str:
    items = "".join(f"""
<div id="p{pid}" class="post bg2"><div class="inner"><span class="corners-top"><span></span></span>
<div class="postbody">
<h3><a href="#p{pid}">Re: Город N: игра 7</a></h3>
<p class="author"><a href="./viewtopic.php?p={pid}#p{pid}"><img src="./styles/prosilver/imageset/icon_post_target.gif"
 width="11" height="9" alt="Сообщение" title="Сообщение" /></a>
 <strong><a href="./memberlist.php?mode=viewprofile&amp;u={pid % 7 + 2}">{author}</a></strong> &raquo; Sun Nov 19, 2023 10:{pid % 60:02d} am </p>
<div class="content">{text}</div>
</div>
<dl class="postprofile" id="profile{pid}"><dt><a href="./memberlist.php?mode=viewprofile&amp;u=2">{author}</a></dt></dl>
<span class="corners-bottom"><span></span></span></div></div>
<hr class="divider" />""" for pid, author, text in posts)
    return f"""<!DOCTYPE html>
<html dir="ltr" lang="ru"><head><meta charset="utf-8" /><title>Город N: игра 7</title></head>
<body id="phpbb" class="nojs notouch section-viewtopic ltr"><div id="wrap"><div id="page-body">
<h2><a href="./viewtopic.php?f=2&amp;t=7">Город N: игра 7</a></h2>
{items}
</div></div></body></html>"""


def phpbb_writer(fake):
    profile = load_profile("phpbb3")
    return ForumWriter(gm_client(fake, "/ucp.php?mode=login"), profile=profile, allow_writes=True)


@responses.activate
def test_phpbb_reply_is_posted_with_the_forms_tokens_and_confirmed_by_its_new_id(fake):
    responses.get(BASE + PHPBB_REPLY, body=phpbb_form())
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7",
                   body=phpbb_posted("./viewtopic.php?f=2&amp;t=7&amp;p=42#p42"))
    responses.get(BASE + "/viewtopic.php?f=2&t=7&p=42",
                  body=phpbb_topic([(41, "alice", "Голосую против bob."), (42, "Ведущий", "Ночь наступила.")]))
    created = phpbb_writer(fake).reply(7, "[b]Ночь наступила.[/b]", after=41)
    assert (created.id, created.url) == (42, BASE + "/viewtopic.php?f=2&t=7&p=42#p42")
    sent = form_of(responses.calls[1])
    assert sent["message"] == "[b]Ночь наступила.[/b]"
    assert sent["post"] == "Submit"                       # phpBB posts only with its submit button
    assert (sent["form_token"], sent["creation_time"], sent["lastclick"]) == ("f0e1d2c3b4a5", "1700000000",
                                                                                "1700000000")
    assert sent["topic_cur_post_id"] == "41" and sent["subject"] == "Re: Город N: игра 7"
    assert sent["attach_sig"] == "on" and "disable_bbcode" not in sent and "preview" not in sent
    # lastclick: a submit within 2 s of the form is a silent cancel, so the form ages first
    assert sum(fake.sleeps) >= 2.5


@responses.activate
def test_phpbb_flood_control_is_waited_out_with_a_fresh_form(fake):
    responses.get(BASE + PHPBB_REPLY, body=phpbb_form())
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7",
                   body=phpbb_form("Вы не можете отправить следующее сообщение сразу после предыдущего."))
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7",
                   body=phpbb_posted("./viewtopic.php?f=2&amp;t=7&amp;p=43#p43"))
    responses.get(BASE + "/viewtopic.php?f=2&t=7&p=43", body=phpbb_topic([(43, "Ведущий", "x")]))
    assert phpbb_writer(fake).reply(7, "x", after=42).id == 43
    assert 30.0 in fake.sleeps                          # FLOOD_ERROR names no time: rate_limit_wait
    assert [c.request.method for c in responses.calls] == ["GET", "POST", "GET", "POST", "GET"]


@responses.activate
def test_phpbb_flood_past_the_retries_is_rate_limited(fake):
    responses.get(BASE + PHPBB_REPLY, body=phpbb_form())
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7",
                   body=phpbb_form("You cannot make another post so soon after your last."))
    with pytest.raises(RateLimited, match="retry after 30 s"):
        phpbb_writer(fake).reply(7, "x", after=42)


@responses.activate
def test_phpbb_a_submit_taken_for_a_cancel_is_no_post(fake):
    """Too quick a submit (lastclick) is redirected to the topic without posting."""
    responses.get(BASE + PHPBB_REPLY, body=phpbb_form())
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7", status=302,
                   headers={"Location": BASE + "/viewtopic.php?f=2&t=7"})
    with pytest.raises(PostRejected, match="not to a new post"):
        phpbb_writer(fake).reply(7, "x", after=42)


@responses.activate
def test_phpbb_an_invalid_form_is_rejected_with_the_forums_words(fake):
    responses.get(BASE + PHPBB_REPLY, body=phpbb_form())
    responses.post(BASE + "/posting.php?mode=reply&f=2&t=7",
                   body=phpbb_form("The submitted form was invalid. Try submitting again."))
    with pytest.raises(PostRejected, match="did not save it: The submitted form was invalid"):
        phpbb_writer(fake).reply(7, "x", after=42)


def phpbb_pm_pages():
    page = BASE + "/ucp.php?i=pm&mode=compose"
    action = BASE + "/ucp.php?i=pm&mode=compose&action=post"
    responses.get(page, body=phpbb_form(pm=True))
    responses.post(action, body=phpbb_form(pm=True, recipients={5: "alice"}))
    responses.post(action, body=phpbb_posted("./ucp.php?i=pm&amp;mode=view&amp;p=77",
                                             "Сообщение успешно отправлено."))


@responses.activate
def test_phpbb_pm_names_become_recipients_then_the_pm_is_sent(fake):
    phpbb_pm_pages()
    # (a session without a login form: see the next test for why)
    client = HttpClient(BASE, HttpSettings(min_interval=1.0, retries=2), clock=fake.clock, sleep=fake.sleep)
    created = ForumWriter(client, profile=load_profile("phpbb3"), allow_writes=True).send_pm(
        ["alice"], "Ваша роль (№12)", "Вы — Мэр.")
    assert created.id == 77 and created.url == BASE + "/ucp.php?i=pm&mode=view&p=77"
    add, send = form_of(responses.calls[1]), form_of(responses.calls[2])
    assert add["username_list"] == "alice" and add["add_to"] == "Add" and "post" not in add
    assert send["address_list[u][5]"] == "to" and send["post"] == "Submit"
    assert (send["subject"], send["message"]) == ("Ваша роль (№12)", "Вы — Мэр.")


@responses.activate
def test_phpbb_pm_with_the_gms_login(fake):
    """phpBB's login and PMs are both ucp.php: only the query tells the login page apart."""
    phpbb_pm_pages()
    assert phpbb_writer(fake).send_pm(["alice"], "Ваша роль (№12)", "Вы — Мэр.").id == 77


# ============================================================================ MyBB.ru

MYBB = "https://mafia.example.mybb.ru"


def cp1251(page: str) -> bytes:
    return page.encode("cp1251", errors="xmlcharrefreplace")


def mybbru_form(error: str = "", *, head_charset: bool = True) -> bytes:
    meta = '<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">' if head_charset else ""
    error_html = (f'<div id="posterror" class="block"><h2><span>Ошибки сообщения</span></h2><div class="box">'
                  f'<div class="inbox error-info"><p>Перед отправкой исправьте ошибки:</p>'
                  f'<ul class="error-list"><li><strong>{error}</strong></li></ul></div></div></div>') if error else ""
    return cp1251(f"""<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru" dir="ltr"><head>{meta}
<title>Ответить - Мафия-клуб</title></head>
<body><div id="pun_wrap"><div id="pun" class="ru isuser gid1">
<div id="pun-post" class="punbb">
{error_html}
<div id="postform" class="blockform"><h2><span>Ответить</span></h2><div class="box">
<form id="post" method="post" action="{MYBB}/post.php?action=post&amp;tid=15" onsubmit="return process_form(this)">
<div class="inform"><fieldset><legend>Ваше сообщение</legend><div class="infldset txtarea">
<input type="hidden" name="form_sent" value="1" />
<input type="hidden" name="form_user" value="Ведущий" />
<label><textarea id="main-reply" name="req_message" rows="20" cols="95" tabindex="1"></textarea></label>
</div></fieldset></div>
<div class="inform"><fieldset><legend>Настройки</legend><div class="infldset"><div class="checklist">
<label><input type="checkbox" name="hide_smilies" value="1" tabindex="2" />Не показывать смайлики</label>
</div></div></fieldset></div>
<p class="formsubmit"><input type="submit" name="submit" value="Отправить" tabindex="3" accesskey="s" />
<input type="submit" name="preview" value="Предпросмотр" tabindex="4" accesskey="p" /></p>
</form></div></div></div></div></div></body></html>""")


def mybbru_redirect(pid: int) -> bytes:
    """PunBB 1.2's redirect(): a message page that refreshes to the new post."""
    return cp1251(f"""<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru" dir="ltr"><head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">
<meta http-equiv="refresh" content="1;URL={MYBB}/viewtopic.php?pid={pid}#p{pid}" />
<title>Мафия-клуб / Переадресация</title></head>
<body><div id="pun_wrap"><div id="pun" class="ru"><div id="pun-redirect" class="punbb">
<div class="block"><h2><span>Переадресация</span></h2><div class="box"><div class="inbox">
<p>Сообщение отправлено. Переадресация &#8230;<br /><br /><a href="{MYBB}/viewtopic.php?pid={pid}#p{pid}">Нажмите
 здесь, если не хотите ждать</a></p></div></div></div></div></div></div></body></html>""")


def mybbru_topic(posts: list[tuple[int, str, str]]) -> bytes:
    items = "".join(f"""
<div id="p{pid}" class="post" data-posted="{1700300000 + pid}" data-user-id="2" data-group-id="1">
<h3><span><strong>{n}</strong><a class="permalink" rel="nofollow" href="{MYBB}/viewtopic.php?id=15#p{pid}">2023-11-18 12:33:20</a></span></h3>
<div class="container">
<div class="post-author"><ul><li class="pa-author"><span class="acchide">Автор:&nbsp;</span><a href="{MYBB}/profile.php?id=2" rel="nofollow">{author}</a></li></ul></div>
<div class="post-body"><div class="post-box"><div id="p{pid}-content" class="post-content"><p>{text}</p></div></div></div>
</div></div>""" for n, (pid, author, text) in enumerate(posts, start=20))
    return cp1251(f"""<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ru" lang="ru" dir="ltr"><head>
<meta http-equiv="Content-Type" content="text/html; charset=windows-1251">
<title>Город N: игра 7 - Страница 3 - Мафия-клуб</title></head>
<body><div id="pun_wrap"><div id="pun" class="ru isuser gid1">
<div id="pun-viewtopic" class="punbb" data-topic-id="15"><div id="pun-main" class="main">
<div class="linkst"><div class="pagelink">Страницы: <a href="{MYBB}/viewtopic.php?id=15">1</a> <strong>2</strong></div></div>
<div id="topic_t15" class="topic">{items}</div></div></div></div></div></body></html>""")


def mybbru_client(fake, **settings) -> HttpClient:
    client = gm_client(fake, "/login.php?action=in", **settings)
    client.base_url = MYBB + "/"
    return client


def mybbru_writer(fake, **settings) -> ForumWriter:
    return ForumWriter(mybbru_client(fake, **settings), profile=load_profile("mybbru"), allow_writes=True)


NEWS = "[b]Итоги ночи 1[/b]\nГород проснулся. Убит — Боб (№12)."


@responses.activate
@pytest.mark.parametrize("head_charset", [True, False], ids=["meta-charset", "http-header-charset"])
def test_mybbru_reply_is_sent_in_cp1251_and_confirmed_by_the_redirect_page(fake, head_charset):
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form(head_charset=head_charset),
                  content_type="text/html" if head_charset else "text/html; charset=windows-1251")
    responses.post(MYBB + "/post.php?action=post&tid=15", body=mybbru_redirect(131), content_type="text/html")
    responses.get(MYBB + "/viewtopic.php?pid=131",
                  body=mybbru_topic([(130, "alice", "голосую против bob"), (131, "Ведущий", NEWS)]))
    created = mybbru_writer(fake).reply(15, NEWS + " 😀", after=130)
    assert (created.id, created.url) == (131, MYBB + "/viewtopic.php?pid=131#p131")
    call = responses.calls[1]
    assert "charset=windows-1251" in call.request.headers["Content-Type"]
    body = call.request.body
    assert "%C8%F2%EE%E3%E8" in body                  # «Итоги» as windows-1251 bytes, not UTF-8
    sent = form_of(call, "cp1251")
    assert sent["req_message"] == NEWS + " &#128512;"   # what cp1251 lacks goes as a character reference
    assert (sent["form_sent"], sent["form_user"], sent["submit"]) == ("1", "Ведущий", "Отправить")
    assert "hide_smilies" not in sent and "preview" not in sent


@responses.activate
def test_mybbru_flood_page_is_recognised_and_waited_out(fake):
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15",
                   body=mybbru_form("Должно пройти как минимум 30 секунд между сообщениями. Подождите 17 секунд "
                                    "и попробуйте снова."))
    responses.post(MYBB + "/post.php?action=post&tid=15", status=302,
                   headers={"Location": MYBB + "/viewtopic.php?pid=132#p132"})
    responses.get(MYBB + "/viewtopic.php?pid=132", body=mybbru_topic([(132, "Ведущий", "Ночь наступила.")]))
    assert mybbru_writer(fake).reply(15, "Ночь наступила.", after=131).id == 132
    assert 17.0 in fake.sleeps


@responses.activate
def test_mybbru_a_silently_dropped_double_post_is_rejected(fake):
    """The forum sends us to the topic's last post, which predates ours and is only our
    earlier copy of the same words: nothing new."""
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15", body=mybbru_redirect(131))
    responses.get(MYBB + "/viewtopic.php?pid=131", body=mybbru_topic([(131, "Ведущий", NEWS)]))
    with pytest.raises(PostRejected, match="no new post: the forum sent us to post 131, not after 131"):
        mybbru_writer(fake).reply(15, NEWS, after=131)


GLUED = ("Итоги ночи 1 (1/2)<br /><br /><span class=\"sub\">Добавлено спустя 40 секунд</span><br />"
         "(продолжение) Город проснулся. (2/2)")


@responses.activate
def test_mybbru_a_reply_glued_to_our_previous_post_is_posted_once(fake):
    """MyBB.ru glues a post to the author's own previous one («Добавлено спустя ...»): the
    answer names the older post, which now ends with our words: posted, not a double."""
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15", body=mybbru_redirect(131))
    responses.get(MYBB + "/viewtopic.php?pid=131", body=mybbru_topic([(131, "Ведущий", GLUED)]))
    created = mybbru_writer(fake).reply(15, "(продолжение) Город проснулся. (2/2)", after=131)
    assert created.id == 131
    # someone else's post between: no glue, and an older post of ours is no confirmation
    responses.replace(responses.GET, MYBB + "/viewtopic.php?pid=131",
                      body=mybbru_topic([(131, "alice", GLUED)]))
    with pytest.raises(PostRejected, match="no new post"):
        mybbru_writer(fake).reply(15, "(продолжение) Город проснулся. (2/2)", after=131)


@responses.activate
def test_mybbru_crash_lookup_finds_a_glued_part(fake):
    thread = MYBB + "/viewtopic.php?id=15&p=2"
    responses.get(MYBB + "/viewtopic.php?id=15&action=last",
                  body=mybbru_topic([(130, "alice", "голосую"), (131, "Ведущий", GLUED)]))
    forum = SiteForum(mybbru_client(fake), load_profile("mybbru"), Store(":memory:"), thread, "Ведущий")
    assert forum.find_reply(131, "(продолжение) Город проснулся. (2/2)").id == 131
    assert forum.find_reply(131, "Итоги ночи 1 (1/2)") is None     # the first part is not at the end


@responses.activate
def test_mybbru_a_newer_post_of_someone_else_is_no_confirmation(fake):
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15", body=mybbru_redirect(133))
    responses.get(MYBB + "/viewtopic.php?pid=133", body=mybbru_topic([(133, "alice", "голосую против carol")]))
    with pytest.raises(PostRejected, match="post 133 is alice's, not ours"):
        mybbru_writer(fake).reply(15, NEWS, after=131)


@responses.activate
def test_mybbru_an_answer_naming_no_post_is_checked_on_the_last_page(fake):
    """A board whose answer has no refresh or link (a script redirect): the thread's last
    page tells: our post after `after` with our words, or no post at all."""
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15",
                   body=cp1251("<html><body><script>location.href='/viewtopic.php?id=15'</script></body></html>"))
    last = MYBB + "/viewtopic.php?id=15&action=last"
    responses.get(last, body=mybbru_topic([(130, "Ведущий", NEWS), (134, "Ведущий", NEWS)]))
    assert mybbru_writer(fake).reply(15, NEWS, after=131).id == 134
    responses.replace(responses.GET, last, body=mybbru_topic([(130, "Ведущий", NEWS)]))
    with pytest.raises(PostRejected, match="no reason shown, and no new post found"):
        mybbru_writer(fake).reply(15, NEWS, after=131)


@responses.activate
def test_mybbru_a_refusal_is_rejected_with_the_forums_words(fake):
    responses.get(MYBB + "/post.php?tid=15", body=mybbru_form())
    responses.post(MYBB + "/post.php?action=post&tid=15",
                   body=cp1251('<html><body><div id="pun-message" class="punbb"><div id="msg" class="block">'
                               '<h2><span>Информация</span></h2><div class="box"><div class="inbox">'
                               '<p>Вы не можете отвечать в этой теме.</p></div></div></div></div></body></html>'))
    with pytest.raises(PostRejected, match="Вы не можете отвечать в этой теме"):
        mybbru_writer(fake).reply(15, NEWS, after=131)


def mybbru_pm_form() -> bytes:
    return cp1251(f"""<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head>
<body><div id="pun_wrap"><div id="pun"><div id="pun-messages" class="punbb">
<form id="post" method="post" action="{MYBB}/messages.php?action=send">
<input type="hidden" name="form_sent" value="1" />
<input type="text" name="req_username" value="" /><input type="text" name="req_subject" value="" />
<textarea name="req_message"></textarea><input type="submit" name="submit" value="Отправить" />
</form></div></div></div></body></html>""")


def mybbru_dialogs(dialogs: list[tuple[int, str]]) -> bytes:
    rows = "".join(f'<tr class="dialog"><td class="tclcon"><a href="{MYBB}/messages.php?dialog={d}">{s}</a>'
                   f'<span class="dialog-time-ago">Сегодня</span></td></tr>' for d, s in dialogs)
    return cp1251(f"""<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"></head>
<body><div id="pun_wrap"><div id="pun"><div id="pun-messages" class="punbb"><table>{rows}</table>
</div></div></div></body></html>""")


@responses.activate
def test_mybbru_pm_is_sent_in_cp1251_and_found_in_the_dialog_list(fake):
    responses.get(MYBB + "/messages.php?action=new", body=mybbru_pm_form())
    responses.post(MYBB + "/messages.php?action=send", status=302, headers={"Location": MYBB + "/messages.php"})
    responses.get(MYBB + "/messages.php", body=mybbru_dialogs([(8, "Ночной ход"), (7, "Ваша роль (№12)"),
                                                               (9, "Ваша роль (№12)")]),
                  match=[matchers.query_string_matcher(None)])   # the list, not a dialog
    # titles are not unique: the conversation holding the PM's words is the one sent
    responses.get(MYBB + "/messages.php?dialog=7", body=mybbru_topic([(701, "Ведущий", "Вы — Вор.")]))
    responses.get(MYBB + "/messages.php?dialog=9", body=mybbru_topic([(901, "Ведущий", "Вы — Мэр.")]))
    created = mybbru_writer(fake).send_pm(["Алиса"], "Ваша роль (№12)", "Вы — Мэр.")
    assert (created.id, created.url) == (9, MYBB + "/messages.php?dialog=9")
    sent = form_of(responses.calls[1], "cp1251")
    assert (sent["req_username"], sent["req_subject"], sent["req_message"]) == ("Алиса", "Ваша роль (№12)", "Вы — Мэр.")


@responses.activate
def test_mybbru_crash_lookup_finds_the_draft_already_posted(fake):
    """After a crash between the forum taking the news post and gorod recording it, the
    loop's forum finds it on the thread's page by the GM's name and the draft's words."""
    thread = MYBB + "/viewtopic.php?id=15&p=2"
    # no page of the thread stored yet: the lookup starts at the profile's last page
    responses.get(MYBB + "/viewtopic.php?id=15&action=last", body=mybbru_topic([(130, "alice", "голосую против bob"),
                                             (131, "Ведущий", "Итоги ночи 1 Город проснулся. Убит - Боб (№12).")]))
    forum = SiteForum(mybbru_client(fake), load_profile("mybbru"), Store(":memory:"), thread, "Ведущий")
    assert forum.max_length == 65535
    found = forum.find_reply(130, NEWS)
    assert (found.id, found.url) == (131, MYBB + "/viewtopic.php?pid=131#p131")
    assert forum.find_reply(131, NEWS) is None                     # nothing after 131
    assert forum.find_reply(130, "Итоги ночи 2: город проснулся.") is None
    responses.get(MYBB + "/messages.php", body=mybbru_dialogs([(9, "Ваша роль")]),
                  match=[matchers.query_string_matcher(None)])   # the list, not a dialog
    responses.get(MYBB + "/messages.php?dialog=9", body=mybbru_topic([(901, "Ведущий", "Вы — Мэр.")]))
    assert forum.find_pm("Алиса", "Ваша роль", "Вы — Мэр.").id == 9
    assert forum.find_pm("Алиса", "Ваша роль", "Вы — Мэр.", frozenset({"9"})) is None   # accounted for
    assert forum.find_pm("Алиса", "Ваша роль", "Вы — Вор.") is None                      # other words
    assert forum.find_pm("Алиса", "Ночь 1", "Вы — Мэр.") is None


@responses.activate
def test_phpbb_crash_lookup_finds_the_draft_already_posted(fake):
    thread = BASE + "/viewtopic.php?t=7&start=0"
    responses.get(thread, body=phpbb_topic([(41, "alice", "Голосую против bob."),
                                            (42, "Ведущий", "<span style=\"font-weight: bold\">Ночь наступила.</span>")]))
    writer = phpbb_writer(fake)
    found = writer.find_reply(thread, after=41, text="[b]Ночь наступила.[/b]")
    assert (found.id, found.url) == (42, BASE + "/viewtopic.php?p=42#p42")
    assert writer.find_reply(thread, after=42, text="[b]Ночь наступила.[/b]") is None
    # the PM is looked for in the outbox (unread yet), then in the sent folder, read with the
    # inbox selectors (empty ones here)
    empty = ('<html><body id="phpbb"><form id="viewfolder"><div class="panel"><div class="inner">'   # prosilver's
             '<p><strong>Нет сообщений.</strong></p></div></div></form></body></html>')                    # empty folder
    responses.get(BASE + "/ucp.php?i=pm&folder=outbox", body=empty)
    responses.get(BASE + "/ucp.php?i=pm&folder=sentbox", body=empty)
    assert writer.find_pm("Ваша роль (№12)") is None
    assert [c.request.url.split("folder=")[1] for c in responses.calls if "folder=" in c.request.url] == \
        ["outbox", "sentbox"]
