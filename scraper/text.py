"""A message body as gorod reads it: own text, quotes, spoilers, struck and secret parts.

`BodyReader(rules)` is built once per profile.

    read(body) -> Body                      one body element
    read_page(root, bodies) -> [Body]       every body of a page (marks found once)

Elements matched by the profile's body selectors are taken out of the text and
collected apart. Precedence, when one element matches several: drop, header,
hidden, spoiler, quote, strike (MyBB.ru's spoilers and hidden text are also
`.quote-box`). A quote inside a quote stays in the outer quote's text. Bold and
coloured fragments of the body's own text are kept as `Emphasis`. Line breaks
come from <br> and block elements; runs of blanks collapse.

Reading is destructive: the marked parts and scripts are taken out of the tree
and break marks written into it (a <br>'s as its own text, a block's at its
edges), so that the body's text is then one call into lxml (normalize-space())
instead of a Python walk over every element. Parse a page, extract it, throw
the tree away.
"""
from __future__ import annotations

import re
from dataclasses import replace

from config.profiles import BodyRules
from scraper.model import Body, Emphasis
from config.select import Anchored, compile_selector, is_positional, own_xpath

BLOCK = frozenset(
    "p div li ul ol tr table tbody thead blockquote h1 h2 h3 h4 h5 h6 pre dl dt dd hr section article aside "
    "header footer figure figcaption details summary center form fieldset".split()
)
SKIP = frozenset(("script", "style", "noscript", "template", "textarea", "select", "button", "input", "svg"))
_WS = re.compile(r"\s+")
# private-use characters (not whitespace to `\s`, unlike \x1c-\x1f) marking breaks
BR_MARK = "\ue000"  # a <br>: one hard line break
BLOCK_MARK = "\ue001"  # a block's edge: consecutive edges make one line break
_COLOR = re.compile(r"(?<![-\w])color\s*:\s*([^;\"']+)", re.I)
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(bold|[6-9]00)", re.I)

# marked parts of these kinds vanish; the others' texts go to Body fields
_VANISH = ("drop", "header")

_LAYOUT = BLOCK | SKIP | {"br"}


class BodyReader:
    def __init__(self, rules: BodyRules) -> None:
        pairs = [  # kinds in precedence order
            ("drop", rules.drop),
            ("header", rules.quote_header),
            ("header", rules.spoiler_header),
            ("secret", rules.hidden),
            ("spoilers", rules.spoiler),
            ("quotes", rules.quote),
            ("struck", rules.strike),
        ]
        # CSS rules run over the node-set of the page's bodies; raw XPath under the scope
        self._rules = [(kind, sel, is_positional(sel)) for kind, sel in pairs if sel]
        self._quote_lines = rules.quote_lines
        self._notice_lines = re.compile(rules.notice_lines) if rules.notice_lines else None

    def read(self, body) -> Body:
        return self.read_page(body, [body])[0]

    def read_page(self, scope, bodies: list) -> list[Body]:
        """Read every body of a page; `scope` contains them all (a fragment: the body).

        Each body selector is matched once over all the page's bodies."""
        if not bodies:
            return []
        marks: dict = {}
        ordered: list = []  # (element, kind): by precedence of kind, then document order
        over = Anchored(scope, scope=bodies)
        for kind, sel, positional in self._rules:
            found = compile_selector(sel)(scope) if positional else over.select(sel)
            for el in found:
                if el not in marks:
                    marks[el] = kind
                    ordered.append((el, kind))
        sinks = {body: _take_out(marked, marks) for body, marked in _outermost(ordered, marks, bodies).items()}
        for body in bodies:
            _mark_layout(body)
        emphasis = _emphasis(bodies)  # after the marked parts are gone: the body's own text only
        no_parts = ((), (), (), ())
        out = [
            Body(_breaks(_normalized_text(body)), *sinks.get(body, no_parts), emphasis.get(body, ()))
            for body in bodies
        ]
        if self._quote_lines:
            out = [_lines_quoted(b, self._quote_lines) for b in out]
        if self._notice_lines:
            out = [_notices_out(b, self._notice_lines) for b in out]
        return out


def _notices_out(body: Body, notice: re.Pattern) -> Body:
    """The text's lines that `notice` matches whole (the forum's own notice written as bare
    text) taken out, and the blank lines they leave at the end."""
    lines = body.text.split("\n")
    kept = [line for line in lines if not notice.fullmatch(line.strip())]
    if len(kept) == len(lines):
        return body
    text = "\n".join(kept).strip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    return replace(body, text=text)


def _lines_quoted(body: Body, prefix: str) -> Body:
    """A text's runs of lines opening with `prefix` («> », Markdown a forum shows unrendered)
    taken out as quotes, one a run (a blank line ends one), their prefix off; a bold fragment
    of a quoted line is no emphasis of the author's own text."""
    mark = prefix.rstrip()
    if mark not in body.text:
        return body
    own: list[str] = []
    quotes: list[list[str]] = []
    inside = False
    for line in body.text.split("\n"):
        if line.startswith(mark):
            if not inside:
                quotes.append([])
            quotes[-1].append(line[len(mark):].strip())
            inside = True
        elif inside and not line.strip():
            inside = False          # the blank line after a quote goes with it
        else:
            own.append(line)
            inside = False
    if not quotes:
        return body
    text = "\n".join(own).strip("\n")
    while "\n\n\n" in text:
        text = text.replace("\n\n\n", "\n\n")
    quoted = [" ".join(q) for q in quotes]
    emphasis = tuple(e for e in body.emphasis if e.text in text or not any(e.text in q for q in quoted))
    return replace(body, text=text, quotes=body.quotes + tuple(quoted), emphasis=emphasis)


def _outermost(ordered: list, marks: dict, bodies: list) -> dict:
    """The marked elements of each body that no other marked element of it contains,
    in `ordered`'s order, by body (bodies without any are left out). One walk up from
    each mark finds both its body and whether a mark encloses it."""
    per_body: dict = {}
    is_body = set(bodies)
    for el, kind in ordered:
        nested = False
        node = el.getparent()
        while node is not None and node not in is_body:
            nested = nested or node in marks
            node = node.getparent()
        if node is not None and not nested:
            per_body.setdefault(node, []).append((el, kind))
    return per_body


def _take_out(outermost: list, marks: dict) -> tuple:
    """Take a body's outermost marked parts out of the tree; their texts by kind, as
    Body's quotes, spoilers, struck, secret (drops and headers just vanish)."""
    sinks: dict[str, list[str]] = {"secret": [], "spoilers": [], "quotes": [], "struck": []}
    for el, kind in outermost:
        if kind not in _VANISH:
            text = _marked_text(el, marks)
            if text:
                sinks[kind].append(text)
    for el, _ in outermost:
        _replace(el, BLOCK_MARK if el.tag in BLOCK else " ")
    return tuple(sinks["quotes"]), tuple(sinks["spoilers"]), tuple(sinks["struck"]), tuple(sinks["secret"])


def _mark_layout(top, marks: dict | None = None) -> None:
    """Write break marks into `top`'s subtree for <br> and block elements and take
    scripts, styles, ... out (and, given `marks`, nested drops and headers), so that
    its text is then one `string()`. `top` itself stays, and its tail is untouched."""
    # every element, tested here: lxml builds a matcher per iter(*tags) call, which
    # for these 40 tags costs more than walking a typical body
    if marks:
        found = [(e, t) for e in top.iter() if (t := e.tag) in _LAYOUT or (e in marks and marks[e] in _VANISH)]
    else:
        found = [(e, t) for e in top.iter() if (t := e.tag) in _LAYOUT]
    for el, tag in found:
        if el is top:
            if tag in BLOCK:
                el.text = BLOCK_MARK + (el.text or "")
            continue
        if marks and marks.get(el) in _VANISH:
            _replace(el, "")  # a header or drop inside a quote: its text goes, its tail stays
        elif tag in BLOCK:
            el.text = BLOCK_MARK + (el.text or "")
            el.tail = BLOCK_MARK + (el.tail or "")
        elif tag == "br":
            # the mark as the <br>'s own text (string() reads it just before the tail): a
            # new text node where the element had none, where rewriting its tail frees
            # one node and allocates another (six times the cost)
            el.text = BR_MARK
        else:
            _replace(el, "")  # script, style, ...


def _replace(el, text: str) -> None:
    """Take `el` out of the tree, leaving `text` and its tail where it stood."""
    parent = el.getparent()
    if parent is None:
        return
    rest = text + (el.tail or "")
    prev = el.getprevious()
    if prev is not None:
        prev.tail = (prev.tail or "") + rest
    else:
        parent.text = (parent.text or "") + rest
    parent.remove(el)


def _marked_text(el, marks: dict) -> str:
    """The text of a marked element (a quote, a spoiler): nested drops and headers and
    scripts left out, nested quotes kept. Consumes the element's subtree (it is taken
    out of the body right after), like the body's own reading."""
    if el.tag in SKIP or el.tag == "br":
        return ""
    _mark_layout(el, marks)
    return _breaks(_normalized_text(el))


def _own_emphasis(el) -> tuple[bool, str | None]:
    tag = el.tag
    style = el.get("style") or ""
    bold = tag in ("b", "strong") or bool(style and _BOLD_STYLE.search(style))
    color = el.get("color") if tag == "font" else None
    if color is None and "color" in style:
        m = _COLOR.search(style)
        color = m.group(1).strip() if m else None
    return bold, (color.lower() if color else None)


# Candidates: <b>, <strong>, <font color>, and a style that names a colour or a weight.
# Written as a union of steps whose element tests libxml2 does while walking, rather
# than one predicate of five tests evaluated on every element of every body (the
# same node-set, three times cheaper).
_EMPHASIS_OVER = own_xpath(
    "$scope/descendant::b | $scope/descendant::strong | $scope/descendant::font[@color]"
    " | $scope/descendant::*[@style][contains(@style, 'color') or contains(@style, 'font-weight')]"
)


def _emphasis(bodies: list) -> dict:
    """Each body's bold / coloured fragments, outermost first; a fragment that is the whole
    of its enclosing fragment merges into it (<b><font color=red>x</font></b>)."""
    found = _EMPHASIS_OVER(bodies[0], scope=bodies)
    if not found:
        return {}
    owner = {body: [] for body in bodies}
    index: dict = {}
    texts: dict = {}  # element -> its text (`_fragment_text`)
    entries: list[list] = []  # [body, text, bold, color, alive]
    for el in found:
        bold, color = _own_emphasis(el)
        if not bold and not color:
            continue
        parent = None
        node = el.getparent()
        while node is not None and node not in owner:
            if parent is None and node in index:
                parent = entries[index[node]]
            node = node.getparent()
        if node is None:
            continue
        text = _fragment_text(el, texts)
        if parent is not None:
            bold = bold or parent[2]
            color = color or parent[3]
            if parent[1] == text:
                parent[4] = False  # the inner fragment says it all, with both styles
        index[el] = len(entries)
        entries.append([node, text, bold, color, True])
    for body, text, bold, color, alive in entries:
        if alive and text:
            owner[body].append(Emphasis(text, bold, color))
    return {body: tuple(found) for body, found in owner.items() if found}


def _fragment_text(el, texts: dict) -> str:
    """An emphasised fragment's text. <b><span style="color: ...">text</span></b> is common
    (SMF writes every coloured line so): an element that only wraps one element, blanks
    aside, has that element's text, read once for both."""
    text = texts.get(el)
    if text is None:
        if (len(el) == 1 and isinstance(el[0].tag, str)
                and not (el.text or "").strip() and not (el[0].tail or "").strip()):
            text = _fragment_text(el[0], texts)
        else:
            text = _breaks(_normalized_text(el))
        texts[el] = text
    return text


def clean(pieces: list[str]) -> str:
    """Join text pieces: blanks collapse within lines, block edges make one line break,
    each <br> one, and empty lines collapse to one."""
    return _breaks(" ".join("".join(pieces).split()))  # the break marks are not blanks to split()


def _breaks(text: str) -> str:
    """`clean` of a text whose XML blanks are collapsed (`_normalized_text`): block
    edges and <br>s become line breaks, and each line is stripped, its other blanks (a
    no-break space, ...) collapsed as `str.split()` would. (str methods only: no regex
    here, this runs on every body.)"""
    has_br = BR_MARK in text
    if BLOCK_MARK in text:
        # with <br>s in it, the lines are cleaned below: a plain strip of each part is enough
        clean_part = str.strip if has_br else _line
        text = "\n".join(part for part in map(clean_part, text.split(BLOCK_MARK)) if part)
        if not has_br:
            return text
    elif not has_br:
        return _line(text)
    kept: list[str] = []
    for line in map(_line, text.replace(BR_MARK, "\n").split("\n")):
        if line or (kept and kept[-1]):
            kept.append(line)
    return "\n".join(kept).strip()


def _line(text: str) -> str:
    """A line stripped, its blanks collapsed. After normalize-space() only a blank that XML
    does not know (a no-break space, ...) can be left, and every such blank is unprintable:
    a printable line has none, and str.isprintable() finds that out faster than a search.
    (Checked here, per line, and not on the whole text: the break marks themselves are
    unprintable, so a whole body's text would always fail the check.)"""
    text = text.strip()
    return text if text.isprintable() else " ".join(text.split())


_text = own_xpath("string()")
_normalized = own_xpath("normalize-space()", smart_strings=False)
# what str.split() takes for a blank and XPath's normalize-space() does not (it knows
# only space, tab, CR and LF): no-break spaces above all
# (tests/scraper/test_golden_extract.py checks this list against str.isspace())
_OTHER_BLANKS = re.compile("[\x0b\x0c\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")


def _normalized_text(el) -> str:
    """An element's string() with the XML blanks (space, tab, CR, LF) collapsed and trimmed
    by libxml2's normalize-space(); other blanks are `_breaks`'s to collapse."""
    if len(el) == 0:  # no children: its own text is all of it (no XPath call)
        return " ".join((el.text or "").split())
    return _normalized(el)


def _collapsed_text(el) -> str:
    """" ".join(string(el).split()), with the collapsing done by libxml2 when it can:
    normalize-space() collapses and trims the XML blanks; only a text that holds
    another blank (a no-break space, ...) is split again in Python."""
    text = _normalized_text(el)
    # every such blank is unprintable (Zs, Zl, Zp or a control): a printable text has none,
    # and str.isprintable() finds that out at twice the speed of the regex
    if not text.isprintable() and _OTHER_BLANKS.search(text):
        text = " ".join(text.split())
    return text


def element_text(el) -> str:
    """Plain text of an element for a field (author, time, ...): blanks collapsed."""
    return _collapsed_text(el)
