"""Install e107's forum plugin on h10 as the GM would: log in, open the Plugin Manager's «not
installed» list, follow the forum plugin's own Install link (it carries the page's e-token)."""
import html
import re
import sys

from e1_admin import login, text

b = login('master', 'masterGamePass1')
r = b.get('/e107_admin/plugin.php?mode=avail&action=list')
links = [html.unescape(l) for l in re.findall(r'href=["\']([^"\']*)["\']', r.text) if 'action=install&path=forum' in html.unescape(l)]
if not links:
    print('no Install link for the forum plugin:', text(r)[:1000]); sys.exit(1)
r = b.get(links[0])
m = re.search(r'alert-success[^>]*>(.{0,300})', r.text, re.S)
print(r.status_code, 'success' if m else 'NOT installed', re.sub(r'<[^>]+>', ' ', m.group(1)) if m else text(r)[:800])
