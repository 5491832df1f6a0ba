"""Write the plan's thread on the Django forum at 47102 through its own forms."""
import re, time, json, sys
from formbot import Bot
from plan import POSTS, TITLE, PLAYERS, render, render_edit
BASE = 'http://127.0.0.1:47102'
PASS = dict((n, f'{l} game pass phrase') for n, l in PLAYERS)
PASS['Мастер'] = 'master game pass phrase'
FORUM = '/forum/forum/%D0%B8%D0%B3%D1%80%D1%8B-2/'
bots = {}

def bot(nick):
    if nick in bots:
        return bots[nick]
    b = Bot(BASE)
    r = b.submit('/accounts/login/', lambda fs: fs[0], {'username': nick, 'password': PASS[nick]})
    assert r.url.rstrip('/').endswith('/forum'), (nick, r.url)
    bots[nick] = b
    return b

def send(b, url, values):
    r = b.get(url)
    forms = [f for f in b.forms(r.text, r.url) if any(i.get('name') == 'content' for i in f.inputs)]
    f = forms[0]
    d = b.fields(f); d.update(values)
    time.sleep(1)
    r2 = b.post(f.action or r.url, d, referer=r.url)
    if r2.status_code >= 400 or 'errorlist' in r2.text or 'has-error' in r2.text or 'invalid-feedback' in r2.text:
        print(r2.status_code, re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r2.text))[:800]); sys.exit(1)
    return r2

topic = None
ids = []
for i, (author, parts, edit) in enumerate(POSTS):
    b = bot(author)
    if i == 0:
        r = b.get(FORUM)
        link = re.search(r'href="([^"]*topic/create/)"', r.text).group(1)
        r = send(b, link, {'subject': TITLE, 'content': render(0, 'markdown')})
        topic = r.url.split('?')[0]
    else:
        r = b.get(topic)
        link = re.search(r'href="([^"]*post/create/)"', r.text).group(1)
        r = send(b, link, {'content': render(i, 'markdown')})
    m = re.search(r'#(\d+)$', r.url) or re.search(r'post=(\d+)', r.url)
    ids.append(m.group(1) if m else None)
    print(i, author, r.url, flush=True)
for i, (author, parts, edit) in enumerate(POSTS):
    if edit:
        time.sleep(61)
        b = bot(author)
        r = b.get(topic)
        send(b, re.sub(r'/$', '', topic) + f'/post/{ids[i]}/update/', {'content': render_edit(i, 'markdown')})
        print('edited', i, ids[i])
json.dump({'topic_url': topic, 'ids': ids}, open('mc_thread.json', 'w'))
