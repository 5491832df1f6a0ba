"""Register the GM and the six players on the Phorum board at 47121 through its own register
form (held-out h5); Cyrillic user names, as the plan has them."""
import re
import sys

from formbot import Bot
from plan import PLAYERS

BASE = 'http://127.0.0.1:47121'
USERS = [('Мастер', 'master')] + PLAYERS
PASS = {n: f'{l} game pass phrase' for n, l in USERS}


def text(h):
    return re.sub(r'\s+', ' ', re.sub(r'<script.*?</script>|<style.*?</style>|<[^>]+>', ' ', h, flags=re.S))


def form_with(b, url, field):
    r = b.get(url)
    return r, next(f for f in b.forms(r.content, r.url) if any(i.get('name') == field for i in f.inputs))


def send(b, url, field, values, button=None):
    """Fill the page's form holding `field` and send it with its submit button (or `button`)."""
    r, f = form_with(b, url, field)
    d = b.fields(f)
    d.update(values)
    subs = [i for i in f.inputs if (i.get('type') or '') == 'submit' and i.get('name')]
    for i in subs[:1] if button is None else [i for i in subs if i.get('name') == button]:
        d[i.get('name')] = i.get('value') or ''
    return b.post(f.action or r.url, d, referer=r.url)


if __name__ == '__main__':
    for nick, login in USERS:
        r = send(Bot(BASE), '/register.php', 'username',
                 {'username': nick, 'email': f'{login}@gorod.test', 'password': PASS[nick], 'password2': PASS[nick]})
        page = text(r.text)
        print(nick, r.status_code, r.url, page[page.find('Home'):][:200], flush=True)
        if r.status_code >= 400:
            sys.exit(1)
