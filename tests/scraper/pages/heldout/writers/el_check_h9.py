"""Check h9's oracle against its saved pages and ElkArte's database before any learner run: per
post, the page's author link, the time's data-timestamp, the own text (<br> a space, a smiley its
alt, the quote blocks out) and the quote blocks' words; the ids, authors and times the database's."""
import datetime
import json
import sys

import lxml.html

from freeze_h9 import sql

folder = sys.argv[1]
o = json.load(open(f'{folder}/oracle.json'))
db = {mid: (name, int(t)) for mid, name, t in sql(
    'select m.id_msg, mem.real_name, m.poster_time from elkarte_messages m '
    'join elkarte_members mem on mem.id_member = m.id_member where m.id_topic = 2')}
bad, seen = 0, []
for p in o['pages']:
    root = lxml.html.fromstring(open(f"{folder}/{p['file']}", encoding='utf-8').read())
    for br in root.xpath('//br'):
        br.tail = ' ' + (br.tail or '')
    for img in root.xpath('//img[@class="smiley"]'):
        img.tail = img.get('alt') + (img.tail or '')
    secs = root.xpath('//section[@data-msgid]')
    if [s.get('data-msgid') for s in secs] != [x['id'] for x in p['posts']]:
        bad += 1; print(p['file'], 'ids differ')
    for x, sec in zip(p['posts'], secs):
        seen.append(x['id'])
        art = sec.xpath('ancestor::article[1]')[0]
        author = ' '.join(art.xpath('.//a[contains(@class,"name")]')[0].text_content().split())
        stamp = int(art.xpath('.//h5//time')[0].get('data-timestamp'))
        quotes = [' '.join(b.text_content().split()) for b in sec.xpath('.//blockquote')]
        for b in sec.xpath('.//blockquote|.//div[contains(@class,"quoteheader")]'):
            b.drop_tree()
        own = ' '.join(sec.text_content().split())
        t = datetime.datetime.fromisoformat(x['posted_at']).timestamp()
        ok = (author == x['author'] == db[x['id']][0], stamp == t == db[x['id']][1], own == x['text'], quotes == x['quotes'])
        if not all(ok):
            bad += 1; print('BAD', x['id'], ok, own, x['text'], quotes, x['quotes'])
print(len(seen), 'posts on', len(o['pages']), 'pages;', 'all in the database' if sorted(seen, key=int) == sorted(db, key=int) else 'NOT the database\'s posts', '; bad:', bad)
