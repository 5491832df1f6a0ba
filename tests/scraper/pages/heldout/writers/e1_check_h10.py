"""Check h10's oracle against its saved pages and e107's database before any learner run: per
post (<li id='post-N'>), the author link's name, the relative time («4 days ago», both copies)
against the database's time and saved_at (e107's lapse is the largest whole unit, rounded down),
the own text (the forum-thread-text block, <br> a space, the quote blocks out) and the quote
blocks' words; the ids, authors and times the database's."""
import datetime
import json
import re
import sys

import lxml.html

from freeze_h10 import posts_of

UNIT = {'sec': 1, 'min': 60, 'hour': 3600, 'day': 86400, 'week': 7 * 86400, 'month': 30 * 86400}

folder = sys.argv[1]
o = json.load(open(f'{folder}/oracle.json'))
saved = datetime.datetime.fromisoformat(o['saved_at']).timestamp()
db = {p['id']: p for p in posts_of(json.load(open('/work/lab/own-heldout10/e1_thread.json'))['tid'])}
bad, seen = 0, []
for p in o['pages']:
    root = lxml.html.fromstring(open(f"{folder}/{p['file']}", encoding='utf-8').read())
    for br in root.xpath('//br'):
        br.tail = ' ' + (br.tail or '')
    lis = root.xpath('//li[starts-with(@id,"post-")]')
    if [li.get('id')[5:] for li in lis] != [x['id'] for x in p['posts']]:
        bad += 1; print(p['file'], 'ids differ', [li.get('id') for li in lis])
    for x, li in zip(p['posts'], lis):
        seen.append(x['id'])
        author = li.xpath('.//a[contains(@href,"user.php?id.")]')[0].text_content().strip()
        lapses = [s.text_content().strip() for s in li.xpath('.//small') if s.text_content().strip().endswith(' ago')]
        t = datetime.datetime.fromisoformat(x['posted_at']).timestamp()
        ago = saved - t
        def fits(lapse):
            m = re.fullmatch(r'(\d+) (sec|min|hour|day|week|month)s? ago', lapse)
            return bool(m) and int(m.group(1)) * UNIT[m.group(2)] <= ago < (int(m.group(1)) + 1) * UNIT[m.group(2)]
        body = li.xpath('.//div[contains(@class,"forum-thread-text")]')[0]
        quotes = [' '.join(q.text_content().split()) for q in body.xpath('.//blockquote/p')]
        for q in body.xpath('.//blockquote'):
            q.drop_tree()
        own = ' '.join(body.text_content().split())
        d = db[x['id']]
        ok = (author == x['author'] == d['author'], len(lapses) == 2 and all(map(fits, lapses)),
              x['posted_at'] == d['posted_at'], own == x['text'] == d['text'], quotes == x['quotes'] == d['quotes'])
        if not all(ok):
            bad += 1; print('BAD', x['id'], ok, lapses, repr(own), repr(x['text']), quotes, x['quotes'])
print(len(seen), 'posts on', len(o['pages']), 'pages;',
      'all in the database' if sorted(seen, key=int) == sorted(db, key=int) else 'NOT the database\'s posts', '; bad:', bad)
