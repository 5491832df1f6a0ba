"""Write the plan's thread on the Beehive Forum at 47141 through its own forms (held-out h7):
register the players (logon and nickname the same Cyrillic name, so the page shows «Вася», not
«Вася (VASYA)»), log each in, the GM opens the topic, the players reply, Гена edits a minute later.

Beehive posts are HTML (its editor writes <p>, <b>); a quote is the block its own «quote» link
fills the editor with (post.php?quote_list=): <div class="quotetext"><b>quote:</b> <a …>Вася</a></div>
<div class="quote">…</div>, here holding the quoted post's first paragraph, as the plan says."""
import html
import json
import re
import sys
import time

from formbot import Bot
from plan import PLAYERS, POSTS, TITLE, first_text

BASE = 'http://127.0.0.1:47141'
WEBTAG = 'GOROD'
USERS = [('Мастер', 'master')] + PLAYERS
PASS = {n: f'{l}GamePass1' for n, l in USERS}
bots = {}


def page_text(r):
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r.text))


def form_with(b, url, field):
    r = b.get(url)
    forms = [f for f in b.forms(r.content, r.url) if any(i.get('name') == field for i in f.inputs)]
    if not forms:
        print('no form with', field, 'at', r.url, page_text(r)[:800]); sys.exit(1)
    return r, forms[0]


def send(b, url, field, values, button):
    r, f = form_with(b, url, field)
    d = b.fields(f)
    d.update(values)
    d[button[0]] = button[1]
    time.sleep(1)
    r2 = b.post(f.action or r.url, d, referer=r.url)
    text = page_text(r2)
    if r2.status_code >= 400 or 'class="error_msg' in r2.text or 'Error' in text[:400]:
        print(r2.status_code, r2.url, text[:1200]); sys.exit(1)
    return r2


def render(i, tid):
    """The post as Beehive's editor would hold it."""
    _, parts, _ = POSTS[i]
    out = []
    for kind, value in parts:
        if kind == 'p':
            out.append(f'<p>{html.escape(value, quote=False)}</p>')
        elif kind == 'b':
            out.append(f'<p><b>{html.escape(value, quote=False)}</b></p>')
        elif kind == 'q':
            who = POSTS[value][0]
            out.append(f'<div class="quotetext"><b>quote:</b> <a href="messages.php?webtag={WEBTAG}&amp;msg={tid}.{value + 1}">{who}</a></div>'
                       f'<div class="quote">{html.escape(first_text(value), quote=False)}</div>')
    return ''.join(out)


def bot(nick):
    if nick not in bots:
        b = Bot(BASE)
        send(b, f'/logon.php?webtag={WEBTAG}', 'user_logon',
             {'user_logon': nick, 'user_password': PASS[nick]}, ('logon', 'Logon'))
        bots[nick] = b
    return bots[nick]


if __name__ == '__main__':
    for nick, login in PLAYERS:
        send(Bot(BASE), f'/register.php?webtag={WEBTAG}', 'logon',
             {'logon': nick, 'pw': PASS[nick], 'cpw': PASS[nick], 'nickname': nick, 'email': f'{login}@gorod.test',
              'dob_day': '12', 'dob_month': '4', 'dob_year': '1995',
              'email_notify': 'N', 'pm_notify_email': 'N'}, ('register', 'Register'))
        print('registered', nick, flush=True)
    tid, urls = None, []
    for i, (author, parts, edit) in enumerate(POSTS):
        b = bot(author)
        if i == 0:
            r = send(b, f'/post.php?webtag={WEBTAG}&fid=1', 'threadtitle',
                     {'threadtitle': TITLE, 'content': render(0, 0)}, ('post', 'Post'))
            m = re.search(r'msg=(\d+)\.', r.url) or re.search(r'msg=(\d+)\.\d+', r.text)
            tid = int(m.group(1))
        else:
            # a quoting post answers the post it quotes, the others the one before
            q = [v for k, v in parts if k == 'q']
            to = (q[0] if q else i - 1) + 1
            r = send(b, f'/post.php?webtag={WEBTAG}&reply_to={tid}.{to}', 'content',
                     {'content': render(i, tid)}, ('post', 'Post'))
        urls.append(r.url)
        print(i, author, r.status_code, r.url, flush=True)
        if edit:
            time.sleep(60)
            r = send(b, f'/edit.php?webtag={WEBTAG}&msg={tid}.{i + 1}', 't_content',
                     {'t_content': render(i, tid) + f'<p>{html.escape(edit, quote=False)}</p>'}, ('apply', 'Apply'))
            print(i, author, 'edited', r.status_code, r.url, flush=True)
    json.dump({'tid': tid, 'urls': urls}, open('/work/lab/own-heldout7/bh_thread.json', 'w'))
