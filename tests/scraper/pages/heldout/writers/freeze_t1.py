import sqlite3, datetime, sys
from freeze import save, strip_bbcode
db = sqlite3.connect('/work/lab/own-learn/pybbm-site/db.sqlite3')
posts = []
for pid, poster, created, msg in db.execute('select p.id, u.username, p.created, p.body from pybb_post p join auth_user u on u.id = p.user_id where p.topic_id=1 order by p.id'):
    text, quotes = strip_bbcode(msg)
    t = datetime.datetime.fromisoformat(created).replace(tzinfo=datetime.timezone.utc)
    posts.append({'id': str(pid), 'author': poster, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})
base = 'http://127.0.0.1:47103/topic/1/'
save(sys.argv[1], [base, base + '?page=2', base + '?page=3'], posts, 10, 'UTC', 'posts per page: 10 (PYBB_TOPIC_PAGE_SIZE); guest view; a guest sees UTC times')
