"""Set up the Phorum 6.0.6 board at 47121 through its admin's own forms: registration without
e-mail verification and without a DNS check of the address (the machine sends no mail and
has no DNS), the installer's «Test Forum» renamed «Игры»
with 10 messages a page on its read page (Phorum's default is 30; set in the default forum
settings, which the forum inherits)."""
import re
import sys

from formbot import Bot

BASE = 'http://127.0.0.1:47121'


def text(h):
    return re.sub(r'\s+', ' ', re.sub(r'<script.*?</script>|<style.*?</style>|<[^>]+>', ' ', h, flags=re.S))


def admin():
    b = Bot(BASE)
    r = b.get('/admin.php')
    f = b.forms(r.text, r.url)[0]
    d = b.fields(f)
    d.update({'username': 'admin', 'password': 'admin game pass'})
    r = b.post(f.action, d, referer=r.url)
    token = re.search(r'phorum_admin_token=(\w+)', r.url).group(1)
    return b, token


def save(b, url, values):
    r = b.get(url)
    f = next(f for f in b.forms(r.text, r.url) if any(i.get('name') in values for i in f.inputs))
    d = b.fields(f)
    d.update(values)
    for i in f.inputs:
        if (i.get('type') or '') == 'submit' and i.get('name'):
            d[i.get('name')] = i.get('value') or ''
    r2 = b.post(f.action or r.url, d, referer=r.url)
    print(r2.status_code, r2.url, text(r2.text)[:300])
    if r2.status_code >= 400:
        sys.exit(1)
    return r2


if __name__ == '__main__':
    b, token = admin()
    save(b, f'/admin.php?module=settings&phorum_admin_token={token}', {'registration_control': '0', 'dns_lookup': '0'})
    save(b, f'/admin.php?module=editforum&forum_id=2&phorum_admin_token={token}',
         {'name': 'Игры', 'description': 'Игровые темы Города N'})
    # the forum inherits the default forum settings: 10 messages a page is set there
    save(b, f'/admin.php?module=forum_defaults&phorum_admin_token={token}', {'read_length': '10'})
