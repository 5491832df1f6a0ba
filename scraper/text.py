"""A message body as gorod reads it: own text, quotes, spoilers, struck and secret parts.

`BodyReader(rules)` is built once per profile; `read(element) -> Body` walks
one body element. Elements matched by the profile's body selectors are taken
out of the text and collected apart (precedence: drop, header, hidden, spoiler,
quote, strike: MyBB.ru's spoilers and hidden text are also `.quote-box`); a nested quote stays inside its outer quote's text. Bold and
coloured fragments of the body's own text are kept as `Emphasis`.
Line breaks come from <br> and block elements; runs of blanks collapse.
"""
from __future__ import annotations

import re

from config.profiles import BodyRules
from scraper.model import Body, Emphasis
from scraper.select import compile_selector

BLOCK = frozenset(
    "p div li ul ol tr table tbody thead blockquote h1 h2 h3 h4 h5 h6 pre dl dt dd hr section article aside "
    "header footer figure figcaption details summary center form fieldset".split()
)
SKIP = frozenset(("script", "style", "noscript", "template", "textarea", "select", "button", "input", "svg"))
_WS = re.compile(r"\s+")
BR_MARK = "\x1d"  # a <br>: one hard line break
BLOCK_MARK = "\x1e"  # a block's edge: consecutive edges make one line break
_EDGES = re.compile(r"[ \x1e]*\x1e[ \x1e]*")
_COLOR = re.compile(r"(?<![-\w])color\s*:\s*([^;\"']+)", re.I)
_BOLD_STYLE = re.compile(r"font-weight\s*:\s*(bold|[6-9]00)", re.I)

# kinds in precedence order; "drop" and "header" vanish, the rest go to Body fields
_KINDS = ("drop", "header", "secret", "spoilers", "quotes", "struck")


class BodyReader:
    def __init__(self, rules: BodyRules) -> None:
        pairs = [
            ("drop", rules.drop),
            ("header", ", ".join(s for s in (rules.quote_header, rules.spoiler_header) if s) or None),
            ("secret", rules.hidden),
            ("spoilers", rules.spoiler),
            ("quotes", rules.quote),
            ("struck", rules.strike),
        ]
        self._rules = [(kind, compile_selector(sel)) for kind, sel in pairs if sel]
        # header selectors joined by ", " must still compile when one is xpath:
        if rules.quote_header and rules.spoiler_header and (
            rules.quote_header.startswith("xpath:") or rules.spoiler_header.startswith("xpath:")
        ):
            self._rules = [r for r in self._rules if r[0] != "header"]
            self._rules.insert(1, ("header", compile_selector(rules.quote_header)))
            self._rules.insert(2, ("header", compile_selector(rules.spoiler_header)))

    def read(self, body) -> Body:
        marks: dict = {}
        for kind, xp in self._rules:
            for el in xp(body):
                if el is not body and el not in marks:
                    marks[el] = kind
        sinks: dict[str, list[str]] = {k: [] for k in _KINDS}
        emphasis: list[Emphasis] = []
        out: list[str] = []
        _walk(body, out, marks, sinks, emphasis, True, False, None)
        return Body(
            text=clean(out),
            quotes=tuple(sinks["quotes"]),
            spoilers=tuple(sinks["spoilers"]),
            struck=tuple(sinks["struck"]),
            secret=tuple(sinks["secret"]),
            emphasis=tuple(e for e in emphasis if e.text),
        )


def _walk(el, out, marks, sinks, emphasis, main, bold, color) -> None:
    tag = el.tag
    if tag in SKIP:
        return
    if tag == "br":
        out.append(BR_MARK)
        return
    block = tag in BLOCK
    own_bold = own_color = None
    if main:
        own_bold = tag in ("b", "strong") or bool(_BOLD_STYLE.search(el.get("style") or ""))
        c = el.get("color") if tag == "font" else None
        if c is None:
            style = el.get("style")
            if style and "color" in style:
                m = _COLOR.search(style)
                c = m.group(1).strip() if m else None
        own_color = c.lower() if c else None
    start = len(out)
    mark = len(emphasis)
    if block:
        out.append(BLOCK_MARK)
    if el.text:
        out.append(el.text)
    for child in el:
        if not isinstance(child.tag, str):  # comment or processing instruction
            if child.tail:
                out.append(child.tail)
            continue
        kind = marks.get(child)
        if kind is None or (not main and kind not in ("drop", "header")):
            _walk(child, out, marks, sinks, emphasis, main, bold or bool(own_bold), own_color or color)
        elif kind in ("drop", "header"):
            pass
        else:
            buf: list[str] = []
            _walk(child, buf, marks, sinks, emphasis, False, False, None)
            text = clean(buf)
            if text:
                sinks[kind].append(text)
            out.append(BLOCK_MARK if child.tag in BLOCK else " ")
        if child.tail:
            out.append(child.tail)
    if block:
        out.append(BLOCK_MARK)
    if main and (own_bold or own_color):
        text = clean(out[start:])
        eff_bold = bool(own_bold) or bold
        eff_color = own_color or color
        inner = emphasis[mark:]
        if len(inner) == 1 and inner[0].text == text:
            del emphasis[mark:]
            emphasis.append(Emphasis(text, eff_bold or inner[0].bold, inner[0].color or eff_color))
        else:
            emphasis.insert(mark, Emphasis(text, eff_bold, eff_color))


def clean(pieces: list[str]) -> str:
    """Join walked pieces: blanks collapse within lines, empty lines collapse to one."""
    lines = []
    blank = False
    joined = "".join(p if p == BR_MARK or p == BLOCK_MARK else _WS.sub(" ", p) for p in pieces)
    for raw in _EDGES.sub("\n", joined).replace(BR_MARK, "\n").split("\n"):
        line = " ".join(raw.split())
        if line:
            if blank and lines:
                lines.append("")
            lines.append(line)
            blank = False
        else:
            blank = True
    return "\n".join(lines)


def element_text(el) -> str:
    """Plain text of an element for a field (author, time, ...): blanks collapsed."""
    return _WS.sub(" ", el.text_content()).strip()
