"""XMB 1.9.12 at 47151 (held-out h8): its forms filled and sent as a browser sends them.

XMB's pages are ISO-8859-1 (its English language file, the only one it ships). A browser sends
a form's characters in the page's charset and every character outside it as a decimal entity
(«В» as «&#1042;»), so the values here are encoded that way; XMB keeps those entities (it stores
«&amp;#1042;» and shows «&#1042;»: decimalEntityDecode), which is how Russian boards on XMB's
Latin-1 packs hold Cyrillic."""
import re
import sys
import time

from formbot import Bot

BASE = 'http://127.0.0.1:47151'


def page_text(r):
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', r.text))


def as_browser(value):
    return value.encode('iso-8859-1', 'xmlcharrefreplace') if isinstance(value, str) else value


def form_with(b, url, field):
    r = b.get(url)
    forms = [f for f in b.forms(r.content, r.url) if any(i.get('name') == field for i in f.inputs)]
    if not forms:
        print('no form with', field, 'at', r.url, page_text(r)[:800]); sys.exit(1)
    return r, forms[0]


def send(b, url, field, values, button, drop=(), ok=None):
    r, f = form_with(b, url, field)
    d = b.fields(f)
    d.update(values)
    for k in drop:
        d.pop(k, None)
    if button:
        d[button[0]] = button[1]
    time.sleep(1)
    r2 = b.post(f.action or r.url, {k: as_browser(v) for k, v in d.items()}, referer=r.url)
    text = page_text(r2)
    if r2.status_code >= 400 or (ok and ok not in text):
        print(r2.status_code, r2.url, text[:1500]); sys.exit(1)
    return r2


def login(name, password):
    b = Bot(BASE)
    r = send(b, '/misc.php?action=login', 'username', {'username': name, 'password': password},
             ('loginsubmit', 'Login'))
    if 'xmbuser' not in b.s.cookies:
        print('login failed', name, page_text(r)[:800]); sys.exit(1)
    return b
