"""Write the plan's thread on ForkBB through its own forms (login, new topic, reply, edit)."""
import re, time, json, sys
from formbot import Bot
from plan import POSTS, TITLE, PLAYERS, render, render_edit
BASE = 'http://127.0.0.1:47101'
PASS = dict((n, f'{l} game pass phrase') for n, l in PLAYERS)
PASS['Мастер'] = 'master game pass phrase'
bots = {}

def bot(nick):
    if nick in bots:
        return bots[nick]
    b = Bot(BASE)
    r = b.get('/login'); f = b.forms(r.text, r.url)[0]
    d = b.fields(f); d.update(username=nick, password=PASS[nick]); d['login'] = 'Войти'
    time.sleep(2)
    r = b.post(f.action, d, referer=r.url)
    r = b.get('/')
    assert 'logout' in r.text, (nick, r.text[:300])
    bots[nick] = b
    return b

def send(b, url, message, extra=None, button=None):
    r = b.get(url)
    forms = [f for f in b.forms(r.text, r.url) if any(i.get('name') == 'message' for i in f.inputs)]
    f = forms[-1]
    d = b.fields(f); d['message'] = message
    d.update(extra or {})
    btn = f.xpath('.//button[@name="submit"]') or f.xpath('.//button[@type="submit"]')
    if btn:
        d[btn[0].get('name')] = btn[0].get('value') or ''
    time.sleep(2)
    r2 = b.post(f.action, d, referer=r.url, multipart=True)
    if r2.status_code >= 400 or 'Validation message' in r2.text or 'Error message' in r2.text:
        print(re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r2.text))[:500]); sys.exit(1)
    m = re.search(r'http-equiv="refresh" content="\d+; URL=([^"]+)"', r2.text)
    r2.final = m.group(1).replace('&amp;', '&') if m else r2.url
    return r2

topic_url = None
ids = []
for i, (author, parts, edit) in enumerate(POSTS):
    b = bot(author)
    if i == 0:
        r = send(b, '/forum/1/new/topic', render(0), {'subject': TITLE})
        topic_url = r.final
    else:
        m = re.search(r'/topic/(\d+)', topic_url)
        r = b.get(topic_url.split('#')[0])
        r = send(b, r.url, render(i))
    pid = re.search(r'#p(\d+)', r.final) or re.search(r'/post/(\d+)', r.final)
    ids.append(pid.group(1) if pid else None)
    print(i, author, r.final, flush=True)
for i, (author, parts, edit) in enumerate(POSTS):
    if edit:
        time.sleep(61)      # an edit a minute later: the forum shows it as one
        b = bot(author)
        send(b, f'/post/{ids[i]}/edit', render_edit(i))
        print('edited', i, ids[i])
json.dump({'topic_url': topic_url, 'ids': ids}, open('fk_thread.json', 'w'))
