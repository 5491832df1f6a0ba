"""Write the plan's thread on the Tin Can forum at 47104 through its own forms (held-out h3)."""
import re, time, json, sys
from formbot import Bot
from plan import POSTS, TITLE, PLAYERS, render, render_edit
BASE = 'http://127.0.0.1:47104'
USERS = [('Мастер', 'master')] + PLAYERS
# the board takes Latin names only (3-16 letters and digits): Вася plays as Vasya
LOGIN = {n: l.capitalize() for n, l in USERS}
PASS = {n: f'{l}GamePass1' for n, l in USERS}
bots = {}

def form_with(b, url, field):
    r = b.get(url)
    return r, [f for f in b.forms(r.text, r.url) if any(i.get('name') == field for i in f.inputs)][0]

def send(b, url, field, values):
    r, f = form_with(b, url, field)
    d = b.fields(f); d.update(values)
    for i in f.inputs:
        if (i.get('type') or '') == 'submit' and i.get('name'):
            d[i.get('name')] = i.get('value') or ''
    time.sleep(1)
    r2 = b.post(f.action or r.url, d, referer=r.url)
    if r2.status_code >= 400 or 'error' in r2.url:
        print(r2.status_code, r2.url, re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r2.text))[:600]); sys.exit(1)
    return r2

def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        send(b, '/index.php?page=1010', 'username', {'username': LOGIN[nick], 'password': PASS[nick]})
        bots[nick] = b
    return bots[nick]

if __name__ == '__main__':
    for nick, login in USERS:
        send(Bot(BASE), '/index.php?page=1008', 'username', {'username': LOGIN[nick], 'email': f'{login}@gorod.test', 'password': PASS[nick]})
        print('registered', nick, flush=True)
    thread, ids = None, []
    for i, (author, parts, edit) in enumerate(POSTS):
        b = bot(author)
        if i == 0:
            r = send(b, '/index.php?page=1014&board=1000', 'thread_title', {'thread_title': TITLE, 'post_content': render(0, 'markdown')})
            thread = r.url
        else:
            m = re.search(r'thread=(\d+)', thread)
            r = b.get(f'/index.php?page=1004&thread={m.group(1)}')
            r = send(b, r.url, 'post_content', {'post_content': render(i, 'markdown')})
        m = re.search(r'#post-(\d+)|post=(\d+)', r.url)
        ids.append(next(g for g in m.groups() if g) if m else None)
        print(i, author, r.url, flush=True)
    json.dump({'thread': thread, 'ids': ids}, open('tc_thread.json', 'w'))
