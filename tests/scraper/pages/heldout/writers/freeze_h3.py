import datetime, subprocess, sys, json
from freeze import save, strip_markdown
out = subprocess.run(['mariadb', '--socket=/work/lab/own-learn/mdb.sock', '-uroot', 'tincan', '--batch', '--raw', '-e',
                      "select json_object('id', p.post_id, 'author', u.username, 'created', p.created_time, 'content', p.content) "
                      "from tc_posts p join tc_users u on u.user_id = p.user_id where p.thread_id = 1000 and p.deleted = 0 order by p.post_id"],
                     capture_output=True, text=True, check=True).stdout.splitlines()[1:]
posts = []
for line in out:
    row = json.loads(line)
    text, quotes = strip_markdown(row['content'])
    posts.append({'id': str(row['id']), 'author': row['author'], 'text': text, 'quotes': quotes,
                  'posted_at': datetime.datetime.fromtimestamp(row['created'], datetime.timezone.utc).isoformat()})
base = 'http://127.0.0.1:47104/index.php?page=1004&thread=1000'
save(sys.argv[1], [base, base + '&start_at=2', base + '&start_at=3'], posts, 10, 'UTC',
     'posts per page: 10 (setting); guest view; the board writes dates as «F jS Y H:i» in the server zone (UTC); Latin names only')
