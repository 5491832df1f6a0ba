"""h10's e107 forum plugin, through its admin form (forum_admin.php, create): a parent «Город N»,
then the forum «Игры» under it, members may post and start threads (the form's defaults); the
forum's prefs are left as they are (postspage is 10 already: e107's default)."""
import re
import sys

from e1_admin import login, text

b = login('master', 'masterGamePass1')


def create(name, parent):
    r = b.get('/e107_plugins/forum/forum_admin.php?mode=main&action=create')
    f = next(f for f in b.forms(r.text, r.url) if any(i.get('name') == 'forum_name' for i in f.inputs))
    d = b.fields(f)
    d.update({'forum_name': name, 'forum_parent': str(parent), 'etrigger_submit': 'create'})
    r = b.post(f.action, d, referer=r.url)
    m = re.search(r"alert-(success|danger|warning)[^>]*>(.{0,300})", r.text, re.S)
    print(name, r.status_code, m and m.group(1), m and text(type('R', (), {'text': m.group(2)})))
    if not m or m.group(1) != 'success':
        sys.exit(1)
    return r


create('Город N', 0)
r = b.get('/e107_plugins/forum/forum_admin.php?mode=main&action=create')
f = next(f for f in b.forms(r.text, r.url) if any(i.get('name') == 'forum_name' for i in f.inputs))
parents = [(o.get('value'), o.text) for o in f.xpath('.//select[@name="forum_parent"]/option')]
print(parents)
create('Игры', next(v for v, t in parents if t and 'Город' in t))
