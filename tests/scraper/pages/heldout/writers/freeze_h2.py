import sqlite3, datetime, sys
from freeze import save, strip_markdown
db = sqlite3.connect('/work/lab/own-learn/machina-site/db.sqlite3')
posts = []
rows = db.execute('select p.id, u.username, p.created, p.content from forum_conversation_post p join auth_user u on u.id = p.poster_id where p.topic_id=2 order by p.id')
for pid, poster, created, msg in rows:
    text, quotes = strip_markdown(msg)
    t = datetime.datetime.fromisoformat(created).replace(tzinfo=datetime.timezone.utc)
    posts.append({'id': str(pid), 'author': poster, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})
base = 'http://127.0.0.1:47102/forum/forum/%D0%B8%D0%B3%D1%80%D1%8B-2/topic/%D0%B3%D0%BE%D1%80%D0%BE%D0%B4-n-%D0%BF%D0%B0%D1%80%D1%82%D0%B8%D1%8F-7-%D0%B8%D0%B3%D1%80%D0%BE%D0%B2%D0%B0%D1%8F-%D1%82%D0%B5%D0%BC%D0%B0-2/'
save(sys.argv[1], [base, base + '?page=2', base + '?page=3'], posts, 10, 'Europe/Moscow', 'posts per page: 10 (setting); guest view')
