"""h5: Phorum 6.0.6's thread saved as a guest sees it; the oracle from its MariaDB database."""
import datetime
import json
import subprocess
import sys

from freeze import save, strip_bbcode

out = subprocess.run(['mariadb', '--socket=/work/lab/own-heldout5/mdb.sock', '-uroot', 'phorum', '--batch', '--raw', '-N', '-e',
                      "select json_object('id', message_id, 'author', author, 'created', datestamp, 'body', body) "
                      "from phorum_messages where thread = 2 and status = 2 order by message_id"],
                     capture_output=True, text=True, check=True).stdout.splitlines()
posts = []
for line in out:
    row = json.loads(line)
    text, quotes = strip_bbcode(row['body'])
    posts.append({'id': str(row['id']), 'author': row['author'], 'text': text, 'quotes': quotes,
                  'posted_at': datetime.datetime.fromtimestamp(row['created'], datetime.timezone.utc).isoformat()})
base = 'http://127.0.0.1:47121/read.php?2,2'
save(sys.argv[1], [base, base + ',page=2', base + ',page=3'], posts, 10, 'UTC',
     'messages per page: 10 (the default forum settings); guest view; board language English (Phorum ships '
     'no Russian), template emerald; dates «December 01, 2026 10:23PM» (to the minute) in the server zone (UTC); BBCode')
