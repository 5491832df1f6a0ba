"""Write the plan's thread on the FUDforum 3.1.0 board at 47131 through its own forms: each
player registers (the rules page, then the form; FUDforum refuses a form sent in under 5 s),
logs in, the GM opens the topic in the first forum, the players reply from the topic page's
reply link, and Гена edits his post a minute after writing it. Each player has his own browser
(User-Agent): FUDforum resumes a cookie-less visitor's session by IP and User-Agent."""
import json
import re
import sys
import time

from formbot import Bot, has
from plan import PLAYERS, POSTS, TITLE, render, render_edit

BASE = 'http://127.0.0.1:47131'
LOGIN = dict(PLAYERS)
LOGIN['Мастер'] = 'master'
PASS = {n: f'{l} game pass phrase' for n, l in LOGIN.items()}
bots = {}


def text(html):
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', html))


def errors(html):
    return re.findall(r'class="ErrorText"[^>]*>([^<]+)', html)


def register(nick):
    b = Bot(BASE)
    b.s.headers['User-Agent'] += ' h6-' + LOGIN[nick]
    r = b.submit('/index.php?t=pre_reg', has('coppa'), {}, button=('agree', 'Согласен'))
    form = next(f for f in b.forms(r.text, r.url) if 'reg_login' in f.fields)
    data = b.fields(form)
    data.update({'reg_login': nick, 'reg_plaintext_passwd': PASS[nick], 'reg_plaintext_passwd_conf': PASS[nick],
                 'reg_email': f'{LOGIN[nick]}@example.org', 'fud_submit': 'Регистрация'})
    time.sleep(6)
    r = b.post(form.action, data, referer=r.url, multipart=True)
    print('register', nick, r.url, errors(r.text), flush=True)
    if 'Выход' in r.text:  # a new member is logged in at once
        bots[nick] = b


def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        b.s.headers['User-Agent'] += ' h6-' + LOGIN[nick]
        time.sleep(2)
        r = b.submit('/index.php?t=login', has('login'), {'login': nick, 'password': PASS[nick]})
        assert 'Выход' in r.text, (nick, r.url, errors(r.text))
        bots[nick] = b
    return bots[nick]


def send(b, url, values):
    r = b.get(url)
    form = next(f for f in b.forms(r.text, r.url) if 'msg_body' in f.fields)
    data = b.fields(form)
    data.update(values)
    data['msg_icon'] = ''
    data['submitted'] = '1'  # the submit button's onclick sets it
    data['btn_submit'] = next(i.get('value') for i in form.inputs if i.get('name') == 'btn_submit')
    time.sleep(3)  # the board's flood guard (2 s here)
    r2 = b.post(form.action or r.url, data, referer=r.url, multipart=True)
    if r2.status_code >= 400 or errors(r2.text) or 't=post' in r2.url:
        print(r2.status_code, r2.url, errors(r2.text), text(r2.text)[:600])
        sys.exit(1)
    return r2


for nick in ['Мастер'] + [n for n, _ in PLAYERS]:
    register(nick)
topic = None
ids = []
for i, (author, parts, edit) in enumerate(POSTS):
    b = bot(author)
    if i == 0:
        r = send(b, '/index.php?t=post&frm_id=1', {'msg_subject': TITLE, 'msg_body': render(0, 'bbcode')})
    else:
        r = b.get(topic)
        link = re.findall(r'href="([^"]*t=post[^"]*reply_to=\d+[^"]*)"', r.text)
        link = [l for l in link if 'quote=' not in l][0].replace('&amp;', '&')
        r = send(b, link, {'msg_body': render(i, 'bbcode')})
    m = re.search(r'[?&]goto=(\d+)', r.url) or re.search(r'#msg_(\d+)', r.url) or re.search(r'msg_(\d+)', r.text)
    ids.append(m.group(1) if m else None)
    if i == 0:
        th = re.search(r'[?&]th=(\d+)', r.url) or re.search(r't=msg&(?:amp;)?th=(\d+)', r.text)
        topic = f'{BASE}/index.php?t=msg&th={th.group(1)}&start=0'
    print(i, author, r.url, ids[-1], flush=True)
    if edit:
        time.sleep(61)
        send(b, f'/index.php?t=post&msg_id={ids[i]}', {'msg_body': render_edit(i, 'bbcode')})
        print('edited', i, ids[i], flush=True)
json.dump({'topic_url': topic, 'ids': ids}, open('/work/lab/own-heldout6/fu_thread.json', 'w'))
