"""Write the plan's thread on the pybbm forum at 47103 through its own forms (tuned set)."""
import re, time, json, sys
from formbot import Bot
from plan import POSTS, TITLE, PLAYERS, render, render_edit
BASE = 'http://127.0.0.1:47103'
PASS = dict((n, f'{l} game pass phrase') for n, l in PLAYERS)
PASS['Мастер'] = 'master game pass phrase'
bots = {}

def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        r = b.submit('/accounts/login/', lambda fs: fs[0], {'username': nick, 'password': PASS[nick]})
        assert 'Выход' in b.get('/').text, nick
        bots[nick] = b
    return bots[nick]

def send(b, url, values):
    r = b.get(url)
    f = [f for f in b.forms(r.text, r.url) if any(i.get('name') == 'body' for i in f.inputs)][0]
    d = b.fields(f); d.update(values)
    time.sleep(1)
    r2 = b.post(f.action or r.url, d, referer=r.url)
    if r2.status_code >= 400 or 'errorlist' in r2.text:
        print(r2.status_code, re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r2.text))[:800]); sys.exit(1)
    return r2

if __name__ == '__main__':
    topic, ids = None, []
    for i, (author, parts, edit) in enumerate(POSTS):
        b = bot(author)
        if i == 0:
            r = send(b, '/forum/1/topic/add/', {'name': TITLE, 'body': render(0)})
            topic = re.sub(r'\?.*|#.*', '', r.url)
        else:
            r = b.get(topic)
            link = re.search(r'href="([^"]*post/add/[^"]*)"', r.text) or re.search(r'action="([^"]*post/add/[^"]*)"', r.text)
            r = send(b, link.group(1).replace('&amp;', '&'), {'body': render(i)})
        m = re.search(r'/post/(\d+)/', r.url) or re.search(r'#post-(\d+)', r.url)
        ids.append(m.group(1) if m else None)
        print(i, author, r.url, flush=True)
    for i, (author, parts, edit) in enumerate(POSTS):
        if edit:
            time.sleep(61)
            send(bot(author), f'/post/{ids[i]}/edit/', {'body': render_edit(i)})
            print('edited', i, ids[i])
    json.dump({'topic_url': topic, 'ids': ids}, open('pb_thread.json', 'w'))
