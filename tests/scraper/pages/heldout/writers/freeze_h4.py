"""h4: FlaskBB 2.2.0's thread saved as a guest sees it; the oracle from its SQLite database."""
import datetime
import sqlite3
import sys

from freeze import save, strip_markdown

db = sqlite3.connect('/work/lab/own-learn3/fbb/flaskbb.sqlite')
posts = []
for pid, author, created, content in db.execute(
        'select id, username, date_created, content from posts where topic_id = 2 and hidden = 0 order by id'):
    text, quotes = strip_markdown(content)
    t = datetime.datetime.fromisoformat(created).replace(tzinfo=datetime.timezone.utc)
    posts.append({'id': str(pid), 'author': author, 'posted_at': t.isoformat(), 'text': text, 'quotes': quotes})
base = 'http://127.0.0.1:47111/topic/2-gorod-n:-partiia-7-igrovaia-tema'
save(sys.argv[1], [base, base + '?page=2', base + '?page=3'], posts, 10, 'UTC',
     'posts per page: 10 (the default); guest view; dates in the board language Russian (babel), UTC; Markdown')
