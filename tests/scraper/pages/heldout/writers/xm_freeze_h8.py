"""h8: XMB 1.9.12.09's thread saved as a guest sees it; the oracle from its MariaDB.

XMB stores a post as the browser sent it, HTML-escaped: Cyrillic arrives as decimal entities (an
ISO-8859-1 page) and is kept as «&amp;#1042;», shown as «&#1042;» (decimalEntityDecode, then the
page is HTML). So the stored message is read back the same way: «&amp;#N;» to the character, then
one HTML unescape. The markup is BBCode; a quote is XMB's [rquote=PID&tid=T&author=NAME]…[/rquote]
(its page shows «Quote: Originally posted by NAME» above the words): the quotes are the words,
the own text what is left without them and without the tags. The author is the member's name
(posts.author), the id XMB's post number (its anchors «pid11», its links «&pid=11»), the time
posts.dateline (Unix seconds; the page shows it in the board's zone, UTC, to the minute)."""
import datetime
import html
import re
import subprocess
import sys

from freeze import norm, save

SOCK = '/work/lab/own-heldout8/run/mysql.sock'
TID = 1
BASE = 'http://127.0.0.1:47151/viewthread.php?tid=1'
QUOTE = re.compile(r'\[rquote=[^\]]*\]((?:(?!\[rquote).)*?)\[/rquote\]', re.S)
TAG = re.compile(r'\[/?\w+(?:=[^\]]*)?\]')


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'xmb', '-N', '-B', '-r', '-e', q],
                         capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


def as_shown(stored):
    return html.unescape(re.sub(r'&amp;#(\d+);', lambda m: chr(int(m.group(1))), stored))


def strip(message):
    quotes = []

    def take(m):
        quotes.append(norm(TAG.sub('', m.group(1))))
        return ' '
    while QUOTE.search(message):
        message = QUOTE.sub(take, message)
    return norm(TAG.sub('', message)), quotes


if __name__ == '__main__':
    posts = []
    for pid, author, dateline, message in sql(
            f'select pid, author, dateline, hex(message) from xmb_posts where tid = {TID} order by dateline, pid'):
        # hex: the message's line breaks and backslashes come through mariadb's batch output intact;
        # its bytes are ASCII (entities), XMB's connection being latin1
        text, quotes = strip(as_shown(bytes.fromhex(message).decode('latin-1')))
        t = datetime.datetime.fromtimestamp(int(dateline), datetime.timezone.utc)
        posts.append({'id': pid, 'author': as_shown(author), 'posted_at': t.isoformat(),
                      'text': text, 'quotes': quotes})
    pages = [BASE] + [f'{BASE}&page={n}' for n in range(2, (len(posts) + 9) // 10 + 1)]
    save(sys.argv[1], pages, posts, 10, 'UTC',
         'posts per page: 10 (set in the admin settings; XMB\'s default is 25); guest view; board language English '
         '(XMB ships no other), theme XMB Davis, pages in ISO-8859-1 with Cyrillic as decimal entities; dates '
         '«posted on 27-11-2026 at 02:05 PM» (to the minute, dd-mm-yyyy, 12-hour) in the board zone (UTC), absolute '
         'only; Latin names (XMB cannot take a Cyrillic one on its Latin-1 board); BBCode, XMB\'s own [rquote] quotes')
