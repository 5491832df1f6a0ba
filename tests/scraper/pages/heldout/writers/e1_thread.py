"""Write the plan's thread on h10's e107 v2.3.11 (forum plugin) at 47171 through its own forms:
each player logs in (login.php), the GM («Мастер», the admin) opens the topic in «Игры»
(forum_post.php?f=nt), the players reply (f=rp), Гена edits a minute later (f=edit).

The post box is e107's BBCode textarea (its TinyMCE is a script; a browser without scripts
sends the textarea as typed), so the posts are BBCode. A quote is the block e107's own «Quote»
link means to fill the box with (f=quote&id=TOPIC&post=POST: «[quote=Вася]…[/quote]»), holding the
quoted post's first paragraph, as the plan says (see render: the form itself loses the tag). e107's flood guard refuses a post within 10 s of the
newest topic's start (antiflood_timeout): the writer waits 12 s after the first post, 3 s
between the others. A new post's id is read from the database after each post (the form's
redirect names the topic only)."""
import json
import re
import subprocess
import sys
import time

from e1_admin import login, text
from e1_users import PASS
from plan import POSTS, TITLE, first_text

SOCK = '/work/lab/own-heldout10/run/mysql.sock'
FORUM = 2
LOGIN = {'Мастер': 'master'}
bots = {}


def newest_post():
    return int(sql('select coalesce(max(post_id), 0) from e107_forum_post')[0][0])


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'e107', '-N', '-B', '-r', '-e', q],
                         capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


def bot(nick):
    if nick not in bots:
        bots[nick] = login(LOGIN.get(nick, nick), PASS[nick])
    return bots[nick]


def form_with(b, url, field):
    r = b.get(url)
    forms = [f for f in b.forms(r.text, r.url) if any(i.get('name') == field for i in f.inputs)]
    if not forms:
        print('no form with', field, 'at', r.url, text(r)[:1500]); sys.exit(1)
    return r, forms[0]


def send(b, url, values, button):
    r, f = form_with(b, url, 'post')
    d = b.fields(f)
    d.update(values)
    d[button[0]] = button[1]
    before = newest_post()
    r2 = b.post(f.action or r.url, d, referer=r.url)
    # e107 answers on the form's own address («New topic created!»): the new row is the proof
    if r2.status_code >= 400 or newest_post() <= before:
        print('post refused:', r2.status_code, r2.url, text(r2)[:1500]); sys.exit(1)
    return r2


def render(b, i, tid, posts):
    out = []
    for kind, value in POSTS[i][1]:
        if kind == 'p':
            out.append(value)
        elif kind == 'b':
            out.append(f'[b]{value}[/b]')
        elif kind == 'q':
            # e107's Quote link (f=quote) builds «[quote=Вася]\n…\n[/quote]» (post_shortcodes.php) and
            # then passes it through toText, which drops the BBCode: its form's box holds the quoted
            # words bare. The writer opens that form (as a reader clicking Quote does), checks the
            # words are there, and writes the block e107's own code meant: [quote=name]…[/quote].
            r, f = form_with(b, f'/e107_plugins/forum/forum_post.php?f=quote&id={tid}&post={posts[value]}', 'post')
            if first_text(value) not in f.fields['post']:
                print('quoted words not in', repr(f.fields['post'][:300])); sys.exit(1)
            out.append(f'[quote={POSTS[value][0]}]{first_text(value)}[/quote]')
    return '\n\n'.join(out)




if __name__ == '__main__':
    tid, posts = None, []
    if sys.argv[1:] == ['--resume']:  # its first run wrote the GM's post, then read e107's answer wrongly
        tid = int(sql('select max(thread_id) from e107_forum_thread')[0][0])
        posts = [int(x) for x, in sql(f'select post_id from e107_forum_post where post_thread = {tid} order by post_id')]
    for i, (author, parts, edit) in enumerate(POSTS):
        if i < len(posts):
            continue
        b = bot(author)
        if i == 0:
            r = send(b, f'/e107_plugins/forum/forum_post.php?f=nt&id={FORUM}',
                     {'subject': TITLE, 'post': render(b, 0, tid, posts)}, ('newthread', 'Create a new topic'))
            tid = int(sql('select max(thread_id) from e107_forum_thread')[0][0])
            time.sleep(12)
        else:
            time.sleep(3)
            r = send(b, f'/e107_plugins/forum/forum_post.php?f=rp&id={tid}',
                     {'post': render(b, i, tid, posts)}, ('reply', 'Post a reply'))
        posts.append(newest_post())
        print(i, author, posts[-1], r.status_code, r.url, flush=True)
        if edit:
            time.sleep(60)
            r, f = form_with(b, f'/e107_plugins/forum/forum_post.php?f=edit&id={tid}&post={posts[i]}', 'post')
            d = b.fields(f)
            d['post'] = render(b, i, tid, posts) + '\n\n' + edit
            sub = [x for x in f.inputs if (x.get('type') or '').lower() == 'submit' and x.get('name') != 'fpreview']
            d[sub[0].get('name')] = sub[0].get('value')
            r = b.post(f.action or r.url, d, referer=r.url)
            print(i, author, 'edited', sub[0].get('name'), r.status_code, r.url, flush=True)
    json.dump({'tid': tid, 'posts': posts}, open('/work/lab/own-heldout10/e1_thread.json', 'w'))
