"""Spread the thread's posts over a week in XMB's database (posts.dateline, Unix seconds), as
bh_shift_times.py did for h7: the saved pages show a week of dates (XMB shows every date the same
way, «posted on 27-11-2026 at 02:05 PM» in the board's zone, UTC here: no «Today»). The topic's and
the forum's «last post» follow the last post; the members' registration dates are put a day before
the first post (a page shows «Registered: …» beside each post, and a member registered after his
own first post would be odd). XMB keeps no edit time (its «edited by» note is off by default), so
Гена's edit leaves nothing to shift."""
import datetime
import subprocess

SOCK = '/work/lab/own-heldout8/run/mysql.sock'
TID = 1


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'xmb', '-N', '-B', '-e', q],
                         capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


if __name__ == '__main__':
    now = int(datetime.datetime.now(datetime.timezone.utc).timestamp())
    rows = sql(f'select pid from xmb_posts where tid = {TID} order by pid')
    n = len(rows)
    for k, (pid,) in enumerate(rows):
        new = now - int(3600 * 6.8 * (n - 1 - k)) - 60 * (5 + (k * 13 % 41)) - (k * 17 % 60)
        sql(f'update xmb_posts set dateline = {new} where pid = {pid}')
    first, last, author, pid = sql(f'select (select min(dateline) from xmb_posts where tid = {TID}), p.dateline, '
                                   f'p.author, p.pid from xmb_posts p where p.tid = {TID} order by p.pid desc limit 1')[0]
    sql(f"update xmb_threads set lastpost = '{last}|{author}|{pid}' where tid = {TID}")
    sql(f"update xmb_forums set lastpost = '{last}|{author}|{pid}' where fid = 1")
    sql(f'update xmb_members set regdate = {int(first) - 86400} - 60 * uid')
    for row in sql(f'select pid, author, dateline, from_unixtime(dateline) from xmb_posts where tid = {TID} order by pid'):
        print(*row)
