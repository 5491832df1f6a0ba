"""Bytes of a page into something to read: its charset, an lxml tree, JSON or not.

    sniff_encoding(content) -> str | None   the charset a page declares
    parse_html(content, encoding=None)     -> lxml root, decoded by that charset
    looks_json(content) -> bool            an API answer rather than a page

No profile is read here: extraction (`scraper.extract`) and engine detection
(`scraper.detect`) both decode through this module, and neither imports the other
to do it.
"""
from __future__ import annotations

import codecs
import re
from functools import lru_cache

from lxml import etree

from scraper.clean import clean_page
from scraper.errors import ScraperError

_CHARSET_VALUE = re.compile(rb"""charset\s*=\s*["']?\s*([-\w.:]+)""")


def sniff_encoding(content: bytes) -> str | None:
    """The charset a page declares (BOM or <meta charset>), None if it declares none."""
    if content.startswith(b"\xef\xbb\xbf"):
        return "utf-8"
    # plain searches for "charset" first: a case-insensitive regex trying `<meta` at every
    # `<` of the head cost more than this whole function does now
    head = content[:4096].lower()
    at = head.find(b"charset")
    while at >= 0:
        tag = head.rfind(b"<", 0, at)
        m = _CHARSET_VALUE.match(head, at)
        if m and tag >= 0 and head.startswith(b"<meta", tag) and at - tag <= 205 \
                and b">" not in head[tag:at]:
            name = m.group(1).decode("ascii", "replace")
            try:
                "".encode(name)
            except (LookupError, UnicodeError, ValueError):   # `undefined`, `base64`: no charset
                return None
            return name
        at = head.find(b"charset", at + 7)
    return None


@lru_cache(maxsize=None)
def html_parser(encoding: str) -> etree.HTMLParser:
    # the plain etree parser: lxml.html's element classes cost a Python call per element
    # proxy, and the extractor needs none of their methods
    # (no comments, no ID table: nothing here reads them, and the parse is ~10% faster)
    return etree.HTMLParser(encoding=encoding, remove_comments=True, remove_pis=True, collect_ids=False)


@lru_cache(maxsize=None)
def _python_codec(encoding: str) -> str | None:
    """Python's name of a page's charset (`cp65001` is `utf-8`), None if Python does not know it."""
    try:
        return codecs.lookup(encoding).name
    except (LookupError, ValueError, TypeError):
        return None


def parse_html(content: bytes, encoding: str | None = None):
    """The lxml root (<html>) of a page, decoded by `encoding`, else its declared charset,
    else UTF-8. Plain `lxml.etree` elements; the extractor consumes the tree."""
    enc = encoding or sniff_encoding(content) or "utf-8"
    if content.startswith(b"\xef\xbb\xbf"):
        content = content[3:]
    codec = _python_codec(enc)
    if codec != "utf-8":
        # Python's codecs turn a single-byte page into UTF-8 several times faster than
        # libxml2's iconv decodes it while parsing (the same tree; an undefined byte
        # becomes U+FFFD). A name only libxml2 might know, or a codec that cannot read
        # this page (`unicode_escape`, `idna`...), reads as UTF-8: a page is never refused
        # for its declared charset.
        try:
            content = content.decode(codec or "utf-8", "replace").encode("utf-8")
        except (UnicodeError, LookupError, ValueError, TypeError):
            content = content.decode("utf-8", "replace").encode("utf-8")
    enc = "utf-8"
    content = clean_page(content)   # a control character would stop lxml later (scraper.clean)
    root = etree.fromstring(content, html_parser(enc))
    if root is None:
        raise ScraperError("the page has no HTML content")
    return root


def looks_json(content: bytes) -> bool:
    return content.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[")
