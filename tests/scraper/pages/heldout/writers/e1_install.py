"""Install e107 v2.3.11 at 47171 through its own web installer (held-out h10): the 8 stages,
each stage's form filled as the page gives it (MariaDB on the php.ini's default socket; the
admin is the GM: login «master», display name «Мастер»; no demo content)."""
import re
import sys

from formbot import Bot

BASE = 'http://127.0.0.1:47171'
b = Bot(BASE)
VALUES = {'server': 'localhost', 'name': 'e107', 'password': 'e107pass', 'db': 'e107', 'prefix': 'e107_',
          'u_name': 'master', 'd_name': 'Мастер', 'pass1': 'masterGamePass1', 'pass2': 'masterGamePass1',
          'email': 'master@gorod.test', 'sitename': 'Город N'}


def text(r):
    t = re.sub(r'<(script|style).*?</\1>', '', r.text, flags=re.S)
    return re.sub(r'\s+', ' ', re.sub(r'<[^>]+>', ' ', t))


if __name__ == '__main__':
    r = b.get('/install.php')
    for _ in range(12):
        forms = [f for f in b.forms(r.text, r.url) if any(i.get('name') == 'stage' for i in f.inputs)]
        if not forms:
            print('no stage form:', text(r)[:1500]); break
        f = forms[0]
        d = b.fields(f)
        d.pop('createdb', None)  # the database exists already
        d.pop('generate_content', None)
        d.update({k: v for k, v in VALUES.items() if k in d})
        sub = [i for i in f.inputs if (i.get('type') or '').lower() == 'submit' and i.get('name') and i.get('name') != 'back']
        if sub:
            d[sub[0].get('name')] = sub[0].get('value') or '1'
        print('stage', d.get('stage'), {k: v for k, v in d.items() if k != 'previous_steps'}, flush=True)
        r = b.post(f.action or r.url, d, referer=r.url)
        print('  ->', r.status_code, text(r)[-900:], flush=True)
