"""Write the plan's thread on XMB 1.9.12 at 47151 through its own forms (held-out h8): register the
six players (member.php?action=reg), log each in (misc.php?action=login), the GM opens the topic
in «Default Forum» (post.php?action=newthread), the players reply (action=reply), Гена edits his
post a minute later (action=edit).

Names are Latin (Вася plays as Vasya, the GM as Master): XMB's pages are ISO-8859-1, so a browser
sends a Cyrillic name as entities, «&#1042;&#1072;&#1089;&#1103;», which XMB escapes again
(«&amp;#1042;…», 11 characters a letter) and then refuses as longer than its 32; a raw UTF-8 name
is refused too (its bytes 0x80–0x9F are «nonprinting» in ISO-8859). The posts are Cyrillic, sent as
a browser sends them (xm_bot.as_browser).

The posts are BBCode. A quote is what XMB's own «quote» link (post.php?action=reply&repquote=PID)
fills the editor with, [rquote=PID&tid=TID&author=NAME]…[/rquote], here holding the quoted post's
first paragraph, as the plan says."""
import json
import re
import sys
import time

from plan import PLAYERS, POSTS, TITLE, first_text
from xm_bot import BASE, Bot, login, page_text, send

HOME = '/work/lab/own-heldout8'
USERS = [('Мастер', 'master')] + PLAYERS
LOGIN = {nick: login_.capitalize() for nick, login_ in USERS}
PASS = {nick: f'{login_}GamePass1' for nick, login_ in USERS}
FID = 1
bots = {}


def render(i, tid, pids):
    _, parts, _ = POSTS[i]
    out = []
    for kind, value in parts:
        if kind == 'p':
            out.append(value)
        elif kind == 'b':
            out.append(f'[b]{value}[/b]')
        elif kind == 'q':
            out.append(f'[rquote={pids[value]}&tid={tid}&author={LOGIN[POSTS[value][0]]}]{first_text(value)}[/rquote]')
    return '\r\n\r\n'.join(out)


def bot(nick):
    if nick not in bots:
        bots[nick] = login(LOGIN[nick], PASS[nick])
    return bots[nick]


def posted(r):
    """The (tid, pid) of XMB's «posted» message page: it sends the browser on to
    viewthread.php?tid=T#pidP (a Refresh header, or a script once headers are out)."""
    m = re.search(r'viewthread\.php\?tid=(\d+)[^"\'#<>]*#pid(\d+)', r.headers.get('Refresh', '') + r.text)
    if not m:
        print('no pid in', r.url, page_text(r)[:800]); sys.exit(1)
    return int(m.group(1)), int(m.group(2))


if __name__ == '__main__':
    for nick, login_ in PLAYERS:
        b = Bot(BASE)
        b.get('/member.php?action=reg')  # its cookie test: the first visit sets regtest
        send(b, '/member.php?action=reg', 'username',
             {'username': LOGIN[nick], 'password': PASS[nick], 'password2': PASS[nick], 'email': f'{login_}@gorod.test'},
             ('regsubmit', 'Register'), drop=('showemail', 'newsletter'))
        print('registered', nick, LOGIN[nick], flush=True)
    tid, pids = None, []
    last_author, last_at = None, 0
    for i, (author, parts, edit) in enumerate(POSTS):
        b = bot(author)
        # flood control: 5 seconds between a member's posts in a forum
        if author == last_author:
            time.sleep(max(0, last_at + 7 - time.time()))
        if i == 0:
            r = send(b, f'/post.php?action=newthread&fid={FID}', 'subject',
                     {'subject': TITLE, 'message': render(0, 0, pids)}, ('topicsubmit', 'Post New Topic'),
                     drop=('attach1',))
        else:
            r = send(b, f'/post.php?action=reply&fid={FID}&tid={tid}', 'message',
                     {'message': render(i, tid, pids)}, ('replysubmit', 'Post Reply'), drop=('attach1',))
        tid, pid = posted(r)
        pids.append(pid)
        last_author, last_at = author, time.time()
        print(i, author, r.status_code, r.url, flush=True)
        if edit:
            time.sleep(60)
            r = send(b, f'/post.php?action=edit&fid={FID}&tid={tid}&pid={pids[i]}', 'message',
                     {'message': render(i, tid, pids) + '\r\n\r\n' + edit}, ('editsubmit', 'Edit Post'),
                     drop=('attach1',))
            print(i, author, 'edited', r.status_code, r.url, flush=True)
    json.dump({'tid': tid, 'pids': pids}, open(f'{HOME}/xm_thread.json', 'w'))
