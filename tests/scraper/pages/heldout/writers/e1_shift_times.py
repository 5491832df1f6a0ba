"""Spread h10's posts over a week in e107's database (post_datestamp, post_edit_datestamp: Unix
seconds), as el_shift_times.py did for h9: old dates and today's on the saved pages. Гена's edit
keeps its minute after the post. The thread's start and last post and the forum's «last post»
follow (thread_datestamp, thread_lastpost, forum_lastpost_info «time.post_id»)."""
import json
import time

from e1_thread import sql

if __name__ == '__main__':
    tid = json.load(open('/work/lab/own-heldout10/e1_thread.json'))['tid']
    now = int(time.time())
    rows = sql(f'select post_id, post_datestamp, coalesce(post_edit_datestamp, 0) from e107_forum_post '
               f'where post_thread = {tid} order by post_id')
    n = len(rows)
    new_times = []
    for k, (pid, posted, edited) in enumerate(rows):
        new = now - int(3600 * 6.8 * (n - 1 - k)) - 60 * (5 + (k * 13 % 41)) - (k * 7 % 60)
        edit = f'{int(edited) - int(posted) + new}' if int(edited) else 'NULL'
        sql(f'update e107_forum_post set post_datestamp = {new}, post_edit_datestamp = {edit} where post_id = {pid}')
        new_times.append((pid, new))
    sql(f'update e107_forum_thread set thread_datestamp = {new_times[0][1]}, thread_lastpost = {new_times[-1][1]} '
        f'where thread_id = {tid}')
    sql(f"update e107_forum set forum_lastpost_info = '{new_times[-1][1]}.{new_times[-1][0]}' where forum_id = 2")
    for row in sql(f'select post_id, post_user, from_unixtime(post_datestamp), from_unixtime(post_edit_datestamp) '
                   f'from e107_forum_post where post_thread = {tid} order by post_id'):
        print(*row)
