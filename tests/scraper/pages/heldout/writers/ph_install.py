"""Phorum 6.0.6's web installer (admin.php) run through its own forms (held-out h5): the system
check, the tables, the admin account, the installer's default modules (bbcode, smileys,
editor_tools, announcements on). Phorum was unpacked from github Phorum/Core (tag v6.0.6,
commit 934d68fb) into /work/lab/own-heldout5/phorum with `ph_db_config.php` as
include/db/config.php (an own MariaDB 10.11 on a socket), served by `php -S 127.0.0.1:47121`."""
import re, sys
from formbot import Bot
def text(h): return re.sub(r'\s+', ' ', re.sub(r'<script.*?</script>|<[^>]+>', ' ', h, flags=re.S))
b = Bot('http://127.0.0.1:47121')
r = b.get('/admin.php')
for step in range(6):
    forms = b.forms(r.text, r.url)
    print('---', r.url, [ (f.action, sorted(b.fields(f))) for f in forms])
    print(text(r.text)[-700:])
    if not forms: break
    f = forms[0]
    d = b.fields(f)
    d.update({'admin_user': 'admin', 'admin_pass': 'admin game pass', 'admin_pass2': 'admin game pass', 'admin_email': 'admin@gorod.test'})
    for i in f.inputs:
        if (i.get('type') or '') == 'submit' and i.get('name'): d[i.get('name')] = i.get('value') or ''
    r = b.post(f.action or r.url, d, referer=r.url)
