"""Check h8's oracle against its saved pages before any run (XMB's markup read here by hand, for
this check only): per page, the posts' anchors (pidN), authors, «posted on» times to the minute,
own text (the post's div.mediumtxt without XMB's quote tables, a smiley read as its alt «:)»)
and quotes (td.quotemessage). The pages are read as ISO-8859-1, as their meta and XMB's
Content-Type header say (lxml, left to itself with the XML declaration, read «» as U+FFFD)."""
import datetime
import json
import sys

import lxml.html

from freeze import norm

if __name__ == '__main__':
    folder = sys.argv[1]
    oracle = json.load(open(f'{folder}/oracle.json', encoding='utf-8'))
    bad = 0
    for page in oracle['pages']:
        root = lxml.html.fromstring(open(f"{folder}/{page['file']}", 'rb').read(),
                                    parser=lxml.html.HTMLParser(encoding='iso-8859-1'))
        for img in root.xpath('//div[@class="mediumtxt"]//img[@alt]'):
            img.tail = img.get('alt') + (img.tail or '')
        seen = []
        for a in root.xpath('//a[starts-with(@name, "pid")]'):
            row = a.xpath('ancestor::tr[1]')[0]
            author = norm(row.xpath('.//font[@class="mediumtxt"]//a')[0].text_content())
            when = norm(row.xpath('.//a[starts-with(text(), "posted on")]')[0].text_content())
            body = row.xpath('following-sibling::tr[1]//div[@class="mediumtxt"]')[0]
            quotes = [norm(q.text_content()) for q in body.xpath('.//td[@class="quotemessage"]')]
            for t in body.xpath('.//table[@class="quote"]'):
                t.drop_tree()
            seen.append((a.get('name')[3:], author, when, norm(body.text_content()), quotes))
        want = []
        for p in page['posts']:
            t = datetime.datetime.fromisoformat(p['posted_at'])
            shown = f"posted on {t.day}-{t.month}-{t.year} at {t.strftime('%I:%M %p')}"
            want.append((p['id'], p['author'], shown, p['text'], p['quotes']))
        for s, w in zip(seen, want):
            if s != w:
                bad += 1
                print('DIFF', page['file'], '\n  page  ', s, '\n  oracle', w)
        if len(seen) != len(want):
            bad += 1
            print('COUNT', page['file'], len(seen), len(want))
        print(page['file'], len(seen), 'posts on the page,', len(want), 'in the oracle')
    print('differences:', bad)
    sys.exit(1 if bad else 0)
