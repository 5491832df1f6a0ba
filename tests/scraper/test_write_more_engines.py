"""Posting on MyBB 1.8, SMF 2, vBulletin 3/4, XenForo 1/2 and IP.Board 4, offline.

Each engine's reply form, its answers (the redirect or page naming the new post, the
flood message) and a topic page that its profile reads are written here from the
engine's own code and templates (MyBB newreply.php and the newreply template, SMF
Post.template.php and Post2's redirectexit, vBulletin newreply.php and the vbform
template, XenForo's add-reply controller and editor, IPS 4's comment form). One table of
engines, the same checks for each: a reply posted and confirmed by its new id (and the
post it points at is ours), the flood page waited out, a silently dropped double post
rejected. None of it has been confirmed on a real board (each profile's `unconfirmed:`).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import pytest
import responses
from test_write_engines import BASE, FakeTime, cp1251, form_of, gm_client

from config.profiles import load_profile
from scraper.errors import PostRejected
from scraper.write import ForumWriter

ME = "Ведущий"
TEXT = "[b]Итоги ночи 1[/b]\nГород проснулся."


@dataclass
class Engine:
    profile: str
    login: str
    form_url: str                                  # the page with the reply form
    form: Callable[[str], str | bytes]             # form(error) -> the page
    action: str                                    # where the form posts
    success: Callable[[int], dict]                 # responses kwargs answering a saved post
    topic: Callable[[list[tuple[int, str, str]]], str | bytes]
    post_page: Callable[[int], str]                # where the writer checks the post is ours
    flood: str                                     # the engine's flood message
    waited: float                                  # what the writer should wait for it
    sent_text: str = "message"
    expect: Callable[[dict], None] = lambda sent: None


# -------------------------------------------------------------------- MyBB 1.8

def mybb_form(error: str = "") -> str:
    err = (f'<div class="error"><p><em>Please correct the following errors before continuing:</em></p>'
           f'<ul><li>{error}</li></ul></div>') if error else ""
    return f"""<html><head><title>Post Reply</title></head><body><div id="container"><div id="content">
{err}
<form action="newreply.php?tid=7&amp;processed=1" method="post" enctype="multipart/form-data" name="input">
<table class="tborder"><tr><td class="trow2"><input type="text" class="textbox" name="subject" size="40"
 maxlength="85" value="RE: Город N" tabindex="1" /></td></tr>
<tr><td class="trow2"><textarea name="message" id="message" rows="20" cols="70" tabindex="2"></textarea></td></tr>
<tr><td><label><input type="checkbox" class="checkbox" name="postoptions[signature]" value="1" checked="checked" />
 Signature</label></td></tr></table>
<input type="hidden" name="my_post_key" value="9f8e7d6c5b4a" />
<input type="hidden" name="action" value="do_newreply" />
<input type="hidden" name="replyto" value="0" />
<input type="hidden" name="posthash" value="0a1b2c3d" />
<input type="hidden" name="attachmentaid" value="" />
<input type="hidden" name="tid" value="7" />
<div style="text-align:center"><input type="submit" class="button" name="submit" value="Post Reply" tabindex="3" />
<input type="submit" class="button" name="previewpost" value="Preview Post" tabindex="4" /></div>
</form></div></div></body></html>"""


def mybb_topic(posts) -> str:
    items = "".join(f"""<div class="post " style="" id="post_{pid}">
<div class="post_author"><div class="author_information"><strong><span class="largetext">
<a href="member.php?action=profile&amp;uid=2">{author}</a></span></strong></div></div>
<div class="post_content"><div class="post_body scaleimages" id="pid_{pid}">{text}</div></div></div>"""
                    for pid, author, text in posts)
    return f'<html><body><div id="posts">{items}</div></body></html>'


MYBB = Engine(
    "mybb", "/member.php?action=login", "/newreply.php?tid=7", mybb_form, "/newreply.php?tid=7&processed=1",
    lambda pid: {"status": 302, "headers": {"Location": f"showthread.php?tid=7&pid={pid}#pid{pid}"}},
    mybb_topic, lambda pid: f"/showthread.php?tid=7&pid={pid}",
    "Please wait 14 more seconds before posting another message.", 14.0,
    expect=lambda sent: (sent["my_post_key"], sent["action"], sent["submit"], sent["subject"]) == (
        "9f8e7d6c5b4a", "do_newreply", "Post Reply", "RE: Город N") and "previewpost" not in sent,
)


# -------------------------------------------------------------------- SMF 2 (a windows-1251 forum)

def smf_form(error: str = "") -> bytes:
    err = (f'<div id="fatal_error"><div class="cat_bar"><h3 class="catbg">Ошибка!</h3></div>'
           f'<div class="windowbg"><div class="padding">{error}</div></div></div>') if error else ""
    return cp1251(f"""<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251" />
<title>Ответ</title></head><body><div id="content_section">{err}
<form action="{BASE}/index.php?action=post2;start=0;board=1" method="post" accept-charset="windows-1251"
 name="postmodify" id="postmodify" class="flow_hidden" onsubmit="submitonce(this);">
<input type="text" name="subject" value="Re: Город N" tabindex="1" size="80" maxlength="80" class="input_text" />
<textarea class="editor" name="message" id="message" rows="12" cols="600" tabindex="2"></textarea>
<input type="checkbox" name="goback" id="check_back" checked="checked" value="1" class="input_check" />
<input type="submit" value="Отправить" tabindex="3" onclick="return submitThisOnce(this);" accesskey="s" class="button_submit" />
<input type="hidden" name="topic" value="7" />
<input type="hidden" name="last_msg" value="41" />
<input type="hidden" name="additional_options" value="0" />
<input type="hidden" name="e3f1a2" value="5c0ffee5e55105" />
<input type="hidden" name="seqnum" value="12" />
</form></div></body></html>""")


def smf_topic(posts) -> bytes:
    items = "".join(f"""<div class="windowbg"><span class="topslice"><span></span></span>
<div class="post_wrapper"><div class="poster"><h4><a href="{BASE}/index.php?action=profile;u=2">{author}</a></h4></div>
<div class="postarea"><div class="post"><div class="inner" id="msg_{pid}">{text}</div></div></div></div></div>"""
                    for pid, author, text in posts)
    return cp1251(f'<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251" /></head>'
                  f'<body><div id="forumposts"><form action="#" method="post">{items}</form></div></body></html>')


SMF = Engine(
    "smf2", "/index.php?action=login2", "/index.php?action=post;topic=7.0", smf_form,
    "/index.php?action=post2;start=0;board=1",
    # Post2 never names the post (topic=T.new#new with "goback"): the last page tells
    lambda pid: {"status": 302, "headers": {"Location": f"{BASE}/index.php?topic=7.new#new"}},
    smf_topic, lambda pid: "/index.php?topic=7.new",
    "The last posting from your IP was less than 15 seconds ago. Please try again later.", 15.0,
    expect=lambda sent: (sent["e3f1a2"], sent["seqnum"], sent["goback"], sent["subject"]) == (
        "5c0ffee5e55105", "12", "1", "Re: Город N"),
)


# -------------------------------------------------------------------- vBulletin 3 and 4

def vb_form(error: str = "") -> str:
    err = (f'<table class="tborder"><tr><td class="thead">The following errors occurred with your submission</td></tr>'
           f'<tr><td class="alt1"><ol><li>{error}</li></ol></td></tr></table>') if error else ""
    return f"""<html><head><title>Reply to Topic</title></head><body>{err}
<form action="newreply.php?do=postreply&amp;t=7" method="post" name="vbform" onsubmit="return vB_Editor['vB_Editor_001'].prepare_submit(0, 5)" id="vbform">
<input type="text" class="bginput" name="title" value="" size="50" maxlength="85" tabindex="1" />
<textarea name="message" id="vB_Editor_001_textarea" rows="10" cols="60" tabindex="1"></textarea>
<input type="hidden" name="wysiwyg" id="vB_Editor_001_mode" value="0" />
<input type="hidden" name="s" value="" />
<input type="hidden" name="securitytoken" value="1700000000-5e6f" />
<input type="hidden" name="do" value="postreply" />
<input type="hidden" name="t" value="7" id="qr_threadid" />
<input type="hidden" name="p" value="" />
<input type="hidden" name="specifiedpost" value="0" />
<input type="hidden" name="posthash" value="d41d8cd9" />
<input type="hidden" name="poststarttime" value="1700000000" />
<input type="hidden" name="loggedinuser" value="2" />
<input type="submit" class="button" name="sbutton" id="vB_Editor_001_save" value="Submit Reply" accesskey="s" tabindex="1" />
<input type="submit" class="button" name="preview" value="Preview Post" accesskey="r" tabindex="1" />
</form></body></html>"""


def vb3_topic(posts) -> str:
    items = "".join(f"""<div id="edit{pid}" style="padding:0px 0px 6px 0px">
<table id="post{pid}" class="tborder" cellpadding="6" cellspacing="0" border="0" width="100%" align="center">
<tr><td class="alt2" width="175"><div id="postmenu_{pid}"><a class="bigusername" href="member.php?u=2">{author}</a></div></td>
<td class="alt1" id="td_post_{pid}"><div id="post_message_{pid}">{text}</div></td></tr></table></div>"""
                    for pid, author, text in posts)
    return f'<html><body><div id="posts">{items}</div></body></html>'


def vb4_topic(posts) -> str:
    items = "".join(f"""<li class="postbit postbitim postcontainer old" id="post_{pid}">
<div class="postdetails"><div class="userinfo"><div class="username_container">
<a class="username offline popupctrl" href="member.php?u=2"><strong>{author}</strong></a></div></div>
<div class="postbody"><div class="postrow"><div class="content"><div id="post_message_{pid}">
<blockquote class="postcontent restore ">{text}</blockquote></div></div></div></div></div></li>"""
                    for pid, author, text in posts)
    return f'<html><body><ol id="posts" class="posts">{items}</ol></body></html>'


def vb(profile: str, topic) -> Engine:
    return Engine(
        profile, "/login.php?do=login", "/newreply.php?do=newreply&t=7", vb_form, "/newreply.php?do=postreply&t=7",
        lambda pid: {"status": 302, "headers": {"Location": f"showthread.php?p={pid}#post{pid}"}},
        topic, lambda pid: f"/showthread.php?p={pid}",
        "This forum requires that you wait 30 seconds between posts. Please try again in 12 seconds.", 12.0,
        expect=lambda sent: (sent["securitytoken"], sent["do"], sent["sbutton"], sent["posthash"]) == (
            "1700000000-5e6f", "postreply", "Submit Reply", "d41d8cd9") and "preview" not in sent,
    )


# -------------------------------------------------------------------- XenForo 1 and 2

def xf2_form(error: str = "") -> str:
    err = (f'<div class="blockMessage blockMessage--error blockMessage--iconic">{error}</div>') if error else ""
    return f"""<html><head><title>Post reply</title></head><body><div class="p-body-pageContent">{err}
<form action="/threads/gorod.7/add-reply" method="post" class="block" data-xf-init="attachment-manager">
<div class="block-container"><div class="block-body">
<textarea name="message_html" class="input js-editor u-jsOnly" data-xf-init="editor"></textarea>
<noscript><textarea name="message" class="input"></textarea></noscript>
</div><div class="formSubmitRow-controls"><button type="submit" class="button--primary button">
<span class="button-text">Post reply</span></button></div></div>
<input type="hidden" name="_xfToken" value="1700000000,7a8b9c" />
</form></div></body></html>"""


def xf2_topic(posts) -> str:
    items = "".join(f"""<article class="message message--post js-post js-inlineModContainer" data-author="{author}"
 data-content="post-{pid}" id="js-post-{pid}"><div class="message-inner"><div class="message-cell message-cell--main">
<div class="message-content js-messageContent"><div class="message-userContent lbContainer js-lbContainer">
<article class="message-body js-selectToQuote"><div class="bbWrapper">{text}</div></article></div></div></div></div>
</article>""" for pid, author, text in posts)
    return f'<html><body><div class="block-body js-replyNewMessageContainer">{items}</div></body></html>'


def xf1_form(error: str = "") -> str:
    err = f'<div class="errorOverlay"><ul><li>{error}</li></ul></div>' if error else ""
    return f"""<html><head><base href="{BASE}/" /><title>Reply to Thread</title></head><body>{err}
<form action="threads/gorod.7/add-reply" method="post" class="xenForm Preview AutoValidator" data-previewUrl="threads/gorod.7/reply-preview">
<textarea name="message_html" id="ctrl_message_html" class="textCtrl MessageEditor BbCodeWysiwygEditor" style="display:none"></textarea>
<textarea name="message" id="ctrl_message" class="textCtrl MessageEditor"></textarea>
<input type="submit" value="Reply to Thread" accesskey="s" class="button primary" />
<input type="hidden" name="_xfToken" value="2,1700000000,1f2e3d" />
<input type="hidden" name="last_date" value="1700000000" />
</form></body></html>"""


def xf1_topic(posts) -> str:
    items = "".join(f"""<li id="post-{pid}" class="message" data-author="{author}">
<div class="messageInfo primaryContent"><div class="messageContent"><article>
<blockquote class="messageText SelectQuoteContainer ugc baseHtml">{text}</blockquote></article></div></div></li>"""
                    for pid, author, text in posts)
    return f'<html><body><ol class="messageList" id="messageList">{items}</ol></body></html>'


def xf(profile: str, form, topic, location) -> Engine:
    return Engine(
        profile, "/login/login", "/threads/7/reply", form, "/threads/gorod.7/add-reply",
        lambda pid: {"status": 303, "headers": {"Location": location(pid)}},
        topic, location,
        "You must wait at least 23 seconds before performing this action.", 23.0,
        expect=lambda sent: sent["_xfToken"].startswith(("1700000000", "2,1700000000")) and "message_html" not in sent,
    )


# -------------------------------------------------------------------- IP.Board 4

def ipb_page(error: str = "", posts=()) -> str:
    err = f'<div class="ipsMessage ipsMessage_error">{error}</div>' if error else ""
    items = "".join(f"""<article id="elComment_{pid}" class="cPost ipsBox ipsComment ipsComment_parent ipsClearfix"
 data-commentid="{pid}"><aside class="ipsComment_author cAuthorPane ipsColumn ipsColumn_medium">
<h3 class="ipsType_sectionHead cAuthorPane_author ipsType_blendLinks ipsType_break"><strong>
<a href="{BASE}/profile/2-gm/">{author}</a></strong></h3></aside>
<div class="ipsColumn ipsColumn_fluid"><div class="cPost_contentWrap ipsPad">
<div data-role="commentContent" class="ipsType_normal ipsType_richText ipsContained">{text}</div></div></div></article>"""
                    for pid, author, text in posts)
    return f"""<html><head><title>Город N</title></head><body><div id="ipsLayout_mainArea">{items}{err}
<form accept-charset="utf-8" class="ipsForm ipsForm_vertical" action="{BASE}/topic/7-gorod/" method="post"
 enctype="multipart/form-data" data-ipsform="">
<input type="hidden" name="commentform_7_submitted" value="1">
<input type="hidden" name="csrfKey" value="c5rfk3y">
<input type="hidden" name="_contentReply" value="1">
<input type="hidden" name="MAX_FILE_SIZE" value="2097152">
<input type="hidden" name="plupload" value="0f0e">
<textarea name="topic_comment_7" data-ipseditor=""></textarea>
<button type="submit" class="ipsButton ipsButton_primary" tabindex="2" accesskey="s" role="button">Submit Reply</button>
</form></div></body></html>"""


IPB = Engine(
    "ipboard", "/login/", "/topic/7/", ipb_page, "/topic/7-gorod/",
    lambda pid: {"status": 301, "headers": {"Location": f"{BASE}/topic/7-gorod/?do=findComment&comment={pid}"}},
    lambda posts: ipb_page(posts=posts), lambda pid: f"/topic/7-gorod/?do=findComment&comment={pid}",
    "Please wait 25 seconds before posting again.", 25.0, sent_text="topic_comment_7",
    expect=lambda sent: (sent["csrfKey"], sent["commentform_7_submitted"]) == ("c5rfk3y", "1"),
)

ENGINES = [
    MYBB,
    # every SMF page is index.php, as the login is: only the query tells them apart
    pytest.param(SMF, id="smf2-login"),
    # the same forum with the login elsewhere: what the forms and answers do, past that
    pytest.param(replace(SMF, login="/gorod-test/login"), id="smf2"),
    vb("vbulletin3", vb3_topic), vb("vbulletin4", vb4_topic),
    xf("xenforo2", xf2_form, xf2_topic, lambda pid: f"/threads/gorod.7/post-{pid}"),
    xf("xenforo1", xf1_form, xf1_topic, lambda pid: f"/posts/{pid}/"),
    IPB,
]
IDS = [e.profile if isinstance(e, Engine) else None for e in ENGINES]


def writer(engine: Engine, fake) -> ForumWriter:
    return ForumWriter(gm_client(fake, engine.login), profile=load_profile(engine.profile), allow_writes=True)


def charset(engine: Engine) -> str:
    return "cp1251" if engine.profile == "smf2" else "utf-8"   # SMF's form says accept-charset="windows-1251"


@pytest.fixture
def fake():
    return FakeTime()


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@responses.activate
def test_a_reply_is_posted_and_confirmed_by_its_new_id(engine, fake):
    responses.get(BASE + engine.form_url, body=engine.form(""))
    responses.post(BASE + engine.action, **engine.success(42))
    responses.get(BASE + engine.post_page(42), body=engine.topic([(41, "alice", "голосую против bob"),
                                                                  (42, ME, "Итоги ночи 1 Город проснулся.")]))
    created = writer(engine, fake).reply(7, TEXT, after=41)
    assert created.id == 42
    sent = form_of(responses.calls[1], charset(engine))
    assert sent[engine.sent_text] == TEXT
    assert engine.expect(sent) is not False


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@responses.activate
def test_the_flood_page_is_recognised_and_waited_out(engine, fake):
    responses.get(BASE + engine.form_url, body=engine.form(""))
    responses.post(BASE + engine.action, body=engine.form(engine.flood))
    responses.post(BASE + engine.action, **engine.success(43))
    responses.get(BASE + engine.post_page(43), body=engine.topic([(43, ME, TEXT)]))
    assert writer(engine, fake).reply(7, TEXT, after=42).id == 43
    assert engine.waited in fake.sleeps


@pytest.mark.parametrize("engine", ENGINES, ids=IDS)
@responses.activate
def test_a_silently_dropped_double_post_is_rejected(engine, fake):
    """The forum answers as for a saved post but names (or shows) only the older one."""
    responses.get(BASE + engine.form_url, body=engine.form(""))
    responses.post(BASE + engine.action, **engine.success(42))
    responses.get(BASE + engine.post_page(42), body=engine.topic([(42, ME, TEXT)]))
    with pytest.raises(PostRejected, match="no new post"):
        writer(engine, fake).reply(7, TEXT, after=42)


@responses.activate
def test_xenforo2_conversation_is_confirmed_by_its_id(fake):
    responses.get(BASE + "/conversations/add", body="""<html><body>
<form action="/conversations/add" method="post" class="block">
<input type="text" name="recipients" class="input" /><input type="text" name="title" class="input" />
<textarea name="message_html" class="input js-editor"></textarea><textarea name="message"></textarea>
<input type="hidden" name="_xfToken" value="1700000000,7a8b9c" /></form></body></html>""")
    responses.post(BASE + "/conversations/add", status=303, headers={"Location": f"{BASE}/conversations/rol-12.9/"})
    created = writer(xf("xenforo2", xf2_form, xf2_topic, str), fake).send_pm(["alice", "bob"], "Роль (№12)", "Вы — Мэр.")
    assert (created.id, created.url) == (9, BASE + "/conversations/rol-12.9/")
    sent = form_of(responses.calls[1])
    assert (sent["recipients"], sent["title"], sent["message"]) == ("alice, bob", "Роль (№12)", "Вы — Мэр.")
    assert "message_html" not in sent


def test_every_engine_gorod_reads_says_how_it_is_written_or_that_it_is_not():
    """The profiles with a write section, and those without (JSON APIs, read-only ones)."""
    from config.profiles import engine_profiles
    writable = {p.name for p in engine_profiles() if p.write is not None}
    assert {"spirit", "phpbb3", "mybbru", "mybb", "smf2", "vbulletin3", "vbulletin4", "xenforo1", "xenforo2",
            "ipboard"} <= writable
    # written to by the live conformance suite (tests/forums): their write section is confirmed
    confirmed_live = {"spirit", "nodebb", "misago", "phpbb3", "mybb", "smf2", "punbb"}
    for p in engine_profiles():
        if p.write is not None and p.name not in confirmed_live:
            assert any(u.startswith("write:") for u in p.unconfirmed), p.name


def mybb_pm_form(error: str = "") -> str:
    err = f'<div class="error"><ul><li>{error}</li></ul></div>' if error else ""
    return f"""<html><body>{err}<form action="private.php" method="post" name="input">
<input type="text" class="textbox" name="to" id="to" size="40" maxlength="85" value="" />
<input type="text" class="textbox" name="subject" size="40" maxlength="85" value="" />
<textarea name="message" id="message" rows="20" cols="70"></textarea>
<input type="hidden" name="action" value="do_send" /><input type="hidden" name="pmid" value="" />
<input type="hidden" name="do" value="" /><input type="hidden" name="my_post_key" value="9f8e7d6c5b4a" />
<input type="submit" class="button" name="submit" value="Send Message" />
<input type="submit" class="button" name="saveasdraft" value="Save as Draft" /></form></body></html>"""


@responses.activate
def test_mybb_pm_answered_by_a_bare_redirect_is_sent_with_no_id(fake):
    """MyBB's do_send redirects to private.php: no id; Sent Items (read with the inbox
    selectors) does not show it yet: sent, id 0."""
    responses.get(BASE + "/private.php?action=send", body=mybb_pm_form())
    responses.get(BASE + "/private.php?fid=2", body='<html><body><form action="private.php" method="post" name="pmForm">'
                  '<table class="tborder"><tr><td class="trow1" colspan="6">Нет сообщений.</td></tr></table></form></body></html>')
    responses.post(BASE + "/private.php", status=302, headers={"Location": "private.php"})
    created = writer(MYBB, fake).send_pm(["alice", "bob"], "Роль (№12)", "Вы — Мэр.")
    assert (created.id, created.url) == (0, BASE + "/private.php")
    sent = form_of(responses.calls[1])
    assert (sent["to"], sent["subject"], sent["action"], sent["submit"]) == (
        "alice, bob", "Роль (№12)", "do_send", "Send Message")
    assert "saveasdraft" not in sent


@responses.activate
def test_mybb_pm_refused_with_the_forums_words(fake):
    responses.get(BASE + "/private.php?action=send", body=mybb_pm_form())
    responses.post(BASE + "/private.php", body=mybb_pm_form("The user alice does not exist."))
    with pytest.raises(PostRejected, match="did not save it: The user alice does not exist"):
        writer(MYBB, fake).send_pm(["alice"], "Роль (№12)", "Вы — Мэр.")


def test_each_profiles_write_markup_is_the_one_the_drafts_are_written_in():
    from config.profiles import engine_profiles
    from publisher.markup import markup_for
    for p in engine_profiles():
        if p.write is not None:
            assert p.write.markup in (None, markup_for(p.engine).name), p.name


def test_a_profile_without_a_write_section_reads_but_does_not_post(fake):
    """vBulletin 5 has no write section yet: its writer is built (the loop's lookups read),
    and posting says why it cannot."""
    from scraper.errors import ScraperError
    profile = load_profile("vbulletin5")
    assert profile.write is None
    writer = ForumWriter(gm_client(fake, "/login"), profile=profile, allow_writes=True)
    assert writer.max_length == 60000 and writer.last_page_url(7) is None
    with pytest.raises(ScraperError, match="profile 'vbulletin5' has no write section: gorod cannot post there"):
        writer.reply(7, "Ночь.", after=None)
    with pytest.raises(ScraperError, match="no write section"):
        writer.send_pm(["alice"], "Роль (№12)", "Вы — Мэр.")
    assert writer.find_pm("Роль (№12)") is None
