"""The reply form on a thread page (and the PM form on a compose page): a form with a
textarea, its action, the textarea's name and the submit button's name."""
from __future__ import annotations

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
            f"form[action*='{(form.get('action') or '').split('?')[0].rsplit('/', 1)[-1]}']")
        submit = {}
        for inp in form.iter("input", "button"):
            if (inp.get("type") or "").lower() == "submit" and inp.get("name"):
                submit = {inp.get("name"): inp.get("value") or "1"}
                break
        subject = None
        for inp in form.iter("input"):
            if (inp.get("name") or "").lower() in ("subject", "title", "req_subject"):
                subject = inp.get("name")
        to = next((inp.get("name") for inp in form.iter("input", "textarea")
                   if (inp.get("name") or "").lower() in _TO_NAMES), None)
        if pm and to is None:
            continue
        action = urljoin(url or "", form.get("action") or "") if url else (form.get("action") or "")
        guess = FormGuess(sel, action, area.get("name"), submit, subject, to)
        if best is None or len(tree.text(form)) > 0:
            best = guess
            if area.get("name") in ("message", "req_message", "content", "post", "text", "body"):
                break
    return best
