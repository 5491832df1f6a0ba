"""Who may use the console: the access token, its cookie, and the CSRF token of every form.

- `gorod web` makes a random token (`new_token()`) and prints the URL with `?token=…`.
  The first visit with the right token sets an HttpOnly, SameSite=Strict cookie (named
  with the port: two consoles on one machine do not share it) and is
  redirected to the same page without the token (so it stays out of the history and the
  Referer); every later request carries the cookie. Anything else is 403.
- Each form carries `csrf`, an HMAC of the access token (`csrf_token`); a POST without the
  right one is refused even with the cookie. SameSite=Strict already keeps other sites'
  forms from sending the cookie; the CSRF field is the second lock.
Tokens are compared in constant time.
"""
from __future__ import annotations

import hashlib
import hmac
import secrets

COOKIE = "gorod_console"


def new_token() -> str:
    return secrets.token_urlsafe(24)


def csrf_token(access_token: str) -> str:
    return hmac.new(access_token.encode(), b"gorod console csrf", hashlib.sha256).hexdigest()


def same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())
