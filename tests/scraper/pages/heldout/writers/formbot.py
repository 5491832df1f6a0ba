"""Fill and send a forum's own HTML forms, as a browser would (for building test threads)."""
import re, time
import requests, lxml.html
from urllib.parse import urljoin

class Bot:
    def __init__(self, base):
        self.base = base.rstrip('/')
        self.s = requests.Session()
        self.s.headers.update({'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) formbot', 'Accept': 'text/html,application/xhtml+xml', 'Accept-Language': 'ru,en;q=0.8'})
    def get(self, path, **kw):
        r = self.s.get(urljoin(self.base + '/', path.lstrip('/')) if not path.startswith('http') else path, **kw)
        r.raise_for_status()
        return r
    def forms(self, html, url):
        root = lxml.html.fromstring(html)
        root.make_links_absolute(url)
        return root.forms
    def fields(self, form):
        out = {}
        for el in form.inputs:
            name = el.get('name')
            if not name: continue
            t = (el.get('type') or '').lower()
            if el.tag == 'input' and t in ('submit', 'button', 'image', 'reset'): continue
            if t in ('checkbox', 'radio'):
                if el.checked: out[name] = el.get('value') or 'on'
                continue
            if el.tag == 'select':
                opts = el.xpath('.//option[@selected]') or el.xpath('.//option')
                out[name] = opts[0].get('value') if opts else ''
                continue
            out[name] = el.value or ''
        return out
    def submit(self, path, pick, values, button=None, wait=0, **kw):
        r = self.get(path)
        forms = self.forms(r.text, r.url)
        form = pick(forms)
        data = self.fields(form)
        data.update(values)
        if button:
            data[button[0]] = button[1]
        if wait: time.sleep(wait)
        action = form.action or r.url
        return self.post(action, data, referer=r.url, **kw)
    def post(self, action, data, referer=None, multipart=False, **kw):
        headers = {'Origin': self.base}
        if referer: headers['Referer'] = referer
        if multipart:
            return self.s.post(action, files=[(k, (None, v)) for k, v in data.items()], headers=headers, **kw)
        return self.s.post(action, data=data, headers=headers, **kw)
def has(name):
    return lambda forms: next(f for f in forms if any(i.get('name') == name for i in f.inputs))
