"""Spread the thread's posts over a week in ElkArte's database (poster_time, modified_time: Unix
seconds), as bh_shift_times.py did for h7: old dates, «Today at …» on the saved pages (ElkArte's
default todayMod 1 shows «Today», not «Yesterday»). Гена's edit keeps its minute after the post.
The topic's and board's «last post» follow the messages by id, which keep their order."""
import json
import re
import sys
import subprocess
import time

SOCK = '/work/lab/own-heldout9/run/mysql.sock'


def sql(q):
    out = subprocess.run(['mariadb', '--no-defaults', '-S', SOCK, '-uroot', 'elkarte', '-N', '-B', '-e', q],
                         capture_output=True, text=True, check=True)
    return [line.split('\t') for line in out.stdout.splitlines()]


if __name__ == '__main__':
    tid = json.load(open('/work/lab/own-heldout9/el_thread.json'))['tid']
    now = int(time.time())
    if sys.argv[1:] == ['--quotes-only']:  # the times were spread already (its first run lacked this part)
        now = None
    rows = sql(f'select id_msg, poster_time, modified_time from elkarte_messages where id_topic = {tid} order by id_msg')
    n = len(rows)
    for k, (mid, posted, modified) in enumerate(rows if now else []):
        new = now - int(3600 * 6.8 * (n - 1 - k)) - 60 * (5 + (k * 13 % 41)) - (k * 7 % 60)
        mod = int(modified) - int(posted) + new if int(modified) else 0
        sql(f'update elkarte_messages set poster_time = {new}, modified_time = {mod} where id_msg = {mid}')
    # a quote's header carries the quoted post's time (date=…, shown «Quote from: Вася on …»):
    # it follows the quoted post to its new time
    times = dict(sql(f'select id_msg, poster_time from elkarte_messages where id_topic = {tid}'))
    for mid, body in sql(f"select id_msg, body from elkarte_messages where id_topic = {tid} and body like '%[quote %'"):
        new_body = re.sub(r'(\[quote author=[^\]]*? link=msg=(\d+) date=)\d+', lambda m: m.group(1) + times[m.group(2)], body)
        if new_body != body:
            sql(f"update elkarte_messages set body = '{new_body}' where id_msg = {mid}")  # no quote marks in the plan
    for row in sql(f'select id_msg, id_member, from_unixtime(poster_time), modified_time, modified_name '
                   f'from elkarte_messages where id_topic = {tid} order by id_msg'):
        print(*row)
