"""Spread the thread's posts over a week in FlaskBB's database (naive UTC), as pb_shift_times.py
did for t1: old dates, yesterday and today on the saved pages."""
import datetime
import sqlite3

db = sqlite3.connect('/work/lab/own-learn3/fbb/flaskbb.sqlite')
now = datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)
rows = db.execute('select id, date_modified from posts where topic_id = 2 order by id').fetchall()
n = len(rows)
for k, (pid, modified) in enumerate(rows):
    created = now - datetime.timedelta(hours=6.8 * (n - 1 - k), minutes=5 + (k * 13 % 41))
    db.execute('update posts set date_created = ?, date_modified = ? where id = ?',
               (created.isoformat(sep=' '), (created + datetime.timedelta(minutes=30)).isoformat(sep=' ') if modified else None, pid))
db.execute('update topics set date_created = (select min(date_created) from posts where topic_id = 2), '
           'last_updated = (select max(date_created) from posts where topic_id = 2) where id = 2')
db.commit()
for row in db.execute('select id, username, date_created, date_modified from posts where topic_id = 2 order by id'):
    print(*row)
