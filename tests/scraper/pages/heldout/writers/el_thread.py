"""Write the plan's thread on the ElkArte 1.1.9 at 47161 through its own forms (held-out h9):
register the players (Cyrillic user names; the agreement page, then the form), log each in, the
GM («Мастер», the admin the installer made) opens the topic in the board, the players reply,
Гена edits a minute later.

ElkArte posts are BBCode; a quote is the block its own «Quote» button fills the editor with
(action=post;quote=MSG: «[quote author=Вася link=msg=5 date=…]…[/quote]»), its header taken from
that form and holding the quoted post's first paragraph, as the plan says. ElkArte refuses a
second post from one address within spamWaitTime (5 s): the writer waits 6 s between posts."""
import json
import re
import sys
import time

from formbot import Bot
from plan import PLAYERS, POSTS, TITLE, first_text

BASE = 'http://127.0.0.1:47161'
BOARD = 1
USERS = [('Мастер', 'master')] + PLAYERS
PASS = {n: f'{l}GamePass1' for n, l in USERS}
bots = {}


def page_text(r):
    t = re.sub(r'<script.*?</script>', '', r.text, flags=re.S)
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', t))


def form_with(b, url, field, action_has=''):
    r = b.get(url)
    forms = [f for f in b.forms(r.content, r.url)
             if any(i.get('name') == field for i in f.inputs) and action_has in (f.action or '')]
    if not forms:
        print('no form with', field, 'at', r.url, page_text(r)[:1500]); sys.exit(1)
    return r, forms[0]


def check(r2):
    text = page_text(r2)
    # a shown error is class="errorbox" (or "warningbox"); "errorbox hide" is quick edit's empty box
    if r2.status_code >= 400 or re.search(r'class="(?:errorbox|warningbox)"', r2.text) or 'An Error Has Occurred' in text:
        m = re.search(r'class="(?:errorbox|warningbox)"(.*?)</div>', r2.text, re.S)
        print(r2.status_code, r2.url, m.group(1) if m else text[:1500]); sys.exit(1)
    return r2


def send(b, url, field, values, button, action_has=''):
    r, f = form_with(b, url, field, action_has)
    d = b.fields(f)
    for k in ('attachment[]', 'attachment_click[]', 'MAX_FILE_SIZE'):  # no file: a browser sends none
        d.pop(k, None)
    d.update(values)
    d[button[0]] = button[1]
    return check(b.post(f.action or r.url, d, referer=r.url))


def register(nick, login):
    b = Bot(BASE)
    r, f = form_with(b, '/index.php?action=register', 'step', 'action=register')
    d = b.fields(f)
    d['accept_agreement'] = 'I accept the terms of the agreement.'
    r = check(b.post(f.action, d, referer=r.url))
    f = next(f for f in b.forms(r.content, r.url) if 'register2' in (f.action or ''))
    d = b.fields(f)
    d.update({'user': nick, 'email': f'{login}@gorod.test', 'passwrd1': PASS[nick], 'passwrd2': PASS[nick]})
    d['regSubmit'] = 'Register'
    time.sleep(10)  # ElkArte refuses a form sent within 8 s of the page (its time gate)
    r = check(b.post(f.action, d, referer=r.url))
    print('registered', nick, r.url, page_text(r)[600:800], flush=True)


def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        send(b, '/index.php?action=login', 'passwrd', {'user': nick, 'passwrd': PASS[nick], 'cookielength': '60'},
             ('submit', 'Log in'), action_has='action=login2')
        r = b.get('/index.php')
        if 'action=logout' not in r.text:
            print('not logged in:', nick, page_text(r)[:800]); sys.exit(1)
        bots[nick] = b
    return bots[nick]


def render(b, i, tid, msgs):
    _, parts, _ = POSTS[i]
    out = []
    for kind, value in parts:
        if kind == 'p':
            out.append(value)
        elif kind == 'b':
            out.append(f'[b]{value}[/b]')
        elif kind == 'q':
            r, f = form_with(b, f'/index.php?action=post;topic={tid}.0;quote={msgs[value]}', 'message')
            head = re.match(r'\s*(\[quote[^\]]*\])', f.fields['message'])
            if not head:
                print('no quote block in', f.fields['message'][:300]); sys.exit(1)
            out.append(f'{head.group(1)}{first_text(value)}[/quote]')
    return '\n\n'.join(out)


if __name__ == '__main__':
    for nick, login in PLAYERS:
        register(nick, login)
    tid, msgs = None, []
    for i, (author, parts, edit) in enumerate(POSTS):
        b = bot(author)
        time.sleep(6)  # spamWaitTime
        if i == 0:
            r = send(b, f'/index.php?action=post;board={BOARD}.0', 'message',
                     {'subject': TITLE, 'message': render(b, 0, 0, msgs)}, ('post', 'Post'))
        else:
            r = send(b, f'/index.php?action=post;topic={tid}.0', 'message',
                     {'message': render(b, i, tid, msgs)}, ('post', 'Post'))
        # ElkArte sends the poster back to topic=T.new#new: the newest message shown there is this one
        m = re.search(r'topic=(\d+)\.', r.url)
        ids = [int(x) for x in re.findall(r'id="msg(\d+)"', r.text)]
        if not m or not ids:
            print('no message id in', r.url, page_text(r)[:800]); sys.exit(1)
        tid = int(m.group(1))
        msgs.append(max(ids))
        print(i, author, r.status_code, r.url, flush=True)
        if edit:
            time.sleep(60)
            r, f = form_with(b, f'/index.php?action=post;msg={msgs[i]};topic={tid}.0', 'message')
            d = {k: v for k, v in b.fields(f).items() if k not in ('attachment[]', 'attachment_click[]', 'MAX_FILE_SIZE')}
            d['message'] = render(b, i, tid, msgs) + '\n\n' + edit
            d['post'] = 'Save'
            r = check(b.post(f.action or r.url, d, referer=r.url))
            print(i, author, 'edited', r.status_code, r.url, flush=True)
    json.dump({'tid': tid, 'msgs': msgs}, open('/work/lab/own-heldout9/el_thread.json', 'w'))
