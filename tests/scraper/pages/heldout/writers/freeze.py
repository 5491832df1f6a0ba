"""Save a thread's pages as a guest sees them and write the oracle from the forum's database."""
import json, re, sys, datetime, sqlite3, subprocess
import requests

def strip_bbcode(msg):
    quotes = []
    def q(m):
        quotes.append(norm(re.sub(r'\[/?\w+(?:=[^\]]*)?\]', '', m.group(2))))
        return ' '
    while re.search(r'\[quote(=[^\]]*)?\]((?:(?!\[quote).)*?)\[/quote\]', msg, re.S):
        msg = re.sub(r'\[quote(=[^\]]*)?\]((?:(?!\[quote).)*?)\[/quote\]', q, msg, flags=re.S)
    return norm(re.sub(r'\[/?\w+(?:=[^\]]*)?\]', '', msg)), quotes

def strip_markdown(msg):
    own, quotes = [], []
    for block in re.split(r'\n\s*\n', msg):
        lines = block.strip().splitlines()
        if lines and all(l.startswith('>') for l in lines):
            quotes.append(norm(' '.join(l[1:] for l in lines).replace('**', '')))
        else:
            own.append(block)
    return norm(' '.join(own).replace('**', '')), quotes

def norm(s):
    return ' '.join(s.split())

def save(out, pages, posts, per_page, tz, note):
    saved_at = datetime.datetime.now(datetime.timezone.utc).isoformat(timespec='seconds')
    s = requests.Session()
    s.headers.update({'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64)', 'Accept': 'text/html', 'Accept-Language': 'ru,en;q=0.8'})
    oracle = {'saved_at': saved_at, 'timezone': tz, 'note': note, 'pages': []}
    for n, url in enumerate(pages, 1):
        r = s.get(url)
        r.raise_for_status()
        name = f'thread-p{n}.html'
        open(f'{out}/{name}', 'wb').write(r.content)
        chunk = posts[(n - 1) * per_page: n * per_page]
        oracle['pages'].append({'file': name, 'url': url, 'page': n, 'last': len(pages), 'posts': chunk})
    json.dump(oracle, open(f'{out}/oracle.json', 'w'), ensure_ascii=False, indent=1)
    print(out, [len(p['posts']) for p in oracle['pages']])
