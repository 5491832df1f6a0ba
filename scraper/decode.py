"""Bytes of a page into something to read: its charset, an lxml tree, JSON or not.

    sniff_encoding(content) -> str | None   the charset a page declares
    parse_html(content, encoding=None)     -> lxml root, decoded by that charset (a page
                                              declaring none or UTF-8 wrongly: cp1251 or
                                              KOI8-R when its bytes say so)
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
    elif encoding is None and _python_codec(enc) == "utf-8":
        enc = russian_single_byte(content) or enc     # declared none, or UTF-8 wrongly
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


# The single-byte charsets of Russian forums that declare none (or UTF-8 wrongly).
SINGLE_BYTE = ("cp1251", "koi8_r")


def russian_single_byte(content: bytes) -> str | None:
    """cp1251 or KOI8-R for a page whose bytes are not UTF-8 (most of its non-ASCII bytes do
    not decode), None for a UTF-8 page, a few broken bytes of one included. Of the two, the
    one whose Cyrillic reads mostly lower case (Russian text; the other charset swaps the
    cases). Measured on the Russian pages of the corpus and tests/scraper/pages with their
    declarations removed, as themselves and re-encoded (26 pages): 26 right; UTF-8 alone
    (as before) 9; bs4's UnicodeDammit with charset_normalizer 15, at over twice the time."""
    try:
        content.decode("utf-8")
        return None
    except UnicodeDecodeError:
        pass
    high = sum(1 for b in content if b >= 0x80)
    if not high or content.decode("utf-8", "replace").count("\ufffd") < 0.3 * high:
        return None
    return max(SINGLE_BYTE, key=lambda codec: _lower_share(content.decode(codec, "replace")))


_CYRILLIC = re.compile("[а-яёА-ЯЁ]")


def _lower_share(text: str) -> float:
    letters = _CYRILLIC.findall(text)
    return sum(1 for c in letters if c.islower()) / len(letters) if letters else 0.0


def looks_json(content: bytes) -> bool:
    return content.lstrip(b"\xef\xbb\xbf \t\r\n")[:1] in (b"{", b"[")
