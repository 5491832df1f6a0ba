"""Spread the thread's posts over a week in FUDforum's database (Unix seconds), as
fb_shift_times.py did for h4: old dates, yesterday and today on the saved pages. The edited
post keeps its edit as long after its writing as it was (64 s); the players' join dates go
back before the first post; the topic's last-post date follows."""
import subprocess
import time

SQL = ['mariadb', '--no-defaults', '-S', '/work/lab/own-heldout6/run/mysql.sock', '-uroot', '-N', '-B', 'fud']


def q(sql):
    return subprocess.run(SQL + ['-e', sql], capture_output=True, text=True, check=True).stdout


now = int(time.time())
rows = [r.split('\t') for r in q('select id, post_stamp, update_stamp from fud30_msg where thread_id = 2 order by id').split('\n') if r]
n = len(rows)
stmts = []
for k, (mid, posted, updated) in enumerate(rows):
    created = now - int(6.8 * 3600 * (n - 1 - k)) - 60 * (5 + k * 13 % 41) - (k * 17 % 60)
    edited = created + (int(updated) - int(posted)) if int(updated) else 0
    stmts.append(f'update fud30_msg set post_stamp = {created}, update_stamp = {edited} where id = {mid};')
first = now - int(6.8 * 3600 * (n - 1)) - 60 * 5
stmts.append(f'update fud30_users set join_date = {first} - 3600 * 5 - id * 97 where id in (select poster_id from fud30_msg where thread_id = 2);')
stmts.append('update fud30_thread set last_post_date = (select max(post_stamp) from fud30_msg where thread_id = 2) where id = 2;')
q('\n'.join(stmts))
print(q('select id, poster_id, from_unixtime(post_stamp), update_stamp - post_stamp from fud30_msg where thread_id = 2 order by id'))
