"""h7: Beehive Forum 1.5.2's thread saved as a guest sees it; the oracle from its MariaDB.

The stored message is HTML (<p>, <b>); a quote is Beehive's own block, <div class="quotetext">
(«quote: Вася») followed by <div class="quote"> (the quoted words): the quotes are the latter's
text, the own text what is left without both. The author is what Beehive shows for the poster
(format_user_name: the nickname, the logon being the same name); the id is Beehive's message
number TID.PID (its URLs' msg=2.5, its anchors' a2_5)."""
import datetime
import subprocess
import sys

import lxml.html

from freeze import norm, save

SOCK = '/work/lab/own-heldout7/run/mysql.sock'
TID = 2
BASE = 'http://127.0.0.1:47141/messages.php?webtag=GOROD&msg='


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'beehive', '-N', '-B', '-r', '-e',
                          "SET SESSION time_zone = '+0:00'; " + q], capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


def strip_html(content):
    root = lxml.html.fragment_fromstring(content, create_parent='div')
    quotes = []
    for el in root.xpath('.//div[@class="quotetext"]'):
        el.drop_tree()
    for el in root.xpath('.//div[@class="quote"]'):
        quotes.append(norm(el.text_content()))
        el.drop_tree()
    # paragraphs are blocks: their words do not run together
    return norm(' '.join(root.itertext())), quotes


def shown_name(logon, nickname):
    if nickname.strip() and logon.upper() == nickname.upper():
        return nickname
    return f'{nickname} ({logon.upper()})' if nickname.strip() else logon.upper()


if __name__ == '__main__':
    posts = []
    for pid, created, logon, nickname, content in sql(
            'select POST.PID, POST.CREATED, USER.LOGON, USER.NICKNAME, CONTENT.CONTENT '
            'from GOROD_POST POST join USER on USER.UID = POST.FROM_UID '
            'join GOROD_POST_CONTENT CONTENT on CONTENT.TID = POST.TID and CONTENT.PID = POST.PID '
            f'where POST.TID = {TID} order by POST.PID'):
        text, quotes = strip_html(content)
        t = datetime.datetime.fromisoformat(created).replace(tzinfo=datetime.timezone.utc)
        posts.append({'id': f'{TID}.{pid}', 'author': shown_name(logon, nickname), 'posted_at': t.isoformat(),
                      'text': text, 'quotes': quotes})
    n = len(posts)
    pages = [BASE + f'{TID}.{first}' for first in range(1, n + 1, 10)]
    save(sys.argv[1], pages, posts, 10, 'UTC',
         'posts per page: 10 (a guest\'s, set in messages.php: Beehive hard-codes 20 for guests); guest view; '
         'board language English (Beehive ships en_GB only); the forum\'s zone «(GMT) Dublin, Edinburgh, Lisbon, '
         'London» with summer time, UTC in November and December; dates «27 Nov 14:05», today «14:05»; '
         'HTML posts, Beehive\'s own quote blocks')
