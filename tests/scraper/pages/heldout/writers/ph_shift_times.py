"""Spread the thread's posts over a week in Phorum's database (unix times), as fb_shift_times.py
did for h4: old dates on the saved pages (Phorum writes absolute dates on its read page, «December
02, 2026 05:23AM»). The edit is put a minute after its post (its «Last edit at» line), the
members registered a day before the thread, the thread's and the forum's last-post times moved
with the posts."""
import json
import re
import subprocess
import time

SOCKET = '/work/lab/own-heldout5/mdb.sock'
THREAD = 2


def sql(query):
    out = subprocess.run(['mariadb', f'--socket={SOCKET}', '-uroot', 'phorum', '--batch', '--raw', '-N', '-e', query],
                         capture_output=True, text=True, check=True).stdout
    return [line.split('\t') for line in out.splitlines()]


now = int(time.time())
rows = sql(f'select message_id, meta from phorum_messages where thread = {THREAD} order by message_id')
n = len(rows)
stamps = {}
for k, (mid, meta) in enumerate(rows):
    stamps[mid] = now - int(6.8 * 3600 * (n - 1 - k)) - 60 * (5 + (k * 13 % 41)) - (k * 17 % 60)
    meta_set = ''
    if '"edit_date";i:' in meta:
        # a serialized PHP integer carries no length: the number can be swapped in place
        meta = re.sub(r'"edit_date";i:\d+;', f'"edit_date";i:{stamps[mid] + 60};', meta)
        meta_set = ", meta = '" + meta.replace("\\", "\\\\").replace("'", "\\'") + "'"
    sql(f'update phorum_messages set datestamp = {stamps[mid]}{meta_set} where message_id = {mid}')
first, last = min(stamps.values()), max(stamps.values())
sql(f'update phorum_messages set modifystamp = {last} where message_id = {THREAD}')
sql(f'update phorum_forums set last_post_time = {last} where forum_id = 2')
sql(f'update phorum_users set date_added = {first - 86400}, date_last_active = {last} where user_id > 1')
for row in sql(f'select message_id, author, from_unixtime(datestamp), meta like "%edit_date%" from phorum_messages '
               f'where thread = {THREAD} order by message_id'):
    print(*row)
