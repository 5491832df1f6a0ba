"""Write the plan's thread on the FlaskBB board at 47111 through its own forms: the GM opens the
topic (FlaskBB 2.2.0 lets only moderators open one: its ForumNotLocked requirement is inverted),
the players reply from the topic's reply page, one edits a minute later."""
import json
import re
import sys
import time

from formbot import Bot
from plan import PLAYERS, POSTS, TITLE, render, render_edit

BASE = 'http://127.0.0.1:47111'
PASS = {n: f'{l} game pass phrase' for n, l in PLAYERS}
PASS['Мастер'] = 'master game pass phrase'
bots = {}


def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        r = b.submit('/auth/login', lambda fs: fs[0], {'login': nick, 'password': PASS[nick]})
        assert 'auth/logout' in r.text or 'logout' in r.text.lower(), (nick, r.url)
        bots[nick] = b
    return bots[nick]


def send(b, url, values):
    r = b.get(url)
    form = next(f for f in b.forms(r.text, r.url) if any(i.get('name') == 'content' for i in f.inputs))
    data = b.fields(form)
    data.update(values)
    data['submit'] = 'Post'
    time.sleep(1)
    r2 = b.post(form.action or r.url, data, referer=r.url)
    if r2.status_code >= 400 or 'invalid-feedback' in r2.text or r2.url.rstrip('/') == r.url.rstrip('/'):
        print(r2.status_code, r2.url, re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r2.text))[:600])
        sys.exit(1)
    return r2


topic = None
ids = []
for i, (author, parts, edit) in enumerate(POSTS):
    b = bot(author)
    if i == 0:
        r = send(b, '/2-igry/topic/new', {'title': TITLE, 'content': render(0, 'markdown')})
        topic = re.sub(r'[?#].*$', '', r.url)
    else:
        r = b.get(topic)
        link = re.search(r'href="([^"]*/post/new)"', r.text).group(1)
        r = send(b, link, {'content': render(i, 'markdown')})
    m = re.search(r'#pid(\d+)$', r.url) or re.search(r'/post/(\d+)', r.url) or re.search(r'#(\d+)$', r.url)
    ids.append(m.group(1) if m else None)
    print(i, author, r.url, flush=True)
for i, (author, parts, edit) in enumerate(POSTS):
    if edit:
        time.sleep(61)
        send(bot(author), f'/post/{ids[i]}/edit', {'content': render_edit(i, 'markdown')})
        print('edited', i, ids[i])
json.dump({'topic_url': topic, 'ids': ids}, open('fb_thread.json', 'w'))
