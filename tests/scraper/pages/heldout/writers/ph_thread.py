"""Write the plan's thread on the Phorum board at 47121 through its own forms (held-out h5):
each member logs in (login.php), the GM opens the topic (posting.php?2), the players reply from
the reply form under the thread's read page, one edits a minute later (his post's «Edit» link).

As it ran: the first run wrote the 28 posts, then stopped before the edit: it looked for the new
posts' ids as id="msg-N" while Phorum's anchors are name="msg-N". The pattern was fixed and the
edit made by `ph_thread.py --edit-only` (the ids read from the thread's pages: each message's
subject link) a few minutes later."""
import html
import json
import re
import sys
import time

from formbot import Bot
from ph_users import BASE, PASS, form_with, send, text
from plan import POSTS, TITLE, render, render_edit

bots = {}


def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        r = send(b, '/login.php', 'username', {'username': nick, 'password': PASS[nick]})
        assert 'Log Out' in r.text and nick in r.text, (nick, r.url)
        bots[nick] = b
    return bots[nick]


def post(b, url, values):
    """Send the page's message form with «Post message»; stop on a page that is not the result."""
    time.sleep(1)
    r = send(b, url, 'body', values, button='finish')
    page = text(r.text)
    if r.status_code >= 400 or 'class="attention"' in r.text:
        print(r.status_code, r.url, page[:800])
        sys.exit(1)
    return r


def page_ids(b, thread):
    """The message ids of every page of the thread, in the page order."""
    out = []
    for n in range(1, 4):
        # each message's subject links to its anchor (the first has no name="msg-N" anchor)
        out += re.findall(r'read\.php\?2,\d+,(\d+)#msg-\1"', b.get(f'{thread},page={n}').text)
    return out


thread, ids = None, []
if '--edit-only' in sys.argv:
    thread = f'{BASE}/read.php?2,2'
    ids = page_ids(Bot(BASE), thread)
    assert len(ids) == len(POSTS), ids
for i, (author, parts, edit) in enumerate(POSTS):
    if thread and len(ids) == len(POSTS):
        break
    b = bot(author)
    if i == 0:
        post(b, '/posting.php?2', {'subject': TITLE, 'body': render(0, 'bbcode')})
        r = b.get('/list.php?2')
        thread = html.unescape(re.search(r'href="([^"]*read\.php\?2,(\d+))"', r.text).group(1))
        ids.append(re.search(r'read\.php\?2,(\d+)', thread).group(1))
    else:
        before = set(re.findall(r'name="msg-(\d+)"', b.get(thread).text))
        post(b, thread, {'body': render(i, 'bbcode')})
        # the new message is the thread's newest: its last page holds it
        r = b.get(thread)
        last = re.findall(r'href="([^"]*read\.php\?2,\d+,page=\d+)"', r.text)
        r = b.get(html.unescape(last[-1])) if last else r
        new = [m for m in re.findall(r'name="msg-(\d+)"', r.text) if m not in before]
        ids.append(new[-1] if new else None)
    print(i, author, ids[-1], flush=True)
for i, (author, parts, edit) in enumerate(POSTS):
    if edit:
        time.sleep(61)
        b = bot(author)
        r = b.get(f'/read.php?2,{ids[0]},{ids[i]}')
        link = html.unescape(re.search(r'href="([^"]*posting\.php\?2,edit,' + ids[i] + r')"', r.text).group(1))
        post(b, link, {'body': render_edit(i, 'bbcode')})
        print('edited', i, ids[i], flush=True)
json.dump({'thread': thread, 'ids': ids}, open('ph_thread.json', 'w'))
