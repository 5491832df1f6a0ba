"""The GM's (admin's) session on h10's e107 at 47171: log in through login.php's form."""
import re
import sys

from formbot import Bot

BASE = 'http://127.0.0.1:47171'


def text(r):
    t = re.sub(r'<(script|style).*?</\1>', '', r.text, flags=re.S)
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', t))


def login(user, password):
    b = Bot(BASE)
    r = b.get('/login.php')
    f = next(f for f in b.forms(r.text, r.url) if any(i.get('name') == 'userpass' for i in f.inputs))
    d = b.fields(f)
    d.update({'username': user, 'userpass': password, 'userlogin': 'Log In'})
    r = b.post(f.action or r.url, d, referer=r.url)
    r = b.get('/usersettings.php')
    if 'userpass' in r.text or 'login.php' in r.url:
        print('not logged in:', user, text(r)[:1000]); sys.exit(1)
    return b
