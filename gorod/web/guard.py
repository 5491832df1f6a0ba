"""What the console accepts before any handler runs (issue 14: `hours=inf`, a superscript
digit or a 20-digit id gave HTTP 500; a 200 MB upload was spooled to disk; any Host and
Origin were served).

- numbers from forms and URLs are parsed strictly: ASCII digits, within range; anything
  else is `BadInput`, a Russian message and HTTP 400 (`whole`, `hours`);
- a request body is at most `MAX_BODY` bytes (413, before it is read; a chunked body,
  which announces no length, is cut at the limit as it is read: `cap_body`, issue 23);
- the Host must be the console's own address (127.0.0.1 or localhost at its port: a DNS
  rebinding page cannot reach it), and an Origin, when the browser sends one, the same
  (`check_origin`, 403). The console's pages say `Referrer-Policy: same-origin`: with
  `no-referrer` a browser sends `Origin: null` even for the console's own forms.
"""
from __future__ import annotations

import io
import re

MAX_BODY = 1024 * 1024          # the longest form is a draft's text: 3000 characters a part
MAX_ID = 2**63 - 1              # SQLite's integers
MAX_HOURS = 24 * 30
_WHOLE = re.compile(r"[0-9]{1,19}")
_HOURS = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,3})?")


def cap_body(environ) -> bool:
    """A body without Content-Length (chunked) read here, at most to MAX_BODY, and handed on
    with its length; False when it is longer (413). Werkzeug's own cap on such a body cuts
    the form silently instead (a 30 MB text came through as its first megabyte)."""
    stream = environ.get("wsgi.input")
    if environ.get("CONTENT_LENGTH") or stream is None or not environ.get("wsgi.input_terminated"):
        return True
    pieces, size = [], 0
    while size <= MAX_BODY:
        piece = stream.read(min(65536, MAX_BODY + 1 - size))
        if not piece:
            break
        pieces.append(piece)
        size += len(piece)
    if size > MAX_BODY:
        return False
    body = b"".join(pieces)
    environ.update({"wsgi.input": io.BytesIO(body), "CONTENT_LENGTH": str(len(body)), "wsgi.input_terminated": False})
    return True


class BadInput(ValueError):
    """A value the console refuses; `str()` is the Russian message for the GM."""


def whole(text: str | int | None, what: str) -> int:
    """A record's number: ASCII digits only, 1..2**63-1."""
    raw = str(text if text is not None else "").strip()
    if not _WHOLE.fullmatch(raw) or not 0 < int(raw) <= MAX_ID:
        raise BadInput(f"{what}: нужно целое число (цифрами 0–9), а не {raw[:40]!r}")
    return int(raw)


def hours(text: str | None) -> float:
    """Hours to extend a phase by: a plain decimal number, more than 0, at most a month."""
    raw = (text or "").strip()
    if not _HOURS.fullmatch(raw):
        raise BadInput(f"часы: нужно число вроде 12 или 1,5 (цифрами), а не {raw[:40]!r}")
    value = float(raw.replace(",", "."))
    if not 0 < value <= MAX_HOURS:
        raise BadInput(f"часы: от 0 до {MAX_HOURS}, а не {raw}")
    return value


def own_hosts(environ) -> set[str]:
    port = str(environ.get("SERVER_PORT", ""))
    names = ("127.0.0.1", "localhost")
    hosts = {f"{name}:{port}" for name in names}
    if port in ("80", ""):
        hosts.update(names)
    return hosts


def check_host(environ, host: str) -> bool:
    return host.lower() in own_hosts(environ)


def check_origin(environ, origin: str | None) -> bool:
    """An Origin (or, without it, nothing) that is this console; `null` is another site's."""
    if origin is None:
        return True
    origin = origin.strip().lower()
    return any(origin == f"http://{host}" for host in own_hosts(environ))
