"""h10: e107 v2.3.11's forum thread saved as a guest sees it; the oracle from its MariaDB.

The stored post (e107_forum_post.post_entry) is BBCode as typed: its quotes («[quote=Вася]…
[/quote]», shown as <blockquote> with a <cite>) are the quotes, the own text what is left
without them and the tags. The author is the member's user_name (what the topic page shows;
e107's signup made it the login name); the id is the post id (the page's <li id='post-11'>).
The pages are the pager's own addresses (forum_viewtopic.php?id=1, ?p=2&id=1, ?p=3&id=1)."""
import datetime
import json
import subprocess
import sys

from freeze import save, strip_bbcode

SOCK = '/work/lab/own-heldout10/run/mysql.sock'
BASE = 'http://127.0.0.1:47171/e107_plugins/forum/forum_viewtopic.php?'


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'e107', '-N', '-B', '-e', q],
                         capture_output=True, text=True, check=True)
    # -B escapes a newline in a value as \n (and a backslash as \\): undone here
    return [[v.replace('\\n', '\n').replace('\\t', '\t').replace('\\\\', '\\') for v in line.split('\t')]
            for line in out.stdout.splitlines()]


def posts_of(tid):
    posts = []
    for pid, posted, name, body in sql(
            'select p.post_id, p.post_datestamp, u.user_name, p.post_entry from e107_forum_post p '
            f'join e107_user u on u.user_id = p.post_user where p.post_thread = {tid} order by p.post_id'):
        text, quotes = strip_bbcode(body)
        t = datetime.datetime.fromtimestamp(int(posted), datetime.timezone.utc)
        posts.append({'id': pid, 'author': name, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})
    return posts


if __name__ == '__main__':
    tid = json.load(open('/work/lab/own-heldout10/e1_thread.json'))['tid']
    posts = posts_of(tid)
    pages = [BASE + (f'id={tid}' if n == 1 else f'p={n}&id={tid}') for n in range(1, (len(posts) + 9) // 10 + 1)]
    save(sys.argv[1], pages, posts, 10, 'UTC',
         'posts per page: 10 (the forum plugin\'s postspage; e107\'s default); guest view; board language English '
         '(e107 v2.3.11 ships English only; language packs are separate downloads); the site\'s zone UTC; theme '
         'bootstrap5 (the installer\'s default); the default topic template shows a post\'s time only as a relative '
         'lapse, «4 days ago», «1 week ago», «2 hours ago» (computeLapse, against saved_at), no absolute date or '
         'timestamp in the page; Гена\'s edit shows its absolute time and editor, «Sat Nov 28 2026, 06:47AM Гена»; '
         'BBCode posts, quotes [quote=Вася] shown as <blockquote><p>…</p><small><cite>Вася</cite></small>; '
         'each post\'s author and time appear twice in its block (desktop and phone layouts)')
