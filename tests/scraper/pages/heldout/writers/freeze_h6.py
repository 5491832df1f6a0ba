"""h6: FUDforum 3.1.0's thread saved as a guest sees it; the oracle from its database.

FUDforum keeps each message as the HTML it made at posting, in a file of the data folder
(fud30_msg: file_id, foff, length), not its markup: the oracle reads that stored HTML, takes
each quote out (<cite>who</cite><blockquote>said</blockquote>) into `quotes`, turns the
board's smiley pictures back into their codes (fud30_smiley, as FUDforum's own editor does),
and keeps the words of the rest. The pages: the topic list's link to the thread, then each
page's pager link to the next (the «›» link, accesskey n)."""
import datetime
import html
import re
import subprocess
import sys

import requests

from freeze import norm, save

SQL = ['mariadb', '--no-defaults', '-S', '/work/lab/own-heldout6/run/mysql.sock', '-uroot', '-N', '-B', 'fud']
MSG_DIR = '/work/lab/own-heldout6/data/messages/'
BASE = 'http://127.0.0.1:47131'


def q(sql):
    out = subprocess.run(SQL + ['-e', sql], capture_output=True, text=True, check=True).stdout
    return [r.split('\t') for r in out.split('\n') if r]


smileys = {}
for img, code in q('select img, code from fud30_smiley'):
    smileys[img] = code.split('~')[0]


def words(fragment):
    fragment = re.sub(r'<img src="[^"]*/smiley_icons/([^"]+)"[^>]*>', lambda m: ' ' + smileys[m.group(1)] + ' ', fragment)
    return norm(html.unescape(re.sub(r'<[^>]+>', ' ', fragment)))


def split(stored):
    quotes = []

    def quote(m):
        quotes.append(words(m.group(1)))
        return ' '
    own = re.sub(r'<cite>[^<]*</cite><blockquote>(.*?)</blockquote>', quote, stored, flags=re.S)
    assert '<blockquote' not in own and '<cite' not in own, stored
    return words(own), quotes


posts = []
for mid, alias, stamp, file_id, foff, length in q(
        'select m.id, u.alias, m.post_stamp, m.file_id, m.foff, m.length from fud30_msg m '
        'join fud30_users u on u.id = m.poster_id where m.thread_id = 2 and m.apr = 1 order by m.id'):
    with open(f'{MSG_DIR}msg_{file_id}', 'rb') as f:
        f.seek(int(foff))
        stored = f.read(int(length)).decode('utf-8')
    text, quotes = split(stored)
    t = datetime.datetime.fromtimestamp(int(stamp), datetime.timezone.utc)
    posts.append({'id': mid, 'author': alias, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})


def next_link(url):
    page = requests.get(url, headers={'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)'}).text
    m = re.search(r'<a href="([^"]+)" accesskey="n" class="PagerLink">', page)
    return BASE + html.unescape(m.group(1))


listing = requests.get(BASE + '/index.php?t=thread&frm_id=1', headers={'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)'}).text
p1 = BASE + html.unescape(re.search(r'href="(/index.php\?t=msg&amp;th=2&amp;start=0&amp;)"', listing).group(1))
p2 = next_link(p1)
p3 = next_link(p2)
save(sys.argv[1], [p1, p2, p3], posts, 10, 'Europe/Moscow',
     'posts per page: 10 (POSTS_PER_PAGE set from 40); guest view; board language Russian, dates in '
     'English («Wed, 02 December 2026 08:05», PHP date() in the guest zone Europe/Moscow, no relative '
     'dates); FUDcode (BBCode), stored as HTML')
