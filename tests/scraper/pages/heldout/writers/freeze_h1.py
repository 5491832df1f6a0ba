import sqlite3, datetime, sys
from freeze import save, strip_bbcode
db = sqlite3.connect('/work/lab/own-learn/forkbb/app/config/db/forkbb.sqlite')
posts = []
for pid, poster, posted, msg in db.execute('select id, poster, posted, message from fk_posts where topic_id=6 order by id'):
    text, quotes = strip_bbcode(msg)
    posts.append({'id': str(pid), 'author': poster, 'posted_at': datetime.datetime.fromtimestamp(posted, datetime.timezone.utc).isoformat(), 'text': text, 'quotes': quotes})
base = 'http://127.0.0.1:47101/topic/6/gorod-n-partiya-7-igrovaya-tema'
save(sys.argv[1], [base, base + '/2', base + '/3'], posts, 10, 'Europe/Moscow', 'posts per page: 10 (board setting); guest view')
