"""Filling a forum's form as a browser would, in the form's own charset.

    page = client.get(url, auth=True)
    form = find_form(page, selector=None, holding="req_message")
    answer = send_form(client, page, form, {"req_message": text}, encoding=None)

What is sent is what a browser sends for the untouched form: every hidden input (CSRF
tokens under any name: phpBB's `form_token` and `creation_time`, MyBB's `my_post_key`,
SMF's session field, XenForo's `_xfToken`, PunBB's `form_sent`/`form_user`), the
prefilled text inputs (SMF's «Re: subject»), checked boxes, selected options; then the
profile's fixed fields (a submit button's name: phpBB posts only when `post` is in the
request; buttons are never sent unless named there), then ours.

The charset: a forum in windows-1251 (most MyBB.ru boards) reads the request body in
cp1251, and `requests` would encode str values as UTF-8, so the body is encoded here:
the profile's `write.encoding`, else the form's `accept-charset`, else the charset the
page was served in (header, then `<meta charset>`), else UTF-8. A character the charset
lacks is sent as an HTML character reference (`&#128512;`), as browsers do.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import urlencode, urljoin

import lxml.html

from scraper.errors import AuthRequired, LayoutChanged
from scraper.decode import sniff_encoding
from scraper.http import Fetched, HttpClient, Validators
from config.select import select


@dataclass(frozen=True)
class Form:
    action: str
    hidden: tuple[tuple[str, str], ...]
    accept_charset: str | None
    page_charset: str


def page_charset(page: Fetched, default: str | None = None) -> str:
    """The charset a page was served in: its HTTP header, else its `<meta charset>`, else
    `default` (the profile's encoding), else UTF-8."""
    declared = page.encoding if page.encoding and page.encoding.lower() != "iso-8859-1" else None
    return _known(declared) or sniff_encoding(page.content) or _known(default) or "utf-8"


def find_form(page: Fetched, *, selector: str | None, holding: str, default_charset: str | None = None,
              profile: str = "") -> Form:
    """The form to fill: the first match of `selector`, else the first POST form with a
    field named `holding`. `LayoutChanged` (naming `profile`) when there is none."""
    charset = page_charset(page, default_charset)
    parser = lxml.html.HTMLParser(encoding=charset)
    doc = lxml.html.document_fromstring(page.content, parser=parser, base_url=page.url)
    if selector:
        forms = [f for f in select(doc, selector) if f.tag == "form"]
        where = selector
    else:
        forms = [f for f in doc.forms
                 if (f.method or "GET").upper() == "POST" and f.xpath(".//*[@name=$n]", n=holding)]
        where = f"form[method=post] with a field {holding!r}"
    if not forms:
        raise LayoutChanged(page.url, profile or "(no profile)", where, "the form to submit is not on the page")
    form = forms[0]
    hidden = tuple(_successful_controls(form))
    accept = (form.get("accept-charset") or "").replace(",", " ").split()
    base = doc.xpath("string(//head/base/@href)") or page.url   # XenForo 1 writes relative actions
    return Form(
        action=urljoin(urljoin(page.url, base), form.get("action") or page.url),
        hidden=hidden,
        accept_charset=next((c for c in map(_known, accept) if c), None),
        page_charset=charset,
    )


_NOT_SENT = {"submit", "button", "image", "reset", "file"}


def _successful_controls(form):
    """(name, value) of what a browser sends for the form as it is, buttons aside."""
    for element in form.xpath(".//*[self::input or self::textarea or self::select][@name]"):
        name = element.get("name")
        if element.get("disabled") is not None:
            continue
        if element.tag == "textarea":
            yield name, element.text or ""
        elif element.tag == "select":
            options = element.xpath(".//option")
            chosen = [o for o in options if o.get("selected") is not None] or options[:1]
            for option in chosen if element.get("multiple") is not None else chosen[:1]:
                yield name, option.get("value") if option.get("value") is not None else option.text_content()
        else:
            kind = (element.get("type") or "text").lower()
            if kind in _NOT_SENT or (kind in ("checkbox", "radio") and element.get("checked") is None):
                continue
            yield name, element.get("value") if element.get("value") is not None else ("on" if kind in (
                "checkbox", "radio") else "")


def form_charset(form: Form, forced: str | None = None) -> str:
    return forced or form.accept_charset or form.page_charset


def encode_form(data: Mapping[str, str], charset: str) -> str:
    """`application/x-www-form-urlencoded` in `charset` (characters it lacks as `&#N;`):
    percent-escaped bytes of that charset, so the body itself is plain ASCII."""
    return urlencode(list(data.items()), encoding=charset, errors="xmlcharrefreplace")


def send_form(client: HttpClient, page: Fetched, form: Form, fields: Mapping[str, str], *,
              encoding: str | None = None, omit: tuple[str, ...] = ()) -> Fetched:
    """POST the form's own values (less `omit`) overlaid with `fields`, encoded in the
    form's charset. Redirects are not followed: `Fetched.location` says where the forum
    sent us. A 4xx answer other than 401 is returned (its page says why), not raised."""
    data: dict[str, str] = {name: value for name, value in form.hidden if name not in omit}
    csrf = client.session.cookies.get("csrftoken")   # Django (Spirit) also wants it in the body
    if csrf and "csrfmiddlewaretoken" not in data:
        data["csrfmiddlewaretoken"] = csrf
    data.update(fields)
    charset = form_charset(form, encoding)
    headers = {"Referer": page.url,
               "Content-Type": f"application/x-www-form-urlencoded; charset={charset}"}
    if csrf:
        headers["X-CSRFToken"] = csrf
    action = client.url(form.action)
    response = client._send("POST", action, data=encode_form(data, charset), headers=headers,
                            allow_redirects=False)
    status = response.status_code
    if status == 401:
        raise AuthRequired(action, f"the forum refused the form (HTTP {status})")
    # other 4xx come back: a flood or refusal page may say why (SMF's flood is a 403, NodeBB's
    # refused quick reply a 400); the writer reads it, then raises (`ForumWriter._refused`)
    location = response.headers.get("Location") if response.is_redirect else None
    return Fetched(response.url or action, status, response.content, response.encoding,
                   Validators(), location=location)


def _known(name: str | None) -> str | None:
    if not name:
        return None
    try:
        "".encode(name)
    except LookupError:
        return None
    return name.lower()
