"""h9: ElkArte 1.1.9's thread saved as a guest sees it; the oracle from its MariaDB.

The stored message is BBCode, escaped as ElkArte keeps it (htmlspecialchars, newlines as <br>):
unescaped, its quotes («[quote author=Вася link=msg=5 date=…]…[/quote]», the block its own
Quote button writes) are the quotes, the own text what is left without them and the tags. The
author is the member's display name (real_name, what the topic page shows); the id is the
message id (its anchors' msg5, its links' topic=2.msg5#msg5)."""
import html
import json
import re
import subprocess
import sys
import datetime

import requests

import freeze
from freeze import save, strip_bbcode

SOCK = '/work/lab/own-heldout9/run/mysql.sock'
BASE = 'http://127.0.0.1:47161/index.php?topic='


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'elkarte', '-N', '-B', '-r', '-e', q],
                         capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


if __name__ == '__main__':
    tid = json.load(open('/work/lab/own-heldout9/el_thread.json'))['tid']
    posts = []
    for mid, posted, name, body in sql(
            'select m.id_msg, m.poster_time, mem.real_name, m.body from elkarte_messages m '
            f'join elkarte_members mem on mem.id_member = m.id_member where m.id_topic = {tid} order by m.id_msg'):
        body = html.unescape(body.replace('<br />', '\n').replace('<br>', '\n'))
        # ElkArte's quote tag has parameters (author=… link=… date=…), which freeze.strip_bbcode's
        # [quote=…] does not take: made [quote=Вася] first
        body = re.sub(r'\[quote author=([^\]]*?) link=msg=\d+ date=\d+\]', r'[quote=\1]', body)
        text, quotes = strip_bbcode(body)
        t = datetime.datetime.fromtimestamp(int(posted), datetime.timezone.utc)
        posts.append({'id': mid, 'author': name, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})
    # The guest has opened the board index first, as one browsing in does: ElkArte writes
    # ?PHPSESSID=… into every link of a page served to a client without its cookie, so a first
    # request's page would differ from the rest in all its links.
    session = requests.Session
    def warmed():
        s = session()
        s.get('http://127.0.0.1:47161/index.php').raise_for_status()
        return s
    freeze.requests.Session = warmed
    pages = [BASE + f'{tid}.{start}' for start in range(0, len(posts), 10)]
    save(sys.argv[1], pages, posts, 10, 'UTC',
         'posts per page: 10 (defaultMaxMessages; ElkArte\'s default is 15); guest view; board language English '
         '(ElkArte 1.1.9 ships English only; language packs are separate downloads); the forum\'s zone Etc/GMT0, '
         'offset 0: UTC; dates «November 27, 2026, 02:05:13 pm», today «Today at 05:25:25 am» (todayMod 1: no '
         '«Yesterday»); BBCode posts, ElkArte\'s own quote blocks («Quote from: Вася – on …»); '
         'Гена\'s edit came within edit_wait_time (90 s), so ElkArte shows no «Last Edit» line')
