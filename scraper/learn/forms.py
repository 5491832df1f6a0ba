"""The reply form on a thread page (and the PM form on a compose page): a form with a
textarea, its action, the textarea's name and the submit button's name."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urljoin

from scraper.learn import tree


@dataclass(frozen=True)
class FormGuess:
    selector: str
    action: str
    text: str                       # the textarea's name
    submit: dict[str, str]          # the submit button's name and value, when it has one
    subject: str | None
    to: str | None = None           # the recipient field (a PM form)
    add: dict = None                # a button that adds the recipient first (phpBB's «Add»)

    def __post_init__(self):
        if self.add is None:
            object.__setattr__(self, "add", {})


# the button that sends (not a preview, a draft, an «Add recipient» or a cancel)
_SENDING = re.compile(r"(?i)^(?:post|submit|send|sent|reply)\b|отправ|send|submit|post|ответ")
_NOT_SENDING = re.compile(r"(?i)preview|draft|add|cancel|attach|upload|spell|предпросмотр|черновик|добав|отмен")
_ADDING = re.compile(r"(?i)^add_?(?:to|recipient|user|bcc)?$")
_TO_NAME = re.compile(r"(?i)^(?:req_)?(?:to|addressee|recipients?|usernames?|users|to_?user)(?:_list)?$")
_TO_NAMES = ("to", "username_list", "recipients", "recipient", "req_username", "username", "users", "to_user")


def find_form(root, url: str | None, pm: bool = False) -> FormGuess | None:
    """The page's form with a textarea (the largest one's name is the text field); `pm`:
    only a form that also has a recipient field."""
    best = None
    for form in root.iter("form"):
        areas = [t for t in form.iter("textarea") if t.get("name")]
        if not areas:
            continue
        area = max(areas, key=lambda t: int(t.get("rows") or 0))
        fid = form.get("id")
        sel = f"form#{fid}" if fid and tree._CSS_IDENT.match(fid) else (
            f"form[name='{form.get('name')}']" if form.get("name") else
            _action_selector(form.get("action") or ""))
        buttons = [inp for inp in form.iter("input", "button")
                   if (inp.get("type") or ("submit" if tree.tag(inp) == "button" else "")).lower() == "submit"
                   and inp.get("name")]
        sending = [b for b in buttons if not _NOT_SENDING.search(f"{b.get('name')} {b.get('value') or ''}")]
        chosen = next((b for b in sending if _SENDING.search(f"{b.get('name')} {b.get('value') or ''}")),
                      sending[0] if sending else None)
        submit = {chosen.get("name"): chosen.get("value") or "1"} if chosen is not None else {}
        adding = next((b for b in buttons if _ADDING.search(b.get("name") or "")), None)
        subject = None
        for inp in form.iter("input"):
            if (inp.get("name") or "").lower() in ("subject", "title", "req_subject"):
                subject = inp.get("name")
        to = next((inp.get("name") for inp in form.iter("input", "textarea")
                   if (inp.get("name") or "").lower() in _TO_NAMES or _TO_NAME.search(inp.get("name") or "")), None)
        if pm and to is None:
            continue
        action = urljoin(url or "", form.get("action") or "") if url else (form.get("action") or "")
        guess = FormGuess(sel, action, area.get("name"), submit, subject, to,
                          {adding.get("name"): adding.get("value") or "1"} if adding is not None and pm else {})
        if best is None or len(tree.text(form)) > 0:
            best = guess
            if area.get("name") in ("message", "req_message", "content", "post", "text", "body"):
                break
    return best


def _action_selector(action: str) -> str | None:
    """`form[action*='publish']`: the form by the last word of where it posts (None: no word)."""
    words = [w for w in re.split(r"[/?&;=.]", action.split("?")[0]) if re.search(r"[A-Za-z]", w)]
    word = next((w for w in reversed(words) if w not in ("php", "html", "htm", "index")), None)
    return f"form[action*='{word}']" if word and "'" not in word else None


@dataclass(frozen=True)
class LoginGuess:
    selector: str
    username: str                   # the name field's name
    password: str                   # the password field's name
    page: str                       # the page that shows the form (urls.login)


_LOGIN_LINK = re.compile(r"(?i)\b(?:log ?in|sign ?in|вход|войти|авторизац)")


def find_login(root, source: str) -> LoginGuess | None:
    """The login form: a form with a password field and a text field before it (the name).
    Its page is the one it was found on, or the page the «Вход» link names, which shows the
    same form (an inbox that asks a guest to log in is no login page to come back to)."""
    found = [f for f in root.iter("form") if f.xpath(".//input[@type='password' and @name]")]
    # a page's own login form before the header's quick-login box
    found.sort(key=lambda f: bool(re.search(r"(?i)quick", " ".join(f.get(k) or "" for k in ("id", "name", "action")))))
    for form in found:
        inputs = list(form.iter("input"))
        pw = next((i for i in inputs if (i.get("type") or "").lower() == "password" and i.get("name")), None)
        if pw is None:
            continue
        before = inputs[:inputs.index(pw)]
        user = next((i for i in reversed(before) if (i.get("type") or "text").lower() in ("text", "email")
                     and i.get("name")), None)
        if user is None:
            continue
        fid = form.get("id")
        sel = f"form#{fid}" if fid and tree._CSS_IDENT.match(fid) else "form"
        page = source
        for a in root.iter("a"):
            href = a.get("href") or ""
            if _LOGIN_LINK.search(tree.text(a)) or re.search(r"(?i)(?:^|[/?&;=.])(?:login|signin)", href):
                if href and not href.startswith(("#", "javascript:")):
                    page = urljoin(source, href.replace("&amp;", "&")) if "://" in source else href
                    break
        return LoginGuess(sel, user.get("name"), pw.get("name"), page)
    return None
