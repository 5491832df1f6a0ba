"""Text from outside, cleaned of what XML (and so lxml, SQLite's UTF-8, JSON) cannot hold.

    clean_page(content) -> bytes     a UTF-8 page before parsing: C0 control characters
                                     gone, raw bytes and `&#1;`-style references alike
    clean_text(text) -> str          a string from a JSON API or a file: control characters
                                     gone, lone surrogates become U+FFFD

One post with a U+0001 in it made lxml refuse every text written into the tree («All
strings must be XML compatible») and so stopped every round (issue 14): the edge is
where such characters go, for they carry nothing a reader sees. Tab, line feed and
carriage return are kept.
"""
from __future__ import annotations

import re

# C0 controls but \t \n \r, as bytes: in UTF-8 these bytes never occur inside a multi-byte
# sequence, so deleting them cannot break a character
_CONTROL_BYTES = bytes(b for b in range(0x20) if b not in (0x09, 0x0A, 0x0D))
# numeric references to the same characters (and to 0): the parser would put them back
_CONTROL_REF = re.compile(
    rb"&#(?:[xX]0*(?:[0-8bBcCeEfF]|1[0-9a-fA-F])|0*(?:[0-8]|1[124-9]|2[0-9]|3[01]))(?![0-9a-fA-F]);?")
_BAD_CHARS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def clean_page(content: bytes) -> bytes:
    """A UTF-8 (or ASCII-compatible single-byte) page without C0 control characters."""
    content = content.translate(None, _CONTROL_BYTES)
    if b"&#" in content:
        content = _CONTROL_REF.sub(b"", content)
    return content


def _replacement(match: re.Match) -> str:
    return "\ufffd" if "\ud800" <= match.group(0) <= "\udfff" else ""


def clean_text(text: str) -> str:
    """A string without control characters (dropped) or lone surrogates (U+FFFD)."""
    return _BAD_CHARS.sub(_replacement, text) if _BAD_CHARS.search(text) else text
